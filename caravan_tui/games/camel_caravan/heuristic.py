"""The cut-off heuristic behind ``estimate()``: projected points per seat, then win chances;
and the search prior.

The end of the game (the bag is empty: the next delivery ends it) needs its own terms: only one
delivery is left, a lead is won only when a delivery ends the game, and an action that ends it is
worth exactly its result. Without them a leader's running game looked as good as a won one (a
12-point lead: 0.98 against the end's 1.0, a gap the search cannot see), its winning delivery came
fifth in the prior behind chain-building moves, and the AI ended turns instead of winning."""

from __future__ import annotations

import heapq
import math
from array import array
from collections.abc import Callable
from operator import mul

from .board import (
    BIT,
    CELLS,
    CITY_OF_GOOD,
    DIST,
    GOOD_INDEX,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    SPACES,
    VALUE,
    group_of,
    penalty,
)

LOOSE_SHARE = 0.3  # part of a loose good's value counted (with its markers) while it lies loose
RISK_SAME_SPACE = 0.05  # chance a good on top is stolen when a thief's empty camel shares its space
RISK_ELSEWHERE = 0.0  # ... when a thief must first bring a camel there
CLAIM_ON_SPACE = 1.0  # a player's claim on a loose good with an empty camel on its space ...
CLAIM_ELSEWHERE = 0.92  # ... and without (any camel gets there in one or two actions)
ENDGAME_LEAD = 2.5  # bag empty: about this many points from the average at most while the game runs,
ENDGAME_SLOPE = 0.02  # ... plus this share of the rest, so a large lead still ranks progress
LAST_REFILL = 4  # goods a refill draws (rules §4): a bag holding no more is emptied by the next one


def carried_value(good: int, steps: int, own: int) -> float:
    """A carried good's worth by the camel steps still to bridge (about an action each): none
    left means it can be delivered with the next action, worth nearly its points; the far side
    of the board is worth a fifth. ``own`` (the good's own distance) breaks ties, so moving a
    good up its chain, which frees the camels behind it, counts as progress."""
    reach = 0.95 if not steps else max(0.2, 0.9 - 0.07 * steps)
    return VALUE[good] * (reach - 0.005 * own)


def steps_to_city(cell: int, good: int, group: int, empties: tuple) -> int:
    """Steps left for a good at ``cell``: it can already jump to any empty camel of its group."""
    city = CITY_OF_GOOD[good]
    steps = DIST[cell][city]
    for c in empties:
        if group & BIT[c] and DIST[c][city] < steps:
            steps = DIST[c][city]
    return steps


def camel_cells(empties: tuple, loads: tuple) -> int:
    """The cell mask of a seat's camels: its empty camels on ``empties`` and its ``loads``."""
    cells = 0
    for c in empties:
        cells |= BIT[c]
    for c, _, _ in loads:
        cells |= BIT[c]
    return cells


def chain_steps(empties: tuple, loads: tuple) -> list[int]:
    """``steps_to_city`` of each of a seat's ``loads``, its empty camels on ``empties``."""
    cells = camel_cells(empties, loads)
    steps = []
    group = 0
    for cell, good, _ in loads:
        if empties and not group & BIT[cell]:  # (else the last load's group holds this one too)
            group = group_of(cell, cells)
        steps.append(steps_to_city(cell, good, group, empties))
    return steps


def projected_points(state) -> list[float]:
    """Delivered points and demand markers; carried goods by chain distance, less theft risk
    (which the thieves gain) and the undelivered-goods penalty (in full once the bag is empty,
    and not for goods deliverable with the next action); loose goods
    with their demand markers claimed by each player able to pick them up (not shared out: a claim
    is the chance to take it, and blocking a space must not look like progress).

    Camels jump to any space in one action, so camel distance means nothing; what costs actions is
    the chain a good needs: ``steps_to_city`` counts the spaces still to fill with camels.

    Once the bag is empty the next delivery ends the game: see ``_points`` and ``squashed``. The
    squash starts a refill earlier, once the bag holds no more than the next refill draws: else
    the pick-up that brings the last refill fell from a won game's 1.0 to the squashed 0.87, and a
    leader far ahead moved a camel to and fro, turn after turn, rather than pick up anything."""
    points = _points(state)
    return squashed(points) if sum(state.bag) <= LAST_REFILL else points


