"""What Camel Caravan's search prior (``heuristic.action_priors``) costs: the calls the searches of
seeded AI matches made (easy seats at a small iteration budget, two and three players), recorded
as they were made and then timed again, a few times over (the least CPU time counts: other work on
the machine only adds to it). A digest of the matches' moves is printed too: two versions of the
code that print the same digest played the same moves. Compare with an older checkout by running
this script again with ``PYTHONPATH`` set to it, in turns with the current code:

    python benchmarks/camel_prior_cost.py
    PYTHONPATH=/path/to/old/checkout python benchmarks/camel_prior_cost.py --repeat 5
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import time

from caravan_tui.ai.matches import play_match
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec

#: (seed, players, options) of the matches played
MATCHES = [(1, 2, {}), (2, 3, {"short_game": True})]


def recorded_calls(iterations: int, matches: int) -> tuple[list[tuple], str]:
    """Every call of the prior in the first ``matches`` matches (a copy of its position, its
    actions) and the digest of the matches' moves."""
    game = GAMES["camel_caravan"]
    prior = game.ai.prior
    assert prior is not None
    calls: list[tuple] = []

    def recording(state, actions):
        calls.append((state.clone(), list(actions)))
        return prior(state, actions)

    GAMES["camel_caravan"] = dataclasses.replace(game, ai=dataclasses.replace(game.ai, prior=recording))
    digest = hashlib.sha256()
    try:
        for seed, players, options in MATCHES[:matches]:
            record = play_match("camel_caravan", [SeatSpec.ai("easy")] * players, seed, options, iterations)
            digest.update(repr(record.actions).encode())
    finally:
        GAMES["camel_caravan"] = game
    return calls, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20, help="each AI decision's budget")
    parser.add_argument("--repeat", type=int, default=3, help="times the recorded calls are timed")
    parser.add_argument("--matches", type=int, default=len(MATCHES), help="the first matches played (default: all)")
    args = parser.parse_args()
    os.environ["CARAVAN_TUI_AI_BUDGET"] = "iterations"  # no clock: the same moves whatever the load
    prior = GAMES["camel_caravan"].ai.prior
    assert prior is not None
    started = time.process_time()
    calls, digest = recorded_calls(args.iterations, args.matches)
    played = time.process_time() - started
    times = []
    for _ in range(args.repeat):
        started = time.process_time()
        for state, actions in calls:
            prior(state, actions)
        times.append(time.process_time() - started)
    actions = sum(len(actions) for _, actions in calls)
    print(f"moves digest {digest}; the matches took {played:.1f} CPU-s")
    print(f"{len(calls)} calls of the prior, {actions} actions scored")
    print(
        f"prior: {min(times):.2f} CPU-s at best of {args.repeat} ({', '.join(f'{t:.2f}' for t in times)}), "
        f"{min(times) / len(calls) * 1e6:.0f} us a call"
    )


if __name__ == "__main__":
    main()
