"""What an SSH session may ask for, and what is left when it ends (DESIGN §7): a window size held
to a sane range, a session that outlives any request, and a seat let go the moment its session
ends, whatever ended it. A ``PtySession`` runs here with a stand-in for the asyncssh process and
a small child that reports its terminal's size (the real app is tested in test_ssh_server.py)."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import signal
import struct
import termios
from concurrent import futures
from pathlib import Path
from typing import cast

import asyncssh
import pytest
from test_ssh_hub import ANN, BOB, GAME, Peer, eventually

from caravan_tui.ai.policies import make_policy
from caravan_tui.ai.worker import AIWorker, Question
from caravan_tui.games import get_game
from caravan_tui.hub_protocol import STOPPING, CreateMatch, Joined, JoinSeat, Refused, SetName, Welcome
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.hub import Hub
from caravan_tui.ssh.pty_session import STARTING, WIPE, PtySession, Serve, draws_text, set_size
from caravan_tui.ssh.records import Identities
from caravan_tui.ssh.server import GameServer, ServerConfig, serve

WAIT = 20  # seconds; only guards against a hung test
#: the child: for every key, its terminal's size as "WxH;"
SIZES = (
    "import fcntl, os, struct, termios\n"
    "while os.read(0, 64):\n"
    "    rows, cols, _, _ = struct.unpack('HHHH', fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8)))\n"
    "    os.write(1, f'{cols}x{rows};'.encode())\n"
)


class Channel:
    def get_write_buffer_size(self) -> int:
        return 0


class Output:
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data

    async def drain(self) -> None:
        pass


class Input:
    """What the client sends, in order: bytes, or an exception for a request (a window change);
    then nothing until ``leave`` (the connection's end)."""

    def __init__(self, *items: bytes | BaseException) -> None:
        self.items: asyncio.Queue[bytes | BaseException] = asyncio.Queue()
        for item in items:
            self.items.put_nowait(item)

    def leave(self) -> None:
        self.items.put_nowait(b"")

    async def read(self, n: int) -> bytes:
        item = await self.items.get()
        if isinstance(item, BaseException):
            raise item
        return item


class Process:
    """As much of ``asyncssh.SSHServerProcess`` as a ``PtySession`` uses."""

    def __init__(self, stdin: Input, size: tuple[int, int] = (80, 24)) -> None:
        self.stdin, self.stdout, self.channel = stdin, Output(), Channel()
        self.size, self.env = size, dict[str, str]()

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return (*self.size, 0, 0)

    def get_terminal_type(self) -> str:
        return "xterm"


class SizeReporter(PtySession):
    program = ("-I", "-c", SIZES)

    def __init__(self, process: Process, serve: Serve, idle_timeout: float = 60) -> None:
        super().__init__(cast(asyncssh.SSHServerProcess, process), serve, idle_timeout, 0)
        self.fake = process


async def no_hub(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.read()  # until the session ends


def resized(width: int, height: int, pixels_wide: int = 0, pixels_high: int = 0) -> asyncssh.TerminalSizeChanged:
    return asyncssh.TerminalSizeChanged(width, height, pixels_wide, pixels_high)


async def test_a_client_that_closes_abruptly_is_a_person_leaving_not_a_failure(caplog):
    """A client killed outright resets its connection: issue 37 saw 37 tracebacks and 6 sessions
    of 166 logged "failed" for people who had only left."""
    for gone in [
        ConnectionResetError(104, "Connection reset by peer"),
        BrokenPipeError(32, "Broken pipe"),
        asyncssh.ConnectionLost("Connection lost"),
    ]:
        keys = Input(b"k", gone)
        session = SizeReporter(Process(keys), no_hub)
        assert await asyncio.wait_for(session.run(), WAIT) == "the person left"
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


def test_a_terminal_size_is_held_to_ten_to_a_thousand_cells_each_way():
    master, slave = os.openpty()
    try:
        for asked, held in [
            ((70000, 70000), (1000, 1000)),
            ((65535, 3), (1000, 10)),
            ((0, 0), (80, 24)),
            ((132, 43), (132, 43)),
        ]:
            set_size(master, *asked, 2**20, 70000)  # pixels a terminal cannot hold are dropped
            rows, cols, wide, high = struct.unpack("HHHH", fcntl.ioctl(slave, termios.TIOCGWINSZ, bytes(8)))
            assert ((cols, rows), wide, high) == (held, 0, 0)
    finally:
        os.close(master)
        os.close(slave)


class LastWords(PtySession):
    """A child that writes lines as a process does after the app has given the terminal back (a
    last line, a warning as it exits), each ended by a bare line feed, then ends."""

    program = ("-I", "-c", "import os; os.read(0, 1); os.write(1, b'one\\ntwo\\n'); os.write(2, b'three\\n')")

    def __init__(self, process: Process, serve: Serve) -> None:
        super().__init__(cast(asyncssh.SSHServerProcess, process), serve, 60, 0)
        self.fake = process


async def test_every_line_the_person_reads_as_a_session_ends_starts_at_column_0():
    session = LastWords(Process(Input(b"k")), no_hub)  # (the key: it reads its terminal first)
    running = asyncio.create_task(session.run())
    await asyncio.wait_for(session.ended.wait(), WAIT)
    session.farewell = "The server is stopping;\nyour match is saved."  # (a line break in it, too)
    await asyncio.wait_for(running, WAIT)
    assert bytes(session.fake.stdout.data) == (  # (the line saying it starts, wiped as the child writes)
        STARTING + WIPE + b"one\r\ntwo\r\nthree\r\n\rThe server is stopping; your match is saved.\r\n"
    )


async def test_no_window_change_stops_a_session_reading_keys():
    keys = Input()
    session = SizeReporter(Process(keys, size=(70000, 2)), no_hub)
    running = asyncio.create_task(session.run())
    output = session.fake.stdout.data
    for change, size in [
        (resized(70000, 70000), b"1000x1000;"),
        (resized(65535, 65535, 2**32 - 1, 5), b"1000x1000;"),
        (resized(20, 10), b"20x10;"),
    ]:
        keys.items.put_nowait(change)
        keys.items.put_nowait(b"k")  # a key after it: the child says the size it has
        await eventually(lambda size=size: output.endswith(size), f"{size!r} from the child")
        output.clear()
    keys.leave()
    assert await asyncio.wait_for(running, WAIT) == "the person left"


@pytest.fixture
async def hub(tmp_path, worker):
    Identities(tmp_path / "identities.json").keep(ANN, "Ann")
    hub = Hub(tmp_path, worker, iterations=5)
    hub.start()
    yield hub
    hub.stop()


async def test_a_session_that_fails_lets_its_seat_go_to_the_stand_in_at_once(hub):
    """Bob stays at the table (a match with nobody left at it waits rather than play itself out:
    test_ssh_hub.py), so Ann's seat has a stand-in whenever she is gone."""
    hub.identities.keep(BOB, "Bob")
    ann, bob = await Peer(hub, ANN).open(), await Peer(hub, BOB).open()
    await ann.send(CreateMatch(GAME.id, ["you", "open"], dict(GAME.quick_options), 0, "easy"))
    match = (await ann.next(Joined)).match
    await bob.send(JoinSeat(match, 1))
    await bob.next(Joined)
    await ann.close()  # no grace: the stand-in sits down

    def seats() -> list[str]:
        return SaveStore(hub.root).read(match).seats

    await eventually(lambda: seats()[0] == "ai:easy", "the stand-in")

    keys = Input()
    session = SizeReporter(Process(keys), lambda r, w: hub.serve(r, w, ANN), idle_timeout=1800)
    running = asyncio.create_task(session.run())
    await eventually(lambda: seats()[0] == f"remote:{ANN}", "Ann back in her seat")
    # (the seat is hers on disk; her session may not have been told yet: it fails anyway)
    keys.items.put_nowait(RuntimeError("a failure nobody foresaw"))
    assert await asyncio.wait_for(running, WAIT) == "failed"  # not the idle timeout, half an hour on
    assert 0 not in hub.matches[match].seated
    await eventually(lambda: seats()[0] == "ai:easy", "the stand-in, again")
    assert SaveStore(hub.root).read(match).status == "playing"


async def test_a_name_that_looks_like_another_is_refused(hub):
    """Unicode TS #39's skeleton: a Cyrillic A beside a Latin one, a capital I beside a small L,
    fullwidth letters beside plain ones; names kept for a key and names of people online."""
    await Peer(hub, ANN).open()  # Ann is online as "Ann" (her key kept the name)
    bob = await Peer(hub, BOB).open()
    await bob.next(Welcome)
    for name, like in [("\u0410nn", "Ann"), ("\uff21NN", "Ann")]:
        await bob.send(SetName(name))
        assert (await bob.next(Refused)).reason == f"{name} looks like {like}, a name taken here: choose another name"
    guest = await Peer(hub, "guest:0123456789ab", guest=True).open()
    await guest.next(Welcome)
    await guest.send(SetName("Ivan"))
    await guest.next(Welcome, lambda m: m.name == "Ivan")
    await bob.send(SetName("lvan"))  # a small L
    assert "lvan looks like Ivan" in (await bob.next(Refused)).reason
    await bob.send(SetName("Bob"))
    assert (await bob.next(Welcome)).name == "Bob" and hub.identities.names[BOB] == "Bob"


#: what draws as nothing after "Alice" (Default_Ignorable_Code_Point: a grapheme joiner, variation
#: selectors, a Mongolian and a Khmer mark, Hangul fillers; the Khitan small script filler, a mark)
#: or as a blank (the braille blank)
INVISIBLE = [
    "\u034f",
    "\ufe0f",
    "\ufe00",
    "\U000e0100",
    "\u180b",
    "\u17b4",
    "\u3164",
    "\uffa0",
    "\u115f",
    "\u2800",
    "\U00016fe4",
]


async def test_a_name_that_differs_only_by_what_draws_as_nothing_is_refused(hub):
    """Issue 37's attack: 12 of 41 look-alikes of a keyed "Alice" were accepted for guests."""
    hub.identities.keep(ANN, "Alice")
    guest = await Peer(hub, "guest:0123456789ab", guest=True).open()
    await guest.next(Welcome)
    for name in [f"Alice{mark}" for mark in INVISIBLE] + ["\u0391lice\u034f", "\u2800Alice\u2800"]:
        await guest.send(SetName(name))
        assert "looks like Alice, a name taken here" in (await guest.next(Refused)).reason, repr(name)
    for name in ["\u3164", "\u2800", "\u115f\u3164", "42"]:  # a blank, or no letter at all
        await guest.send(SetName(name))
        assert "shows no letter" in (await guest.next(Refused)).reason, repr(name)
    await guest.send(SetName("Alicia"))
    assert (await guest.next(Welcome)).name == "Alicia"


async def test_a_name_that_reads_as_the_tables_own_words_is_refused(hub):
    bob = await Peer(hub, BOB).open()
    await bob.next(Welcome)
    for name in [
        "AI 2 (hard)",
        "Open seat 2",
        "You",
        "you",
        "Bob (you)",
        "Alice (watching)",
        "Ann (away)",
        "AI 3",
        "AI normal",
        "Player 2",
        "\u03a5ou",
        # issue 48: accepted last week
        "Al 2",
        "0pen seat 1",
        "Bob · Al standing in",
        "Gus · AI",
        "(free)",
        "Bob · 12 in hand",
        "Alice (you) · pile +0",
        "Alice (invited)",
        "Bob's stand-in",
    ]:
        await bob.send(SetName(name))
        assert (
            await bob.next(Refused)
        ).reason == f"{name} reads as what the table writes beside names: choose another name"
    for name in ["Aiden", "Youssef", "Bob (UK)", "Al", "Alice2", "Zoë", "Ana-María", "李小龍"]:
        await bob.send(SetName(name))
        assert (await bob.next(Welcome)).name == name


# -- connections -----------------------------------------------------------------------------

KEY = asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
async def start(tmp_path):
    """``await start(**options)``: a ``GameServer`` in this process on a free port of 127.0.0.1."""
    servers: list[GameServer] = []

    async def start(**options) -> GameServer:
        server = GameServer(ServerConfig(tmp_path / "server", port=0, zygote=False, **options))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.close()


class HalfOpen:
    """A connection from ``source`` that never says a word (a slow client, or a flood)."""

    async def open(self, server: GameServer, source: str = "127.0.0.1") -> HalfOpen:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))
        return self

    async def let_in(self) -> bool:
        """Whether the server speaks to it (it is given the time to log in)."""
        return (await asyncio.wait_for(self.reader.readline(), WAIT)).startswith(b"SSH-2.0-")

    async def rest(self) -> bytes:
        """What the server says before it closes the connection (it must close it)."""
        return await asyncio.wait_for(self.reader.read(), WAIT)


