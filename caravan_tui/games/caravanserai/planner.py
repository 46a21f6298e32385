"""A planner over whole placements for Caravanserai (pure: no Textual).

The game has no hidden piece and no chance after setup (solo it is a puzzle), and the unit a player
decides is a whole placement (the blocks, where the caravan turns, the final camel, where the
goods it earns stand), 5 to 10 micro-decisions that the tree search of ``ai/ismcts.py`` has to
find one by one and values by ``estimate()``, one turn ahead. A turn offers hundreds to hundreds
of thousands of placements, so the planner works as the pilot method (a nested Monte Carlo
search of level 1 over placements, with the search prior as the level-0 policy):

1. the candidate placements of this turn come from a beam search over its micro-decisions (the
   partial placements kept are those ``estimate()`` rates best, as if each ended now with its
   camel);
2. each candidate is played, then the rest of the game is played out by the prior alone (its
   best-scored action at every decision, for every seat; solo 28.9 long on average from the
   start, docs/ai.md), and the candidate is worth that line's end to the seat (``line_value``:
   solo its length; between seats the win, then the margin);
3. the prior's own line from here is a candidate too, and wins ties: solo it is the rest of the
   line the previous turn chose, so the planned final length never falls from one turn to the
   next;
4. the goods a placement stands go where the prior puts them, in every candidate's line and in
   a plan asked at a stand alike: a plan asked at a stand of the chosen line (a hint there, a
   review judging that stand) is that line's rest, whatever the cache holds, so following a
   hint's plan never meets a stand the planner itself would call a worse one.

Between seats the others' replies are the prior's, not a search's: a plan is the best placement
against opponents who play as the prior would. The arena says it is still much the stronger
player (docs/ai.md). The prior as good as never lays a piece just to shut another caravan in, and
lets out a caravan it boxed in as its tail comes back, but a player may keep it in: a line loses
``BOXED_TURN`` for each turn it leaves the seat's head with no open cell next to it (a boxed line
played out ended about as well as an open one, and the hint boxed a caravan in for good), and of
two placements worth the same, the one that leaves its head two open cells or more is chosen over
one that leaves a lone open cell for another caravan to take (``lone_open_cell``). Weighing the
lone cell as shut, worth the line played out with it taken (``wary``), won fewer matches against
easy (docs/ai.md), so the seats do not; a hint does: a head left one open cell lays lone camels
in a corner or is boxed in, and a person following the hints lost a match from one such plan the
play-out called a win.

The chosen placement's decisions are remembered (``_CACHE``), so the rest of the turn follows it
without planning again, and so are those of the best line through each other first move: a
hint may show one of them first where it is worth as much (a longer caravan now), and a plan
made afresh after its first step, its beam grown from there, missed the line it was worth for
(a solo hint followed lost 5 pieces of its own 40); each process has its own memory, so a hint asked in the middle of a
placement plans the placement's start first (``SearchPolicy._plan``): whichever process
answers, it goes on with the plan while that is followed. Budget: ``candidates`` placements
played out; in the app ``deadline`` also applies, and the planner answers with the best line
played out when it is reached.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from caravan_tui.engine import Action

from .geometry import NEIGHBOURS
from .rules import SOLO_TOP, STAND, CaravanseraiState

Line = tuple[Action, ...]
#: the level-0 policy: one action for the seat to move
Policy = Callable[[CaravanseraiState], Action]
#: candidates played out per 1,000 iterations of a level's budget, and partial placements kept
#: at each micro-decision per candidate
CANDIDATES_PER_1000 = 5
INSIDE_PER_CANDIDATE = 1.5
_CACHE_SIZE = 256
#: what each turn on which a line leaves the head boxed in costs it: four pieces of the margin
#: (``line_value``), a turn's growth and then some. The others play the prior, which never
#: shuts a head in on purpose and lets out a caravan it boxed in as its tail comes back, so a
#: boxed line played out ended about as well as an open one, and a person following the hint
#: that boxed their caravan in at round 4 was skipped for the rest of the match. Far less than
#: the gap between a win and a loss.
BOXED_TURN = 0.25 * 4 / SOLO_TOP


@dataclass(frozen=True, slots=True)
class Plan:
    """What the planner weighed from one position: for each first move, the final length (over
    45, the solo ``outcome()`` scale) of the best line played out through it and that line's
    decisions for this turn; the chosen move, and how many lines were played out through each."""

    values: dict[Action, float]
    lines: dict[Action, Line]
    counts: dict[Action, int]
    best: Action


#: (budget, position) -> the plan made there or, along the chosen placement, its rest
_CACHE: OrderedDict[tuple[tuple[int, int, bool], str], Plan] = OrderedDict()
_CACHE_LOCK = threading.Lock()  # searches may run in threads (hints beside a seat's own search)


def play_out(state: CaravanseraiState, policy: Policy, seat: int = 0) -> tuple[float, Line]:
    """Play ``state`` (changed in place) to the end by ``policy`` for every seat; what the end is
    worth to ``seat`` (``line_value``) and the line."""
    line, _ = _played(state, policy, seat)
    return line_value(state, seat), line


def _played(state: CaravanseraiState, policy: Policy, seat: int) -> tuple[Line, int]:
    """``play_out``'s line, and the turns on which ``seat``'s head had no open cell next to it
    (counted where a turn ends while the match goes on): turns the rules skip, unless another
    caravan's take back frees a cell first."""
    line: list[Action] = []
    boxed = 0
    while state.turn is not None:
        turns = state.turns
        action = policy(state)
        state.apply(action, False)
        line.append(action)
        if state.turns != turns and state.turn is not None and state.n > 1 and not _open_by_head(state, seat):
            boxed += 1
    return tuple(line), boxed


