"""Camel Caravan's search prior, made cheaper, gives the same scores as before for every position
of seeded play: the reference below is ``heuristic.action_priors`` (and ``_points``, which it
applies to the positions one action ahead) as they were, copied unchanged but for their names.
The positions come from play that mostly follows the prior, now and then a random action: two to
four players, full and short games, from the start through the squash (the bag at or under the
last refill) to the last delivery (the bag empty)."""

from __future__ import annotations

import random

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.board import (
    BIT,
    CITY_OF_GOOD,
    DIST,
    NEIGHBOUR_MASK,
    SPACES,
    VALUE,
    group_of,
    penalty,
)
from caravan_tui.games.camel_caravan.heuristic import (
    CLAIM_ELSEWHERE,
    CLAIM_GAIN,
    CLAIM_ON_SPACE,
    END_PRIOR,
    EXTRA_ACTION,
    LAST_REFILL,
    LOOSE_SHARE,
    RISK_ELSEWHERE,
    RISK_SAME_SPACE,
    _carried,
    action_priors,
    carried_value,
    margin,
    squashed,
    steps_to_city,
    win_steps_first,
    wins_this_turn,
)

GAME = get_game("camel_caravan")
#: (seed, players, options): each played to its end
MATCHES = [
    (1, 2, {}),
    (2, 3, {}),
    (3, 2, {"short_game": True}),
    (4, 4, {"short_game": True}),
    (5, 3, {"short_game": True, "sixth_camel": True}),
]


@pytest.mark.thorough
def test_the_prior_scores_every_position_as_before():
    rng = random.Random(7)
    seen = {"early": 0, "squash": 0, "last": 0}
    for seed, players, options in MATCHES:
        state = GAME.new(players, seed=seed, options=GAME.resolve_options(options))
        while not state.is_over():
            legal = state.legal_actions()
            bag = sum(state.bag)
            seen["last" if not bag else "squash" if bag <= LAST_REFILL else "early"] += 1
            scores = action_priors(state, legal)
            assert scores == reference_priors(state, legal), (seed, state.to_data())
            some = rng.sample(legal, min(len(legal), 9))  # as the search asks: a few actions, any order
            assert action_priors(state, some) == reference_priors(state, some), (seed, state.to_data())
            best = legal[max(range(len(legal)), key=scores.__getitem__)]
            state.apply(rng.choice(legal) if rng.random() < 0.15 else best, False)
    assert min(seen.values()) >= 30, seen


# -- the reference: the prior as it was --------------------------------------------------------


def reference_points(state) -> list[float]:
    """heuristic._points before it was made faster. Once the bag is empty only one more
    delivery can happen, by anyone: a seat's carried goods count by the best of them alone, and
    at most one of them escapes the penalty. A seat whose camels are all loaded, with none left
    to place, can never move a good again (a good ends on an empty camel): its goods count for
    nothing and their penalty in full (a steal with the last empty camel locked a player out of
    the rest of the game, and the hint advised it)."""
    n = state.n
    last = not any(state.bag)
    points = [float(state.markers[p] + sum(VALUE[g] * k for g, k in enumerate(state.delivered[p]))) for p in range(n)]
    free = [state.supply[p] + len(state.empties[p]) for p in range(n)]
    thieves = [p for p in range(n) if state.thefts[p] and free[p]]
    penalty_weight = 1.0 if last else 0.5
    for p in range(n):
        loads, empties = state.loads[p], state.empties[p]
        if loads and not free[p]:  # every camel loaded, none to place: no good of theirs moves again
            points[p] -= penalty(len(loads))
            continue
        robbers = [q for q in thieves if q != p]
        cells = 0
        for c in empties:
            cells |= BIT[c]
        for c, _, _ in loads:
            cells |= BIT[c]
        ready = 0
        values = []
        for cell, good, under in loads:
            group = group_of(cell, cells) if empties else 0
            steps = steps_to_city(cell, good, group, empties)
            if not steps:
                ready += 1  # about to be delivered: no penalty to fear for it
            value = carried_value(good, steps, DIST[cell][CITY_OF_GOOD[good]])
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


