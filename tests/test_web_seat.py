"""The web seat over HTTP and its WebSocket (no browser: test_web_browser.py has one): sign-in by
a one-time link, the signed cookie, the refusals that change nothing (a replayed or bad link, a
forged cookie, another site's origin, the limits), and a tab's session, the same as SSH's."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import socket
import ssl
import struct
import time
from pathlib import Path

import aiohttp
import msgpack
import pyte
import pytest

from caravan_tui import hub_protocol as protocol
from caravan_tui.ssh.framing import encode
from caravan_tui.ssh.moderation import Ban
from caravan_tui.ssh.server import GameServer, ServerConfig
from caravan_tui.web import seat as web_seat
from caravan_tui.web.limits import Window, client_address
from caravan_tui.web.seat import COOKIE, MAX_MESSAGE, WebConfig, WebSeat
from caravan_tui.web.signing import SECRET, Cookies, SignInLinks, server_secret
from caravan_tui.web.terminal import size_from

WAIT = 30  # seconds; only guards against a hung test
ANN = "SHA256:annannannannannannannannannannannannannann"


async def eventually(condition, what, timeout: float = WAIT) -> None:
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


@pytest.fixture
async def seat(tmp_path):
    """A server (SSH and its web seat) on free ports of 127.0.0.1; sessions start from scratch
    (no zygote: a test process is no subreaper)."""
    server = GameServer(
        ServerConfig(tmp_path / "server", port=0, ai_iterations=5, move_pause=0.05, zygote=False, idle_timeout=60)
    )
    await server.start()
    server.web = WebSeat(server, WebConfig(0))
    await server.web.start()
    yield server.web
    await server.close()
    await server.web.close()


def origin(seat: WebSeat) -> dict[str, str]:
    return {"Origin": seat.url}


async def sign_in(http: aiohttp.ClientSession, seat: WebSeat, link: str) -> str:
    """The cookie signing in by ``link`` gives (its page, then its form posted from the page)."""
    async with http.get(link) as page:
        assert page.status == 200, await page.text()
        assert 'id="sign-in"' in await page.text()
    token = link.split("token=")[1]
    async with http.post(
        f"{seat.url}/signin", data={"token": token}, headers=origin(seat), allow_redirects=False
    ) as signed:
        assert signed.status == 303, await signed.text()
        assert signed.headers["Referrer-Policy"] == "same-origin"  # (the token never leaves in a Referer)
        return signed.cookies[COOKIE].value


def connection_log(seat: WebSeat) -> str:
    return (seat.server.root / "connections.log").read_text()


class Tab:
    """A tab's WebSocket, its bytes read through a terminal emulator as the page would draw them."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.closed: asyncio.Event = asyncio.Event()
        self.reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def shows(self, words: str) -> None:
        await eventually(lambda: words in self.text(), lambda: f"{words!r} on the page's screen:\n{self.text()}")

    async def press(self, keys: str) -> None:
        await self.socket.send_bytes(keys.encode())


async def open_tab(http: aiohttp.ClientSession, seat: WebSeat, cookie: str | None) -> Tab:
    headers = {**origin(seat), **({"Cookie": f"{COOKIE}={cookie}"} if cookie else {})}
    socket = await http.ws_connect(f"{seat.url}/ws?cols=100&rows=30", headers=headers)
    return Tab(socket)


@pytest.mark.thorough
async def test_a_link_signs_a_browser_in_once_and_its_tab_is_the_persons_own_session(seat):
    seat.server.hub.identities.keep(ANN, "Ann")
    link, minutes = seat.link_for(ANN)
    assert minutes == 10 and link.startswith(seat.url + "/signin?token=")
    async with aiohttp.ClientSession() as http:
        cookie = await sign_in(http, seat, link)
        async with http.post(
            f"{seat.url}/signin", data={"token": link.split("token=")[1]}, headers=origin(seat), allow_redirects=False
        ) as again:  # the same link again
            assert again.status == 403 and COOKIE not in again.cookies
            assert await again.text() == web_seat.BAD_LINK + "\n"
        async with http.get(f"{seat.url}/", cookies={COOKIE: cookie}) as home:
            assert home.status == 200 and "/assets/page.js" in await home.text()
            assert "frame-ancestors 'none'" in home.headers["Content-Security-Policy"]
        async with http.get(f"{seat.url}/assets/xterm.js", cookies={COOKIE: cookie}) as script:
            assert script.status == 200 and script.content_type == "text/javascript"  # (shipped in the package)
            assert b"Terminal" in await script.read()
        tab = await open_tab(http, seat, cookie)
        await tab.shows("Ann")  # the lobby knows them by their key's name
        assert seat.server.sessions == 1 and seat.server.per_address["127.0.0.1"] == 1
        await tab.press("l")  # a new link, asked for in the lobby as over SSH
        await tab.shows(f"{seat.url}/signin?token=")
        await tab.socket.close()  # the tab is closed: the session ends, its counts with it
        await eventually(lambda: seat.server.sessions == 0 and not seat.server.per_address, "the session to end")
        back = await open_tab(http, seat, cookie)  # the cookie brings them back
        await back.shows("Ann")
        await back.socket.close()
    log = connection_log(seat)
    assert f"{ANN}\t0.0s\tweb: signed in by link" in log and "web: logged in" in log
    assert "web: refused: this sign-in link was used already" in log


