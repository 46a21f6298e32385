"""The look at the end of a Merchant Lord match (``ai/safety.py``), from a newcomer's match
(``merchant_lord_seed2062``): the hint said "0% to win" from the last round's buy on, the review
of the same decisions "best: 61%" to "best: 79%", and the other player, its dice shown, tucked two
cards after the person's ninth and won on coins."""

from __future__ import annotations

import pytest
from merchant_lord_seed2062 import MOVES, OPTIONS, SALE, SEED

from caravan_tui.ai import safety
from caravan_tui.ai.review import Position, judge
from caravan_tui.games import get_game

GAME = get_game("merchant_lord")
LOOKS = safety.looks_of(GAME.ai)


def decisions() -> list[tuple[int, dict, tuple]]:
    """The person's decisions of the match (move number from 0, view, move made), the sale last."""
    state = GAME.new(2, seed=SEED, options=OPTIONS)
    found = []
    for turn, action in enumerate((*MOVES, SALE)):
        if state.to_move() == 0:
            found.append((turn, state.view(0), action))
        state.apply(action, False)
    return found


@pytest.mark.thorough
def test_anothers_reroll_is_no_sure_way_to_beat_the_seat():
    """In a world redealt, a reroll's dice are one roll, and among the rerolls of other dice the
    look took whichever came out right: the buy before the last round's roll lost in 10 worlds of
    12 so, in 9 of them without those rerolls."""
    _, view, bought = next(found for found in decisions() if found[2] == ("buy", "M17"))
    world = GAME.from_view(view, 0)
    exact = sum(safety.lost_in(world, 0, bought, worlds=12, **LOOKS))
    clairvoyant = sum(safety.lost_in(world, 0, bought, worlds=12, **{**LOOKS, "draws": None}))
    assert exact < clairvoyant
    assert GAME.ai.draws is not None and GAME.ai.draws(world, ("reroll", 5)) and not GAME.ai.draws(world, bought)
    assert not safety.surely_lost(world, 0, bought, **LOOKS)  # (a loss in most worlds is no sure one)


@pytest.mark.thorough
def test_a_sale_the_others_surely_beat_is_graded_as_the_hint_says_it():
    """The ninth card's sale, the other's dice 2 4 4 5 6 6 shown: lost in every world the look
    sees, "0% to win" in the hint; the review graded it "best: 79%"."""
    turn, view, sale = decisions()[-1]
    world = GAME.from_view(view, 0)
    assert sale == SALE and safety.surely_lost(world, 0, sale, **LOOKS)
    judged = judge("merchant_lord", 0, Position(turn, view, sale), iterations=60)
    assert judged.before == judged.after == 0.0
