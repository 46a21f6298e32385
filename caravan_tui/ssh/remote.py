"""A session's end of the hub socket (the app in client mode, DESIGN §7).

``HubLink`` reads the hub's frames: the messages of the match on screen go to its
``RemoteSeatClient`` (which stands where a ``SeatClient`` stands, so every game screen works
unchanged); everything else (who you are, the lobby, refusals) goes to ``HubLink.get``. When the
hub goes away both get None.
"""

from __future__ import annotations

import asyncio
import socket
from contextlib import suppress

from caravan_tui.bus import CHAT_MESSAGES, MESSAGES, Message
from caravan_tui.hub_protocol import Joined, LeaveMatch, message_from_map
from caravan_tui.ssh.framing import MAX_UPDATE, BadFrame, encode, read_frame

#: what belongs to the match on screen (the rest is the lobby's)
MATCH_MESSAGES = tuple({**MESSAGES, **CHAT_MESSAGES}.values())


class RemoteSeatClient:
    """The match a session is in, seen from its seat (None: watching)."""

    shared = True

    def __init__(self, link: HubLink, joined: Joined) -> None:
        self.link = link
        self.match_id, self.game_id, self.players, self.seat = joined.match, joined.game, joined.players, joined.seat
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()

    async def get(self) -> Message | None:
        return await self.queue.get()

    def waiting(self) -> bool:
        return not self.queue.empty()

    async def send(self, message: Message) -> None:
        await self.link.send(message)

    def close(self) -> None:
        """Leave the match (a person keeps their seat for the grace)."""
        if self.link.match is self:
            self.link.match = None
            self.link.send_soon(LeaveMatch(self.match_id))


class HubLink:
    """Frames to and from the hub over ``sock`` (a connected Unix socket)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.inbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self.match: RemoteSeatClient | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        """Read until the hub closes the connection."""
        reader, self._writer = await asyncio.open_unix_connection(sock=self.sock)
        try:
            while True:
                try:
                    msg = message_from_map(await read_frame(reader, MAX_UPDATE, strict_keys=False))
                except (BadFrame, ValueError):
                    continue  # not ours to act on; the hub sends none of these
                if isinstance(msg, Joined):
                    self.match = RemoteSeatClient(self, msg)
                    self.inbox.put_nowait(msg)
                elif (
                    isinstance(msg, MATCH_MESSAGES)
                    and self.match is not None
                    and getattr(msg, "match", None) == self.match.match_id
                ):
                    self.match.queue.put_nowait(msg)
                else:
                    self.inbox.put_nowait(msg)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.inbox.put_nowait(None)
            if self.match is not None:
                self.match.queue.put_nowait(None)

    async def get(self) -> Message | None:
        return await self.inbox.get()

    async def send(self, message: Message) -> None:
        if self._writer is None or self._writer.is_closing():
            return
        self._writer.write(encode(message.to_map()))
        with suppress(ConnectionError):
            await self._writer.drain()

    def send_now(self, message: Message) -> None:
        """Write ``message`` at once, without waiting (a session about to end says why)."""
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message.to_map()))

    def send_soon(self, message: Message) -> None:
        asyncio.get_running_loop().create_task(self.send(message))