@pytest.mark.thorough
async def test_a_name_like_one_taken_is_refused_and_a_frame_larger_than_the_limit_ends_the_session(seat):
    seat.server.hub.identities.keep("SHA256:" + "c" * 43, "Ann")
    cookie = seat.cookies.sign(ANN)
    async with aiohttp.ClientSession() as http:
        tab = await open_tab(http, seat, cookie)
        await tab.shows("What name do you play under?")  # a new key: asked for a name
        await tab.press("\u0410nn\r")  # a Cyrillic A: the same look-alike rule as over SSH
        await tab.shows("looks like Ann")
        await tab.socket.send_bytes(b"x" * (MAX_MESSAGE + 1))
        await asyncio.wait_for(tab.closed.wait(), WAIT)
        await eventually(lambda: seat.server.sessions == 0 and not seat.server.live, "the session to end")


async def test_a_forged_cookie_is_refused_and_changes_nothing(seat):
    good = seat.cookies.sign(ANN)
    payload, mac = good.split(".")
    forged = [
        Cookies(b"k" * 32).sign(ANN),  # signed with another secret
        f"{payload[:-2]}AA.{mac}",  # another payload under the same signature
        "x" * 1000,
        "",
        ".",
        "a.b.c",
    ]
    async with aiohttp.ClientSession() as http:
        for cookie in forged:
            async with http.get(f"{seat.url}/", cookies={COOKIE: cookie}) as home:
                assert home.status in (401, 403) and "page.js" not in await home.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_tab(http, seat, cookie)
            assert refused.value.status == 403
    assert seat.server.sessions == 0 and not seat.server.per_address
    assert "web: refused: this browser's sign-in was not made by this server" in connection_log(seat)


async def test_another_sites_origin_is_refused_and_the_link_still_works(seat):
    link, _ = seat.link_for(ANN)
    token = link.split("token=")[1]
    cookie = seat.cookies.sign(ANN)
    async with aiohttp.ClientSession() as http:
        for bad in ({"Origin": "http://evil.example"}, {}, {"Origin": seat.url + ".evil.example"}):
            async with http.post(
                f"{seat.url}/signin", data={"token": token}, headers=bad, allow_redirects=False
            ) as posted:
                assert posted.status == 403 and await posted.text() == web_seat.BAD_ORIGIN + "\n"
                assert COOKIE not in posted.cookies
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{seat.url}/ws", headers={**bad, "Cookie": f"{COOKIE}={cookie}"})
            assert refused.value.status == 403
        assert seat.server.sessions == 0
        await sign_in(http, seat, link)  # (the refusals did not use it up)
    assert "web: refused: a request from another site" in connection_log(seat)


async def test_a_banned_key_is_refused_at_its_link_and_its_cookie(seat):
    cookie = seat.cookies.sign(ANN)
    link, _ = seat.link_for(ANN)
    seat.server.hub.keeping.moderation.ban(Ban(ANN, time.time(), "Op", "spam"))
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{seat.url}/signin", data={"token": link.split("token=")[1]}, headers=origin(seat), allow_redirects=False
        ) as posted:
            assert posted.status == 403 and COOKIE not in posted.cookies
            assert await posted.text() == "refused: this key is banned from this server: spam\n"
        async with http.get(f"{seat.url}/", cookies={COOKIE: cookie}) as home:
            assert home.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await open_tab(http, seat, cookie)
    assert seat.server.sessions == 0


async def test_without_guests_a_browser_not_signed_in_is_sent_to_the_ssh_lobby(seat):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{seat.url}/") as home:
            assert home.status == 401 and "press l in the lobby" in await home.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(http, seat, None)
        assert refused.value.status == 403
        async with http.get(f"{seat.url}/signin?token=" + "A" * 32) as unknown:
            assert unknown.status == 403 and await unknown.text() == web_seat.BAD_LINK + "\n"
        async with http.get(f"{seat.url}/assets/../signing.py") as outside:
            assert outside.status == 404


