"""The cut-off heuristic behind ``estimate()``: projected points per seat, then win chances."""
from __future__ import annotations

import math

from .board import BIT, CITY_OF_GOOD, DIST, NEIGHBOUR_MASK, SPACES, VALUE, group_of, penalty

LOOSE_SHARE = 0.3  # part of a loose good's value counted (with its markers) while it lies loose
RISK_SAME_SPACE = 0.05  # chance a good on top is stolen when a thief's empty camel shares its space
RISK_ELSEWHERE = 0.0  # ... when a thief must first bring a camel there
CLAIM_ON_SPACE = 1.0  # a player's claim on a loose good with an empty camel on its space ...
CLAIM_ELSEWHERE = 0.92  # ... and without (any camel gets there in one or two actions)


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


def projected_points(state) -> list[float]:
    """Delivered points and demand markers; carried goods by chain distance, less theft risk
    (which the thieves gain) and the undelivered-goods penalty (in full once the bag is empty,
    and not for goods deliverable with the next action); loose goods
    with their demand markers claimed by each player able to pick them up (not shared out: a claim
    is the chance to take it, and blocking a space must not look like progress).

    Camels jump to any space in one action, so camel distance means nothing; what costs actions is
    the chain a good needs: ``steps_to_city`` counts the spaces still to fill with camels."""
    n = state.n
    points = [float(state.markers[p] + sum(VALUE[g] * k for g, k in enumerate(state.delivered[p])))
              for p in range(n)]
    free = [state.supply[p] + len(state.empties[p]) for p in range(n)]
    thieves = [p for p in range(n) if state.thefts[p] and free[p]]
    penalty_weight = 0.5 if any(state.bag) else 1.0
    for p in range(n):
        loads, empties = state.loads[p], state.empties[p]
        robbers = [q for q in thieves if q != p]
        cells = 0
        for c in empties:
            cells |= BIT[c]
        for c, _, _ in loads:
            cells |= BIT[c]
        carried = len(loads)
        for cell, good, under in loads:
            group = group_of(cell, cells) if empties else 0
            steps = steps_to_city(cell, good, group, empties)
            if not steps:
                carried -= 1  # about to be delivered: no penalty to fear for it
            value = carried_value(good, steps, DIST[cell][CITY_OF_GOOD[good]])
            if robbers and not under:
                near = any(cell in state.empties[q] for q in robbers)
                lost = value * (RISK_SAME_SPACE if near else RISK_ELSEWHERE)
                value -= lost
                for q in robbers:
                    points[q] += lost / len(robbers)
            points[p] += value
        points[p] -= penalty_weight * penalty(carried)
    claimants = [p for p in range(n) if free[p] >= 2]  # fewer: a pick-up would load them all
    for cell in SPACES:
        good = state.loose[cell]
        if good < 0:
            continue
        pot = (state.demand[cell] + LOOSE_SHARE * VALUE[good]) / n
        for p in claimants:
            points[p] += pot * (CLAIM_ON_SPACE if cell in state.empties[p] else CLAIM_ELSEWHERE)
    return points


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


def _margin(points: list[float], p: int) -> float:
    others = [x for q, x in enumerate(points) if q != p]
    return points[p] - sum(others) / len(others)


