"""The Merchant Lord table's lines in words: the players' panel and the sale builder's line
(what the builder holds and what Enter does), drawn from the table's view and selection each
time either changes (``MerchantLordTable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_overlays import TAKE_HINT, take_hint_words

from .builder import Selection
from .cards import DIE, HALF_INDEX, INDEX, placements, reward_words
from .faces import CHANGED, HINT, card_words, die_text, gain_words
from .rules import VINDEX
from .sales import END_FAVOUR
from .table import HAND, ROW, VILLAGES
from .table_enter import rest_of_turn, short_words
from .views import MerchantLordView, die_pairs

if TYPE_CHECKING:
    from .table import MerchantLordTable

#: the plays that end a step: e's, never the builder's
END_ACTIONS = (("end_favour",), ("end_selling",), ("end_buying",), ("skip",))
#: how the villages reach the hand, where space tucks (the word Tab was nowhere on the screen)
TO_THE_HAND = "tab: to your hand to tuck"

#: the head of the line of the cards known in other players' hands
KNOWN = "Known in hands: "
#: what ``e`` does in the favour step where no sale fits the dice after it
NO_SALE_AFTER_FAVOUR = "ends it: no sale fits your dice, so the rules play the rest of your turn"


#: the cells of a player's line besides the name and the dice: the mover's mark, then cards,
#: coins, favour and hand, each after a space, the space before the dice, and one cell the
#: players' lines have less than the villages' box beside them
ROW_BESIDE_NAME = 1 + 6 + 6 + 4 + 5 + 1 + 1


def players_text(view: MerchantLordView, table: MerchantLordTable) -> Text:
    """A header and a line per player: table cards, coins, favour, hand size and dice; then
    the known cards in other players' hands."""
    # 9 columns for a name beside 5 dice, 2 more for each die fewer (a name cut to 8 beside 4 dice
    # had 4 columns blank after them); 7 where a player holds 6 dice (free caravans), else the
    # sixth wrapped; where the panel's width is known, the names have what the row leaves ("[b]z[/…"
    # stood with three columns blank at the row's end)
    most = max(len(dice) for dice in view["dice"])
    name_width = max(7, min(13, 9 + 2 * (5 - most)))
    if table.villages_room[0]:
        longest = max(len(table.player_name(seat)) for seat in range(view["players"]))
        room = table.villages_room[0] - ROW_BESIDE_NAME - 3 * most  # (each die: a mark, its value, a glyph)
        name_width = max(name_width, min(room, longest))
    text = Text(f"{'Round ' + str(view['round']):<{name_width + 1}}", style="bold")
    text.append(" Cards Coins Fav Hand Dice", style="bold")
    known_lines = []
    for seat in range(view["players"]):
        dice = table.my_dice() if seat == table.seat and view is table.view else die_pairs(view["dice"][seat])
        line = Text("\n")
        line.append("▶" if view["to_move"] == seat else " ", style="bold")
        line.append(f"{table.player_name(seat, name_width):<{name_width}}", style="bold" if seat == table.seat else "")
        line.append(
            f" {view['table'][seat]:>5} {view['coins'][seat]:>5} {view['favour'][seat]:>3}"
            f" {view['hand_sizes'][seat]:>4} "
        )
        for index, (value, where) in enumerate(dice):
            mark = CHANGED if (seat, index) in table.changed_dice else " "
            line.append(mark, style="bold")
            if where == "unplaced":
                line.append_text(die_text(value))
            elif where == "aside":
                line.append("+ ", style="dim")
            else:
                line.append(f"·{value}", style="dim")
        text.append_text(line)
        known = view["known"][seat]
        if seat != table.seat and known:
            hidden = view["hand_sizes"][seat] - len(known)
            known_lines.append((seat, " ".join(known) + (f" +{hidden}" if hidden else "")))
    if known_lines:
        # names as short as the line needs, 9 cells at least (whole, three players' known cards
        # did not fit; cut to 9 always, "[bold]x[…" stood with 20 columns free after it)
        room = table.villages_room[0] - len(KNOWN) - sum(len(cards) + 3 for _, cards in known_lines)
        names = max(9, room // len(known_lines))
        said = "; ".join(f"{table.short_name(seat, names)} {cards}" for seat, cards in known_lines)
        text.append(f"\n{KNOWN}{said}", style="italic")
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def pointed(table: MerchantLordTable) -> tuple[str, str] | None:
    """What the cursor of the focused board is on: ("card", id) or ("village", id)."""
    focus = table.focus
    cursor = table.cell(focus)
    if focus in (HAND, ROW) and cursor:
        return "card", cursor
    if focus == VILLAGES and cursor:
        return "village", cursor
    return None


def builder_text(table: MerchantLordTable) -> Text:
    """What the builder holds and what Enter would do; else what the cursor of the focused board
    is on (``pointed``)."""
    text = Text("")
    at = pointed(table)
    phase = table.phase
    if phase is not None and table.hinted is not None and table.sel == Selection():
        text = Text(f"{HINT} Hint: {short_words(table, table.hinted)} · {hint_keys(table.hinted)}", style="bold")
    elif phase is not None:
        text = step_text(table, phase)
        if phase in ("sell", "favour") and at is not None and at[0] == "village" and tuck_possible(table):
            text.append(f" · {TO_THE_HAND}", style="bold")
    detail = detail_text(table, at)
    if detail:
        if text.plain:
            text.append("\n")
        text.append(detail, style="dim")
    return text


def tuck_possible(table: MerchantLordTable) -> bool:
    """Whether a card in the hand can be tucked in a sale with what the builder holds now."""
    view = table.view
    if view is None or table.phase not in ("sell", "favour", "place"):
        return False
    choices = table.choices()
    return any(card not in table.sel.tucks and choices.tuckable(table.sel, card) for card in view.get("hand", []))


def hint_keys(action: Action) -> str:
    """The keys that play a hint (``MerchantLordScreen.action_take_hint``), in the words of the
    hint's panel (``take_hint_words``): "a, then enter: play" (the line said "a takes it",
    which read as a word missing, and as if ``a`` played it)."""
    if action[0] == "adjust":
        return f"{TAKE_HINT}: pick the die, then enter: turn it"
    if action in END_ACTIONS:
        return f"{take_hint_words(TAKE_HINT)} (or e)"
    return take_hint_words(TAKE_HINT)


def step_text(table: MerchantLordTable, phase: str) -> Text:
    seat = table.seat
    view = table.view
    assert view is not None and seat is not None  # a phase is shown only with a view, on our turn
    if phase == "favour" and table.reroll:
        values = sorted(table.my_dice()[i][0] for i in table.reroll)
        return Text(f"Reroll {' '.join(map(str, values))} for 1 favour: enter", style="bold")
    if phase in ("favour", "sell") and (vid := table.sel.village) is not None:
        return sale_text(table, vid)
    if phase == "favour":  # (a turn costs 2: with 1 favour left the line offered one, the plays list none)
        favour = view["favour"][seat]
        turn = ", or turn one for 2" if favour >= 2 else ""
        # (where no sale fits the dice, e ran the rest of the turn and the next seat's, unsaid)
        then = "goes on to selling" if rest_of_turn(table, END_FAVOUR) is None else NO_SALE_AFTER_FAVOUR
        return Text(f"Favour {favour}: reroll dice for 1 favour{turn}; e {then}")
    if phase == "sell":
        return Text("Enter chooses a village (›) · e stops selling")
    if phase == "place":
        action = table.choices().action(table.sel)
        if action is not None:
            return Text(f"{table.describe(action)}: enter", style="bold")
        return Text(
            "Free Placement: tick a card's half (space), enter on an open village of yours · e skips", style="bold"
        )
    if phase == "buy":
        return Text(f"Buy from the row (enter), 5¢ each, you have {view['coins'][seat]}¢ · e: done")
    return Text("")


def sale_text(table: MerchantLordTable, vid: str) -> Text:
    """``Sell at your 1-6: dice 1 1 2 6 (3 left) · you get 4¢ + FM · 5 table cards · enter``."""
    choices = table.choices()
    action = choices.action(table.sel)
    text = Text(f"Sale at {table.village_name(vid)}: ", style="bold")
    if action is None:
        text.append("tick halves that fit (›)")
        return text
    seat, world, view = table.seat, table.rules_state, table.view
    assert seat is not None and world is not None and view is not None  # a sale is our own decision
    info = table.village_info(vid)
    tucks = [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
    need = sorted(list(info["stalls"]) + [DIE[c][h] for c, h in tucks])
    used = set(table.sale_dice(table.sel))
    left = [value for i, (value, where) in enumerate(table.my_dice()) if where == "unplaced" and i not in used]
    text.append("dice ")
    for i, value in enumerate(need):
        if i:
            text.append(" ")
        text.append_text(die_text(value))
    if left:
        text.append(f" ({len(left)} left)")
    coins, favour, owner_coins, owner_favour, _ = world.sale_paid(seat, VINDEX[vid], tucks)
    rewards = world.sale_rewards(seat, VINDEX[vid], tucks)
    text.append(f" · you get {gain_words(coins, favour)}")
    owner = VINDEX[vid] // 3
    if owner != seat:
        text.append(f", {table.short_name(owner)} gets {gain_words(owner_coins, owner_favour)}")
    if rewards:
        text.append(" + " + " ".join(reward_words(reward, lost, short=True) for reward, lost in rewards))
    placed = placements(rewards)
    if tucks or placed:
        text.append(f" · {view['table'][seat] + len(tucks) + placed} cards" + (f" ({placed} by FP)" if placed else ""))
    extra = " (ends the favour step)" if table.phase == "favour" else ""
    text.append(f" · enter sells{extra}", style="bold")
    return text


def detail_text(table: MerchantLordTable, pointed: tuple[str, str] | None) -> str:
    """The card or village under the cursor of the focused panel, in words."""
    kind, key = pointed or ("", "")
    if kind == "card":
        return card_words(key)
    if kind == "village" and table.view is not None:
        info = table.village_info(key)
        stalls = " ".join(map(str, info["stalls"]))
        name = table.village_name(key)  # (capitalize() would lower a name's other letters)
        return (
            f"{name[:1].upper()}{name[1:]}: stalls {stalls}; a sale pays the seller "
            f"{info['opp_coins']}¢ (at another's village), the owner "
            f"{gain_words(info['own_coins'], info['own_favour'])}"
        )
    return ""