async def test_the_limits_refuse_in_one_line(seat, monkeypatch):
    server = seat.server
    cookie = seat.cookies.sign(ANN)
    async with aiohttp.ClientSession() as http:
        server.per_address["127.0.0.1"] = server.config.per_address  # its SSH connections fill its share
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(http, seat, cookie)
        assert refused.value.status == 429
        del server.per_address["127.0.0.1"]
        server.sessions = server.config.max_sessions
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(http, seat, cookie)
        assert refused.value.status == 503
        server.sessions = 0
        seat.anonymous = Window(3, 60)  # requests from an address not signed in
        statuses = []
        for _ in range(5):
            async with http.get(f"{seat.url}/") as home:
                statuses.append(home.status)
        assert statuses == [401, 401, 401, 429, 429]
        async with http.get(f"{seat.url}/", cookies={COOKIE: cookie}) as home:
            assert home.status == 200  # (a person signed in is not counted among them)
        async with http.post(
            f"{seat.url}/signin", data={"token": "x" * 10_000}, headers=origin(seat), cookies={COOKIE: cookie}
        ) as huge:
            assert huge.status == 413  # a body beyond MAX_BODY
    log = connection_log(seat)
    assert "web: refused: too many connections from the address" in log
    assert "web: refused: the server is full" in log and "web: refused: too many requests" in log


class HubPeer:
    """A session's end of a hub socket, as the session process has it (no terminal)."""

    def __init__(self, hub, identity: str, guest: bool = False) -> None:
        self.hub, self.identity, self.guest = hub, identity, guest

    async def open(self, name: str) -> HubPeer:
        ours, theirs = socket.socketpair()
        reader, writer = await asyncio.open_unix_connection(sock=theirs)
        self.served = asyncio.create_task(self.hub.serve(reader, writer, self.identity, self.guest))
        self.reader, self.writer = await asyncio.open_unix_connection(sock=ours)
        await self.send(protocol.SetName(name))
        return self

    async def send(self, message: protocol.Message) -> None:
        self.writer.write(encode(message.to_map()))
        await self.writer.drain()

    async def next(self, *kinds: type) -> protocol.Message:
        while True:
            size = struct.unpack(">I", await asyncio.wait_for(self.reader.readexactly(4), WAIT))[0]
            said = protocol.message_from_map(msgpack.unpackb(await self.reader.readexactly(size)))
            if isinstance(said, kinds):
                return said

    async def close(self) -> None:
        self.writer.close()
        await asyncio.wait_for(self.served, WAIT)


async def test_the_hub_gives_a_link_to_a_key_and_refuses_a_guest(seat):
    hub = seat.server.hub

    async def ask(identity: str, guest: bool) -> protocol.Message:
        peer = await HubPeer(hub, identity, guest).open("Guest" if guest else "Ann")
        await peer.send(protocol.AskWebLink())
        said = await peer.next(protocol.WebLink, protocol.Refused)
        await peer.close()
        return said

    link = await ask(ANN, False)
    assert isinstance(link, protocol.WebLink) and seat.links.peek(link.url.split("token=")[1]) == ANN
    assert isinstance(refused := await ask("guest:0123456789ab", True), protocol.Refused)
    assert "guest" in refused.reason
    hub.web_link = None  # a server without a web seat
    assert (await ask(ANN, False)).reason == "this server has no web seat"


@pytest.mark.thorough
async def test_an_operators_kick_ends_a_tab_for_good(seat):
    """The hub ends the session: the page is told it ended (it does not try again)."""
    hub = seat.server.hub
    hub.operators = frozenset({"SHA256:operator"})
    hub.identities.keep(ANN, "Ann")
    async with aiohttp.ClientSession() as http:
        tab = await open_tab(http, seat, seat.cookies.sign(ANN))
        await tab.shows("Ann")
        operator = await HubPeer(hub, "SHA256:operator").open("Op")
        await operator.send(protocol.Moderate("kick", "Ann", 0, "rude"))
        assert (await operator.next(protocol.Told)).text == "Ann was sent away."
        await asyncio.wait_for(tab.closed.wait(), WAIT)
        assert tab.socket.close_code == web_seat.ENDED
        await operator.close()
    await eventually(lambda: seat.server.sessions == 0, "the session to end")


