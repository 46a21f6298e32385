"""The rated matches in the server's folder (``ratings.jsonl``, one ``ratings.Entry`` a line),
behind the interface the database keeps them behind too (``RatedMatches``).

A derived file: the matches' records are the truth (``rating_check``), so a line that cannot
be read, a torn last line included, is only a line the next check writes again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Protocol

from caravan_tui.files import MiB, read_regular
from caravan_tui.saves.store import replace_file
from caravan_tui.ssh.ratings import Entry

#: bytes of the file read (a rated match's line is under 400 bytes: some 160,000 matches)
MAX_RATED = 64 * MiB


class RatedMatches(Protocol):
    """The entries of the rated matches in the order they were kept; every call may raise OSError."""

    def since(self, count: int) -> list[Entry | None] | None:
        """The entries kept after the first ``count`` (None in place of one that cannot be
        read), or None when fewer than ``count`` are kept (they were written again since)."""
        ...

    def add(self, entry: Entry) -> bool:
        """Keep ``entry`` after the others, unless its match is kept already (then False)."""
        ...

    def replace(self, entries: list[Entry]) -> None:
        """Keep exactly ``entries``, in their order."""
        ...


class RatedFile:
    """``RatedMatches`` in ``path``; one server's (the hub writes it from one thread at a time)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._kept: list[Entry | None] | None = None

    def _entries(self) -> list[Entry | None]:
        if self._kept is None:
            try:
                raw = read_regular(self.path, MAX_RATED)
            except FileNotFoundError:
                raw = b""
            except ValueError:  # not a regular file, too large: written again by the next check
                raw = b""
            self._kept = [_entry(line) for line in raw.splitlines() if line.strip()]
        return self._kept

    def since(self, count: int) -> list[Entry | None] | None:
        kept = self._entries()
        return None if len(kept) < count else kept[count:]

    def add(self, entry: Entry) -> bool:
        kept = self._entries()
        if any(e is not None and e.match == entry.match for e in kept):
            return False
        with open(self.path, "a+b") as file:
            torn = file.seek(0, os.SEEK_END) > 0 and file.seek(-1, os.SEEK_END) >= 0 and file.read(1) != b"\n"
            file.write(b"\n" * torn + _line(entry))  # (after a torn last line, on a line of its own)
            file.flush()
            os.fsync(file.fileno())
        kept.append(entry)
        return True

    def replace(self, entries: list[Entry]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(self.path, b"".join(_line(entry) for entry in entries), prefix=f".{self.path.name}-")
        self._kept = list(entries)


def _line(entry: Entry) -> bytes:
    return (json.dumps(entry.to_data(), separators=(",", ":")) + "\n").encode("utf-8")


def _entry(line: bytes) -> Entry | None:
    try:
        return Entry.from_data(json.loads(line))
    except (ValueError, RecursionError):  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        return None
