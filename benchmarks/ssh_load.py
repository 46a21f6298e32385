"""How many people one ``caravan-tui serve`` carries (DESIGN §7): N SSH sessions on 127.0.0.1, in
pairs at matches between people, keys at a human pace, every key timed from the press to the
screen change it causes, as a person's terminal (a ``pyte`` screen per session) shows it.

    nice -n 5 python benchmarks/ssh_load.py --sessions 1 10 20 40 --seconds 30 [--game ID] [--json FILE]

For each N a fresh server starts (its people's names already kept, so a session opens on the
lobby). The sessions open one after another, each timed from the TCP connect to the lobby drawn
("start"); they pair up (the first of a pair creates a match, the second joins its free seat; an
odd one out watches the first match; a lone session plays an AI). Then, for ``--seconds``, each
thinks 0.7–1.3 s between keys, and each key waits for the change it causes:

- its turn: tab to the plays list ("tab": until its title shows the focus mark ``▸``); up or down a
  few times ("nav": until the screen changes); enter ("play": until the screen shows the turn
  passed on — "X to play…", "X is thinking…", a summary or the end, or our turn again after it
  left: through the hub, the host, the fsynced save and back);
- waiting: every fifth key, ``t`` ("chat": until its prompt shows), and escape ("escape": until
  it is gone);
- a hand's summary: space ("continue": until it is gone).

A change that does not come within ``--timeout`` is a miss: counted, reported, never dropped.
Reported per N: p50/p95/p99 per key kind and overall, misses, start p50/max, the server's CPU
(the hub, its AI workers, the sessions) and memory as PSS (shared pages divided among the
processes that share them) from ``/proc/PID/smaps_rollup`` — each session idle in the lobby and
while playing; the generators' CPU and event-loop lag; the load average.

The people are played by processes of their own (one for every 20 people, ``--generators``), at a
lower priority than the server (``--generator-nice``), and play at once when every one's people
are seated; their own event-loop lag is measured, and a row whose lag would have delayed what
it timed says so ("unreliable"). Other work on the machine counts too: read the figures with the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from pyte.screens import wcwidth

from caravan_tui.games import GAMES
from caravan_tui.ssh.hub import LOBBY_DELAY
from caravan_tui.ssh.process_name import SESSION_NAME, ZYGOTE_NAME
from caravan_tui.ssh.records import Identities

CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
KINDS = ("tab", "nav", "play", "chat", "escape", "continue")
PROMPTS = ("Your turn", "Enter plays", "ways to read")
PASSED_ON = ("to play…", "is thinking", "Waiting for", "Continue (enter)", "Rematch", "The match is over")
PLAYS_FOCUSED = "╭─ ▸ Plays"
PLAYS = ("╭─ Plays", PLAYS_FOCUSED)  # the table is drawn (its plays list, focused or not)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SIZE = (80, 24)
LAG_TICK = 0.02  # seconds between the generator's lag probes
UNRELIABLE_LAG = 0.02  # seconds of the generator's own p95 lag past which its timings are not trusted
PEOPLE_A_GENERATOR = 20  # people one generator process plays at most (``--generators``: by default)


# -- one person's terminal ---------------------------------------------------------------------


class TextScreen(pyte.Screen):
    """pyte's screen, whose text (``display``, ``text``) is worked out again only for the lines
    that changed since it was last read (pyte's ``dirty``), as pyte's own ``display`` does it for
    the whole screen. Read after every chunk of output and by every check (up to a line at a time),
    the whole screen's text was 40% of this generator's time, and its lag is what makes a row of
    timings unreliable."""

    def __init__(self, columns: int, lines: int) -> None:
        self.drawn = [""] * lines
        self.joined = ""
        super().__init__(columns, lines)  # (its reset marks every line dirty)

    @property
    def display(self) -> list[str]:
        self.catch_up()
        return self.drawn

    @property
    def text(self) -> str:
        self.catch_up()
        return self.joined

    def catch_up(self) -> None:
        if not self.dirty:
            return
        for y in self.dirty:
            if y < self.lines:
                self.drawn[y] = self.line_text(self.buffer[y])
        self.dirty.clear()
        self.joined = "\n".join(self.drawn)

    def line_text(self, line: Any) -> str:
        """One line's characters, a wide one's stub left out (pyte's ``display``)."""
        chars, wide = [], False
        for x in range(self.columns):
            if wide:
                wide = False
                continue
            char = line[x].data
            wide = wcwidth(char[0]) == 2
            chars.append(char)
        return "".join(chars)


@dataclass
class Person:
    """One ssh session and its screen; ``times`` and ``misses`` by key kind."""

    name: str
    key: asyncssh.SSHKey
    conn: asyncssh.SSHClientConnection | None = None
    process: asyncssh.SSHClientProcess | None = None
    screen: TextScreen = field(default_factory=lambda: TextScreen(*SIZE))
    times: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    misses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    waiting: list[tuple[Callable[[], bool], asyncio.Future[float]]] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.stream = pyte.ByteStream(self.screen)

    async def open(self, port: int) -> float:
        """Connect and wait for the lobby; seconds from the TCP connect to the lobby drawn."""
        began = time.monotonic()
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, client_keys=[self.key], known_hosts=None, agent_path=None
        )
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
        self.reader = asyncio.create_task(self.read())
        drawn = await self.until(lambda: "playing as " + self.name in self.text, 120)
        return drawn - began

    async def read(self) -> None:
        assert self.process is not None
        try:
            while data := await self.process.stdout.read(65536):
                self.stream.feed(data)
                now = time.monotonic()
                for test, done in list(self.waiting):
                    if not done.done() and test():
                        done.set_result(now)
        except (asyncssh.Error, OSError):
            pass

    async def until(self, test: Callable[[], bool], timeout: float) -> float:
        """When output that makes ``test()`` true arrived (TimeoutError if none does in time)."""
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        entry = (test, done)
        self.waiting.append(entry)
        try:
            return await asyncio.wait_for(done, timeout)
        finally:
            self.waiting.remove(entry)

    def press(self, keys: str) -> None:
        assert self.process is not None
        self.process.stdin.write(keys.encode())

    async def timed(self, kind: str, keys: str, test: Callable[[], bool], timeout: float) -> None:
        """Press ``keys``; the seconds until the screen passes ``test``, or a miss."""
        pressed = time.monotonic()
        waiting = asyncio.create_task(self.until(test, timeout))
        await asyncio.sleep(0)  # listening before the key goes out
        self.press(keys)
        try:
            self.times[kind].append(await waiting - pressed)
        except TimeoutError:
            self.misses[kind] += 1

    @property
    def text(self) -> str:
        return self.screen.text

    def shows(self, words: tuple[str, ...] | str) -> bool:
        text = self.text
        return any(w in text for w in ((words,) if isinstance(words, str) else words))

    def my_turn(self) -> bool:
        return self.shows(PROMPTS) and not self.shows(PASSED_ON)

    def plays_focused(self) -> bool:
        """The plays list's title starts with ``▸`` while it has the focus."""
        return PLAYS_FOCUSED in self.screen.display[0]

    def plays_cursor(self) -> tuple[int, int | None]:
        """The plays list's rows on screen and the one highlighted (the row whose background
        differs from the rest: Textual draws reverse video as swapped colours), if any. Its
        arrows stop at its ends, so a key must go the way the cursor can move."""
        top = self.screen.display[0]
        left = top.find(PLAYS_FOCUSED)
        if left < 0:
            return 0, None
        backgrounds = []
        for y in range(1, self.screen.lines):
            line = self.screen.display[y]
            if line[left] != "│" or not line[left + 1 : top.index("╮", left)].strip():
                break
            backgrounds.append(self.screen.buffer[y][left + 1].bg)
        odd = [row for row, bg in enumerate(backgrounds) if backgrounds.count(bg) == 1]
        return len(backgrounds), odd[0] if len(odd) == 1 and len(backgrounds) > 2 else None

    def digest(self) -> str:
        """The screen's characters and colours."""
        buffer, columns = self.screen.buffer, range(self.screen.columns)
        return "".join(
            c.data + c.fg + c.bg + ("r" if c.reverse else "")
            for y in range(self.screen.lines)
            for c in map(buffer[y].__getitem__, columns)
        )

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)


