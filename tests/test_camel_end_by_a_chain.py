"""With the bag empty, the next delivery ends the match: a look at the other's reply must find one
it lays a chain of camels for within its turn (``camel_caravan_seed2187``), or a hint hands it the
win, and the review calls that move best."""

from __future__ import annotations

import pytest
from camel_caravan_seed2187 import MOVES, OPTIONS, SEED

from caravan_tui.ai import safety
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.ai import closers

GAME = get_game("camel_caravan")
OFF_TAGHAZA = ("move_camel", 17, 0)


def at(count: int):
    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:count]:
        state.apply(action, False)
    return state


@pytest.mark.thorough
def test_a_camel_taken_off_the_city_the_others_chain_needs_loses_at_once() -> None:
    state = at(len(MOVES))
    assert state.to_move() == 0 and not any(state.bag) and state.left == 2
    assert safety.loses_at_once(state, 0, OFF_TAGHAZA, **safety.looks_of(GAME.ai))
    assert not safety.loses_at_once(state, 0, ("end_turn",), **safety.looks_of(GAME.ai))


def test_the_moves_of_a_chain_that_ends_the_match_are_closers() -> None:
    """AI 2's turn after the camel left: the salt moved on a step onto its empty camel, its own
    camel then sent on to Taghaza, another between, and the delivery."""
    state = at(len(MOVES))
    for action in (OFF_TAGHAZA, ("end_turn",)):
        state.apply(action, False)
    found = closers(state, state.legal_actions())
    assert ("move_good", 30, 31, "salt", "top") in found and ("move_camel", 32, 24) in found
