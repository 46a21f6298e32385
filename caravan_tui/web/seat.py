"""The web seat's HTTP server (aiohttp): the page, sign-in by link, and one WebSocket a tab
that runs the same ``PtySession`` an SSH session does, served by the same hub (DESIGN §7).

Identity: a person with a key asks for a one-time link in the SSH lobby; the link's page signs
the browser in with a cookie (``signing``) bound to that key's fingerprint. With
``--allow-guests``, a browser without one plays as a guest, a new one each tab (as a guest over
SSH). Bans, mutes, kicks and names are the hub's, so they hold here as over SSH.

Refused in one line, logged in the connection log (a burst folded into a line or two) and
changing nothing: a link unknown, used or expired; a cookie not signed here; a request whose
``Origin`` is not this server's (a WebSocket, or a sign-in posted from another site); more than
``ANONYMOUS`` requests a minute from an address not signed in; tabs beyond the SSH server's
``--per-address`` (counted with its SSH connections) or ``--max-sessions``.
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
import socket
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import web

from caravan_tui.ssh.hub import guest_identity
from caravan_tui.ssh.pty_session import PtySession
from caravan_tui.web.limits import Window, client_address
from caravan_tui.web.signing import SECRET, Cookies, SignInLinks, server_secret, well_formed
from caravan_tui.web.terminal import WebTerminal

if TYPE_CHECKING:
    from caravan_tui.ssh.server import GameServer

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

COOKIE = "caravan_seat"
ANONYMOUS = 60  #: requests a minute from an address without a valid cookie
MAX_MESSAGE = 16 * 1024  #: bytes of one WebSocket frame from the page
MAX_BODY = 4 * 1024  #: bytes of a request's body (the sign-in form)
HEARTBEAT = 30.0  #: seconds between pings; a tab that misses one is gone
#: the page's files, served from the package (nothing is fetched from anywhere else)
ASSETS = {
    "xterm.js": "text/javascript",
    "addon-fit.js": "text/javascript",
    "page.js": "text/javascript",
    "xterm.css": "text/css",
    "page.css": "text/css",
}
STOPPED = 1012  #: a WebSocket's close code: the server is restarting (the page tries again)
ENDED = 4000  #: the session ended (the page says why and does not try again)
NOT_SIGNED_IN = "refused: this browser is not signed in: in the SSH lobby, press l for a sign-in link"
SIGN_IN_FIRST = (
    "This browser is not signed in. Log in over SSH, press l in the lobby and open the link it "
    "shows here: it works once, within a few minutes."
)
BAD_LINK = "refused: this sign-in link was used already, has expired or is not one of this server's"
BAD_COOKIE = "refused: this browser's sign-in was not made by this server: ask for a new link in the SSH lobby"
BAD_ORIGIN = "refused: a request from another site"
TOO_MANY_ANONYMOUS = "refused: too many requests from the address: wait a minute"
TOO_MANY = "refused: too many connections from the address"
FULL = "refused: the server is full: try again later"
STOPPING = "refused: the server is stopping"
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self'; font-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    # a sign-in link's token never leaves in a Referer (and "no-referrer" would send a form's Origin as "null")
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


@dataclass(frozen=True)
class WebConfig:
    """``url``: where people reach the page (a proxy's, say); by default this server's address.
    ``cert``/``key``: PEM files to serve HTTPS with. ``trusted_proxies``: addresses whose
    ``X-Forwarded-For``/``-Proto``/``-Host`` are believed."""

    port: int
    url: str | None = None
    cert: Path | None = None
    key: Path | None = None
    trusted_proxies: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if (self.cert is None) != (self.key is None):
            raise ValueError("--web-cert and --web-key go together")
        if self.url is not None:
            parts = urlsplit(self.url)
            if (
                parts.scheme not in ("http", "https")
                or not parts.hostname
                or parts.path not in ("", "/")
                or parts.query
                or parts.fragment
                or parts.username
            ):
                raise ValueError(f"--web-url is an address such as https://games.example.org, not {self.url!r}")


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def page(title: str, body: str, status: int = 200) -> web.Response:
    """A small page of the seat's own (``body`` is markup written here; text from outside is
    escaped before it gets there)."""
    return web.Response(
        status=status,
        content_type="text/html",
        text=(
            f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            '<link rel="stylesheet" href="/assets/page.css"></head>'
            f'<body><main class="note">{body}</main></body></html>'
        ),
    )


class WebSeat:
    """``await start()`` beside a started ``GameServer``; ``await close()`` after it closed."""

    def __init__(self, server: GameServer, config: WebConfig) -> None:
        self.server, self.config = server, config
        self.cookies = Cookies(server_secret(server.root / SECRET))
        self.links = SignInLinks()
        self.anonymous = Window(ANONYMOUS, 60)
        self.tls = tls_context(config.cert, config.key) if config.cert and config.key else None
        self._runner: web.AppRunner | None = None
        self._port = 0

    async def start(self) -> None:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._headers])
        app.router.add_get("/", self.home)
        app.router.add_get("/signin", self.sign_in_page)
        app.router.add_post("/signin", self.sign_in)
        app.router.add_get("/assets/{name}", self.asset)
        app.router.add_get("/ws", self.socket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(
            self._runner, self.server.config.host, self.config.port, ssl_context=self.tls, reuse_address=True
        )
        await site.start()
        self._port = self._runner.addresses[0][1]
        self.server.hub.web_link = self.link_for

    async def close(self) -> None:
        self.server.hub.web_link = None
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        """Where people reach the page, without a trailing slash."""
        if self.config.url is not None:
            return self.config.url.rstrip("/")
        host = self.server.config.host
        if host in ("", "0.0.0.0", "::"):
            host = socket.getfqdn()
        if ":" in host:
            host = f"[{host}]"
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}"

    def link_for(self, identity: str) -> tuple[str, int]:
        """A new sign-in link for ``identity``, and the minutes it works."""
        return f"{self.url}/signin?token={self.links.make(identity)}", int(self.links.lifetime // 60)

    # -- who and where -------------------------------------------------------------------------

    def address(self, request: web.Request) -> str:
        return client_address(request.remote, request.headers.get("X-Forwarded-For"), self.config.trusted_proxies)

    def origin(self, request: web.Request) -> str:
        """This server's origin as the request's browser sees it."""
        if self.config.url is not None:
            parts = urlsplit(self.config.url)
            return f"{parts.scheme}://{parts.netloc}".lower()
        scheme, host = ("https" if request.secure else "http"), request.headers.get("Host", "")
        if request.remote in self.config.trusted_proxies:
            scheme = request.headers.get("X-Forwarded-Proto", scheme).split(",")[0].strip()
            host = request.headers.get("X-Forwarded-Host", host).split(",")[0].strip()
        return f"{scheme}://{host}".lower()

    def from_here(self, request: web.Request) -> bool:
        return request.headers.get("Origin", "").lower() == self.origin(request)

    def identity(self, request: web.Request) -> str | None:
        return self.cookies.identity(request.cookies.get(COOKIE))

    def log_line(self, connection: str, address: str, identity: str | None, open_for: float, event: str) -> None:
        """A line in the connection log, beside the SSH server's (its ``web:`` events are the web seat's)."""
        try:
            self.server.hub.keeping.log_connection(connection, address, identity, open_for, event)
        except OSError as exc:
            log.warning("cannot log a connection: %s", exc)

    def refuse(self, request: web.Request, status: int, line: str, identity: str | None = None) -> web.Response:
        """One line to the client and in the connection log (a burst of them folded)."""
        address = self.address(request)
        event = f"web: {line}"
        if self.server.bursts.end(address, event):
            log.warning("web seat: %s (%s)", line, address)
            self.log_line("web", address, identity, 0.0, event)
        return web.Response(status=status, text=line + "\n")

    def _counted_anonymous(self, request: web.Request) -> bool:
        """Whether a request without a valid cookie is within its address's allowance."""
        return self.identity(request) is not None or self.anonymous.allow(self.address(request))

    @web.middleware
    async def _headers(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self._counted_anonymous(request):
            return self.refuse(request, 429, TOO_MANY_ANONYMOUS)
        try:
            response = await handler(request)
        except web.HTTPException as exception:  # (a redirect, a file not found)
            exception.headers.update(HEADERS)
            raise
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(HEADERS)
        return response

    def ban_of(self, identity: str) -> str | None:
        """The line a banned key reads, or None."""
        try:
            ban = self.server.hub.keeping.moderation.banned(identity)
        except OSError as exc:  # (as the hub: a store that cannot be read bans nobody)
            log.warning("cannot read the bans: %s", exc)
            return None
        if ban is None:
            return None
        return f"refused: this key is banned from this server{': ' + ban.reason if ban.reason else ''}"

    # -- pages -----------------------------------------------------------------------------------

    async def home(self, request: web.Request) -> web.StreamResponse:
        cookie = request.cookies.get(COOKIE)
        identity = self.identity(request)
        if cookie and identity is None:
            return self.refuse(request, 403, BAD_COOKIE)
        if identity is not None and (banned := self.ban_of(identity)) is not None:
            return self.refuse(request, 403, banned, identity)
        if identity is None and not self.server.config.allow_guests:
            return page("Caravan TUI", f"<p>{html.escape(SIGN_IN_FIRST)}</p>", status=401)
        return web.Response(
            content_type="text/html",
            text=resources.files(__package__).joinpath("assets", "index.html").read_text(encoding="utf-8"),
        )

    async def asset(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = ASSETS.get(name)
        if kind is None:
            raise web.HTTPNotFound(text="no such file\n")
        data = resources.files(__package__).joinpath("assets", name).read_bytes()
        return web.Response(body=data, content_type=kind, charset="utf-8")

    async def sign_in_page(self, request: web.Request) -> web.StreamResponse:
        """The link's page: a button that signs in (a link only looked at, by a chat's preview of
        it say, is not used up)."""
        token = request.query.get("token", "")
        if self.links.peek(token) is None:
            return self.refuse(request, 403, BAD_LINK)
        return page(
            "Sign in · Caravan TUI",
            (
                '<form method="post" action="/signin"><p>This link signs this browser in as the person whose SSH key '
                f'asked for it.</p><input type="hidden" name="token" value="{html.escape(token)}">'
                '<button type="submit" id="sign-in" autofocus>Sign in and play</button></form>'
            ),
        )

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        if not self.from_here(request):
            return self.refuse(request, 403, BAD_ORIGIN)
        form = await request.post()
        token = form.get("token")
        if not isinstance(token, str) or not well_formed(token):
            return self.refuse(request, 403, BAD_LINK)
        identity = self.links.use(token)
        if identity is None:
            return self.refuse(request, 403, BAD_LINK)
        if (banned := self.ban_of(identity)) is not None:
            return self.refuse(request, 403, banned, identity)
        self.log_line("web", self.address(request), identity, 0.0, "web: signed in by link")
        response = web.HTTPSeeOther("/")
        response.set_cookie(
            COOKIE,
            self.cookies.sign(identity),
            max_age=int(self.cookies.lifetime),
            httponly=True,
            samesite="Strict",
            secure=self.origin(request).startswith("https:"),
            path="/",
        )
        raise response

    # -- a tab's session ---------------------------------------------------------------------------

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One tab: the person's session, as an SSH session is, until either side ends it."""
        if not self.from_here(request):
            return self.refuse(request, 403, BAD_ORIGIN)
        server, address = self.server, self.address(request)
        identity, guest = self.identity(request), False
        if identity is None:
            if request.cookies.get(COOKIE):
                return self.refuse(request, 403, BAD_COOKIE)
            if not server.config.allow_guests:
                return self.refuse(request, 403, NOT_SIGNED_IN)
            identity, guest = guest_identity(), True
        elif (banned := self.ban_of(identity)) is not None:
            return self.refuse(request, 403, banned, identity)
        if server.stopping:
            return self.refuse(request, 503, STOPPING, identity)
        if server.logged_in(address) >= server.config.per_address:
            return self.refuse(request, 429, TOO_MANY, identity)
        if server.sessions >= server.config.max_sessions:
            return self.refuse(request, 503, FULL, identity)
        cols, rows = (_number(request.query.get(name), default) for name, default in (("cols", 80), ("rows", 24)))
        tab = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT, timeout=2.0)
        await tab.prepare(request)
        connection, began = secrets.token_hex(4), time.monotonic()
        server.per_address[address] += 1
        server.sessions += 1
        server.tell_others(address)
        self.log_line(connection, address, identity, 0.0, "web: logged in as a guest" if guest else "web: logged in")
        terminal = WebTerminal(tab, cols, rows)

        def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> Awaitable[None]:
            serving = server.hub.serve if server.links is None else server.links.serve
            return serving(reader, writer, identity, guest)

        session = PtySession(
            terminal,  # type: ignore[arg-type]
            serve,
            server.config.idle_timeout,
            server.config.move_pause,
            server.zygote,
        )
        server.live[session] = (identity, asyncio.current_task())
        pump = asyncio.create_task(terminal.pump())
        outcome = "failed"
        try:
            outcome = await session.run()
        except Exception:
            log.exception("web session of %s failed", identity)
        finally:
            del server.live[session]
            server.sessions -= 1
            server.per_address[address] -= 1
            if server.per_address[address] <= 0:
                del server.per_address[address]
            server.tell_others(address)
            self.log_line(connection, address, identity, time.monotonic() - began, f"web: {outcome}")
            await terminal.close(STOPPED if outcome == "the server stopped" else ENDED, outcome)
            pump.cancel()
        return tab


def _number(text: str | None, default: int) -> int:
    """A size the page asked for (``set_size`` holds it to the PTY's bounds)."""
    return int(text) if text is not None and text.isascii() and text.isdigit() and len(text) <= 5 else default
