"""What a Right of Passage held in the final turn's build is worth kept: the destroy it allows
(rules §4: another's route on a map the seat may build on, paid twice, each half in gold or a
matching card and 1 gold), the last chance to take points from a rival.

A hint starred "End your build … 19 gold left counts only in a tie" while AI 3, building next,
held the person's Right of Passage: AI 3 sold another for 8 gold, destroyed Horses–Dates for 12
and took the match. The prior ranked that sale below selling the person's own Right of
Passage, which ends the threat, so the look at the end of the match (``ai.safety``) never
followed AI 3 to its destroy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import COMMODITY_MASK
from .evaluation import builds_left, rop_sale
from .maps import ADJ, COST, ENDS, MAJORITY, ROUTE_GOODS, ROUTES, SLOTS
from .terms import BUILD

if TYPE_CHECKING:
    from .rules import AhldarahdState


def opened_by(state: AhldarahdState, q: int, k: int) -> int:
    """The most points one destroy on map ``k`` that ``q`` can pay for now takes from another
    seat, in the final turn (0 before it): what ``q``'s Right of Passage of ``k`` still does."""
    if not state.final:
        return 0
    return max((_taken(state, v, k, r) for v in range(state.n) if v != q for r in _open(state, q, v, k)), default=0)


def guarded_from(state: AhldarahdState, seat: int, m: int, r: int) -> tuple[int, int] | None:
    """In ``seat``'s last build, a seat building after it that could take one of route ``r``'s
    end cities from ``seat`` with a destroy it can pay for now, which a spare route ``r`` keeps
    (the seat, the city's slot); None where there is none."""
    if not state.final:
        return None
    for q in range(state.n):
        if q == seat or not builds_left(state, q) or m not in state.maps_of(q):
            continue
        losing = set(_open(state, q, seat, m))
        for slot in ENDS[r]:
            if state.ctrl[m * SLOTS + slot] == seat and any(route in losing for route in ADJ[slot]):
                return q, slot
    return None


def destroyer_after(state: AhldarahdState, seat: int) -> tuple[int, int, tuple[int, ...]] | None:
    """A seat building after ``seat`` this turn that could take cities from it with one destroy
    it can pay for now, on a map it may build on (its own, or ``seat``'s by the Right of Passage
    it holds): (that seat, the map, the slots of the cities lost), the destroy that takes the
    most; None where there is none. In any turn: a newcomer ended a build in turn 13 while AI 2,
    building next, held their Right of Passage with 14 gold, and the hint said nothing of it.
    The cities are those the destroy takes: "and cost you the Ivory city" named a city that kept
    a route to spare, where AI 3 then destroyed a route that took the Horses and the Dates cities."""
    if state.phase != BUILD or state.turn != seat:
        return None
    found: tuple[int, int, tuple[int, ...]] | None = None
    for q in state.order[state.pos + 1 :]:
        for m in state.maps_of(q):
            for r in _open(state, q, seat, m):
                lost = _lost(state, seat, m, r)
                if found is None or len(lost) > len(found[2]):
                    found = (q, m, lost)
    return found


def _open(state: AhldarahdState, q: int, v: int, m: int) -> list[int]:
    """``v``'s routes on map ``m`` whose loss loses ``v`` a city and that ``q`` can pay to
    destroy now."""
    owner = state.owner
    return [
        r for r in range(ROUTES) if owner[m * ROUTES + r] == v and _affords(state, q, m, r) and _lost(state, v, m, r)
    ]


def _lost(state: AhldarahdState, v: int, m: int, r: int) -> tuple[int, ...]:
    """The slots of the cities ``v`` holds at route ``r``'s ends on map ``m`` that it would lose
    with the route: held with no route to spare."""
    ctrl = state.ctrl
    return tuple(
        slot for slot in ENDS[r] if ctrl[m * SLOTS + slot] == v and state.routes_into(m, slot, v) - 1 < MAJORITY[slot]
    )


def _affords(state: AhldarahdState, q: int, m: int, r: int) -> bool:
    """Whether ``q`` can pay now to destroy route ``r`` on map ``m``: a matching card pays a half
    for 1 gold (less its discount), gold the rest; the Rights of Passage of other maps it holds
    add what they sell for (a gold a city held there)."""
    d = state.discount(q, r)
    gold_half, card_half = max(COST[r] - d, 0), max(1 - d, 0)
    a, b = ROUTE_GOODS[m][r]
    cards = min(2, (state.hand[q] & (COMMODITY_MASK[a] | COMMODITY_MASK[b])).bit_count())
    budget = state.gold[q] + sum(rop_sale(state, k) for k in range(state.n) if state.rop[k] == q and k not in (q, m))
    return cards * card_half + (2 - cards) * gold_half <= budget


def _taken(state: AhldarahdState, v: int, m: int, r: int) -> int:
    """The points ``v`` loses with route ``r`` on map ``m`` (§6, its bonuses counted)."""
    world = state.clone()
    world._remove(m, r, None, None)
    return state.points()[v] - world.points()[v]
