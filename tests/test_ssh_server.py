"""``caravan-tui serve`` end to end: a real server on 127.0.0.1, real asyncssh clients with keys
made here, and every screen read through a terminal emulator (pyte) as a person sees it
(DESIGN §7; the hub alone is tested in test_ssh_hub.py)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import asyncssh
import pyte
import pytest

from caravan_tui.games.decktet_caravan.card_words import rank_label, short_name
from caravan_tui.games.decktet_caravan.cards import INDEX, NAMES
from caravan_tui.hub_protocol import GUEST_UNRATED, STOPPING, STOPPING_SAVED
from caravan_tui.saves.loading import load
from caravan_tui.saves.store import SaveStore

WAIT = 30  # seconds; only guards against a hung test, never asserted
GRACE = 5  # seconds a dropped person keeps their seat, where a test checks it is kept
CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
KEYS = {
    "enter": "\r",
    "tab": "\t",
    "escape": "\x1b",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "ctrl+g": "\x07",
    "ctrl+o": "\x0f",
}


async def eventually(condition, what, timeout: float = WAIT) -> None:
    """Until ``condition()``; ``what`` (words, or a function giving them) says what failed."""
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


class Server:
    """``caravan-tui serve`` on a free port of 127.0.0.1, its files under ``home``; AI seats
    search a few iterations (no clock), a person who drops keeps their seat ``grace`` seconds."""

    def __init__(self, home: Path, *args: str, grace: int = 1) -> None:
        self.home, self.args, self.grace = home, args, grace
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0

    @property
    def root(self) -> Path:
        return self.home / "server"

    async def start(self) -> Server:
        env = {
            **os.environ,
            "CARAVAN_TUI_HOME": str(self.home),
            "CARAVAN_TUI_AI_BUDGET": "iterations",
            SERVERS_OWN: "not for sessions",
        }
        said = self.home / "serve.out"  # not a pipe: a process the server leaves behind would hold it open
        with open(said, "wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                CLI,
                "serve",
                "--port",
                "0",
                "--grace",
                str(self.grace),
                "--ai-iterations",
                "5",
                "--move-pause",
                "0.05",
                *self.args,
                env=env,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        await eventually(lambda: b"serving on" in said.read_bytes(), "the server to listen")
        self.port = int(re.search(rb"port (\d+)", said.read_bytes())[1])
        return self

    def children(self, sessions_only: bool = True) -> list[int]:
        """The server's child processes that have not ended: its sessions (forked by the zygote
        and adopted, or started by the server); with ``sessions_only`` False, the zygote and the
        AI workers too. A session is told by what it says it is, never by what it is not: a
        zygote still warming up is no session."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.proc.pid and (
                    not sessions_only or is_session(int(entry))
                ):
                    found.append(int(entry))
        return found

    def zygotes(self) -> list[int]:
        """The zygotes ready to fork sessions."""
        return [pid for pid in self.children(sessions_only=False) if title(pid) == "caravan-tui zygote"]

    def started_without_zygote(self) -> int:
        """How many sessions the server started from scratch (its log says so for each)."""
        return self.said().count(b"a session started without the zygote")

    def said(self) -> bytes:
        """What the server wrote (its log's warnings included)."""
        return (self.home / "serve.out").read_bytes()

    async def kill(self) -> None:
        self.proc.kill()
        await self.proc.wait()

    async def stop(self) -> None:
        """As a service manager stops it: SIGTERM (it ends its sessions and AI workers)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), WAIT)
            except TimeoutError:
                await self.kill()

    # -- what the hub holds -----------------------------------------------------------------

    def store(self) -> SaveStore:
        return SaveStore(self.root)

    def match_ids(self) -> list[str]:
        return [entry.match_id for entry in self.store().entries()]

    def saved(self, match_id: str):
        """The match's save as the hub last wrote it (read again only when the file changed)."""
        return self._cached(match_id)[0]

    def to_move(self, match_id: str) -> int | None:
        return self._cached(match_id)[1]

    def _cached(self, match_id: str) -> tuple:
        key = (match_id, self.store().path(match_id).read_bytes())
        if getattr(self, "_cache_key", None) != key:
            checked = load(self.store(), match_id)
            # the position replayed into the snapshot: a save keeps the log, not the position
            snapshot = dataclasses.replace(checked.snapshot, state=checked.state.to_data())
            self._cache_key, self._cache = key, (snapshot, checked.state.to_move())
        return self._cache


