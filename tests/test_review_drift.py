"""Merchant Lord's review said its searches' drift moved a seat's chances more than luck did
(+71 points against −33 in a match): a seat makes several decisions a turn with nothing between
them, and the review valued a move by its mean, which counts the moves its seat would not make
that the search tried below it, and the next decision by its best. Where a game's levels follow
lines (``Level.lines``: Merchant Lord's), a review values a move where its line leads, as its AI
seats and hints do; between two decisions with nothing between, the value carries over."""

from __future__ import annotations

import pytest
from test_hint_noise import NINTH_CARD, NINTH_CARD_OPTIONS, ninth_card_position

from caravan_tui.ai.review import decisions_of, judge
from caravan_tui.games import get_game


@pytest.mark.thorough
def test_a_turn_keeps_its_value_to_the_next_decision_where_its_line_leads():
    """Seed 12: turning the 1 into a 2, then the 2 into a 3, leads to the sale tucking the ninth
    card for 4 coins, 7 in all, more than the other seat's sales can bring it to (5): a tie on
    cards is won on coins. Valued by its mean a turn kept 0.54 and the next decision began at
    0.97: 43 points of "drift" where nothing happened. The dice turned and the sale they are for
    are one decision (``merchant_lord.composing``), judged whole where it ends: as good as its
    best, nothing left between its steps to drift."""
    state = ninth_card_position()
    turn, then = ("adjust", 1, 1), ("adjust", 2, 1)
    state.apply(turn, False)
    state.apply(then, False)
    sale = max((action for action in state.legal_actions() if action[0] == "sell"), key=lambda action: len(action[2]))
    match = decisions_of(get_game("merchant_lord"), 2, 12, NINTH_CARD_OPTIONS, [*NINTH_CARD, turn, then, sale], 0)
    (whole,) = [position for position in match.decisions if position.turn >= len(NINTH_CARD)]
    assert whole.steps == (turn, then, sale)
    judged = judge("merchant_lord", 0, whole)
    assert judged.action == judged.best == turn and judged.after > 0.9, judged
    assert abs(judged.before - judged.after) < 0.03, (judged.before, judged.after)