# -- setting up matches by keys ----------------------------------------------------------------


async def create(person: Person, game_index: int, against_ai: bool) -> None:
    """``c``; the game (down in the games list), seat 2 an AI when alone, create (ctrl+g)."""
    person.press("c")
    await person.until(lambda: person.shows("Create a match"), 60)
    await asyncio.sleep(1)  # its seat rows are mounted after it shows
    for _ in range(game_index):
        person.press("\x1b[B")
        await asyncio.sleep(0.3)
    await asyncio.sleep(1)
    if against_ai:
        person.press("\t\t\t\r")
        await asyncio.sleep(0.5)
        person.press("\x1b[B\r")
        await asyncio.sleep(0.5)
    person.press("\x07")
    await past_how_to_play(person)
    await person.until(lambda: person.shows(PLAYS), 60)


async def past_how_to_play(person: Person) -> None:
    """The "How to play" that comes first at a game new to the person (the guests of a run are
    new at every game): not to be shown again."""
    await person.until(lambda: person.shows("Don't show again (d)"), 60)
    person.press("d")


#: the screen line of the lobby's first match row (title, the box's top, the column names)
FIRST_ROW = 3


def cursor_line(person: Person, bottom: int, highlight: str) -> int | None:
    """The lobby's highlighted row: the one line of the box drawn on ``highlight``, the cursor's
    background (the other rows alternate two others: zebra stripes), if there is one."""
    lines = [y for y in range(FIRST_ROW, bottom + 1) if person.screen.buffer[y][2].bg == highlight]
    return lines[0] if len(lines) == 1 else None


