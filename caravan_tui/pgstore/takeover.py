"""Taking over the matches of a server that stopped (``serve --database``).

A match is hosted by whichever server holds its lock (``PgMatchStore.lock``). A server that
stops, however it stops (``kill -9`` included), loses its connection to the database and its
locks with it; every other server looks, every ``EVERY`` seconds, for hosted matches still being
played that no server holds, and resumes them from the database as it resumes its own on a
restart (the first to lock one hosts it). People reconnect with the same key to any live server
and find their seat.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Protocol

log = logging.getLogger(__name__)

#: seconds between two looks for matches no server holds (a dead server's matches are hosted
#: again within this, once the database has noticed its connection is gone)
EVERY = 2.0


class Adopter(Protocol):
    """The hub, as seen from here."""

    matches: dict

    def start(self) -> list[str]: ...

    def lobby_changed(self) -> None: ...


async def take_over(hub: Adopter, every: float = EVERY) -> None:
    """Until cancelled: every ``every`` seconds, host the matches no server holds. A problem is
    logged once per match, not at every look."""
    told: set[str] = set()
    while True:
        await asyncio.sleep(every)
        before = len(hub.matches)
        try:
            problems = hub.start()
        except OSError as exc:  # the database is away: look again later
            log.warning("cannot look for matches to take over: %s", exc)
            continue
        for problem in set(problems) - told:
            log.warning("not taken over: %s", problem)
        told = set(problems)
        if len(hub.matches) != before:
            log.info("took over %d match(es)", len(hub.matches) - before)
            hub.lobby_changed()