def test_a_cookie_is_the_identity_it_was_signed_for_until_it_expires(tmp_path):
    secret = server_secret(tmp_path / SECRET)
    assert server_secret(tmp_path / SECRET) == secret and (tmp_path / SECRET).stat().st_mode & 0o777 == 0o600
    cookies = Cookies(secret, lifetime=100)
    value = cookies.sign(ANN, now=1000)
    assert cookies.identity(value, now=1050) == ANN
    assert cookies.identity(value, now=1101) is None
    assert Cookies(secret).identity(Cookies(b"x" * 32).sign(ANN)) is None
    (tmp_path / "short").write_bytes(b"x")
    with pytest.raises(ValueError):
        server_secret(tmp_path / "short")


def test_a_link_works_once_within_its_time_and_a_person_holds_few():
    links = SignInLinks(lifetime=60)
    first = links.make(ANN)
    assert links.peek(first) == ANN and links.use(first) == ANN and links.use(first) is None
    many = [links.make(ANN) for _ in range(5)]
    assert [links.peek(token) for token in many] == [None, None, ANN, ANN, ANN]
    at_once = SignInLinks(lifetime=0)
    assert at_once.use(at_once.make(ANN)) is None
    assert links.use("../../etc/passwd") is None


def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy():
    proxies = frozenset({"10.0.0.1"})
    assert client_address("203.0.113.9", "1.2.3.4", proxies) == "203.0.113.9"
    assert client_address("10.0.0.1", "1.2.3.4", proxies) == "1.2.3.4"
    # (what the client wrote itself, in front, is not believed)
    assert client_address("10.0.0.1", "6.6.6.6, 198.51.100.7", proxies) == "198.51.100.7"
    assert client_address("10.0.0.1", None, proxies) == "10.0.0.1"


def test_a_resize_is_two_bounded_numbers():
    assert size_from('{"cols": 120, "rows": 40}') == (120, 40)
    for bad in (
        '{"cols": 1e9, "rows": 4}',
        '{"cols": -1, "rows": 4}',
        "[1, 2]",
        "{",
        '{"cols": 1}',
        " " * 300,
        '{"cols": true, "rows": 4}',
    ):
        assert size_from(bad) is None


def test_serve_refuses_web_options_that_cannot_work(tmp_path, monkeypatch, capsys):
    from caravan_tui.cli import main

    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    missing = str(tmp_path / "missing.pem")
    for args, words in (
        (["--web-url", "https://games.example.org"], "need --web PORT"),
        (["--web", "0", "--web-cert", missing], "--web-cert and --web-key go together"),
        (["--web", "0", "--web-url", "javascript:alert(1)"], "--web-url is an address such as"),
        (["--web", "0", "--web-cert", missing, "--web-key", missing], "cannot serve the web seat"),
    ):
        assert main(["serve", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("caravan-tui: error: ") and words in err and err.count("\n") == 1


def self_signed(tmp_path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as PEM files."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


async def test_with_a_certificate_the_seat_is_https_and_its_cookie_secure(tmp_path):
    cert, key = self_signed(tmp_path)
    server = GameServer(ServerConfig(tmp_path / "server", port=0, zygote=False))
    await server.start()
    seat = WebSeat(server, WebConfig(0, cert=cert, key=key))
    await seat.start()
    try:
        assert seat.url.startswith("https://127.0.0.1:")
        trusted = ssl.create_default_context(cafile=str(cert))
        link, _ = seat.link_for(ANN)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=trusted)) as http:
            token = link.split("token=")[1]
            async with http.post(
                f"{seat.url}/signin", data={"token": token}, headers=origin(seat), allow_redirects=False
            ) as signed:
                assert signed.status == 303
                assert signed.cookies[COOKIE]["secure"] and signed.cookies[COOKIE]["httponly"]
                assert signed.cookies[COOKIE]["samesite"] == "Strict"
            with pytest.raises(aiohttp.ClientConnectorError):  # (a client that trusts no such certificate)
                async with aiohttp.ClientSession() as untrusting, untrusting.get(seat.url):
                    pass
    finally:
        await server.close()
        await seat.close()


def test_a_link_from_the_hub_is_shown_only_as_a_plain_web_address():
    from caravan_tui.screens.web_link import link_shown

    good = "https://games.example.org/signin?token=" + "A" * 32
    assert link_shown(protocol.WebLink(good, 10)) == good
    for bad in (
        "javascript:alert(1)",
        "https://x.org/[bold]x[/]\x1b[2J",
        "https://x.org/" + "a" * 400,
        "https://x.org/ a",
        42,
    ):
        assert link_shown(protocol.WebLink(bad, 10)) is None
