"""The rated matches in PostgreSQL (``caravan_tui.ssh.rated_file.RatedMatches``), shared by every
server on the database: one row per match, in the order kept (``seq``). Every server folds the
same rows in the same order, so all show the same ratings; a match two servers rate at once is
kept once (its id is the key). Each row read back is checked as a file's line is.
"""

from __future__ import annotations

from psycopg.types.json import Jsonb

from caravan_tui.pgstore.db import Database
from caravan_tui.ssh.ratings import Entry

#: serialises writing the rows again with the servers adding to them
_RATED_LOCK = (0x63617261, 2)


class PgRated:
    def __init__(self, db: Database) -> None:
        self.db = db

    def since(self, count: int) -> list[Entry | None] | None:
        with self.db.transaction() as cur:
            cur.execute("SELECT count(*) FROM rated")
            row = cur.fetchone()
            if row is None or row[0] < count:
                return None
            cur.execute("SELECT entry FROM rated ORDER BY seq OFFSET %s", (count,))
            rows = cur.fetchall()
        found: list[Entry | None] = []
        for (data,) in rows:
            try:
                found.append(Entry.from_data(data))
            except ValueError:
                found.append(None)
        return found

    def add(self, entry: Entry) -> bool:
        with self.db.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock_shared(%s, %s)", _RATED_LOCK)
            cur.execute(
                "INSERT INTO rated (match_id, entry) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (entry.match, Jsonb(entry.to_data())),
            )
            return cur.rowcount == 1

    def replace(self, entries: list[Entry]) -> None:
        with self.db.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, %s)", _RATED_LOCK)
            cur.execute("DELETE FROM rated")
            cur.executemany(
                "INSERT INTO rated (match_id, entry) VALUES (%s, %s)",
                [(entry.match, Jsonb(entry.to_data())) for entry in entries],
            )
