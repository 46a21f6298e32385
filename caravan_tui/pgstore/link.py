"""The link between servers on one database: a person who reaches a server that does not host
the match they sit at is served by the server that does (docs/scaling.md argues why a link and
not LISTEN/NOTIFY).

Every server listens for links (on its SSH address, a port of its own) and says where in the
``servers`` table. Each session's hub connection goes through a ``Route`` on the server that
holds its SSH connection: to the hub here, or over a link to the hub of another server, which
serves it as it serves its own sessions. A person who arrives with a seat in a match that
another server holds (its lock, seen in ``pg_locks``, on a connection whose
``application_name`` is that server's) is routed there at once, straight into their seat; one
who joins or watches, from the lobby, a match another server hosts is routed there as they do.
The lobby each session is shown holds the other servers' open matches too (``lobby.py``).

A link is TLS 1.3 with the certificate the database keeps for its servers (``link_tls.py``),
and authenticated with the secret it keeps beside it (``cluster``): the listening server sends a
random challenge, the other answers with an HMAC of it and the identity it speaks for, which the
listening server binds to the session as the SSH server binds a key's fingerprint. Anyone who
can reach the port without the certificate and the secret gets nothing, and sees nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import socket
import ssl
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, Protocol

import msgpack

from caravan_tui.bus import MAX_NAME
from caravan_tui.hub_protocol import Left
from caravan_tui.pgstore import lobby
from caravan_tui.pgstore.db import Database, DatabaseError
from caravan_tui.pgstore.link_tls import LINK_NAME, client_context, make_certificate, server_context
from caravan_tui.ssh.framing import HEADER, MAX_REQUEST, MAX_UPDATE, FrameTooLong, encode, read_frame
from caravan_tui.ssh.records import IDENTITY

log = logging.getLogger(__name__)

#: seconds a link has to be opened, TLS and its answer to the challenge together
HANDSHAKE = 10.0
#: links at once that have not answered their challenge yet (one more is closed at once), from
#: addresses no server on the database links from; as many again are kept for those that do
MAX_UNANSWERED = 32
#: links at once from one address that have not answered yet (one more from it is closed at once)
MAX_UNANSWERED_EACH = 4
#: what a person at a match another server hosted reads when that server goes
GONE = (
    "the server hosting this match stopped: another server takes it over in a moment, and enter "
    "in the lobby takes you back to it"
)
#: what a person at a match over a link reads when its server stops answering (frozen, say)
NOT_ANSWERING = (
    "the server hosting this match is not answering: another server takes it over if it stays "
    "silent, and enter in the lobby takes you back to it"
)
#: seconds between two pings a route sends over its link, and without a frame from the far
#: server (a pong at least) after which the route gives up on it
PING = 2.0
QUIET = 8.0
#: a link's own frames, never passed to a hub or a session
PING_FRAME, PONG_FRAME = {"ping": True}, {"pong": True}
#: bytes copied at once between a session and a link
CHUNK = 64 * 1024

Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter, str, bool], Awaitable[None]]


class Hub(Protocol):
    matches: dict[str, Any]
    sessions: Any  # (each with the ``name`` its lobby shows)

    def serve(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        identity: str,
        guest: bool = False,
        name: str = "",
        seated: bool = True,
    ) -> Awaitable[None]: ...


_HOLDER = """
JOIN pg_locks l ON l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = ((hashtextextended(m.id, 0) >> 32) & 4294967295)::oid
    AND l.objid = (hashtextextended(m.id, 0) & 4294967295)::oid
