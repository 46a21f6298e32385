"""The reviews of finished matches kept with the matches in PostgreSQL (``serve --database``),
so that a review made on one server opens at once on every server sharing the database (the
files keep theirs beside the saves: ``saves.reviews``; DESIGN §6, the coach).

A review is a row of ``reviews`` keyed by its match, seat and key (``saves.reviews.key``: the
log it reviewed, by length and digest, the budget and the review's format), its plain data in
msgpack. Rows are only ever added: a second server that made the same review meanwhile adds
nothing (the key is taken), and one made of a longer log or at another budget is another row.
A review is not a write of the match: it changes nothing of its record and its host's lease is
not needed (the match is over; any server may review it), so it is not fenced by the match's
epoch. What a stale server could add is a review keyed by the exact log it read, which a
review made in iteration mode reproduces exactly. A row is read back as hostile as a file: too
large or not msgpack, it is no review (the review is made again and the row left as it is).
"""

from __future__ import annotations

import json
from typing import Any

import msgpack

from caravan_tui.pgstore.db import Database
from caravan_tui.saves.reviews import MAX_FILE, key
from caravan_tui.saves.snapshot import Snapshot


def stored_key(snapshot: Snapshot, seat: int, iterations: int) -> str:
    """The ``key`` column of ``snapshot``'s review for ``seat`` at this budget: canonical JSON."""
    return json.dumps(key(snapshot, seat, iterations), sort_keys=True, separators=(",", ":"))


class PgReviewShelf:
    """``saves.reviews.Shelf`` in the database ``db``: every call may raise DatabaseError (an
    OSError)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def read(self, snapshot: Snapshot, seat: int, iterations: int) -> Any | None:
        with self.db.transaction() as cur:
            cur.execute(
                "SELECT review FROM reviews WHERE match_id = %s AND seat = %s AND key = %s "
                "AND octet_length(review) <= %s",
                (snapshot.match_id, seat, stored_key(snapshot, seat, iterations), MAX_FILE),
            )
            row = cur.fetchone()
        if row is None:
            return None
        try:
            return msgpack.unpackb(bytes(row[0]), raw=False, strict_map_key=True)
        except (ValueError, msgpack.UnpackException, RecursionError):
            return None

    def write(self, snapshot: Snapshot, seat: int, iterations: int, review: Any) -> None:
        data = msgpack.packb(review, use_bin_type=True)
        if len(data) > MAX_FILE:
            raise OSError(f"the review of {snapshot.match_id} is too large to keep")
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO reviews (match_id, seat, key, review) VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (snapshot.match_id, seat, stored_key(snapshot, seat, iterations), data),
            )
