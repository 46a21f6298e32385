"""One host's connection to the shared PostgreSQL (``serve --database``), and the tables.

A host keeps one connection for its writes and its match locks (session advisory locks: they
belong to the connection, so they end when it does, however the host ends, and a write made
through it cannot outlive them). Threads share it one transaction at a time. A connection that
broke is made again on the next call, but the locks taken on the old one are gone: ``generation``
tells a lock whether it still holds.

Every failure of the database (unreachable, restarted, a constraint) reaches the callers as an
``OSError`` saying what happened in words, as a full disk does for the file store, so the match
host's "unsaved, retrying" path covers both.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors

#: the tables' layout; a database made by a later version says so and is refused
SCHEMA_VERSION = 1
#: seconds to wait for the database on connecting
CONNECT_TIMEOUT = 10
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
-- one row per move: the commit of its insert is the acknowledgement, and the key makes a second
-- writer's move at the same turn fail instead of forking the match
CREATE TABLE IF NOT EXISTS moves (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    turn integer NOT NULL,
    action bytea NOT NULL,
    weighed bytea,
    at double precision NOT NULL,
    PRIMARY KEY (match_id, turn)
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


class DatabaseError(OSError):
    """The database failed or refused a write; the message says what, in words. ``unique``:
    the write broke a unique index (a move at a turn already stored, a look-alike name)."""

    unique = False


def problem(exc: psycopg.Error) -> DatabaseError:
    """``exc`` as an OSError with its first line (never the URL or a password)."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    error = DatabaseError(f"the database: {first}")
    error.unique = isinstance(exc, errors.UniqueViolation)
    return error


class Database:
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
                self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                             application_name=self.application)
            except psycopg.Error as exc:
                raise problem(exc) from None
            self.generation += 1
        return self._conn

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

    def create_tables(self) -> None:
        """Make the tables if they are not there (one host at a time); DatabaseError if the
        database holds a later layout than this version knows."""
        with self.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, %s)", _SCHEMA_LOCK)
            cur.execute(SCHEMA)
            cur.execute("SELECT max(version) FROM caravan_schema")
            row = cur.fetchone()
            found = row[0] if row else None
            if found is None:
                cur.execute("INSERT INTO caravan_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
            elif found > SCHEMA_VERSION:
                raise DatabaseError(f"the database was set up by a newer caravan-tui (layout {found}; "
                                    f"this version knows up to {SCHEMA_VERSION})")

    def close(self) -> None:
        """End the connection: every match lock taken on it is let go."""
        with self._mutex:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

