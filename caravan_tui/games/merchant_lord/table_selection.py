"""The Merchant Lord table's selection as a reducer: each intent (a village chosen, a half or a
die ticked, a hint taken, a turn come, a view arrived, a move sent) gives a new table state from
the last, never changing one in place, or says why it is refused (``Refused``). Plain Python: the
screen assigns what these give, and every board and line bound to the state draws itself."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TypeAlias

from caravan_tui.engine import Action
from caravan_tui.screens.table_client import cursor_pointed, list_pointed

from .builder import Selection
from .faces import CHOSEN, HINT, USABLE
from .reasons import builder_hint, card_problem, village_problem
from .table import DICE, HAND, PLAYS, ROW, VILLAGES, MerchantLordTable
from .table_text import END_ACTIONS, tuck_possible
from .terms import VINDEX
from .views import MerchantLordView


@dataclass(frozen=True)
class Refused:
    """An intent the table does not take, and why (in the game's words, ``{pN}`` fields and all)."""

    reason: str
    title: str = "Not possible"


Outcome: TypeAlias = MerchantLordTable | Refused


def followed(table: MerchantLordTable) -> MerchantLordTable:
    """The table once a cursor, the focus or the plays list's highlight moved (``cursors``,
    ``focus``, ``highlighted``): an opponent's village under the cursor keeps its owner's
    villages in view when not all fit; moving through the plays list puts its sale, placement or
    reroll in the builder."""
    vid = table.cell(VILLAGES)
    owner = VINDEX[vid] // 3 if vid in VINDEX else None
    if owner is not None and owner not in (table.seat, table.shown_other):
        table = replace(table, shown_other=owner)
    play = table.highlighted
    if play == table.followed_play:
        return table
    table = replace(table, followed_play=play)  # (a highlight moved from elsewhere: only noted)
    return selected(table, play) if table.focus == PLAYS and play is not None and table.turn is not None else table


# -- the builder ---------------------------------------------------------------------------------


def with_selection(table: MerchantLordTable, sel: Selection) -> MerchantLordTable:
    """``sel`` in the builder; once it is a complete play, the plays list asked to highlight it,
    unless the list has the focus (its keys move the builder then)."""
    if sel == table.sel:
        return table
    new = replace(table, sel=sel)
    action = new.selected_action()
    if new.turn is not None and action in new.legal and new.focus != PLAYS:
        new = list_pointed(new, action)
    return new


def chosen_village(table: MerchantLordTable, vid: str) -> Outcome:
    """Enter on a village that plays nothing at once: the village chosen for the sale."""
    if table.phase == "buy":
        return Refused("now you buy from the row (enter on a card) or press e")
    if table.choices().reachable(vid, table.sel.tucks.items()):
        return with_selection(table, table.sel.at(vid))
    assert table.rules_state is not None and table.seat is not None  # (a phase: our decision)
    reason = village_problem(table.rules_state, table.seat, table.phase, table.sel, vid)
    return Refused(reason, f"Not at {table.village_name(vid)}")


def spaced_on_chosen(table: MerchantLordTable) -> Refused:
    """Space on the chosen village never sells: where tucking is (the hand), and that Enter sells."""
    if tuck_possible(table):
        reason = "space tucks in your hand: tab to your hand, space on a card, then enter here sells"
        return Refused(reason, "Space does not sell")
    hand = table.view.get("hand") if table.view is not None else None
    reason = f"{'no card in your hand fits this sale' if hand else 'your hand is empty'}: enter sells"
    return Refused(reason, "Space does not sell")


def ticked_card(table: MerchantLordTable, card: str) -> Outcome:
    """Space on a hand card: its next half ticked (left, right, then unticked)."""
    if table.phase not in ("sell", "favour", "place"):
        return Refused("cards are tucked only while selling, or placed with a Free Placement")
    choices = table.choices()
    if not choices:
        return Refused("no sale can be made now")
    half = choices.next_half(table.sel, card)
    if half is None and card not in table.sel.tucks:
        world, view = table.rules_state, table.view
        assert world is not None and table.seat is not None and view is not None  # (a phase: our decision)
        return Refused(card_problem(world, table.seat, view, table.phase, table.sel, card), f"Cannot tuck {card}")
    return with_selection(table, table.sel.ticking(card, half, only=choices.placing))


def ticked_die(table: MerchantLordTable, index: int) -> Outcome:
    """Space on a die in the favour step: ticked to reroll, or unticked."""
    if table.phase != "favour":
        return Refused("rerolls are only in your favour step, before your first sale")
    if table.my_dice()[index][1] != "unplaced":
        return Refused("that die is not yours to roll now")
    return with_selection(table, table.sel.toggling_die(index))


def turned_die(table: MerchantLordTable, slot: int | None, delta: int) -> Action | Refused | None:
    """``+``/``-`` on the die in ``slot``: the play that turns it (None: no die)."""
    if table.phase != "favour":
        return Refused("dice are turned only in your favour step, before your first sale")
    if slot is None:
        return None
    value, where = table.my_dice()[slot]
    action = ("adjust", value, delta)
    if where != "unplaced":
        return Refused("that die is not yours to turn now")
    if action in table.legal:
        return action
    assert table.view is not None and table.seat is not None  # (a phase: our decision)
    return Refused(f"turning a die costs 2 favour; you have {table.view['favour'][table.seat]}")


def bought(table: MerchantLordTable, card: str) -> Action | Refused:
    """Enter (or space) on a row card: buying it."""
    action = ("buy", card)
    if action in table.legal:
        return action
    if table.phase != "buy":
        return Refused("cards are bought in the buying step, after everyone has sold")
    assert table.view is not None and table.seat is not None  # (a phase: our decision)
    return Refused(f"a card costs 5 coins; you have {table.view['coins'][table.seat]}")


def pressed_in_vain(table: MerchantLordTable, board: str) -> Refused:
    """Why Enter on a dice or hand board plays nothing."""
    if board == DICE and table.phase == "favour":
        return Refused("tick dice to reroll with space first, or build a sale")
    return Refused(builder_hint(table.phase, table.sel))


def cleared(table: MerchantLordTable) -> MerchantLordTable:
    return with_selection(table, Selection())


def selected(table: MerchantLordTable, action: Action) -> MerchantLordTable:
    """``action`` in the builder: a sale's village and tucks, a placement, a reroll's dice (the
    lowest-index dice of each value, as the engine takes them); for a row card or a die to turn,
    that board's cursor asked onto it."""
    kind = action[0]
    if kind == "buy":
        table = cursor_pointed(table, ROW, action[1])
    elif kind == "adjust" and table.adjust_die(action) is not None:
        table = cursor_pointed(table, DICE, str(table.adjust_die(action)))
    if kind == "sell":
        return with_selection(table, Selection(action[1], MappingProxyType(dict(action[2]))))
    if kind == "place":
        return with_selection(table, Selection(action[3], MappingProxyType({action[1]: action[2]})))
    if kind == "reroll":
        return with_selection(table, Selection(reroll=frozenset(table.rerolled_dice(action))))
    return with_selection(table, Selection())


def taken_hint(table: MerchantLordTable) -> tuple[MerchantLordTable, str]:
    """``a``: the hinted play in the builder, or the cursor on its row card or die; a hint to end
    the step on its line in the plays list. With the id of what gets the focus, where Enter (or
    ``+``/``-``) plays it."""
    hinted = table.hinted
    assert hinted is not None  # (asked only with a hint)
    if hinted in END_ACTIONS:
        # (its line's sale next, once the step is over: Enter, Enter after it played the plays
        # list's first sale, not the one the hint had named)
        after = table.hint_plan[1] if table.hint_plan[:1] == (hinted,) and len(table.hint_plan) > 1 else None
        nxt = after if after is not None and after[0] == "sell" else None
        return list_pointed(replace(table, hinted_next=nxt), hinted), PLAYS
    table = selected(table, hinted)
    if hinted[0] in ("buy", "adjust", "reroll"):  # (a reroll's dice ticked: Enter on the dice rerolls them)
        return table, ROW if hinted[0] == "buy" else DICE
    vid = table.sel.village
    if vid not in VINDEX:
        return table, VILLAGES
    owner = VINDEX[vid] // 3
    if owner != table.seat:
        # (at another's village: on the plays list's line of it, where Enter plays it whatever the
        # villages box shows. Its owner's villages folded onto a line, or drawn after the ask, the
        # cursor stayed on a closed village of ours, and Enter there said so where "a, then enter"
        # had promised the sale, 28 times over SSH)
        return list_pointed(replace(table, shown_other=owner), hinted), PLAYS
    return cursor_pointed(table, VILLAGES, vid), VILLAGES


def next_other(table: MerchantLordTable) -> MerchantLordTable:
    """``o``: the next opponent's villages shown, the cursor on the first of them a sale can use;
    where none can, it stays on a village of ours that one can (or the chosen one): it went to
    their first, a village marked ·, off the 3-4 the line had just offered, and Enter there was
    refused."""
    if table.view is None:
        return table
    players, me = table.view["players"], table.seat if table.seat is not None else 0
    others = [(me + k) % players for k in range(1, players)]
    current = others.index(table.shown_other) if table.shown_other in others else 0  # (shown first: the first)
    shown = others[(current + 1) % len(others)]
    table = replace(table, shown_other=shown)
    marks, at = table.village_marks(), table.cell(VILLAGES)
    theirs = [f"P{shown}-{name}" for name in ("V16", "V25", "V34")]
    usable = [vid for vid in theirs if marks.get(vid) in (USABLE, CHOSEN, HINT)]
    if usable or marks.get(at or "") not in (USABLE, CHOSEN, HINT):
        return cursor_pointed(table, VILLAGES, (usable or theirs)[0])
    return table


# -- turns and views -----------------------------------------------------------------------------


def turn_started(table: MerchantLordTable) -> MerchantLordTable:
    """Our decision came: the hint gone, the choices worked out once, the selection kept only
    where it still leads to a play, and the cursors on a first choice (a new round: each on its
    first; else the villages' and the hand's off what cannot be used now)."""
    before = table.offered[1] if table.offered is not None else None  # (the view of our last decision)
    table = replace(table, hinted=None, offered=(table.turn, table.view, table.worked_out_choices()))
    phase = table.phase
    sel = table.sel if phase == "favour" else replace(table.sel, reroll=frozenset())
    if phase not in ("favour", "sell", "place") or not table.choices().reachable(sel.village, sel.tucks.items()):
        sel = Selection()
    table = with_selection(table, sel)
    if table.view is not None and table.view["round"] != table.cursors_round:
        return first_cursors(replace(table, cursors_round=table.view["round"]))
    if phase == "sell" and isinstance(before, dict) and before.get("phase") == "favour" and sel.village is None:
        # the sales begin: the villages' cursor on the first a sale can use, yours first, as each
        # round's (``o`` had left it on an opponent's village: Enter, Enter sold there, paying them)
        table = villages_from_yours(table)
    else:
        table = villages_cursor_to_usable(table, table.cell(VILLAGES))
    return hand_cursor_to_tuckable(table, table.cell(HAND))


def first_cursors(table: MerchantLordTable) -> MerchantLordTable:
    """A new round: each cursor asked onto its first choice (the dice on the first die still to
    roll or sell, the row on its first card, the hand on its first card a sale can tuck, the
    villages on the first one a sale or placement can use, else your first), not where it was
    left last round."""
    dice = table.my_dice()
    table = cursor_pointed(table, DICE, str(next((i for i, (_, where) in enumerate(dice) if where == "unplaced"), 0)))
    view = table.view
    if view is not None and view["row"]:
        table = cursor_pointed(table, ROW, view["row"][0])
    if view is not None and view.get("hand"):
        table = hand_cursor_to_tuckable(cursor_pointed(table, HAND, view["hand"][0]), view["hand"][0])
    return villages_from_yours(table)


def villages_from_yours(table: MerchantLordTable) -> MerchantLordTable:
    """The villages' cursor on your first village where a sale (placement) can use it, else on
    the first that can be, yours first (``villages_cursor_to_usable``)."""
    first = f"P{table.seat}-V16"
    return villages_cursor_to_usable(cursor_pointed(table, VILLAGES, first), first)


def hand_cursor_to_tuckable(table: MerchantLordTable, cursor: str | None) -> MerchantLordTable:
    """The hand's cursor, on ``cursor``, a card no sale (placement) can tuck now, asked onto the
    first card that can be."""
    if table.phase not in ("favour", "sell", "place") or table.view is None:
        return table
    choices = table.choices()
    tuckable = [card for card in table.view.get("hand", []) if choices.tuckable(table.sel, card)]
    if tuckable and cursor not in tuckable:
        return cursor_pointed(table, HAND, tuckable[0])
    return table


def villages_cursor_to_usable(table: MerchantLordTable, cursor: str | None) -> MerchantLordTable:
    """The villages' cursor, on ``cursor``, off a village no sale (placement) can use now, asked
    onto the first one that can be, yours first (after the last favour the dice changed, and with
    them the villages)."""
    marks = table.village_marks()
    usable = [key for key, mark in marks.items() if mark == USABLE]
    mine = [key for key in usable if VINDEX[key] // 3 == table.seat]
    if usable and marks.get(cursor or "") not in (USABLE, CHOSEN, HINT):
        # (an opponent's village, its owner's villages shown: at three players the one sale left
        # was folded behind ``o``, the board kept its cursor on the closed village, and Enter
        # there said it was closed)
        target = (mine or usable)[0]
        if VINDEX[target] // 3 != table.seat:
            table = replace(table, shown_other=VINDEX[target] // 3)
        return cursor_pointed(table, VILLAGES, target)
    return table


def with_changes(table: MerchantLordTable, previous: MerchantLordView | None, mover: int | None) -> MerchantLordTable:
    """A new view arrived after ``previous``: the dice, villages and row cards it changed marked
    (``*``) beside those already marked, our rerolled dice too; the last mover's villages shown."""
    view = table.view
    assert view is not None  # (after a view)
    dice, villages, row = set(table.changed_dice), set(table.changed_villages), set(table.changed_row)
    if previous is not None:
        new_round = view["round"] != previous["round"]
        for seat, (old, new) in enumerate(zip(previous["dice"], view["dice"])):
            for index, (value, where) in enumerate(new):
                was = old[index] if index < len(old) else None
                if was is None or was[0] != value or (new_round and where == "unplaced"):
                    dice.add((seat, index))
        for info, (a, b), (sa, sb) in zip(
            view["villages_info"],
            zip(previous["villages"], view["villages"]),
            zip(previous["sellers"], view["sellers"]),
        ):
            if a != b or (sa != sb and sb is not None):
                villages.add(info["id"])
        row |= set(view["row"]) - set(previous["row"])
    if table.rolled and table.seat is not None:
        dice |= {(table.seat, index) for index in table.rolled}
    shown = mover if mover is not None and mover != table.seat else table.shown_other
    return replace(
        table,
        changed_dice=frozenset(dice),
        changed_villages=frozenset(villages),
        changed_row=frozenset(row),
        rolled=frozenset(),
        shown_other=shown,
    )


def sent(table: MerchantLordTable, action: Action, rolled: frozenset[int]) -> MerchantLordTable:
    """Our move went to the host: the marks of what changed cleared, the builder and the hint
    emptied; a reroll's dice kept to mark in the next view (where a die shows its old value)."""
    table = replace(
        table,
        rolled=rolled if action[0] == "reroll" else frozenset(),
        changed_dice=frozenset(),
        changed_villages=frozenset(),
        changed_row=frozenset(),
        hinted=None,
    )
    return with_selection(table, Selection())
