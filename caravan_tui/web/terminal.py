"""A browser tab's WebSocket in the shape of the SSH process a ``PtySession`` serves, so a web
seat runs the very session an SSH seat does (its process, PTY, idle clock and hub link).

What the page sends: binary frames are what the person typed (bytes for the PTY); a text frame
is a resize, ``{"cols": C, "rows": R}`` (held to the PTY's bounds by ``set_size``). Anything
else, or more than ``MAX_WAITING`` frames the session has not read yet, ends the session. What
it receives: the PTY's bytes, in binary frames.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import suppress

import asyncssh
from aiohttp import WSMsgType, web

MAX_CONTROL = 200  #: bytes of a text frame (a resize)
CHUNK = 64 * 1024  #: bytes of the PTY's output sent in one frame at most
MAX_WAITING = 256  #: frames from the page not yet passed to the session (more: the session ends)


def size_from(text: str) -> tuple[int, int] | None:
    """The (columns, rows) of a resize frame; None if it is not one."""
    if len(text) > MAX_CONTROL:
        return None
    try:
        said = json.loads(text)
    except ValueError:
        return None
    if not isinstance(said, dict) or set(said) != {"cols", "rows"}:
        return None
    cols, rows = said["cols"], said["rows"]
    if type(cols) is not int or type(rows) is not int or not (0 < cols < 10_000 and 0 < rows < 10_000):
        return None
    return cols, rows


class WebTerminal:
    """The process, stdin, stdout and channel ``PtySession`` uses, over one WebSocket.
    ``pump()`` reads the socket until it closes."""

    def __init__(self, socket: web.WebSocketResponse, cols: int, rows: int) -> None:
        self.socket = socket
        self.size = (cols, rows)
        self.env: dict[str, str] = {"COLORTERM": "truecolor"}  # xterm.js draws 24-bit colours
        self.stdin = self.stdout = self.channel = self
        self._typed: asyncio.Queue[bytes | tuple[int, int]] = asyncio.Queue()
        self._out = bytearray()
        self._sent = asyncio.Event()
        self._sent.set()
        self._sender: asyncio.Task[None] | None = None
        self._closed = False

    # -- what PtySession asks of the SSH process -------------------------------------------------

    def get_terminal_type(self) -> str:
        return "xterm-256color"

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return (*self.size, 0, 0)

    async def read(self, _most: int) -> bytes:
        """What the person typed next (b"": they left); a resize raises as asyncssh's does."""
        typed = await self._typed.get()
        if isinstance(typed, tuple):
            self.size = typed
            raise asyncssh.TerminalSizeChanged(*typed, 0, 0)
        return typed

    def write(self, data: bytes) -> None:
        if self._closed:
            raise BrokenPipeError("the page is closed")
        self._out += data
        self._sent.clear()
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send())

    async def drain(self) -> None:
        await self._sent.wait()

    def get_write_buffer_size(self) -> int:
        return len(self._out)

    async def wait_closed(self) -> None:
        await self._sent.wait()

    # -- the socket --------------------------------------------------------------------------

    async def _send(self) -> None:
        try:
            while self._out and not self._closed:
                chunk = bytes(self._out[:CHUNK])
                del self._out[:CHUNK]
                await self.socket.send_bytes(chunk)
        except (ConnectionError, RuntimeError):  # (aiohttp: the socket closed while it wrote)
            self._closed = True
            self._typed.put_nowait(b"")
        finally:
            if not self._out or self._closed:
                self._out.clear()
                self._sent.set()

    async def pump(self) -> None:
        """Pass what the page sends to the session until the socket closes or says something
        that is neither keys nor a resize."""
        try:
            async for message in self.socket:
                if self._typed.qsize() >= MAX_WAITING:
                    break
                if message.type is WSMsgType.BINARY and message.data:
                    self._typed.put_nowait(message.data)
                elif message.type is WSMsgType.TEXT and (size := size_from(message.data)) is not None:
                    self._typed.put_nowait(size)
                else:
                    break
        finally:
            self._typed.put_nowait(b"")

    async def close(self, code: int, reason: str) -> None:
        """Send what is left, then close with ``code`` and ``reason`` (one short line)."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._sent.wait(), 5)
        self._closed = True
        with suppress(ConnectionError, RuntimeError):
            await self.socket.close(code=code, message=reason.encode()[:120])