JOIN pg_stat_activity a ON a.pid = l.pid
JOIN servers s ON s.name = a.application_name
"""
#: the server that holds the lock of the match ``identity`` plays in (being played, updated last)
_WHERE_PLAYS = f"""SELECT s.link_host, s.link_port FROM matches m {_HOLDER}
WHERE m.status = 'playing' AND m.owners ? %s AND s.name <> %s ORDER BY m.updated DESC LIMIT 1"""
#: the server that holds the lock of the match
_WHERE_HOSTED = f"""SELECT s.link_host, s.link_port FROM matches m {_HOLDER} WHERE m.id = %s AND s.name <> %s"""

Where = tuple[str, int] | None  # a server's link address; None: here


def answer(secret: bytes, challenge: bytes, identity: str, guest: bool, name: str) -> bytes:
    """The link's proof that it speaks for ``identity`` (a guest's ``name`` with it: a guest's
    name is kept nowhere, so the far server learns it from here)."""
    said = challenge + identity.encode() + (b"\1" if guest else b"\0") + name.encode()
    return hmac.new(secret, said, hashlib.sha256).digest()


class Links:
    """This server's end of the links: ``serve`` is what its sessions' hub connections are
    given to (the hub here, or a link to the server that hosts their match)."""

    def __init__(self, db: Database, hub: Hub) -> None:
        self.db, self.hub = db, hub
        self.name = db.application
        self.secret = b""
        self._client_tls: ssl.SSLContext | None = None  # (made by ``start``)
        self._listener: asyncio.Server | None = None
        self._server_tls: ssl.SSLContext | None = None  # (made by ``start``)
        self.unanswered = 0  # links arrived here that have not answered their challenge yet
        self.unanswered_known = 0  # of those, from the addresses of the servers on the database
        self.unanswered_from: Counter[str] = Counter()  # of those, from each address
        #: the addresses the servers on the database link from (their ``--host``, looked up)
        self.known: frozenset[str] = frozenset()
        self._hosts: frozenset[str] | None = None  # (the servers' ``--host`` that ``known`` was made from)
        self._host: str | None = None  # this server's (its links to others leave from it)
        self.ping, self.quiet = PING, QUIET  # (a test shortens them)
        self._published: dict[str, Any] | None = None
        self._published_online: list[str] | None = None
        #: every server's open matches (a session's lobby adds those its own hub does not list)
        self.remote_rows: list[lobby.Shared] = []
        #: everyone online on every server (a session's lobby adds them to its own hub's)
        self.online: list[str] = []
        #: set (and cleared) when ``remote_rows`` or ``online`` change
        self.lobby_changed = asyncio.Event()
        self._looking: asyncio.Task[None] | None = None

    async def start(self, host: str) -> None:
        """Listen for links on ``host`` (a free port) and say so in the database."""
        cert, key = make_certificate()  # (kept only by the first server, or the first since TLS)
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO cluster (id, secret, tls_cert, tls_key) VALUES (1, %s, %s, %s) "
                "ON CONFLICT (id) DO NOTHING",
                (secrets.token_bytes(32), cert, key),
            )
            cur.execute("UPDATE cluster SET tls_cert = %s, tls_key = %s WHERE id = 1 AND tls_cert IS NULL", (cert, key))
            cur.execute("SELECT secret, tls_cert, tls_key FROM cluster WHERE id = 1")
            row = cur.fetchone()
        if row is None:
            raise DatabaseError("the database keeps no secret for its servers")
        self.secret, cert, key = bytes(row[0]), bytes(row[1]), bytes(row[2])
        self._client_tls, self._server_tls = client_context(cert), server_context(cert, key)
        self._listener = await asyncio.start_server(self._accept, host, 0)  # (TLS inside the handshake's time)
        self._host = host if host not in ("", "0.0.0.0", "::") else None
        port = self._listener.sockets[0].getsockname()[1]
        lobby.forget_the_gone(self.db)
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO servers (name, link_host, link_port) VALUES (%s, %s, %s) ON CONFLICT (name) "
                "DO UPDATE SET link_host = excluded.link_host, link_port = excluded.link_port",
                (self.name, host, port),
            )
        await self._know_the_servers()
        self._looking = asyncio.create_task(self._look_at_lobbies())

    async def _look_at_lobbies(self) -> None:
        """Every ``lobby.EVERY`` seconds: write this server's open matches and who is online here
        where they changed (or where the table lost one of ours), and read every server's."""
        failing = False
        while True:
            await asyncio.sleep(lobby.EVERY)
            mine, here = lobby.own_rows(self.hub), lobby.online_here(self.hub.sessions)
            try:
                if mine != self._published or set(mine) != await asyncio.to_thread(lobby.listed, self.db, self.name):
                    await asyncio.to_thread(lobby.publish, self.db, self.name, mine)
                    self._published = mine
                if here != self._published_online:
                    await asyncio.to_thread(lobby.publish_online, self.db, self.name, here)
                    self._published_online = here
                found = await asyncio.to_thread(lobby.every_row, self.db)
                online = await asyncio.to_thread(lobby.everyone_online, self.db)
                await self._know_the_servers()
            except OSError as exc:
                if not failing:  # once per outage, not twice a second (the log would fill)
                    log.warning("cannot share the lobby: %s", exc)
                failing = True
                continue
            except Exception:  # of any kind: the lobby is shared again at the next look
                log.exception("cannot share the lobby")
                continue
            if failing:
                log.warning("the lobby is shared again")
                failing = False
            if found != self.remote_rows or online != self.online:
                self.remote_rows, self.online = found, online
                self.lobby_changed.set()
                self.lobby_changed.clear()

    async def _know_the_servers(self) -> None:
        """The addresses the servers on the database link from (their names looked up again
        only when the servers change)."""
        hosts = await asyncio.to_thread(lobby.servers_hosts, self.db)
        if hosts != self._hosts:
            self.known = await asyncio.to_thread(lobby.addresses_of, hosts)
            self._hosts = hosts

    async def close(self) -> None:
        if self._looking is not None:
            self._looking.cancel()
        if self._listener is not None:
            self._listener.close()
            with suppress(OSError), self.db.transaction() as cur:
                cur.execute("DELETE FROM servers WHERE name = %s", (self.name,))

    # -- a session arriving here ------------------------------------------------------------

    async def serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, identity: str, guest: bool
    ) -> None:
        """Serve a session through its ``Route``: first to the server that hosts the match
        ``identity`` plays in, else here."""
        where = None
        if not guest:
            try:
                where = await asyncio.to_thread(self.where, _WHERE_PLAYS, identity)
            except OSError as exc:
                log.warning("cannot look up where %s plays: %s", identity, exc)
        await Route(self, reader, writer, identity, guest).run(where)

    def where(self, query: str, key: str) -> Where:
        with self.db.transaction() as cur:
            cur.execute(query, (key, self.name))
            row = cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    async def host_of(self, match_id: str) -> Where:
        """Where ``match_id`` is hosted: here (None) if here or nowhere."""
        if match_id in self.hub.matches or not isinstance(match_id, str):
            return None
        try:
            return await asyncio.to_thread(self.where, _WHERE_HOSTED, match_id)
        except OSError as exc:
            log.warning("cannot look up where match %s is hosted: %s", match_id, exc)
            return None

    async def _open(
        self, host: str, port: int, identity: str, guest: bool, name: str
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        far_reader, far_writer = await asyncio.open_connection(
            host,
            port,
            ssl=self._client_tls,
            server_hostname=LINK_NAME,
            local_addr=(self._host, 0) if self._host is not None else None,
        )  # (from an address the far server knows)
        challenge = (await read_frame(far_reader, MAX_REQUEST)).get("challenge")
        if not isinstance(challenge, bytes):
            raise EOFError("the other server did not send a challenge")
        far_writer.write(
            encode(
                {
                    "identity": identity,
                    "guest": guest,
                    "name": name,
                    "answer": answer(self.secret, challenge, identity, guest, name),
                }
            )
        )
        await far_writer.drain()
        return far_reader, far_writer

    # -- a link arriving here ---------------------------------------------------------------

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A link from another server: TLS, its answer to a challenge, then the hub serves the
        identity it speaks for. Anything else, or anything slower than ``HANDSHAKE`` seconds, or
        past ``MAX_UNANSWERED_EACH`` links from its address not answered yet (a server's own
        address excepted: many of its people may arrive at once), or past
        ``MAX_UNANSWERED`` in all (the servers on the database have as many again of their own,
        so a flood of the port keeps no server out): closed without a word, before any TLS."""
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        known = address in self.known
        if (
            self._server_tls is None
            or (not known and self.unanswered_from[address] >= MAX_UNANSWERED_EACH)
            or (self.unanswered_known if known else self.unanswered - self.unanswered_known) >= MAX_UNANSWERED
        ):
            writer.close()
            return
        self.unanswered += 1
        self.unanswered_known += known
        self.unanswered_from[address] += 1
        try:
            async with asyncio.timeout(HANDSHAKE):
                await writer.start_tls(self._server_tls)
                challenge = secrets.token_bytes(32)
                writer.write(encode({"challenge": challenge}))
                await writer.drain()
                hello = await read_frame(reader, MAX_REQUEST)
            identity, guest, given = hello.get("identity"), hello.get("guest"), hello.get("answer")
            name = hello.get("name")
            if not (
                isinstance(identity, str)
                and IDENTITY.fullmatch(identity)
                and type(guest) is bool
                and isinstance(name, str)
                and len(name) <= MAX_NAME
                and isinstance(given, bytes)
                and self.secret
                and hmac.compare_digest(given, answer(self.secret, challenge, identity, guest, name))
            ):
                writer.close()
                return
        except (OSError, ValueError, TimeoutError, EOFError, asyncio.IncompleteReadError):
            writer.close()
            return
        finally:
            self.unanswered -= 1
            self.unanswered_known -= known
            self.unanswered_from[address] -= 1
            if not self.unanswered_from[address]:
                del self.unanswered_from[address]
        to_hub = asyncio.StreamReader()
        answering = asyncio.create_task(answer_pings(reader, writer, to_hub))
        try:
            await self.hub.serve(to_hub, writer, identity, guest, name if guest else "")
        finally:
            answering.cancel()


async def read_raw(reader: asyncio.StreamReader, most: int) -> tuple[bytes, dict[str, Any] | None]:
    """The next frame's bytes as they came, and its map if it is one (None otherwise); EOF
    (``IncompleteReadError``) at the end, ``FrameTooLong`` past ``most`` bytes."""
    header = await reader.readexactly(HEADER.size)
    (length,) = HEADER.unpack(header)
    if length > most:
        raise FrameTooLong(f"a frame of {length} bytes is over the {most}-byte limit")
    payload = await reader.readexactly(length)
    try:
        value = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    except Exception:  # msgpack raises several kinds for malformed data: the hub refuses it
        value = None
    return header + payload, value if isinstance(value, dict) else None


async def answer_pings(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, to_hub: asyncio.StreamReader
) -> None:
    """Pass a link's frames on to the hub (``to_hub``), answering its pings here: a route
    hears this server is alive while its hub has nothing to say."""
    try:
        while True:
            data, frame = await read_raw(reader, MAX_REQUEST)
            if frame == PING_FRAME:
                writer.write(encode(PONG_FRAME))
            else:
                to_hub.feed_data(data)
    except (ConnectionError, asyncio.IncompleteReadError, FrameTooLong):
        pass
    finally:
        to_hub.feed_eof()


class Route:
    """One session's way to a hub: here, or over a link to another server. The session's frames
    are passed on as they came; a join or a watch of a match another server hosts first moves
    the route there (the hub left behind sees the session end, as if it had gone to the lobby).
    The hub's frames are passed on too, but the new hub's greeting after a move (the session
    has had its own) and each lobby gets the other servers' open matches."""

    def __init__(
        self, links: Links, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, identity: str, guest: bool
    ) -> None:
        self.links, self.reader, self.writer, self.identity, self.guest = links, reader, writer, identity, guest
        self.where: Where = None
        self.leg: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.down: asyncio.Task[None] | None = None
        self.pinging: asyncio.Task[None] | None = None
        self.lobby: dict[str, Any] | None = None  # the last lobby its hub sent, while the session is in it
        self.match: str | None = None  # the match its hub last seated it at (or let it watch)
        self.name = ""  # the name its hub greeted it by (a guest's goes with it to another server)
        self.ended = asyncio.Event()
        self.served: set[asyncio.Future[None]] = set()  # the hub here serving it (kept: a task is weakly held)

    async def run(self, where: Where) -> None:
        refresh = asyncio.create_task(self._refresh_lobby())
        try:
            if not await self._move(where, greeted=False) and where is not None:
                await self._move(None, greeted=False)
            up = asyncio.create_task(self._up())
            ended = asyncio.create_task(self.ended.wait())
            await asyncio.wait([up, ended], return_when=asyncio.FIRST_COMPLETED)
            up.cancel()
            ended.cancel()
        finally:
            refresh.cancel()
            self._close_leg()
            self.writer.close()

    async def _move(self, where: Where, greeted: bool = True) -> bool:
        """Route to the hub at ``where`` (None: here); False if it cannot be reached. A session
        already greeted is not seated by the hub here as it arrives: it comes for the match it
        asked for, or back from a server that went, to the lobby it was told of (were it seated
        when this server had already taken the match over, and in the lobby when not, what the
        person saw would depend on which came first)."""
        if self.leg is not None and where == self.where:
            return True
        if where is None:
            ours, theirs = socket.socketpair()
            far = await asyncio.open_unix_connection(sock=theirs)
            self.served.add(
                asyncio.ensure_future(
                    self.links.hub.serve(
                        *far, self.identity, self.guest, self.name if self.guest else "", seated=not greeted
                    )
                )
            )
            leg = await asyncio.open_unix_connection(sock=ours)
        else:
            try:
                leg = await asyncio.wait_for(
                    self.links._open(*where, self.identity, self.guest, self.name if self.guest else ""), HANDSHAKE
                )
            except (OSError, TimeoutError, EOFError, ValueError, asyncio.IncompleteReadError) as exc:
                log.warning("cannot reach the server at %s:%s: %s", *where, exc)
                return False
        self._close_leg()
        self.where, self.leg = where, leg
        self.down = asyncio.create_task(self._down(leg[0], swallow_welcome=greeted, far=where is not None))
        if where is not None:
            self.pinging = asyncio.create_task(self._ping(leg[1]))
        return True

    def _close_leg(self) -> None:
        for task in (self.down, self.pinging):
            if task is not None:
                task.cancel()
        if self.leg is not None:
            self.leg[1].close()
        self.leg = self.down = self.pinging = None

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        """Ping the far server every ``ping`` seconds (``_down`` hears its pongs)."""
        with suppress(ConnectionError):
            while True:
                await asyncio.sleep(self.links.ping)
                writer.write(encode(PING_FRAME))
                await writer.drain()

    async def _up(self) -> None:
        """The session's frames to its hub, moving the route first for a join or a watch of a
        match another server hosts. A frame for a far hub that has just gone is dropped: the
        route falls back here (``_down``)."""
        with suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                data, frame = await read_raw(self.reader, MAX_REQUEST)
                if frame is not None and frame.get("type") in ("JoinSeat", "Watch"):
                    match_id = frame.get("match")
                    if isinstance(match_id, str):
                        await self._move(await self.links.host_of(match_id))
                if self.leg is None:
                    return
                try:
                    self.leg[1].write(data)
                    await self.leg[1].drain()
                except ConnectionError:
                    if self.where is None:
                        return  # the hub here is gone: the session ends

    async def _down(self, reader: asyncio.StreamReader, swallow_welcome: bool, far: bool) -> None:
        """The hub's frames to the session. The end of this server's hub's stream ends the
        session; the end of another server's (it stopped or died), or its silence for
        ``quiet`` seconds (frozen), brings the session back to this server's lobby, told why,
        and the session goes on."""
        try:
            while True:
                if far:
                    data, frame = await asyncio.wait_for(read_raw(reader, MAX_UPDATE), self.links.quiet)
                else:
                    data, frame = await read_raw(reader, MAX_UPDATE)
                if frame == PONG_FRAME:
                    continue
                kind = frame.get("type") if frame is not None else None
                if kind == "Welcome" and frame is not None and isinstance(frame.get("name"), str) and frame["name"]:
                    self.name = frame["name"]
                if swallow_welcome and kind == "Welcome":
                    swallow_welcome = False
                    continue
                if kind == "Lobby" and frame is not None:
                    self.lobby = frame
                    data = self._with_others(frame)
                elif kind == "Joined" and frame is not None:
                    self.lobby = None
                    self.match = frame.get("match") if isinstance(frame.get("match"), str) else None
                elif kind == "Left":
                    self.match = None
                self.writer.write(data)
                await self.writer.drain()
        except TimeoutError:
            log.warning("the server at %s:%s has not answered for %.0f s", *(self.where or ("?", 0)), self.links.quiet)
            self.served.add(asyncio.ensure_future(self._fall_back(NOT_ANSWERING)))
        except (ConnectionError, asyncio.IncompleteReadError, FrameTooLong):
            if self.where is None:
                self.ended.set()
            else:
                self.served.add(asyncio.ensure_future(self._fall_back(GONE)))

    async def _fall_back(self, reason: str) -> None:
        """The far hub is gone or silent: to this server's hub, and out of the match with
        ``reason``."""
        try:
            if self.match is not None:
                self.writer.write(encode(Left(self.match, reason).to_map()))
                await self.writer.drain()
                self.match = None
            if not await self._move(None):
                self.ended.set()
        except ConnectionError:
            self.ended.set()

    def _with_others(self, frame: dict[str, Any]) -> bytes:
        """The lobby ``frame`` with the other servers' open matches after its own, and everyone
        online on any server."""
        rows = list(frame.get("matches") or [])
        mine = {row.get("match") for row in rows if isinstance(row, dict)}
        rows += [row for row in lobby.for_person(self.links.remote_rows, self.identity) if row["match"] not in mine]
        here = [name for name in frame.get("online") or [] if isinstance(name, str)]
        online = sorted({*here, *self.links.online}, key=str.casefold)
        return encode({**frame, "matches": rows, "online": online})

    async def _refresh_lobby(self) -> None:
        """Send the lobby again when the other servers' matches change while the session is in it."""
        while True:
            await self.links.lobby_changed.wait()
            if self.lobby is not None and not self.writer.is_closing():
                with suppress(ConnectionError):
                    self.writer.write(self._with_others(self.lobby))
                    await self.writer.drain()