def _points(state) -> list[float]:
    """``projected_points`` before the end-game squash. Once the bag is empty only one more
    delivery can happen, by anyone: a seat's carried goods count by the best of them alone, and
    at most one of them escapes the penalty. A seat whose camels are all loaded, with none left
    to place, can never move a good again (a good ends on an empty camel): its goods count for
    nothing and their penalty in full (a steal with the last empty camel locked a player out of
    the rest of the game, and the hint advised it)."""
    n = state.n
    last = not any(state.bag)
    points = [float(state.markers[p] + sum(map(mul, VALUE, state.delivered[p]))) for p in range(n)]
    free = [state.supply[p] + len(state.empties[p]) for p in range(n)]
    thieves = [p for p in range(n) if state.thefts[p] and free[p]]
    penalty_weight = 1.0 if last else 0.5
    for p in range(n):
        loads, empties = state.loads[p], state.empties[p]
        if loads and not free[p]:  # every camel loaded, none to place: no good of theirs moves again
            points[p] -= penalty(len(loads))
            continue
        if not loads:  # nothing carried: nothing to add
            continue
        robbers = [q for q in thieves if q != p]
        steps = chain_steps(empties, loads)
        ready = steps.count(0)  # about to be delivered: no penalty to fear for them
        values = []
        for (cell, good, under), to_go in zip(loads, steps):
            value = carried_value(good, to_go, DIST[cell][CITY_OF_GOOD[good]])
            if robbers and not under:
                near = any(cell in state.empties[q] for q in robbers)
                lost = value * (RISK_SAME_SPACE if near else RISK_ELSEWHERE)
                value -= lost
                for q in robbers:
                    points[q] += lost / len(robbers)
            values.append(value)
        points[p] += _carried(values, ready, len(loads), last, penalty_weight)
    claimants = [p for p in range(n) if free[p] >= 2]  # fewer: a pick-up would load them all
    for cell in SPACES:
        good = state.loose[cell]
        if good < 0:
            continue
        pot = (state.demand[cell] + LOOSE_SHARE * VALUE[good]) / n
        for p in claimants:
            points[p] += pot * (CLAIM_ON_SPACE if cell in state.empties[p] else CLAIM_ELSEWHERE)
    return points


def _carried(values: list[float], ready: int, carried: int, last: bool, weight: float) -> float:
    """A seat's carried goods (``values``, ``ready`` of them deliverable with the next action)
    less the penalty for those that will stay carried."""
    if last:  # one delivery left in the game: the best good, and one penalty escaped at most
        return max(values, default=0.0) - weight * penalty(carried - min(ready, 1))
    return sum(values) - weight * penalty(carried - ready)


#: the actions that send a camel somewhere (from supply or another space)
SENT = ("place", "move_camel")
#: the actions that may spend one for nothing at the end (``sent_for_nothing``)
SPENT = (*SENT, "move_good")


def delivers(state, seat: int, action) -> bool:
    """Whether ``action`` delivers a good (``GameAI.noted``: a hint names one it ranks below those
    it lists, with why: with the bag empty, "Deliver the stolen hides (+3)" topped the plays list,
    and the hint, which saw it end the match lost, never said a word of it)."""
    return action[0] == "move_good" and CITY_OF_GOOD[GOOD_INDEX[action[3]]] == action[2]


