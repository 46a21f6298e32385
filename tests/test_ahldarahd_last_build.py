"""On the final turn's build a city to take is worth its point, not more left untaken.

A person's match (seed 65, 3 players against two normal AIs), the final turn: the person holds
an Ivory card and 1 gold, and claiming Ivory–Spices takes their own Spices city (+1 point, +4
gold). The evaluation still counted the hope of a bonus for a city left to take, though no later
turn can bring one, so the hint put a claim taking no city first and called the city "nearly as
good".
"""

from __future__ import annotations

import pytest
from ahldarahd_seed65 import after

from caravan_tui.ai.policies import hint
from caravan_tui.games.ahldarahd.evaluation import estimate

TAKES_SPICES = ("claim", "red", 8, "Ivory")


def position():
    """The person's final build, after a first claim in it."""
    return after(192)


def test_the_city_taken_on_the_last_build_beats_a_claim_that_takes_none() -> None:
    state = position()
    assert state.final and state.to_move() == 0 and TAKES_SPICES in state.legal_actions()
    taken = state.clone()
    taken.apply(TAKES_SPICES)
    assert taken.points()[0] == state.points()[0] + 1
    for action in state.legal_actions():
        if action[0] == "claim" and action != TAKES_SPICES:
            other = state.clone()
            other.apply(action)
            if other.points()[0] == state.points()[0]:
                assert estimate(taken)[0] > estimate(other)[0], action


@pytest.mark.thorough
def test_the_hint_takes_the_city() -> None:
    state = position()
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=1, iterations=500)
    assert candidates[0][0] == TAKES_SPICES, candidates[:3]