async def half_open(server: GameServer) -> HalfOpen:
    return await HalfOpen().open(server)


async def log_in(server: GameServer, source: str = "127.0.0.1") -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        local_addr=(source, 0),
        username="player",
        client_keys=[KEY],
        known_hosts=None,
        agent_path=None,
        password=None,
        kbdint_auth=False,
        preferred_auth="publickey",
    )


async def test_connections_not_logged_in_are_bounded_apart_from_those_logged_in(start):
    server = await start(per_address=1, max_pre_login=6, login_timeout=1)
    waiting = [await half_open(server) for _ in range(2)]
    assert all([await connection.let_in() for connection in waiting])
    person = await log_in(server)  # the address's half-open connections do not keep its people out
    with pytest.raises((asyncssh.Error, OSError)):
        await log_in(server)  # a second person from the address: over --per-address 1
    await eventually(lambda: server.pre_login["127.0.0.1"] == 2, "the refused one to be gone")
    waiting.append(await half_open(server))
    assert await waiting[-1].let_in()  # half of --max-pre-login 6
    assert await (await half_open(server)).rest() == b""  # one more: closed before a word
    other = await log_in(server, "127.0.0.2")  # other addresses have the other half
    assert [await connection.rest() for connection in waiting] == [b""] * 3  # a second to log in, then closed
    assert not server.pre_login and server.per_address == {"127.0.0.1": 1, "127.0.0.2": 1}
    person.close()
    other.close()
    await asyncio.gather(person.wait_closed(), other.wait_closed())
    log = (server.root / "connections.log").read_text()
    assert log.count("refused: too many connections not logged in") == 1
    assert log.count("refused: too many connections from the address") == 1