def sent_for_nothing(state, seat: int, action) -> bool:
    """Whether ``action`` spends an action for nothing at the end: once the next refill empties
    the bag (or it is empty), it sends a camel where the estimate values it no higher than where
    it stood (or one from supply to such a place), or moves a good on short of its city to where
    the estimate values it no higher. There the search saw ending the turn give the
    other seat its game-ending delivery, and every camel moved before it put that off: a seat
    behind moved one camel between the same two spaces with all four actions of its turn (seed
    3, short game), and a review called every move best. With the bag at 4 a seat far behind did
    the same for four whole turns, any pick-up bringing the last refill (seed 22, short game): a
    person took it for a frozen AI. A hint moved meat a step on and, with the next action, back
    (seed 7087, moves 129 and 130). The turn ends all the same once they are spent."""
    if action[0] not in SPENT or sum(state.bag) > LAST_REFILL:
        return False
    if delivers(state, seat, action):
        return False
    after = state.clone()
    after.apply(action, log=False)
    if after.turn is None or (after.turn == seat and wins_this_turn(after)):  # (a step to a win within the turn)
        return False
    if after.turn == seat and (nearer := delivery_in_reach(after)) is not None:  # (a step to a delivery this turn)
        now = delivery_in_reach(state)
        if now is None or nearer < now:
            return False
    return margin(projected_points(after), seat) <= margin(projected_points(state), seat)


def delivery_in_reach(state) -> int | None:
    """The fewest actions in which the seat to move can deliver a good it carries this turn
    (``deliveries``); None: none within its actions. With the bag at 4 a hint passed a whole turn
    of 4 actions, meat on its camel a step, a camel move and a delivery from Walata, each camel
    move vetoed as sent for nothing."""
    return min((cost for cost, _ in deliveries(state)), default=None)


def deliveries(state) -> list[tuple[int, tuple[int, ...]]]:
    """Each delivery the seat to move can make this turn of a good it carries on top: its
    actions (the camels placed or moved into a chain, ``chain``, and the delivery; or the good
    first onto an empty camel beside it, its own camel then free to go) and the chain's cells,
    its city last."""
    p, left = state.turn, state.left
    if p is None or not left:
        return []
    found: list[tuple[int, tuple[int, ...]]] = []
    for cell, good, under in state.loads[p]:
        if under:
            continue
        city = CITY_OF_GOOD[good]
        direct = chain(state, p, cell, city, left - 1, state.supply[p], None)
        if direct is not None:
            found.append((direct[0] + 1, (*direct[1], city)))
            continue
        for hop in NEIGHBOURS[cell]:
            if hop in state.empties[p]:
                hopped = chain(state, p, hop, city, left - 2, state.supply[p] + 1, hop)
                if hopped is not None:
                    found.append((hopped[0] + 2, (hop, *hopped[1], city)))
    return found


def wins_this_turn(state) -> bool:
    """Whether the seat to move, with the bag empty, can deliver a good with the actions it has
    left and win by it (the delivery ends the game, and nothing is left to chance): a good it
    carries, or a loose good it first picks up, brought along the fewest actions of camels
    placed or moved (``_chain_cost``). Exact about the wins it finds, and it finds no win by
    other means (demand markers picked up on the way, a theft first): so it never claims a win
    that is not there. Without it the estimate rated such a turn as the running game (66% for a
    sure 55-50 win), the search did not find the four actions that win, nor did the hint show
    them, and a review booked the jump to 100% at the end as the searches' drift."""
    p = state.turn
    left = state.left
    if p is None or any(state.bag) or not left:
        return False
    wins = wins_by(state, p)
    loads, empties = state.loads[p], state.empties[p]
    for cell, good, _ in loads:
        if not wins(VALUE[good], len(loads) - 1):
            continue
        cost = _chain_cost(state, p, cell, CITY_OF_GOOD[good], left - 1, state.supply[p], None)
        if cost is not None:
            return True
    if state.supply[p] + len(empties) < 2:  # a pick-up may never load every camel
        return False
    for cell in SPACES:
        good = state.loose[cell]
        if good < 0:
            continue
        if not wins(state.demand[cell] + VALUE[good], len(loads)):
            continue
        if cell in empties:  # its camel picks it up where it stands
            cost = _chain_cost(state, p, cell, CITY_OF_GOOD[good], left - 2, state.supply[p], cell)
        else:  # a camel sent there first, from supply or an empty one elsewhere
            step = 2 if state.occ[cell] else 1
            budget = left - 2 - step
            if state.supply[p]:
                cost = _chain_cost(state, p, cell, CITY_OF_GOOD[good], budget, state.supply[p] - 1, None)
            else:  # each of its empty camels in turn
                cost = next(
                    (
                        c
                        for f in dict.fromkeys(empties)
                        if (c := _chain_cost(state, p, cell, CITY_OF_GOOD[good], budget, 0, f)) is not None
                    ),
                    None,
                )
        if cost is not None:
            return True
    return False


