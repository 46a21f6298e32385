"""How many people one ``caravan-tui serve`` carries (DESIGN §7): N concurrent SSH sessions on
127.0.0.1 play (or watch) Decktet Caravan at a human pace, and every keypress is timed until the
screen shows its effect.

    python benchmarks/ssh_load.py --sessions 1 10 20 40 --seconds 30 [--json FILE]

For each N a fresh server starts; the sessions pair up into matches between people (an odd one
out watches the first match; a lone session plays an AI), set up through their own keys as a
person would. Then, for ``--seconds``, each session presses a key every 0.7–1.3 s:

- its turn: up or down in the plays list a few times, timed until the status line names the
  highlighted play ("ui"), then enter plays it, timed until the screen shows the turn passed on
  ("play": through the hub, the host, the fsynced save and back);
- waiting: every fifth key, ``t`` opens the chat line, timed until its prompt is on screen
  ("chat"), and escape closes it.

Reported: p50/p95 of both, the server's memory and CPU (the hub process, its AI workers), each
session process's memory and the sessions' CPU, this load generator's own CPU, and how busy the
whole machine was (other work on it counts: the load average is printed too).

The server's output is read as raw bytes (markers searched in what arrived since the key), not
through a terminal emulator, so the load generator stays light.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from caravan_tui.ssh.hub import LOBBY_DELAY

CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
PROMPTS = (b"Your turn", b"Enter plays", b"ways to read")
PASSED_ON = (b"is thinking", b"Waiting for", b"Continue (enter)", b"Rematch")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Session:
    """One person's ssh session, its output as bytes."""

    name: str
    process: asyncssh.SSHClientProcess
    conn: asyncssh.SSHClientConnection
    out: bytearray = field(default_factory=bytearray)
    ui: list[float] = field(default_factory=list)
    play: list[float] = field(default_factory=list)
    chat: list[float] = field(default_factory=list)
    in_list: bool = False
    reader: asyncio.Task[None] | None = None  # ``read``, running while the session lasts

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    async def read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.out += data
        except (asyncssh.Error, OSError):
            pass

    async def until(self, markers: tuple[bytes, ...], since: int, timeout: float = 30) -> float:
        """Seconds until one of ``markers`` arrives after byte ``since`` (TimeoutError)."""
        start, scanned = time.monotonic(), since
        longest = max(map(len, markers))
        while True:
            if any(self.out.find(m, max(since, scanned - longest)) >= 0 for m in markers):
                return time.monotonic() - start
            scanned = len(self.out)
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"{self.name}: none of {markers} came")
            await asyncio.sleep(0.002)

    def last_of(self, markers: tuple[bytes, ...]) -> int:
        """Where the latest of ``markers`` is in the output (looking back 64 KiB at most)."""
        return max(self.out.rfind(m, max(0, len(self.out) - 65536)) for m in markers)

    def my_turn(self) -> bool:
        return self.last_of(PROMPTS) > self.last_of(PASSED_ON)


# -- the server -------------------------------------------------------------------------------

async def start_server(home: Path) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "CARAVAN_TUI_HOME": str(home), "CARAVAN_TUI_AI_BUDGET": "iterations"}
    said = home / "serve.out"
    home.mkdir(parents=True, exist_ok=True)
    with open(said, "wb") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CLI, "serve", "--port", "0", "--per-address", "500", "--max-sessions", "500",
            "--max-pre-login", "1000",  # every session logs in at once, from one address
            "--ai-iterations", "200", env=env, stdout=out, stderr=asyncio.subprocess.STDOUT)
    for _ in range(300):
        output = said.read_bytes()
        if b"serving on" in output and (port := re.search(rb"port (\d+)", output)):
            return proc, int(port[1])
        await asyncio.sleep(0.05)
    raise RuntimeError(said.read_text())


def children(pid: int) -> dict[str, list[int]]:
    """The server's processes by kind: "sessions" and "ai" (its AI workers, resource tracker)."""
    kinds: dict[str, list[int]] = {"sessions": [], "ai": []}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            kinds["sessions" if b"session_main" in command else "ai"].append(int(entry))
    return kinds


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_mb(pid: int) -> float:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 2**20
    except OSError:
        return 0.0


