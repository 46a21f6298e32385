"""What a web seat costs and how it feels (``caravan-tui serve --web``): N browser seats (tabs of
Debian's chromium, driven by Playwright) beside N SSH sessions on one server, every one pressing
keys at a human pace, each browser key timed in the page itself.

    nice -n 10 python benchmarks/web_load.py --seats 10 20 --seconds 60 [--json FILE]

For each N a fresh server starts with its people's names already kept (the browsers hold cookies
signed with the server's secret, as a sign-in link leaves them), so a session opens on the lobby.
Measured:

- page load: from the browser asked for the page to the lobby drawn in its terminal ("playing
  as W3"): the page, xterm.js, the WebSocket, the session's process and its first screen;
- key → screen: each seat thinks 0.7–1.3 s, presses ``h`` (the history of its matches: a
  request to the hub and a screen back) or escape (back to the lobby, in the session alone), and
  the page times from the key's ``keydown`` to the change drawn in xterm.js's rows (a
  ``MutationObserver``); the SSH sessions do the same, timed by their pyte screens, for
  comparison. A change that does not come within ``--timeout`` is a miss, counted;
- memory per web seat: the server process's own PSS after the tabs opened, less before, per tab
  (what the WebSocket and its session's bridge hold), and each session process's PSS (the same
  process an SSH session runs, forked from the zygote).

The browser's own processes are the people's, not the server's: their CPU is not counted, but it
is on the same machine, so read every figure with the load average it reports.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from ssh_load import ms, processes_under, pss_mb

from caravan_tui.ssh.records import Identities
from caravan_tui.web.seat import COOKIE
from caravan_tui.web.signing import SECRET, Cookies, server_secret

CLI = "import sys; from caravan_tui.cli import main; sys.exit(main(sys.argv[1:]))"
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 760, "height": 450}  # about 80×24 cells, as the SSH sessions have
SIZE = (80, 24)
HISTORY = "Finished matches · enter: replay"  # the history screen is drawn
#: the page's probe: ``keydown`` to the first change of xterm.js's rows that shows (or no longer
#: shows) the mark; ``window.timed(want)`` arms it and resolves with the milliseconds
PROBE = """mark => {
  const rows = document.querySelector('.xterm-rows');
  const text = () => rows.textContent.replace(/\\u00a0/g, ' ');
  let want = null, began = null, done = null;
  document.addEventListener('keydown', () => { if (want !== null && began === null) began = performance.now(); },
                            true);
  new MutationObserver(() => {
    if (began !== null && text().includes(mark) === want) {
      done(performance.now() - began);
      want = began = null;
    }
  }).observe(rows, {childList: true, subtree: true, characterData: true});
  window.arm = (shows) => { want = shows; began = null; window.timed = new Promise(r => { done = r; }); };
}"""


def median_interval(values: list[float]) -> list[float]:
    """A 95% interval of the median, from the order statistics (distribution-free): milliseconds."""
    if len(values) < 6:
        return [math.nan, math.nan]
    ordered, half = sorted(values), 0.98 * math.sqrt(len(values))
    low, high = max(0, int(len(values) / 2 - half)), min(len(values) - 1, math.ceil(len(values) / 2 + half))
    return [round(1000 * ordered[low], 1), round(1000 * ordered[high], 1)]


def mean_interval(values: list[float]) -> list[float]:
    """The mean and its 95% interval's half width (normal approximation)."""
    if len(values) < 2:
        return [round(sum(values), 2), math.nan]
    return [round(statistics.fmean(values), 2), round(1.96 * statistics.stdev(values) / math.sqrt(len(values)), 2)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SshPerson:
    """An SSH session read through pyte, pressing the same keys as a browser seat."""

    def __init__(self, name: str, key: asyncssh.SSHKey) -> None:
        self.name, self.key = name, key
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()

    async def open(self, port: int) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username="p",
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
            preferred_auth="publickey",
        )
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
        self.reading = asyncio.create_task(self._read())
        await self.until(lambda: f"playing as {self.name}" in self.text(), 60)

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(65536):
                self.stream.feed(data)
                self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, condition: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not condition():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return True

    async def press(self, key: str, shows: bool, timeout: float) -> float | None:
        began = time.monotonic()
        self.process.stdin.write(key.encode())
        if await self.until(lambda: (HISTORY in self.text()) == shows, timeout):
            return time.monotonic() - began
        return None

    def close(self) -> None:
        self.reading.cancel()
        self.conn.close()


async def browser_seat(context: Any, url: str, name: str) -> tuple[Any, float]:
    """A tab opened on the lobby; the seconds from asking for the page to the lobby drawn."""
    page = await context.new_page()
    began = time.monotonic()
    await page.goto(url)
    await page.wait_for_function(
        "name => { const rows = document.querySelector('.xterm-rows');"
        " return rows && rows.textContent.replace(/\\u00a0/g, ' ').includes(name); }",
        arg=f"playing as {name}",
        timeout=120_000,
        polling=10,
    )
    loaded = time.monotonic() - began
    await page.evaluate(PROBE, HISTORY)
    return page, loaded


async def press_in_page(page: Any, key: str, shows: bool, timeout: float) -> float | None:
    await page.evaluate("shows => window.arm(shows)", shows)
    await page.keyboard.press(key)
    timed = await page.evaluate(
        "t => Promise.race([window.timed, new Promise(r => setTimeout(() => r(null), t))])", timeout * 1000
    )
    return None if timed is None else timed / 1000


async def like_a_person(
    press: Any, until: float, rng: random.Random, times: list[float], misses: list[int], timeout: float
) -> None:
    """``h`` then escape, again and again, 0.7–1.3 s apart, until ``until``."""
    shows = True
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0.7, 1.3))
        took = await press("h" if shows else "Escape", shows, timeout)
        if took is None:
            misses[0] += 1
            return  # (its screen is not where the next key expects it)
        times.append(took)
        shows = not shows


