"""The lobby across servers on one database: each server writes the rows of the open matches it
hosts to the ``lobby`` table, and the names of the people online there to ``online``, as they
change; each session's lobby shows the other servers' rows and names beside its own server's
(``caravan_tui.pgstore.link.Route``). Rows of a server whose connection to the database is gone
are not read: a server killed leaves the lobbies as soon as the database sees it gone.

A row read back is checked as a ``LobbyRow`` and its texts as the hub's own are (one line each,
bounded), the match id as an id: the table is one more place a hostile value could be put.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterable
from contextlib import suppress
from typing import Any, Protocol

from psycopg.types.json import Jsonb

from caravan_tui.bus import MAX_NAME, line_problem
from caravan_tui.hub_protocol import LobbyRow
from caravan_tui.pgstore.db import Database
from caravan_tui.pgstore.matches import check_id

log = logging.getLogger(__name__)

#: characters of a seat's rating (``ratings.Rating.shown``: "?" or a number)
MAX_RATING = 6
#: seconds between two looks at the lobby: a match shows in every server's lobby within about this
EVERY = 0.5
#: names read back from every server at most (the lobby shows a line of them)
MAX_ONLINE = 1000
#: the servers still connected to this database (each names its connections after itself; a
#: server of another database on the same PostgreSQL may have the same name)
CONNECTED = "SELECT application_name FROM pg_stat_activity WHERE datname = current_database()"
LIVE = f"server IN ({CONNECTED})"


class Hosting(Protocol):
    matches: dict[str, Any]


#: a match's lobby row (as nobody in particular sees it), its seats' owners (from which each
#: person's ``yours`` is found) and who each seat a rematch keeps is kept for (``kept``: from
#: which the invited person sees their seat free, and everyone else "invited")
Shared = tuple[dict[str, Any], list[Any], list[Any]]


def own_rows(hub: Hosting) -> dict[str, Shared]:
    """The open matches this server hosts, as the other servers' lobbies show them."""
    return {
        match_id: (
            hosted.row(None).to_map(),
            list(hosted.record.owners),
            [hosted.record.invited.get(seat) for seat in range(len(hosted.record.owners))],
        )
        for match_id, hosted in list(hub.matches.items())
        if not hosted.over
    }


def publish(db: Database, server: str, rows: dict[str, Shared]) -> None:
    """Make the table hold exactly ``rows`` for ``server``."""
    with db.transaction() as cur:
        cur.execute("DELETE FROM lobby WHERE server = %s AND NOT (match_id = ANY(%s))", (server, list(rows)))
        for match_id, (row, owners, kept) in rows.items():
            cur.execute(
                "INSERT INTO lobby (match_id, server, row, owners, kept) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT (match_id) DO UPDATE SET server = excluded.server, row = excluded.row, "
                "owners = excluded.owners, kept = excluded.kept",
                (match_id, server, Jsonb(row), Jsonb(owners), Jsonb(kept)),
            )


def forget_the_gone(db: Database) -> None:
    """Remove what servers no longer connected to the database left (reads leave it out
    already; without this the tables grew with every crash or restart)."""
    with db.transaction() as cur:
        cur.execute(f"DELETE FROM servers WHERE name NOT IN ({CONNECTED})")
        for table in ("online", "lobby", "addresses"):
            cur.execute(f"DELETE FROM {table} WHERE NOT ({LIVE})")


def listed(db: Database, server: str) -> set[str]:
    """The matches the table lists as ``server``'s: a server that let go of a match late may have
    written over the new host's row, then deleted it as its own."""
    with db.transaction() as cur:
        cur.execute("SELECT match_id FROM lobby WHERE server = %s", (server,))
        return {match_id for (match_id,) in cur.fetchall()}


def every_row(db: Database) -> list[Shared]:
    """The rows of every server still connected to the database, checked (a session routed to
    another server is shown this one's matches from here too)."""
    with db.transaction() as cur:
        cur.execute(f"SELECT row, owners, kept FROM lobby WHERE {LIVE} ORDER BY match_id")
        found = cur.fetchall()
    rows = []
    for row, owners, kept in found:
        try:
            checked = LobbyRow.from_map(row)
            check_id(checked.match)
            seats = len(checked.kinds)
            if not (
                isinstance(owners, list)
                and len(owners) == len(checked.names) == seats
                and all(line_problem(name, MAX_NAME + 40, "") is None for name in checked.names)
            ):
                raise ValueError("its seats do not match")
            if not (
                isinstance(checked.ratings, list)
                and len(checked.ratings) in (0, seats)
                and all(isinstance(r, str) and len(r) <= MAX_RATING for r in checked.ratings)
            ):
                raise ValueError("its ratings are not one short word per seat")
            if not (
                isinstance(kept, list)
                and len(kept) in (0, seats)
                and all(who is None or (isinstance(who, str) and who) for who in kept)
            ):
                raise ValueError("the seats it keeps do not match")
        except (TypeError, ValueError) as exc:
            log.warning("a lobby row is refused: %s", exc)
            continue
        rows.append((checked.to_map(), owners, kept))
    return rows


def for_person(rows: list[Shared], identity: str) -> list[dict[str, Any]]:
    """``rows`` as ``identity`` sees them: with the seat they hold, if any, and a seat a rematch
    keeps for them free to take (as the hosting server's own lobby shows it)."""
    seen = []
    for row, owners, kept in rows:
        mine = [seat for seat, who in enumerate(kept) if who == identity and row["kinds"][seat] == "invited"]
        kinds = ["open" if seat in mine else kind for seat, kind in enumerate(row["kinds"])]
        seen.append(
            {
                **row,
                "kinds": kinds,
                "invited": bool(mine),
                "yours": owners.index(identity) if identity in owners else None,
            }
        )
    return seen


def online_here(sessions: Iterable[Any]) -> list[str]:
    """The names of the people in ``sessions`` (a server's), in the lobby's order."""
    return sorted({session.name for session in list(sessions) if session.name}, key=str.casefold)


def publish_online(db: Database, server: str, names: list[str]) -> None:
    """Make the table hold exactly ``names`` for ``server``."""
    with db.transaction() as cur:
        cur.execute("DELETE FROM online WHERE server = %s AND NOT (name = ANY(%s))", (server, names))
        for name in names:
            cur.execute("INSERT INTO online (server, name) VALUES (%s, %s) ON CONFLICT DO NOTHING", (server, name))


def everyone_online(db: Database) -> list[str]:
    """The names online on every server still connected to the database, checked as names are."""
    with db.transaction() as cur:
        cur.execute(f"SELECT DISTINCT name FROM online WHERE {LIVE} ORDER BY name LIMIT %s", (MAX_ONLINE,))
        found = [name for (name,) in cur.fetchall()]
    return [name for name in found if isinstance(name, str) and line_problem(name, MAX_NAME, "") is None]


def servers_hosts(db: Database) -> frozenset[str]:
    """The ``--host`` of every server on the database (where each listens for links)."""
    with db.transaction() as cur:
        cur.execute("SELECT DISTINCT link_host FROM servers")
        return frozenset(str(row[0]) for row in cur.fetchall())


def addresses_of(hosts: frozenset[str]) -> frozenset[str]:
    """``hosts`` and the addresses they name (a server's links leave from its ``--host``:
    ``link.Links._open``)."""
    found = set(hosts)
    for host in hosts:
        with suppress(OSError, UnicodeError):
            found.update(str(info[4][0]) for info in socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP))
    return frozenset(found)
