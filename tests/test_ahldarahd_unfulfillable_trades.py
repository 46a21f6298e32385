"""A trade nobody can carry out is never agreed nor offered (rules §5: the trade fails if the
recipient holds none of a requested card). An AI seat knows its own hand, so it declines an
offer asking a card it lacks (an AI accepted one, and the table read "accepts, but holds no
Textiles card: the trade fails"); and no offer an AI seat may make or a hint may show gives
what its proposer does not hold."""

from __future__ import annotations

import random

import pytest
from test_ahldarahd import BLUE, GAME, offer_position, packed

from caravan_tui.ai.policies import hint, search_policy
from caravan_tui.games.ahldarahd.ai import considered, vetoed
from caravan_tui.games.ahldarahd.cards import COMMODITY_MASK, ITEM_INDEX
from caravan_tui.games.ahldarahd.maps import COMMODITY_INDEX
from caravan_tui.games.ahldarahd.mutual import next_step
from caravan_tui.games.ahldarahd.terms import BUILD
from caravan_tui.seats import SeatSpec


def lacking():
    """Red offers Blue 5 gold for any Textiles card; Blue holds Salt and Ivory only."""
    return offer_position([("give_gold", 5)], [("ask_card", "Textiles")])


def test_an_ai_seat_never_accepts_an_offer_asking_a_card_it_lacks():
    state = lacking()
    assert state.to_move() == BLUE
    assert vetoed(state, BLUE, ("accept",)) and not vetoed(state, BLUE, ("decline",))


def test_an_ai_seat_and_the_hint_decline_it_at_every_level():
    state = lacking()
    view = packed(state.view(BLUE))
    for level in ("easy", "normal"):
        assert search_policy(SeatSpec.ai(level), iterations=60).choose("ahldarahd", view, BLUE, 1) == ("decline",)
    assert [c.action for c in hint("ahldarahd", view, BLUE, iterations=60)] == [("decline",)]


def test_an_offer_asking_a_card_the_seat_holds_may_be_accepted():
    state = offer_position([("give_gold", 5)], [("ask_card", "Salt")])
    assert not vetoed(state, BLUE, ("accept",))


def fulfils(state, seat: int, kind: str, value) -> bool:
    """Whether ``seat`` holds what one side of a proposal gives."""
    if kind == "gold":
        return 0 < value <= state.gold[seat]
    if kind == "card":
        return bool(state.hand[seat] & COMMODITY_MASK[COMMODITY_INDEX[value]])
    return state.holder(ITEM_INDEX[value]) == seat


@pytest.mark.thorough
def test_no_offer_an_ai_or_a_hint_may_make_gives_what_the_proposer_does_not_hold():
    rng = random.Random(65)
    checked = 0
    for seed in range(4):
        state = GAME.new(3, seed=seed)
        while not state.is_over():
            seat = state.to_move()
            legal = state.legal_actions()
            if state.phase == BUILD:
                offers = [a for a in considered(state, legal) if a[0] == "offer"]
                line = next_step(state, seat)
                offers += [a for a in line or () if a[0] == "offer"]
                for offer in offers:
                    checked += 1
                    assert fulfils(state, seat, offer[2], offer[3]), offer
            state.apply(rng.choice([a for a in legal if a[0] != "trade_with"] or legal))
    assert checked
