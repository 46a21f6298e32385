"""The link between servers on one database: a person who reaches a server that does not host
the match they sit at is served by the server that does (docs/scaling.md argues why a link and
not LISTEN/NOTIFY).

Every server listens for links (on its SSH address, a port of its own) and says where in the
``servers`` table. When a person arrives with a seat in a match being played that another
server holds (its lock, seen in ``pg_locks``, on a connection whose ``application_name`` is
that server's), their session's hub connection is carried over a link to that server's hub,
byte for byte: the far hub serves them as it serves its own sessions, straight into their seat.

A link is authenticated with the secret the database keeps for its servers (``cluster``): the
listening server sends a random challenge, the other answers with an HMAC of it and the
identity it speaks for, which the listening server binds to the session as the SSH server binds
a key's fingerprint. Anyone who can reach the port without the secret gets nothing.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable
from contextlib import suppress

from caravan_tui.pgstore.db import Database
from caravan_tui.ssh.framing import MAX_REQUEST, encode, read_frame
from caravan_tui.ssh.records import IDENTITY

log = logging.getLogger(__name__)

#: seconds a link has to answer its challenge, and to be opened
HANDSHAKE = 10.0
#: bytes copied at once between a session and a link
CHUNK = 64 * 1024

Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter, str, bool], Awaitable[None]]

#: the server that holds the lock of the match ``identity`` plays in (being played, updated last)
_WHERE = """
SELECT s.link_host, s.link_port FROM matches m
JOIN pg_locks l ON l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = ((hashtextextended(m.id, 0) >> 32) & 4294967295)::oid
    AND l.objid = (hashtextextended(m.id, 0) & 4294967295)::oid
JOIN pg_stat_activity a ON a.pid = l.pid
JOIN servers s ON s.name = a.application_name
WHERE m.status = 'playing' AND m.owners ? %s AND s.name <> %s
ORDER BY m.updated DESC LIMIT 1
"""


def answer(secret: bytes, challenge: bytes, identity: str, guest: bool) -> bytes:
    return hmac.new(secret, challenge + identity.encode() + (b"\1" if guest else b"\0"), hashlib.sha256).digest()


class Links:
    """This server's end of the links: ``serve`` is what its sessions' hub connections are
    given to (the hub here, or a link to the server that hosts their match)."""

    def __init__(self, db: Database, hub_serve: Serve) -> None:
        self.db, self.hub_serve = db, hub_serve
        self.name = db.application
        self.secret = b""
        self._listener: asyncio.Server | None = None
        self._relays: set[asyncio.Task[None]] = set()

    async def start(self, host: str) -> None:
        """Listen for links on ``host`` (a free port) and say so in the database."""
        self._listener = await asyncio.start_server(self._accept, host, 0)
        port = self._listener.sockets[0].getsockname()[1]
        with self.db.transaction() as cur:
            cur.execute("INSERT INTO cluster (id, secret) VALUES (1, %s) ON CONFLICT (id) DO NOTHING",
                        (secrets.token_bytes(32),))
            cur.execute("SELECT secret FROM cluster WHERE id = 1")
            row = cur.fetchone()
            self.secret = bytes(row[0]) if row else b""
            cur.execute("INSERT INTO servers (name, link_host, link_port) VALUES (%s, %s, %s) ON CONFLICT (name) "
                        "DO UPDATE SET link_host = excluded.link_host, link_port = excluded.link_port",
                        (self.name, host, port))

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
            with suppress(OSError), self.db.transaction() as cur:
                cur.execute("DELETE FROM servers WHERE name = %s", (self.name,))

    # -- a session arriving here ------------------------------------------------------------

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, identity: str,
                    guest: bool) -> None:
        """Serve a session: over a link if another server hosts the match ``identity`` plays
        in, else here (also when that server cannot be reached)."""
        where = None
        if not guest:
            try:
                where = await asyncio.to_thread(self._where, identity)
            except OSError as exc:
                log.warning("cannot look up where %s plays: %s", identity, exc)
        if where is not None:
            try:
                far_reader, far_writer = await asyncio.wait_for(self._open(*where, identity, guest), HANDSHAKE)
            except (OSError, TimeoutError, EOFError, asyncio.IncompleteReadError) as exc:
                log.warning("cannot reach the server at %s:%s: %s", *where, exc)
            else:
                await self._relay(reader, writer, far_reader, far_writer)
                return
        await self.hub_serve(reader, writer, identity, guest)

    def _where(self, identity: str) -> tuple[str, int] | None:
        with self.db.transaction() as cur:
            cur.execute(_WHERE, (identity, self.name))
            row = cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    async def _open(self, host: str, port: int, identity: str,
                    guest: bool) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        far_reader, far_writer = await asyncio.open_connection(host, port)
        challenge = (await read_frame(far_reader, MAX_REQUEST)).get("challenge")
        if not isinstance(challenge, bytes):
            raise EOFError("the other server did not send a challenge")
        far_writer.write(encode({"identity": identity, "guest": guest,
                                 "answer": answer(self.secret, challenge, identity, guest)}))
        await far_writer.drain()
        return far_reader, far_writer

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     far_reader: asyncio.StreamReader, far_writer: asyncio.StreamWriter) -> None:
        """Copy both ways until either side ends; then end both."""

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with suppress(ConnectionError):
                while data := await source.read(CHUNK):
                    sink.write(data)
                    await sink.drain()

        pumps = [asyncio.create_task(pump(reader, far_writer)), asyncio.create_task(pump(far_reader, writer))]
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in pumps:
                task.cancel()
            for end in (far_writer, writer):
                end.close()

    # -- a link arriving here ---------------------------------------------------------------

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A link from another server: its answer to a challenge, then the hub serves the
        identity it speaks for. Anything else: closed without a word."""
        try:
            challenge = secrets.token_bytes(32)
            writer.write(encode({"challenge": challenge}))
            await writer.drain()
            hello = await asyncio.wait_for(read_frame(reader, MAX_REQUEST), HANDSHAKE)
            identity, guest, given = hello.get("identity"), hello.get("guest"), hello.get("answer")
            if not (isinstance(identity, str) and IDENTITY.fullmatch(identity) and type(guest) is bool
                    and isinstance(given, bytes) and self.secret
                    and hmac.compare_digest(given, answer(self.secret, challenge, identity, guest))):
                writer.close()
                return
        except (OSError, ValueError, TimeoutError, EOFError, asyncio.IncompleteReadError):
            writer.close()
            return
        await self.hub_serve(reader, writer, identity, guest)
