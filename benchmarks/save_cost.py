"""What saving a move costs as a match grows, and what opening a long match costs (issue 33).

    python benchmarks/save_cost.py [--iterations 4] [--games ahldarahd,...]

Every game is played once at its most players by AI seats only, through the MatchRunner, with
the save store measured at the host's door: each ``append`` (the acknowledgement of a move)
is timed and the bytes it adds to the file counted. The AI seats search a fixed, small number
of iterations (``--iterations``; ``CARAVAN_TUI_AI_BUDGET=iterations``) so that a match of
1,000 moves takes a minute; what they weighed is saved with each move as in any match.

Reported per game: bytes and time of the save at moves 10, 100 and 1,000 (the median of the 9
moves around each; a game whose match ends sooner shows its last moves instead, marked),
the p95 of every move's save against one fsync of the same folder, and the time to open the
match again (read, replay and check, as resuming does) with its number of moves.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ai.worker import AIWorker
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from saves import MatchLock, Record, SaveEntry, SaveStore, Snapshot
from saves.loading import load

MARKS = (10, 100, 1000)


class TimedStore:
    """A ``MatchStore`` that times each call of the file store it wraps and counts what each
    append adds to the file."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.appends: list[tuple[int, float, int]] = []  # (move number, seconds, bytes)

    def lock(self, match_id: str) -> MatchLock:
        return self.store.lock(match_id)

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        self.store.open(lock, snapshot)

    def append(self, lock: MatchLock, record: Record) -> None:
        path = self.store.path(lock.match_id)
        size = path.stat().st_size
        start = time.perf_counter()
        self.store.append(lock, record)
        elapsed = time.perf_counter() - start
        if record.kind == "move":
            self.appends.append((record.turn + 1, elapsed, path.stat().st_size - size))

    def read(self, match_id: str) -> Snapshot:
        return self.store.read(match_id)

    def entries(self) -> list[SaveEntry]:
        return self.store.entries()

    def delete(self, match_id: str) -> None:
        self.store.delete(match_id)


def fsync_cost(folder: Path, times: int = 200) -> tuple[float, float]:
    """The median and p95 of one small write and fdatasync in ``folder`` (seconds)."""
    path = folder / "fsync-probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    took = []
    try:
        for _ in range(times):
            start = time.perf_counter()
            os.write(fd, b"x" * 200)
            os.fdatasync(fd)
            took.append(time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink()
    return statistics.median(took), percentile(took, 95)


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


async def play(game_id: str, store: TimedStore, worker: AIWorker, iterations: int) -> str:
    game = GAMES[game_id]
    players = max(game.players)
    seats = [SeatSpec.parse("ai:easy")] * players
    runner = MatchRunner.new(game_id, seats, [f"AI {i + 1}" for i in range(players)], 1, {}, store,
                             worker=worker, iterations=iterations, match_id=f"bench-{game_id}")
    runner.start()
    await runner.wait()
    runner.stop()
    return runner.match_id


def around(appends: list[tuple[int, float, int]], mark: int) -> tuple[int, float, int, bool]:
    """The move nearest ``mark`` the match reached, the median time and bytes of the 9 saves
    around it, and whether the match reached ``mark`` itself."""
    last = len(appends)
    centre = min(mark, last - 4) if last > 9 else (last + 1) // 2
    window = appends[max(0, centre - 5):centre + 4]
    return (centre, statistics.median(t for _, t, _ in window), int(statistics.median(b for _, _, b in window)),
            mark <= last)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=4, help="each AI decision's search budget")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    args = parser.parse_args()
    os.environ["CARAVAN_TUI_AI_BUDGET"] = "iterations"
    with tempfile.TemporaryDirectory(prefix="save-cost-", dir=os.environ.get("SAVE_COST_DIR")) as temp:
        store = SaveStore(Path(temp))
        store.folder.mkdir(parents=True)
        fsync_median, fsync_p95 = fsync_cost(store.folder)
        print(f"one fsync of a small write: median {fsync_median * 1e3:.2f} ms, p95 {fsync_p95 * 1e3:.2f} ms")
        print(f"{'game':<16} {'seats':>5} {'moves':>5}  " + "  ".join(f"{'move ' + str(m):>18}" for m in MARKS)
              + f"  {'p95':>8}  {'open':>9}")
        for game_id in args.games.split(","):
            timed = TimedStore(store)

            async def run(game_id: str = game_id, timed: TimedStore = timed) -> str:
                async with AIWorker(max_workers=1) as worker:
                    return await play(game_id, timed, worker, args.iterations)

            match_id = asyncio.run(run())
            start = time.perf_counter()
            loaded = load(store, match_id)
            opened = time.perf_counter() - start
            cells = []
            for mark in MARKS:
                move, took, size, reached = around(timed.appends, mark)
                cells.append(f"{size:>5} B {took * 1e3:>6.2f} ms{' ' if reached else '*'}"
                             + ("" if reached else f"@{move}"))
            p95 = percentile([t for _, t, _ in timed.appends], 95)
            print(f"{game_id:<16} {max(GAMES[game_id].players):>5} {len(loaded.snapshot.actions):>5}  "
                  + "  ".join(f"{c:>18}" for c in cells) + f"  {p95 * 1e3:>5.2f} ms  {opened * 1e3:>6.1f} ms",
                  flush=True)
    print("* the match ended sooner: the figures are of its last moves (@ the move)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
