"""One host's connection to the shared PostgreSQL (``serve --database``), and the tables.

A host keeps a few connections (``Link``s); a match's lock (a session advisory lock: it belongs
to the connection, so it ends when the connection does, however the host ends) and its writes go
through the link its id hashes to, so no write can outlive the lock it is made under, and the
commits of matches on different links reach the disk side by side (on one connection they would
wait for each other's fsync). Threads share a link one transaction at a time. A connection that
broke is made again on the next call, but the locks taken on the old one are gone: a link's
``generation`` tells a lock whether it still holds.

Every failure of the database (unreachable, restarted, a constraint) reaches the callers as an
``OSError`` saying what happened in words, as a full disk does for the file store, so the match
host's "unsaved, retrying" path covers both.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import Any

import psycopg
from psycopg import errors

from caravan_tui.saves.backend import StoreFailed

#: the tables' layout; a database made by a later version says so and is refused (2: the
#: ``records`` of a match and its ``epoch``; layout 1 kept moves alone, copied over on start)
SCHEMA_VERSION = 2
#: seconds to wait for the database on connecting
CONNECT_TIMEOUT = 10
#: connections a host keeps for its matches (made as they are first needed)
LINKS = 4
#: the advisory lock (class, object) that serialises making the tables across hosts
_SCHEMA_LOCK = (0x63617261, 0)

SCHEMA = """
CREATE TABLE IF NOT EXISTS caravan_schema (version integer NOT NULL);
-- a match: its save's header (the codec's bytes, without the moves), the hosted record beside it
CREATE TABLE IF NOT EXISTS matches (
    id text PRIMARY KEY,
    header bytea NOT NULL,
    status text NOT NULL,
    updated double precision NOT NULL,
    owners jsonb,
    grace integer,
    stand_in text
);
-- the rest of the hosted record: stand-ins finish it, a rematch's seats kept for people (one
-- identity or null per seat), the id of its one rematch
ALTER TABLE matches ADD COLUMN IF NOT EXISTS ai_finish boolean;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS invited jsonb;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS rematch text;
-- layout 1's moves (copied into records once, on the first start of layout 2; never written since)
CREATE TABLE IF NOT EXISTS moves (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    turn integer NOT NULL,
    action bytea NOT NULL,
    weighed bytea,
    at double precision NOT NULL,
    PRIMARY KEY (match_id, turn)
);
-- the epoch of the host that writes the match: taking a match over makes it one more, and a write
-- carrying an older one is refused (a host that stalled and came back cannot write over another)
ALTER TABLE matches ADD COLUMN IF NOT EXISTS epoch bigint NOT NULL DEFAULT 0;
-- a match's records after its header, in order (a move, an undo: the journal's own record bytes),
-- only ever appended: the commit of an insert is the acknowledgement, and the key makes a second
-- writer's record at the same place fail instead of forking the match
CREATE TABLE IF NOT EXISTS records (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    record bytea NOT NULL,
    epoch bigint NOT NULL,
    PRIMARY KEY (match_id, seq)
);
-- what the match's log showed beside the moves: chat lines and notes on seats changing hands
CREATE TABLE IF NOT EXISTS side_log (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('chat', 'note')),
    turn integer,
    seat integer,
    name text,
    text text NOT NULL,
    PRIMARY KEY (match_id, seq)
);
-- names by key fingerprint: a name that looks like another is refused by the indexes
CREATE TABLE IF NOT EXISTS identities (
    fingerprint text PRIMARY KEY,
    name text NOT NULL,
    skeleton text NOT NULL,
    caseless_skeleton text NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS identities_skeleton ON identities (skeleton);
CREATE UNIQUE INDEX IF NOT EXISTS identities_caseless_skeleton ON identities (caseless_skeleton);
-- the games whose "How to play" a key dismissed for good
CREATE TABLE IF NOT EXISTS introduced (
    fingerprint text NOT NULL REFERENCES identities ON DELETE CASCADE,
    game text NOT NULL,
    PRIMARY KEY (fingerprint, game)
);
-- connections logged in from each address on each server (named as its connections are), so
-- that --per-address holds across servers
CREATE TABLE IF NOT EXISTS addresses (
    server text NOT NULL,
    address text NOT NULL,
    connections integer NOT NULL,
    PRIMARY KEY (server, address)
);
-- the servers on the database: where each listens for links from the others (named as its
-- connections are), and the secret they answer each other's challenges with
CREATE TABLE IF NOT EXISTS servers (
    name text PRIMARY KEY,
    link_host text NOT NULL,
    link_port integer NOT NULL
);
CREATE TABLE IF NOT EXISTS cluster (
    id integer PRIMARY KEY CHECK (id = 1),
    secret bytea NOT NULL
);
-- the links' TLS key and certificate (made by the first server to start)
ALTER TABLE cluster ADD COLUMN IF NOT EXISTS tls_cert bytea;
ALTER TABLE cluster ADD COLUMN IF NOT EXISTS tls_key bytea;
-- each server's last look for matches to take over (the database's clock): a server silent for
-- longer than takeover.SILENT is stopped by the others (its connections ended, its locks with them)
CREATE TABLE IF NOT EXISTS beats (
    server text PRIMARY KEY,
    at timestamptz NOT NULL,
    since timestamptz NOT NULL  -- since when it has looked without a pause of half that
);
-- who is online on each server (a name in the lobby of every server)
CREATE TABLE IF NOT EXISTS online (
    server text NOT NULL,
    name text NOT NULL,
    PRIMARY KEY (server, name)
);
-- each server's open matches as its lobby shows them, with their seats' owners
CREATE TABLE IF NOT EXISTS lobby (
    match_id text PRIMARY KEY,
    server text NOT NULL,
    row jsonb NOT NULL,
    owners jsonb NOT NULL
);
-- who each seat a rematch keeps is kept for (one identity or null per seat)
ALTER TABLE lobby ADD COLUMN IF NOT EXISTS kept jsonb NOT NULL DEFAULT '[]';
-- the seats whose person gave them up (one identity or null per seat): whose result each still is
ALTER TABLE matches ADD COLUMN IF NOT EXISTS left_by jsonb;
-- the rated matches, in the order they were rated (ssh.ratings.Entry as JSON): the ratings are
-- these folded in order, and are made again from the matches' records when they differ
CREATE TABLE IF NOT EXISTS rated (
    seq bigserial PRIMARY KEY,
    match_id text NOT NULL UNIQUE,
    entry jsonb NOT NULL
);
-- moderation: the keys banned on every server, chat muted until a time, and every action taken
CREATE TABLE IF NOT EXISTS bans (
    fingerprint text PRIMARY KEY,
    at double precision NOT NULL,
    by_name text NOT NULL,
    reason text NOT NULL
);
CREATE TABLE IF NOT EXISTS mutes (
    fingerprint text PRIMARY KEY,
    until double precision NOT NULL
);
CREATE TABLE IF NOT EXISTS moderation_log (
    at timestamptz NOT NULL DEFAULT now(),
    server text NOT NULL,
    by_name text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    detail text NOT NULL
);
-- a match an operator closed (its people told why; never resumed, its record kept)
ALTER TABLE matches ADD COLUMN IF NOT EXISTS closed text;
-- the hash of each guest's seat code (one hash or null per seat): a guest's way back to the seat
ALTER TABLE matches ADD COLUMN IF NOT EXISTS codes jsonb;
-- the reviews of finished matches (the coach), kept with them for every server: one a seat and
-- key (saves.reviews.key as JSON: the log reviewed, its digest, the budget, the review format),
-- the review's plain data in msgpack; only ever added, never replaced (the first one made stays)
CREATE TABLE IF NOT EXISTS reviews (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat integer NOT NULL,
    key text NOT NULL,
    review bytea NOT NULL,
    PRIMARY KEY (match_id, seat, key)
);
-- who connected, from where, through which host, how it ended
CREATE TABLE IF NOT EXISTS connections (
    at timestamptz NOT NULL DEFAULT now(),
    host text NOT NULL,
    connection text NOT NULL,
    address text NOT NULL,
    identity text,
    open_for real NOT NULL,
    event text NOT NULL
);
"""


class DatabaseError(StoreFailed):
    """The database failed or refused a write; the message says what, in words. ``unique``:
    the write broke a unique index (a move at a turn already stored, a look-alike name)."""

    unique = False


def problem(exc: psycopg.Error) -> DatabaseError:
    """``exc`` as an OSError with its first line (never the URL or a password), for the host and
    the server's log; people at a table read only that the database cannot be reached or
    refused the change."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    error = DatabaseError(
        f"the database: {first}",
        "the database cannot be reached"
        if isinstance(exc, psycopg.OperationalError)
        else "the database refused the change",
    )
    error.unique = isinstance(exc, errors.UniqueViolation)
    return error


