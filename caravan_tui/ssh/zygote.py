"""The server's side of the session fork server (DESIGN §7; the zygote's side is ``forking.py``).

Starting a session's process from scratch means importing Textual, the app and the games: most
of a second, and tens of MB no two sessions share. The server therefore starts one zygote that
has imported them, and asks it to fork each session (gunicorn's preload, Android's zygote): a
session starts in the time a fork and the app's first screen take, and shares the imported
modules' pages copy-on-write.

The server becomes a child subreaper, so each session the zygote forks (twice, see
``forking``) is the server's own child: it waits for it, ends it, and outlives the zygote's
death without losing a session. A zygote that dies is started again (the log says so); a session
asked of a zygote that is gone or does not answer in ``ANSWER`` seconds is started the old way
(``spawn`` raises ``ZygoteUnavailable``), so no session waits on a dead zygote. A session asked
of a zygote still warming up waits for it, for as long as its warm-up may take (``WARM_UP``,
then it is ended and started again): one started from scratch beside it imports the same modules
on the same cores, and comes no sooner (on a busy server, as it starts, both took tens of seconds,
the person's terminal empty meanwhile).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import socket
import sys
from contextlib import suppress

import msgpack

log = logging.getLogger(__name__)

PR_SET_CHILD_SUBREAPER = 36
ANSWER = 5.0  # seconds the zygote has to answer a request
WARM_UP = 60.0  # seconds a zygote has to import everything before it is given up on
RESTART_PAUSE = 1.0  # seconds between a zygote's death and the next one (if it dies young, the next waits longer)
COMMAND = ("-I", "-m", "caravan_tui.session_main", "--zygote")
#: milliseconds Textual waits after an escape for the rest of a key's sequence (its default, 100, is
#: felt on every escape; a key's sequence reaches the session in one write from its terminal)
ESCDELAY = "25"
#: the zygote's whole environment (it holds nothing of the server's; each session gets its own).
#: Textual reads ESCDELAY as it is imported: here, in the zygote.
ENVIRONMENT = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": os.defpath, "ESCDELAY": ESCDELAY}


def subreaper(on: bool) -> bool:
    """Whether this process now adopts its descendants' orphans (as it asked)."""
    return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, int(on)) == 0


class ZygoteUnavailable(OSError):
    """The zygote could not fork this session: start it another way."""


