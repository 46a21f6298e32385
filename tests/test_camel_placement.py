"""Camel Caravan's placement steps as a reducer and its status/Enter line as functions of the
table's state, tested as plain functions (no Pilot): each intent gives a new table and leaves the
last as it was; a play costing two actions waits for a second Enter wherever it was chosen; the
line promises exactly what Enter plays."""

from __future__ import annotations

import dataclasses
import random

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.placement import (
    at_cursor,
    board_play,
    cells_read,
    choices_at,
    chosen,
    escaped,
    flashed,
    picked,
    supply_chosen,
    taken,
    turn_ended,
)
from caravan_tui.games.camel_caravan.status_line import BOARD, PLAYS, enter, status
from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable

GAME = get_game("camel_caravan")


def decision(seed: int = 1) -> CamelCaravanTable:
    """A table on its decision, played to by random moves, where a camel may go onto camels (two
    actions) and a camel of ours may move."""
    state, rng = GAME.new(2, seed=seed, options={}), random.Random(seed)
    while True:
        seat, legal = state.to_move(), state.legal_actions()
        view = state.view(seat)
        table = cells_read(
            CamelCaravanTable(seat=seat, names=["Ann", "Bob"], view=view, legal=list(legal), turn=1), view
        )
        kinds = {action[0] for action in legal}
        if "move_camel" in kinds and any(only_place(table, a, 2) for a in legal):
            return table
        state.apply(rng.choice([a for a in legal if a[0] != "end_turn"] or legal), False)


def pointing(table: CamelCaravanTable, focus: str, cursor: int = 0, highlighted=None) -> CamelCaravanTable:
    """``table`` with the focus on ``focus``, the board's cursor on ``cursor`` and the plays list's
    highlight on ``highlighted``, as the widgets report them."""
    return dataclasses.replace(table, focus=focus, cursors={BOARD: cursor}, highlighted=highlighted)


def only_place(table: CamelCaravanTable, action: tuple, cost: int) -> bool:
    """Whether ``action`` places a camel at ``cost``, on a cell where there is nothing else to do."""
    return action[0] == "place" and choices_at(table, action[1]) == [action] and table.cost(action) == cost


def onto_camels(table: CamelCaravanTable) -> int:
    """A cell where Enter places a camel onto camels, for two actions (nothing else to do there)."""
    return next(a[1] for a in table.legal if only_place(table, a, 2))


def empty_place(table: CamelCaravanTable) -> int:
    """A cell where Enter places a camel for one action (nothing else to do there)."""
    return next(a[1] for a in table.legal if only_place(table, a, 1))


def test_a_one_action_placement_is_played_at_the_first_enter():
    table = decision()
    cell = empty_place(table)
    after, step = chosen(table, cell)
    assert step.play == ("place", cell) and after.armed is None


def test_a_two_action_placement_waits_for_a_second_enter_on_the_same_cell():
    table = decision()
    cell = onto_camels(table)
    after, step = chosen(table, cell)
    assert step.play is None and after.armed == (cell, ("place", cell)) and table.armed is None
    # (and says how to back out: it ended in a bare "esc")
    assert status(pointing(after, BOARD, cell)).plain.endswith("place here for 2 actions? enter again · esc cancels")
    again, step = chosen(after, cell)
    assert step.play == ("place", cell) and again.armed is None


def test_a_two_action_play_taken_from_a_cells_list_waits_as_on_the_board():
    table = decision()
    cell = onto_camels(table)
    after, step = taken(table, ("place", cell), cell)
    assert step.play is None and after.armed == (cell, ("place", cell))


def test_moving_the_cursor_away_cancels_the_play_waiting_for_its_second_enter():
    table = decision()
    cell = onto_camels(table)
    armed, _ = chosen(table, cell)
    assert at_cursor(armed, cell) is armed
    assert at_cursor(armed, (cell + 1) % 49).armed is None


def test_escape_cancels_the_waiting_play_then_the_chosen_camel_then_opens_the_menu():
    table = decision()
    supply, _ = supply_chosen(table)
    assert supply.pick == ("supply",)
    cell = onto_camels(table)
    armed, step = chosen(supply, cell)
    assert armed.armed == (cell, ("place", cell)) and step.play is None
    first = escaped(armed)
    assert first is not None and first.armed is None and first.pick == ("supply",)
    second = escaped(first)
    assert second is not None and second.pick is None
    assert escaped(second) is None  # nothing to cancel: escape opens the menu