SERVERS_OWN = "CARAVAN_TUI_SERVERS_OWN"  # in the server's environment: never in a session's


def name(pid: int) -> str:
    """The process's name (``/proc/PID/comm``): the zygote's and its sessions' are their own."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def title(pid: int) -> str:
    """The process's title as ``ps aux`` shows it (``/proc/PID/cmdline``, NULs read as spaces)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def is_session(pid: int) -> bool:
    """Whether the process is a session that is up (one named by its person, or not yet)."""
    return title(pid).startswith("caravan-tui session")


def terminals(pid: int) -> set[str]:
    """The terminals the process holds open."""
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            if (target := os.readlink(f"/proc/{pid}/fd/{fd}")).startswith("/dev/pts/"):
                found.add(target)
    return found


class Terminal:
    """One person's ssh session: ``raw`` holds every byte the server sent them."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process, size: tuple[int, int]) -> None:
        self.conn, self.process = conn, process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self._text: str | None = None  # the screen's text, made when asked after it changed
        self.observers: list = []  # called with the text on screen after every chunk of output
        self.closed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls,
        server: Server,
        key: asyncssh.SSHKey | None,
        size: tuple[int, int] = (80, 24),
        window: int = 2 * 1024 * 1024,
    ) -> Terminal:
        """``window``: the bytes the server may send ahead of what this terminal has taken."""
        conn = await connect(server, key)
        process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None, window=window)
        return cls(conn, process, size)

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.raw += data
                self.stream.feed(data)
                self._text = None
                for observe in self.observers:
                    observe(self.text)
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()

    @property
    def text(self) -> str:
        """What the screen shows (the tests ask it many times a second, the screen changes less)."""
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    def line(self, row: int) -> str:
        return self.text.split("\n")[row]

    async def wait_for(self, what, timeout: float = WAIT) -> None:
        """Until the screen shows ``what`` (a string, or a test of the screen's text)."""
        test = what if callable(what) else (lambda text: what in text)
        await eventually(lambda: test(self.text), lambda: f"{what!r} on screen; it shows:\n{self.text}", timeout)

    def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key).encode())

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self._text = None
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        await asyncio.wait_for(self.closed.wait(), WAIT)


async def connect(server: Server, key: asyncssh.SSHKey | None) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="player",
        client_keys=[key] if key else [],
        known_hosts=None,
        agent_path=None,
        password=None,
        kbdint_auth=False,
        preferred_auth="publickey",
    )


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


# -- who may enter ---------------------------------------------------------------------------

ANN, BOB, CYD, EVE = (new_key() for _ in range(4))


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")


@pytest.mark.thorough
async def test_only_listed_keys_enter_within_limits_and_a_session_needs_a_terminal(tmp_path):
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(b"".join(key.export_public_key() for key in (ANN, BOB)))
    server = await Server(tmp_path, "--authorized-keys", str(keys), "--per-address", "2", "--idle-timeout", "2").start()
    try:
        first, second = await connect(server, ANN), await connect(server, BOB)
        with pytest.raises((asyncssh.Error, OSError)):  # a third connection from 127.0.0.1
            await connect(server, ANN)
        first.close()
        second.close()
        await asyncio.gather(first.wait_closed(), second.wait_closed())
        for key in (None, EVE):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server, key)
        async with await connect(server, ANN) as conn:
            result = await conn.run(encoding=None)  # a session without a PTY
        assert result.stdout == b"this is a terminal game: connect with ssh -t\r\n" and result.exit_status == 1
        idle = await Terminal.open(server, BOB)  # the app draws, then nobody types: the session is closed
        await asyncio.wait_for(idle.closed.wait(), WAIT)
        assert b"Idle for too long" in idle.raw and not server.children()
        await idle.close()
    finally:
        await server.stop()
    log = (server.root / "connections.log").read_text().splitlines()
    assert any(line.split("\t")[3:4] == [fingerprint(ANN)] for line in log)
    assert any(line.endswith("refused: key not authorized") for line in log)
    assert any(line.endswith("refused: too many connections from the address") for line in log)
    assert any(line.split("\t")[3] == fingerprint(BOB) and line.endswith("idle") for line in log)
    assert all(re.fullmatch(r"\S+\t[0-9a-f]{8}\t127\.0\.0\.1\t\S+\t[\d.]+s\t.+", line) for line in log)


