"""The best delivery the seat to move can still make this turn, as the line of actions that makes
it: a good it carries (on top or stolen, under its camel) or a loose good it first picks up,
brought to its city along a chain of its camels (``heuristic.chain``: the fewest actions).

A line is built from the chain and then played out on a copy, so a line returned is legal as it
stands. Hints followed for whole turns missed 11 of 24 deliveries that fitted the turn (four
play-throughs): a sure +6 of stolen gems was "Weaker" beside a pick-up, and a turn that could
have brought meat home ended with it and two other goods on top, within a thief's reach."""

from __future__ import annotations

from collections.abc import Iterator

from caravan_tui.engine import Action

from .board import CITY_OF_GOOD, GOODS, SPACES, VALUE
from .heuristic import chain

#: a delivery in reach: (points it brings, actions it spends, its line)
Reach = tuple[int, int, tuple[Action, ...]]


def best_delivery(state) -> Reach | None:
    """The delivery in reach worth the most points (a loose good's demand markers count), the one
    spending the fewest actions among equals; None where none fits the actions left."""
    p = state.turn
    if p is None or not state.left:
        return None
    found = [reach for reach in (*_carried(state, p), *_loose(state, p)) if reach is not None]
    return max(found, key=lambda reach: (reach[0], -reach[1]), default=None)


def _carried(state, p: int) -> Iterator[Reach | None]:
    for cell, good, under in dict.fromkeys(state.loads[p]):
        line = _line(state, p, cell, good, "under" if under else "top")
        yield _played(state, VALUE[good], line)


def _loose(state, p: int) -> Iterator[Reach | None]:
    if state.supply[p] + len(state.empties[p]) < 2:  # (a pick-up may never load every camel)
        return
    for cell in SPACES:
        good = state.loose[cell]
        if good < 0:
            continue
        points = VALUE[good] + state.demand[cell]
        if cell in state.empties[p]:
            sends: list[tuple[Action, ...]] = [()]
        else:  # a camel sent there first: from supply, or an empty one from elsewhere
            sends = [(("place", cell),)] if state.supply[p] else []
            sends += [(("move_camel", f, cell),) for f in dict.fromkeys(state.empties[p])]
        for send in sends:
            first = (*send, ("pickup", cell))
            after = _after(state, first)
            if after is None:
                continue
            rest = _line(after, p, cell, good, "top")
            if rest is not None:
                yield _played(state, points, (*first, *rest))


def _line(state, p: int, cell: int, good: int, position: str):
    """The camels to send into ``chain``'s cells, then the delivery: None where no chain fits."""
    city = CITY_OF_GOOD[good]
    found = chain(state, p, cell, city, state.left - 1, state.supply[p], None)
    if found is None:
        return None
    path = found[1]
    empties = state.empties[p]
    own = set(empties) | {at for at, _, _ in state.loads[p]}
    spares = [at for at in empties if at not in path and at != cell]
    supply = state.supply[p]
    sent: list[Action] = []
    for at in reversed(path):  # from the good towards its city
        if at in own and (at != city or at in empties):
            continue
        if supply:
            sent.append(("place", at))
            supply -= 1
        elif spares:
            sent.append(("move_camel", spares.pop(), at))
        else:
            return None
    return (*sent, ("move_good", cell, city, GOODS[good], position))


def _after(state, line):
    """``state`` after ``line``, each action legal and the turn still the mover's before each,
    or None."""
    p = state.turn
    world = state.clone()
    for action in line:
        if world.turn != p or action not in world.legal_actions():
            return None
        world.apply(action, log=False)
    return world


def _played(state, points: int, line) -> Reach | None:
    if line is None:
        return None
    after = _after(state, line)
    return None if after is None else (points, state.left - (after.left if after.turn == state.turn else 0), line)