def line_value(state: CaravanseraiState, seat: int) -> float:
    """An ended game's worth to ``seat``, 0 to 1: solo, its length over 45 (uncapped, so that
    longer stays better past the top title); between seats, the win, then the margin over the
    best other caravan (half each, so that any win outranks any loss)."""
    scores = state.scores()
    if state.n == 1:
        return scores[0] / SOLO_TOP
    margin = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
    return 0.5 * state.outcome()[seat] + 0.25 * (1 + max(-1.0, min(1.0, margin / SOLO_TOP)))


def lone_open_cell(state: CaravanseraiState, seat: int) -> bool:
    """Whether ``seat``'s turn is over (between seats) with one open cell left next to its head:
    the cell another caravan may take to box it in (its turns skipped until a cell there frees)."""
    return _lone_cell(state, seat) >= 0


def _lone_cell(state: CaravanseraiState, seat: int) -> int:
    """The one open cell next to ``seat``'s head once its turn is over (between seats), else -1."""
    if state.n == 1 or state.turn is None or state.turn == seat:
        return -1
    open_cells = _open_by_head(state, seat)
    return open_cells[0] if len(open_cells) == 1 else -1


def _open_by_head(state: CaravanseraiState, seat: int) -> list[int]:
    blocked = state.blocked
    return [cell for cell in NEIGHBOURS[state.caravans[seat][-1][0]] if not blocked[cell]]


def _worth(after: CaravanseraiState, policy: Policy, seat: int, wary: bool) -> tuple[float, int, bool]:
    """What the position after ``seat``'s turn is worth to it (its line played out by
    ``policy``, less ``BOXED_TURN`` for each turn on which that line leaves its head boxed in,
    down to 0), then of two equal values the better: fewer such turns, and no lone open cell
    left by the head. ``wary``: a head left one open cell is weighed boxed in, the line played
    out with that cell shut."""
    lone = _lone_cell(after, seat)
    if wary and lone >= 0:
        after.blocked[lone] = 1  # (the played-out copy only: no piece of anyone's stands there)
    boxed = _played(after, policy, seat)[1]
    return max(0.0, line_value(after, seat) - BOXED_TURN * boxed), -boxed, lone < 0


def _stand(state: CaravanseraiState, line: Line, policy: Policy) -> Line:
    while state.turn is not None and state.stage == STAND:
        action = policy(state)
        state.apply(action, False)
        line += (action,)
    return line


