"""Between seats a Caravanserai plan's value is its line's end (the win, then the margin), not a
chance: said as one, a line won by a few pieces read "you are ahead (84% to win)" where seats
shown it won 70%, and a newcomer who followed every hint lost a match that opened at 67%. The
values a plan gives are the share of seats shown them that won (``calibration.line_won``); solo,
the length over 45 as it was."""

from __future__ import annotations

import pytest

from caravan_tui.games.caravanserai import GAME
from caravan_tui.games.caravanserai.ai import placement_plan, prior_choice
from caravan_tui.games.caravanserai.calibration import line_won
from caravan_tui.games.caravanserai.planner import budget_for, plan

ITERATIONS = 300


@pytest.mark.parametrize("players", [1, 2])
def test_a_plans_values_are_chances_between_seats_and_lengths_alone(players) -> None:
    state = GAME.new(players, seed=5, options={})
    while state.stage != 1:  # (past the start camels: a placement to plan)
        state.apply(prior_choice(state), log=False)
    planned, _ = placement_plan(state, state.turn, 0, ITERATIONS, None)
    candidates, width = budget_for(ITERATIONS)
    lines = plan(state, prior_choice, candidates, width).values
    for action, (weight, total) in planned.items():
        expected = line_won(lines[action]) if players > 1 else lines[action]
        assert total / weight == pytest.approx(expected), action
    if players > 1:  # (a win played out reads no more than such seats won)
        assert all(total / weight < 0.92 for weight, total in planned.values())


#: a newcomer's match (seed 354786805, basic), round 2: the newcomer 10 long, AI 2 at 2; laying
#: one white good and a camel south-east boxes in every caravan, and the match ends, won
BOXING_IN = (
    ("start", 4, -1),
    ("start", 5, -1),
    ("dir", 5),
    ("good", 4, 2),
    ("dir", 3),
    ("good", 0, 3),
    ("use",),
    ("dir", 1),
    ("dir", 2),
    ("good", 3, 4),
    ("dir", 1),
    ("stand", 0, 6, -4),
    ("dir", 3),
    ("good", 4, 1),
    ("dir", 1),
    ("good", 0, 2),
    ("stand", 4, 4, -1),
)


def test_a_line_that_ends_the_match_is_worth_its_result_and_the_hint_says_it_wins():
    """The hint read "Clearly best: Head south-east … caravan 10 → 11", "How it stands" 99%, and
    "Weaker in the end (the hint expects 41% to win after it, 67% to win after its pick)": the
    placement ended the match won (every caravan boxed in), and the plan weighed it as a line
    played out, through the calibration. Its value is the result, the hint says it wins, the
    pick's figure as the headline's."""
    from caravan_tui.ai.policies import hint, hint_seed
    from caravan_tui.screens.table_panels import hint_lines

    state = GAME.new(2, seed=354786805, options={"variant": "basic"})
    for action in BOXING_IN:
        state.apply(action, log=False)
    found = hint("caravanserai", state.view(0), 0, "normal", hint_seed(0, len(BOXING_IN)))
    first = found[0]
    assert first.action == ("dir", 5) and first.value == 1.0 and first.sure, first
    assert first.reason.endswith("this ends the match (no caravan can move any more)"), first.reason
    rows = [[str(c.action), c.share, c.value, c.reason, c.action, c.error, c.own, c.sure] for c in found]
    lines = hint_lines(rows, [str(c.action) for c in found], "", [10, 2], 0, 2, None, scored_on="caravan length")
    assert lines[0].startswith("A winning line: ") and "How it stands: you should win (100% to win)." in lines
    assert any("100% to win after its pick): ('dir', 3) — " in line for line in lines), lines
