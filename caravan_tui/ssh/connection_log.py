"""``connections.log`` kept to a bounded size and a readable length (DESIGN §7).

A connect/close loop added 210 KB to the log in 10 s, for ever. Two things bound it:

- ``ConnectionLog`` rotates the file: past ``MAX_BYTES`` it becomes ``connections.log.1`` (the
  older ones move up to ``.KEEP``, the oldest goes), so the log never takes more than
  ``(KEEP + 1) × MAX_BYTES`` of disk.
- ``Bursts`` writes one line per burst of connections that end without logging in (refused, or
  gone before a key or a guest's entry): the first of a burst from an address in full, then, once
  ``QUIET`` seconds pass without another like it, one line saying how many more there were (a
  flood that goes on has its two lines a minute). A person who logs in is never folded into one.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MAX_BYTES = 2**20  #: bytes in connections.log before it is rotated (about 10,000 lines)
KEEP = 3  #: rotated files kept: connections.log.1 (the newest) to connections.log.3
QUIET = 10.0  #: seconds without a like connection that end a burst
LONGEST = 60.0  #: seconds after which a burst that goes on is counted in a line, and begins again


class ConnectionLog:
    """Lines appended to ``path`` and written out at once (a server killed outright keeps them),
    the file rotated before it passes ``max_bytes``."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, keep: int = KEEP) -> None:
        self.path, self.max_bytes, self.keep = Path(path), max_bytes, keep
        self._size: int | None = None  # the file's size, once known

    def write(self, line: str) -> None:
        """Append ``line``; OSError if it cannot be written."""
        data = (line + "\n").encode("utf-8", "replace")
        if self._size is None:
            try:
                self._size = self.path.stat().st_size
            except FileNotFoundError:
                self._size = 0
        if self._size and self._size + len(data) > self.max_bytes:
            self._rotate()
        with open(self.path, "ab") as file:
            file.write(data)
        self._size += len(data)

    def rotated(self, number: int) -> Path:
        return self.path.with_name(f"{self.path.name}.{number}")

    def _rotate(self) -> None:
        for number in range(self.keep - 1, 0, -1):
            if self.rotated(number).exists():
                os.replace(self.rotated(number), self.rotated(number + 1))
        os.replace(self.path, self.rotated(1))
        self._size = 0


@dataclass
class _Burst:
    began: float
    more: int = 0
    timer: asyncio.TimerHandle | None = None


class Bursts:
    """Connections that end without logging in, folded into one line per burst: ``end(address,
    event)`` says whether to write this one's line (the first of a burst); the others are counted
    and ``write(address, event)`` is called once the burst is over with the line that counts them."""

    def __init__(self, write: Callable[[str, str], None], quiet: float = QUIET, longest: float = LONGEST) -> None:
        self.write, self.quiet, self.longest = write, quiet, longest
        self.bursts: dict[tuple[str, str], _Burst] = {}

    def end(self, address: str, event: str) -> bool:
        key = (address, event)
        burst = self.bursts.get(key)
        if burst is not None and time.monotonic() - burst.began >= self.longest:
            self._over(key)
            burst = None
        first = burst is None
        if burst is None:
            burst = self.bursts[key] = _Burst(time.monotonic())
        else:
            burst.more += 1
        if burst.timer is not None:
            burst.timer.cancel()
        burst.timer = asyncio.get_running_loop().call_later(self.quiet, self._over, key)
        return first

    def close(self) -> None:
        """Every burst is over (the server stops): their lines are written now."""
        for key in list(self.bursts):
            self._over(key)

    def _over(self, key: tuple[str, str]) -> None:
        burst = self.bursts.pop(key)
        if burst.timer is not None:
            burst.timer.cancel()
        if burst.more:
            span = time.monotonic() - burst.began
            self.write(key[0], f"{key[1]}: {burst.more} more like it in {span:.0f} s")
