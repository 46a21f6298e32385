"""What the hub keeps beside the matches' saves, behind one interface (DESIGN §7): the names
people chose, each hosted match's record and side log (chat, seat notes), the connection log.

``FileKeeping`` is the embedded default: today's files in the server's folder
(``identities.json``, ``hosted/<id>.json``, ``hosted/log/<id>.json``, ``connections.log``,
``ratings.jsonl``).
``caravan_tui.pgstore.keeping.PgKeeping`` keeps the same things in PostgreSQL, for several
hosts on one database (``serve --database``). The hub and the server reach them only through
``Keeping``, so neither knows which it has.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from caravan_tui.engine import Event
from caravan_tui.match.host import Said
from caravan_tui.saves.reviews import ReviewShelf, Shelf
from caravan_tui.ssh.connection_log import ConnectionLog
from caravan_tui.ssh.moderation import Moderation, ModerationFiles
from caravan_tui.ssh.rated_file import RatedFile, RatedMatches
from caravan_tui.ssh.records import HostedRecord, Identities, load_side_log, save_side_log, seat_of


class Names(Protocol):
    """Names by identity (a key's fingerprint); guests are never kept."""

    def name(self, identity: str) -> str:
        """The name ``identity`` chose ("" if none)."""
        ...

    def lookalike(self, name: str, besides: str) -> str | None:
        """A name kept by an identity other than ``besides`` that looks like ``name``, if any."""
        ...

    def keep(self, identity: str, name: str) -> None:
        """Keep ``name`` for ``identity``; OSError if it cannot be kept (a look-alike kept
        meanwhile, by another host, included)."""
        ...

    def identity_of(self, name: str) -> str | None:
        """The identity that keeps ``name`` (in any case), if any."""
        ...

    def everyone(self) -> list[tuple[str, str]]:
        """Every identity with the name it keeps, by name."""
        ...

    def games_introduced(self, identity: str) -> list[str]:
        """The games whose "How to play" ``identity`` dismissed for good."""
        ...

    def introduce(self, identity: str, game: str) -> None:
        """Keep that ``identity`` (one with a name kept) needs ``game``'s "How to play" no more."""
        ...


class Keeping(Protocol):
    """Everything the hub keeps beside the saves; every call may raise OSError."""

    @property
    def names(self) -> Names: ...

    @property
    def moderation(self) -> Moderation:
        """Bans, mutes and the moderation log."""
        ...

    @property
    def reviews(self) -> Shelf:
        """The reviews of finished matches, kept for every server sharing the keeping."""
        ...

    @property
    def rated(self) -> RatedMatches:
        """The rated matches' entries (the ratings are folded from them: ``ssh.standings``)."""
        ...

    def finished_records(self) -> list[HostedRecord]:
        """The record of every hosted match that is over (on every server sharing the keeping); a
        backend that cannot tell which are over without reading the saves gives them all."""
        ...

    def records(self) -> list[tuple[str, HostedRecord | str]]:
        """The record of every hosted match that may need a host, by match id, or why it cannot
        be used (a backend that knows which matches other servers host leaves those out)."""
        ...

    def keep_record(self, record: HostedRecord) -> None:
        """Keep ``record``; a rematch kept for its match stays (``keep_rematch`` writes it, and a
        record read before it was asked for would lose it)."""
        ...

    def record(self, match_id: str) -> HostedRecord | None:
        """The record of the hosted match ``match_id``, over or not (None: there is none, or it
        cannot be used)."""
        ...

    def keep_rematch(self, match_id: str, rematch: str) -> str:
        """Keep ``rematch`` as the one rematch of the hosted match ``match_id``, unless it has one
        already (asked for meanwhile, here or on another server): returns the one it has now."""
        ...

    def played(self, identity: str, limit: int) -> list[tuple[str, int, bool, tuple[int, ...]]]:
        """The hosted matches ``identity`` holds a seat of, or gave one up in (match id, seat,
        whether they gave it up, the seats given up in it), the newest first: at least the
        ``limit`` newest that are over
        (a backend that cannot tell which are over without reading the saves gives them all; the
        caller reads the saves it lists)."""
        ...

    def side_log(self, match_id: str, players: int) -> tuple[list[Said], list[tuple[int, Event]]]:
        """The chat said lately (each line where it was said) and the notes on seats changing
        hands (none yet: empty); ValueError saying why they cannot be used."""
        ...

    def keep_side_log(self, match_id: str, chat: Iterable[Said], notes: list[tuple[int, Event]]) -> None: ...

    def log_connection(self, connection: str, address: str, identity: str | None, open_for: float, event: str) -> None:
        """One line of the connection log, written out at once."""
        ...

    def connections_elsewhere(self, address: str) -> int:
        """Connections logged in from ``address`` on the other servers sharing this keeping."""
        ...

    def count_connections(self, address: str, here: int) -> None:
        """Tell the other servers that ``here`` connections from ``address`` are logged in here."""
        ...


def seat_given_up(root: Path, match_id: str, seat: int) -> bool:
    """Whether the server whose folder ``root`` is keeps ``seat`` of the hosted match ``match_id``
    as given up (its person resigned, or left as a guest, and an AI played it on): the save does
    not tell that from a drop, and a review of the match read the AI's win as the person's.
    False where no such record is kept or it cannot be read."""
    record = FileKeeping(root).record(match_id)
    return record is not None and seat in record.left


class FileKeeping:
    """The files under the server's folder ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.folder = self.root / "hosted"
        self.names: Identities = Identities(self.root / "identities.json")
        self.connection_log = ConnectionLog(self.root / "connections.log")  # (rotated)
        self.rated: RatedFile = RatedFile(self.root / "ratings.jsonl")
        self.moderation = ModerationFiles(self.root)
        self.reviews: ReviewShelf = ReviewShelf(self.root)

    def records(self) -> list[tuple[str, HostedRecord | str]]:
        self.folder.mkdir(parents=True, exist_ok=True)
        found: list[tuple[str, HostedRecord | str]] = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                record = HostedRecord.load(path)
                named = path.stem == record.match_id
                found.append((path.stem, record if named else "the file is named for another match"))
            except (OSError, ValueError) as exc:
                found.append((path.stem, str(exc)))
        return found

    def finished_records(self) -> list[HostedRecord]:
        return [record for _, record in self.records() if isinstance(record, HostedRecord)]

    def keep_record(self, record: HostedRecord) -> None:
        kept = self.record(record.match_id) if record.rematch is None else None
        (record if kept is None else replace(record, rematch=kept.rematch)).save(self.folder)

    def record(self, match_id: str) -> HostedRecord | None:
        try:
            found = HostedRecord.load(self.folder / f"{match_id}.json")
        except (OSError, ValueError):
            return None
        return found if found.match_id == match_id else None

    def keep_rematch(self, match_id: str, rematch: str) -> str:
        """(The files are one server's, and the hub asks with nothing awaited in between.)"""
        record = self.record(match_id)
        if record is None:
            raise FileNotFoundError(f"no record of match {match_id}")
        if record.rematch is None:
            record.rematch = rematch
            self.keep_record(record)
        return record.rematch

    def played(self, identity: str, limit: int) -> list[tuple[str, int, bool, tuple[int, ...]]]:
        """Every match whose record names ``identity`` (as a seat's owner, or as who gave it up),
        the record written last first, with the seats given up in it."""
        mine = []
        for match_id, record in self.records():
            if isinstance(record, HostedRecord) and (held := seat_of(record.owners, record.left, identity)):
                with suppress(OSError):
                    when = (self.folder / f"{match_id}.json").stat().st_mtime
                    mine.append((when, match_id, *held, tuple(sorted(record.left))))
        return [(match_id, seat, gave_up, given) for _, match_id, seat, gave_up, given in sorted(mine, reverse=True)]

    def side_log_path(self, match_id: str) -> Path:
        return self.folder / "log" / f"{match_id}.json"

    def side_log(self, match_id: str, players: int) -> tuple[list[Said], list[tuple[int, Event]]]:
        return load_side_log(self.side_log_path(match_id), match_id, players)

    def keep_side_log(self, match_id: str, chat: Iterable[Said], notes: list[tuple[int, Event]]) -> None:
        save_side_log(self.side_log_path(match_id), chat, notes)

    def log_connection(self, connection: str, address: str, identity: str | None, open_for: float, event: str) -> None:
        """A line in ``connections.log``: when, the connection's id, its address, who (``-``: not
        known yet), how long it has been open, and ``event``."""
        self.connection_log.write(
            "\t".join(
                (time.strftime("%Y-%m-%dT%H:%M:%S"), connection, address, identity or "-", f"{open_for:.1f}s", event)
            )
        )

    def connections_elsewhere(self, address: str) -> int:
        return 0  # the files are one server's

    def count_connections(self, address: str, here: int) -> None:
        pass  # no other server reads them
