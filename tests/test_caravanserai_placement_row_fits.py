"""The line under the board has two rows: the placement's figures, then its blocks or the steps
the rules laid for us. "You · W declined, then camel: caravan 10→10, count 2" took more than the
column's row, wrapped, and pushed the steps laid for us out of view (solo, seed 7)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_caravanserai_kit import table_at

from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.rules import DECLINE
from caravan_tui.games.caravanserai.table_text import ROW, placement_text
from caravan_tui.screens.table_status import PLAYS_LIST

GAME = GAMES["caravanserai"]


@pytest.mark.parametrize("players", [1, 3])
def test_the_figures_row_fits_the_column_and_the_laid_steps_stay_under_it(players):
    longest, forced_kept = 0, 0
    for seed in range(12):
        rng, state = random.Random(seed), GAME.new(players, seed=seed, options={})
        while not state.is_over():
            if state.turn == 0:
                table = table_at(state)
                for shown in (table, dataclasses.replace(table, focus=PLAYS_LIST, highlighted=DECLINE)):
                    first = placement_text(state.view(0), shown).split("\n")[0]
                    assert first.cell_len <= ROW, first.plain
                    longest = max(longest, first.cell_len)
                    laid = placement_text(state.view(0), dataclasses.replace(shown, forced="1Y, NW, ◆Y used"))
                    rows = laid.split("\n")
                    assert len(rows) <= 2 and "laid" in rows[-1].plain, laid.plain
                    forced_kept += 1
            state.apply(rng.choice(state.legal_actions()), False)
    assert longest > ROW - 8 and forced_kept  # (rows near the limit were met)


def test_a_declined_good_at_the_rows_end_is_said_tersely():
    """Seed 7's row: the words that fit say the same, "then" left out."""
    for seed in range(60):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over():
            if state.turn == 0 and DECLINE in state.legal_actions():
                table = dataclasses.replace(table_at(state), focus=PLAYS_LIST, highlighted=DECLINE)
                first = placement_text(state.view(0), table).split("\n")[0].plain
                if ", camel: " in first:
                    assert " declined, camel: caravan " in first and len(first) <= ROW
                    return
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no declined row long enough to need the terse words")
