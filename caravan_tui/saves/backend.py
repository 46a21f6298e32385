"""The storage a match host writes through (DESIGN §5): one small interface, several backends.

``MatchHost`` is the only code that changes a stored match, and it does so only through
``MatchStore``: ``lock`` the match, ``open`` it (a new match, or one resumed), then ``append``
one ``Record`` per change. The files of ``saves.store.SaveStore`` are the embedded default; a
backend for serving on several hosts (PostgreSQL: one row per record, keyed by match and record
number) implements the same six calls, and the host does not change.

**Acknowledgement.** ``open`` and ``append`` return only once what they were given is durable
(fsynced, committed): a crash at any later instant cannot lose it. The host tells no one of a
change before its call returns. A call that raises (OSError) may or may not have stored it; the
host then stops appending and calls ``open`` again with the whole match until that succeeds, so
a backend never needs to repair a half-stored record in place: ``open`` stores the match again
(a shared store appends only what it lacks, and never takes a stored move away).

**What is stored** is a match's ``Snapshot`` (its header: game, options, seats, seed… and the
log so far) followed by its records in the order appended; ``read`` folds the records into the
snapshot with ``apply_record``, the one definition of what a record means, shared by every
backend. Records are encoded and checked by ``saves.codec.encode_record``/``decode_record``; a
backend may store those bytes as they are.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Protocol

from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.deciders import is_stand_in, seats_changed
from caravan_tui.saves.snapshot import Record, Snapshot


def apply_record(snapshot: Snapshot, record: Record) -> None:
    """Fold ``record`` into ``snapshot`` (in place): the one meaning of a record, for every
    backend's ``read``. DamagedSave if it does not follow from the snapshot (a move out of
    order, an undo past the start, seats for another number of players, anything after the
    end): a stored match is replayed only as it was written."""
    moves = len(snapshot.actions)
    if snapshot.status != "playing":
        raise DamagedSave(f"the save holds a change after the match ended after move {moves} (a {record.kind})")
    if record.kind == "move":
        if record.turn != moves or record.action is None:
            raise DamagedSave(f"the save's move {record.turn + 1} comes after {moves} moves")
        snapshot.actions.append(record.action)
        fold_move(snapshot, record)
    elif record.kind == "undo":
        if not 0 <= record.turn <= moves:
            raise DamagedSave(f"the save takes moves back to move {record.turn} of {moves}")
        del snapshot.actions[record.turn :]
        snapshot.weighed = {turn: rows for turn, rows in snapshot.weighed.items() if turn < record.turn}
        snapshot.deciders = {turn: by for turn, by in snapshot.deciders.items() if turn < record.turn}
        snapshot.standing_in = {seat: min(since, record.turn) for seat, since in snapshot.standing_in.items()}
    elif record.kind == "seats":
        seats, names = record.seats, record.names
        if seats is None or names is None or not len(seats) == len(names) == snapshot.players or record.turn != moves:
            raise DamagedSave(f"the save changes its seats after move {moves} to ones that are not its players'")
        seats_changed(snapshot.standing_in, snapshot.seats, seats, record.turn)
        snapshot.seats, snapshot.names = list(seats), list(names)
    elif record.kind == "end":
        if record.turn != moves or record.status not in ("over", "resigned"):
            raise DamagedSave(f"the save ends the match at move {record.turn} of {moves}")
        snapshot.status, snapshot.result, snapshot.resigned = record.status, record.result, record.resigned
        snapshot.state = dict(record.state or {})
    else:
        raise DamagedSave(f"the save holds a change of an unknown kind ({record.kind!r})")
    if record.kind != "end":
        snapshot.state = {}  # the header's cache was of the log before this record
    snapshot.updated = max(snapshot.updated, record.at)


def fold_move(snapshot: Snapshot, record: Record) -> None:
    """Keep what the move ``record`` (now in the snapshot's log) says beside its action: what
    an AI weighed for it, and who decided it where its seat does not say so (a stand-in)."""
    if record.weighed:
        snapshot.weighed[record.turn] = record.weighed
    if is_stand_in(record.by):
        snapshot.deciders[record.turn] = record.by


def folded(header: Snapshot, records: list[Record]) -> Snapshot:
    """A copy of ``header`` with ``records`` applied in order (DamagedSave as ``apply_record``)."""
    snapshot = dataclasses.replace(
        header,
        actions=list(header.actions),
        weighed=dict(header.weighed),
        seats=list(header.seats),
        names=list(header.names),
        deciders=dict(header.deciders),
        standing_in=dict(header.standing_in),
    )
    for record in records:
        apply_record(snapshot, record)
    return snapshot


class MatchLocked(OSError):
    """The match is already open: a host in another process, or in this one, holds its lock."""


class StoreFailed(OSError):
    """A store could not read or write: ``str()`` says what in full, for the host and the
    server's log; ``told`` is what people at a table read (no socket, host or port)."""

    def __init__(self, detail: str, told: str = "") -> None:
        super().__init__(detail)
        self.told = told or detail


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """A stored match in the saves list: its snapshot, or why it cannot be loaded, and then
    the recovery its store offers, in words (None: none)."""

    match_id: str
    snapshot: Snapshot | None
    error: str | None
    modified: float  # when it was last written (seconds since the epoch)
    recovery: str | None = None


class MatchLock(Protocol):
    """The right to write one match, held by one host at a time (``MatchStore.lock``)."""

    match_id: str

    def release(self) -> None:
        """Let go of the match (idempotent); another host may lock it from now on."""

    def __enter__(self) -> MatchLock: ...

    def __exit__(self, *exc_info: object) -> None: ...


class MatchStore(Protocol):
    """Where matches are kept. Every call may raise OSError (the storage failed); every answer
    read from storage is hostile until checked: DamagedSave, with a reason in words for the
    player, for anything that is not a well-formed match.

    ``shared``: another host may take a match over from this store once its host loses the
    lock (several servers on one database). A move is then stored before anyone sees it, for a
    move kept only in memory would be lost with the match; a store only one host reads (a save
    folder) lets a table play on in memory while it cannot write."""

    shared: bool

    def lock(self, match_id: str) -> MatchLock:
        """Hold ``match_id`` exclusively: while the lock is held no other lock of it is granted,
        in this process or any other (or on any other host), so two writers never interleave.
        MatchLocked if it is held already; ValueError for an id no match can have. The lock
        lasts until ``release()`` or until its holder dies, however it dies (the file backend:
        an ``flock``; a database: a lease that lapses)."""
        ...

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        """Make the locked match stored as ``snapshot`` atomically (all of it or none), durable
        when it returns; later ``append``s follow it. Called for a new match, for one resumed
        (after a loader has checked, and perhaps upgraded, what ``read`` returned), and to store
        everything again after a failed call. A stored match that cannot be read is never
        replaced: DamagedSave, nothing written. This is where a stored match is checked for
        damage, once per lock. A ``shared`` store never replaces stored moves: it appends the
        moves ``snapshot`` has beyond them, and refuses (MatchLocked) a host that lacks one or
        that another host has opened the match after: that host is stale."""
        ...

    def append(self, lock: MatchLock, record: Record) -> None:
        """Add ``record`` after what is stored, durable when it returns (the acknowledgement).
        Costs the same whatever the length of the match. After an ``"end"`` record, or past a
        bound of records, a backend may compact the match into a snapshot (atomically)."""
        ...

    def read(self, match_id: str) -> Snapshot:
        """The match as stored: its snapshot with every whole record applied (``apply_record``);
        a torn last record (a crash mid-append, never acknowledged) is left out. The log is
        not replayed: ``saves.loading`` does that. FileNotFoundError if there is no such match,
        DamagedSave if it cannot be read."""
        ...

    def entries(self) -> list[SaveEntry]:
        """List every stored match, newest first; one that cannot be read carries the reason.
        Never raises for what a match holds; OSError if the store itself cannot be listed."""
        ...

    def delete(self, match_id: str) -> None:
        """Remove the match (nothing if there is none); MatchLocked while a host plays it."""
        ...
