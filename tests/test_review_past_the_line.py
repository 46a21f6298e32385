"""A decision whose first steps are the review search's whole line, which stopped short of the
decision's end, is judged from where the line stopped: a Camel Caravan turn of four actions, each
the hint's, was graded "an inaccuracy" beside a "Better" of the same three actions "then …", and
"Yours: the same in the game's words" (seed 1287, short game, move 49). The best there was the
search's hope for a turn it had not played out; the rest of the turn, as the next hint played it,
fell short of that hope. Judged where the line stopped, the last action is weighed against the
best there, and named."""

from __future__ import annotations

import pytest

from caravan_tui.ai import review
from caravan_tui.ai.review import Review, judge

from tables import recorded_decision

MATCH = "camel_caravan_hinted_turn_1287"
TURN = 48


@pytest.mark.thorough
def test_a_turn_that_goes_on_past_the_search_line_is_judged_where_the_line_stopped(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    turn = recorded_decision("camel_caravan", MATCH, TURN, TURN + 8)
    assert len(turn.steps) == 4
    judged = judge("camel_caravan", 0, turn)
    assert not Review("camel_caravan", "m", 0, 2, 1500, 0.0, (judged,)).grade(judged), judged
    assert "…" not in judged.better and judged.better.count(", then ") == 3, judged.better


@pytest.mark.thorough
def test_a_decision_cut_short_on_the_best_lines_way_is_not_faulted(monkeypatch) -> None:
    """Seed 1397, three players: the newcomer moved a camel onto the hides, the first step of the
    review search's own line, and resigned. The review read "Move 84: you played Move a camel from
    space 3 (1,2) to space 7 (6,0) — an inaccuracy … Better: Move a camel from space 3 (1,2) to
    space 7 (6,0) … then loads hides": the steps made were the best line's, and what ended the
    decision there was no move of theirs."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    cut = recorded_decision("camel_caravan", "camel_caravan_resigned_mid_turn_1397", 83, 84)
    assert cut.action == ("move_camel", 9, 42) and not cut.steps
    judged = judge("camel_caravan", 0, cut)
    assert judged.best == cut.action and judged.after == judged.before, judged


@pytest.mark.thorough
def test_the_best_where_the_line_stopped_is_named_knowing_the_steps_before(monkeypatch) -> None:
    """Where the line stopped, the best there is named as the hint names it there, from the
    seat's views at the turn's steps before (``explain.not_back``): no move back to one of them."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    turn = recorded_decision("camel_caravan", MATCH, TURN, TURN + 8)
    handed: list[tuple[int, tuple]] = []
    named = review.best_move

    def best_move(game, view, mover, weighed, budget, level, passed=()):
        handed.append((view["left"], tuple(before["left"] for before in passed)))
        return named(game, view, mover, weighed, budget, level, passed)

    monkeypatch.setattr(review, "best_move", best_move)
    judge("camel_caravan", 0, turn)
    assert handed[0] == (4, ()) and len(handed) > 1, handed
    for left, passed in handed[1:]:
        assert passed == tuple(range(4, left, -1)), handed
