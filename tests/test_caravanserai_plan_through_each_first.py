"""A Caravanserai plan goes on with the best line through the first move made, not only through
the move it chose.

Solo, seed 2, a player who followed every hint: at move 36 the planner rated heading north-east
and south-east alike (40 pieces at the end), chose south-east, and the hint put north-east first
(a longer caravan now). A plan made afresh after that first step grew its beam from there and
missed the line north-east was worth 40 for; the hints ended the placement elsewhere, and the
review graded the placement "a blunder: 40.0 pieces → 35.0 pieces".
"""

from __future__ import annotations

from caravan_tui.games import get_game
from caravan_tui.games.caravanserai import planner
from caravan_tui.games.caravanserai.ai import prior_choice

LOG = [
    ("start", 3, -4), ("dir", 5), ("good", 3, 2), ("dir", 0), ("good", 1, 3), ("dir", 2), ("camel",),
    ("stand", 0, 6, -4), ("stand", 2, 4, -5), ("dir", 3), ("good", 2, 2), ("dir", 1), ("camel",), ("dir", 3),
    ("good", 3, 1), ("good", 0, 2), ("dir", 4), ("good", 4, 3), ("good", 2, 4), ("dir", 0), ("stand", 4, -4, 2),
    ("stand", 1, -2, -1), ("dir", 5), ("good", 4, 2), ("dir", 5), ("good", 1, 3), ("dir", 1), ("stand", 0, -1, 3),
    ("stand", 3, -5, 3), ("dir", 1), ("good", 0, 2), ("use",), ("dir", 1), ("good", 3, 3), ("use",), ("dir", 5),
]  # fmt: skip
NORTH_EAST, SOUTH_EAST = ("dir", 1), ("dir", 5)


def test_the_plan_after_a_first_move_not_chosen_goes_on_with_its_line() -> None:
    state = get_game("caravanserai").new(1, seed=2, options={"variant": "basic"})
    for action in LOG:
        state.apply(action, False)
    candidates, width = planner.budget_for(1500)
    planner._CACHE.clear()
    first = planner.plan(state.clone(), prior_choice, candidates, width, None, True)
    assert first.best == SOUTH_EAST and first.values[NORTH_EAST] == first.values[SOUTH_EAST]
    after = state.clone()
    after.apply(NORTH_EAST, False)
    rest = planner.plan(after, prior_choice, candidates, width, None, True)
    assert rest.lines[rest.best] == first.lines[NORTH_EAST][1:]
    assert rest.values[rest.best] == first.values[NORTH_EAST]  # (afresh, its beam found 35 pieces, not 40)
