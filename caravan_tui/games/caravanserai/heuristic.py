"""The cut-off heuristic behind ``estimate()`` (spec §11.5): projected caravan length and reserve
per seat, the room around each head, and the market as a clock; then win chances.

A caravan grows by exactly the goods of its omitted blocks (the take back returns ``count``
pieces), so a seat's future is its reserve: the goods it can still lay, and the camels that end
its future placements. What the reserve is worth falls as the market, the game's clock, runs down.
A head that can reach few open cells is in a pocket: every piece it lays from then on needs one
of those cells, so what its reserve can still add is bounded by them, and a head walled in may
never move again.

A seat with no camel in reserve never moves again (camels come back only through its own take
back), nor, as good as never, one whose head has no open cell left around it. Its caravan is
final: it is worth its length and nothing more (its reserve only breaks ties), while the seats
that still play have the market, the clock, to themselves and turn their reserves into length
for more turns. Valuing that seat's room and reserve as if it still played made the search lay
its last camel while ahead and lose the close games to a seat that kept playing (docs/ai.md).
Once a seat is out of camels, a seat that plays on alone is rated against final lengths: nothing
is random after setup, so only its own future is uncertain (a narrow softmax), and with the
market to itself, its supply and its clock, it turns much of it and of its reserve into length
(AI seats alone grew 12 pieces on average, where its reserve said 5). Rated like a seat with a
rival, with a spread that grew with the many turns it had left, it stood near a half whatever
the lengths, and a newcomer out of camels was told "best: 47%" while the other caravan went from
18 to 33 alone.

A seat that still places with one camel left must bring one back from its tail at every
placement (a high count, so little growth) or stop: it is worth a piece less per camel short of
two, which a flat 0.8 a camel did not say (a person following the hints ran out of camels while
the AI kept two to five; the arena runs: benchmarks/results/ai-caravanserai.md).
"""

from __future__ import annotations

import math

from .geometry import GRID, NEIGHBOURS

RESERVE_EARLY = 0.35  # a reserve good's worth in caravan pieces with many turns to come ...
RESERVE_LATE = 0.04  # ... and at the very end (then it only breaks ties)
CAMEL = 0.8  # a reserve camel's worth, for as many camels as turns remain (each placement needs one)
REACH_CAP = 6  # open cells counted around a head
ROOM = 0.15  # per open cell a head can reach
POCKET = 3  # a head reaching fewer open cells ...
POCKET_LOSS = 0.5  # ... loses this much per cell short
REGION = 12  # a head reaching fewer open cells than this can lay no more pieces than it reaches ...
PER_CELL = 0.5  # ... so its future (all but its length) is worth at most this much per such cell
POTENTIAL = 0.3  # per open Caravanserai cell near the head whose colour the reserve holds
DRAIN_PER_SEAT_TURN = 0.9  # market goods taken per turn (gains and stands), measured in random play
SHORT = 2  # a seat that still places with fewer camels than this in reserve ...
SHORT_LOSS = 1.0  # ... loses this much per camel short: each placement must then bring one back
TIE = 0.01  # per reserve piece of a seat that can never place again: the tie-break of §9.2
ALONE = 0.6  # a seat that plays on alone turns each good in its reserve and in the market into this much length ...
ALONE_SPREAD = 3.5  # ... and the softmax's spread then: only the seats that still play are uncertain
SOLO_TOP = 45

#: cell -> the cells at distance 1 and 2
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({z for y in NEIGHBOURS[x] for z in (y, *NEIGHBOURS[y]) if 0 <= z < GRID and z != x}))
    for x in range(GRID)
)


def turns_left(state, live: int | None = None) -> float:
    """About how many more turns each seat plays: the market is the clock (§8.2), drained by the
    ``live`` seats that still place (all of them unless told)."""
    phase = state.phase
    if phase == 2:  # final round
        return 0.5
    if phase == 1:  # completing the round
        return 1.5
    return 2.0 + sum(state.market) / (DRAIN_PER_SEAT_TURN * (live or state.n))


def reserve_weight(turns: float) -> float:
    return RESERVE_LATE + (RESERVE_EARLY - RESERVE_LATE) * min(1.0, turns / 8.0)


def _placing(state, p: int) -> bool:
    return p == state.turn and state.stage in (1, 2)


def projected(state) -> list[tuple[int, int, int]]:
    """Per seat: (caravan length, reserve goods, reserve camels) once the placement in progress
    ends at once with its final camel (omitted blocks grow the caravan, the rest comes back: the
    ``count`` pieces nearest the tail, camels among them)."""
    out = []
    for p in range(state.n):
        res = state.res[p]
        caravan = state.caravans[p]
        length = len(caravan)
        goods = res[0] + res[1] + res[2] + res[3] + res[4]
        camels = res[5]
        if _placing(state, p):
            grow = state.omitted
            if state.bleft and state.b_cs and state.b_ok and not state.b_dec:
                grow += state.bsize  # the block in progress is on course to be omitted
            laid = state.laid
            count = len(laid) + 1 - grow  # the final camel still to come, never taken back
            back = 0
            for i in range(min(count, length)):
                back += caravan[i][1] >= 5
            for i in range(max(0, count - length)):
                back += laid[i][1] >= 5
            camels += back - 1
            goods += count - back
            length += grow
        out.append((length, goods, camels))
    return out


