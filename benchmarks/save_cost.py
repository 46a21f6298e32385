"""What saving a move costs as a match grows, and what opening a long match costs (issue 33).

    python benchmarks/save_cost.py [--iterations 4] [--games ahldarahd,...]

Every game is played once at its most players by AI seats only, through the MatchRunner, with
the save store measured at the host's door: each ``append`` (the acknowledgement of a move)
is timed and the bytes it adds to the file counted. The AI seats search a fixed, small number
of iterations (``--iterations``; ``CARAVAN_TUI_AI_BUDGET=iterations``) so that a match of
1,000 moves takes a minute; what they weighed is saved with each move as in any match.

Reported per game: bytes and time of the save at moves 10, 100 and 1,000 (the median of the 9
moves around each), the p95 of every move's save against one fsync of the same folder, and the
time to open the match again (read, replay and check, as resuming does) with its number of
moves. The disk is shared and its fsyncs swing from one minute to the next, so each save is
paired with a probe: right after it, in the same thread, one small write and fdatasync of
another file in the folder ("paired fsync"); and what a save costs beside the disk's wait is its
thread's CPU time ("CPU of a save": the record's encoding, the write, the checks that the file is
still this match's; the fdatasync waits off the CPU). No game's AI match reaches 1,000 moves
(Ahldarahd's 5 seats come nearest, about 600): for move 1,000 the match's journal is opened
again through the store and its own moves are appended once more, numbered on, until move
1,004 (marked +): the same records, in a journal 1,000 moves long. Last, a match of random
seats (the fast seat) of the game with the longest matches is played to 1,000 moves and
opened, to time the opening of a 1,000-move match; one that ends sooner is timed and said, and
the next game's is played, until one reaches 1,000 moves.
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

from caravan_tui.ai.worker import AIWorker
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import MatchLock, Record, SaveEntry, SaveStore, Snapshot
from caravan_tui.saves.loading import load
from caravan_tui.seats import SeatSpec

MARKS = (10, 100, 1000)


class TimedStore:
    """A ``MatchStore`` that times each call of the file store it wraps and counts what each
    append adds to the file."""

    shared = False

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.appends: list[tuple[int, float, float, int]] = []  # (move number, seconds, CPU seconds, bytes)
        self.paired: list[float] = []  # the probe's fsync right after each move's save (seconds)
        self.cpu: list[float] = []  # each move's save's CPU time, without a compaction (seconds)

    def lock(self, match_id: str) -> MatchLock:
        return self.store.lock(match_id)

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        self.store.open(lock, snapshot)

    def append(self, lock: MatchLock, record: Record) -> None:
        path = self.store.path(lock.match_id)
        size = path.stat().st_size
        start, cpu = time.perf_counter(), time.thread_time()
        self.store.append(lock, record)
        elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu
        if record.kind == "move":
            self.appends.append((record.turn + 1, elapsed, cpu, path.stat().st_size - size))
            if path.stat().st_size > size:  # (a compaction rewrites the file smaller)
                self.cpu.append(cpu)
            self.paired.append(probe(path.parent))

    def read(self, match_id: str) -> Snapshot:
        return self.store.read(match_id)

    def entries(self) -> list[SaveEntry]:
        return self.store.entries()

    def delete(self, match_id: str) -> None:
        self.store.delete(match_id)


def probe(folder: Path) -> float:
    """One small write and fdatasync of a file of its own in ``folder`` (seconds)."""
    fd = os.open(folder / "fsync-probe", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        start = time.perf_counter()
        os.write(fd, b"x" * 200)
        os.fdatasync(fd)
        return time.perf_counter() - start
    finally:
        os.close(fd)


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
    runner = MatchRunner.new(
        game_id,
        seats,
        [f"AI {i + 1}" for i in range(players)],
        1,
        {},
        store,
        worker=worker,
        iterations=iterations,
        match_id=f"bench-{game_id}",
    )
    runner.start()
    await runner.wait()
    runner.stop()
    return runner.match_id


def around(appends: list[tuple[int, float, float, int]], mark: int) -> tuple[float, float, int]:
    """The median time, CPU time and bytes of the 9 saves around move ``mark``."""
    window = [(t, c, b) for move, t, c, b in appends if abs(move - mark) <= 4]
    return (
        statistics.median(t for t, _, _ in window),
        statistics.median(c for _, c, _ in window),
        int(statistics.median(b for _, _, b in window)),
    )


def extend(timed: TimedStore, match_id: str, upto: int) -> None:
    """Append the match's own moves again, numbered on, until its journal holds ``upto``."""
    store = timed.store
    snapshot = store.read(match_id)
    moves = [
        Record("move", turn, time.time(), action, snapshot.weighed.get(turn, []))
        for turn, action in enumerate(snapshot.actions)
    ]
    snapshot.status, snapshot.result, snapshot.resigned = "playing", None, None
    with store.lock(match_id) as lock:
        store.open(lock, snapshot)
        turn = len(snapshot.actions)
        while turn < upto:
            for record in moves:
                if turn >= upto:
                    break
                timed.append(lock, Record("move", turn, time.time(), record.action, record.weighed))
                turn += 1


