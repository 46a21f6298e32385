"""The final turn's destroys: a last build ended while the next builder can still destroy a route
and take the match loses at once, and a hint shows a guard instead.

Met in a newcomer's match (``ahldarahd_seed241``), the person's last build with 19 gold: the hint
said "Clearly best: End your build … 19 gold left counts only in a tie"; AI 3, building after,
sold AI 2's Right of Passage for 8 gold, destroyed the person's Horses–Dates route for 12 with the
person's own Right of Passage, and won. Two spare routes there kept both cities."""

from __future__ import annotations

import pytest
from ahldarahd_seed241 import after

from caravan_tui.ai import safety
from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.ai import prior
from caravan_tui.games.ahldarahd.final_destroy import opened_by

#: the person's last build, before "End your build"
LAST_BUILD = 288
#: AI 3's build after it: the person's Right of Passage (red) and AI 2's (blue) in hand
AI3_BUILD = 291
END = ("end",)


@pytest.mark.thorough
def test_ending_the_build_with_a_destroy_to_come_loses_at_once_and_a_guard_does_not() -> None:
    state = after(LAST_BUILD)
    assert state.final and state.to_move() == 0 and state.gold[0] == 19 and state.rop[0] == 2
    ai = get_game("ahldarahd").ai
    world = get_game("ahldarahd").from_view(state.view(0), 0)
    assert safety.loses_at_once(world, 0, END, **safety.looks_of(ai))
    assert safety.never_loses_at_once(world, 0, ("buy", "red", 18), **safety.looks_of(ai))


@pytest.mark.thorough
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_hint_ends_the_last_build_with_a_route_left_to_destroy(monkeypatch, level: str) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after(LAST_BUILD)
    shown = hint("ahldarahd", state.view(0), 0, level, hint_seed(0, LAST_BUILD), iterations=300)
    assert shown and END not in [candidate.action for candidate in shown]
    assert shown[0].action[0] == "buy"


def test_a_guard_says_which_city_it_keeps_from_whom() -> None:
    from caravan_tui.games.ahldarahd.explain import explain

    state = after(LAST_BUILD)
    assert explain(state, 0, [("buy", "red", 18)]) == (
        "a spare route: keeps the Horses city from a destroy by {p2}, who builds after {p0}"
    )


def test_a_right_of_passage_that_still_pays_for_a_destroy_is_not_sold_first() -> None:
    """The prior ranked selling the person's Right of Passage (red) first in AI 3's build, which
    gives up the destroy, so the look never followed AI 3 to it."""
    state = after(AI3_BUILD)
    assert state.to_move() == 2 and state.rop[0] == 2 and state.rop[1] == 2 and state.gold[2] == 4
    assert opened_by(state, 2, 0) == 2  # the Horses and the Dates cities
    assert opened_by(state, 2, 1) == 0
    legal = state.legal_actions()
    scores = dict(zip(legal, prior(state, legal)))
    assert scores[("sell_rop", "red")] < scores[END] < scores[("sell_rop", "blue")]


@pytest.mark.thorough
def test_a_review_grades_the_end_of_the_build_the_loss_it_was(monkeypatch) -> None:
    """The review said "Move 289: End your build — fine: 12%": its searches, seeing only so far,
    rated ending the build as well as the guard the hint now shows. The look at the end of the
    match finds it losing at once, so the review values it at nothing and says why."""
    from caravan_tui.ai.review import LOSES_AT_ONCE, Position, judge

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after(LAST_BUILD)
    judged = judge("ahldarahd", 0, Position(LAST_BUILD, state.view(0), END), iterations=300)
    assert judged.best != END and judged.after == 0.0 < judged.before
    assert judged.played_reason.endswith(LOSES_AT_ONCE.format(who="the others"))