def wins_by(state, p: int) -> Callable[[int, int], bool]:
    """Whether ``p``, with a delivery that ends the match bringing it ``points`` (demand markers
    picked up on the way counted) and ``carried`` goods left on its camels, wins it (rules §5: the
    score, then the goods delivered)."""
    goods = [sum(map(mul, VALUE, state.delivered[q])) for q in range(state.n)]
    counts = [sum(state.delivered[q]) for q in range(state.n)]
    best_other = max(
        (goods[q] + state.markers[q] - penalty(len(state.loads[q]))) * 64 + counts[q] for q in range(state.n) if q != p
    )
    mine = goods[p] + state.markers[p]
    return lambda points, carried: (mine + points - penalty(carried)) * 64 + counts[p] + 1 > best_other


def _without_one(cells: tuple, cell: int) -> tuple:
    """``cells`` with one ``cell`` fewer."""
    i = cells.index(cell)
    return cells[:i] + cells[i + 1 :]


def _chain_cost(state, p: int, start: int, city: int, budget: int, supply: int, taken: int | None) -> int | None:
    """The fewest actions (at most ``budget``) that join ``start`` to an empty camel of ``p`` on
    ``city`` by a chain of ``p``'s camels, each cell still to fill taking a camel from ``supply``
    or an empty camel off the chain (``taken``: the cell of one already sent elsewhere, or
    ``start`` itself where its camel loads the good there): 1 action a free cell, 2 one holding
    camels. None where no chain is within the budget or there are too few camels for it."""
    found = chain(state, p, start, city, budget, supply, taken)
    return None if found is None else found[0]


