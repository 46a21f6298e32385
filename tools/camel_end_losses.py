"""Hunt Camel Caravan positions where an AI seat's move lets the other player win at once while
another move does not (issue: hints and AI that never lose on the spot).

Two AI seats play seeded matches; at every decision where ``GameAI.end_near`` holds, the move
made (the one a hint of that level shows first: both pass ``policies.allowed``) is looked at
exactly on the real position (``ExactLook``): the move, then every way on in the rest of the
seat's turn (ending it first, then the prior's favourites: 40 at the next decision, 6 and 3
after), then every reply of the other player that can matter until the seat decides again.
Where the move loses and another does not, the position is printed with the seed, options and
move number that rebuild it (``tests/positions`` keeps such positions). Two players only.

    CARAVAN_TUI_AI_BUDGET=iterations python tools/camel_end_losses.py --seeds 301 310 \\
        --iterations 150 --option sixth_camel=yes --option short_game=yes
"""

from __future__ import annotations

import argparse
import heapq
import json
import time
from collections.abc import Iterator
from typing import Any

from caravan_tui.ai import safety
from caravan_tui.ai.matches import decision_seed
from caravan_tui.ai.policies import SearchPolicy, pick, search_policy
from caravan_tui.engine import Action
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.board import CITY_OF_GOOD, MAX_TURNS, NEIGHBOURS
from caravan_tui.games.camel_caravan.rules import CamelCaravanState
from caravan_tui.seats import SeatSpec

GAME = get_game("camel_caravan")
FAR = 99
#: the seat's own ways on looked at after the move: at its next decision, the one after, later
OWN = (40, 6, 3)
#: other moves looked at for one that does not lose, where the move made does
OTHERS = 30


def path_cost(state: CamelCaravanState, p: int, start: int, city: int) -> int:
    """Camels ``p`` still needs to link ``start`` to ``city`` (an empty one on the city)."""
    own = set(state.empties[p]) | {cell for cell, _, _ in state.loads[p]}
    empty = set(state.empties[p])
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        cost, cell = heapq.heappop(frontier)
        if cell == city:
            return cost
        if cost > best.get(cell, FAR):
            continue
        for step in NEIGHBOURS[cell]:
            extra = 0 if step in (empty if step == city else own) else 1
            if cost + extra < best.get(step, FAR):
                best[step] = cost + extra
                heapq.heappush(frontier, (cost + extra, step))
    return FAR


def actions_to_end(state: CamelCaravanState, p: int) -> int:
    """A lower bound on the actions ``p`` needs to end the match by a delivery: a loaded good
    linked to its city, or a loose or stealable good taken first; while goods are left in the
    bag, the pick-ups that bring its last refill as well."""
    if state.turns >= MAX_TURNS - state.n:
        return 0
    empty = set(state.empties[p])
    best = min((path_cost(state, p, cell, CITY_OF_GOOD[good]) + 1 for cell, good, _ in state.loads[p]), default=FAR)
    goods = [(cell, good) for cell, good in enumerate(state.loose) if good >= 0]
    if state.thefts[p]:
        goods += [(cell, good) for q in range(state.n) if q != p for cell, good, under in state.loads[q] if not under]
    for cell, good in goods:
        best = min(best, 2 + (cell not in empty) + path_cost(state, p, cell, CITY_OF_GOOD[good]))
    if any(state.bag):
        best = max(best, state.loose_count - 4 + 1)
    return best


def near_cells(state: CamelCaravanState, p: int) -> set[int]:
    """Where a camel of ``p`` sent this turn can matter: next to its camels, a loose good, a
    stealable good or a city (a chain is built outward from one of them)."""
    cells = set(state.empties[p]) | {cell for cell, _, _ in state.loads[p]} | set(CITY_OF_GOOD)
    cells |= {cell for cell, good in enumerate(state.loose) if good >= 0}
    cells |= {cell for q in range(state.n) if q != p for cell, _, under in state.loads[q] if not under}
    return cells | {step for cell in cells for step in NEIGHBOURS[cell]}


def ranked(state: CamelCaravanState, legal: list[Action]) -> list[Action]:
    scores = GAME.ai.prior(state, legal) if GAME.ai.prior is not None and len(legal) > 1 else [0.0] * len(legal)
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]


