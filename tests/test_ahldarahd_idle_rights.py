"""No AI seat bids, and no hint shows a bid, for another seat's Right of Passage above what the
bank pays for it when the bidder could then build nothing on that map this turn (§3.2, §4): a
hint said "Open an auction for AI 2's Right of Passage at 4 gold" to a seat with 4 gold and no
card, whose own words said "sold to the bank it brings 3 gold now", and an AI seat paid 5 for it
and sold it for 3 in the same build (seed 41).

The position is turn 4's first auction of a person's match (seed 65), the person to open it."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.cards import COMMODITY_MASK
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.idle_rights import idle_rop_bid
from caravan_tui.games.ahldarahd.maps import COLOURS, COMMODITY_AT, ENDS, ROUTES
from caravan_tui.games.ahldarahd.terms import BID_OPEN


def auction(gold: int, hand: int = 0):
    """The person to open an auction with ``gold`` and ``hand`` (a card mask)."""
    state = after(60)
    assert state.phase == BID_OPEN and state.to_move() == 0
    state.gold[0], state.hand[0], state._legal = gold, hand, None
    return state


def sold_for_something(state) -> int:
    """Another seat's map whose Right of Passage the bank pays for."""
    return next(m for m in (1, 2) if rop_sale(state, m) > 0)


def opening(state, m: int, bid: int) -> tuple:
    action = ("open", f"RoP {COLOURS[m]}", bid)
    assert action in state.legal_actions()
    return action


def test_a_bid_above_the_sale_with_nothing_to_build_is_vetoed():
    state = auction(gold=rop_sale(after(60), sold_for_something(after(60))) + 1)
    m = sold_for_something(state)
    sale = rop_sale(state, m)
    assert vetoed(state, 0, opening(state, m, sale + 1))
    assert not vetoed(state, 0, opening(state, m, sale))  # no loss: the bank pays it back
    assert not vetoed(state, 0, opening(state, 0, sale + 1))  # one's own map: not another's


def test_a_bid_that_leaves_a_claim_on_that_map_stands():
    m = sold_for_something(after(60))
    sale = rop_sale(after(60), m)
    state = auction(gold=sale + 2)  # a win at sale + 1 leaves a gold: a claim's, with a card that fits
    r = next(r for r in range(ROUTES) if state.owner[m * ROUTES + r] < 0)
    card = COMMODITY_MASK[COMMODITY_AT[m][ENDS[r][0]]]
    state.hand[0], state._legal = card & -card, None
    # (not for its idleness: it is still vetoed as above the Right of Passage's worth, ``overbids``)
    assert not idle_rop_bid(state, 0, opening(state, m, sale + 1))
    state.hand[0], state._legal = 0, None  # no card: a gold buys no route
    assert vetoed(state, 0, opening(state, m, sale + 1))


def test_a_raise_is_judged_as_an_opening():
    state = auction(gold=5)
    state.apply(opening(state, 2, 0), False)  # the person opens AI 3's Right of Passage at 0
    seat = state.to_move()
    assert seat == 1 and ("raise", 1) in state.legal_actions()
    state.hand[seat], state.gold[seat], state._legal = 0, rop_sale(state, 2) + 1, None
    assert vetoed(state, seat, ("raise", rop_sale(state, 2) + 1))
    assert rop_sale(state, 2) == 1 and not vetoed(state, seat, ("raise", 1))