async def random_match(store: SaveStore, game_id: str, moves: int) -> str:
    """A match of random seats of ``game_id`` at its most players, stopped at ``moves``."""
    game = GAMES[game_id]
    players = max(game.players)
    runner = MatchRunner.new(
        game_id,
        [SeatSpec.parse("random")] * players,
        [f"R{i}" for i in range(players)],
        1,
        {},
        store,
        match_id=f"bench-{game_id}-random",
    )
    runner.start()
    while runner.host.status == "playing" and runner.host.turn < moves:
        await asyncio.sleep(0.001)
    runner.stop()
    return runner.match_id


def opening(store: SaveStore, match_id: str, times: int = 5) -> tuple[float, int]:
    """The median time to open ``match_id`` (read, replay, check) and its number of moves."""
    took = []
    for _ in range(times):
        start = time.perf_counter()
        loaded = load(store, match_id)
        took.append(time.perf_counter() - start)
    return statistics.median(took), len(loaded.snapshot.actions)


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
        print(
            f"{'game':<16} {'seats':>5} {'moves':>5}  "
            + "  ".join(f"{'move ' + str(m):>24}" for m in MARKS)
            + f"  {'p95':>8}  {'paired fsync p95':>16}  {'CPU of a save p50/p95':>24}  {'open':>9}"
        )
        lengths = {}
        for game_id in args.games.split(","):
            timed = TimedStore(store)

            async def run(game_id: str = game_id, timed: TimedStore = timed) -> str:
                async with AIWorker(max_workers=1) as worker:
                    return await play(game_id, timed, worker, args.iterations)

            match_id = asyncio.run(run())
            opened, moves = opening(store, match_id)
            lengths[game_id] = moves
            p95 = percentile([t for _, t, _, _ in timed.appends], 95)
            paired = percentile(timed.paired, 95)
            beside = f"{statistics.median(timed.cpu) * 1e3:.2f} / {percentile(timed.cpu, 95) * 1e3:.2f} ms"
            if len(timed.appends) < MARKS[-1] + 4:
                extend(timed, match_id, MARKS[-1] + 4)
            cells = []
            for mark in MARKS:
                took, cpu, size = around(timed.appends, mark)
                cells.append(f"{size:>4} B {took * 1e3:>5.2f} ({cpu * 1e3:.2f}) ms" + ("+" if mark > moves else " "))
            print(
                f"{game_id:<16} {max(GAMES[game_id].players):>5} {moves:>5}  "
                + "  ".join(f"{c:>24}" for c in cells)
                + f"  {p95 * 1e3:>5.2f} ms  {paired * 1e3:>13.2f} ms"
                f"  {beside:>24}  {opened * 1e3:>6.1f} ms",
                flush=True,
            )
        for game_id in sorted(lengths, key=lambda g: -lengths[g]):  # (a random match may end sooner)
            match_id = asyncio.run(random_match(store, game_id, MARKS[-1]))
            opened, moves = opening(store, match_id)
            print(f"a {moves}-move match of {game_id} (random seats) opens in {opened * 1e3:.1f} ms")
            if moves >= MARKS[-1]:
                break
        else:
            print(f"no random match of these games reached {MARKS[-1]} moves: the longest are timed above")
    print("bytes and time (CPU time, without the wait for the disk) of a move's save, medians of 9 moves;")
    print("p95 of every move's save (up to the match's end), and of the probe's fsync right after each;")
    print("CPU of a save: its thread's CPU time (the disk's wait left out), over every move")
    print("+ the journal extended with the match's own moves (no AI match is that long)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
