"""A route in a seat's last build that scores nothing (``ai.vetoed``, and its words in ``explain``).

In the final turn's build only points count, and gold only in a tie (§6): a route that changes
nobody's points spends the tie-break for nothing. A hint starred "Buy Textiles–Incense … for 8
gold" under its own words "scores nothing: this is your last build, and the 8 gold it costs would
count in a tie", where ending the build kept the 8 gold (seed 161).

Nor does a last build end with a Right of Passage unsold (``unsold_end``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.engine import Action

from .evaluation import builds_left, rop_sale
from .maps import COLOUR_INDEX, COLOURS, COST
from .terms import BUILD

if TYPE_CHECKING:
    from .rules import AhldarahdState


def idle_route(state: AhldarahdState, seat: int, action: Action) -> bool:
    """Whether ``action`` claims or buys a route in ``seat``'s last build that costs gold and
    scores nothing (``scores_nothing``: never where another may still build on its map)."""
    if not state.final or action[0] not in ("claim", "buy"):
        return False
    return route_price(state, seat, action) > 0 and scores_nothing(state, seat, action)


def unsold_end(state: AhldarahdState, seat: int, action: Action) -> bool:
    """Whether ``action`` ends ``seat``'s last build while it holds a Right of Passage that sells
    for gold (§4): held past it, it is worth nothing to anyone, as no auction is left to take it
    (§3.2), while sold it adds to the gold that breaks a tie (§6). The search rated "End your
    build" clearly best beside its own words "held, it is worth nothing" of a Right of Passage
    that sold for 9: the end is the match's, scored exactly, the sale one step short of it."""
    if action[0] != "end" or not state.final or state.phase != BUILD or state.turn != seat:
        return False
    return any(state.rop[k] == seat and rop_sale(state, k) > 0 for k in range(state.n))


def others_build_there(state: AhldarahdState, seat: int, m: int) -> bool:
    """Whether another seat may still build on map ``m`` this turn (its own, or with its Right of
    Passage, its build to come): there a route that scores nothing may keep a city from it, or
    guard one of ``seat``'s against its destroying."""
    return any(q != seat and builds_left(state, q) and m in state.maps_of(q) for q in range(state.n))


def route_price(state: AhldarahdState, seat: int, action: Action) -> int:
    """The gold ``seat`` pays for the claim or buy ``action`` (its items' discounts taken off)."""
    r = action[2] - 1
    return (COST[r] if action[0] == "buy" else 1) - state.discount(seat, r)


def scores_nothing(state: AhldarahdState, seat: int, action: Action) -> bool:
    """Whether ``action``, a route of ``seat``'s in its last build on a map no one else may still
    build on this turn (``others_build_there``: a buy that guarded a city against a destroy to
    come was said to score nothing), changes nobody's points, now or with one more route of this
    build on that map: a route that only brings a city nearer brings nothing then (a hint said
    "the Pearls city: 1 of the 3 routes it needs" of a claim in the final turn, and starred one
    that spent the tie-break's gold for it), while the first of two routes that take a city
    scores (it was called "a spare route", the second "scores nothing")."""
    if others_build_there(state, seat, COLOUR_INDEX[action[1]]):
        return False
    world = state.clone()
    before = world.points()
    world.apply(action, False)
    return world.points() == before and not scores_there(world, seat, COLOUR_INDEX[action[1]], depth=1)


def scores_there(state: AhldarahdState, seat: int, k: int, depth: int = 2) -> bool:
    """Whether ``seat`` can change anyone's points by building on map ``k`` in this build, with up
    to ``depth`` routes: in a last build, a Right of Passage held is worth only that. One hint
    said "held, it is worth more to you than all your gold (1)" where every route left scored
    nothing."""
    if depth == 0:
        return False
    colour = COLOURS[k]
    before = state.points()
    for action in state.legal_actions():
        if action[0] in ("claim", "buy", "destroy") and action[1] == colour:
            world = state.clone()
            world.apply(action, False)
            if world.points() != before or scores_there(world, seat, k, depth - 1):
                return True
    return False
