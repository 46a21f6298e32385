"""A bid for the Shah in the final turn that can only lose the tie-break (``ai.vetoed``).

The Shah scores nothing; its winner chooses who builds first this turn (§3.3), and in the final
turn there is no later auction for it to open first. A seat that could build nothing with the
gold a win leaves it and the cards it holds gains nothing by the order, while the gold it pays
is the tie-break between players level on points (§6). A hint called paying 1 gold for it
there "Clearly best"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SHAH
from .idle_rights import bid_of, buildable

if TYPE_CHECKING:
    from .rules import AhldarahdState


def idle_shah_bid(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``action`` bids gold for the Shah in the final turn while ``seat`` could then
    build nothing on any map it may build on (see the module doc)."""
    bid = bid_of(state, action)
    if bid is None or bid[0] != SHAH or bid[1] <= 0 or not state.final:
        return False
    gold = state.gold[seat] - bid[1]
    return not any(buildable(state, seat, m, gold) for m in state.maps_of(seat))
