"""A real browser for the web seat's tests and benchmark: Debian's chromium driven by Playwright
(it cannot fetch a browser of its own here), and a tab's terminal read as a person sees it."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import shutil
import subprocess
from typing import Any

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
INSTALL = 20 * 60  # seconds apt-get may take to install chromium
INSTALLING = "/tmp/caravan-tui-chromium.lock"
WAIT = 30  # seconds; only guards against a hung test
#: a key as the SSH tests name it, as Playwright's keyboard names it
KEYS = {
    "enter": "Enter",
    "tab": "Tab",
    "escape": "Escape",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "right": "ArrowRight",
    "left": "ArrowLeft",
    "ctrl+g": "Control+g",
    "ctrl+o": "Control+o",
}
#: the text of the terminal's rows, as xterm.js's renderer draws them (non-breaking spaces as spaces)
SCREEN_TEXT = """() => Array.from(document.querySelectorAll('.xterm-rows > div'),
                                 row => row.textContent.replace(/\\u00a0/g, ' ')).join('\\n')"""

#: where the page draws ``words`` (its first character's box: x, y, width, height), or null
WHERE = """words => {
  for (const row of document.querySelectorAll('.xterm-rows > div')) {
    const at = row.textContent.replace(/\\u00a0/g, ' ').indexOf(words);
    if (at < 0) continue;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (seen + node.length > at) {
        const range = document.createRange();
        range.setStart(node, at - seen);
        range.setEnd(node, at - seen + 1);
        const box = range.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height];
      }
      seen += node.length;
    }
  }
  return null;
}"""


def chromium_missing() -> str | None:
    """Why no browser can be had here (None: /usr/bin/chromium is there, installed now if it was
    not and this process may install it)."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[test]'"
    if os.path.exists(CHROMIUM):
        return None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return f"{CHROMIUM} is missing and cannot be installed here (apt-get install chromium needs root)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    with open(INSTALLING, "w") as lock:  # one test process installs it; the others wait, then find it
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(CHROMIUM):
            return None
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=INSTALL)
            if done.returncode != 0:
                return f"{' '.join(command)} failed: {(done.stderr or done.stdout).strip()[-300:]}"
    return None if os.path.exists(CHROMIUM) else f"apt-get installed chromium, but not as {CHROMIUM}"


async def launch(playwright: Any) -> Any:
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)


class BrowserTerminal:
    """A tab's terminal with the shape the SSH tests' ``Terminal`` has (``text``, ``line``,
    ``press``, ``wait_for``): its text is read from the page every ``every`` seconds."""

    def __init__(self, page: Any, every: float = 0.05) -> None:
        self.page, self.every = page, every
        self.text = ""
        self._keys: asyncio.Queue[str] = asyncio.Queue()
        self._reading = asyncio.create_task(self._read())
        self._typing = asyncio.create_task(self._type())

    async def _read(self) -> None:
        while not self.page.is_closed():
            with contextlib.suppress(Exception):  # (the page navigated, or closed: read again, or stop)
                self.text = await self.page.evaluate(SCREEN_TEXT)
            await asyncio.sleep(self.every)

    async def _type(self) -> None:
        while True:
            key = await self._keys.get()
            if key in KEYS or len(key) == 1:
                await self.page.keyboard.press(KEYS.get(key, key))
            else:
                await self.page.keyboard.type(key)
            self._keys.task_done()

    def line(self, row: int) -> str:
        lines = self.text.split("\n")
        return lines[row] if row < len(lines) else ""

    def press(self, *keys: str) -> None:
        """Typed in order, after every key pressed before."""
        for key in keys:
            self._keys.put_nowait(key)

    async def click(self, words: str, timeout: float = WAIT) -> None:
        """A click with the mouse on the first character of ``words`` where the page shows them:
        looked for until they are there (the screen's text read a moment before said they were,
        and the page, redrawn meanwhile on a busy machine, had not laid them out again yet)."""
        box = None
        for _ in range(int(timeout / self.every)):
            box = await self.page.evaluate(WHERE, words)
            if box is not None:
                break
            await asyncio.sleep(self.every)
        assert box is not None, f"{words!r} is not in the page; it shows:\n{self.text}"
        await self.page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2)

    async def typed(self) -> None:
        await self._keys.join()

    async def wait_for(self, what: Any, timeout: float = WAIT) -> None:
        test = what if callable(what) else (lambda text: what in text)
        for _ in range(int(timeout / 0.05)):
            if test(self.text):
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what!r} in the page; it shows:\n{self.text}")

    async def close(self) -> None:
        self._reading.cancel()
        self._typing.cancel()
        if not self.page.is_closed():
            await self.page.close()
