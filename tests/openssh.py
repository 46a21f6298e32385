"""OpenSSH's own ``ssh`` client as a person runs it: ``ssh -tt`` on a pseudo-terminal with a
window size of its own, what it prints read through a terminal emulator (pyte) as the person
sees it. The same methods as test_ssh_server.py's asyncssh ``Terminal``, so a test can put
either in a seat."""

from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import signal
import struct
import termios
from pathlib import Path

import asyncssh
import pyte

WAIT = 30  # seconds; only guards against a hung test, never asserted
#: a key as the tests name it, as the terminal sends it
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
#: a client that takes only the key it is given, asks nothing and keeps nothing
OPTIONS = (
    "-o",
    "IdentitiesOnly=yes",
    "-o",
    "BatchMode=yes",
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
    "-F",
    "/dev/null",
)


def ssh_missing() -> str | None:
    """Why OpenSSH's client cannot be run here (None: it can)."""
    return None if shutil.which("ssh") else "OpenSSH's ssh client is not installed (apt-get install openssh-client)"


def ssh_command(port: int, private: Path) -> list[str]:
    """``ssh -tt`` to 127.0.0.1:``port`` as the holder of the key in the file ``private``."""
    return ["ssh", "-tt", "-i", str(private), "-p", str(port), *OPTIONS, "player@127.0.0.1"]


def key_file(key: asyncssh.SSHKey, folder: Path) -> Path:
    """``key`` written where ssh takes it (readable by its owner only, or ssh refuses it)."""
    folder.mkdir(parents=True, exist_ok=True)
    private = folder / f"id_{key.get_fingerprint('md5').replace(':', '')[3:]}"
    if not private.exists():
        private.write_bytes(key.export_private_key())
        os.chmod(private, 0o600)
    return private


class OpenSSHTerminal:
    """One person's ``ssh -tt`` on a terminal ``size`` (columns, rows): ``raw`` holds every byte
    ssh printed, ``text`` the screen."""

    def __init__(self, proc: asyncio.subprocess.Process, pty: int, size: tuple[int, int]) -> None:
        self.proc, self.pty = proc, pty
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self._text: str | None = None  # the screen's text, made when asked after it changed
        self.changed = asyncio.Event()  # set by every chunk of output (and at the end)
        self.closed = asyncio.Event()
        asyncio.get_running_loop().add_reader(pty, self._readable)

    @classmethod
    async def open(
        cls, server, key: asyncssh.SSHKey, folder: Path, size: tuple[int, int] = (80, 24)
    ) -> OpenSSHTerminal:
        """To ``server`` (anything with a ``port``) with ``key``, written to a file in ``folder``."""
        return await cls.start(
            ssh_command(server.port, key_file(key, folder)), {**os.environ, "TERM": "xterm-256color"}, size=size
        )

    @classmethod
    async def start(
        cls, command: list[str], env: dict[str, str], cwd: Path | None = None, size: tuple[int, int] = (80, 24)
    ) -> OpenSSHTerminal:
        """``command`` (ssh, or a program run on the terminal itself) on a terminal of ``size``."""
        pty, tty = os.openpty()
        try:
            fcntl.ioctl(tty, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
            proc = await asyncio.create_subprocess_exec(
                *command, stdin=tty, stdout=tty, stderr=tty, env=env, cwd=cwd, start_new_session=True
            )
        except BaseException:
            os.close(pty)
            raise
        finally:
            os.close(tty)  # ssh holds it now: its end closes the terminal, and reading it says so
        return cls(proc, pty, size)

    def _readable(self) -> None:
        try:
            data = os.read(self.pty, 65536)
        except OSError:  # EIO: ssh and all it started have let go of the terminal
            data = b""
        if data:
            self.raw += data
            self.stream.feed(data)
            self._text = None
        else:
            asyncio.get_running_loop().remove_reader(self.pty)
            self.closed.set()
        self.changed.set()

    @property
    def text(self) -> str:
        """What the screen shows (the tests ask it many times a second, the screen changes less)."""
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    def line(self, row: int) -> str:
        return self.text.split("\n")[row]

    async def wait_for(self, what, timeout: float = WAIT) -> None:
        """Until the screen shows ``what`` (a string, or a test of the screen's text), checked
        each time ssh prints something."""
        test = what if callable(what) else (lambda text: what in text)
        try:
            async with asyncio.timeout(timeout):
                while not test(self.text):
                    if self.closed.is_set():
                        break
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            pass
        if not test(self.text):
            raise AssertionError(f"timed out waiting for {what!r} on screen; it shows:\n{self.text}")

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.pty, KEYS.get(key, key).encode())

    async def close(self) -> None:
        """As a person closes the terminal: ssh is hung up on, and the connection ends."""
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGHUP)
        await asyncio.wait_for(self.proc.wait(), WAIT)
        await asyncio.wait_for(self.closed.wait(), WAIT)
        os.close(self.pty)
