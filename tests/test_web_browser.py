"""The web seat in a real browser (Debian's chromium, driven by Playwright) beside SSH clients:
a link from the SSH lobby signs the browser in, a whole Decktet match is played by keys (and a
click) against a person on OpenSSH's own ``ssh`` client with chat both ways, a closed tab and a
server restart bring the person back to their seat, and a banned key and a forged cookie are
refused in the page (DESIGN §7).

The fixture installs chromium when it is missing and this run is root (``apt-get``); else every
test here is skipped, saying why; so is every test here where OpenSSH's ``ssh`` is missing."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from browser import BrowserTerminal, chromium_missing, launch
from openssh import OpenSSHTerminal, ssh_missing
from test_ssh_server import (
    ANN,
    BOB,
    CLI,
    EVE,
    GRACE,
    Server,
    eventually,
    fingerprint,
    moves,
    past_how_to_play,
    play,
)

from caravan_tui.hub_protocol import STOPPING_SAVED
from caravan_tui.saves.loading import load

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"http://127\.0\.0\.1:\d+/signin\?token=[A-Za-z0-9_-]{32}")


@pytest.fixture(scope="session")
def chromium() -> None:
    why = chromium_missing()
    if why is not None:
        pytest.skip(f"no browser for the web seat's tests: {why}")


@pytest.fixture
def openssh(tmp_path) -> Path:
    """The folder OpenSSH's client takes its keys from (the test is skipped where it is missing)."""
    why = ssh_missing()
    if why is not None:
        pytest.skip(f"no ssh client for the SSH side: {why}")
    return tmp_path / "keys"


@pytest.fixture
async def browser(chromium):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        yield browser
        await browser.close()