# -- playing ---------------------------------------------------------------------------------


def prompted(text: str) -> bool:
    """The screen asks this person to play (the Decktet screen's status line, its rows read as one)."""
    said = " ".join(text.split())
    prompts = ("Your turn", "Enter plays", "ways to read", "beats it — p passes", "marks the top play")
    return any(words in said for words in prompts)


async def enter_as(server: Server, key, name: str, window: int = 2 * 1024 * 1024) -> Terminal:
    term = await Terminal.open(server, key, window=window)
    await term.wait_for("What name do you play under?")
    term.press(name, "enter")
    await term.wait_for(f"playing as {name}")
    return term


async def create_short_match(term: Terminal) -> None:
    """From the lobby, by keys: c, the short options, create (you and an open seat)."""
    term.press("c")
    await term.wait_for("Create a match")
    term.press("ctrl+o")
    await term.wait_for("Options set for a short match.")
    term.press("ctrl+g")
    await past_how_to_play(term)
    await term.wait_for("(you) · pile")


async def past_how_to_play(term: Terminal) -> None:
    """The "How to play" that comes first at a game new to the person: not to be shown again."""
    await term.wait_for("Don't show again (d)")
    term.press("d")


def plays_focused(term: Terminal) -> bool:
    """Whether the plays list has the focus: its border's title then starts with ``▸``."""
    return "╭─ ▸ Plays" in term.line(0)


async def ann_and_bob_at_a_match(server: Server) -> tuple[Terminal, Terminal, str]:
    """Ann enters and creates a short match; Bob enters and joins its free seat from the lobby."""
    ann = await enter_as(server, ANN, "Ann")
    await create_short_match(ann)
    match_id = server.match_ids()[0]
    bob = await enter_as(server, BOB, "Bob")
    await bob.wait_for("1 free seat")
    bob.press("enter")
    await past_how_to_play(bob)
    await bob.wait_for("Bob (you) · pile")
    return ann, bob, match_id


def unhighlighted(text: str) -> bool:
    """The status line says the plays list has no line highlighted (after a play: ↓ highlights
    the first), in Decktet's words too where Pass is the only play."""
    said = " ".join(text.split())  # (the status line's two rows read as one: its words may wrap)
    return "the first play" in said or "marks the top play" in said or "beats it — p passes" in said


async def play(server: Server, term: Terminal, seat: int, match_id: str, until=None) -> None:
    """Play every turn of ``seat`` through keys (the first play in the plays list: tab to the
    list, where no line is highlighted after a play ↓, enter) until the end screen (or until
    ``until()``). Like a person, it presses enter
    again when a move does not show (a key can land while a seat changes hands), a few times. It
    fails when the match stands still for two minutes (not when it is slow: a busy machine)."""
    missed, loop = 0, asyncio.get_running_loop()
    deadline, moved = loop.time() + 120, len(server.saved(match_id).actions)
    while server.saved(match_id).status == "playing":
        if until is not None and until():
            return
        if len(server.saved(match_id).actions) != moved:
            deadline, moved = loop.time() + 120, len(server.saved(match_id).actions)
        assert loop.time() < deadline, f"no move for two minutes; seat {seat + 1}'s screen shows:\n{term.text}"
        if prompted(term.text) and server.to_move(match_id) == seat:
            if not plays_focused(term):
                term.press("tab")  # then wait for the screen to show where the focus went
                for _ in range(40):
                    await asyncio.sleep(0.05)
                    if plays_focused(term):
                        break
                continue
            if unhighlighted(term.text):  # (the status line: no line highlighted yet)
                term.press("down")  # then wait for the screen to show the line highlighted
                for _ in range(40):
                    await asyncio.sleep(0.05)
                    if not unhighlighted(term.text):
                        break
                continue
            moves = len(server.saved(match_id).actions)
            term.press("enter")
            try:
                await eventually(lambda moves=moves: len(server.saved(match_id).actions) > moves, "", 5)
            except AssertionError:
                missed += 1
                assert missed < 4, f"seat {seat + 1}'s move never showed; its screen shows:\n{term.text}"
        await asyncio.sleep(0.03)
    await term.wait_for("Rematch")


