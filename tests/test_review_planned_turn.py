"""A review values a decision its game's planner works out exactly by the planner's own figures
(``review._planned``): a Merchant Lord turn that tucked the ninth card for sure stood at 55% in
"How it stands" and the review (a search's), 87% in the hint's own plan, and 93% a dice-free step
later, a swing the review then put on "the searches' drift"."""

from __future__ import annotations

import pytest
from merchant_lord_seed5073 import LAST_ROUND, MOVES, OPTIONS, SEED

from caravan_tui.ai.review import Position, judge
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.last_turn import plan

GAME = get_game("merchant_lord")
TURN, END = ("adjust", 4, 1), ("end_favour",)


@pytest.mark.thorough
def test_a_worked_out_turn_is_reviewed_at_its_planned_chance_step_after_step() -> None:
    state = GAME.new(3, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action)
    stats, _ = plan(state, 0, 0, None, None)
    planned = {action: reward / visits for action, (visits, reward) in stats.items()}
    assert max(planned, key=planned.__getitem__) in (TURN, ("adjust", 6, 1))
    judged = judge(GAME.id, 0, Position(LAST_ROUND, state.view(0), TURN))
    assert judged.before == judged.after == planned[TURN]
    state.apply(TURN)
    later = judge(GAME.id, 0, Position(LAST_ROUND + 1, state.view(0), END))
    assert abs(later.before - judged.before) < 1e-9  # (no dice rolled between: no swing)
    # a worse move made is worse by the plan's own figures
    reroll = ("reroll", 3, 4)
    state = GAME.new(3, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action)
    worse = judge(GAME.id, 0, Position(LAST_ROUND, state.view(0), reroll))
    assert worse.after == planned[reroll] < worse.before == planned[TURN]
