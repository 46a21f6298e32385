"""What Enter plays at the Merchant Lord table and what the status line says of it: functions of
the table's state alone (the selection, the hint, each board's cursor and the focus), so the
line cannot promise one thing while the key does another. Plain Python, no Textual."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_status import FIRST_PLAY

from .builder import Selection
from .rules import BUY, FAVOUR, SELL
from .table import DICE, HAND, PHASE_WORDS, PLAYS, ROW, VILLAGES, MerchantLordTable
from .terms import PRICE, REROLL_COST, TARGET

#: the boards Enter plays from (the plays list aside)
BOARDS = (DICE, VILLAGES, HAND, ROW)


def enter(table: MerchantLordTable) -> Action | None:
    """What Enter plays at once where the focus is (None: nothing at once)."""
    return enter_on(table, table.focus)


def enter_on(table: MerchantLordTable, board: str | None) -> Action | None:
    """What Enter on ``board`` plays at once: on the chosen village, in the hand or on the dice,
    the complete sale or placement (in the favour step the ticked reroll; a sale then first ends
    the step, two plays: None, ``favour_sale``); on a row card, buying it; on the dice, with the
    cursor on the die a hint turns, that turn; in the plays list, its highlighted play."""
    if table.turn is None:
        return None
    if board == PLAYS:
        return table.highlighted
    if board not in BOARDS:
        return None
    cursor, phase = table.cell(board), table.phase
    if board == VILLAGES and (phase == "buy" or cursor != table.sel.village):
        return None
    if board == ROW:
        return ("buy", cursor) if ("buy", cursor) in table.legal else None
    complete = table.choices().action(table.sel)
    if complete is not None:
        return None if phase == "favour" else complete
    selected, hinted = table.selected_action(), table.hinted
    if (
        selected is None
        and board == DICE
        and hinted is not None
        and hinted[0] == "adjust"
        and hinted in table.legal
        and cursor == str(table.adjust_die(hinted))
    ):
        return hinted  # ``a`` put the cursor on the hinted die: Enter turns it, as the hint says
    return selected


def favour_sale(table: MerchantLordTable, board: str | None) -> Action | None:
    """The sale built in the favour step that Enter on ``board`` makes, once the step is ended
    (on the villages, only on the sale's own)."""
    sale = table.choices().action(table.sel)
    if table.phase != "favour" or sale is None:
        return None
    return sale if board != VILLAGES or table.cell(VILLAGES) == table.sel.village else None


def status(table: MerchantLordTable) -> Text | None:
    """What Enter (or space) does where the focus is, in words; while an opponent's action is on
    show, that a key skips the rest; None while it is not our decision (the table's own line says
    whose turn it is)."""
    if table.pausing is not None:
        return Text(f"{table.seat_name(table.pausing)} played… (any key skips)")
    if table.turn is None or table.over is not None or table.view is None:
        return None
    action, focus, phase = enter(table), table.focus, table.phase
    if action is not None:
        said = promise(table, action)
        if focus == HAND and phase in ("sell", "favour", "place") and table.view.get("hand") and len(said) <= BESIDE:
            # (what space does too: with a sale readied, the hand's line said only what Enter sells,
            # and the rules' "the line under the board says which half is next" was nowhere)
            said = f"{space_on_card(table, table.cell(focus))} · {said}"
        return Text(said, style="bold")
    if focus == PLAYS:
        return Text(FIRST_PLAY, style="bold")  # (none highlighted yet)
    if favour_sale(table, focus) is not None:
        return Text("enter: end the favour step and make this sale", style="bold")
    cursor = table.cell(focus)
    if (
        focus == VILLAGES
        and cursor is not None
        and phase in ("sell", "favour", "place")
        and table.choices().reachable(cursor, table.sel.tucks.items())
    ):
        what = "placement" if phase == "place" else "sale"
        return Text(f"enter: choose {table.village_name(cursor)} for the {what}", style="bold")
    if focus == DICE and phase == "favour":
        return Text(dice_keys(table, cursor), style="bold")
    if focus == HAND and phase in ("sell", "favour", "place"):
        if not table.view.get("hand"):
            return Text("Your hand is empty: no card to tuck · tab to the dice or villages", style="bold")
        return Text(space_on_card(table, cursor), style="bold")
    return Text(f"Your turn: {PHASE_WORDS.get(table.view['phase'], '')} · e: done", style="bold")


#: the longest Enter's words beside which the hand's line says what space does too, within its
#: four rows of the board's 48 columns (longer, the rest of the turn they tell was cut: "Free
#: Placement: you have no cards in hand, so …")
BESIDE = 130


def space_on_card(table: MerchantLordTable, card: str | None) -> str:
    """What space on the hand's ``card`` does next, by the halves a sale can still take: "space:
    tuck its right half (its left leaves no sale)" (a second space meant for the right half
    untucked the card, the left skipped unsaid)."""
    choices = table.choices()
    halves = choices.halves(table.sel, card) if card is not None else []
    if not halves:
        # ("fits no sale now" of a card that fits one once what is chosen beside it is dropped)
        if card is not None and choices.halves(Selection(), card):
            return "space: this card fits no sale with what you chose · esc drops it"
        return "space: this card fits no sale now"
    nxt = choices.next_half(table.sel, card) if card is not None else None
    if nxt is None:
        return "space: untuck this card"
    side = "left" if nxt == "L" else "right"
    alone = f" (its {'right' if nxt == 'L' else 'left'} leaves no sale)" if len(halves) == 1 else ""
    return f"space: tuck its {side} half{alone}"


def short_words(table: MerchantLordTable, action: Action) -> str:
    """A play in the lines under the row: a buy by its card and price alone, its halves being the
    row's and the card's line under the cursor (said again, the lines took more than their room,
    and at three players the last opponent's villages scrolled out of view with a hint open)."""
    return f"Buy {action[1]} for {PRICE} coins" if action[0] == "buy" else table.describe(action)


def promise(table: MerchantLordTable, action: Action) -> str:
    """What Enter on ``action`` does, in words: "enter: Sell 3 4 at your 3-4 village: you get 2
    coins"; where the rules then play on, that too, and the sale by the builder's line above it
    (which says it whole, and what it gives): in four rows with the rest of the turn, the rest
    was cut with "…"."""
    said = short_words(table, action)
    rest = rest_of_turn(table, action)
    if rest is None:
        return f"enter: {said}"
    said = "the sale above" if action[0] == "sell" else said.partition(": ")[0]
    return f"enter: {said}, then {rest}"


#: what follows a reroll that spends the last favour: its dice are not known before it
ROLL_MAY_END = "if no village fits the new dice, the rules end your selling"


def ended(world) -> str:
    """What the rules end: "your selling" in the selling phase, whose turn is one of two in a
    round ("then the rules end your turn" came before a buying step that followed), else "your
    turn"."""
    return "your selling" if world.phase in (FAVOUR, SELL) else "your turn"


def rest_of_turn(table: MerchantLordTable, action: Action) -> str | None:
    """Where ``action`` is our turn's last decision, the rules playing the rest by themselves:
    "the rules end your selling: You stop selling; 3 3 go to the market: +2 favour."
    (None: a decision of ours follows in this turn, or the match ends). An Enter on a sale that left no sale
    ran the market, a buy turn with too few coins and the next seat's turn in one go, unsaid. Told
    up to the first draw, deal or roll (from this seat's view, those are not known yet). Where a
    decision of ours follows in this turn and the rules play a step of ours before it, the step:
    "by the rules: You stop selling; 3 goes to the market: +1 favour." (a sale that left one die
    no village fits sent it to the market unsaid, before the buy)."""
    world, seat = table.rules_state, table.seat
    if world is None or seat is None or action not in table.legal:
        return None
    after = world.clone()
    events = after.apply(action)
    if after.is_over():
        return None
    if events and events[0].reveals_to(seat):
        # (a roll: what follows it was told of dice this view made up, "then the rules end your
        # turn: You can sell nowhere; 1 2 2 2 3 go to the market", and the roll brought a sale)
        return ROLL_MAY_END if after.favour[seat] < REROLL_COST else None
    said, drawn = [], False
    for event in events[1:]:  # (the first is the action's own)
        if event.reveals_to(seat):
            drawn = True
            continue
        # after a draw, only a Free Merchant's: what the sale's own halves bring, known before it
        # (two halves of it were told as one draw)
        mine = event.visible_to(seat) and f"{{p{seat}}}" in event.text and not _gained(event.text)
        if mine and (not drawn or event.text.startswith(FREE_MERCHANT)):
            said.append(table.words(event.text))
        elif drawn:
            break
    if after.to_move() == seat and (not drawn or after.round == world.round):
        # (a draw to the row before our buy is no end of our turn: "then the rules end your
        # turn" came before the buying step)
        return f"by the rules: {' '.join(said)}" if said else None
    # (our next decision after a draw is in a new round: "Round 5 ends; you take the start
    # token" came unsaid, where the round's last turn was ours and the next round's first too)
    return f"the rules end {ended(world)}: {' '.join(said)}" if said else "the rules play the rest of your turn"


#: how the log begins a Free Merchant's draw
FREE_MERCHANT = "Free Merchant: "


def _gained(text: str) -> bool:
    """Whether an event is a Free Caravan the sale brings, as the builder's sale line says ("+ FC"):
    told again after the sale, its words cut the rest of the turn's with "…" in four rows."""
    return text.startswith("Free Caravan: ") and not text.endswith("so it is lost.")


def loses_the_sale(table: MerchantLordTable, action: Action) -> bool:
    """Whether ``action`` (a die turned) leaves the dice no sale where one fits them now, the rules
    then ending the turn (``rest_of_turn``)."""
    world, seat = table.rules_state, table.seat
    ended = rest_of_turn(table, action)
    if world is None or seat is None or ended is None or not ended.startswith("the rules"):
        return False
    if ("end_favour",) not in table.legal:
        return any(a[0] == "sell" for a in table.legal)
    now = world.clone()
    now.apply(("end_favour",), False)
    return now.to_move() == seat and any(a[0] == "sell" for a in now.legal_actions())


def buy_loses_place(table: MerchantLordTable, action: Action) -> bool:
    """Whether ``action`` (a purchase) in the match's last buying step leaves the seat worse
    placed than buying nothing more: table cards are final there, and a card's coins may be the
    tie-break (a newcomer's one Enter on a row card turned a win on coins into a loss)."""
    world, seat = table.rules_state, table.seat
    if world is None or seat is None or action[0] != "buy" or world.phase != BUY:
        return False
    if max(world.table) < TARGET and world.round < world.max_rounds:
        return False
    after = world.clone()
    after.apply(action, False)
    return after.outcome()[seat] < world.outcome()[seat]


def dice_keys(table: MerchantLordTable, cursor: str | None) -> str:
    """What space, + and - do to the die under the cursor: only what the seat's favour pays for
    (the legal plays say so: a reroll for 1 favour, a turn for 2); unticking is always offered."""
    dice = table.my_dice()
    if cursor is None or dice[int(cursor)][1] != "unplaced":
        return "this die is placed: space, + and - are for your unplaced dice"
    value = dice[int(cursor)][0]
    keys = []
    ticked = int(cursor) in table.reroll
    if ticked or ("reroll", value) in table.legal:
        keys.append(f"space: {'untick' if ticked else 'tick'} this {value} to reroll")
    turns = {
        key: ("adjust", value, step) for key, step in (("+", 1), ("-", -1)) if ("adjust", value, step) in table.legal
    }
    if turns:
        # (a turn that spent the last favour and left no sale ended the turn at once, unsaid)
        ending = [key for key, action in turns.items() if rest_of_turn(table, action) is not None]
        # (dice of one value are alike: the rules turn the first of them, §9.3, and "turn it" of
        # the die under the cursor read as a key lost when the first one turned)
        alike = sum(1 for v, where in dice if v == value and where == "unplaced")
        said = f"{' or '.join(turns)}: turn {'it' if alike == 1 else f'a {value}'}"
        if ending:
            said += f" ({' or '.join(ending)}: then the rules end {ended(table.rules_state)})"
        keys.append(said)
    return " · ".join(keys) or "not enough favour to reroll or turn a die"
