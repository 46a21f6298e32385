"""No AI seat accepts, and no hint advises accepting, in the final turn, a trade whose card lets
its proposer, building now, take a city at once and draw level or pass (rules §6: gold counts
only in a tie). A hint said "Either is about as good: Accept the trade: AI 3 gives 4 gold; you
give any Salt card … AI 3 gains less, but AI 3 builds on after it: with a Salt card it can claim
Salt–Horses (sea) on their own map at once", all three at 8 points: AI 3 took the Salt city and
won 10–9–8 (seed 641)."""

from __future__ import annotations

import pytest
from ahldarahd_seed641 import after

from caravan_tui.ai.policies import hint
from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.final_gift import hands_a_city
from caravan_tui.games.ahldarahd.terms import ANSWER


@pytest.mark.thorough
def test_a_final_trade_that_hands_the_proposer_a_city_is_never_accepted() -> None:
    state = after()
    seat = state.to_move()
    assert state.final and state.phase == ANSWER and seat == 0 and state.points() == [8, 8, 8]
    assert hands_a_city(state, seat) and vetoed(state, seat, ("accept",))
    assert not vetoed(state, seat, ("decline",))
    shown = [row[4] for row in hint("ahldarahd", state.view(seat), seat, seed=1, iterations=200)]
    assert ["accept"] not in shown and ("accept",) not in shown, shown


def test_before_the_final_turn_the_trade_is_left_to_the_search() -> None:
    state = after()
    state.final = False
    assert not hands_a_city(state, state.to_move())