async def join(person: Person, host: str, watch: bool = False) -> None:
    """Take the free seat of the match ``host`` created, or watch it. The row is found on the
    screen: matches created at once are listed in the order they came, and with several servers
    each lobby lists the others' matches too, so a row's place says nothing in advance. With
    more matches than the lobby's box shows (20 at 40 people), the cursor goes down the list
    until the row scrolls into sight."""
    # the host's name, its rating beside it once the server knows it ("1043", "?" until it settles)
    mark = re.compile(rf" {re.escape(host)}( \S+)?, \(free\)" if not watch else rf" {re.escape(host)}\b")

    def bottom() -> int:
        """The screen line of the last match row the box shows (the line above its border)."""
        display = person.screen.display
        return next(
            (y - 1 for y in range(FIRST_ROW, len(display)) if display[y].lstrip().startswith("╰")), len(display) - 1
        )

    def at() -> int | None:
        return next((y for y in range(FIRST_ROW, bottom() + 1) if mark.search(person.screen.display[y])), None)

    if not person.screen.display[FIRST_ROW].strip():  # (``until`` looks only at output still to come)
        await person.until(lambda: bool(person.screen.display[FIRST_ROW].strip()), 60)  # the lobby lists matches

    async def press(key: str) -> bool:
        """``key``, and whether the screen changed after it (within a second)."""
        before = person.digest()
        person.press(key)

        def moved() -> bool:
            return person.digest() != before

        try:
            await person.until(moved, 1)
        except TimeoutError:
            return False
        return True

    for _ in range(len(person.screen.display)):  # to the first row (the cursor stays with its match as rows come)
        person.press("\x1b[A")
    for _ in range(20):  # until the screen settles: the cursor then is on the first row
        before = person.digest()
        await asyncio.sleep(0.4)
        if person.digest() == before and cursor_line(person, bottom(), person.screen.buffer[FIRST_ROW][2].bg):
            break
    highlight = person.screen.buffer[FIRST_ROW][2].bg
    with contextlib.suppress(TimeoutError):  # listed in sight, or it is further down
        if at() is None:
            await person.until(lambda: at() is not None, 5)
    # Steer the cursor to the row, looking again after each key: the rows move as matches start
    # and the lobby is sent again (the cursor stays with its match, not its place)
    for _ in range(300):
        y, cursor = at(), cursor_line(person, bottom(), highlight)
        if y is not None and cursor == y:
            await asyncio.sleep(0.2)  # (the rows may have moved meanwhile: look once more)
            if at() is not None and at() == cursor_line(person, bottom(), highlight):
                break
            continue
        if y is not None and cursor is None:  # (a short list: the highlight is not told apart) by place
            for _ in range(len(person.screen.display)):
                person.press("\x1b[A")
            await asyncio.sleep(0.3)
            for _ in range(y - FIRST_ROW):
                person.press("\x1b[B")
                await asyncio.sleep(0.05)
            break
        if y is None:  # further down
            if not await press("\x1b[B"):  # the list's end, and not found: from the top again
                for _ in range(len(person.screen.display)):
                    person.press("\x1b[A")
                await asyncio.sleep(0.3)
        elif cursor is not None:
            await press("\x1b[A" if cursor > y else "\x1b[B")
    else:
        raise TimeoutError(f"{person.name} could not reach {host}'s match in the lobby")
    person.press("w" if watch else "\r")
    if not watch:
        await past_how_to_play(person)
    await person.until(lambda: person.shows(PLAYS), 60)


