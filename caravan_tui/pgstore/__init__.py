"""PostgreSQL for ``serve --database``: the matches (``saves.backend.MatchStore``) and what the
hub keeps beside them (``caravan_tui.ssh.keeping.Keeping``), shared by several servers
(docs/scaling.md, docs/several-hosts.md). Needs the ``postgres`` extra (psycopg). Never imports Textual."""

from __future__ import annotations

from caravan_tui.pgstore.db import Database
from caravan_tui.pgstore.keeping import PgKeeping
from caravan_tui.pgstore.matches import PgMatchStore


def open_database(url: str, host: str | None = None) -> tuple[PgMatchStore, PgKeeping]:
    """The store and the keeping of the database at ``url``, on one connection (its tables made
    if they are not there); ``host``: this server's name in the connection log. DatabaseError
    (an OSError) if the database cannot be reached or was set up by a newer version."""
    db = Database(url, application=f"caravan-tui {host}" if host else "caravan-tui")
    db.create_tables()
    return PgMatchStore(db), PgKeeping(db, host)