class ReferenceChains:
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
    )

    def __init__(
        self, empties: tuple, loads: tuple, risk: list[float], weight: float, last: bool = False, spill: float = 1.0
    ) -> None:
        cells = 0
        for c in empties:
            cells |= BIT[c]
        for c, _, _ in loads:
            cells |= BIT[c]
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
        for cell, good, _ in loads:
            ci = next(i for i, group in enumerate(self.comps) if group & BIT[cell])
            self.load_cells |= self.comps[ci]
            city = CITY_OF_GOOD[good]
            steps = min(DIST[cell][city], self.near[ci][city])
            self.loads.append((ci, cell, city, good, steps))
            self.ready += not steps
        self.values = [carried_value(good, steps, DIST[cell][city]) for _, cell, city, good, steps in self.loads]

    def _worth(self, values: list[float], ready: int) -> float:
        """The mover's margin from its carried goods worth ``values`` (``ready`` deliverable)."""
        risk = self.risk
        kept = [v * (1.0 - r) for v, r in zip(values, risk)]
        lost = sum(v * r for v, r in zip(values, risk))
        return _carried(kept, ready, self.carried, self.last, self.weight) - self.spill * lost

    def total(self) -> float:
        return self._worth(self.values, self.ready)

    def gain(self, t: int) -> float:
        """Change of ``total()`` with one more empty camel on ``t``."""
        touch = NEIGHBOUR_MASK[t] | BIT[t]
        if not self.load_cells & touch:
            return 0.0
        merged = [ci for ci, group in enumerate(self.comps) if group & touch]
        row = DIST[t]
        entries, ready, changed = [], 0, False
        for ci, cell, city, good, steps in self.loads:
            if ci in merged:
                new = min(steps, row[city])
                for cj in merged:
                    if cj != ci and self.near[cj][city] < new:
                        new = self.near[cj][city]
                if new != steps:
                    steps, changed = new, True
            entries.append((good, steps, DIST[cell][city]))
            ready += not steps
        if not changed:
            return 0.0
        return self._worth([carried_value(*entry) for entry in entries], ready) - self.total()


def reference_priors(state, actions) -> list[float]:
    """A search prior for the seat to move: per action, about how much it would raise that seat's
    projected points over the others' average (``projected_points`` one action ahead).

    Placing or moving an empty camel is scored incrementally: chains it extends (a good's steps to
    its city, and the penalty it escapes when it becomes deliverable next action), loose goods it
    stands on, opponents' goods it threatens; pick-ups, thefts, good moves and ending the turn are
    applied and scored exactly. Only the order of the scores matters to the search.

    An action that ends the game (once the bag is empty, any delivery) is scored by the result
    itself: a win first of all, a loss last. Once the bag holds no more than the next refill draws
    the incremental scores go through the end-game squash as well (exact at two players), as
    ``projected_points`` does."""
    p = state.turn
    n = state.n
    last = not any(state.bag)
    squash = sum(state.bag) <= LAST_REFILL  # (as ``projected_points``)
    raw = reference_points(state)
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
            values = ReferenceChains(state.empties[q], theirs, [0.0] * len(theirs), weight).values
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
                left = empties[:i] + empties[i + 1 :]
                removal = 0.0 if f in left else -(pot[f] + threat[f])
            chains = ReferenceChains(left, loads, risk, weight, last, spill)
            found = sources[f] = (chains, chains.total() + removal, left)
        return found

    start = source(None)[1] if state.supply[p] else ReferenceChains(empties, loads, risk, weight, last, spill).total()
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
            if squash:  # as if the change were all the mover's own (exact at two players)
                points = raw[:]
                points[p] += score
                score = margin(squashed(points), p) - base
            scores.append(score)
        else:
            after = state.clone()
            after.apply(action, log=False)
            if after.turn is None:
                scores.append(END_PRIOR * (after.outcome()[p] - 1.0 / n))
            else:
                points = reference_points(after)
                scores.append(margin(squashed(points) if sum(after.bag) <= LAST_REFILL else points, p) - base)
    if not any(state.bag) and wins_this_turn(state):  # (the rule added since, as the prior has it)
        win_steps_first(state, actions, scores)
    return scores
