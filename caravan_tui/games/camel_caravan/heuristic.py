"""The cut-off heuristic behind ``estimate()``: projected points per seat, then win chances."""
from __future__ import annotations

import math

from .board import BIT, CITY_OF_GOOD, DIST, SPACES, VALUE, group_of, penalty

LOOSE_SHARE = 0.3  # part of a loose good's value counted (with its markers) while it lies loose
RISK_SAME_SPACE = 0.3  # chance a good on top is stolen when a thief's empty camel shares its space
RISK_ELSEWHERE = 0.1  # ... when a thief must first bring a camel there
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