def chain(
    state, p: int, start: int, city: int, budget: int, supply: int, taken: int | None
) -> tuple[int, list[int]] | None:
    """``_chain_cost``'s chain: its cost and its cells from ``city`` back to ``start`` (not it)."""
    if budget < 0:
        return None
    empties = state.empties[p]
    if taken is not None and taken != start:  # that camel has gone to ``start``
        empties = _without_one(empties, taken)
    own = 0
    for cell in empties:
        own |= BIT[cell]
    for cell, _, _ in state.loads[p]:
        own |= BIT[cell]
    own |= BIT[start]
    occ = state.occ
    city_empty = city in empties and taken != city

    def weight(cell: int) -> int:
        if cell == city:
            return 0 if city_empty else 2 if occ[cell] or own & BIT[cell] else 1
        return 0 if own & BIT[cell] else 2 if occ[cell] else 1

    best = {start: 0}
    came: dict[int, int] = {}
    heap = [(0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best.get(cell, budget + 1):
            continue
        if cell == city:
            path = []
            while cell != start:
                path.append(cell)
                cell = came[cell]
            need = sum(1 for c in path if weight(c))
            spare = [c for c in empties if c not in path and c != start]
            return (cost, path) if need <= supply + len(spare) else None
        for nxt in NEIGHBOURS[cell]:
            total = cost + weight(nxt)
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                came[nxt] = cell
                heapq.heappush(heap, (total, nxt))
    return None


def squashed(points: list[float]) -> list[float]:
    """End-game projections pulled towards their average (to about ``ENDGAME_LEAD`` either side,
    order kept): with the bag empty a lead is won only when a delivery ends the game, and until
    then the others may still steal, collect demand markers or deliver first. With the estimate's
    spread of 3 points a running two-player game is then worth about 0.84 to a leader by 10
    points (0.87 by 40) and a winning end 1.0: a gap the search sees even at easy's budget.

    ``ENDGAME_SLOPE`` keeps a little of every point beyond the squash: without it a leader by 15
    points saw its whole running game as one value (tanh is flat there), set up no delivery that
    needed a turn of preparation, and ended turn after turn unused."""
    mean = sum(points) / len(points)
    return [mean + ENDGAME_LEAD * math.tanh((x - mean) / ENDGAME_LEAD) + ENDGAME_SLOPE * (x - mean) for x in points]


def win_chances(points: list[float], spread: float) -> list[float]:
    """Softmax of projected points: in [0, 1], summing to 1; ``spread`` points ≈ e times likelier."""
    top = max(points)
    weights = [math.exp((x - top) / spread) for x in points]
    total = sum(weights)
    return [w / total for w in weights]


# -- the search prior ----------------------------------------------------------------------------
#
# The AI's search (ai/ismcts.py) expands the actions of a node best first by a *prior*. The exact
# prior, the estimate one action ahead, costs a clone, an apply and a full estimate for each of
# the 100-290 legal actions; ``action_priors`` scores the bulk of them (placing and moving empty
# camels) incrementally from the same terms as ``projected_points`` instead, and only the few
# others (pick-ups, thefts, good moves, ending the turn) exactly.

CLAIM_GAIN = CLAIM_ON_SPACE - CLAIM_ELSEWHERE
EXTRA_ACTION = 0.05  # a placement onto camels costs 2 actions: a tie-breaker among equal moves
END_PRIOR = 1000.0  # an action that ends the game: scored by its real result, above or below all else
TOUCH = [BIT[cell] | NEIGHBOUR_MASK[cell] for cell in CELLS]  # a cell and its neighbours


def margin(points: list[float], p: int) -> float:
    """Seat ``p``'s projected points over the others' average."""
    others = [x for q, x in enumerate(points) if q != p]
    return points[p] - sum(others) / len(others)


class _Chains:
    """The mover's chains as ``projected_points`` values them, for one placement of its empty
    camels: connected groups, each load's steps and value, and each group's nearest empty camel
    to every city; ``gain(t)`` is the change one more empty camel on ``t`` would bring.

    ``risk``: per load, the part thieves are expected to take; ``spill``: what each point they
    gain costs the mover's margin (1 / (players - 1)); ``last``: the bag is empty (``_carried``)."""

    __slots__ = (
        "comps",
        "loads",
        "near",
        "values",
        "risk",
        "spill",
        "ready",
        "carried",
        "weight",
        "last",
        "load_cells",
        "total",
    )

    def __init__(
        self, empties: tuple, loads: tuple, risk: list[float], weight: float, last: bool, spill: float
    ) -> None:
        cells = camel_cells(empties, loads)
        self.weight = weight
        self.last = last
        self.risk = risk
        self.spill = spill
        self.comps: list[int] = []
        self.near: list[dict[int, int]] = []
        self.loads: list[tuple] = []  # (comp index, cell, city, good, steps)
        self.load_cells = 0
        self.ready = 0
        self.carried = len(loads)
        rest = cells if loads else 0  # (no load: no chain worth anything)
        while rest:
            low = rest & -rest
            group = group_of(low.bit_length() - 1, cells)
            self.comps.append(group)
            rest &= ~group
        cities = {CITY_OF_GOOD[good] for _, good, _ in loads}
        for group in self.comps:
            near = dict.fromkeys(cities, 99)
            for e in empties:
                if group & BIT[e]:
                    row = DIST[e]
                    for city in cities:
                        if row[city] < near[city]:
                            near[city] = row[city]
            self.near.append(near)
        for cell, good, _ in loads:
            ci = 0
            while not self.comps[ci] & BIT[cell]:
                ci += 1
            self.load_cells |= self.comps[ci]
            city = CITY_OF_GOOD[good]
            steps = min(DIST[cell][city], self.near[ci][city])
            self.loads.append((ci, cell, city, good, steps))
            self.ready += not steps
        self.values = [carried_value(good, steps, DIST[cell][city]) for _, cell, city, good, steps in self.loads]
        self.total = self._worth(self.values, self.ready)

    def _worth(self, values: list[float], ready: int) -> float:
        """The mover's margin from its carried goods worth ``values`` (``ready`` deliverable)."""
        risk = self.risk
        kept = [v * (1.0 - r) for v, r in zip(values, risk)]
        lost = sum(v * r for v, r in zip(values, risk))
        return _carried(kept, ready, self.carried, self.last, self.weight) - self.spill * lost

    def gain(self, t: int) -> float:
        """Change of ``total`` with one more empty camel on ``t``, a cell that ``TOUCH``es a load's
        group (elsewhere the change is 0.0)."""
        touch = TOUCH[t]
        merged = [ci for ci, group in enumerate(self.comps) if group & touch]
        row = DIST[t]
        values = None
        ready = self.ready
        for i, (ci, cell, city, good, steps) in enumerate(self.loads):
            if ci in merged:
                new = min(steps, row[city])
                for cj in merged:
                    if cj != ci and self.near[cj][city] < new:
                        new = self.near[cj][city]
                if new != steps:
                    if values is None:
                        values = self.values[:]
                    values[i] = carried_value(good, new, DIST[cell][city])
                    ready += not new
        if values is None:
            return 0.0
        return self._worth(values, ready) - self.total


#: the priors kept for positions met again, the oldest let go first: a review's searches and its
#: end-of-match looks (``ai/safety.py``) meet the same positions again and again (a short game's
#: review at 300 iterations asked 39,707 times for 22,794 positions)
KEPT = 4096
_kept: dict[tuple, array] = {}


def position_key(state) -> tuple:
    """Every field of a position, hashable: what a result kept for it is kept by."""
    fields = map(state.__getattribute__, type(state).__slots__)
    return (state.turn, *[tuple(v) if type(v) is list else v for v in fields])


def action_priors(state, actions) -> list[float]:
    """``scored_actions``, kept for ``KEPT`` positions met last: each kept by every field of the
    position (and the actions asked), so it is what the position would be scored again."""
    key = (*position_key(state), tuple(actions))
    found = _kept.get(key)
    if found is None:
        if len(_kept) >= KEPT:
            del _kept[next(iter(_kept))]
        found = _kept[key] = array("d", scored_actions(state, actions))
    return list(found)


def scored_actions(state, actions) -> list[float]:
    """A search prior for the seat to move: per action, about how much it would raise that seat's
    projected points over the others' average (``projected_points`` one action ahead).

    Placing or moving an empty camel is scored incrementally: chains it extends (a good's steps to
    its city, and the penalty it escapes when it becomes deliverable next action), loose goods it
    stands on, opponents' goods it threatens; pick-ups, thefts, good moves and ending the turn are
    applied and scored exactly. Only the order of the scores matters to the search.

    An action that ends the game (once the bag is empty, any delivery) is scored by the result
    itself: a win first of all, a loss last; where the seat can win with a delivery later in the
    turn (``wins_this_turn``), the actions after which it still can come next (the win may need
    a camel moved that the scores above rank low, and the search never tried it). Once the bag
    holds no more than the next refill draws the incremental scores go through the end-game
    squash as well (exact at two players), as ``projected_points`` does."""
    p = state.turn
    n = state.n
    last = not any(state.bag)
    squash = sum(state.bag) <= LAST_REFILL  # (as ``projected_points``)
    raw = _points(state)
    base = margin(squashed(raw) if squash else raw, p)
    free = [state.supply[q] + len(state.empties[q]) for q in range(n)]
    thieves = [q for q in range(n) if state.thefts[q] and free[q]]
    robbers_of_p = [q for q in thieves if q != p]
    weight = 1.0 if last else 0.5
    loads = state.loads[p]
    spill = 1.0 / (n - 1)
    risk = []  # p loses the risked part and the robbers gain it: both move p's margin
    for cell, _, under in loads:
        if robbers_of_p and not under:
            near = any(cell in state.empties[q] for q in robbers_of_p)
            risk.append(RISK_SAME_SPACE if near else RISK_ELSEWHERE)
        else:
            risk.append(0.0)
    pot = [0.0] * len(BIT)
    if free[p] >= 2:
        for cell in SPACES:
            good = state.loose[cell]
            if good >= 0:
                pot[cell] = CLAIM_GAIN * (state.demand[cell] + LOOSE_SHARE * VALUE[good]) / n
    threat = [0.0] * len(BIT)  # what one more empty camel of p on a cell adds by theft risk
    if p in thieves:
        for q in range(n):
            if q == p:
                continue
            robbers = [r for r in thieves if r != q]
            theirs = state.loads[q]
            if not theirs:
                continue
            steps = chain_steps(state.empties[q], theirs)
            values = [
                carried_value(good, to_go, DIST[cell][CITY_OF_GOOD[good]])
                for (cell, good, _), to_go in zip(theirs, steps)
            ]
            exposed = [
                not under and not any(cell in state.empties[r] for r in robbers if r != p) for cell, _, under in theirs
            ]
            if not last:  # q loses what p takes
                for (cell, _, _), value, bare in zip(theirs, values, exposed):
                    if bare:
                        threat[cell] += (RISK_SAME_SPACE - RISK_ELSEWHERE) * value * (1.0 / len(robbers) + spill)
                continue
            # one delivery left: q loses only as far as its best good loses
            kept = [
                v
                * (
                    1.0
                    - (
                        0.0
                        if under
                        else RISK_SAME_SPACE
                        if any(cell in state.empties[r] for r in robbers)
                        else RISK_ELSEWHERE
                    )
                )
                for (cell, _, under), v in zip(theirs, values)
            ]
            for cell in {cell for (cell, _, _), bare in zip(theirs, exposed) if bare}:
                here = [bare and c == cell for (c, _, _), bare in zip(theirs, exposed)]
                taken = sum((RISK_SAME_SPACE - RISK_ELSEWHERE) * v for v, h in zip(values, here) if h)
                without = max(v * (1.0 - RISK_ELSEWHERE) if h else k for v, k, h in zip(values, kept, here))
                with_p = max(v * (1.0 - RISK_SAME_SPACE) if h else k for v, k, h in zip(values, kept, here))
                threat[cell] += taken / len(robbers) + (without - with_p) * spill
    bonus = [claim + theft for claim, theft in zip(pot, threat)]  # what an empty camel arriving on a cell adds
    empties = state.empties[p]
    occ = state.occ
    whole = _Chains(empties, loads, risk, weight, last, spill)
    start = whole.total
    sources = {None: (whole, 0.0, empties)}

    def source(f):
        """(chains, the change of their total with the claim and threat given up, the empty camels
        left) once a camel moves from ``f``, kept in ``sources`` (``sources[None]``: from supply)."""
        i = empties.index(f)
        left = empties[:i] + empties[i + 1 :]
        if f in left:  # another camel stays on f: the same chains, claim and threat
            found = (whole, 0.0, left)
        else:
            chains = _Chains(left, loads, risk, weight, last, spill)
            found = (chains, chains.total - bonus[f] - start, left)
        sources[f] = found
        return found

    squashes: dict[float, float] = {}  # score -> squashed score: a few values recur over all the placements
    scores = []
    for action in actions:
        kind = action[0]
        if kind == "place" or kind == "move_camel":
            f = None if kind == "place" else action[1]
            chains, score, left = sources.get(f) or source(f)
            t = action[-1]
            if chains.load_cells & TOUCH[t]:
                score += chains.gain(t)
            if t not in left:
                score += bonus[t]
            if occ[t]:
                score -= EXTRA_ACTION
            if squash:  # as if the change were all the mover's own (exact at two players)
                found = squashes.get(score)
                if found is None:
                    points = raw[:]
                    points[p] += score
                    found = squashes[score] = margin(squashed(points), p) - base
                score = found
            scores.append(score)
        else:
            after = state.clone()
            after.apply(action, log=False)
            if after.turn is None:
                scores.append(END_PRIOR * (after.outcome()[p] - 1.0 / n))
            elif kind == "end_turn":  # nothing ``projected_points`` reads has changed
                scores.append(0.0)
            else:
                scores.append(margin(projected_points(after), p) - base)
    if last and wins_this_turn(state):
        win_steps_first(state, actions, scores)
    return scores


def win_steps_first(state, actions, scores: list[float]) -> None:
    """``scores`` (of ``actions``, in place) once the seat to move can win within its turn: the
    actions after which it still can go first, just below one that wins now."""
    p = state.turn
    for i, action in enumerate(actions):
        if scores[i] < END_PRIOR / 4 and action[0] != "end_turn":
            after = state.clone()
            after.apply(action, log=False)
            if after.turn == p and wins_this_turn(after):
                scores[i] = END_PRIOR / 4 + scores[i]
