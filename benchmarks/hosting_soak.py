"""A soak of hosting on PostgreSQL (docs/several-hosts.md): two ``serve --database`` processes on one
throwaway PostgreSQL, matches that play on by themselves, and for ``--seconds`` faults applied to
the servers at random while the record of every match is checked.

    python benchmarks/hosting_soak.py --seconds 300 [--matches 4] [--seed N] [--json FILE]

**The matches.** Made as the hub makes one (a ``MatchHost`` stored in the database and its hosted
record kept beside it, as ``pg_hosting.py`` does): seat 1 a person's (who never connects), the
others AIs, and "All away: AIs finish it" with a grace of one second, so that whichever server
takes the match up, the person's seat gets a stand-in and the match plays to its end with nobody
at the table. The servers take them up as they take over any match no server holds (every 2 s).
``--matches`` are kept in play: one more is made as one ends. Games are drawn from every game.

**The faults**, one at a time, on a server drawn at random, ``--pause`` seconds apart, from the
first move stored (faults before the servers play prove nothing; ``--seconds`` counts from there):

- ``kill``: SIGKILL to the server's process group (the server and its AI workers: a machine
  lost), then the server is started again;
- ``cut``: the database ends every connection of the server (``pg_terminate_backend``, as a
  database restart or a network cut does);
- ``stall``: SIGSTOP to its process group for a random 1–``--max-stall`` seconds, then SIGCONT
  (a frozen process whose connections live on: the other server takes it for silent after 20 s).

**The check**, every ``--poll`` seconds, in one snapshot of the database: every ``records`` row
(match, seq) once seen is still there with the same bytes; each match's rows run 0, 1, 2… without
a gap; each folds (moves, and undos taking moves back) as ``apply_record`` allows; and its folded
log is never shorter than at the poll before, nor other than an extension of it, unless a record
new since then is an undo. Any failure is a violation, reported with its match and seq: the run
exits 1. A match still being played whose record did not grow for ``--stuck`` seconds is
reported as stuck (it does not fail the run: it says a takeover did not happen).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from caravan_tui.bus import Bus
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from caravan_tui.pgstore import open_database
from caravan_tui.pgstore.keeping import PgKeeping
from caravan_tui.pgstore.local_server import LocalServer
from caravan_tui.pgstore.matches import PgMatchStore
from caravan_tui.saves.codec import DamagedSave, decode_record
from caravan_tui.saves.snapshot import Record
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.records import HostedRecord

CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
PERSON = "SHA256:" + "s" * 43  # the owner of each match's first seat (never connects)
SERVERS = ("one", "two")


class Server:
    """One ``serve --database`` process in its own folder and process group."""

    def __init__(self, home: Path, url: str, iterations: int) -> None:
        self.home, self.url, self.iterations = home, url, iterations
        home.mkdir(parents=True, exist_ok=True)
        self.process = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        out = open(self.home / "serve.out", "ab")  # noqa: SIM115 (the process holds it)
        began = (self.home / "serve.out").stat().st_size
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                CLI,
                "serve",
                "--port",
                "0",
                "--database",
                self.url,
                "--ai-iterations",
                str(self.iterations),
            ],
            env={**os.environ, "CARAVAN_TUI_HOME": str(self.home), "CARAVAN_TUI_AI_BUDGET": "iterations"},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        for _ in range(1200):
            with open(self.home / "serve.out", "rb") as said:
                said.seek(began)
                if b"serving on" in said.read():
                    return process
            if process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"the server in {self.home} did not start: {(self.home / 'serve.out').read_text()[-2000:]}")

    def signal(self, number: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # the group ended already
            os.killpg(self.process.pid, number)

    def kill_and_restart(self) -> None:
        self.signal(signal.SIGKILL)
        self.process.wait()
        self.process = self._start()

    def cut(self) -> None:
        """The database ends every connection of this server (their locks with them)."""
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid, 20000) FROM pg_stat_activity WHERE application_name LIKE %s",
                (f"% pid {self.process.pid}",),
            )

    def stop(self) -> None:
        self.signal(signal.SIGCONT)
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.process.wait()


@dataclass
class Seen:
    """What the polls saw of one match: each row's md5 by seq, its records, its folded log."""

    hashes: dict[int, str] = field(default_factory=dict)
    records: dict[int, Record] = field(default_factory=dict)
    log: list[Any] = field(default_factory=list)
    grew: float = field(default_factory=time.monotonic)  # when its rows last grew
    longest: float = 0.0  # the longest time its rows did not grow while it was played