def machine_busy() -> tuple[int, int]:
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


# -- people ----------------------------------------------------------------------------------

async def open_session(port: int, name: str) -> Session:
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None,
                                  agent_path=None)
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    session = Session(name, process, conn)
    session.reader = asyncio.create_task(session.read())
    await session.until((b"What name do you play under",), 0, 120)
    mark = len(session.out)
    session.press(name + "\r")
    await session.until((b"playing as " + name.encode(),), mark, 60)
    return session


async def create(session: Session, against_ai: bool) -> None:
    """``c``, seat 2 an AI when alone (tab to its list, one down), create."""
    mark = len(session.out)
    session.press("c")
    await session.until((b"Create a match",), mark, 60)
    await asyncio.sleep(1)  # its seat rows are mounted after it shows
    if against_ai:
        session.press("\t\t\t\r")
        await asyncio.sleep(0.5)
        session.press("\x1b[B\r")
        await asyncio.sleep(0.5)
    mark = len(session.out)
    session.press("\x07")  # ctrl+g
    await session.until((b"(you) pile",), mark, 60)


async def join(session: Session, row: int, watch: bool = False) -> None:
    """Take the free seat of the match on lobby row ``row`` (the lobby lists matches in the order
    they were created, and each guest joins the next one), or watch it."""
    await session.until((b"free seat", b"Every seat is taken"), 0, 60)
    for _ in range(row):
        session.press("\x1b[B")
        await asyncio.sleep(0.05)
    mark = len(session.out)
    session.press("w" if watch else "\r")
    await session.until((b"pile",), mark, 60)


async def act_like_a_person(session: Session, stop: float, rng: random.Random) -> None:
    """Keys at a human pace (0.7–1.3 s apart) until ``stop``. On your turn: move through the
    plays list a few times ("ui": until the status line names the play), then play the first
    ("play": until the screen shows the turn passed on). Waiting: now and then, open the chat
    ("chat": until its prompt shows) and close it."""
    moves_left, idle = rng.randint(1, 3), 0
    while time.monotonic() < stop:
        await asyncio.sleep(rng.uniform(0.7, 1.3))
        if session.out.find(b"Rematch", max(0, len(session.out) - 4000)) >= 0:
            return
        mark = len(session.out)
        if session.last_of((b"Continue (enter)",)) > session.last_of(PROMPTS + PASSED_ON[:2]):
            session.press(" ")  # the hand's summary: carry on
            continue
        try:
            if session.my_turn():
                if not session.in_list:
                    session.press("\t")  # to the plays list
                    session.in_list = True
                elif moves_left:
                    moves_left -= 1
                    session.press("\x1b[B" if moves_left % 2 else "\x1b[A")  # down, then back up
                    session.ui.append(await session.until(PROMPTS, mark, 5))
                else:
                    session.press("\r")
                    session.play.append(await session.until(PASSED_ON, mark, 5))
                    moves_left = rng.randint(1, 3)
            else:
                idle += 1
                if idle % 5 == 0:
                    session.press("t")
                    session.chat.append(await session.until((b"Say to the table",), mark, 10))
                    await asyncio.sleep(0.3)
                    session.press("\x1b")
        except TimeoutError:
            session.in_list = False  # the focus was elsewhere: tab to the plays list next time
            moves_left = 0


