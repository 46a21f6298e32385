"""The review's chances are the ones "How it stands" words: where a game measured how often seats
shown a chance won (``GameAI.calibrated``), the review shows that share, not the search's raw
chance (a person who lost 4:4 on gold was shown about 90% mid-match), and its split and grades
are made of those shown figures, so they still add up as read."""

from __future__ import annotations

from functools import cache

import pytest
from ahldarahd_seed65 import MOVES

from caravan_tui.ai.review import Review, review
from caravan_tui.ai.review_text import review_lines
from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.calibration import calibrated

#: the person's first turns of the kept match (seed 65, seat 0 against two normal AIs)
REVIEWED = 60


@cache
def reviewed() -> Review:
    actions = [normalise_action(action) for action in MOVES[:REVIEWED]]
    return review("ahldarahd", "m", 3, 65, {}, actions, 0, 0.0, iterations=24)


@pytest.mark.thorough
def test_every_chance_the_review_shows_is_the_calibrated_one():
    done = reviewed()
    assert done.decisions
    for judged in done.decisions:
        assert done.shown(judged.before) == round(calibrated(judged.before) * 100)
        assert done.shown(judged.kept) == round(calibrated(judged.kept) * 100)
    assert done.chart()[:-1] == [round(calibrated(judged.before) * 100) for judged in done.decisions]
    # (the test means something: somewhere the raw chance and the calibrated one differ as shown)
    assert any(round(j.before * 100) != round(calibrated(j.before) * 100) for j in done.decisions)


@pytest.mark.thorough
def test_the_end_is_the_result_itself_and_the_parts_still_add_up_to_the_whole():
    done = reviewed()
    account = done.account()
    assert account.start == round(calibrated(done.decisions[0].before) * 100)
    assert account.end == 0.0  # the match's result: a fact, not a chance to calibrate
    parts = sum(swing.change for swing in account.swings)
    assert round(parts, 6) == round(account.end - account.start, 6)
    assert done.total_cost() == round(sum(-s.change for s in account.swings if s.kind == "yours"), 6)


@pytest.mark.thorough
def test_a_decision_is_graded_by_the_cost_it_is_shown_with():
    done = reviewed()
    measure = done.measure
    for judged in done.decisions:
        cost = done.cost(judged)
        expected = (
            "blunder"
            if cost >= measure.blunder
            else "mistake"
            if cost >= measure.mistake
            else "inaccuracy"
            if cost >= measure.inaccuracy
            else ""
        )
        assert done.grade(judged) == expected
    lines = review_lines(done, ["Ann", "Bob", "Cy"], get_game("ahldarahd").title)
    assert any(line.startswith("From ") for line in lines)
