"""``caravan-tui serve``: the SSH server in front of the hub (DESIGN §7).

Who you are is your public key's SHA256 fingerprint; passwords are never accepted. Any key may
enter unless ``--authorized-keys`` lists the ones that may; with ``--allow-guests`` a client
without a key enters as a guest with a throwaway identity (never both: a key not listed would
then enter as a guest). A session must ask for a terminal (``ssh -t``); each gets its own Textual
process (``PtySession``), forked from a pre-warmed zygote (``zygote.py``).

Limits: connections not logged in yet (``--max-pre-login``, at most half of them from one address,
each given 20 s to log in) apart from those logged in (``--per-address``), so half-open
connections from a shared address cannot lock its people out; a connection logged in has 20 s to
open its session (and is closed 20 s after it ends, if its client keeps it); sessions overall;
idle sessions are closed. ``connections.log`` has a line for every connection as it begins to
log in, logs in and ends (with how it ended), each written as it happens, so a server killed
outright still shows who was in; connections that end without logging in are folded into a line
or two a burst, and the file is rotated (``connection_log.py``).
The host key is generated once and kept in the server's folder; nothing there is ever run or
imported.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import signal
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import asyncssh

from caravan_tui.ai.worker import AIWorker
from caravan_tui.files import MiB, read_regular
from caravan_tui.ssh.connection_log import Bursts
from caravan_tui.ssh.hub import Hub, guest_identity
from caravan_tui.ssh.moderation import read_admin_keys
from caravan_tui.ssh.pty_session import PtySession
from caravan_tui.ssh.zygote import Zygote

if TYPE_CHECKING:
    from caravan_tui.pgstore.link import Links
    from caravan_tui.web.seat import WebConfig, WebSeat

log = logging.getLogger(__name__)

HOST_KEY = "ssh_host_ed25519_key"
NO_TERMINAL = b"this is a terminal game: connect with ssh -t\r\n"
TOO_MANY = "refused: too many connections from the address"
STOPPING = 10.0  # seconds the sessions have to end when the server stops (each child has ENDING, twice)
MAX_AUTHORIZED_KEYS = MiB  #: bytes in an authorized_keys file (a key's line is under 1 KB)


@dataclass(frozen=True)
class ServerConfig:
    """``root``: the server's folder (saves, names, host key, logs)."""

    root: Path
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    allow_guests: bool = False
    per_address: int = 8  # logged-in connections at once from one address
    max_pre_login: int = 32  # connections not logged in yet, at once (at most half from one address)
    login_timeout: float = 20  # seconds a connection has to log in
    session_timeout: float = 20  # seconds a logged-in connection has to open its session
    max_sessions: int = 64  # sessions at once (each is a process)
    idle_timeout: float = 30 * 60  # seconds without a key pressed
    grace: int = 60  # what a new match offers first as its grace
    ai_iterations: int | None = None  # caps every AI seat (tests, benchmarks)
    move_pause: float = 0.6  # seconds an opponent's move stays on screen before the next
    zygote: bool = True  # fork sessions from a pre-warmed process (else each starts from scratch)
    database: str | None = None  # PostgreSQL's URL: everything kept there, shared with other servers
    admin_keys: Path | None = None  # the operators' keys (``moderation.read_admin_keys``)

    def __post_init__(self) -> None:
        if self.authorized_keys is not None and self.allow_guests:
            raise ValueError(
                "--authorized-keys lets in only the keys it lists, --allow-guests anyone without "
                "a key: use one or the other"
            )


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys ``path`` lists (OpenSSH authorized_keys format), read as ``read_regular`` reads
    a file no one vouches for; OSError, or ValueError saying what is wrong with it."""
    return asyncssh.import_authorized_keys(read_regular(path, MAX_AUTHORIZED_KEYS).decode("utf-8"))


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's ed25519 key, made on the first start and kept (readable by the owner only)."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key


class Connection(asyncssh.SSHServer):
    """One SSH connection: its authentication and its (single) session."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.identity: str | None = None
        self.guest = False
        self.began = time.monotonic()
        self.id = secrets.token_hex(4)  # its lines in the connection log
        self.outcome = "not authenticated"
        self.counted: Counter[str] | None = None  # the server's count it is in: pre_login, then per_address
        self.sessions = 0  # sessions opened on this connection (one is allowed)
        self.running = 0  # sessions still running
        self.lost = False
        self.logged = False
        self.logged_in = False
        self._no_session: asyncio.TimerHandle | None = None  # closes it if no session opens in time

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.server.connections.add(conn)
        self.conn = conn
        if not self.server.room_to_log_in(self.address):
            self.outcome = "refused: too many connections not logged in"
            conn.abort()  # before a byte is sent: nothing of the server's work is spent on it
            return  # (one line in the log, as it ends)
        self._count_in(self.server.pre_login)

    def _count_in(self, counter: Counter[str] | None) -> None:
        """Move this connection from the count it is in to ``counter`` (None: none)."""
        logged_in = self.server.per_address
        before = logged_in[self.address]
        if self.counted is not None:
            self.counted[self.address] -= 1
            if self.counted[self.address] <= 0:
                del self.counted[self.address]
        self.counted = counter
        if counter is not None:
            counter[self.address] += 1
        if logged_in[self.address] != before:
            self.server.tell_others(self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self.conn)
        self._count_in(None)
        self.lost = True
        self.session_opened()
        self.log_when_done()

    def expect_a_session(self) -> None:
        """Close this connection unless a session opens on it within ``session_timeout``: a
        connection logged in holds a place of its address's ``--per-address``, and one that
        never opens a session (or whose one session has ended) would hold it for ever."""
        self.session_opened()
        if self.lost:
            return
        self._no_session = asyncio.get_running_loop().call_later(
            self.server.config.session_timeout, self._close_without_session
        )

    def session_opened(self) -> None:
        if self._no_session is not None:
            self._no_session.cancel()
            self._no_session = None

    def _close_without_session(self) -> None:
        self._no_session = None
        if self.conn is not None and not self.running and not self.lost:
            if not self.sessions:
                self.outcome = f"closed: no session within {self.server.config.session_timeout:g} s"
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no session was opened")

    def log_when_done(self) -> None:
        """The connection's last line in the log, once it and its session have both ended."""
        if self.lost and not self.running and not self.logged:
            self.logged = True
            self.server.log_connection(self, self.outcome)

    def begin_auth(self, username: str) -> bool:
        if self.server.logged_in(self.address) >= self.server.config.per_address:
            self.outcome = TOO_MANY
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections from your address")
        # Its first line; a connection that ends before it has only its last, folded into bursts.
        self.server.log_connection(self, "open")
        return True  # every connection authenticates: by key, or as a guest if allowed

    def auth_completed(self) -> None:
        self._count_in(self.server.per_address)
        if self.server.per_address[self.address] > self.server.config.per_address and self.conn is not None:
            self.outcome = TOO_MANY  # others from the address logged in while this one did
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections from your address")
            return
        self.outcome = "no session"
        self.logged_in = True
        self.server.log_connection(self, "logged in as a guest" if self.guest else "logged in")
        self.expect_a_session()

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key, or only those listed. The key of the last successful check is the one the
        client signs with next (asyncssh verifies the signature itself)."""
        allowed = self.server.authorized
        if allowed is not None and allowed.validate(key, self.address, self.address) is None:
            self.outcome = "refused: key not authorized"
            return False
        self.identity, self.guest = key.get_fingerprint("sha256"), False
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.server.config.allow_guests

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        """A guest: in at once, with a throwaway identity."""
        if not self.server.config.allow_guests:
            return False
        self.identity, self.guest = guest_identity(), True
        return True


class GameServer:
    """The SSH server, its hub and the AI worker pool they share."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.root = Path(config.root)
        store, keeping = None, None
        if config.database is not None:  # first: a database that cannot be reached stops nothing started
            from caravan_tui.pgstore import open_database

            # a name of its own among the servers on the database (the connection log, the counts by address)
            name = f"{config.host}:{config.port} {secrets.token_hex(3)} pid {os.getpid()}"
            store, keeping = open_database(config.database, name)
        self.worker = AIWorker()
        operators = read_admin_keys(config.admin_keys) if config.admin_keys is not None else frozenset()
        self.hub = Hub(
            self.root,
            self.worker,
            iterations=config.ai_iterations,
            grace=config.grace,
            store=store,
            keeping=keeping,
            operators=operators,
        )
        self._taking_over: asyncio.Task | None = None
        self.links: Links | None = None  # with a database: the links to the other servers on it
        self.database = store.db if store is not None else None
        self.pre_login: Counter[str] = Counter()  # connections not logged in yet, by address
        self.per_address: Counter[str] = Counter()  # connections logged in, by address
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.sessions = 0
        self.live: dict[PtySession, tuple[str, asyncio.Task | None]] = {}  # each session: whose, and its task
        self.stopping = False
        self.authorized = read_authorized_keys(config.authorized_keys) if config.authorized_keys is not None else None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.zygote = Zygote() if config.zygote else None
        self.bursts = Bursts(lambda address, event: self._write_log_line("-", address, None, 0.0, event))
        self.web: WebSeat | None = None  # (``serve``'s web seat)

    async def start(self) -> list[str]:
        """Listen; returns the hosted matches that could not be resumed, with why."""
        self.root.mkdir(parents=True, exist_ok=True)
        key = host_key(self.root / HOST_KEY)
        if self.zygote is not None:
            await self.zygote.start()  # it warms up while we listen; sessions before that start the slow way
        self._acceptor = await asyncssh.create_server(
            lambda: Connection(self),
            self.config.host,
            self.config.port,
            server_host_keys=[key],
            process_factory=self.session,
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=self.config.login_timeout,
            keepalive_interval=60,
        )
        problems = self.hub.start()  # no session is served before this returns: nothing awaits between
        self.hub.check_ratings()
        if self.config.database is not None:
            from caravan_tui.pgstore.link import Links
            from caravan_tui.pgstore.takeover import take_over

            self._taking_over = asyncio.create_task(take_over(self.hub))
            if self.database is not None:
                self.links = Links(self.database, self.hub)
                await self.links.start(self.config.host)
        return problems

    def room_to_log_in(self, address: str) -> bool:
        """Whether a new connection from ``address`` may try to log in: within ``max_pre_login``
        in all, and half of it from one address."""
        most = self.config.max_pre_login
        return sum(self.pre_login.values()) < most and self.pre_login[address] < max(1, most // 2)

    @property
    def port(self) -> int:
        if self._acceptor is None:
            raise RuntimeError("the server is not listening yet")
        return self._acceptor.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening; end every session, telling its person why (its process ends and
        restores their terminal first), then every connection once its terminal has taken all
        it was sent (a disconnect drops what it has not: a slow terminal lost the line saying
        why); then the hub and the AI workers."""
        self.stopping = True
        if self._acceptor is not None:
            self._acceptor.close()
            deadline = asyncio.get_running_loop().time() + STOPPING
            channels = [session.process.channel for session in self.live]
            for session, (identity, _) in self.live.items():
                session.stop(self.hub.farewell(identity))
            running = [task for _, task in self.live.values() if task is not None]
            if running:
                await asyncio.wait(running, timeout=STOPPING)
            # each session's channel closes once its client has taken the last byte and said so
            closing = [asyncio.ensure_future(channel.wait_closed()) for channel in channels]
            if closing:
                await asyncio.wait(closing, timeout=max(0.0, deadline - asyncio.get_running_loop().time()))
            for pending in closing:
                pending.cancel()
            for conn in list(self.connections):
                conn.disconnect(asyncssh.DISC_BY_APPLICATION, "the server is stopping")
            await self._acceptor.wait_closed()
        self.bursts.close()
        if self._taking_over is not None:
            self._taking_over.cancel()
        if self.links is not None:
            await self.links.close()
        self.hub.stop()
        if self.zygote is not None:
            await self.zygote.close()
        await asyncio.to_thread(self.worker.close)

    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        """One session: a terminal, one per connection, within the server's limit."""
        connection = cast(Connection, process.channel.get_connection().get_owner())
        identity = connection.identity
        refusal = None
        if process.get_terminal_type() is None:
            refusal = NO_TERMINAL
        elif connection.sessions >= 1:
            refusal = b"one session per connection\r\n"
        elif self.stopping:
            refusal = b"the server is stopping\r\n"
        elif self.sessions >= self.config.max_sessions:
            refusal = b"the server is full: try again later\r\n"
        if refusal is not None or identity is None:
            process.stdout.write(refusal or b"who are you?\r\n")
            process.exit(1)
            return
        connection.session_opened()
        connection.sessions += 1
        connection.running += 1
        connection.outcome = "the person left"  # unless the session ends otherwise first
        self.sessions += 1

        def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> Awaitable[None]:
            serve = self.hub.serve if self.links is None else self.links.serve
            return serve(reader, writer, identity, connection.guest)

        session = PtySession(process, serve, self.config.idle_timeout, self.config.move_pause, self.zygote)
        self.live[session] = (identity, asyncio.current_task())
        try:
            connection.outcome = await session.run()
        except Exception:
            log.exception("session of %s failed", connection.identity)
            connection.outcome = "failed"
        finally:
            del self.live[session]
            self.sessions -= 1
            connection.running -= 1
            process.exit(0)
            connection.log_when_done()
            connection.expect_a_session()  # (its client closes it; one that does not is closed)

    def logged_in(self, address: str) -> int:
        """Connections logged in from ``address``, here and on the other servers on the database."""
        try:
            return self.per_address[address] + self.hub.keeping.connections_elsewhere(address)
        except OSError as exc:  # the database is away: this server's own count holds
            log.warning("cannot count the connections on other servers: %s", exc)
            return self.per_address[address]

    def tell_others(self, address: str) -> None:
        """Tell the other servers on the database how many connections from ``address`` are logged
        in here."""
        try:
            self.hub.keeping.count_connections(address, self.per_address[address])
        except OSError as exc:
            log.warning("cannot tell other servers the connections here: %s", exc)

    def log_connection(self, connection: Connection, event: str) -> None:
        """A line in the connection log (``connections.log``, or the database's): when, the
        connection's id, its address, who (``-``: not known yet), how long it has been open, and
        ``event``. Written out at once; the last line of a connection that never logged in only if
        it is the first of a burst (``Bursts``)."""
        if event == connection.outcome and not connection.logged_in and not self.bursts.end(connection.address, event):
            return
        self._write_log_line(
            connection.id, connection.address, connection.identity, time.monotonic() - connection.began, event
        )

    def _write_log_line(self, connection: str, address: str, identity: str | None, open_for: float, event: str) -> None:
        try:
            self.hub.keeping.log_connection(connection, address, identity, open_for, event)
        except OSError as exc:
            log.warning("cannot log a connection: %s", exc)


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


async def serve(
    config: ServerConfig,
    ready: Callable[[GameServer, list[str]], None] | None = None,
    web: WebConfig | None = None,
    stopping: Callable[[GameServer], None] | None = None,
) -> None:
    """Run until SIGTERM, SIGINT (ctrl+c) or SIGHUP (or cancelled), then close every session,
    telling its person, its process and the AI workers; ``ready(server, problems)`` is called
    once it listens, ``stopping(server)`` as a signal stops it (the host is told while the
    sessions end: up to ``STOPPING`` seconds of a bare "^C" read as a freeze). A signal while it
    stops changes nothing. ``web``: the web seat beside it (``caravan_tui.web``; ``server.web``
    once it listens)."""
    server = GameServer(config)
    problems = await server.start()
    if web is not None:
        from caravan_tui.web.seat import WebSeat

        server.web = WebSeat(server, web)
        await server.web.start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    try:
        if ready is not None:
            ready(server, problems)
        await stop.wait()
        if stopping is not None:
            stopping(server)
    finally:
        await server.close()
        if server.web is not None:
            await server.web.close()
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