class Watcher:
    """The polls of the database and the violations they found."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn = self._connect()
        self.cut = 0  # times the database ended this watcher's connection (none of the faults aims at it)
        self.seen: dict[str, Seen] = {}
        self.violations: list[dict[str, Any]] = []
        self.playing: set[str] = set()
        self.polls = 0

    def violation(self, match_id: str, seq: int | None, what: str) -> None:
        """Note a violation, with the match's rows as they are now (seq, epoch, kind, turn, md5)
        and the md5 of each row as the polls before saw it."""
        rows = self.conn.execute(
            "SELECT seq, epoch, md5(record), record FROM records WHERE match_id = %s ORDER BY seq", (match_id,)
        ).fetchall()
        now = []
        for number, epoch, digest, data in rows:
            try:
                record = decode_record(bytes(data))
                now.append(f"{number} epoch {epoch} {record.kind} {record.turn} {record.action} {digest}")
            except DamagedSave:
                now.append(f"{number} epoch {epoch} damaged {digest}")
        before = self.seen[match_id].hashes if match_id in self.seen else {}
        self.violations.append(
            {
                "match": match_id,
                "seq": seq,
                "what": what,
                "at_poll": self.polls,
                "rows_now": now,
                "seen_before": [f"{number} {digest}" for number, digest in sorted(before.items())],
            }
        )

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, application_name="hosting-soak watcher")

    def poll(self) -> None:
        """One look; a look whose connection the database ended is counted and skipped."""
        try:
            self._poll()
        except psycopg.OperationalError:
            self.cut += 1
            self.conn.close()
            self.conn = self._connect()

    def _poll(self) -> None:
        """One consistent look (a repeatable-read transaction): the rows of each match whose
        aggregate differs from what was seen are read again and checked."""
        self.polls += 1
        self.conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            summary = self.conn.execute(
                "SELECT match_id, count(*), md5(string_agg(md5(record), '' ORDER BY seq)) FROM records "
                "GROUP BY match_id"
            ).fetchall()
            self.playing = {row[0] for row in self.conn.execute("SELECT id FROM matches WHERE status = 'playing'")}
            changed = []
            for match_id, count, digest in summary:
                seen = self.seen.setdefault(match_id, Seen())
                mine = hashlib.md5("".join(seen.hashes[s] for s in sorted(seen.hashes)).encode()).hexdigest()
                if count != len(seen.hashes) or digest != mine:
                    changed.append(match_id)
            rows = (
                self.conn.execute(
                    "SELECT match_id, seq, record FROM records WHERE match_id = ANY(%s) ORDER BY seq", (changed,)
                ).fetchall()
                if changed
                else []
            )
        finally:
            self.conn.execute("COMMIT")
        gone = set(self.seen) - {row[0] for row in summary}
        for match_id in gone:
            if self.seen[match_id].hashes:
                self.violation(match_id, None, f"all {len(self.seen[match_id].hashes)} rows are gone")
                self.seen[match_id].hashes.clear()
        by_match: dict[str, list[tuple[int, bytes]]] = {match_id: [] for match_id in changed}
        for match_id, seq, data in rows:
            by_match[match_id].append((seq, bytes(data)))
        now = time.monotonic()
        for match_id, found in by_match.items():
            self._check(match_id, found, now)
        for match_id in self.playing:
            seen = self.seen.setdefault(match_id, Seen())
            seen.longest = max(seen.longest, now - seen.grew)

    def _check(self, match_id: str, found: list[tuple[int, bytes]], now: float) -> None:
        seen = self.seen[match_id]
        hashes = {seq: hashlib.md5(data).hexdigest() for seq, data in found}
        for seq, digest in seen.hashes.items():
            if seq not in hashes:
                self.violation(match_id, seq, "a row seen before is gone")
            elif hashes[seq] != digest:
                self.violation(match_id, seq, f"a row seen before changed (md5 {digest} -> {hashes[seq]})")
        new = {seq: data for seq, data in found if seq not in seen.hashes}
        records = dict(seen.records)
        for seq, data in new.items():
            try:
                records[seq] = decode_record(data)
            except DamagedSave as exc:
                self.violation(match_id, seq, f"a row is not a record: {exc.reason}")
        if sorted(hashes) != list(range(len(hashes))):
            missing = sorted(set(range(max(hashes) + 1)) - set(hashes))
            self.violation(match_id, missing[0], f"the rows have a gap ({len(missing)} missing)")
        log: list[Any] = []
        for seq in sorted(records):
            record = records[seq]
            if record.kind == "move" and record.turn == len(log):
                log.append(record.action)
            elif record.kind == "undo" and 0 <= record.turn <= len(log):
                del log[record.turn :]
            else:
                self.violation(match_id, seq, f"a {record.kind} of turn {record.turn} after {len(log)} moves")
                break
        undone = any(records[seq].kind == "undo" for seq in new if seq in records)
        if log[: len(seen.log)] != seen.log and not undone:
            self.violation(match_id, None, f"the log of {len(seen.log)} moves became one of {len(log)} without an undo")
        if len(hashes) > len(seen.hashes):
            seen.grew = now
        seen.hashes, seen.records, seen.log = hashes, records, log

    def moves(self) -> Counter[str]:
        return Counter(record.kind for seen in self.seen.values() for record in seen.records.values())


def make_match(store: PgMatchStore, keeping: PgKeeping, rng: random.Random) -> str:
    """A hosted match nobody is at whose AIs finish it: seat 1 a person's (away), the rest AIs."""
    game = GAMES[rng.choice(sorted(GAMES))]
    players = game.default_players
    seats = [SeatSpec("remote", who=PERSON)] + [SeatSpec.ai("easy")] * (players - 1)
    names = ["Sam"] + [f"AI {n}" for n in range(1, players)]
    host = MatchHost.new(game.id, seats, names, rng.randrange(1 << 30), None, store, Bus())
    try:
        keeping.keep_record(HostedRecord(host.match_id, [PERSON] + [None] * (players - 1), 1, "easy", ai_finish=True))
    finally:
        host.close()
    return host.match_id


