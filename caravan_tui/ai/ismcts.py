"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012).

The searching seat only ever has its view: the caller builds a world with ``Game.from_view`` and
every iteration redeals it with ``determinize(seat, rng)``. All iterations share one tree keyed by
action; a child's *availability* counts the parent visits in which it was legal, and UCB uses it in
place of the parent's visit count, so actions that are only sometimes possible (the opponent's
cards differ between determinizations) are explored fairly.

Two optional refinements (a level turns them on; a game's ``Game.ai`` may change them):

- a *prior* scores the legal actions at a node (higher: more promising for the mover); untried
  actions are then expanded best first instead of at random;
- *progressive widening* (needs nothing but works best with a prior): a node visited ``n`` times
  may have at most ``ceil(widening_base * n ** widening)`` children legal in the current world, so
  with hundreds of legal actions the search deepens along the promising ones instead of trying
  every action once at every node.

In iteration mode the result is a pure function of (world, seat, seed, budget): one
``random.Random(seed)`` drives the determinizations, the expansions and the rollouts.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import cast

from caravan_tui.engine import Action, Considered, Prior, State

ProgressCallback = Callable[[int, Action], None]


class Node:
    """A tree node: the position reached by ``parent``'s ``action``; ``reward`` is summed for
    ``seat``, the seat that made that move (-1 at the root), and its square too (``square``: how
    widely the rewards behind a move spread, for how sure a hint is, ``explain.confidence``).
    ``prior`` caches the prior of the
    actions seen legal here (only when the search uses a prior). ``legal`` is the list of legal
    actions met at the last visit and, once the same list (the same object: games cache and share
    their lists, never mutating them) is met twice in a row, ``kids`` holds the child of each of
    its actions (None where untried, ``missing`` of them) so that selection needs no lookups."""

    __slots__ = (
        "parent",
        "seat",
        "children",
        "visits",
        "avail",
        "reward",
        "square",
        "prior",
        "action",
        "legal",
        "kids",
        "missing",
    )

    def __init__(self, parent: Node | None, seat: int, action: Action = ()) -> None:
        self.parent = parent
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.square = 0.0
        self.prior: dict[Action, float] | None = None
        self.action = action
        self.legal: list[Action] | None = None
        self.kids: list[Node | None] | None = None
        self.missing = 0


class SearchResult:
    """The chosen action and the statistics behind it."""

    __slots__ = ("action", "iterations", "elapsed", "root")

    def __init__(self, action: Action, iterations: int, elapsed: float, root: Node) -> None:
        self.action = action
        self.iterations = iterations
        self.elapsed = elapsed
        self.root = root

    @property
    def visits(self) -> dict[Action, int]:
        return {a: c.visits for a, c in self.root.children.items()}

    @property
    def values(self) -> dict[Action, float]:
        """Mean reward of each root action for the searching seat."""
        return {a: c.reward / c.visits for a, c in self.root.children.items()}


#: ``math.log`` of 0, 1, 2, … (index 0 unused): UCB reads a child's availability's log here, the same
#: float ``math.log`` gives, instead of calling it for every child of every node it passes
_LOGS: list[float] = [0.0]
_LOGS_LOCK = threading.Lock()


def _grow_logs(size: int) -> None:
    """Make ``_LOGS`` hold the logs of at least 0 to ``size`` (searches in threads share it)."""
    with _LOGS_LOCK:
        known = len(_LOGS)
        if known <= size:
            _LOGS.extend([math.log(n) for n in range(known, max(size + 1, 2 * known))])


def along(node: Node, line: Sequence[Action]) -> tuple[tuple[int, float, float], ...]:
    """The visits, summed reward and summed square of each node ``line`` reaches from ``node``
    (``node`` itself first: the line's first move is the one into it), as far as the tree has it."""
    found = [(node.visits, node.reward, node.square)]
    for action in line:
        child = node.children.get(action)
        if child is None:
            break
        node = child
        found.append((node.visits, node.reward, node.square))
    return tuple(found)


def continuation(node: Node, limit: int = 40) -> list[Action]:
    """The moves the search means to make after reaching ``node``, while the seat that moved
    into it goes on deciding: the most visited child, then its most visited child, and so on
    (at most ``limit``). Cheap: called once per candidate after a search, never during one."""
    seat = node.seat
    line: list[Action] = []
    while node.children and len(line) < limit:
        action, child = max(node.children.items(), key=lambda item: item[1].visits)
        if child.seat != seat or not child.visits:
            break
        line.append(action)
        node = child
    return line


def most_visited(visits: dict[Action, int]) -> Action:
    """The most visited action; ties go to the first in the dict's order (deterministic)."""
    return max(visits, key=visits.__getitem__)


def search(
    world: State,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    horizon: int = 10,
    exploration: float = 0.7,
    seed: int | str = 0,
    progress: ProgressCallback | None = None,
    progress_every: int = 50,
    prior: Prior | None = None,
    widening: float = 0.0,
    widening_base: float = 1.0,
    considered: Considered | None = None,
    estimate: Callable[[State], list[float]] | None = None,
    root_actions: Sequence[Action] | None = None,
    midway: tuple[int, Callable[[SearchResult], object]] | None = None,
) -> SearchResult:
    """Search from ``world`` (built from ``seat``'s view) and return the most visited root action.

    Stops at whichever budget runs out first (at least one iteration runs). A rollout plays
    uniformly random legal actions for up to ``horizon`` plies, then scores the position with
    ``outcome()`` if the game is over, else ``estimate()`` (or ``estimate(state)`` when given).
    ``prior`` orders expansions (best first); ``widening`` > 0 turns on progressive widening (see
    the module doc); ``considered`` narrows every seat's legal actions, in the tree and in
    rollouts (``Game.ai``); ``root_actions`` narrows the root alone to those of its legal actions
    (in place of ``considered`` there): a review weighs a move the search would not choose by
    spending the whole budget below it. ``midway`` (a number of iterations, a call): the call is
    given the search as it stands after that many, which is what a search of that budget returns
    (the same seed, the same first iterations), before the tree grows on: a review names the best
    move at a hint's budget from the search it weighs the moves with, not from a second search
    that repeats its first iterations.
    """
    if iterations is None and seconds is None:
        raise ValueError("give an iteration budget, a time budget, or both")
    if world.to_move() != seat:
        raise ValueError(f"seat {seat} is not to move")
    if root_actions is not None and not set(root_actions) & set(world.legal_actions()):
        raise ValueError("none of the root's actions is legal")
    # The tree is one cycle of parents and children that only grows while the search runs, so the
    # cyclic collector would only walk it again and again (7% of a Decktet Caravan iteration).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(
            world,
            seat,
            iterations,
            seconds,
            horizon,
            exploration,
            seed,
            progress,
            progress_every,
            prior,
            widening,
            widening_base,
            considered,
            estimate,
            root_actions,
            midway,
        )
    finally:
        if collecting:
            gc.enable()