BELL = b"\x07"


def last_words(raw: bytes) -> str:
    """What the person reads once the app gave them their own screen back: the text after it,
    without escape sequences."""
    after = bytes(raw[raw.rindex(b"\x1b[?1049l") :])
    return re.sub(rb"\x1b\[[0-?]*[ -/]*[@-~]", b"", after).decode().strip()


def without_osc(raw: bytes) -> bytes:
    """The bytes without operating system commands (which may end with a bell character)."""
    return re.sub(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)", b"", bytes(raw))


def card_words(cards: list[str]) -> re.Pattern:
    """How the screen writes these cards: ``5 Forest`` in a hand, ``the Forest`` in the log."""
    words = [w for card in cards for w in (f"{rank_label(INDEX[card])} {short_name(INDEX[card])}", NAMES[INDEX[card]])]
    return re.compile(b"(?:" + b"|".join(re.escape(w.encode()) for w in words) + rb")(?![A-Za-z])")


class HiddenCheck:
    """No byte a person received shows a card of a hand not theirs (or a set-aside card), while
    their own hand does show. Hands only shrink in a one-hand match, so each check reads only the
    bytes that came since the last one (with some overlap for a name cut between reads)."""

    def __init__(self, server: Server, match_id: str, terms: dict) -> None:
        self.server, self.match_id, self.terms = server, match_id, terms
        self.read = {seat: 0 for seat in terms}

    def __call__(self) -> None:
        state = self.server.saved(self.match_id).state
        for seat, term in self.terms.items():
            hidden = [card for other, hand in enumerate(state["hands"]) if other != seat for card in hand]
            new = bytes(term.raw[max(0, self.read[seat] - 64) :])
            found = card_words(hidden + state["aside"]).search(new)
            assert found is None, f"seat {seat} was shown {found[0]!r}"
            self.read[seat] = len(term.raw)
            if seat is not None and state["hands"][seat]:
                assert card_words(state["hands"][seat]).search(term.raw)


@pytest.mark.e2e
async def test_keys_that_arrive_in_one_burst_are_typed_in_order(tmp_path):
    """Over SSH a person's keys arrive in bursts: a letter and a Backspace in one write lost
    both (Textual issue #6605), in the name asked first and in the whole log's filter alike."""
    server = await Server(tmp_path).start()
    try:
        term = await Terminal.open(server, ANN)
        await term.wait_for("What name do you play under?")
        term.process.stdin.write(b"Anx\x7fn\r")  # one write: A, n, x, Backspace, n, Enter
        await term.wait_for("playing as Ann")
        await create_short_match(term)
        term.process.stdin.write(b"\x0c")  # ctrl+l
        await term.wait_for("The whole log")
        term.process.stdin.write(b"xa\x7f\x7fAnzz\x7f\x7fn")
        await term.wait_for(lambda text: re.search(r"^\W*Ann\s*\W*$", text, re.M) and " of " in text)
        await term.close()
    finally:
        await server.stop()


