"""Taking over the matches of a server that stopped (``serve --database``).

A match is hosted by whichever server holds its lock (``PgMatchStore.lock``). A server that
stops, however it stops (``kill -9`` included), loses its connection to the database and its
locks with it; every other server looks, every ``EVERY`` seconds, for hosted matches still being
played that no server holds, and resumes them from the database as it resumes its own on a
restart (the first to lock one hosts it). People reconnect with the same key to any live server
and find their seat. A server that lost its connection but lives on takes its locks back where
it can (only where no other server opened the match since: its epoch is still this server's),
and lets go of the matches another server took meanwhile (their people are told, and find the
match again from the lobby; a host whose write finds a later epoch lets go at once: ``Hub``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from caravan_tui.pgstore.db import Database
from caravan_tui.pgstore.matches import PgMatchStore
from caravan_tui.ssh.hub import MOVED

log = logging.getLogger(__name__)

#: seconds between two looks for matches no server holds (a dead server's matches are hosted
#: again within this, once the database has noticed its connection is gone)
EVERY = 2.0
#: seconds between two looks while the database cannot be reached: the first look that reaches
#: it again takes every lock back and has every match save at once (``Hub.database_back``)
AWAY_EVERY = 0.25
#: seconds a server may go without looking (a frozen process, a stalled machine: its connections
#: to the database may live on, and its locks with them) before the others end its connections
#: and take its matches over; fencing keeps it from writing when it wakes
SILENT = 20.0


class Adopter(Protocol):
    """The hub, as seen from here."""

    matches: dict[str, Any]
    store: Any

    def start(self) -> list[str]: ...

    def lobby_changed(self) -> None: ...

    async def let_go(self, match_id: str, reason: str) -> None: ...

    def database_back(self) -> None: ...


async def look(hub: Adopter) -> list[str]:
    """Once: let go of the matches whose lock this server lost to another (its connection to
    the database was lost meanwhile), take each lost lock back where no other server took it,
    say this server is alive and stop the servers silent too long (``beat``), then host the
    matches no server holds. Returns the problems of those that could not be."""
    store = hub.store
    if isinstance(store, PgMatchStore):
        for lock in await asyncio.to_thread(store.lost):  # (off the loop: a connection may take seconds)
            try:
                if not await asyncio.to_thread(store.retake, lock) and lock.match_id in hub.matches:
                    log.warning("match %s: another server hosts it now", lock.match_id)
                    await hub.let_go(lock.match_id, MOVED)
            except OSError as exc:  # the database went away again: the next look tries again
                log.warning("match %s: its lock is not taken back now: %s", lock.match_id, exc)
            except Exception:  # one match's failure: the others are looked at, and the server beats
                log.exception("match %s: its lock is not taken back now", lock.match_id)
        for server in await asyncio.to_thread(beat, store.db):
            log.warning("%s has not answered for %.0f seconds: its matches are taken over", server, SILENT)
    before = len(hub.matches)
    problems = hub.start()
    if len(hub.matches) != before:
        hub.lobby_changed()
    return problems


def beat(db: Database, silent: float = SILENT) -> list[str]:
    """Say this server is alive (in the database's time), and end every connection of the
    servers that have been silent for ``silent`` seconds while this one was not (after the
    database was away, nobody is taken for silent until everyone had ``silent`` seconds to
    speak); returns the names of those stopped."""
    with db.transaction() as cur:
        cur.execute(
            "INSERT INTO beats (server, at, since) VALUES (%s, now(), now()) ON CONFLICT (server) DO UPDATE "
            "SET at = now(), since = CASE WHEN beats.at < now() - make_interval(secs => %s) THEN now() "
            "ELSE beats.since END RETURNING now() - since >= make_interval(secs => %s)",
            (db.application, silent / 2, silent),
        )
        row = cur.fetchone()
        if not (row and row[0]):
            return []
        cur.execute("DELETE FROM beats WHERE at < now() - make_interval(secs => %s) RETURNING server", (silent,))
        silenced = [found for (found,) in cur.fetchall()]
        if not silenced:
            return []
        # in the select list, not the WHERE clause: a plan may test a WHERE clause's conditions
        # in any order, and a generic one tested pg_terminate_backend first, on every connection
        cur.execute(
            "SELECT application_name, pg_terminate_backend(pid, 20000) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = ANY(%s)",
            (silenced,),
        )
        return sorted({found for found, stopped in cur.fetchall() if stopped})


def unsaved(hub: Adopter) -> bool:
    """Whether a match hosted here is not saved as it stands (its store failed it)."""
    return any(hosted.host.unsaved for hosted in hub.matches.values())


async def take_over(hub: Adopter, every: float = EVERY) -> None:
    """Until cancelled: ``look`` every ``every`` seconds (every ``AWAY_EVERY`` while the
    database cannot be reached, which is logged once, or a match here is not saved; the look
    that reaches it has those matches save at once). A problem is logged once per match,
    not at every look; a failure of any kind is logged and the next look comes all the same
    (a loop that ended would leave this server silent: the others would stop it)."""
    told: set[str] = set()
    away = False
    while True:
        await asyncio.sleep(min(every, AWAY_EVERY) if away or unsaved(hub) else every)
        behind = unsaved(hub)
        try:
            problems = await look(hub)
        except OSError as exc:  # the database is away: look again soon
            if not away:
                log.warning("cannot look for matches to take over: %s", exc)
            away = True
            continue
        except Exception:
            log.exception("the look for matches to take over failed; the next comes in %g s", every)
            continue
        if away:
            log.warning("the database is reached again")
        if away or behind:
            away = False
            hub.database_back()
        for problem in set(problems) - told:
            log.warning("not taken over: %s", problem)
        told = set(problems)