def laid_on(state, p: int, proj: tuple[int, int, int]) -> tuple[int, int, int]:
    """``proj`` (seat p's projection, ``projected``) for a placement in progress that ends out of
    camels, had it laid on before its final camel as many reserve goods as bring back the next
    camel from its tail (each counted good adds one to the count; length unchanged); ``proj``
    itself where none is in reach. Judged out of camels at every leaf in the middle of its last
    camel's placement, a seat that went on to bring one back read as never placing again (the
    other seat "84% to win", and lost by ten skipped turns)."""
    length, goods, camels = proj
    if camels > 0 or not goods or not _placing(state, p):
        return proj
    grow = length - len(state.caravans[p])
    count = len(state.laid) + 1 - grow
    pieces = (*state.caravans[p], *state.laid)
    for extra in range(1, goods + 1):
        index = count + extra - 1
        if index >= len(pieces):
            break
        if pieces[index][1] >= 5:
            return length, goods - 1, camels + 1
    return proj


def reach(blocked, x: int, cap: int = REACH_CAP) -> int:
    """Open cells reachable from ``x`` through open cells, counted up to ``cap``: 0 means a
    head that can never move again, a few means a pocket."""
    seen = {x}
    frontier = [x]
    count = 0
    while frontier:
        nxt = []
        for c in frontier:
            for y in NEIGHBOURS[c]:
                if y not in seen and not blocked[y]:
                    seen.add(y)
                    count += 1
                    if count >= cap:
                        return count
                    nxt.append(y)
        frontier = nxt
    return count


def head_of(state, p: int) -> int:
    """Where seat p's caravan goes on from (the last piece laid while it places); -1 before its
    start camel."""
    if _placing(state, p) and state.pos >= 0:
        return state.pos
    caravan = state.caravans[p]
    return caravan[-1][0] if caravan else -1


def potential(state, p: int, head: int) -> int:
    """Open Caravanserai cells within 2 of the head in colours the reserve holds (or with a board
    good of their colour): where the next omitted blocks can go."""
    cs, blocked, res, bgoods = state.board.cs, state.blocked, state.res[p], state.bgoods
    count = 0
    for y in NEAR[head]:
        c = cs[y]
        if c >= 0 and not blocked[y] and (res[c] or bgoods.get(y) == c):
            count += 1
    return count


def values(state) -> list[float]:
    """Each seat's worth in caravan pieces: its projected length, its reserve at the clock's
    rate, the room and the Caravanserai cells around its head. A seat that will never place
    again (no camel left once the placement in progress ends, or no open cell next to its head;
    solo, also an empty market) is worth its final length, its reserve only breaking ties; the
    clock then runs for the others alone."""
    return _values(state)[0]


def _values(state) -> tuple[list[float], float, bool]:
    """``values``, the turns left to the seats that still place, and whether they play on alone
    against a seat out of camels."""
    proj = [laid_on(state, p, each) for p, each in enumerate(projected(state))]
    blocked = state.blocked
    heads = [head_of(state, p) for p in range(state.n)]
    frees = [reach(blocked, h, REGION) if h >= 0 else -1 for h in heads]
    # no camel, or a head walled in (only another seat's take back could free a cell next to it)
    dead = [frees[p] == 0 or (frees[p] > 0 and proj[p][2] <= 0) for p in range(state.n)]
    if state.n == 1 and not any(state.market) and not _placing(state, 0) and frees[0] >= 0:
        dead[0] = True  # the solo game ends at the next turn start
    live = state.n - sum(dead)
    # out of camels for good (they come back only through its own take back), so the others play
    # on alone; a head walled in may yet be freed by another seat's take back
    alone = state.n > 1 and live > 0 and any(dead[p] and proj[p][2] <= 0 for p in range(state.n))
    turns = turns_left(state, live)
    weight = reserve_weight(turns)
    camel = max(weight, CAMEL)
    out = []
    for p, (length, goods, camels) in enumerate(proj):
        if dead[p]:
            out.append(length + TIE * (goods + max(0, camels)))
            continue
        rate = max(weight, ALONE) if alone else weight
        value = length + rate * goods + camel * min(camels, turns) + weight * max(0.0, camels - turns)
        if turns > 1 and camels < SHORT:
            value -= SHORT_LOSS * (SHORT - camels)
        head, free = heads[p], frees[p]
        if head < 0:
            out.append(value)
            continue
        value += ROOM * min(free, REACH_CAP) + POTENTIAL * potential(state, p, head)
        if free < POCKET:
            value -= POCKET_LOSS * (POCKET - free)
        if alone:  # it plays on alone against final lengths: the market is its supply, and its clock
            value += ALONE * sum(state.market) / live
        if free < REGION:  # a pocket: every piece still to come needs one of these cells
            value = length + min(value - length, PER_CELL * free)
        out.append(value)
    return out, turns, alone


def estimate(state) -> list[float]:
    """Win chances from ``values`` (a softmax, wider while many turns remain, narrow once the
    seats that still place play on alone against final lengths); solo: the projected length over
    45, the scale of the solo ``outcome()``."""
    vals, turns, alone = _values(state)
    if state.n == 1:
        return [max(0.0, min(1.0, vals[0] / SOLO_TOP))]
    spread = ALONE_SPREAD if alone else 1.0 + 0.5 * turns
    top = max(vals)
    weights = [math.exp((v - top) / spread) for v in vals]
    total = sum(weights)
    return [w / total for w in weights]