class Faults:
    """Faults applied one at a time, on a thread, until ``stop`` is set."""

    def __init__(
        self, servers: dict[str, Server], rng: random.Random, pause: tuple[float, float], max_stall: float
    ) -> None:
        self.servers, self.rng, self.pause, self.max_stall = servers, rng, pause, max_stall
        self.applied: Counter[str] = Counter()
        self.stall_s: list[float] = []
        self.stop = threading.Event()
        self.errors: list[str] = []

    def run(self) -> None:
        try:
            while not self.stop.wait(self.rng.uniform(*self.pause)):
                name = self.rng.choice(SERVERS)
                kind = self.rng.choice(("kill", "cut", "stall"))
                server = self.servers[name]
                if kind == "kill":
                    server.kill_and_restart()
                elif kind == "cut":
                    server.cut()
                else:
                    seconds = self.rng.uniform(1.0, self.max_stall)
                    server.signal(signal.SIGSTOP)
                    self.stop.wait(seconds)
                    server.signal(signal.SIGCONT)
                    self.stall_s.append(round(seconds, 1))
                self.applied[kind] += 1
        except Exception as exc:  # reported, and the run fails: a soak whose faults stopped proves little
            self.errors.append(f"{type(exc).__name__}: {exc}")


def await_first_move(watcher: Watcher, seconds: float) -> float:
    """Poll until a server has stored a move of a match it took up, or fail the run after
    ``seconds`` (on a busy machine the servers' start and first takeover take a while); returns
    the seconds it took."""
    began = time.monotonic()
    ends = began + seconds
    while not watcher.moves()["move"]:
        if time.monotonic() > ends:
            raise SystemExit(f"no server stored a move within {seconds:g} s: the matches were never taken up")
        time.sleep(0.2)
        watcher.poll()
    return time.monotonic() - began


def soak(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    rng = random.Random(args.seed)
    store, keeping = open_database(url, "soak")
    servers = {name: Server(folder / name, url, args.ai_iterations) for name in SERVERS}
    watcher = Watcher(url)
    faults = Faults(servers, rng, (args.pause[0], args.pause[1]), args.max_stall)
    made: list[str] = []
    thread = threading.Thread(target=faults.run, daemon=True)
    try:
        for _ in range(args.matches):
            made.append(make_match(store, keeping, rng))
        first_move_s = await_first_move(watcher, args.start_within)
        thread.start()
        ends = time.monotonic() + args.seconds
        while time.monotonic() < ends:
            watcher.poll()
            for _ in range(args.matches - len(watcher.playing & set(made))):
                made.append(make_match(store, keeping, rng))
            time.sleep(args.poll)
        faults.stop.set()
        thread.join()
        watcher.poll()
    finally:
        faults.stop.set()
        thread.join(timeout=60)
        for name, server in servers.items():
            server.stop()
            if args.logs:
                Path(args.logs).mkdir(parents=True, exist_ok=True)
                shutil.copy(server.home / "serve.out", Path(args.logs) / f"{name}.out")
    kinds = watcher.moves()
    stuck = {match_id: round(seen.longest, 1) for match_id, seen in watcher.seen.items() if seen.longest > args.stuck}
    return {
        "seconds": args.seconds,
        "seed": args.seed,
        "first_move_after_s": round(first_move_s, 1),
        "faults": dict(faults.applied),
        "stalls_s": faults.stall_s,
        "fault_errors": faults.errors,
        "matches": len(made),
        "finished": sum(1 for match_id in made if match_id not in watcher.playing),
        "moves_stored": kinds["move"],
        "undos_stored": kinds["undo"],
        "polls": watcher.polls,
        "watcher_cut": watcher.cut,
        "longest_without_a_move_s": round(max((s.longest for s in watcher.seen.values()), default=0.0), 1),
        "stuck": stuck,
        "violations": watcher.violations,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--matches", type=int, default=4, help="matches kept in play at once")
    parser.add_argument("--ai-iterations", type=int, default=30)
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between two checks of the record")
    parser.add_argument(
        "--pause", type=float, nargs=2, default=[3.0, 12.0], metavar=("MIN", "MAX"), help="seconds between two faults"
    )
    parser.add_argument(
        "--start-within", type=float, default=120.0, help="seconds the servers have to store a first move"
    )
    parser.add_argument("--max-stall", type=float, default=25.0)
    parser.add_argument(
        "--stuck", type=float, default=60.0, help="a match whose record did not grow for this long is reported"
    )
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--logs", metavar="DIR", help="keep each server's output here")
    args = parser.parse_args()
    with LocalServer() as server, tempfile.TemporaryDirectory(dir=Path.home()) as folder:
        result = soak(args, server.url, Path(folder))
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    if result["violations"] or result["fault_errors"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