def log_lines(server: GameServer) -> list[list[str]]:
    return [line.split("\t") for line in (server.root / "connections.log").read_text().splitlines()]


async def test_the_connection_log_has_a_line_as_a_connection_opens_logs_in_and_ends(start):
    server = await start()
    person = await log_in(server)
    await eventually(lambda: len(log_lines(server)) == 2, "two lines")
    (_, first, address, nobody, _, opened), (_, second, _, who, _, logged_in) = log_lines(server)
    # all a server killed now (kill -9) would leave: it is on the disk already
    assert (first, address, nobody, opened) == (second, "127.0.0.1", "-", "open")
    assert (who, logged_in) == (KEY.get_fingerprint("sha256"), "logged in")
    person.close()
    await person.wait_closed()
    await eventually(lambda: len(log_lines(server)) == 3, "the closing line")
    assert log_lines(server)[2][1:4] == [first, "127.0.0.1", who] and log_lines(server)[2][5] == "no session"


# -- stopping --------------------------------------------------------------------------------


def session_main(pid: int) -> bool:
    """Whether ``pid`` is a session's process started by this one (forked by the zygote and
    adopted, or started from scratch): it says what it is in its title."""
    try:
        stat, command = Path(f"/proc/{pid}/stat").read_text(), Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid() and command.startswith(b"caravan-tui session")


