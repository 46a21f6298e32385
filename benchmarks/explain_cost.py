"""What explaining a decision costs beside its search: for positions of random play in every game,
the median and largest time ``ai.explain.explained`` takes for a ``normal`` search's top three,
and the median time of that search.

    CARAVAN_TUI_AI_BUDGET=iterations python benchmarks/explain_cost.py --positions 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from caravan_tui.ai.explain import Weighed, explained
from caravan_tui.ai.policies import search_policy
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec


def positions(game, count: int, seed: int) -> list:
    """``count`` positions after 0-59 random moves where the seat to move has 3 or more choices."""
    rng, found = random.Random(seed), []
    for attempt in range(10 * count):
        state = game.new(game.default_players, seed=attempt, options=game.quick_options)
        for _ in range(rng.randrange(60)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()), False)
        if not state.is_over() and len(state.legal_actions()) >= 3:
            found.append(state)
            if len(found) == count:
                break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    policy = search_policy(SeatSpec.ai(args.level))
    for game in GAMES.values():
        explaining, searching = [], []
        for state in positions(game, args.positions, 3):
            seat = state.to_move()
            view = state.view(seat)
            start = time.perf_counter()
            weighed = Weighed.merge([policy.weigh_root(game.id, view, seat, 1)])
            searching.append(time.perf_counter() - start)
            start = time.perf_counter()
            explained(game.id, view, seat, weighed)
            explaining.append(time.perf_counter() - start)
        if not explaining:  # said, not skipped in silence
            print(f"{game.id:16} no position with 3 or more choices in {10 * args.positions} random games")
            continue
        median, largest = statistics.median(explaining) * 1000, max(explaining) * 1000
        print(
            f"{game.id:16} explaining: median {median:.1f} ms, largest {largest:.1f} ms; "
            f"its search: median {statistics.median(searching) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
