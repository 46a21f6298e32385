"""What the hub keeps beside the saves, in PostgreSQL (``caravan_tui.ssh.keeping.Keeping``):
names, hosted records, side logs, the connection log, shared by every host on the database.

What is read back is checked as the files' contents are (the same parsers): the database is one
more place a hostile value could have been put.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable

from psycopg.types.json import Jsonb

from caravan_tui.bus import MAX_NAME, Chat, line_problem
from caravan_tui.engine import Event
from caravan_tui.games import GAMES
from caravan_tui.lookalikes import marks
from caravan_tui.match.host import LATE, Said, in_order
from caravan_tui.pgstore.db import Database, DatabaseError
from caravan_tui.pgstore.lobby import LIVE
from caravan_tui.pgstore.matches import UNHELD
from caravan_tui.pgstore.moderation import PgModeration
from caravan_tui.pgstore.rated import PgRated
from caravan_tui.pgstore.reviews import PgReviewShelf
from caravan_tui.ssh.records import IDENTITY, HostedRecord, seat_of, side_log_from_data

#: characters of an address, an event and a host's name in the connection log
MAX_LOG_FIELD = 200


#: the columns of a hosted record, as ``record_from_row`` reads them
RECORD = "owners, grace, stand_in, ai_finish, invited, rematch, left_by, closed, codes"


def record_from_row(match_id: str, row) -> HostedRecord:
    """The record in ``row`` (the ``RECORD`` columns), checked as a file's is; ValueError."""
    owners, grace, stand_in, ai_finish, invited, rematch, left, closed, codes = row
    data = {"match_id": match_id, "owners": owners, "grace": grace, "stand_in": stand_in}
    for key, value in (
        ("ai_finish", ai_finish),
        ("invited", invited),
        ("rematch", rematch),
        ("left", left),
        ("closed", closed),
        ("codes", codes),
    ):
        if value is not None:  # (a row written before the column, or with none)
            data[key] = value
    return HostedRecord.from_data(data)


class NameTaken(DatabaseError):
    """Another identity keeps a name that looks like this one (the skeletons' unique indexes)."""