@pytest.mark.thorough
async def test_ctrl_c_tells_each_person_and_ends_their_sessions_cleanly(tmp_path):
    ready: asyncio.Future[GameServer] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(
        serve(ServerConfig(tmp_path / "server", port=0), lambda server, problems: ready.set_result(server))
    )
    server = await asyncio.wait_for(ready, WAIT)
    person = await log_in(server)
    process = await person.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    seen = bytearray()

    async def read() -> None:
        while data := await process.stdout.read(65536):
            seen.extend(data)

    reading = asyncio.create_task(read())
    await eventually(lambda: b"What name" in seen, "the app on screen")
    (child,) = [pid for pid in os.listdir("/proc") if pid.isdigit() and session_main(int(pid))]
    waiting = await half_open(server)
    assert await waiting.let_in()
    os.kill(os.getpid(), signal.SIGINT)  # ctrl+c where the server runs
    await asyncio.wait_for(serving, WAIT)
    await asyncio.wait_for(reading, WAIT)
    restored = seen.rindex(b"\x1b[?1049l")  # the app gave the person's own screen back, then:
    assert seen[restored:].endswith(f"{STOPPING}\r\n".encode()) and restored > seen.rindex(b"What name")
    assert b"closed the connection" not in seen[restored:]  # (one line: what happened, what to do)
    assert process.exit_status == 0
    assert not session_main(int(child))  # ended, not left behind
    assert b"the server is stopping" in await waiting.rest()  # an SSH disconnect, with the reason
    ends = [line[5] for line in log_lines(server) if line[3] == KEY.get_fingerprint("sha256")]
    assert ends[-1] == "the server stopped"