def placements(
    state: CaravanseraiState, policy: Policy, width: int, keep: int, deadline: float | None = None
) -> list[tuple[CaravanseraiState, Line]]:
    """Up to ``keep`` finished placements from ``state`` (the seat's turn, at its start or in
    the middle of a placement), best rated first, found by a beam of ``width`` partial
    placements: (the position after the turn, its decisions). Stands go where ``policy`` puts
    them. Past ``deadline`` it returns those finished so far."""
    turns, seat = state.turns, _mover(state)
    finished: list[tuple[float, CaravanseraiState, Line]] = []
    beam: list[tuple[CaravanseraiState, Line]] = [(state, ())]
    while beam and not (deadline is not None and time.perf_counter() > deadline):
        grown: list[tuple[float, CaravanseraiState, Line]] = []
        for parent, line in beam:
            for action in parent.legal_actions():
                child = parent.clone()
                child.apply(action, False)
                if child.turn is None or child.turns != turns or child.stage == STAND:
                    full = _stand(child, line + (action,), policy)
                    finished.append((child.estimate()[seat], child, full))
                else:
                    grown.append((child.estimate()[seat], child, line + (action,)))
        grown.sort(key=lambda item: -item[0])  # stable: equals keep the legal order
        beam = [(child, line) for _, child, line in grown[:width]]
    finished.sort(key=lambda item: -item[0])
    return [(child, line) for _, child, line in finished[:keep]]


def budget_for(iterations: int | None) -> tuple[int, int]:
    """(candidates, beam width) for a level's iteration budget (None: a clock only; the
    normal level's budget, and the clock stops it)."""
    candidates = max(1, (iterations or 1500) * CANDIDATES_PER_1000 // 1000)
    return candidates, max(2, round(candidates * INSIDE_PER_CANDIDATE))


def plan(
    state: CaravanseraiState,
    policy: Policy,
    candidates: int,
    width: int,
    deadline: float | None = None,
    wary: bool = False,
) -> Plan:
    """The placement to play from ``state`` (see the module doc), with ``policy`` (the search
    prior's choice, ``ai.prior_choice``) playing the lines out and placing stands; remembered for
    the rest of the turn. A pure function of the position and the budget while no deadline cuts
    it short."""
    key = ((candidates, width, wary), repr(state.to_data()))
    with _CACHE_LOCK:
        known = _CACHE.get(key)
        if known is not None:
            _CACHE.move_to_end(key)
    if known is not None and known.best in state.legal_actions():
        _remember_rest(state, key[0], known.lines[known.best], known.values[known.best])  # (if dropped since)
        return known
    seat = _mover(state)
    world = state.clone()
    turn_line = _finish_turn(world, policy)
    best = _worth(world, policy, seat, wary)
    best_value = best[0]
    values = {turn_line[0]: best_value}
    firsts = {turn_line[0]: best}
    lines = {turn_line[0]: turn_line}
    counts = {turn_line[0]: 1}
    # at a stand, the policy's line alone (point 4 above): the rest of any plan's line
    found = placements(state, policy, width, candidates, deadline) if state.stage != STAND else []
    for after, line in found:
        if deadline is not None and time.perf_counter() > deadline:
            break
        worth = _worth(after, policy, seat, wary)
        first = line[0]
        counts[first] = counts.get(first, 0) + 1
        if first not in firsts or worth > firsts[first]:
            firsts[first], values[first], lines[first] = worth, worth[0], line
        if worth > best:
            best, best_value, turn_line = worth, worth[0], line
    chosen = Plan(values, lines, counts, turn_line[0])
    _remember(key, chosen)
    for first, line in lines.items():  # (the chosen line's last: it wins where two lines meet)
        if first != chosen.best:
            _remember_rest(state, (candidates, width, wary), line, values[first])
    _remember_rest(state, (candidates, width, wary), turn_line, best_value)
    return chosen


def _mover(state: CaravanseraiState) -> int:
    if state.turn is None:
        raise ValueError("the game is over: there is nothing to plan")
    return state.turn


def _finish_turn(world: CaravanseraiState, policy: Policy) -> Line:
    """Play the rest of the seat's current turn in ``world`` (changed in place) by ``policy``: its
    decisions."""
    turns, line = world.turns, []
    while world.turn is not None and world.turns == turns:
        line.append(policy(world))
        world.apply(line[-1], False)
    return tuple(line)


def _remember(key: tuple[tuple[int, int, bool], str], chosen: Plan) -> None:
    with _CACHE_LOCK:
        _CACHE[key] = chosen
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def _remember_rest(state: CaravanseraiState, budget: tuple[int, int, bool], line: Line, value: float) -> None:
    """Along the chosen line, each position of this turn and what the plan does there."""
    world, turns = state.clone(), state.turns
    for step, action in enumerate(line[:-1]):
        world.apply(action, False)
        if world.turn is None or world.turns != turns:
            return
        rest = line[step + 1 :]
        _remember((budget, repr(world.to_data())), Plan({rest[0]: value}, {rest[0]: rest}, {rest[0]: 1}, rest[0]))