# -- one run ---------------------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(n: int, seconds: float) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="ssh-load-"))
    server, port = await start_server(home)
    sessions: list[Session] = []
    try:
        began = time.monotonic()
        sessions = list(await asyncio.gather(*(open_session(port, f"P{i}") for i in range(n))))
        hosts, guests = sessions[0::2], sessions[1::2]
        await asyncio.gather(*(create(s, against_ai=(n == 1)) for s in hosts[:len(guests) or 1]))
        await asyncio.sleep(2 * LOBBY_DELAY)  # every lobby lists every match
        for row, guest in enumerate(guests):
            await join(guest, row)
        if n > 1 and n % 2:
            await join(hosts[-1], 0, watch=True)
        setup = time.monotonic() - began
        kinds = children(server.pid)
        watched = [server.pid, *kinds["ai"], *kinds["sessions"]]
        cpu_before = {pid: cpu_seconds(pid) for pid in watched}
        self_before = resource.getrusage(resource.RUSAGE_SELF)
        busy_before, total_before = machine_busy()
        start = time.monotonic()
        rng = random.Random(n)
        await asyncio.gather(*(act_like_a_person(s, start + seconds, random.Random(rng.random())) for s in sessions))
        wall = time.monotonic() - start
        kinds = children(server.pid)
        busy_after, total_after = machine_busy()
        self_after = resource.getrusage(resource.RUSAGE_SELF)

        def cpu(pids: list[int]) -> float:
            return sum(cpu_seconds(pid) - cpu_before.get(pid, 0.0) for pid in pids) / wall

        ui = [x for s in sessions for x in s.ui]
        play = [x for s in sessions for x in s.play]
        chat = [x for s in sessions for x in s.chat]
        session_rss = [rss_mb(pid) for pid in kinds["sessions"]]
        return {
            "sessions": n, "setup_s": round(setup, 1), "measured_s": round(wall, 1),
            "ui_presses": len(ui), "ui_p50_ms": 1000 * percentile(ui, 0.5), "ui_p95_ms": 1000 * percentile(ui, 0.95),
            "play_presses": len(play), "play_p50_ms": 1000 * percentile(play, 0.5),
            "play_p95_ms": 1000 * percentile(play, 0.95),
            "chat_presses": len(chat), "chat_p50_ms": 1000 * percentile(chat, 0.5),
            "chat_p95_ms": 1000 * percentile(chat, 0.95),
            "all_p50_ms": 1000 * percentile(ui + play + chat, 0.5),
            "all_p95_ms": 1000 * percentile(ui + play + chat, 0.95),
            "hub_rss_mb": rss_mb(server.pid), "ai_rss_mb": sum(rss_mb(p) for p in kinds["ai"]),
            "session_rss_mb_mean": statistics.fmean(session_rss) if session_rss else 0.0,
            "session_rss_mb_max": max(session_rss, default=0.0),
            "hub_cpu": cpu([server.pid]), "ai_cpu": cpu(kinds["ai"]), "sessions_cpu": cpu(kinds["sessions"]),
            "loadgen_cpu": (self_after.ru_utime + self_after.ru_stime - self_before.ru_utime - self_before.ru_stime)
            / wall,
            "machine_busy": (busy_after - busy_before) / max(1, total_after - total_before),
            "loadavg": os.getloadavg()[0],
        }
    finally:
        for session in sessions:
            session.conn.close()
        server.send_signal(2)
        await server.wait()


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| N | all keys p50 / p95 ms | plays list p50 / p95 | play p50 / p95 | chat p50 / p95 | hub MB "
            "| session MB (mean) | hub CPU | sessions CPU | loadgen CPU | machine busy | load avg |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        def pair(kind: str, r: dict[str, Any] = r) -> str:
            return f"{r[kind + '_p50_ms']:.0f} / {r[kind + '_p95_ms']:.0f} ({r[kind + '_presses']})"

        lines.append(
            f"| {r['sessions']} | {r['all_p50_ms']:.0f} / {r['all_p95_ms']:.0f} | {pair('ui')} | {pair('play')} "
            f"| {pair('chat')} | {r['hub_rss_mb']:.0f} (+{r['ai_rss_mb']:.0f} AI) | {r['session_rss_mb_mean']:.0f} "
            f"| {r['hub_cpu']:.0%} (+{r['ai_cpu']:.0%} AI) | {r['sessions_cpu']:.0%} | {r['loadgen_cpu']:.0%} "
            f"| {r['machine_busy']:.0%} | {r['loadavg']:.1f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 10, 20, 40])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per N")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args()
    rows = []
    for n in args.sessions:
        rows.append(asyncio.run(run(n, args.seconds)))
        print(f"N={n}: {json.dumps(rows[-1])}", file=sys.stderr, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    print(table(rows))


if __name__ == "__main__":
    main()
