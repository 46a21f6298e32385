"""Bids for a Right of Passage that can only lose gold (``ai.vetoed``): another seat's Right of
Passage bid for above what the bank pays for it (§4: a gold per city held on its map), by a seat
that could then build nothing on that map this turn, with the gold left and the cards in hand.
Its use would have to wait for later turns, and any seat may open an auction for it in each of
them (§3.2: a Right of Passage is auctioned wherever it is); what is sure is the sale. A hint
said "Open an auction for AI 2's Right of Passage at 4 gold" to a seat with 4 gold and no card,
whose own words said "sold to the bank it brings 3 gold now", and an AI seat paid 5 for it and
sold it for 3 in the same build.

Nor is a Right of Passage sold for nothing (``free_sale``, left out by ``ai.considered``): on the
table it is auctioned as it would be held (§3.2), so such a sale only gives up the map, and one's
own opens one's map to whoever wins it. A hint listed "Sell AI 3's Right of Passage to the bank
for 0 gold" above two claims that each took a city."""

from __future__ import annotations

from .cards import COMMODITY_MASK, ITEM_INDEX, ROP, SHAH
from .evaluation import rop_sale
from .maps import COLOUR_INDEX, COMMODITY_AT, COST, ENDS, ROUTES
from .rules import AhldarahdState, destroy_payments
from .terms import BID_OPEN, BID_RAISE


def bid_of(state: AhldarahdState, action: tuple) -> tuple[int, int] | None:
    """(item, gold bid) of an opening or a raise, or None for any other move."""
    if state.phase == BID_OPEN and action[0] == "open":
        return ITEM_INDEX[action[1]], action[2]
    if state.phase == BID_RAISE and action[0] == "raise":
        return state.item, action[1]
    return None


def idle_rop_bid(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``action`` bids for another seat's Right of Passage above its sale, leaving
    ``seat`` nothing to build on that map this turn (see the module doc)."""
    bid = bid_of(state, action)
    if bid is None or not ROP <= bid[0] < SHAH or bid[0] - ROP == seat:
        return False
    item, paid = bid
    m = item - ROP
    if paid <= rop_sale(state, m):
        return False
    return not buildable(state, seat, m, state.gold[seat] - paid)


def free_sale(state: AhldarahdState, action: tuple) -> bool:
    """Whether ``action`` sells a Right of Passage to the bank for 0 gold (see the module doc)."""
    return action[0] == "sell_rop" and rop_sale(state, COLOUR_INDEX[action[1]]) == 0


def buildable(state: AhldarahdState, seat: int, m: int, gold: int) -> bool:
    """Whether ``seat`` could claim, buy or destroy a route on map ``m`` with ``gold`` and its
    hand (§4, with its Eyes' or Pirate Queen's discount)."""
    hand = state.hand[seat]
    counts = [(hand & mask).bit_count() for mask in COMMODITY_MASK]
    markers = state.markers[seat] > 0
    row = COMMODITY_AT[m]
    for r, (a, b) in enumerate(ENDS):
        owner = state.owner[m * ROUTES + r]
        if owner == seat:
            continue
        d = state.discount(seat, r)
        ca, cb = row[a], row[b]
        if owner < 0:
            if markers and (gold >= COST[r] - d or (gold >= 1 - d and counts[ca] + counts[cb])):
                return True
        elif destroy_payments(COST[r], d, ca, cb, counts[ca], counts[cb], gold):
            return True
    return False
