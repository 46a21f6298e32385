"""A server's ratings (``ratings``), kept beside its matches (``RatedMatches``: a file, or the
database every server shares) and checked against the matches' records.

The records are the truth: on start, every finished hosted match is read and its entry made
again; kept entries that differ from them (lost, damaged, a match's result that reads
otherwise now) are written again from them. Called from threads (each reads saves or the
database): one lock keeps a check and a rating from crossing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from caravan_tui.saves.backend import MatchStore
from caravan_tui.ssh.finished import read_ended
from caravan_tui.ssh.rated_file import RatedMatches
from caravan_tui.ssh.ratings import Change, Entry, Rating, RatingBook, entry_of, in_order
from caravan_tui.ssh.records import HostedRecord

log = logging.getLogger(__name__)


class Standings:
    """The ratings of the matches ``store`` holds, their entries kept in ``rated``; ``record_of``
    gives the hosted record of a match by id (None: there is none)."""

    def __init__(self, store: MatchStore, rated: RatedMatches, record_of: Callable[[str], HostedRecord | None]) -> None:
        self.store, self.rated, self.record_of = store, rated, record_of
        self.book = RatingBook()
        self._lock = threading.Lock()

    def entry(self, record: HostedRecord) -> Entry | None:
        """The entry the records give for the hosted match of ``record`` (None: it does not count)."""
        read = read_ended(self.store, record.match_id)
        return None if read is None else entry_of(read[0], record)

    def check(self, records: list[HostedRecord]) -> int:
        """Make the kept entries those the ``records`` (every finished hosted match's) give, and
        fold them; returns how many were written again (0: the kept ones were right)."""
        truth = [entry for record in records if (entry := self.entry(record)) is not None]
        with self._lock:
            kept = self.rated.since(0) or []
            known = {entry.match for entry in truth}
            by_record = {record.match_id: record for record in records}
            for entry in kept:  # a match rated since the records were read: read now, not taken on trust
                if entry is not None and entry.match not in known and entry.match not in by_record:
                    found = self._record_entry(entry.match)
                    if found is not None and found.match not in known:
                        truth.append(found)
                        known.add(found.match)
            truth = in_order(truth)
            wrong = 0 if kept == truth else len(truth)
            if wrong:
                self.rated.replace(truth)
            self.book = RatingBook()
            for entry in truth:
                self.book.fold(entry)
        if wrong:
            log.warning("ratings written again from the records of %d matches", wrong)
        return wrong

    def _record_entry(self, match_id: str) -> Entry | None:
        record = self.record_of(match_id)
        return None if record is None else self.entry(record)

    def rate(self, record: HostedRecord) -> list[Change]:
        """Rate the finished hosted match of ``record`` (once, whoever asks), folding in what
        other servers rated meanwhile; its changes (none: it does not count)."""
        entry = self.entry(record)
        with self._lock:
            if entry is not None:
                self.rated.add(entry)
            self._sync()
            return self.book.changes.get(record.match_id, []) if entry is not None else []

    def sync(self) -> None:
        """Fold what other servers rated since."""
        with self._lock:
            self._sync()

    def _sync(self) -> None:
        new = self.rated.since(self.book.folded)
        if new is None:  # written again meanwhile: fold them all
            self.book = RatingBook()
            new = self.rated.since(0) or []
        for entry in new:
            if entry is None:
                self.book.folded += 1
            else:
                self.book.fold(entry)

    def shown(self, game: str, identity: str | None) -> str:
        return self.book.shown(game, identity)

    def top(self, game: str, limit: int) -> list[tuple[str, Rating]]:
        return self.book.top(game, limit)