class Link:
    """One connection to ``url``, made on first use and again after it breaks; ``transaction``
    lends it to one thread at a time."""

    def __init__(self, url: str, application: str = "caravan-tui") -> None:
        self.url = url
        self.application = application
        self.generation = 0  #: how many connections were made: a lock taken on an earlier one is gone
        self._conn: psycopg.Connection[Any] | None = None
        self._mutex = threading.RLock()

    def connection(self) -> psycopg.Connection[Any]:
        """The live connection (the caller holds ``mutex``), made now if there is none."""
        if self._conn is None or self._conn.closed or self._conn.broken:
            try:
                self._conn = psycopg.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name=self.application
                )
            except psycopg.Error as exc:
                raise problem(exc) from None
            self.generation += 1
        return self._conn

    @property
    def broken(self) -> bool:
        """Whether the connection is known to be gone (found so by the last call that used it)."""
        return self._conn is None or self._conn.closed or self._conn.broken

    @property
    def mutex(self) -> threading.RLock:
        return self._mutex

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Cursor[Any]]:
        """A cursor in a transaction of its own on the shared connection, committed when the
        block ends (rolled back if it raises); psycopg's errors come out as DatabaseError."""
        with self._mutex:
            conn = self.connection()
            try:
                with conn.transaction(), conn.cursor() as cursor:
                    yield cursor
            except psycopg.Error as exc:
                raise problem(exc) from None

    def close(self) -> None:
        """End the connection: every match lock taken on it is let go."""
        with self._mutex:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class Database:
    """A host's links to ``url``: a match's on the link its id hashes to, everything else on
    the first."""

    def __init__(self, url: str, application: str = "caravan-tui", links: int = LINKS) -> None:
        self.application = application
        self.links = [Link(url, application) for _ in range(links)]

    def link(self, match_id: str) -> Link:
        return self.links[zlib.crc32(match_id.encode("utf-8", "surrogatepass")) % len(self.links)]

    def transaction(self) -> AbstractContextManager[psycopg.Cursor[Any]]:
        return self.links[0].transaction()

    def create_tables(self) -> None:
        """Make the tables if they are not there (one host at a time); DatabaseError if the
        database holds a later layout than this version knows."""
        with self.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, %s)", _SCHEMA_LOCK)
            cur.execute(SCHEMA)
            cur.execute("SELECT max(version) FROM caravan_schema")
            row = cur.fetchone()
            found = row[0] if row else None
            if found is not None and found > SCHEMA_VERSION:
                raise DatabaseError(
                    f"the database was set up by a newer caravan-tui (layout {found}; "
                    f"this version knows up to {SCHEMA_VERSION})"
                )
            if found == 1:  # each stored move becomes the record at its turn (a move's bytes are its record's)
                cur.execute(
                    "INSERT INTO records (match_id, seq, record, epoch) SELECT match_id, turn, action, 0 "
                    "FROM moves ON CONFLICT DO NOTHING"
                )
            if found != SCHEMA_VERSION:
                cur.execute("DELETE FROM caravan_schema")
                cur.execute("INSERT INTO caravan_schema (version) VALUES (%s)", (SCHEMA_VERSION,))

    def probe(self) -> None:
        """Find out which connections were lost since last used (one round trip each), so that
        the next call on each makes it again rather than failing on it."""
        for link in self.links:
            with link.mutex:
                if not link.broken:
                    with suppress(psycopg.Error):
                        link.connection().execute("SELECT 1")

    def close(self) -> None:
        for link in self.links:
            link.close()
