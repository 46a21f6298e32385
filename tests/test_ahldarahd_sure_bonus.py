"""A city that pays its bonus for sure is not worth less taken than still to take.

The position is a person's match (seed 65, 3 players against two normal AIs, turn 1): the
person holds the Metals city on AI 2's map and a Metals card, and one claim on their own map
takes their own Metals city, which makes the Metals city abroad score its +3 at once (+4
points and 4 gold). The evaluation counted the city still to take with a hope of a bonus on
top of the sure one, so the hint said "End your build" (the claim "Weaker")."""

from __future__ import annotations

import pytest
from ahldarahd_seed65 import after

from caravan_tui.ai.policies import hint
from caravan_tui.games.ahldarahd.evaluation import estimate

TAKE_METALS = ("claim", "red", 9, "Metals")


def position():
    """The person's build before the claim that takes the Metals city."""
    return after(24)


def test_taking_the_city_that_pays_a_sure_bonus_beats_ending_the_build() -> None:
    state = position()
    assert state.to_move() == 0 and TAKE_METALS in state.legal_actions()
    taken, ended = state.clone(), state.clone()
    taken.apply(TAKE_METALS)
    ended.apply(("end",))
    assert taken.points()[0] == state.points()[0] + 4
    assert estimate(taken)[0] > estimate(ended)[0] + 0.02


@pytest.mark.thorough
def test_the_hint_takes_a_city_rather_than_end_the_build() -> None:
    state = position()
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=1, iterations=500)
    assert candidates[0][0][0] == "claim", candidates[:3]
