"""Bids that spend the last gold on what cannot be used without gold (``ai.vetoed``): a claim
costs a gold (§4) and a bid needs gold to beat 0 (§3.2), so a seat left with none and nothing to
sell builds nothing until it wins a Right of Passage at 0, which any seat with a gold outbids.
Hints walked a newcomer there: a red Textiles card for 2 of 3 gold, the Eyes of Shamesh for 1 of
2, the Pirate Queen for the last (each "about as good" as passing, by the search's figures, which
count later turns' routes whatever gold is left); from turn 5 to the end, fourteen turns, every
auction said "You cannot raise (only 0 gold)". AI seats and hints alike keep a gold back unless
what it buys pays its way at 0: a Right of Passage that sells for gold, or a claim that costs
none (a card and the Eyes' or the Pirate Queen's discount). A route bought or claimed with the
last gold is left to the search, which may find it worth that, but its words say what it leaves
(``strands``), and so do those of one that leaves a single gold (``leaves_one``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .evaluation import _with_item, rop_sale
from .idle_rights import bid_of, buildable
from .terms import who

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
    return stranded(world, seat)


def stranded(world: AhldarahdState, seat: int) -> bool:
    """Whether ``seat`` holds no gold in ``world`` and nothing that brings some in its build: no
    Right of Passage it holds sells for any (§4), and no route is open to it at 0 gold (a claim
    costs a gold, §4, but for a card and the Eyes' or the Pirate Queen's discount)."""
    if world.gold[seat] > 0 or _sells(world, seat):
        return False
    return not any(buildable(world, seat, m, 0) for m in world.maps_of(seat))


def strands(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``seat``'s route (a claim, a purchase, a destruction) spends its last gold, with
    turns still to come, and leaves it ``stranded``: a hint starred "Buy … for 8 gold" with a
    newcomer's 8, no card and no Right of Passage, and said only what the route brought nearer;
    four turns at 0 gold followed."""
    world = _built(state, seat, action)
    return world is not None and stranded(world, seat)


def leaves_one(state: AhldarahdState, seat: int, action: tuple) -> bool:
    """Whether ``seat``'s route spends its gold down to 1, with turns still to come, nothing to
    sell and no discount: next turn it may raise to 1 or claim (a gold, §4), not both, and a card
    won for a gold cannot be claimed. A newcomer followed a hint's raise to 3 and a claim; the
    build's last hint said only "keeps 1 gold and 0 cards for later turns"."""
    world = _built(state, seat, action)
    return (
        world is not None
        and world.gold[seat] == 1
        and seat not in (world.eyes, world.pirate)
        and not _sells(world, seat)
    )


def _sells(world: AhldarahdState, seat: int) -> bool:
    """Whether a Right of Passage ``seat`` holds sells for any gold (§4)."""
    return any(world.rop[k] == seat and rop_sale(world, k) > 0 for k in range(world.n))


def _built(state: AhldarahdState, seat: int, action: tuple) -> AhldarahdState | None:
    """The state after ``seat``'s route ``action`` (a claim, a purchase, a destruction) that
    spends gold with turns still to come; None for any other action."""
    if action[0] not in ("claim", "buy", "destroy") or state.final or state.gold[seat] <= 0:
        return None
    world = state.clone()
    world.apply(action, False)
    return world


def one_gold_words(seat: int) -> str:
    """What 1 gold left allows until more comes ({pN} fields; ``leaves_one``)."""
    return f"leaves {who(seat)} 1 gold and nothing to sell: next turn a raise or a claim, not both"


def stranded_words(seat: int) -> str:
    """What having no gold and nothing to sell means until it changes ({pN} fields): a claim
    costs a gold (§4), a bid of 0 is all that is left and any gold outbids it (§3.2); gold comes
    back by a trade (§5) or by a Right of Passage won at 0 and sold (§4)."""
    return (
        f"leaves {who(seat)} no gold and nothing to sell: no claim, and bids of 0 only, until a trade or "
        "a Right of Passage won at 0 and sold brings some"
    )