# -- a human pace ------------------------------------------------------------------------------


def turn_passed(person: Person) -> Callable[[], bool]:
    """After a play: the screen shows the turn passed on, or it left our turn and came back (an
    AI can answer before a frame shows it thinking)."""
    left = False

    def test() -> bool:
        nonlocal left
        left = left or not person.my_turn()
        return person.shows(PASSED_ON) or (left and person.my_turn())

    return test


async def act_like_a_person(person: Person, stop: float, rng: random.Random, timeout: float) -> None:
    """Think 0.7–1.3 s, then press the key the screen calls for, timed; until ``stop`` or the end."""
    moves_left, idle, down = rng.randint(1, 3), 0, True
    while time.monotonic() < stop:
        await asyncio.sleep(rng.uniform(0.7, 1.3))
        if person.shows(("Rematch", "The match is over")):
            return
        if person.shows("Continue (enter)"):
            await person.timed("continue", " ", lambda: not person.shows("Continue (enter)"), timeout)
        elif person.my_turn():
            if not person.plays_focused():
                await person.timed("tab", "\t", person.plays_focused, timeout)
            elif moves_left and (cursor := person.plays_cursor())[0] > 1:
                moves_left -= 1
                rows, at = cursor  # down, then back up, turning at the list's ends
                down = (down or at == 0) and at != rows - 1
                before = person.digest()

                def moved(before: str = before) -> bool:
                    return person.digest() != before

                await person.timed("nav", "\x1b[B" if down else "\x1b[A", moved, timeout)
                down = not down
            else:
                await person.timed("play", "\r", turn_passed(person), timeout)
                moves_left, down = rng.randint(1, 3), True
        else:
            idle += 1
            if idle % 5 == 0:
                await person.timed("chat", "t", lambda: person.shows("Say to the table"), timeout)
                await asyncio.sleep(rng.uniform(0.3, 0.6))
                if person.shows("Say to the table"):
                    await person.timed("escape", "\x1b", lambda: not person.shows("Say to the table"), timeout)


# -- the server's processes --------------------------------------------------------------------


