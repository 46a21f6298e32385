"""Camel Caravan's status line says what the board will not do, and why: a loose good under the
seat's last empty camel may not be picked up (rules §3: a pick-up never leaves all of a player's
camels loaded), and the board said nothing of it (the pick-up was missing from the plays, Enter
moved the camel off the good, and the rule was only in the full rules); escape with the hint
shown puts the hint away before it cancels a choice."""

from __future__ import annotations

import dataclasses

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.status_line import BOARD, LAST_EMPTY, status
from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable


def at_a_good(empty: list[int], supply: int) -> tuple[CamelCaravanTable, int]:
    """Ann's table at her turn, her empty camels on ``empty`` (the first on a loose good) and
    ``supply`` in hand, the board's cursor on that good."""
    game = get_game("camel_caravan")
    view = game.new(2, seed=1, options=game.quick_options).view(0)
    cell = int(view["goods"][0][0])
    view["empty"][0], view["supply"][0] = [cell, *empty], supply
    table = CamelCaravanTable(seat=0, names=("Ann", "AI 2 (normal)"), seat_kinds=("human", "ai:normal"))
    return dataclasses.replace(table, view=view, legal=(), turn=0, focus=BOARD, cursors={BOARD: cell}), cell


def test_the_status_line_says_why_a_good_under_the_last_empty_camel_is_not_picked_up():
    table, _cell = at_a_good([], 0)
    said = status(table)
    assert said is not None and said.plain.endswith(LAST_EMPTY), said
    # (a camel in supply is an empty camel: the pick-up is allowed, and nothing is said of it)
    spare, _ = at_a_good([], 1)
    said = status(spare)
    assert said is not None and LAST_EMPTY not in said.plain


def test_with_the_hint_shown_the_status_line_says_escape_hides_it_first():
    """A camel chosen with the hint shown: the line read "esc cancels" while escape put the hint
    away, the camel still chosen (the footer said "esc Hide")."""
    from caravan_tui.screens.table_panels import ASKING

    table, cell = at_a_good([], 1)
    chosen = dataclasses.replace(table, pick=("camel", cell))
    said = status(chosen)
    assert said is not None and said.plain.endswith("· esc cancels"), said
    said = status(dataclasses.replace(chosen, hint_panel=ASKING))
    assert said is not None and said.plain.endswith("· esc hides the hint, then cancels"), said