class _Chains:
    """The mover's chains as ``projected_points`` values them, for one placement of its empty
    camels: connected groups, each load's steps and value, and each group's nearest empty camel
    to every city; ``gain(t)`` is the change one more empty camel on ``t`` would bring."""

    __slots__ = ("comps", "loads", "near", "value", "values", "ready", "carried", "weight", "load_cells")

    def __init__(self, empties: tuple, loads: tuple, keep: list[float], weight: float) -> None:
        cells = 0
        for c in empties:
            cells |= BIT[c]
        for c, _, _ in loads:
            cells |= BIT[c]
        self.weight = weight
        self.comps: list[int] = []
        self.near: list[dict[int, int]] = []
        self.loads: list[tuple] = []  # (comp index, cell, city, good, keep, steps)
        self.load_cells = 0
        self.value = 0.0
        self.ready = 0
        self.carried = len(loads)
        rest = cells
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
        for index, (cell, good, _) in enumerate(loads):
            ci = next(i for i, group in enumerate(self.comps) if group & BIT[cell])
            self.load_cells |= self.comps[ci]
            city = CITY_OF_GOOD[good]
            steps = min(DIST[cell][city], self.near[ci][city])
            self.loads.append((ci, cell, city, good, keep[index], steps))
            self.ready += not steps
        self.values = [carried_value(good, steps, DIST[cell][city]) for _, cell, city, good, _, steps in self.loads]
        self.value = sum(v * k for v, k in zip(self.values, keep))

    def total(self) -> float:
        return self.value - self.weight * penalty(self.carried - self.ready)

    def gain(self, t: int) -> float:
        """Change of ``total()`` with one more empty camel on ``t``."""
        touch = NEIGHBOUR_MASK[t] | BIT[t]
        if not self.load_cells & touch:
            return 0.0
        merged = [ci for ci, group in enumerate(self.comps) if group & touch]
        row = DIST[t]
        entries, keeps, ready, changed = [], [], 0, False
        for ci, cell, city, good, keep, steps in self.loads:
            if ci in merged:
                new = min(steps, row[city])
                for cj in merged:
                    if cj != ci and self.near[cj][city] < new:
                        new = self.near[cj][city]
                if new != steps:
                    steps, changed = new, True
            entries.append((good, steps, DIST[cell][city]))
            keeps.append(keep)
            ready += not steps
        if not changed:
            return 0.0
        value = sum(carried_value(*entry) * k for entry, k in zip(entries, keeps))
        return value - self.weight * penalty(self.carried - ready) - self.total()


def action_priors(state, actions) -> list[float]:
    """A search prior for the seat to move: per action, about how much it would raise that seat's
    projected points over the others' average (``projected_points`` one action ahead).

    Placing or moving an empty camel is scored incrementally: chains it extends (a good's steps to
    its city, and the penalty it escapes when it becomes deliverable next action), loose goods it
    stands on, opponents' goods it threatens; pick-ups, thefts, good moves and ending the turn are
    applied and scored exactly. Only the order of the scores matters to the search."""
    p = state.turn
    n = state.n
    base_points = projected_points(state)
    base = _margin(base_points, p)
    free = [state.supply[q] + len(state.empties[q]) for q in range(n)]
    thieves = [q for q in range(n) if state.thefts[q] and free[q]]
    robbers_of_p = [q for q in thieves if q != p]
    weight = 0.5 if any(state.bag) else 1.0
    loads = state.loads[p]
    keep = []
    for cell, _, under in loads:
        if robbers_of_p and not under:
            near = any(cell in state.empties[q] for q in robbers_of_p)
            # p loses the risked part and the robbers gain it: both move p's margin
            keep.append(1.0 - (RISK_SAME_SPACE if near else RISK_ELSEWHERE) * (1.0 + 1.0 / (n - 1)))
        else:
            keep.append(1.0)
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
            share = 1.0 / len(robbers) + 1.0 / (n - 1)
            theirs = state.loads[q]
            if not theirs:
                continue
            values = _Chains(state.empties[q], theirs, [1.0] * len(theirs), weight).values
            for (cell, good, under), value in zip(theirs, values):
                if not under and not any(cell in state.empties[r] for r in robbers if r != p):
                    threat[cell] += (RISK_SAME_SPACE - RISK_ELSEWHERE) * value * share
    empties = state.empties[p]
    occ = state.occ
    sources: dict = {}

    def source(f):
        """(chains, claim and threat change) once the camel placed comes from ``f`` (None: supply)."""
        found = sources.get(f)
        if found is None:
            if f is None:
                left = empties
                removal = 0.0
            else:
                i = empties.index(f)
                left = empties[:i] + empties[i + 1:]
                removal = 0.0 if f in left else -(pot[f] + threat[f])
            chains = _Chains(left, loads, keep, weight)
            found = sources[f] = (chains, chains.total() + removal, left)
        return found

    start = source(None)[1] if state.supply[p] else _Chains(empties, loads, keep, weight).total()
    scores = []
    for action in actions:
        kind = action[0]
        if kind == "place" or kind == "move_camel":
            chains, value, left = source(None if kind == "place" else action[1])
            t = action[-1]
            score = value - start + chains.gain(t)
            if t not in left:
                score += pot[t] + threat[t]
            if occ[t]:
                score -= EXTRA_ACTION
            scores.append(score)
        else:
            after = state.clone()
            after.apply(action, log=False)
            scores.append(_margin(projected_points(after), p) - base)
    return scores