@pytest.mark.e2e  # a whole match by keys (how sessions are forked and named: the zygote test)
async def test_two_people_play_a_match_by_keys_and_a_third_watches(tmp_path):
    server = await Server(tmp_path).start()
    try:
        await eventually(lambda: server.zygotes(), "the zygote, warmed up")
        ann, bob, match_id = await ann_and_bob_at_a_match(server)
        cyd = await enter_as(server, CYD, "Cyd")
        await cyd.wait_for("Every seat is taken")
        cyd.process.stdin.write(b"\xe9")  # "é" from a Latin-1 terminal ended the session: its w below
        sessions = server.children()
        # each forked by the zygote, named by what it is and for whom, on its own terminal,
        # none with the server's environment
        assert server.started_without_zygote() == 0
        assert sorted(map(title, sessions)) == [f"caravan-tui session {who}" for who in ("Ann", "Bob", "Cyd")]
        assert {name(pid) for pid in sessions} == {"caravan-session"}
        assert [name(pid) for pid in server.zygotes()] == ["caravan-zygote"]
        assert all(len(terminals(pid)) == 1 for pid in sessions) and len(set.union(*map(terminals, sessions))) == 3
        assert not any(SERVERS_OWN.encode() in Path(f"/proc/{pid}/environ").read_bytes() for pid in sessions)
        cyd.press("w")
        await cyd.wait_for("Bob · ")
        assert server.saved(match_id).seats == [f"remote:{fingerprint(ANN)}", f"remote:{fingerprint(BOB)}"]

        ann.press("t")  # a chat line dropped by escape (read by the session's own driver)
        await ann.wait_for("Say to the table")
        ann.press("escape")
        await ann.wait_for(lambda text: "Say to the table" not in text)
        ann.press("t")  # a word to the table, before anyone plays
        await ann.wait_for("Say to the table")
        ann.press("salt for camels?", "enter")
        for term in (bob, cyd):
            await eventually(lambda term=term: b"Ann says: salt for camels?" in term.raw, "the chat line")

        terms = {0: ann, 1: bob, None: cyd}
        check_hidden = HiddenCheck(server, match_id, terms)
        shown, seen = set(), set()

        # a spectator's keys act on nothing (no play key is offered) and say so: the notice said
        # lies over the players' lines for its seconds, so this comes before the moves it watches
        before = server.saved(match_id)
        # (a key pressed while the table shows what just happened only skips the show, as any
        # key does: Bob's arrival and Ann's line may be on show still; the next is said)
        for _ in range(10):
            cyd.press("u", "p", "enter")
            with contextlib.suppress(AssertionError):
                await cyd.wait_for("You are watching: only", timeout=3)
                break
        await cyd.wait_for("You are watching: only")
        footer = cyd.text.splitlines()[-1]
        assert "Rules" in footer and not any(key in footer for key in ("Undo", "Hint", "Pass", "Save"))
        await cyd.wait_for(lambda text: "You are watching: only" not in text)
        assert server.saved(match_id).actions == before.actions

        def hands_on_screen(text: str) -> None:
            # a player's line wraps where the panel is narrow: each row left of the panels beside it
            text = " ".join(" ".join(re.split("[│╭╰]", line, maxsplit=1)[0].split()) for line in text.splitlines())
            held = [
                re.search(rf"{name} · (\d+) in hand, \d of their 4 Aces and Crowns still unplayed · pile [+−]\d+", text)
                for name in ("Ann", "Bob")
            ]
            if all(held):
                shown.add(tuple(int(m[1]) for m in held))

        hands_on_screen(cyd.text)  # what it shows already
        cyd.observers.append(hands_on_screen)

        async def watch() -> None:
            """Every position the hub's save goes through; no hidden card on anyone's screen."""
            while True:
                snap = server.saved(match_id)
                if snap.status == "playing":
                    seen.add(tuple(len(hand) for hand in snap.state["hands"]))
                check_hidden()
                await asyncio.sleep(0.05)

        watching = asyncio.create_task(watch())
        players = asyncio.gather(play(server, ann, 0, match_id), play(server, bob, 1, match_id))
        await eventually(
            lambda: len(server.saved(match_id).actions) >= 3,
            lambda: "three moves; the screens show:\n" + "\n\n".join(t.text for t in (ann, bob)),
        )
        cyd.resize(100, 30)  # a resize reaches the app: it lays the table out again at 100×30
        await cyd.wait_for(
            lambda text: text.splitlines()[-1].rstrip().endswith("palette") and len(text.splitlines()[-1].rstrip()) > 90
        )
        await players  # (each fails if the match stands still for two minutes)
        watching.cancel()
        check_hidden()
        await cyd.wait_for("Lobby (esc)")
        assert "Rematch" not in cyd.text  # a spectator did not play the match
        snap = server.saved(match_id)
        assert snap.status == "over" and snap.actions[: len(before.actions)] == before.actions
        assert seen <= shown, f"the spectator never saw hands of {sorted(seen - shown)}"
        assert all(BELL in without_osc(term.raw) for term in (ann, bob))  # it became their turn
        assert BELL not in without_osc(cyd.raw)
        for term in terms.values():
            await term.close()
        await eventually(lambda: not server.children(), "the sessions' processes to end")
    finally:
        await server.stop()


