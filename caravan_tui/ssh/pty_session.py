"""One SSH session's own Textual process on its own PTY, bridged to the SSH channel (DESIGN §7).

The shape that works (asyncssh 2.24, Textual 8.2): ``os.openpty``; the slave in raw mode before
the child starts (but for a line feed written as CR LF); the child leads a new session and takes
the slave as its controlling terminal (so a window size set on the PTY reaches it as SIGWINCH);
the session's size changes are set with ``TIOCSWINSZ``. No ``COLUMNS``/``LINES`` in the child's
environment (Textual would then ignore resizes), and nothing of the server's environment either.
The child's only link to the hub is its end of a socket pair whose other end the hub serves as
this person.

A session is idle when its person has typed nothing for ``idle_timeout`` seconds since the app
first drew something to read (a session slow to start, on a busy server, is not the person's
idleness: the terminal's set-up, all escape sequences, comes seconds before the first screen).

A size the client asks for is held to 10–1000 cells each way (the child's memory grows with its
screen: 65535×65535 took 1.5 GB), and no request stops the session reading the person's keys.

The child is forked by the server's zygote (``zygote.py``: Textual and the app already imported,
the same setup done in the child) when there is one and it answers, else started from scratch.
Until its first screen the person reads one line saying their session is starting (``STARTING``):
on a busy server that takes seconds, and an empty terminal reads as a hung connection. The line is
wiped as the app's first output comes (its last words, once it restores the terminal, then land on
a clean line), or before the last line of a session that never drew; until the app's first frame
(drawn over it) it is written again at the top of the app's screen, blank until then.

The session ends when any side does: the person's connection, the child, the hub's socket, or
any of its tasks failing; the hub's side then ends at once (the seat's grace starts) and the
child is ended too (SIGHUP, then SIGKILL), so no process outlives its session.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import re
import signal
import socket
import struct
import sys
import termios
import time
import tty
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, cast

import asyncssh
import msgpack

from caravan_tui.hub_protocol import Goodbye, message_from_map
from caravan_tui.ssh.framing import HEADER, encode
from caravan_tui.ssh.zygote import ESCDELAY, ForkedChild, Zygote, ZygoteUnavailable

log = logging.getLogger(__name__)

#: a session's process, however it was started
Child = asyncio.subprocess.Process | ForkedChild

#: what the hub does with a session's socket: serve(reader, writer) until it closes
Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]

_TERM = re.compile(r"[A-Za-z0-9._+-]{1,40}")
ENDING = 2.0  # seconds the child has to end after SIGHUP before SIGKILL
#: what the person reads until the app's first output (no line feed after it: ``WIPE`` clears it)
STARTING = "caravan-tui: starting your session…".encode()
#: back to the line's start, cleared
WIPE = b"\r\x1b[K"
#: the screen's top left
HOME = b"\x1b[H"
#: seconds the app has to end on its own once the hub closed its session: it reads the hub's
#: last word (why a kick, a ban, a refusal), restores the terminal and writes it; only then SIGHUP
SAYING_GOODBYE = 5.0
BACKLOG = 1024 * 1024  # bytes waiting for a slow connection before we stop reading the child
MIN_CELLS, MAX_CELLS = 10, 1000  # columns, and rows, a session's terminal may have
MAX_PIXELS = 0xFFFF  # a terminal's size in pixels is 16 bits each way (0: unknown)
MAX_GOODBYE_FRAME = 4096  # bytes: a Goodbye's frame is under this (its reason is one short line)


def set_size(fd: int, width: int, height: int, pixels_wide: int = 0, pixels_high: int = 0) -> None:
    """Give the terminal ``fd`` the size a client asked for, held to MIN_CELLS–MAX_CELLS each way
    (0, unknown, gives 80×24); a pixel size that does not fit is dropped."""

    def cells(value: int, unknown: int) -> int:
        return max(MIN_CELLS, min(value or unknown, MAX_CELLS))

    def pixels(value: int) -> int:
        return value if 0 <= value <= MAX_PIXELS else 0

    size = struct.pack("HHHH", cells(height, 24), cells(width, 80), pixels(pixels_wide), pixels(pixels_high))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, size)


def raw_input_cooked_output(fd: int) -> None:
    """The terminal ``fd`` raw for what the person types (no echo, no line editing, before the
    app sets its own modes), but with a line feed written as carriage return and line feed, as
    sshd's terminals have it: what a process writes after the app has restored the terminal (its
    last line, a warning as it exits) starts each line at column 0 rather than drawing a
    staircase on the person's raw terminal."""
    tty.setraw(fd)
    modes = termios.tcgetattr(fd)
    modes[1] |= termios.OPOST | termios.ONLCR  # (the output flags)
    termios.tcsetattr(fd, termios.TCSANOW, modes)


def child_environment(term: str | None, client_env: dict) -> dict[str, str]:
    """What the child may know: the terminal type, a few display wishes of the person's own
    terminal, and a prompt escape key. Not COLUMNS or LINES, and nothing of the server's own environment."""
    env = {
        "TERM": term if term and _TERM.fullmatch(term) else "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PATH": os.defpath,
        "ESCDELAY": ESCDELAY,
    }
    for name in ("COLORTERM", "NO_COLOR"):
        value = client_env.get(name)
        if isinstance(value, str) and len(value) <= 20 and value.isprintable():
            env[name] = value
    return env