async def start_server(home: Path, web: int) -> asyncio.subprocess.Process:
    env = {**os.environ, "CARAVAN_TUI_HOME": str(home), "CARAVAN_TUI_AI_BUDGET": "iterations"}
    said = home / "serve.out"
    with open(said, "wb") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            CLI,
            "serve",
            "--port",
            "0",
            "--web",
            str(web),
            "--per-address",
            "500",
            "--max-sessions",
            "500",
            "--max-pre-login",
            "1000",
            env=env,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
        )
    for _ in range(600):
        if b"web port" in said.read_bytes():
            return proc
        await asyncio.sleep(0.05)
    raise RuntimeError(said.read_text())


async def run(n: int, args: argparse.Namespace, playwright: Any) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="web-load-"))
    root = home / "server"
    root.mkdir(parents=True)
    names = Identities(root / "identities.json")
    cookies = Cookies(server_secret(root / SECRET))
    seats = [(f"W{i}", f"SHA256:webload{i:04d}{'x' * 32}") for i in range(n)]
    people = [SshPerson(f"S{i}", asyncssh.generate_private_key("ssh-ed25519")) for i in range(n)]
    for name, identity in seats:
        names.keep(identity, name)
    for person in people:
        names.keep(person.key.get_fingerprint("sha256"), person.name)
    web = free_port()
    proc = await start_server(home, web)
    url = f"http://127.0.0.1:{web}/"
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
    try:
        port = int(re.search(rb"port (\d+)", (home / "serve.out").read_bytes())[1])  # type: ignore[index]
        for person in people:
            await person.open(port)
        await asyncio.sleep(1)
        server_before = pss_mb(proc.pid)
        pages, loads = [], []
        for name, identity in seats:
            context = await browser.new_context(viewport=VIEWPORT)
            await context.add_cookies([{"name": COOKIE, "value": cookies.sign(identity), "url": url}])
            page, loaded = await browser_seat(context, url, name)
            pages.append(page)
            loads.append(loaded)
        await asyncio.sleep(1)
        server_after = pss_mb(proc.pid)
        sessions = processes_under(proc.pid)["sessions"]
        session_pss = [pss_mb(pid) for pid in sessions]
        web_times: list[float] = []
        ssh_times: list[float] = []
        web_misses, ssh_misses = [0], [0]
        rng = random.Random(n)
        until = time.monotonic() + args.seconds

        def in_page(page: Any) -> Any:
            return lambda key, shows, timeout: press_in_page(page, key, shows, timeout)

        def over_ssh(person: SshPerson) -> Any:
            return lambda key, shows, timeout: person.press("\x1b" if key == "Escape" else key, shows, timeout)

        await asyncio.gather(
            *(
                like_a_person(in_page(page), until, random.Random(rng.random()), web_times, web_misses, args.timeout)
                for page in pages
            ),
            *(
                like_a_person(over_ssh(person), until, random.Random(rng.random()), ssh_times, ssh_misses, args.timeout)
                for person in people
            ),
        )
        row = {
            "seats": n,
            "ssh": n,
            "seconds": args.seconds,
            "page_load_ms": {**ms(loads), "p50_95": median_interval(loads), "max": round(1000 * max(loads), 1)},
            "web_key_ms": {
                **ms(web_times),
                "p50_95": median_interval(web_times),
                "n": len(web_times),
                "misses": web_misses[0],
            },
            "ssh_key_ms": {
                **ms(ssh_times),
                "p50_95": median_interval(ssh_times),
                "n": len(ssh_times),
                "misses": ssh_misses[0],
            },
            "server_pss_mb": {
                "before_tabs": round(server_before, 1),
                "after_tabs": round(server_after, 1),
                "per_tab": round((server_after - server_before) / max(1, n), 2),
            },
            "session_pss_mb": {"mean_and_95": mean_interval(session_pss), "sessions": len(session_pss)},
            "loadavg": [round(x, 2) for x in os.getloadavg()],
        }
    finally:
        await browser.close()
        for person in people:
            with contextlib.suppress(AttributeError):
                person.close()
        proc.terminate()
        await proc.wait()
    return row


def line(row: dict[str, Any]) -> str:
    load, web, ssh = row["page_load_ms"], row["web_key_ms"], row["ssh_key_ms"]
    session = row["session_pss_mb"]["mean_and_95"]

    def spread(timed: dict[str, Any]) -> str:
        low, high = timed["p50_95"]
        return f"p50 {timed['p50']:.0f} ({low:.0f}–{high:.0f})"

    return (
        f"{row['seats']:>3} web + {row['ssh']:>3} ssh | page load {spread(load)} ms, max {load['max']:.0f} | "
        f"key→screen web {spread(web)}, p95 {web['p95']:.0f} ms (n {web['n']}, misses {web['misses']}); "
        f"ssh {spread(ssh)}, p95 {ssh['p95']:.0f} ms (n {ssh['n']}, misses {ssh['misses']}) | "
        f"server +{row['server_pss_mb']['per_tab']:.2f} MB a tab, session {session[0]:.1f} ± {session[1]:.1f} MB "
        f"| load {row['loadavg'][0]:.1f}"
    )


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    rows = []
    async with async_playwright() as playwright:
        for n in args.seats:
            row = await run(n, args, playwright)
            print(line(row), flush=True)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, nargs="+", default=[10, 20], help="browser seats (and as many SSH)")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of keys at each size")
    parser.add_argument("--timeout", type=float, default=10, help="seconds a key's change may take before a miss")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"web_load: {CHROMIUM} is needed (apt-get install chromium)")
    rows = asyncio.run(main_async(args))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