def moves(server: Server, match_id: str) -> int:
    return len(server.saved(match_id).actions)


class Guest(asyncssh.SSHClient):
    """A client without a key: keyboard-interactive, answering no questions."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts) -> list[str]:
        return []


async def guest_terminal(server: Server) -> Terminal:
    conn, _ = await asyncssh.create_connection(
        Guest, "127.0.0.1", server.port, username="guest", client_keys=[], known_hosts=None, agent_path=None
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return Terminal(conn, process, (80, 24))


async def guest_enters_as(server: Server, name: str) -> Terminal:
    term = await guest_terminal(server)
    # (both in one read: a frame comes over SSH in pieces, and the screen read between two of them
    # showed the lobby under the question, half drawn)
    await term.wait_for(lambda text: "What name do you play under?" in text and "as a guest" in text)
    term.press(name, "enter")
    await term.wait_for(f"playing as {name}")
    return term


@pytest.mark.e2e  # a whole match between two guests over SSH
async def test_two_guests_play_a_match_and_each_result_and_record_says_guests_are_not_rated(tmp_path):
    """Guests got no rating line on the result screen and "No rated match yet." in their record,
    as if a rating would come: both say at 80×24 that guests are not rated, and how to be."""
    server = await Server(tmp_path, "--allow-guests").start()
    try:
        gus = await guest_enters_as(server, "Gus")
        await create_short_match(gus)
        match_id = server.match_ids()[0]
        hal = await guest_enters_as(server, "Hal")
        await hal.wait_for("1 free seat")
        hal.press("enter")
        await past_how_to_play(hal)
        await hal.wait_for("Hal (you) · pile")
        await asyncio.gather(play(server, gus, 0, match_id), play(server, hal, 1, match_id))
        for term in (gus, hal):
            await term.wait_for(GUEST_UNRATED)
            term.press("escape")
            await term.wait_for("h Record")
            term.press("h")
            await term.wait_for("Your record")
            await term.wait_for(GUEST_UNRATED)
    finally:
        await server.stop()


@pytest.mark.e2e  # a server killed and started again (a grace and a stand-in: test_ssh_hub.py)
async def test_a_match_survives_a_dropped_player_and_a_killed_server(tmp_path):
    # a grace that outlasts the test's own steps between a drop and its check (a second did not,
    # on a busy machine)
    server = await Server(tmp_path, "--allow-guests", grace=GRACE).start()
    try:
        ann, bob, match_id = await ann_and_bob_at_a_match(server)
        bob_plays = asyncio.create_task(play(server, bob, 1, match_id))
        await play(server, ann, 0, match_id, until=lambda: moves(server, match_id) >= 3)

        # Ann drops: her seat waits the grace, then an AI stands in until she is back
        await ann.close()
        dropped = server.saved(match_id).actions
        assert server.saved(match_id).seats[0] == f"remote:{fingerprint(ANN)}"
        await eventually(lambda: 0 in load(server.store(), match_id).movers[len(dropped) :], "the stand-in's move")
        assert server.saved(match_id).seats[0] == "ai:normal"
        ann = await Terminal.open(server, ANN)
        await ann.wait_for("Ann (you) · pile")  # no lobby, no name: straight back into the seat
        await ann.wait_for("You are back;")  # the table's log at its end, where her return is
        assert server.saved(match_id).seats[0] == f"remote:{fingerprint(ANN)}"
        assert server.saved(match_id).actions[: len(dropped)] == dropped
        at = moves(server, match_id)
        await play(server, ann, 0, match_id, until=lambda: moves(server, match_id) >= at + 2)

        # the server dies mid-match: its sessions' processes go with it, the save holds every move
        assert len(server.children()) == 2
        started = server.children(sessions_only=False)  # the sessions and the AI workers
        bob_plays.cancel()
        killed = server.saved(match_id).actions
        await server.kill()
        await eventually(
            lambda: not any(Path(f"/proc/{pid}").exists() for pid in started),
            lambda: (
                "no leaked process: "
                + "; ".join(
                    Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
                    for pid in started
                    if Path(f"/proc/{pid}").exists()
                )
            ),
        )
        await asyncio.wait_for(asyncio.gather(ann.closed.wait(), bob.closed.wait()), WAIT)

        server = await Server(tmp_path, "--allow-guests", grace=GRACE).start()
        gus = await guest_terminal(server)  # no key: a guest, when the server allows them
        await gus.wait_for("What name do you play under?")
        gus.press("Gus", "enter")
        await gus.wait_for("Ann ? (away), Bob ? (away)")  # listed (ratings not settled), waiting for its people
        ann, bob = await Terminal.open(server, ANN), await Terminal.open(server, BOB)
        await ann.wait_for("Ann (you) · pile")
        await bob.wait_for("Bob (you) · pile")
        assert server.saved(match_id).actions[: len(killed)] == killed

        def resumed() -> bool:
            return moves(server, match_id) >= len(killed) + 2 or server.saved(match_id).status != "playing"

        await asyncio.gather(
            play(server, ann, 0, match_id, until=resumed), play(server, bob, 1, match_id, until=resumed)
        )
        assert server.saved(match_id).actions[: len(killed)] == killed  # it plays on from where it was

        # stopped as a service manager stops it, people still playing: every process ends with it
        started = server.children(sessions_only=False)
        await server.stop()
        assert server.proc.returncode == 0 and len(started) >= 3
        await eventually(lambda: not any(Path(f"/proc/{pid}").exists() for pid in started), "no leaked process")
        await asyncio.wait_for(asyncio.gather(*(term.closed.wait() for term in (ann, bob, gus))), WAIT)
        for term, told in ((ann, STOPPING_SAVED), (bob, STOPPING_SAVED), (gus, STOPPING)):  # Gus has no match
            assert last_words(term.raw) == told  # told why, last, after the app gave them their own screen back
    finally:
        await server.stop()


@pytest.mark.e2e  # four sessions on slow terminals to a server stopped (its own end, in process: test_ssh_bounds.py)
async def test_the_server_stopping_tells_everyone_why_however_slowly_their_terminal_takes_it(tmp_path):
    """The bug: the server dropped every connection as soon as the sessions had ended, and what a
    terminal had not taken yet went with it: its last screen, and the line saying why (3 people
    of 12 read nothing). Here three terminals take 64 bytes at a time."""
    server = await Server(tmp_path).start()
    terms: list[Terminal] = []
    try:
        ann = await enter_as(server, ANN, "Ann")
        terms.append(ann)
        await create_short_match(ann)
        bob = await enter_as(server, BOB, "Bob", window=64)
        terms.append(bob)
        await bob.wait_for("1 free seat")
        bob.press("enter")
        await past_how_to_play(bob)
        await bob.wait_for("Bob (you) · pile")
        terms += [await enter_as(server, CYD, "Cyd", window=64), await enter_as(server, EVE, "Eve", window=64)]
        await server.stop()
        assert server.proc.returncode == 0 and server.said().rstrip().endswith(b"caravan-tui: stopped.")
        # the host read only "^C" while the sessions ended, up to their 10 s: it looked frozen
        assert b"caravan-tui: stopping: telling the 4 people connected why (at most 10 s); every match is kept\n" in (
            server.said()
        )
        await asyncio.wait_for(asyncio.gather(*(term.closed.wait() for term in terms)), WAIT)
        # one line, what happened and what to do (the app wrote "The server closed the connection." above it)
        assert [last_words(term.raw) for term in terms] == [STOPPING_SAVED, STOPPING_SAVED, STOPPING, STOPPING]
    finally:
        for term in terms:
            term.conn.close()
        await server.stop()


@pytest.mark.e2e  # a server's zygote killed and started again, sessions forked before and after: about 6 CPU-s
async def test_a_zygote_that_dies_is_started_again_and_no_session_waits_for_it(tmp_path):
    server = await Server(tmp_path).start()
    try:
        await eventually(lambda: len(server.zygotes()) == 1, "the zygote, warmed up")
        ann = await enter_as(server, ANN, "Ann")
        (forked,) = server.children()
        # forked by the zygote, named by what it is and for whom, on a terminal of its own, without
        # the server's environment
        assert server.started_without_zygote() == 0
        assert (name(forked), title(forked)) == ("caravan-session", "caravan-tui session Ann")
        assert len(terminals(forked)) == 1
        assert SERVERS_OWN.encode() not in Path(f"/proc/{forked}/environ").read_bytes()
        (zygote,) = server.zygotes()
        os.kill(zygote, signal.SIGKILL)
        await eventually(
            lambda: not Path(f"/proc/{zygote}").exists() or name(zygote) != "caravan-zygote", "the zygote's end"
        )
        bob = await enter_as(server, BOB, "Bob")
        # Ann's session lives on; Bob's started without the zygote, not waiting for it (the next
        # zygote starts after a pause: a session asked for meanwhile is not kept waiting for it)
        (started,) = set(server.children()) - {forked}
        assert server.started_without_zygote() == 1 and title(started) == "caravan-tui session Bob"
        await eventually(lambda: server.zygotes() not in ([], [zygote]), "another zygote", timeout=60)
        assert b"the session zygote started again" in server.said()
        cyd = await enter_as(server, CYD, "Cyd")
        (third,) = set(server.children()) - {forked, started}
        assert server.started_without_zygote() == 1 and title(third) == "caravan-tui session Cyd"  # forked
        ann.press("c")  # Ann's session still answers keys
        await ann.wait_for("Create a match")
        for term in (ann, bob, cyd):
            await term.close()
        await eventually(lambda: not server.children(), "the sessions' processes to end")
    finally:
        await server.stop()


@pytest.mark.thorough
def test_a_session_names_itself_for_ps_and_a_long_or_hostile_name_is_cut_to_fit():
    """Its title takes the room its arguments had, no more, as one line of text."""
    script = (
        "import os, sys; from caravan_tui.ssh.process_name import name_session; "
        "room = len(open('/proc/self/cmdline', 'rb').read()); name_session(os.environ['WHO']); "
        "print(room, open('/proc/self/cmdline', 'rb').read().hex())"
    )

    def titled(who: str) -> tuple[int, bytes]:
        said = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, check=True, text=True, env={**os.environ, "WHO": who}
        ).stdout.split()
        return int(said[0]), bytes.fromhex(said[1])

    room, title = titled("Ann")
    assert len(title) == room and title.rstrip(b"\0") == b"caravan-tui session Ann"
    room, title = titled("\x1b[31mÅnn\x07" + "é" * room)
    assert len(title) == room and title.endswith(b"\0")
    shown = title.rstrip(b"\0").decode()  # (whole characters only)
    assert shown.startswith("caravan-tui session [31mÅnné") and len(shown) <= len("caravan-tui session ") + 40