#: an escape sequence (CSI, OSC, DCS/SOS/PM/APC or a two-byte one): the terminal's set-up, not text
_ESCAPE = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|.)", re.S)
#: a character a person can read (not a space or a control)
_READABLE = re.compile(rb"[!-~\x80-\xff]")


def draws_text(output: bytes) -> bool:
    """Whether ``output`` shows something to read, outside its escape sequences."""
    return _READABLE.search(_ESCAPE.sub(b"", output)) is not None


class NotingGoodbye:
    """The hub's end of the app's socket, noting the last word (``Goodbye``) the hub writes to
    it: the session writes it itself if the app ends without (one too slow to start reads
    nothing). Each write is one whole frame (the hub's, and a link route's)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.goodbye = ""

    def write(self, data: bytes) -> None:
        if len(data) <= MAX_GOODBYE_FRAME and b"Goodbye" in data:
            with suppress(Exception):  # (any frame that is not one: nothing to note)
                message = message_from_map(msgpack.unpackb(data[HEADER.size :], raw=False))
                if isinstance(message, Goodbye):
                    self.goodbye = message.reason
        self.writer.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.writer, name)


class PtySession:
    """Run one session: ``await PtySession(process, serve, idle_timeout, move_pause).run()``.
    (Textual draws on stderr, so the child's stderr is the PTY too.)"""

    #: the child's program, after the interpreter; its arguments follow (the socket's fd, the pause)
    program: tuple[str, ...] = ("-I", "-m", "caravan_tui.session_main")

    def __init__(
        self,
        process: asyncssh.SSHServerProcess,
        serve: Serve,
        idle_timeout: float,
        move_pause: float,
        zygote: Zygote | None = None,
    ) -> None:
        self.process, self.serve, self.idle_timeout, self.move_pause = process, serve, idle_timeout, move_pause
        self.zygote = zygote
        self.last_input = time.monotonic()  # (again as the app first draws: nobody types before that)
        self._drawn = False
        self._output_began = False  # the child has written something (``STARTING`` is wiped)
        self.child: Child | None = None
        self.ended = asyncio.Event()
        self.reason = ""
        self.farewell = ""  # the last line the person reads, after the app has restored their terminal
        self._resuming: asyncio.Task | None = None  # reading the child again once the person caught up
        self._hub_gone = False  # the hub closed the session: the app is ending on its own
        self._said: NotingGoodbye | None = None  # what the hub writes to the app
        self._told_app = False  # the app was given the last word to end with (the server stopping)

    async def run(self) -> str:
        """Until the session ends; returns why it ended."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        master, slave = os.openpty()
        try:
            raw_input_cooked_output(slave)
            width, height, pixels_wide, pixels_high = self.process.get_terminal_size()
            set_size(master, width, height, pixels_wide, pixels_high)
            self._send(STARTING)
            self.child = child = await self._start_child(slave, theirs.fileno())
        except BaseException:
            os.close(master)
            ours.close()
            raise
        finally:
            os.close(slave)
            theirs.close()
        os.set_blocking(master, False)
        loop.add_reader(master, self._output, master)
        reader, writer = await asyncio.open_unix_connection(sock=ours)
        tasks = [
            asyncio.create_task(self._input(master)),
            asyncio.create_task(self._watch_child(child)),
            asyncio.create_task(self._hub(reader, writer)),
            asyncio.create_task(self._idle()),
        ]
        for task in tasks:
            task.add_done_callback(self._task_done)
        try:
            await self.ended.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)  # the hub has let the seat go
            if self._told_app:  # (its hub connection closed after the word: it ends saying it)
                with suppress(TimeoutError):
                    await asyncio.wait_for(child.wait(), SAYING_GOODBYE)
                    await asyncio.sleep(0.1)  # its last output through the PTY (as ``_watch_child``)
            by_itself = await self._end_child()
            await self._drain_output(master)
            if by_itself and self._told_app:
                self.farewell = ""  # (the app's own last line)
            elif not by_itself and self._said is not None and self._said.goodbye and not self.farewell:
                self.farewell = self._said.goodbye  # (the app ended before it could say it)
            if not self._output_began:
                self._send(WIPE)  # (``STARTING``: the app never wrote a byte)
            if self.farewell:  # (one line, on a line of its own)
                self._send(b"\r" + " ".join(self.farewell.split()).encode() + b"\r\n")
            loop.remove_reader(master)
            os.close(master)
            writer.close()
        return self.reason

    async def _start_child(self, slave: int, hub: int) -> Child:
        """Forked by the zygote if it can, else started from scratch."""
        env = child_environment(self.process.get_terminal_type(), dict(self.process.env))
        if self.zygote is not None:
            try:
                return await self.zygote.spawn(slave, hub, env, self.move_pause)
            except ZygoteUnavailable as exc:
                log.warning("a session started without the zygote: %s", exc)
        return await asyncio.create_subprocess_exec(
            sys.executable,
            *self.program,
            str(hub),
            str(self.move_pause),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            pass_fds=(hub,),
            start_new_session=True,
            cwd="/",
            env=env,
        )

    def _end(self, reason: str, farewell: str = "") -> None:
        if reason == "the app ended" and self._hub_gone:
            reason = "the hub closed the session"  # (and the app ended on that, as it should)
        if not self.ended.is_set():
            self.reason, self.farewell = reason, farewell
            self.ended.set()

    def stop(self, farewell: str) -> None:
        """End the session (the server is stopping), telling the person ``farewell``: the app is
        told it as the hub's last word, so the line it ends with is this one (it wrote "The server
        closed the connection." above it); if the app cannot say it, the session does."""
        if self._said is not None and not (self.ended.is_set() or self._hub_gone) and self._output_began:
            self._said.write(encode(Goodbye(farewell).to_map()))
            self._told_app = True
        self._end("the server stopped", farewell)

    def _task_done(self, task: asyncio.Task) -> None:
        """A task that failed ends the session (half a session would hold the seat until idle)."""
        if not task.cancelled() and task.exception() is not None:
            log.error("a session's task failed", exc_info=task.exception())
            self._end("failed")

    def _output(self, master: int) -> None:
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child closed the terminal
            data = b""
        loop = asyncio.get_running_loop()
        if not data:
            loop.remove_reader(master)
            self._end("the app ended")
            return
        if not self._output_began:  # (the terminal's set-up: the app's own screen, still blank)
            self._output_began = True
            data = WIPE + data
        if not self._drawn:
            if draws_text(data):  # the idle clock starts when there is something to answer
                self._drawn, self.last_input = True, time.monotonic()
            else:  # (on the app's screen too, until its first frame is drawn over it)
                data += HOME + STARTING
        if not self._send(data):
            loop.remove_reader(master)
        elif self.process.channel.get_write_buffer_size() > BACKLOG:
            loop.remove_reader(master)  # the child waits on a full PTY until the person catches up
            self._resuming = asyncio.create_task(self._resume_output(master))

    async def _resume_output(self, master: int) -> None:
        try:
            await self.process.stdout.drain()
        except (OSError, asyncssh.Error):
            return
        if not self.ended.is_set():
            asyncio.get_running_loop().add_reader(master, self._output, master)

    def _send(self, data: bytes) -> bool:
        try:
            self.process.stdout.write(data)
            return True
        except (OSError, asyncssh.Error):
            self._end("the person left")
            return False

    async def _drain_output(self, master: int) -> None:
        """What the child wrote last (restoring the person's terminal) still reaches them."""
        try:
            while (data := os.read(master, 65536)) and self._send(data):
                pass
        except OSError:
            pass

    async def _input(self, master: int) -> None:
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                with suppress(OSError):  # the child has closed its terminal: its end shows next
                    set_size(master, change.width, change.height, change.pixwidth, change.pixheight)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.DisconnectError, OSError):  # a client killed outright: a reset, not a failure
                data = b""
            if not data:
                self._end("the person left")
                return
            self.last_input = time.monotonic()
            await self._write(master, data)

    async def _write(self, master: int, data: bytes) -> None:
        while data:
            try:
                data = data[os.write(master, data) :]
            except BlockingIOError:  # the child is not reading yet
                await asyncio.sleep(0.01)
            except OSError:
                return

    async def _watch_child(self, child: Child) -> None:
        await child.wait()
        await asyncio.sleep(0.1)  # let its last output through the PTY
        self._end("the app ended")

    async def _hub(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The hub serves the session; once it closes it, the app is given time to read the
        hub's last word and end by itself (its output drained to the person), as a SIGHUP now
        would end it without the word."""
        self._said = NotingGoodbye(writer)
        await self.serve(reader, cast(asyncio.StreamWriter, self._said))
        self._hub_gone = True
        writer.close()  # (the app reads the end of its hub connection: it exits then, saying why)
        if self.child is not None:
            with suppress(TimeoutError):
                await asyncio.wait_for(self.child.wait(), SAYING_GOODBYE)
                await asyncio.sleep(0.1)  # its last output through the PTY (as ``_watch_child``)
        self._end("the hub closed the session")

    async def _idle(self) -> None:
        while True:
            left = self.last_input + self.idle_timeout - time.monotonic()
            if left <= 0:
                self._end("idle", "Idle for too long: the session is closed.")
                return
            await asyncio.sleep(min(left + 0.1, 30))

    async def _end_child(self) -> bool:
        """SIGHUP, then SIGKILL, to a child still running; whether it had ended by itself."""
        if self.child is None or self.child.returncode is not None:
            return True
        for sig in (signal.SIGHUP, signal.SIGKILL):
            try:
                os.killpg(self.child.pid, sig)  # the child leads its own process group
            except ProcessLookupError:  # (ended meanwhile: by itself, if before the SIGHUP)
                return sig is signal.SIGHUP
            try:
                await asyncio.wait_for(self.child.wait(), ENDING)
                return False
            except TimeoutError:
                continue
        return False