class ExactLook:
    """Whether the match ends with ``seat`` beaten before it decides again after its turn,
    whatever it does in the rest of that turn (its ways on bounded by ``OWN``), on one real
    position: the other player's replies are all tried but those that cannot help it deliver
    in the actions it has left (``actions_to_end``, ``near_cells``); positions met twice are
    looked at once."""

    def __init__(self, seat: int) -> None:
        self.seat, self.seen, self.positions = seat, dict[tuple[Any, ...], bool](), 0

    def lost(self, state: CamelCaravanState, answered: bool = False, depth: int = 0) -> bool:
        seat = self.seat
        if state.is_over():
            return safety.beaten(state, seat)
        mover = state.to_move()
        if mover is None or (mover == seat and answered):
            return False
        key = (
            state.turn,
            state.left,
            tuple(state.empties),
            tuple(state.loads),
            state.loose,
            state.bag,
            tuple(state.supply),
            tuple(state.thefts),
            state.demand,
            tuple(state.delivered),
            tuple(state.markers),
            answered,
            min(depth, 2),
        )
        if key not in self.seen:
            self.positions += 1
            self.seen[key] = self._own(state, depth) if mover == seat else self._replies(state, mover)
        return self.seen[key]

    def _own(self, state: CamelCaravanState, depth: int) -> bool:
        legal = state.legal_actions()
        ways = [action for action in legal if action[0] == "end_turn"]
        ways += ranked(state, [action for action in legal if action[0] != "end_turn"])
        return all(self.lost(after(state, action), False, depth + 1) for action in ways[: OWN[min(depth, 2)]])

    def _replies(self, state: CamelCaravanState, mover: int) -> bool:
        left = state.left
        deep = actions_to_end(state, mover) <= left
        near = near_cells(state, mover) if deep else set()
        for action in state.legal_actions():
            kind = action[0]
            if kind == "end_turn":
                continue
            if kind in ("place", "move_camel") and (
                not deep or left < 2 or action[-1] not in near or (state.occ[action[-1]] and left < 3)
            ):
                continue
            if self.lost(after(state, action), True):
                return True
        return False


def after(state: CamelCaravanState, action: Action) -> CamelCaravanState:
    child = state.clone()
    child.apply(action, False)
    return child


def losing_moves(state: CamelCaravanState, seat: int, move: Action) -> tuple[bool, Action | None]:
    """Whether ``move`` loses at once on the real position, and if so the first other move
    (ending the turn first, then the prior's order) that does not."""
    if not ExactLook(seat).lost(after(state, move)):
        return False, None
    legal = state.legal_actions()
    others = [a for a in [a for a in legal if a[0] == "end_turn"] + ranked(state, legal) if a != move]
    for other in others[:OTHERS]:
        if not ExactLook(seat).lost(after(state, other)):
            return True, other
    return True, None


def hunt(seed: int, options: dict[str, Any], levels: list[str], iterations: int) -> Iterator[dict[str, Any]]:
    """One match's decisions near the end, as they are played: each one's move and what the
    exact look says of it (the match is played only as far as they are asked for)."""
    state = GAME.new(2, seed=seed, options=GAME.resolve_options(options))
    assert isinstance(state, CamelCaravanState)
    policies = [search_policy(SeatSpec.ai(level), iterations=iterations) for level in levels]
    log: list[Action] = []
    while (seat := state.to_move()) is not None:
        legal = state.legal_actions()
        move = legal[0]
        if len(legal) > 1:
            policy, view = policies[seat], state.view(seat)
            dseed = decision_seed(seed, len(log), seat)
            stats = policy.merge(
                [policy.search_root(GAME.id, view, seat, dseed, i) for i in range(policy.level.searches)]
            )
            move = pick(GAME.id, view, seat, stats, policy.level.name)
            if GAME.ai.end_near is not None and GAME.ai.end_near(state):
                loses, other = losing_moves(state, seat, move)
                yield {
                    "move": len(log),
                    "seat": seat,
                    "played": move,
                    "searched": SearchPolicy.best(stats),
                    "loses": loses,
                    "safe": other,
                }
        state.apply(move, False)
        log.append(move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs=2, type=int, default=(301, 302), metavar=("FIRST", "END"))
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--levels", default="normal,easy", help="the two seats' levels (swapped on even seeds)")
    parser.add_argument("--looks", type=int, default=None, help="decisions looked at per match at most")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=yes|no", help="a yes/no option")
    args = parser.parse_args()
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = value.lower() in ("yes", "true", "on", "1")
    levels = args.levels.split(",")
    for seed in range(*args.seeds):
        order = levels if seed % 2 else levels[::-1]
        started, looked, found = time.perf_counter(), 0, []
        for decision in hunt(seed, options, order, args.iterations):
            looked += 1
            if decision["loses"] and decision["safe"] is not None:
                found.append(decision)
            if looked == args.looks:
                break
        summary = {"seed": seed, "options": options, "levels": order, "decisions": looked, "found": found}
        print(json.dumps({**summary, "seconds": round(time.perf_counter() - started, 1)}), flush=True)


if __name__ == "__main__":
    main()