def free_port() -> int:
    """A port free now, for a web seat that must come back on the same one after a restart."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def in_the_lobby(server: Server, key, name: str, keys: Path, size: tuple[int, int] = (80, 24)) -> OpenSSHTerminal:
    """``name`` enters with ``ssh`` (giving their name if the server asks it) and is in the lobby."""
    term = await OpenSSHTerminal.open(server, key, keys, size)
    await term.wait_for(lambda text: "What name do you play under?" in text or f"playing as {name}" in text)
    if f"playing as {name}" not in term.text:
        term.press(name, "enter")
        await term.wait_for(f"playing as {name}")
    return term


async def link_from_the_lobby(server: Server, key, name: str, keys: Path) -> str:
    """``name`` enters with ``ssh``, presses l in the lobby and reads their sign-in link."""
    term = await in_the_lobby(server, key, name, keys, size=(110, 30))
    term.press("l")
    await term.wait_for(lambda text: LINK.search(text) is not None)
    link = LINK.search(term.text)[0]
    await term.close()
    return link


async def signed_in(context, link: str) -> BrowserTerminal:
    page = await context.new_page()
    await page.goto(link)
    await page.click("#sign-in")
    await page.wait_for_url(link.split("/signin")[0] + "/")
    return BrowserTerminal(page)


async def page_text(page) -> str:
    return await page.inner_text("body")


async def test_a_browser_plays_a_whole_match_with_an_ssh_player_through_a_closed_tab_and_a_restart(
    tmp_path, browser, openssh
):
    web = free_port()
    server = await Server(tmp_path, "--web", str(web), grace=GRACE).start()
    home = f"http://127.0.0.1:{web}/"
    try:
        link = await link_from_the_lobby(server, ANN, "Ann", openssh)
        context = await browser.new_context(viewport={"width": 760, "height": 450})
        ann = await signed_in(context, link)
        await ann.wait_for("playing as Ann")  # her key's name, in the same lobby
        ann.press("c")  # a short match, by keys, then the mouse
        await ann.wait_for("Create a match")
        ann.press("ctrl+o")
        await ann.wait_for("Options set for a short match.")
        ann.press("ctrl+g")
        await ann.wait_for("Don't show again (d)")
        await ann.click("Don't show again (d)")
        await ann.wait_for("(you) · pile")
        match_id = server.match_ids()[0]
        bob = await in_the_lobby(server, BOB, "Bob", openssh)  # in a terminal, with OpenSSH's ssh
        await bob.wait_for("1 free seat")
        bob.press("enter")
        await past_how_to_play(bob)
        await bob.wait_for("Bob (you) · pile")
        assert server.saved(match_id).seats == [f"remote:{fingerprint(ANN)}", f"remote:{fingerprint(BOB)}"]

        ann.press("t")  # chat from the page reaches the SSH player, and back
        await ann.wait_for("Say to the table")
        ann.press("salt for camels?", "enter")
        await eventually(lambda: b"Ann says: salt for camels?" in bob.raw, "Ann's line over SSH")
        bob.press("t")
        await bob.wait_for("Say to the table")
        bob.press("dates", "enter")
        await ann.wait_for("Bob says: dates")

        bob_plays = asyncio.create_task(play(server, bob, 1, match_id))
        await play(server, ann, 0, match_id, until=lambda: moves(server, match_id) >= 3)

        # the tab is closed: her seat waits the grace, then an AI stands in until she is back
        await ann.close()
        dropped = len(server.saved(match_id).actions)
        await eventually(lambda: 0 in load(server.store(), match_id).movers[dropped:], "the stand-in's move")
        assert server.saved(match_id).seats[0] == "ai:normal"
        page = await context.new_page()
        await page.goto(home)  # the cookie: straight back into her seat
        ann = BrowserTerminal(page)
        await ann.wait_for("Ann (you) · pile")
        await eventually(lambda: server.saved(match_id).seats[0] == f"remote:{fingerprint(ANN)}", "her seat back")
        at = moves(server, match_id)
        await play(server, ann, 0, match_id, until=lambda: moves(server, match_id) >= at + 2)

        # the server restarts: the page tries again until it is back, and she is at her seat
        bob_plays.cancel()
        before = server.saved(match_id).actions
        await server.stop()
        await bob.close()  # his ssh has ended with the connection
        await ann.wait_for(STOPPING_SAVED)
        await page.wait_for_function("document.getElementById('status').textContent.includes('connection is lost')")
        server = await Server(tmp_path, "--web", str(web), grace=GRACE).start()
        await ann.wait_for("Ann (you) · pile", timeout=60)
        bob = await OpenSSHTerminal.open(server, BOB, openssh)
        await bob.wait_for("Bob (you) · pile")
        assert server.saved(match_id).actions[: len(before)] == before
        await asyncio.gather(play(server, ann, 0, match_id), play(server, bob, 1, match_id))
        assert server.saved(match_id).status == "over"
        await ann.close()
        await context.close()
        await bob.close()
    finally:
        await server.stop()
    log = (server.root / "connections.log").read_text()
    assert f"{fingerprint(ANN)}\t0.0s\tweb: signed in by link" in log and "web: the person left" in log


async def test_a_banned_key_and_a_forged_cookie_are_refused_in_the_page(tmp_path, browser, openssh):
    web = free_port()
    server = await Server(tmp_path, "--web", str(web)).start()
    home = f"http://127.0.0.1:{web}/"
    try:
        first, second = (
            await link_from_the_lobby(server, EVE, "Eve", openssh),
            await link_from_the_lobby(server, EVE, "Eve", openssh),
        )
        signed = await browser.new_context()
        eve = await signed_in(signed, first)
        await eve.wait_for("playing as Eve")
        await eve.close()

        env = {**os.environ, "CARAVAN_TUI_HOME": str(server.home)}
        banned = subprocess.run(
            [sys.executable, "-c", CLI, "admin", "ban", "Eve", "--reason", "spam"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert banned.returncode == 0, banned.stderr
        page = await signed.new_page()
        await page.goto(home)  # her cookie: refused, in one line
        assert (await page_text(page)).strip() == "refused: this key is banned from this server: spam"
        other = await browser.new_context()
        page = await other.new_page()
        await page.goto(second)  # a link she had asked for before the ban
        await page.click("#sign-in")
        assert (await page_text(page)).strip() == "refused: this key is banned from this server: spam"
        assert not [c for c in await other.cookies() if c["name"] == "caravan_seat"]

        forged = await browser.new_context()
        value = next(c for c in await signed.cookies() if c["name"] == "caravan_seat")["value"]
        payload, mac = value.split(".")
        for made_up in (f"{payload}.{mac[:-4]}AAAA", value.replace(payload, payload[:-4] + "QUJD")):
            await forged.clear_cookies()
            await forged.add_cookies([{"name": "caravan_seat", "value": made_up, "url": home}])
            page = await forged.new_page()
            await page.goto(home)
            assert (await page_text(page)).strip() == (
                "refused: this browser's sign-in was not made by this server: ask for a new link in the SSH lobby"
            )
            await page.close()
        assert not server.children()  # no session was started for any of them
        for context in (signed, other, forged):
            await context.close()
    finally:
        await server.stop()
    log = (server.root / "connections.log").read_text()
    assert "web: refused: this key is banned from this server: spam" in log
    assert "web: refused: this browser's sign-in was not made by this server" in log


def test_the_web_load_benchmark_times_page_loads_and_keys_in_the_page(tmp_path, chromium):
    """A short run of benchmarks/web_load.py: the whole path its figures come from still works."""
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "web_load.py"),
            "--seats",
            "2",
            "--seconds",
            "3",
            "--json",
            str(out),
        ],
        cwd=ROOT,
        env={**os.environ, "CARAVAN_TUI_AI_BUDGET": "iterations"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (row,) = json.loads(out.read_text())
    assert row["seats"] == 2 and row["page_load_ms"]["max"] > 0
    assert row["web_key_ms"]["n"] + row["web_key_ms"]["misses"] >= 2  # keys were pressed in each page
    assert row["session_pss_mb"]["sessions"] == 4  # two tabs' sessions beside two SSH ones
