"""A web seat on two ``caravan-tui serve --database`` processes sharing one PostgreSQL: the
server hosting a browser seat's match is killed, the other takes the match over, and the same
cookie (both servers keep the same ``web_secret``) takes the person back to their seat there."""

from __future__ import annotations

import os
import secrets

import aiohttp
import pytest
from test_hosts import DatabaseServer, one_hosts
from test_ssh_server import ANN, WAIT, Terminal, create_short_match, enter_as, eventually
from test_web_seat import Tab

from caravan_tui.web.seat import COOKIE
from caravan_tui.web.signing import SECRET, Cookies

pytestmark = [pytest.mark.postgres, pytest.mark.e2e]
BOB = "SHA256:bobbobbobbobbobbobbobbobbobbobbobbobbobbob"


def web_server(home, url: str, secret: bytes) -> DatabaseServer:
    """A server on the database with a web seat on a port of its own, its secret ``secret``."""
    server = DatabaseServer(home, url, "--web", "0")
    (home / "server").mkdir(parents=True)
    fd = os.open(home / "server" / SECRET, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(secret)
    return server


async def tab_on(http: aiohttp.ClientSession, server: DatabaseServer, cookie: str) -> Tab:
    await eventually(lambda: b"web port" in server.said(), "the web seat to listen")
    url = server.said().split(b"web seat on ")[1].split(b"/ ")[0].decode()
    socket = await http.ws_connect(
        f"{url}/ws?cols=100&rows=30", headers={"Origin": url, "Cookie": f"{COOKIE}={cookie}"}
    )
    return Tab(socket)


async def test_a_browser_seat_is_back_at_its_seat_on_the_server_that_took_its_match_over(tmp_path, database_url):
    secret = secrets.token_bytes(32)
    one = await web_server(tmp_path / "one", database_url, secret).start()
    two = await web_server(tmp_path / "two", database_url, secret).start()
    cookie = Cookies(secret).sign(BOB)
    terminals: list[Terminal] = []
    try:
        async with aiohttp.ClientSession() as http:
            ann = await enter_as(one, ANN, "Ann")
            terminals.append(ann)
            await create_short_match(ann)
            match_id = one.match_ids()[0]
            bob = await tab_on(http, one, cookie)
            await bob.shows("What name do you play under?")
            await bob.press("Bob\r")
            await bob.shows("1 free seat")
            await bob.press("\r")
            await bob.shows("Don't show again (d)")
            await bob.press("d")
            await bob.shows("Bob (you) · pile")
            assert one.saved(match_id).seats[1] == f"remote:{BOB}"
            seen = one.saved(match_id).actions

            await one.kill()
            await eventually(
                lambda: one_hosts(database_url, two.proc.pid, match_id), "the second server to take over", WAIT
            )
            again = await tab_on(http, two, cookie)  # the page tries again: here, the other server
            await again.shows("Bob (you) · pile")
            assert two.saved(match_id).actions[: len(seen)] == seen
            assert two.saved(match_id).seats[1] == f"remote:{BOB}"
            await again.socket.close()
    finally:
        for term in terminals:
            term.conn.close()
        await one.stop()
        await two.stop()
