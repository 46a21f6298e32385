"""Camel Caravan's estimate credits the mover for the actions left in its turn. Without it every
action raised the mover's estimated chance (its gains counted, the actions to come not) and every
change of turn lowered it: a review of a short game booked +54 points of such steps as the
searches' drift, more than the whole match's swing."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from caravan_tui.games import get_game

MATCH = Path(__file__).parent / "matches" / "camel_caravan_review_5.json"


def test_the_movers_chance_does_not_rise_by_itself_with_each_action():
    """Along a kept match between AI seats (easy against normal, short game), the mover's
    estimated chance changes by about nothing on average with each action it makes, draws from
    the bag left out (chance): +2.05 points an action before, +0.02 now."""
    record = json.loads(MATCH.read_text())
    state = get_game("camel_caravan").new(2, seed=record["seed"], options=record["options"])
    steps = []
    for action in record["actions"]:
        mover, draws = state.turn, state.draws
        assert mover is not None
        before = state.estimate()[mover]
        state.apply(tuple(action), False)
        if state.turn is None:
            break
        if state.draws == draws:
            steps.append(state.estimate()[mover] - before)
    assert len(steps) > 150
    assert abs(statistics.mean(steps)) < 0.005, statistics.mean(steps)


def test_an_action_left_is_worth_something_to_the_mover():
    """The same position, the mover with more actions left to play, is better for the mover."""
    game = get_game("camel_caravan")
    state = game.new(2, seed=7, options={"short_game": True})
    while state.turns < 6:
        state.apply(next(a for a in state.legal_actions() if a[0] == "end_turn"), False)
    mover = state.turn
    assert mover is not None and state.left == 4
    fewer = state.clone()
    fewer.left = 1
    assert state.estimate()[mover] > fewer.estimate()[mover]
