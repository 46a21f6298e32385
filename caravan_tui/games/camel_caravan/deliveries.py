"""The best delivery the seat to move can still make this turn, as the line of actions that makes
it: a good it carries (on top or stolen, under its camel) or a loose good it first picks up,
brought to its city along a chain of its camels (``heuristic.chain``: the fewest actions); and,
with the bag empty, the walk of a good whose delivery wins towards its city (``walk_home``).

A line is built from the chain and then played out on a copy, so a line returned is legal as it
stands. Hints followed for whole turns missed 11 of 24 deliveries that fitted the turn (four
play-throughs): a sure +6 of stolen gems was "Weaker" beside a pick-up, and a turn that could
have brought meat home ended with it and two other goods on top, within a thief's reach."""

from __future__ import annotations

from collections.abc import Iterator

from caravan_tui.engine import Action

from .board import BIT, CELLS, CITY_OF_GOOD, DIST, GOODS, NEIGHBOUR_MASK, SPACES, VALUE, group_of
from .heuristic import camel_cells, chain, position_key, wins_by

#: a delivery in reach: (points it brings, actions it spends, its line)
Reach = tuple[int, int, tuple[Action, ...]]


#: the deliveries in reach kept for the positions met last, the oldest let go first: the veto
#: asks of the same position once for each move it screens (a hint's: some 80 times)
KEPT = 256
_kept: dict[tuple, Reach | None] = {}


def best_delivery(state) -> Reach | None:
    """The delivery in reach worth the most points (a loose good's demand markers count), the one
    spending the fewest actions among equals; None where none fits the actions left."""
    p = state.turn
    if p is None or not state.left:
        return None
    key = position_key(state)
    if key not in _kept:
        if len(_kept) >= KEPT:
            del _kept[next(iter(_kept))]
        found = [reach for reach in (*_carried(state, p), *_loose(state, p)) if reach is not None]
        _kept[key] = max(found, key=lambda reach: (reach[0], -reach[1]), default=None)
    return _kept[key]


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


def walk_home(state) -> tuple[Action, ...] | None:
    """With the bag empty, where the seat to move would win by delivering a good it carries
    (``heuristic.wins_by``) but no delivery fits its actions left: the actions of this turn that
    bring such a good nearest its city (``to_go``), camels sent ahead of it and the good moved on
    onto them, taking more camels along than a chain could hold; None where none brings one
    nearer. A newcomer leading 46 to 41 with the bag empty was told "End the turn" turn after
    turn, and the other seat passed too: the match would have run to turn 200."""
    p = state.turn
    if p is None or any(state.bag) or not state.left or best_delivery(state) is not None:
        return None
    loads = state.loads[p]
    wins = wins_by(state, p)
    best: tuple[tuple[int, int], tuple[Action, ...]] | None = None
    for cell, good, under in dict.fromkeys(loads):
        if not wins(VALUE[good], len(loads) - 1):
            continue
        now = to_go(state, p, cell, good)
        for (world, at), line in _steps(state, p, cell, good, "under" if under else "top", state.left):
            key = (to_go(world, p, at, good), len(line))
            if key[0] < now and (best is None or key < best[0]):
                best = (key, line)
    return best[1] if best else None


def to_go(state, p: int, cell: int, good: int) -> int:
    """About the actions ``p`` still needs to deliver the good on ``cell``: its chain's, where its
    camels can fill one (``heuristic.chain``), else two for each space between the city and the
    nearest of the good's camels (a camel sent ahead, the good moved on), beyond any chain."""
    city = CITY_OF_GOOD[good]
    found = chain(state, p, cell, city, 99, state.supply[p], None)
    if found is not None:
        return found[0] + 1
    own = camel_cells(state.empties[p], state.loads[p])
    group = group_of(cell, own)
    return 100 + 2 * min(DIST[at][city] for at in CELLS if group & BIT[at])


def _steps(state, p: int, cell: int, good: int, position: str, depth: int):
    """Each line of at most ``depth`` actions that only moves this good nearer its city or sends a
    camel onto a free space beside its group nearer the city than any camel of it (from supply,
    else the empty camel farthest behind), with where it leaves the good: ((state, cell), line)."""
    yield (state, cell), ()
    if not depth or state.turn != p:
        return
    city = CITY_OF_GOOD[good]
    own = camel_cells(state.empties[p], state.loads[p])
    group = group_of(cell, own)
    front = min(DIST[at][city] for at in CELLS if group & BIT[at])
    moves: list[tuple[Action, int]] = [
        (("move_good", cell, to, GOODS[good], position), to)
        for to in dict.fromkeys(state.empties[p])
        if group & BIT[to] and DIST[to][city] < DIST[cell][city]
    ]
    ahead = {at for at in CELLS if group & NEIGHBOUR_MASK[at] and not own & BIT[at] and DIST[at][city] < front}
    behind = sorted(  # (a camel of the group ahead of the good would break its chain)
        (
            at
            for at in dict.fromkeys(state.empties[p])
            if at != cell and (not group & BIT[at] or DIST[at][city] > DIST[cell][city])
        ),
        key=lambda at: -DIST[at][city],
    )
    for at in ahead:
        if state.supply[p]:
            moves.append((("place", at), cell))
        elif behind:
            moves.append((("move_camel", behind[0], at), cell))
    legal = state.legal_actions()
    for action, now in moves:
        if action in legal and not (action[0] == "move_good" and action[2] == city):
            after = state.clone()
            after.apply(action, log=False)
            for found, line in _steps(after, p, now, good, "top", depth - 1):
                yield found, (action, *line)
