"""Caravanserai's search settings per level and its expansion prior (pure: no Textual).

A turn is many micro-decisions, so the prior scores each one by the best *short* future it opens
within the placement: a block by the goods it would omit (the only way a caravan grows) and the
board goods it would use, plus the best stop for the final camel right after it; a camel by the
goods its stop gains, the room it leaves the head (a pocket is a trap), and the camels the count
brings back from the tail (worth more the more goods wait for camels). Nothing is cloned: the
scores come from walking the block's cells on the state's own ``blocked`` map. The search then
spends its budget on the few placements worth it, and ``estimate()`` (heuristic.py) scores a leaf,
even one in the middle of a placement.

Levels: like Camel Caravan, every level expands best first by the prior, widens progressively
and scores leaves with ``estimate()`` alone (horizon 0): uniform random micro-actions would only
scatter a placement. Hard also explores little (0.1), so that its larger budget goes deep.
Normal and hard plan whole placements instead (``planner.py``, through ``placement_plan``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from caravan_tui.engine import WIN_CHANCE, Action, GameAI, Measure, ReviewTerms

from .calibration import line_won
from .explain import explainer
from .geometry import CELL_ID, NEIGHBOURS, QR, STEP, hex_distance
from .heuristic import reach, reserve_weight, turns_left
from .planner import budget_for, plan, play_out
from .rules import BOARD, NORMAL, PLACE, STAND, START, CaravanseraiState
from .scored import scored_words

OPPONENT_GAIN = 1.5  # a gain taken from an opponent's reserve also costs that opponent
ROOM = 0.1  # per open cell the final camel could still reach (up to heuristic.REACH_CAP)
TRAP = 6  # a head that reaches fewer open cells (the most counted) is in a pocket ...
TRAPPED = 1.0  # ... and loses this much per cell short
LYING_COST = 0.2  # a lying camel is a counted piece and a camel out of the reserve
CAMEL_BACK = 0.5  # per camel the count would bring back from the tail, per reserve good per camel
CAMEL_BACK_RANGE = (0.2, 2.0)
STRANDED = 1.0  # per reserve good at the clock's rate, lost by a last camel that brings none back


class _Ctx:
    """What every score at one decision point needs."""

    __slots__ = (
        "state",
        "p",
        "a",
        "cs",
        "bgoods",
        "blocked",
        "market",
        "res",
        "n",
        "back",
        "counted",
        "camel",
        "stranded",
    )

    def __init__(self, state: CaravanseraiState, p: int) -> None:
        self.state = state
        self.p = p
        self.a = reserve_weight(turns_left(state))
        self.cs = state.board.cs
        self.bgoods = state.bgoods
        self.blocked = state.blocked
        self.market = state.market
        self.res = state.res
        self.n = state.n
        # back[k]: camels among the k pieces nearest the tail (caravan, then this placement's)
        back = [0]
        for _, kind in state.caravans[self.p] + state.laid:
            back.append(back[-1] + (kind >= 5))
        back.append(back[-1])  # the final camel itself is the head: never taken back
        self.back = back
        # a camel is worth more the more goods wait for camels to carry them (each turn needs one)
        res = self.res[self.p]
        low, high = CAMEL_BACK_RANGE
        self.camel = min(high, max(low, CAMEL_BACK * sum(res[:5]) / (res[5] + 1)))
        # (between seats: solo's play-outs, which the solo forecast is measured by, do without it)
        self.stranded = STRANDED * self.a * sum(res[:5]) if self.n > 1 else 0.0
        # the count so far, leaving out the block in progress (its fate is open)
        self.counted = state.placed - state.omitted - (state.bsize - state.bleft if state.bleft else 0)

    def returned(self, count: int, ending: bool = True) -> float:
        """What a final count of ``count`` brings back: the camels among that many tail pieces.
        With the seat's last camel and none back, it never places again (``stranded``); unless,
        not ``ending`` yet, the goods it could still lay reach a camel in its tail."""
        back = self.back
        top = len(back) - 2
        camels = back[min(count, top)]
        if camels or self.res[self.p][5] > 1:
            return self.camel * camels
        if not ending and back[min(count + sum(self.res[self.p][:5]), top)]:
            return 0.0
        return -self.stranded

    def stop_value(self, x: int) -> float:
        """What a camel standing on ``x`` brings: the board good there, the gain, the room."""
        value = 0.0
        if x in self.bgoods:
            value += self.a
        colour = self.cs[x]
        if colour >= 0:
            if self.market[colour]:
                value += self.a
            elif any(self.res[(self.p + i) % self.n][colour] for i in range(1, self.n)):
                value += self.a * OPPONENT_GAIN
        blocked = self.blocked
        blocked[x] = 1
        free = reach(blocked, x)
        blocked[x] = 0
        if free < TRAP:
            value -= TRAPPED * (TRAP - free)
        return value + ROOM * free

    def end_value(self, x: int, d: int) -> float:
        """The best final camel after a good on ``x`` (blocked), heading ``d``."""
        blocked = self.blocked
        if self.cs[x] >= 0:
            best = -1.0
            for y in NEIGHBOURS[x]:
                if not blocked[y]:
                    v = self.stop_value(y)
                    if v > best:
                        best = v
            return best
        y = x + STEP[d]
        return self.stop_value(y) if not blocked[y] else -1.0

    def block_value(
        self,
        x: int,
        d: int,
        c: int,
        m: int,
        rc: int,
        size: int,
        touched: bool,
        clean: bool,
        used: int,
        declined: bool = False,
    ) -> float:
        """The best value of laying the ``m`` goods of colour ``c`` a block still needs, from ``x``
        heading ``d``, then ending with a camel (-inf: the block cannot be laid that way).
        ``touched``/``clean``: the block so far covers a Caravanserai cell / only ones of ``c``."""
        bgood = self.bgoods.get(x, -1)
        if bgood == c:
            used += 1
        elif rc <= 0:
            return -1e9
        else:
            rc -= 1
        colour = self.cs[x]
        if colour >= 0:
            touched = True
            if colour != c:
                clean = False
        m -= 1
        blocked = self.blocked
        blocked[x] = 1
        if m == 0:
            omitted = size if touched and clean and not declined else 0
            value = (1.0 - self.a) * omitted + self.a * used + self.end_value(x, d)
            value += self.returned(self.counted + size - omitted + 1, ending=False)
        else:
            value = -1e9
            if colour >= 0:
                for dd, y in enumerate(NEIGHBOURS[x]):
                    if not blocked[y]:
                        v = self.block_value(y, dd, c, m, rc, size, touched, clean, used, declined)
                        if v > value:
                            value = v
            else:
                y = x + STEP[d]
                if not blocked[y]:
                    value = self.block_value(y, d, c, m, rc, size, touched, clean, used, declined)
        blocked[x] = 0
        return value

    def new_block(self, x: int, d: int, c: int, s: int) -> float:
        return self.block_value(x, d, c, s, self.res[self.p][c], s, False, True, 0)

    def piece_value(self, x: int, d: int) -> float:
        """The best first piece on ``x`` at a block boundary (a new block or the final camel)."""
        state = self.state
        best = self.stop_value(x) + self.returned(self.counted + 1)
        sizes = (1, 2) if state.o < 0 else (state.j + state.o,)
        prev = state.prevcol
        for s in sizes:
            for c in range(5):
                if c != prev:
                    v = self.new_block(x, d, c, s)
                    if v > best:
                        best = v
        return best


def prior(state: CaravanseraiState, actions: Sequence[Action]) -> list[float]:
    """The search prior (``GameAI.prior``): one score per action for the seat to move, computed
    in place (the state's ``blocked`` map is marked and unmarked, nothing else is touched)."""
    stage = state.stage
    p = state.turn
    if p is None:  # the game is over: no seat to score for
        return [0.0] * len(actions)
    if stage in (PLACE, BOARD):
        ctx = _Ctx(state, p)
        scores = []
        for action in actions:
            kind = action[0]
            if kind == "good":
                c, s = action[1], action[2]
                x, d = state.target, state.tdir
                if state.bleft:
                    scores.append(
                        ctx.block_value(
                            x, d, c, state.bleft, ctx.res[ctx.p][c], s, state.b_cs, state.b_ok, 0, state.b_dec
                        )
                    )
                else:
                    scores.append(ctx.new_block(x, d, c, s))
            elif kind == "camel":
                scores.append(ctx.stop_value(state.target) + ctx.returned(ctx.counted + 1))
            elif kind == "dir":
                d = action[1]
                y = state.pos + STEP[d]
                if state.bleft:
                    c = state.bcol
                    scores.append(
                        ctx.block_value(
                            y, d, c, state.bleft, ctx.res[ctx.p][c], state.bsize, state.b_cs, state.b_ok, 0, state.b_dec
                        )
                    )
                else:
                    scores.append(ctx.piece_value(y, d))
            elif kind == "lying":
                scores.append(ctx.stop_value(state.target) - LYING_COST + ctx.returned(ctx.counted + 2))
            elif kind == "use":
                scores.append(1.0)
            else:  # decline
                scores.append(0.0)
        return scores
    if stage == STAND:
        return _stand_scores(state, p, actions)
    if stage == START:
        return _start_scores(state, actions)
    return [0.0] * len(actions)


def _heads(state: CaravanseraiState) -> list[tuple[int, int] | None]:
    return [QR[c[-1][0]] if c else None for c in state.caravans]


def _stand_scores(state: CaravanseraiState, p: int, actions: Sequence[Action]) -> list[float]:
    """A board good is worth most next to seat ``p``'s own head (a block of its colour can use it)
    and far from the others' heads."""
    heads = _heads(state)
    mine = heads[p]
    others = [h for q, h in enumerate(heads) if q != p and h is not None]
    res = state.res[p]
    scores = []
    for _, c, q, r in actions:
        score = -hex_distance((q, r), mine) if mine else 0.0
        if others:
            score += 0.7 * min(4, min(hex_distance((q, r), h) for h in others))
        if res[c]:
            score += 0.3
        scores.append(score)
    return scores


def _start_scores(state: CaravanseraiState, actions: Sequence[Action]) -> list[float]:
    """Start near the middle, with room, away from the other starting camels."""
    heads = [h for h in _heads(state) if h is not None]
    cs, blocked = state.board.cs, state.blocked
    scores = []
    for _, q, r in actions:
        score = -0.5 * hex_distance((q, r), (0, 0))
        x = CELL_ID[(q, r)]
        score += 0.3 * sum(1 for y in NEIGHBOURS[x] if not blocked[y])
        score += 0.2 * sum(1 for y in NEIGHBOURS[x] if cs[y] >= 0)
        if heads:
            score += 0.3 * min(4, min(hex_distance((q, r), h) for h in heads))
        scores.append(score)
    return scores


def prior_choice(state: CaravanseraiState) -> Action:
    """The action the prior scores best (the first of equals): the planner's level-0 policy."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scores = prior(state, legal)
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def placement_plan(
    state: CaravanseraiState, seat: int, index: int, iterations: int | None, seconds: float | None
) -> tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]]:
    """``GameAI.plan``: every position is planned over whole placements (``planner.py``). Each
    first move weighs the lines played out through it, and the chosen one as much again as all of
    them, so that it is the most weighed (the search's most visited); its value is the best end
    found through it (``planner.line_value``: solo the final length over 45)."""
    return _planned(state, index, iterations, seconds, wary=False)


def hint_plan(
    state: CaravanseraiState, seat: int, index: int, iterations: int | None, seconds: float | None
) -> tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]]:
    """``GameAI.hint_plan``: ``placement_plan`` weighing a head left one open cell as boxed in
    (``planner.plan``'s ``wary``). A hint followed walked a caravan into a corner the play-outs
    called open (the others played by the prior, which never shuts a cell); the seats' own plan
    stays as it is, since the same weighing won fewer matches against easy (docs/ai.md)."""
    return _planned(state, index, iterations, seconds, wary=True)


def _planned(
    state: CaravanseraiState, index: int, iterations: int | None, seconds: float | None, wary: bool
) -> tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]]:
    if index > 0:
        return {}, {}
    candidates, width = budget_for(iterations)
    deadline = None if seconds is None else time.perf_counter() + seconds
    chosen = plan(state, prior_choice, candidates, width, deadline, wary)
    total = sum(chosen.counts.values())
    weights = {action: count + (total if action == chosen.best else 0) for action, count in chosen.counts.items()}
    # between seats a line's value is its end (the win, then the margin): said as a chance, it is
    # the share of seats shown it that won (``calibration.line_won``; solo it is the length), but
    # where the seat's own line ends the match, its result (a placement that boxed in every
    # caravan, the seat 9 ahead, read "67% to win")
    worth = {
        action: (line_won(value) if (ended := ended_by(state, chosen.lines.get(action, ()))) is None else ended)
        if state.n > 1
        else value
        for action, value in chosen.values.items()
    }
    return (
        {action: (weight, weight * worth[action]) for action, weight in weights.items()},
        dict(chosen.lines),
    )


def ended_by(state: CaravanseraiState, line: tuple[Action, ...]) -> float | None:
    """The result for the seat to move where ``line``, its own moves (and what the rules lay
    after them), ends the match: nothing is left to chance or to another seat; else None."""
    seat, world = state.turn, state.clone()
    if seat is None:
        return None
    for action in line:
        if world.turn != seat:
            return None
        world.apply(action, False)
        if world.is_over():
            return float(world.outcome()[seat])
    return None


def played_out(state: CaravanseraiState, seat: int) -> float | None:
    """``GameAI.played_out``: solo, the length the prior's line from ``state`` ends at, over 45,
    as the planner values a placement (``planner.play_out``: no chance and no other seat, so it
    is exact). A review searched solo decisions without the planner and started far low (14.3
    pieces where the hint said 37, the match ending at 39), then called the gap drift. Between
    seats None: a line played out is a win or a loss, not a chance."""
    if state.n != 1:
        return None
    return play_out(state.clone(), prior_choice, seat)[0]


SEARCH = {"prior": True, "widening": 0.5, "widening_base": 2.0, "horizon": 0}
#: hard explores little: a piece of caravan is worth a few hundredths of reward (the 2-player win
#: chance's spread is several pieces; solo, 1/45), so at 0.7 its 12,000 iterations would go
#: sideways over the widened children instead of finishing the placement and meeting the reply
#: (docs/ai.md, as in Camel Caravan)
HARD = dict(SEARCH, exploration=0.1)

#: normal and hard plan whole placements (``placement_plan``); easy searches
#: a review grades a decision by the win chance it gave up between seats (the default 5, 10
#: and 20 points) and solo by the expected length of the caravan: 1, 2 and 4 pieces (the solo
#: ``outcome()`` is the length over 45; docs/review.md)
REVIEW = ReviewTerms(
    WIN_CHANCE,
    Measure("expected length", 45.0, " pieces", 1.0, 2.0, 4.0),
    chance="the tiles shuffled, the cell a board good lands on",
    scored=scored_words,
)


def end_near(state) -> bool:
    """The market ran empty (rules §8.2): the match ends with the final round."""
    return bool(state.phase != NORMAL)


AI = GameAI(
    levels={"easy": SEARCH, "normal": dict(SEARCH, plan=True), "hard": dict(HARD, plan=True)},
    prior=prior,
    explain=explainer(prior),
    plan=placement_plan,
    hint_plan=hint_plan,
    played_out=played_out,
    review=REVIEW,
    end_near=end_near,
)