def test_enter_on_our_camel_chooses_it_and_enter_again_drops_it():
    table = decision()
    start = next(a[1] for a in table.legal if a[0] == "move_camel")
    after, step = chosen(picked(table, None), start)
    if step.ask:  # (our camel's cell offers more than moving it: the move is one of the choices)
        after, step = taken(table, ("camel", start), start)
    assert after.pick == ("camel", start) and step.play is None
    dropped, _ = chosen(after, start)
    assert dropped.pick is None


def test_nothing_to_do_on_a_cell_says_why():
    table = dataclasses.replace(decision(), legal=[("move_camel", 8, 9), ("end_turn",)])
    cell = next(c for c in range(49) if not choices_at(table, c))
    after, step = chosen(table, cell)
    assert after is table and "nothing you can do there now" in step.refused


def test_the_supply_cannot_be_chosen_when_no_camel_may_be_placed():
    table = decision()
    none = CamelCaravanTable(seat=table.seat, view=table.view, legal=[("end_turn",)], turn=1)
    assert supply_chosen(none)[1].refused == "You cannot place a camel now."
    view = dict(table.view, supply=[0 if seat == table.seat else 3 for seat in range(len(table.view["supply"]))])
    empty = CamelCaravanTable(seat=table.seat, view=view, legal=[("end_turn",)], turn=1)
    # (a newcomer whose camels were all out read only "You cannot place a camel now.")
    assert (
        supply_chosen(empty)[1].refused
        == "You cannot place a camel now: your supply is empty, all your camels are out."
    )


def test_the_line_says_what_enter_plays_at_the_cursor_with_its_cost():
    table = decision()
    cell = onto_camels(table)
    assert enter(pointing(table, BOARD, cell)) is None  # two actions: Enter waits
    assert str(status(pointing(table, BOARD, cell))) == "enter: place a camel here (2 actions)"
    armed, _ = chosen(table, cell)
    assert enter(pointing(armed, BOARD, cell)) == ("place", cell)
    assert "for 2 actions? enter again" in str(status(pointing(armed, BOARD, cell)))
    one = empty_place(table)
    assert enter(pointing(table, BOARD, one)) == board_play(table, one) == ("place", one)


def test_in_the_plays_list_enter_plays_the_highlighted_line():
    table = decision()
    line = table.legal[3]
    assert enter(pointing(table, PLAYS, highlighted=line)) == line
    assert str(status(pointing(table, PLAYS, highlighted=line))) == f"enter: {table.describe(line)}"


def test_off_our_turn_the_line_is_the_tables_or_whose_action_is_on_show():
    table = turn_ended(flashed(decision(), frozenset({3})))
    off = CamelCaravanTable(seat=table.seat, names=table.names, view=table.view)
    off = pointing(off, BOARD)
    assert table.flash == frozenset() and status(off) is None and enter(off) is None
    other = 1 - table.seat
    shown = dataclasses.replace(off, pausing=other)
    assert str(status(shown)) == f"{off.names[other]} is playing… (any key skips)"


def test_enter_where_a_camel_from_the_supply_cannot_go_says_why_and_keeps_the_supply_chosen():
    """A play-through with 1 action left: ``c``, then Enter on the space of its own camel quietly
    chose that camel to move instead (the placement there costs 2), and the next Enter did
    nothing; the place is refused with why, the supply still chosen."""
    table = decision()
    cell = next(a[1] for a in table.legal if a[0] == "move_camel")
    assert table.cost(("place", cell)) == 2
    one_left = dataclasses.replace(
        table, view=dict(table.view, left=1), legal=[a for a in table.legal if table.cost(a) == 1]
    )
    supply, _ = supply_chosen(one_left)
    after, step = chosen(supply, cell)
    assert after.pick == ("supply",) and step.play is None and not step.ask
    assert step.refused.endswith("a camel stands there, so placing one costs 2 actions, and you have 1 left.")


def test_the_others_changes_add_up_until_our_turn_ends():
    """An AI's turn of four actions left only its last one marked "*": the others' changes add
    up until our turn ends, and an undo's position keeps the marks it had."""
    from caravan_tui.games.camel_caravan.placement import reached

    table = turn_ended(flashed(decision(), frozenset({3})))
    first = reached(table, 10, frozenset({3}))
    second = reached(first, 11, frozenset({7}))
    assert second.flash == frozenset({3, 7})
    assert reached(second, 10, None).flash == frozenset({3})  # (back to move 10: its own marks)
    assert turn_ended(second).flash == frozenset()
    # (our first action of four keeps them: they went while what they marked still stood)
    assert turn_ended(second, whole=False).flash == frozenset({3, 7})