def processes_under(root: int) -> dict[str, list[int]]:
    """The server's descendants by kind: "sessions" (a person's app), "zygote" (the pre-warmed
    parent sessions are forked from, if any) and "ai" (AI workers, the resource tracker)."""
    parents: dict[int, int] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            parents[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            continue
    kinds: dict[str, list[int]] = {"sessions": [], "zygote": [], "ai": []}
    for pid in parents:
        up = parents.get(pid)
        while up is not None and up != root and up > 1:
            up = parents.get(up)
        if up != root:
            continue
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        short = name.encode()
        kind = (
            "zygote"
            if short == ZYGOTE_NAME
            else "sessions"
            if short == SESSION_NAME or b"session_main" in command
            else "ai"
        )
        kinds[kind].append(pid)
    return kinds


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def pss_mb(pid: int) -> float:
    """Proportional set size: private pages, and shared ones divided among their sharers."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def machine_busy() -> tuple[int, int]:
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(values: list[float]) -> dict[str, float]:
    return {f"p{int(share * 100)}": round(1000 * percentile(values, share), 1) for share in (0.5, 0.95, 0.99)}


async def lag_probe(lags: list[float], stop: asyncio.Event) -> None:
    """How late this event loop wakes: what every timing here may be off by."""
    while not stop.is_set():
        asked = time.monotonic()
        await asyncio.sleep(LAG_TICK)
        lags.append(time.monotonic() - asked - LAG_TICK)


# -- the generator (a process of its own, at a lower priority) --------------------------------


async def generate(port: int, server: int, people: list[Person], args: argparse.Namespace) -> None:
    """This generator's people seated at their matches, then, once every generator's are (a line
    on standard input), ``--seconds`` of play; what it measured is printed (``row_of`` makes the
    row), and its people leave once every generator has measured (another line): a session that
    ends while another generator reads the server's processes spoils what that one reads."""
    loop = asyncio.get_running_loop()
    n = len(people)
    game_index = list(GAMES).index(args.game)
    starts = [await person.open(port) for person in people]  # one after another: each start alone
    await asyncio.sleep(1)
    kinds = processes_under(server)
    idle_pss = [pss_mb(pid) for pid in kinds["sessions"]]
    hosts, guests = people[0::2], people[1::2]
    await asyncio.gather(*(create(p, game_index, against_ai=(n == 1)) for p in hosts[: len(guests) or 1]))
    await asyncio.sleep(2 * LOBBY_DELAY)  # every lobby lists every match
    for host, guest in zip(hosts, guests):
        await join(guest, host.name)
    if n > 1 and n % 2:
        await join(hosts[-1], hosts[0].name, watch=True)
    print("seated", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)  # (every generator's people are seated)

    kinds = processes_under(server)
    watched = [server, *kinds["ai"], *kinds["zygote"], *kinds["sessions"]]
    cpu_before = {pid: cpu_seconds(pid) for pid in watched}
    self_before = resource.getrusage(resource.RUSAGE_SELF)
    busy_before, total_before = machine_busy()
    lags: list[float] = []
    probing = asyncio.Event()
    probe = asyncio.create_task(lag_probe(lags, probing))
    start = time.monotonic()
    rng = random.Random(f"{n} {people[0].name}")
    await asyncio.gather(
        *(act_like_a_person(p, start + args.seconds, random.Random(rng.random()), args.timeout) for p in people)
    )
    wall = time.monotonic() - start
    probing.set()
    await probe
    kinds = processes_under(server)
    busy_after, total_after = machine_busy()
    self_after = resource.getrusage(resource.RUSAGE_SELF)

    def used(pids: list[int]) -> float:
        return sum(cpu_seconds(pid) - cpu_before.get(pid, 0.0) for pid in pids)

    part: dict[str, Any] = {
        "people": n,
        "wall": wall,
        "starts": starts,
        "lags": lags,
        "times": {kind: [t for p in people for t in p.times[kind]] for kind in KINDS},
        "misses": {kind: sum(p.misses[kind] for p in people) for kind in KINDS},
        "idle_pss": idle_pss,
        "playing_pss": [pss_mb(pid) for pid in kinds["sessions"]],
        "hub_pss": pss_mb(server),
        "zygote_pss": sum(map(pss_mb, kinds["zygote"])),
        "ai_pss": sum(map(pss_mb, kinds["ai"])),
        "used": {"hub": used([server]), "ai": used(kinds["ai"]), "sessions": used(kinds["sessions"])},
        "generator": self_after.ru_utime + self_after.ru_stime - self_before.ru_utime - self_before.ru_stime,
        "machine_busy": (busy_after - busy_before) / max(1, total_after - total_before),
        "loadavg": os.getloadavg(),
    }
    print(json.dumps(part), flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)  # (every generator has measured)
    for person in people:
        await person.close()


def row_of(parts: list[dict[str, Any]], game: str) -> dict[str, Any]:
    """One server's row from what its generators measured over the same window: the people's
    figures of them all, the server's and the machine's as the first generator read them (each
    read the same processes)."""
    first = parts[0]
    wall = first["wall"]
    times = {kind: [t for part in parts for t in part["times"][kind]] for kind in KINDS}
    misses = {kind: sum(part["misses"][kind] for part in parts) for kind in KINDS}
    every = [t for kind in KINDS for t in times[kind]]
    pressed = len(every) + sum(misses.values())
    starts = [t for part in parts for t in part["starts"]]
    lags = [t for part in parts for t in part["lags"]]
    idle_pss, playing_pss = first["idle_pss"], first["playing_pss"]
    used = first["used"]
    row: dict[str, Any] = {
        "sessions": sum(part["people"] for part in parts),
        "game": game,
        "measured_s": round(wall, 1),
        "generators": len(parts),
        "all": {**ms(every), "n": len(every), "misses": sum(misses.values())},
        **{kind: {**ms(times[kind]), "n": len(times[kind]), "misses": misses[kind]} for kind in KINDS},
        "start_ms": {"p50": round(1000 * statistics.median(starts), 1), "max": round(1000 * max(starts), 1)},
        "session_pss_mb": {
            "idle": round(statistics.fmean(idle_pss), 1) if idle_pss else None,
            "playing": round(statistics.fmean(playing_pss), 1) if playing_pss else None,
        },
        "hub_pss_mb": round(first["hub_pss"], 1),
        "zygote_pss_mb": round(first["zygote_pss"], 1),
        "ai_pss_mb": round(first["ai_pss"], 1),
        "cpu": {
            "hub": round(used["hub"] / wall, 3),
            "ai": round(used["ai"] / wall, 3),
            "sessions": round(used["sessions"] / wall, 3),
            "generator": round(sum(part["generator"] for part in parts) / wall, 3),
        },
        # what a key costs the server's side, in CPU rather than wall time (which moves with the
        # machine's load): the sessions' and the hub's CPU over the keys pressed, the screens
        # redrawn for the others' moves and the idle sessions' wake-ups included
        "cpu_ms_per_key": {
            "sessions": round(1000 * used["sessions"] / max(1, pressed), 2),
            "hub": round(1000 * used["hub"] / max(1, pressed), 2),
        },
        "generator_lag_ms": {**ms(lags), "max": round(1000 * max(lags, default=0.0), 1)},
        "machine_busy": round(first["machine_busy"], 3),
        "loadavg": [round(x, 2) for x in first["loadavg"]],
    }
    row["unreliable"] = bool(lags) and percentile(lags, 0.95) > UNRELIABLE_LAG
    return row


def generator_main(args: argparse.Namespace) -> None:
    keys = json.loads(Path(args.people).read_text())
    people = [Person(name, asyncssh.import_private_key(key)) for name, key in keys.items()]
    asyncio.run(generate(args.port, args.server_pid, people, args))


# -- one N: a fresh server, the generator against it -------------------------------------------


async def start_server(home: Path, *more: str) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "CARAVAN_TUI_HOME": str(home), "CARAVAN_TUI_AI_BUDGET": "iterations"}
    said = home / "serve.out"
    with open(said, "wb") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            CLI,
            "serve",
            "--port",
            "0",
            "--per-address",
            "500",
            "--max-sessions",
            "500",
            "--max-pre-login",
            "1000",
            "--ai-iterations",
            "200",
            *more,
            env=env,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
        )
    for _ in range(600):
        output = said.read_bytes()
        if b"serving on" in output and (port := re.search(rb"port (\d+)", output)):
            return proc, int(port[1])
        await asyncio.sleep(0.05)
    raise RuntimeError(said.read_text())