class ForkedChild:
    """A session the zygote forked, adopted by this process: ``pid``, ``returncode`` (None
    while it runs) and ``wait()``, as an ``asyncio.subprocess.Process`` has them."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = os.pidfd_open(pid)  # ours to reap, so the pid is not reused before we have
        self._exited = asyncio.Event()
        asyncio.get_running_loop().add_reader(self._pidfd, self._on_exit)

    def _on_exit(self) -> None:
        asyncio.get_running_loop().remove_reader(self._pidfd)
        os.close(self._pidfd)
        try:
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
        except ChildProcessError:  # not adopted (the server is no subreaper): its exit is all we know
            self.returncode = -1
        self._exited.set()

    async def wait(self) -> int:
        await self._exited.wait()
        assert self.returncode is not None
        return self.returncode


class Zygote:
    """``await start()`` once; ``await spawn(terminal, hub, env, pause)`` per session;
    ``await close()`` at the end. ``command``: the zygote's program after the interpreter."""

    def __init__(self, command: tuple[str, ...] = COMMAND) -> None:
        self.command = command
        self.process: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.restarts = 0
        self._sock: socket.socket | None = None
        self._lock = asyncio.Lock()
        self._keeper: asyncio.Task[None] | None = None
        self._readying: asyncio.Task[None] | None = None  # reading the zygote's "ready"
        self._launched = 0.0  # when the zygote was started (the loop's time)
        self._closing = False

    async def start(self) -> None:
        """Become a subreaper (until ``close``) and start the zygote; it gets ready in the background."""
        if not subreaper(True):
            log.warning("not a child subreaper: sessions forked by the zygote will not be this process's children")
        await self._launch()
        self._keeper = asyncio.create_task(self._keep())

    async def _launch(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                *self.command,
                str(theirs.fileno()),
                str(os.getpid()),
                pass_fds=(theirs.fileno(),),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                start_new_session=True,
                cwd="/",
                env=ENVIRONMENT,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._launched = asyncio.get_running_loop().time()
        self.ready.clear()
        self._readying = asyncio.create_task(self._await_ready(ours))

    async def _await_ready(self, sock: socket.socket) -> None:
        try:
            said = await asyncio.wait_for(self._receive(sock), WARM_UP)
        except TimeoutError:
            if sock is self._sock:
                self._give_up(f"it did not warm up in {WARM_UP:.0f} s")
            return
        except (OSError, ValueError):
            return
        if said.get("ready") and sock is self._sock:
            self.ready.set()

    async def _keep(self) -> None:
        """Start the zygote again each time it ends (unless we are closing)."""
        pause = RESTART_PAUSE
        while True:
            process = self.process
            assert process is not None
            began = asyncio.get_running_loop().time()
            code = await process.wait()
            self.ready.clear()
            if self._closing:
                return
            lived = asyncio.get_running_loop().time() - began
            pause = RESTART_PAUSE if lived > 60 else min(pause * 2, 60)
            log.warning(
                "the session zygote (pid %d) ended (exit code %s): starting another in %.0f s", process.pid, code, pause
            )
            await asyncio.sleep(pause)
            if self._closing:
                return
            with suppress(OSError):
                self._drop_socket()
            await self._launch()
            self.restarts += 1
            assert self.process is not None
            log.warning("the session zygote started again (pid %d)", self.process.pid)

    def _drop_socket(self) -> None:
        """Close our end: the zygote reads its end and exits."""
        if self._readying is not None:
            self._readying.cancel()  # (its read leaves the loop before the socket closes)
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    async def spawn(self, terminal: int, hub: int, env: dict[str, str], pause: float) -> ForkedChild:
        """A session forked by the zygote on ``terminal`` with ``hub`` (both still ours to close).
        A zygote still warming up is waited for (a session from scratch would come no sooner)."""
        if not self.ready.is_set() and self.process is not None and self.process.returncode is None:
            await self._warmed(self.process)
        if not self.ready.is_set() or self._sock is None:
            raise ZygoteUnavailable("the zygote is not ready")
        request = msgpack.packb({"env": env, "pause": pause})
        async with self._lock:
            sock = self._sock
            if sock is None:
                raise ZygoteUnavailable("the zygote is gone")
            try:
                socket.send_fds(sock, [request], [terminal, hub])  # a few hundred bytes: room, or the zygote is stuck
                said = await asyncio.wait_for(self._receive(sock), ANSWER)
            except (OSError, TimeoutError, ValueError) as exc:
                self._give_up(f"it did not answer ({exc or type(exc).__name__})")
                raise ZygoteUnavailable("the zygote did not answer") from exc
        pid = said.get("pid")
        if not isinstance(pid, int):
            raise ZygoteUnavailable(f"the zygote could not fork: {said.get('error', '?')}")
        try:
            return ForkedChild(pid)
        except OSError as exc:  # ended already, and not ours to wait for
            raise ZygoteUnavailable(f"the forked session is gone: {exc}") from exc

    async def _warmed(self, process: asyncio.subprocess.Process) -> None:
        """Until ``process`` is ready, or ends, or has had its ``WARM_UP``."""
        left = self._launched + WARM_UP - asyncio.get_running_loop().time()
        waits = [asyncio.ensure_future(self.ready.wait()), asyncio.ensure_future(process.wait())]
        try:
            await asyncio.wait(waits, timeout=max(0.0, left), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    @staticmethod
    async def _receive(sock: socket.socket) -> dict:
        """The zygote's next message; ConnectionResetError once it has closed its end."""
        data = await asyncio.get_running_loop().sock_recv(sock, 4096)
        if not data:
            raise ConnectionResetError("the zygote closed its socket")
        said = msgpack.unpackb(data, raw=False)
        if not isinstance(said, dict):
            raise ValueError("the zygote's answer is not a map")
        return said

    def _give_up(self, why: str) -> None:
        """A zygote that failed a request is ended (``_keep`` starts another)."""
        self.ready.clear()
        self._drop_socket()
        if self.process is not None and self.process.returncode is None:
            log.warning("the session zygote (pid %d) is ended: %s", self.process.pid, why)
            with suppress(ProcessLookupError):
                self.process.kill()

    async def close(self) -> None:
        self._closing = True
        self.ready.clear()
        self._drop_socket()
        if self.process is not None and self.process.returncode is None:
            try:
                await asyncio.wait_for(self.process.wait(), 2)
            except TimeoutError:
                with suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
        subreaper(False)  # (a process that goes on, a test's, does not adopt others' orphans it never reaps)
