"""Bids that spend the last gold on what cannot be used without gold (``ai.vetoed``): a claim
costs a gold (§4) and a bid needs gold to beat 0 (§3.2), so a seat left with none and nothing to
sell builds nothing until it wins a Right of Passage at 0, which any seat with a gold outbids.
Hints walked a newcomer there: a red Textiles card for 2 of 3 gold, the Eyes of Shamesh for 1 of
2, the Pirate Queen for the last (each "about as good" as passing, by the search's figures, which
count later turns' routes whatever gold is left); from turn 5 to the end, fourteen turns, every
auction said "You cannot raise (only 0 gold)". AI seats and hints alike keep a gold back unless
what it buys pays its way at 0: a Right of Passage that sells for gold, or a claim that costs
none (a card and the Eyes' or the Pirate Queen's discount)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .evaluation import _with_item, rop_sale
from .idle_rights import bid_of, buildable

if TYPE_CHECKING:
    from .rules import AhldarahdState


def spends_last_gold(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``action`` bids all of ``seat``'s gold, with turns still to come, for an item after
    whose win it could neither build nor sell a Right of Passage (see the module doc)."""
    bid = bid_of(state, action)
    if bid is None or state.final or not 0 < bid[1] >= state.gold[seat]:
        return False
    world = _with_item(state, bid[0], seat)
    world._legal = None
    world.gold[seat] = 0
    if any(world.rop[k] == seat and rop_sale(world, k) > 0 for k in range(world.n)):
        return False
    return not any(buildable(world, seat, m, 0) for m in world.maps_of(seat))
