"""What a review costs: seat 1's review of a 100-move Decktet Caravan match and of a whole
Caravans of Ahldarahd match (default options, easy seats at 20 iterations a move), judged in the
AI workers on two cores at the review's budget: its decisions and the others' (which split luck
from their play); the time from the first decision sent to the last judged, and its progress
(when the first, a half and all of them were judged). With ``--noise``, also how far the same
decisions' expected results move when searched with other seeds (the review's own noise, which
the grades' thresholds must clear).
``--games`` reviews a match of other games too (``MATCHES``); ``--seat`` has other seats play the
matches (``greedy``: a match in a fraction of a second, for a quick look that the review runs);
``--short`` reviews a whole match of each game's short form where it has one (Camel Caravan's short
game: the end of a match, where each move is looked at again for a loss at once, ``ai/safety.py``).

    python benchmarks/review_cost.py                 # the review's budget (1,500 iterations)
    python benchmarks/review_cost.py --iterations 20 --moves 30 --noise 0
    python benchmarks/review_cost.py --iterations 10 --moves 20 --noise 1 --seat greedy
    python benchmarks/review_cost.py --games camel_caravan,merchant_lord,caravanserai
    python benchmarks/review_cost.py --games camel_caravan --short --seat greedy --iterations 300 --noise 0
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import resource
import statistics
import time

from caravan_tui.ai.matches import play_match
from caravan_tui.ai.review import ITERATIONS, Position, decisions_of, judge
from caravan_tui.ai.worker import AIWorker
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec

#: the matches a run may review: game -> (players, moves of the log reviewed; None: all of it)
MATCHES = {
    "decktet_caravan": (2, 100),
    "ahldarahd": (3, None),
    "camel_caravan": (2, 80),
    "merchant_lord": (2, None),
    "caravanserai": (1, None),
}


def match_positions(
    game_id: str, players: int, moves: int | None, seed: int, seat: SeatSpec, short: bool = False
) -> tuple[int, list[Position]]:
    """Every seat's decisions in the first ``moves`` moves of a match between ``seat``s (an AI at
    20 iterations a move; ``short``: of the game's short form), as seat 0's review judges them."""
    game = get_game(game_id)
    options = game.short_options if short else None
    record = play_match(game_id, [seat] * players, seed, options, iterations=20)
    actions = record.actions[:moves]
    return len(actions), list(decisions_of(game, players, seed, record.options, actions, 0).decisions)


async def timed_review(
    game_id: str, found: list[Position], iterations: int, workers: int
) -> tuple[float, float, list[float]]:
    """The review's time on the clock, the CPU time its workers spent (counted once they end:
    it does not depend on what else the machine runs, as the clock does) and the time each
    decision was judged at, from the start."""
    before = _children_cpu()
    times: list[float] = []
    async with AIWorker(workers) as worker:
        await worker.review(game_id, 0, found[:1], 1)  # the workers started and warm
        start = time.perf_counter()
        await worker.review(
            game_id, 0, found, iterations, lambda done, total: times.append(time.perf_counter() - start)
        )
        seconds = time.perf_counter() - start
    return seconds, _children_cpu() - before, times


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def noise(game_id: str, found: list[Position], iterations: int, count: int) -> tuple[list[float], list[float]]:
    """How far another seed moves, over ``count`` decisions spread over the match, the expected
    result with the best move (``before``) and the cost of the move made (``loss``), in points
    of the expected result (of 100)."""
    own = [position for position in found if position.seat == 0]
    picked = own[:: max(1, len(own) // count)][:count]
    before, loss = [], []
    for position in picked:
        first = judge(game_id, 0, position, iterations)
        # the same view under another move number: only the search's seed differs
        other = judge(
            game_id, 0, dataclasses.replace(position, turn=position.turn + 10**6, end=position.end + 10**6), iterations
        )
        before.append(abs(first.before - other.before) * 100)
        loss.append(abs(first.loss - other.loss) * 100)
    return before, loss


def spread(values: list[float]) -> str:
    """ "median 1.2, 90% 4.5" of ``values``."""
    ranked = sorted(values)
    return f"median {statistics.median(ranked):.1f}, 90% {ranked[min(len(ranked) - 1, int(0.9 * len(ranked)))]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default="decktet_caravan,ahldarahd", help="the matches reviewed, by game")
    parser.add_argument("--moves", type=int, default=100, help="moves of the Decktet Caravan match reviewed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="a whole match of each game's short form, if it has one")
    parser.add_argument("--noise", type=int, default=10, help="decisions searched again with other seeds (0: none)")
    parser.add_argument(
        "--seat",
        type=SeatSpec.parse,
        default=SeatSpec.ai("easy"),
        help="who plays every seat of the matches reviewed (ai:easy; greedy or random: quicker)",
    )
    args = parser.parse_args()
    for game_id in args.games.split(","):
        players, moves = MATCHES[game_id]
        moves = args.moves if game_id == "decktet_caravan" else moves
        short = args.short and bool(get_game(game_id).short_options)
        length, found = match_positions(game_id, players, None if short else moves, args.seed, args.seat, short)
        seconds, cpu, times = asyncio.run(timed_review(game_id, found, args.iterations, args.workers))
        each = cpu / max(1, len(found))
        own = sum(1 for position in found if position.seat == 0)
        line = (
            f"{game_id:16} {length} moves, seat 1's review ({own} decisions, {len(found) - own} of the others) "
            f"at {args.iterations} iterations on {args.workers} workers: {seconds:.1f} s, {cpu:.1f} s of CPU "
            f"({each:.2f} s a decision); judged: the first at {times[0]:.1f} s, half at "
            f"{times[(len(times) - 1) // 2]:.1f} s, all at {times[-1]:.1f} s"
        )
        if args.noise:
            before, loss = noise(game_id, found, args.iterations, args.noise)
            line += (
                f"; another seed moves the best move's expected result by {spread(before)} points "
                f"and the cost of the move made by {spread(loss)}"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
