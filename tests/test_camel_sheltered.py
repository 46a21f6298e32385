"""A stolen good under a camel is safe from theft (rules §3): AI seats and hints never move it
out to lie on top at the turn's end within a thief's reach (``ai.unshelters``). Following
"Clearly best: Move the stolen paper from under your camel on (3,3) to (5,3)" lost the paper. It
comes out where the actions left bring it to its city this turn (a camel for each step, then the
move on)."""

from __future__ import annotations

import pytest
from camel_sheltered import THREE, THREE_OPTIONS, THREE_PLAYERS, THREE_SEED, TWO, TWO_OPTIONS, TWO_PLAYERS, TWO_SEED

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.ai import unshelters, vetoed

GAME = get_game("camel_caravan")


def before(seed: int, players: int, options: dict, moves: list, at: int):
    state = GAME.new(players, seed=seed, options=options)
    for action in moves[:at]:
        state.apply(action, False)
    return state, moves[at]


@pytest.mark.thorough
def test_a_stolen_good_stays_under_its_camel_where_a_thief_can_reach_it_on_top(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    at = 90
    state, moved = before(TWO_SEED, TWO_PLAYERS, TWO_OPTIONS, TWO, at)
    assert moved[0] == "move_good" and moved[4] == "under" and state.turn == 0
    assert unshelters(state, 0, moved) and vetoed(state, 0, moved)
    assert all(not unshelters(state, 0, c.action) for c in hint(GAME.id, state.view(0), 0, seed=hint_seed(0, at)))


def test_a_stolen_good_comes_out_where_the_actions_left_bring_it_to_its_city():
    for at in (64, 98):  # (the gems with 3 actions left after them, the paper with 1)
        state, moved = before(THREE_SEED, THREE_PLAYERS, THREE_OPTIONS, THREE, at)
        assert moved[4] == "under" and not unshelters(state, 0, moved)
    moved_out, good = before(TWO_SEED, TWO_PLAYERS, TWO_OPTIONS, TWO, 90)
    moved_out.thefts = [1, 0]  # (no other player holds a theft marker: nothing to shelter it from)
    assert not unshelters(moved_out, 0, good)
