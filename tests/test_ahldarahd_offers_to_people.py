"""A newcomer who never proposes still hears from the AI seats: in two seeded 3-player matches
against AI seats, at least one AI proposal reaches the person where the proposer's own estimate
finds a trade both sides gain from (``mutual.py``), and it is that trade."""

from __future__ import annotations

import random

import pytest

from caravan_tui.ai.matches import decision_seed, seat_policy
from caravan_tui.games.ahldarahd import GAME
from caravan_tui.games.ahldarahd.mutual import mutual_trade
from caravan_tui.games.ahldarahd.proposal import one_step, steps
from caravan_tui.seats import SeatSpec

PERSON = 0
PROPOSALS = ("trade_with", "offer")
#: the AI seats' budget: a trade both sides gain from is proposed before any search (``ai.plan``)
ITERATIONS = 5


def first_offer_to_the_person(seed: int) -> tuple[tuple, object] | None:
    """The first AI proposal to the person in a 3-player match (the person declining every offer
    and playing seeded moves that are no proposals), with the mutual trade its proposer found
    from its view just before; None if the match ends without one."""
    ai = seat_policy(SeatSpec.ai("easy"), iterations=ITERATIONS)
    state = GAME.new(3, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while (seat := state.to_move()) is not None:
        legal = state.legal_actions()
        if seat == PERSON:
            action = ("decline",) if ("decline",) in legal else rng.choice([a for a in legal if a[0] not in PROPOSALS])
        else:
            action = ai.choose("ahldarahd", state.view(seat), seat, decision_seed(seed, moves, seat), legal)
            if action[0] in PROPOSALS and action[1] == PERSON:
                return action, mutual_trade(GAME.from_view(state.view(seat), seat), seat)
        state.apply(action, log=False)
        moves += 1
    return None


@pytest.mark.thorough
def test_a_newcomer_in_two_three_player_matches_receives_an_ai_offer_of_a_trade_both_sides_gain_from():
    offers = [first_offer_to_the_person(seed) for seed in (3, 9)]
    mutual = [
        (action, found)
        for action, found in filter(None, offers)
        if found is not None
        and found.proposal.partner == PERSON
        and action in (steps(found.proposal)[0], one_step(found.proposal))
    ]
    assert mutual, offers
    assert all(found.mine >= 0.01 and found.theirs >= 0.01 for _, found in mutual)  # by the proposer's estimate
