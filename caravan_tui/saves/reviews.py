"""Reviews kept beside the saves, so that a match's review opens at once the second time
(DESIGN §6, the coach): ``<root>/reviews/<match_id>.seat<N>.msgpack``, one file per reviewed
seat, written whole and atomically. The match's journal is never touched.

A kept review is keyed by the match it reviewed: its id, the number of moves in its log and a
digest of the log (so a match played on or brought to new rules is reviewed again), the seat
and the search budget. A file that does not match its key, or cannot be read, is no review:
it is computed again and written over. What it holds is checked by its reader
(``ai.review.Review.from_data``) like anything else from a file.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from typing import Any, Protocol

import msgpack

from caravan_tui.files import MiB, NotRegular, TooLarge, read_regular
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.saves.store import replace_file

FORMAT = "caravan-tui-review"
#: bumped when what a review holds or how it is judged changes: older files are judged again
VERSION = 24
MAX_FILE = 4 * MiB


def key(snapshot: Snapshot, seat: int, iterations: int) -> dict[str, Any]:
    """What a kept review must have been made from to stand for ``snapshot``'s ``seat``."""
    log = msgpack.packb([list(action) for action in snapshot.actions], use_bin_type=True)
    return {
        "format": FORMAT,
        "version": VERSION,
        "match": snapshot.match_id,
        "moves": len(snapshot.actions),
        "log": hashlib.sha256(log).hexdigest(),
        "seat": seat,
        "iterations": iterations,
    }


class Shelf(Protocol):
    """Where reviews are kept: these files, or with the matches in a database
    (``pgstore.reviews``). ``read`` gives the review kept for ``snapshot``'s ``seat`` at this
    budget, as plain data (checked by its reader), or None; ``write`` keeps one. Either may
    raise OSError (the storage failed)."""

    def read(self, snapshot: Snapshot, seat: int, iterations: int) -> Any | None: ...

    def write(self, snapshot: Snapshot, seat: int, iterations: int, review: Any) -> None: ...


class ReviewShelf:
    """The reviews kept under ``<root>/reviews`` (the root of the saves store)."""

    def __init__(self, root: Path) -> None:
        self.folder = Path(root) / "reviews"

    def path(self, match_id: str, seat: int) -> Path:
        if not match_id or match_id.startswith(".") or any(c in match_id for c in "/\\:\0"):
            raise ValueError(f"invalid match id {match_id!r}")
        return self.folder / f"{match_id}.seat{seat + 1}.msgpack"

    def read(self, snapshot: Snapshot, seat: int, iterations: int) -> Any | None:
        """The review kept for ``snapshot``'s ``seat`` at this budget, as plain data, or None
        (none kept, an older match or budget, or a file that cannot be read)."""
        try:
            data = read_regular(self.path(snapshot.match_id, seat), MAX_FILE)
            kept = msgpack.unpackb(data, raw=False, strict_map_key=True)
        except (OSError, ValueError, NotRegular, TooLarge, msgpack.UnpackException, RecursionError):
            return None
        if not isinstance(kept, dict) or kept.get("key") != key(snapshot, seat, iterations):
            return None
        return kept.get("review")

    def write(self, snapshot: Snapshot, seat: int, iterations: int, review: Any) -> None:
        """Keep ``review`` (plain data) for ``snapshot``'s ``seat``; OSError if it cannot be."""
        self.folder.mkdir(parents=True, exist_ok=True)
        data = msgpack.packb({"key": key(snapshot, seat, iterations), "review": review}, use_bin_type=True)
        path = self.path(snapshot.match_id, seat)
        replace_file(path, data, prefix=f".{path.name}-")

    def forget(self, match_id: str, players: int) -> None:
        """Remove the reviews kept of ``match_id`` (its save was deleted); best effort."""
        for seat in range(players):
            with contextlib.suppress(OSError, ValueError):
                self.path(match_id, seat).unlink(missing_ok=True)
