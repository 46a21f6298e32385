"""Caravans of Ahldarahd: a move that can start a Night is chance, so plans (hint lines) stop
there, even where worlds redealt with other luck agree (a Night comes in one draw of many)."""

from __future__ import annotations

import random

import pytest

from caravan_tui.ai.explain import brings_chance, playable
from caravan_tui.engine import Action
from caravan_tui.games import get_game

GAME = get_game("ahldarahd")
#: random states each move is applied under: a Night that comes in one of them is found
STATES = 40


def can_start_a_night(state, seat: int, action: Action) -> bool:
    """Whether ``action`` brings a Night in one of ``STATES`` worlds redealt from ``seat``'s view
    with other luck."""
    for index in range(STATES):
        world = state.determinize(seat, random.Random(f"night/{index}"))
        nights = world.nights
        world.apply(action, False)
        if world.nights > nights:
            return True
    return False


def positions(seeds: range, players: int = 3):
    """The positions of random matches with the Night option."""
    for seed in seeds:
        state = GAME.new(players, seed=seed, options={"night_of_the_outsider": True})
        rng = random.Random(seed)
        moves = 0
        while not state.is_over() and state.black and moves < 300:
            yield state
            state.apply(rng.choice(state.legal_actions()), False)
            moves += 1


@pytest.mark.thorough
def test_a_move_that_can_start_a_night_is_chance() -> None:
    """Checked against applying each move under many random states: every move that brings a
    Night in one of them is chance, and a plan stops after it."""
    met = 0
    for state in positions(range(1, 9)):
        seat = state.to_move()
        for action in state.legal_actions():
            once = state.clone()
            once.apply(action, False)
            if once.bank >= state.bank or not state.black:
                continue  # takes no gold from a bag with black chips: no Night can come
            if can_start_a_night(state, seat, action):
                met += 1
                assert brings_chance(state, seat, action), state.describe(action)
                after = state.clone()
                after.apply(action, False)
                if after.to_move() == seat:
                    assert playable(state, seat, (action, after.legal_actions()[0])) == (action,)
    assert met >= 10