class PgNames:
    """Names by fingerprint in ``identities``; each name's two look-alike marks are unique
    columns, so two identities can never keep names that look alike, whichever hosts they
    chose them on."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def name(self, identity: str) -> str:
        with self.db.transaction() as cur:
            cur.execute("SELECT name FROM identities WHERE fingerprint = %s", (identity,))
            row = cur.fetchone()
        name = row[0] if row else ""
        return name if IDENTITY.fullmatch(identity) and line_problem(name, MAX_NAME, "") is None else ""

    def lookalike(self, name: str, besides: str) -> str | None:
        exact, caseless = marks(name)
        with self.db.transaction() as cur:
            cur.execute(
                "SELECT name FROM identities WHERE fingerprint <> %s "
                "AND (skeleton = %s OR caseless_skeleton = %s) LIMIT 1",
                (besides, exact, caseless),
            )
            row = cur.fetchone()
        return None if row is None else str(row[0])

    def keep(self, identity: str, name: str) -> None:
        exact, caseless = marks(name)
        try:
            with self.db.transaction() as cur:
                cur.execute(
                    "INSERT INTO identities (fingerprint, name, skeleton, caseless_skeleton) "
                    "VALUES (%s, %s, %s, %s) ON CONFLICT (fingerprint) DO UPDATE SET name = excluded.name, "
                    "skeleton = excluded.skeleton, caseless_skeleton = excluded.caseless_skeleton",
                    (identity, name, exact, caseless),
                )
        except DatabaseError as exc:
            if exc.unique:
                raise NameTaken(f"{name} looks like a name kept by someone else") from None
            raise

    def identity_of(self, name: str) -> str | None:
        with self.db.transaction() as cur:
            cur.execute("SELECT fingerprint FROM identities WHERE lower(name) = lower(%s) LIMIT 1", (name,))
            row = cur.fetchone()
        return str(row[0]) if row and IDENTITY.fullmatch(str(row[0])) else None

    def everyone(self) -> list[tuple[str, str]]:
        with self.db.transaction() as cur:
            cur.execute("SELECT fingerprint, name FROM identities ORDER BY lower(name)")
            return [
                (str(who), str(name))
                for who, name in cur.fetchall()
                if IDENTITY.fullmatch(str(who)) and line_problem(name, MAX_NAME, "") is None
            ]

    def games_introduced(self, identity: str) -> list[str]:
        with self.db.transaction() as cur:
            cur.execute("SELECT game FROM introduced WHERE fingerprint = %s ORDER BY game", (identity,))
            return [str(row[0]) for row in cur.fetchall() if row[0] in GAMES]

    def introduce(self, identity: str, game: str) -> None:
        if game not in GAMES:
            return
        with self.db.transaction() as cur:  # (a key with no name kept has no row to refer to: nothing)
            cur.execute(
                "INSERT INTO introduced (fingerprint, game) SELECT fingerprint, %s FROM identities "
                "WHERE fingerprint = %s ON CONFLICT DO NOTHING",
                (game, identity),
            )


class PgKeeping:
    """``Keeping`` in the database; ``host``: this server's name in the connection log."""

    def __init__(self, db: Database, host: str | None = None) -> None:
        self.db = db
        self.host = (host or socket.gethostname())[:MAX_LOG_FIELD]
        self.server = db.application  # how the database names this server's connections
        self.names = PgNames(db)
        self.rated = PgRated(db)
        self.moderation = PgModeration(db, self.host)
        self.reviews = PgReviewShelf(db)

    def finished_records(self) -> list[HostedRecord]:
        with self.db.transaction() as cur:
            cur.execute(
                f"SELECT id, {RECORD} FROM matches WHERE owners IS NOT NULL AND status <> 'playing' ORDER BY id"
            )
            rows = cur.fetchall()
        found = []
        for match_id, *columns in rows:
            try:
                found.append(record_from_row(match_id, columns))
            except ValueError:
                continue
        return found

    def records(self) -> list[tuple[str, HostedRecord | str]]:
        """The records of the hosted matches still being played that no server hosts (none
        holds their lock): a server starting, or one taking over from a server that stopped.
        Left out: a match another server still connected lists as its own, for after the
        database restarted (every lock let go) its host takes it back at its next look; another
        server taking it first sent its people to the lobby for nothing."""
        with self.db.transaction() as cur:
            cur.execute(
                f"SELECT id, {RECORD} FROM matches "
                f"WHERE owners IS NOT NULL AND status = 'playing' AND closed IS NULL AND {UNHELD} "
                "AND NOT EXISTS "
                "(SELECT 1 FROM lobby WHERE lobby.match_id = matches.id AND lobby.server <> %s "
                f"AND lobby.{LIVE}) ORDER BY id",
                (self.server,),
            )
            rows = cur.fetchall()
        found: list[tuple[str, HostedRecord | str]] = []
        for match_id, *columns in rows:
            try:
                found.append((match_id, record_from_row(match_id, columns)))
            except ValueError as exc:
                found.append((match_id, str(exc)))
        return found

    def keep_record(self, record: HostedRecord) -> None:
        """Beside its match's row (stored first, by the match's host)."""
        data = record.to_data()
        with self.db.transaction() as cur:
            cur.execute(
                "UPDATE matches SET owners = %s, grace = %s, stand_in = %s, ai_finish = %s, invited = %s, "
                "rematch = coalesce(rematch, %s), left_by = %s, closed = %s, codes = %s "
                "WHERE id = %s",
                (
                    Jsonb(record.owners),
                    record.grace,
                    record.stand_in,
                    record.ai_finish,
                    Jsonb(data["invited"]) if "invited" in data else None,
                    record.rematch,
                    Jsonb(data["left"]) if "left" in data else None,
                    record.closed,
                    Jsonb(data["codes"]) if "codes" in data else None,
                    record.match_id,
                ),
            )
            if cur.rowcount != 1:
                raise DatabaseError(f"the database holds no match {record.match_id}")

    def record(self, match_id: str) -> HostedRecord | None:
        with self.db.transaction() as cur:
            cur.execute(f"SELECT {RECORD} FROM matches WHERE id = %s AND owners IS NOT NULL", (match_id,))
            row = cur.fetchone()
        if row is None:
            return None
        try:
            return record_from_row(match_id, row)
        except ValueError:
            return None

    def keep_rematch(self, match_id: str, rematch: str) -> str:
        """One statement decides: of two servers asking at once, the second's update waits for
        the first's and then finds a rematch kept."""
        with self.db.transaction() as cur:
            cur.execute(
                "UPDATE matches SET rematch = coalesce(rematch, %s) WHERE id = %s AND owners IS NOT NULL "
                "RETURNING rematch",
                (rematch, match_id),
            )
            row = cur.fetchone()
        if row is None:
            raise DatabaseError(f"the database holds no hosted match {match_id}")
        return str(row[0])

    def played(self, identity: str, limit: int) -> list[tuple[str, int, bool, tuple[int, ...]]]:
        """The ``limit`` matches over, the last to end first, that ``identity`` held a seat of,
        or gave one up in (``seat_of``), with the seats given up in each."""
        with self.db.transaction() as cur:
            cur.execute(
                "SELECT id, owners, left_by FROM matches WHERE (owners @> %s OR left_by @> %s) "
                "AND status <> 'playing' ORDER BY updated DESC, id DESC LIMIT %s",
                (Jsonb([identity]), Jsonb([identity]), limit),
            )
            rows = cur.fetchall()
        found = []
        for match_id, owners, left_by in rows:
            left = dict(enumerate(left_by)) if isinstance(left_by, list) else {}
            if isinstance(owners, list) and (held := seat_of(owners, left, identity)) is not None:
                given = tuple(seat for seat, who in sorted(left.items()) if who is not None)
                found.append((match_id, *held, given))
        return found

    def side_log(self, match_id: str, players: int) -> tuple[list[Said], list[tuple[int, Event]]]:
        """The rows in the order they were said: a chat line's place among the notes is its row's
        (a row kept before its turn was: said after everything)."""
        with self.db.transaction() as cur:
            cur.execute(
                "SELECT kind, turn, seat, name, text FROM side_log WHERE match_id = %s ORDER BY seq", (match_id,)
            )
            rows = cur.fetchall()
        chat: list[dict[str, object]] = []
        chat_at: list[list[int]] = []
        notes: list[list[object]] = []
        for kind, turn, seat, name, text in rows:
            if kind == "chat":
                chat.append({"type": "Chat", "match": match_id, "seat": seat, "text": text, "name": name or ""})
                chat_at.append([LATE if turn is None else turn, len(notes)])
            else:
                notes.append([turn, text])
        return side_log_from_data({"chat": chat, "chat_at": chat_at, "notes": notes}, match_id, players)

    def keep_side_log(self, match_id: str, chat: Iterable[Said], notes: list[tuple[int, Event]]) -> None:
        """Replaces what was kept, in one transaction, in the order it was said."""
        rows = [
            ("chat", turn, line.seat, line.name, line.text)
            if isinstance(line, Chat)
            else ("note", turn, None, None, line.text)
            for turn, line in in_order(chat, notes)
        ]
        with self.db.transaction() as cur:
            cur.execute("DELETE FROM side_log WHERE match_id = %s", (match_id,))
            cur.executemany(
                "INSERT INTO side_log (match_id, seq, kind, turn, seat, name, text) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [(match_id, seq, *row) for seq, row in enumerate(rows)],
            )

    def connections_elsewhere(self, address: str) -> int:
        """The counts of the other servers still connected to the database (a server killed
        outright left its row behind: it no longer counts)."""
        with self.db.transaction() as cur:
            cur.execute(
                f"SELECT coalesce(sum(connections), 0) FROM addresses WHERE address = %s AND server <> %s AND {LIVE}",
                (address, self.server),
            )
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def count_connections(self, address: str, here: int) -> None:
        with self.db.transaction() as cur:
            if here:
                cur.execute(
                    "INSERT INTO addresses (server, address, connections) VALUES (%s, %s, %s) "
                    "ON CONFLICT (server, address) DO UPDATE SET connections = excluded.connections",
                    (self.server, address[:MAX_LOG_FIELD], here),
                )
            else:
                cur.execute(
                    "DELETE FROM addresses WHERE server = %s AND address = %s", (self.server, address[:MAX_LOG_FIELD])
                )

    def log_connection(self, connection: str, address: str, identity: str | None, open_for: float, event: str) -> None:
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO connections (host, connection, address, identity, open_for, event) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (
                    self.host,
                    connection[:MAX_LOG_FIELD],
                    address[:MAX_LOG_FIELD],
                    identity,
                    open_for,
                    event[:MAX_LOG_FIELD],
                ),
            )