@pytest.mark.thorough
async def test_ctrl_c_leaves_the_ai_workers_to_the_server():
    """ctrl+c reaches every process of the terminal's group: the AI workers ignore it (the
    server stops, and closes its pool) rather than each printing a traceback and dying."""
    game = get_game("decktet_caravan")
    state = game.new(2, seed=1, options=game.quick_options)
    seat, policy = state.to_move() or 0, make_policy(SeatSpec.ai("easy"), iterations=5)
    # as in a terminal: SIGINT not ignored (a shell's background job has it ignored, and a worker
    # would inherit that)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        async with AIWorker(max_workers=1) as worker:
            await worker.choose(policy, Question(game.id, state.view(seat), seat, 1))
            pool = worker._executor()
            (process,) = pool._processes.values()
            assert process.pid is not None
            # the worker sends itself SIGINT: with the default handler, KeyboardInterrupt there
            interrupted = pool.submit(os.kill, process.pid, signal.SIGINT)
            await asyncio.to_thread(futures.wait, [interrupted])
            assert interrupted.exception() is None  # (not raised here: pytest would stop every test)
            await worker.choose(policy, Question(game.id, state.view(seat), seat, 2))  # the same worker answers
            assert process.exitcode is None
    finally:
        signal.signal(signal.SIGINT, before)


async def test_a_connection_that_logs_in_but_opens_no_session_is_closed(start):
    """Issue 37: eight such connections were held for 25 s and more, locking their address out."""
    server = await start(per_address=1, session_timeout=0.5)
    idle = await log_in(server)
    await asyncio.wait_for(idle.wait_closed(), WAIT)  # closed by the server, not by us
    person = await log_in(server)  # the address's one place is free again
    await eventually(lambda: len(log_lines(server)) >= 5, "the lines")
    assert [line[5] for line in log_lines(server)][:4] == [
        "open",
        "logged in",
        "closed: no session within 0.5 s",
        "open",
    ]
    person.close()
    await person.wait_closed()


async def test_a_flood_of_refused_connections_is_one_line_then_one_that_counts_the_rest(start):
    """Issue 37: a connect/close loop added 210 KB to connections.log in 10 s, a line or more per
    connection."""
    server = await start(max_pre_login=2)
    server.bursts.quiet = 0.5  # (the burst is over once a half-second passes without another)
    holding = await half_open(server)  # the address's half of --max-pre-login 2
    assert await holding.let_in()
    for _ in range(40):
        assert await (await half_open(server)).rest() == b""  # refused before a word
    refused = "refused: too many connections not logged in"
    await eventually(lambda: any("39 more like it" in line[5] for line in log_lines(server)), "the count")
    lines = [line[5] for line in log_lines(server) if line[5].startswith(refused)]
    assert len(lines) == 2 and lines[0] == refused and lines[1].startswith(f"{refused}: 39 more like it in ")


def test_the_connection_log_is_rotated_and_keeps_a_bounded_number_of_files(tmp_path):
    from caravan_tui.ssh.connection_log import ConnectionLog

    log = ConnectionLog(tmp_path / "connections.log", max_bytes=100, keep=2)
    for number in range(40):
        log.write(f"line {number:02} of the log")  # 19 bytes with its newline: five lines a file
    files = sorted(path.name for path in tmp_path.iterdir())
    assert files == ["connections.log", "connections.log.1", "connections.log.2"]
    assert all((tmp_path / name).stat().st_size <= 100 for name in files)
    assert (tmp_path / "connections.log").read_text().splitlines()[-1] == "line 39 of the log"
    assert (tmp_path / "connections.log.1").read_text().splitlines()[-1] == "line 34 of the log"
    again = ConnectionLog(tmp_path / "connections.log", max_bytes=100, keep=2)  # a restarted server
    again.write("line 40 of the log")
    assert (tmp_path / "connections.log").read_text().splitlines() == ["line 40 of the log"]


def test_the_idle_clock_waits_for_text_not_the_terminals_set_up():
    """Textual sets the terminal up (all escape sequences) seconds before its first screen on a
    busy server; only something to read starts the person's idle clock."""
    set_up = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?2004h\x1b]0;caravan-tui\x07\x1b[>1u\x1b=\x1b[c"
    assert not draws_text(set_up) and not draws_text(b"\x1b[2J\x1b[1;1H   \r\n")
    assert draws_text(set_up + b"\x1b[1;1H\x1b[38;2;1;2;3mWhat name") and draws_text("é".encode())