async def run(n: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per server: one server on its files, or ``--hosts`` servers on one PostgreSQL
    (started here), the people split between them, each pair at one server."""
    if args.hosts == 1:
        return await run_hosts(n, args, None)
    from caravan_tui.pgstore.local_server import LocalServer

    with LocalServer() as database:
        return await run_hosts(n, args, database.url)


async def said(generator: asyncio.subprocess.Process) -> bytes:
    """The generator's next line (RuntimeError if it ended instead)."""
    assert generator.stdout is not None
    line = (await generator.stdout.readline()).strip()
    if not line:
        raise RuntimeError(f"the generator failed ({await generator.wait()})")
    return line


def go_on(generators: list[asyncio.subprocess.Process]) -> None:
    """Let every generator go on to its next step."""
    for generator in generators:
        assert generator.stdin is not None
        generator.stdin.write(b"on\n")


async def run_hosts(n: int, args: argparse.Namespace, url: str | None) -> list[dict[str, Any]]:
    home = Path(tempfile.mkdtemp(prefix="ssh-load-"))
    for h in range(args.hosts):
        (home / f"host{h}" / "server").mkdir(parents=True)
    # the names a server knows: in its own data folder (CARAVAN_TUI_HOME), or the database
    names: Any = Identities(home / "host0" / "server" / "identities.json")
    if url is not None:
        from caravan_tui.pgstore import open_database

        names = open_database(url)[1].names
    keys = {}
    for i in range(n):
        key = asyncssh.generate_private_key("ssh-ed25519")
        names.keep(key.get_fingerprint("sha256"), f"P{i}")
        keys[f"P{i}"] = key.export_private_key().decode()
    # pairs stay together: each server gets whole pairs (the last one any odd one out)
    pairs = [list(keys)[i : i + 2] for i in range(0, n, 2)]
    groups = [[name for pair in pairs[h :: args.hosts] for name in pair] for h in range(args.hosts)]
    servers = []
    try:
        for h in range(args.hosts):
            servers.append(await start_server(home / f"host{h}", *(["--database", url] if url else [])))
        generators: list[list[asyncio.subprocess.Process]] = []
        for h, ((server, port), group) in enumerate(zip(servers, groups)):
            # whole pairs to each of a server's generators (the last one any odd one out)
            pairs_here = [group[i : i + 2] for i in range(0, len(group), 2)]
            count = max(1, min(len(pairs_here), args.generators or math.ceil(len(group) / PEOPLE_A_GENERATOR)))
            generators.append([])
            for g in range(count):
                people = home / f"people{h}-{g}.json"
                people.write_text(json.dumps({name: keys[name] for pair in pairs_here[g::count] for name in pair}))
                generators[h].append(
                    await asyncio.create_subprocess_exec(
                        sys.executable,
                        __file__,
                        "--generator",
                        "--people",
                        str(people),
                        "--port",
                        str(port),
                        "--server-pid",
                        str(server.pid),
                        "--seconds",
                        str(args.seconds),
                        "--game",
                        args.game,
                        "--timeout",
                        str(args.timeout),
                        stdin=asyncio.subprocess.PIPE,
                        stdout=asyncio.subprocess.PIPE,
                        limit=1 << 24,
                        preexec_fn=lambda: os.nice(args.generator_nice),
                    )
                )  # (a line: every key's time)
        every = [generator for per_server in generators for generator in per_server]
        for generator in every:  # each says when its people are seated; then all play at once
            if await said(generator) != b"seated":
                raise RuntimeError(f"the generator failed ({await generator.wait()})")
        go_on(every)
        measured = {generator.pid: json.loads(await said(generator)) for generator in every}
        go_on(every)  # (all leave at once)
        for generator in every:
            await generator.communicate()
            if generator.returncode:
                raise RuntimeError(f"the generator failed ({generator.returncode})")
        rows = []
        for h, per_server in enumerate(generators):
            row = row_of([measured[generator.pid] for generator in per_server], args.game)
            if args.hosts > 1:
                row["sessions"] = f"{row['sessions']} of {n} (server {h + 1} of {args.hosts})"
            rows.append(row)
        return rows
    finally:
        for server, _ in servers:
            server.send_signal(2)
            await server.wait()


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| N | all p50/p95/p99 ms (keys, misses) | tab p95 | nav p95 | play p50/p95 | chat p95 | escape p95 "
        "| start p50/max ms | session PSS idle/playing MB | hub+AI PSS MB | CPU hub/AI/sessions "
        "| CPU ms a key: sessions/hub | generators: CPU, lag p95 | load avg 1/5 min |"
    )
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        a = r["all"]

        def p95(kind: str, r: dict[str, Any] = r) -> str:
            return f"{r[kind]['p95']:.0f} ({r[kind]['n']}, {r[kind]['misses']} miss)"

        flag = " UNRELIABLE" if r["unreliable"] else ""
        lines.append(
            f"| {r['sessions']} | {a['p50']:.0f}/{a['p95']:.0f}/{a['p99']:.0f} ({a['n']}, {a['misses']} miss) "
            f"| {p95('tab')} | {p95('nav')} | {r['play']['p50']:.0f}/{p95('play')} | {p95('chat')} | {p95('escape')} "
            f"| {r['start_ms']['p50']:.0f}/{r['start_ms']['max']:.0f} "
            f"| {r['session_pss_mb']['idle']}/{r['session_pss_mb']['playing']} "
            f"| {r['hub_pss_mb']:.0f}+{r['ai_pss_mb']:.0f} (zygote {r['zygote_pss_mb']:.0f}) "
            f"| {r['cpu']['hub']:.0%}/{r['cpu']['ai']:.0%}/{r['cpu']['sessions']:.0%} "
            f"| {r['cpu_ms_per_key']['sessions']:.1f}/{r['cpu_ms_per_key']['hub']:.1f} "
            f"| {r['generators']}: {r['cpu']['generator']:.0%}, {r['generator_lag_ms']['p95']:.0f} ms{flag} "
            f"| {r['loadavg'][0]:.1f}/{r['loadavg'][1]:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 10, 20, 40])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per N")
    parser.add_argument(
        "--game", default="decktet_caravan", choices=[g.id for g in GAMES.values() if g.default_players == 2]
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds after which a key's change is a miss")
    parser.add_argument("--generator-nice", type=int, default=5, help="the generator's priority below the server's")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    parser.add_argument(
        "--hosts",
        type=int,
        default=1,
        help="servers on one PostgreSQL started here (the test extra), the people split between "
        "them, each pair at one server (1: one server on its files)",
    )
    parser.add_argument(
        "--generators",
        type=int,
        default=0,
        help=f"generator processes a server (0: one per {PEOPLE_A_GENERATOR} people)",
    )
    parser.add_argument("--generator", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--people", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--server-pid", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generator:
        generator_main(args)
        return
    rows = []
    for n in args.sessions:
        for row in asyncio.run(run(n, args)):
            rows.append(row)
            print(f"N={n}: {json.dumps(row)}", file=sys.stderr, flush=True)
            if row["unreliable"]:
                print(
                    f"N={n}: the generator's own lag (p95 {row['generator_lag_ms']['p95']} ms) makes these "
                    "timings unreliable",
                    file=sys.stderr,
                    flush=True,
                )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    print(table(rows))


if __name__ == "__main__":
    main()