def _search(
    world: State,
    seat: int,
    iterations: int | None,
    seconds: float | None,
    horizon: int,
    exploration: float,
    seed: int | str,
    progress: ProgressCallback | None,
    progress_every: int,
    prior: Prior | None,
    widening: float,
    widening_base: float,
    considered: Considered | None,
    estimate: Callable[[State], list[float]] | None,
    root_actions: Sequence[Action] | None,
    midway: tuple[int, Callable[[SearchResult], object]] | None,
) -> SearchResult:
    # Filled once here, the world's cached list of legal actions passes to every redeal that keeps
    # it (the searching seat's own moves: games keep them through determinize), so the root
    # neither recomputes it each iteration nor looks its children up (see ``Node``).
    world.legal_actions()
    rng = random.Random(seed)
    rand = rng.random
    sqrt, ceil = math.sqrt, math.ceil
    logs = _LOGS
    only = root_actions or ()
    root = Node(None, -1)
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    done = 0
    halt, call = midway or (-1, None)
    while done == 0 or (
        (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline)
    ):
        if done + 2 >= len(logs):  # a child's availability is at most one more than the iterations done
            _grow_logs(done + 2)
        state = world.determinize(seat, rng)
        node = root
        at_root = root_actions is not None
        # Selection and expansion: every child legal here is available this visit.
        while (mover := state.to_move()) is not None:
            legal = state.legal_actions()
            if at_root:
                legal = [action for action in legal if action in only]
                at_root = False
            elif considered is not None:
                legal = considered(state, legal)
            children = node.children
            get = children.get
            untried: list[Action] | None = None
            if widening:
                untried = []
                tried = []
                for action in legal:
                    child = get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.avail += 1
                        tried.append(child)
                if untried and tried and len(tried) >= ceil(widening_base * node.visits**widening):
                    untried = None  # widened as far as its visits allow: select among the tried
                best_score = -math.inf
                if not untried:
                    for child in tried:
                        visits = child.visits
                        score = child.reward / visits + exploration * sqrt(logs[child.avail] / visits)
                        if score > best_score:
                            best_score, best = score, child
            else:
                # One pass: count availability and score UCB until an untried action turns up
                # (then this node expands, and only the availability counts are still needed).
                best_score = -math.inf
                if legal is not node.legal or prior is not None:
                    node.legal, node.kids = legal, None
                    kids = None
                else:
                    kids = node.kids
                    if kids is None:  # the same list twice in a row: line the children up with it
                        kids = node.kids = [get(action) for action in legal]
                        node.missing = kids.count(None)
                if kids is None:
                    for action in legal:
                        child = get(action)
                        if child is None:
                            if untried is None:
                                untried = [action]
                            else:
                                untried.append(action)
                        else:
                            avail = child.avail = child.avail + 1
                            if untried is None:
                                visits = child.visits
                                score = child.reward / visits + exploration * sqrt(logs[avail] / visits)
                                if score > best_score:
                                    best_score, best = score, child
                elif not node.missing:
                    for child in cast(list[Node], kids):  # none is missing
                        avail = child.avail = child.avail + 1
                        visits = child.visits
                        score = child.reward / visits + exploration * sqrt(logs[avail] / visits)
                        if score > best_score:
                            best_score, best = score, child
                else:
                    spots: list[int] | None = None
                    for spot, child in enumerate(kids):
                        if child is None:
                            if spots is None:
                                spots = [spot]
                            else:
                                spots.append(spot)
                        else:
                            avail = child.avail = child.avail + 1
                            if spots is None:
                                visits = child.visits
                                score = child.reward / visits + exploration * sqrt(logs[avail] / visits)
                                if score > best_score:
                                    best_score, best = score, child
                    if spots is not None:
                        spot = spots[int(rand() * len(spots))]
                        action = legal[spot]
                        state.apply(action, False)
                        node.missing -= 1
                        node = kids[spot] = children[action] = Node(node, mover, action)
                        break
            if untried:
                if prior is None:
                    action = untried[int(rand() * len(untried))]
                else:
                    scores = node.prior
                    if scores is None:
                        scores = node.prior = {}
                    missing = [a for a in untried if a not in scores]
                    if missing:
                        scores.update(zip(missing, prior(state, missing)))
                    action = max(untried, key=scores.__getitem__)
                state.apply(action, False)
                node = children[action] = Node(node, mover, action)
                break
            state.apply(best.action, False)
            node = best
        # Cut-off rollout.
        for _ in range(horizon):
            if state.is_over():
                break
            legal = state.legal_actions()
            if considered is not None:
                legal = considered(state, legal)
            state.apply(legal[int(rand() * len(legal))], False)
        if state.is_over():
            reward = state.outcome()
        elif estimate is None:
            reward = state.estimate()
        else:
            reward = estimate(state)
        # Backup: each node collects the reward of the seat that moved into it.
        root.visits += 1
        while node is not root:
            gained = reward[node.seat]
            node.visits += 1
            node.reward += gained
            node.square += gained * gained
            node = node.parent  # type: ignore[assignment]  # only the root has none, and the loop stops there
        done += 1
        if progress is not None and done % progress_every == 0:
            progress(done, most_visited({a: c.visits for a, c in root.children.items()}))
        if done == halt and call is not None:
            call(_result(root, done, start))
    return _result(root, done, start)


def _result(root: Node, done: int, start: float) -> SearchResult:
    action = most_visited({a: c.visits for a, c in root.children.items()})
    return SearchResult(action, done, time.perf_counter() - start, root)
