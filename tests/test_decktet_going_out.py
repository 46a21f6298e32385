"""Going out is worth what the rules pay for it (rules §5: 5 + the cards the other holds): the
estimate never rates keeping a card above going out with it. Holding a lone Ace against 6 cards
was rated +10.6 on the race, going out with it +10, and a hint said "Probably best: Pass" with
going out for +11 "Weaker"."""

from __future__ import annotations

import random

from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.combos import PASS

GAME = get_game("decktet_caravan")


def lone_ace(seed: int, moves: int):
    """The position after ``moves`` random (seeded) moves of a 5-hand match."""
    state, rng = GAME.new(2, seed=seed, options=GAME.resolve_options(None)), random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()), False)
    return state


def test_going_out_with_a_lone_ace_is_rated_above_passing() -> None:
    state = lone_ace(22, 38)  # hand 2: Ann holds a lone Ace, Bob 6 cards and leads a caravan
    seat = state.to_move()
    assert seat == 0 and [hand.bit_count() for hand in state.hands] == [1, 6]
    assert state.top is not None and state.top_seat == 1
    rated = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action, False)
        rated[action[0]] = after.estimate()[seat]
    assert set(rated) == {"bandit", PASS[0]}
    assert rated["bandit"] > rated[PASS[0]]
