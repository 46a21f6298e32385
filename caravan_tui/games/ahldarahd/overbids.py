"""Bids whose own reason argues against them (``ai.vetoed``): gold bid for an item above what it
is worth to the bidder and to everyone a win keeps it from (``explain.argues_against``, the
words a bid is given). The search weighed such a bid a little above passing, by less than its
noise: a hint said "Either is about as good: Raise to 3 gold for AI 3's Right of Passage" beside
"worth about 2 gold to you, but a win keeps it from AI 3, to whom it is worth about 1, both
less than the bid; sold to the bank it brings 0 gold now", and its next hint sold it for 2 with
nothing built on that map. AI seats and hints alike bid no more than the words can stand behind.

Nor do they open an auction above 0 that nobody could raise (every other seat's Camel face down
or its gold spent, §3.2): 0 wins it, keeps the gold, and leaves the opener's Camel up. A hint
starred opening at 1 as "about as good" as 0 with both other Camels down.

Nor are raises above the least weighed where nobody still in the auction could answer that one
(``unanswerable``, asked by ``ai.considered``): the least wins the item for less gold. A hint said
"Clearly best: Raise to 2 gold for the Shah" over "Raise to 1", the only other bidder holding no
gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .explain import argues_against
from .idle_rights import bid_of
from .no_gold import raisers
from .terms import BID_OPEN

if TYPE_CHECKING:
    from .rules import AhldarahdState


def overbid(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``action`` bids more for an item than it is worth to ``seat`` or to anyone a win
    keeps it from, or opens above 0 where nobody could raise (see the module doc)."""
    bid = bid_of(state, action)
    if bid is None or bid[1] <= 0:
        return False
    if state.phase == BID_OPEN and not raisers(state, seat):
        return True
    return argues_against(state, seat, *bid)


def unanswerable(state: AhldarahdState, seat: int, bid: int) -> bool:
    """Whether no seat still in the auction besides ``seat`` could raise ``bid`` (§3.2: its Camel
    face up and more gold than the bid)."""
    return not any(
        q != seat and not state.out >> q & 1 and state.camel[q] and state.gold[q] > bid for q in range(state.n)
    )
