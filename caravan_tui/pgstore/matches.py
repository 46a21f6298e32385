"""The matches in PostgreSQL: ``saves.backend.MatchStore`` for several hosts on one database.

A match is a row of ``matches`` (its header: the save's snapshot without its moves, in the
codec's checked bytes; the seats and the end are written there as they change) and its
``records`` after it, keyed by (match, seq), each the journal's own record bytes
(``encode_record``: checksummed, checked field by field when read): a move, or an undo taking
moves back. Records are only ever appended, never deleted or replaced; ``read`` folds them with
``saves.backend.apply_record`` as the file journal does. An append is one transaction, and its
commit is the acknowledgement: once ``append`` returns, a crash of the host or of the database
loses nothing.

**One writer.** ``lock`` takes a session advisory lock on the match's key (the 64-bit hash of
its id) on the host's one connection, through which it also writes. The lock lasts exactly as
long as that connection: a host killed outright (``kill -9``, a lost machine once the database
notices its connection is gone) loses its locks, and another host may take the match over.

**Fencing.** A lock is free whenever its holder's connection drops, also while that host is
stalled (a frozen process) but not dead. So every host that opens a match makes its ``epoch``
one more, in the transaction that opens it, and remembers it; every write checks the stored
epoch is still its own (``FOR UPDATE`` on the match's row, in the write's transaction) and is
refused (``Superseded``) if another host opened the match since. ``open`` of a stored match
never replaces its moves: it only appends what the host has beyond them, and refuses a host
that lacks a stored move (it is behind: another host played on). A lock lost with its
connection is taken again (``retake``) only while the stored epoch is still its own.

Reading trusts nothing: the header is decoded by the codec, every record by ``decode_record``,
the records must run 0, 1, 2… without a gap and fold as ``apply_record`` allows.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

from psycopg import Cursor, errors

from caravan_tui.pgstore.db import Database, DatabaseError, Link
from caravan_tui.saves.backend import MatchLock, MatchLocked, SaveEntry, apply_record
from caravan_tui.saves.codec import MAX_ITEMS, MAX_TIME, DamagedSave, decode, decode_record, encode, encode_record
from caravan_tui.saves.deciders import seats_changed
from caravan_tui.saves.snapshot import Record, Snapshot

#: characters of a match id (``saves.snapshot.new_match_id`` makes 22)
MAX_ID = 64
#: the advisory lock key of a match: the database hashes its id
LOCK_KEY = "hashtextextended(%s, 0)"
#: SQL true when no connection to the database holds the lock of ``matches.id`` (pg_locks shows
#: a 64-bit key as its high half in classid, its low half in objid, objsubid 1)
UNHELD = """NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = ((hashtextextended(matches.id, 0) >> 32) & 4294967295)::oid
    AND l.objid = (hashtextextended(matches.id, 0) & 4294967295)::oid)"""


class Superseded(MatchLocked):
    """Another server opened the match since this host did (the stored epoch is later than its
    own), or the database holds moves this host does not: the host is stale and writes nothing
    more of the match."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"this match ({match_id}) is now hosted by another server")


class PgMatchLock:
    """The lock of one match, on the connection of ``store``'s database it was taken on."""

    def __init__(self, store: PgMatchStore, match_id: str, link: Link, generation: int) -> None:
        self.store, self.match_id, self.link, self.generation = store, match_id, link, generation
        self.released = False
        self.opened = False  # ``open`` stored the match under this lock: appends may follow
        self.epoch: int | None = None  # the match's epoch this host opened it in (None: not yet)
        self.seq = 0  # the place of the next record
        self.superseded = False  # a write found the match opened by another host since

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.store._release(self)

    def __enter__(self) -> PgMatchLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


def check_id(match_id: str) -> None:
    """ValueError for an id no match can have (as the file store refuses it: no file name)."""
    if (
        not match_id
        or len(match_id) > MAX_ID
        or match_id.startswith(".")
        or not match_id.isprintable()
        or any(c in match_id for c in "/\\:\0")
    ):
        raise ValueError(f"invalid match id {match_id[:MAX_ID]!r}")


def _header(snapshot: Snapshot) -> bytes:
    """The stored header: ``snapshot`` without its moves (and, while it is played, without the
    state cache, which its moves would leave behind)."""
    playing = snapshot.status == "playing"
    return encode(
        dataclasses.replace(snapshot, actions=[], weighed={}, deciders={}, state={} if playing else snapshot.state)
    )


class PgMatchStore:
    """``MatchStore`` in the database ``db`` (``Database.create_tables`` made its tables)."""

    shared = True  # another server takes a match over from here once its host loses it (MatchStore)

    def __init__(self, db: Database) -> None:
        self.db = db
        self._held: dict[str, PgMatchLock] = {}  # locks of this store: the database's are re-entrant per connection
        self._guard = threading.Lock()

    # -- the lock ---------------------------------------------------------------------------

    def lock(self, match_id: str) -> PgMatchLock:
        check_id(match_id)
        with self._guard:
            if match_id in self._held:
                raise MatchLocked(f"this match ({match_id}) is open already on this server")
            link = self.db.link(match_id)
            with link.transaction() as cur:
                cur.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", (match_id,))  # outlives the transaction
                row = cur.fetchone()
                generation = link.generation
            if not (row and row[0]):
                raise MatchLocked(f"this match ({match_id}) is hosted by another server")
            lock = self._held[match_id] = PgMatchLock(self, match_id, link, generation)
        return lock

    def holds(self, lock: PgMatchLock) -> bool:
        """Whether ``lock`` still holds its match: not released, and its connection not lost."""
        return not lock.released and lock.store is self and lock.generation == lock.link.generation

    def lost(self) -> list[PgMatchLock]:
        """The locks of this store that the database no longer holds for it (their connection
        was lost), asking each connection (a connection found broken is made again, and holds
        none of its old locks)."""
        self.db.probe()
        by_link: dict[int, list[PgMatchLock]] = {}
        with self._guard:
            for lock in self._held.values():
                by_link.setdefault(id(lock.link), []).append(lock)
        lost: list[PgMatchLock] = []
        for locks in by_link.values():
            link = locks[0].link
            held = self._held_on(link, [lock.match_id for lock in locks])
            lost += [lock for lock in locks if lock.match_id not in held or lock.generation != link.generation]
        return lost

    @staticmethod
    def _held_on(link: Link, match_ids: list[str]) -> set[str]:
        with link.transaction() as cur:
            cur.execute(
                "SELECT m FROM unnest(%s::text[]) m WHERE EXISTS (SELECT 1 FROM pg_locks l "
                "WHERE l.pid = pg_backend_pid() AND l.locktype = 'advisory' AND l.objsubid = 1 "
                "AND l.classid = ((hashtextextended(m, 0) >> 32) & 4294967295)::oid "
                "AND l.objid = (hashtextextended(m, 0) & 4294967295)::oid)",
                (match_ids,),
            )
            return {row[0] for row in cur.fetchall()}

    def retake(self, lock: PgMatchLock) -> bool:
        """Take ``lock``'s match again on its link's connection of now, if the connection it was
        taken on was lost (the database restarted, say) and no other server opened the match
        meanwhile (its epoch is still this host's); False if another did (or the lock was
        released). The match must then be opened again (``open``) before anything is appended."""
        if lock.released or lock.store is not self or lock.superseded:
            return False
        with lock.link.transaction() as cur:
            if lock.generation == lock.link.generation and not lock.opened:
                return True  # taken on this very connection, not opened since: nothing was lost
            cur.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", (lock.match_id,))
            row = cur.fetchone()
            if not (row and row[0]):
                return False
            cur.execute("SELECT epoch FROM matches WHERE id = %s", (lock.match_id,))
            stored = cur.fetchone()
            if lock.epoch is not None and (stored is None or stored[0] != lock.epoch):
                cur.execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", (lock.match_id,))
                lock.superseded = True
                return False
            lock.generation, lock.opened = lock.link.generation, False
            return True

    def _release(self, lock: PgMatchLock) -> None:
        with self._guard:
            if self._held.get(lock.match_id) is lock:
                del self._held[lock.match_id]
            with lock.link.mutex:
                if lock.generation != lock.link.generation:
                    return  # its connection is gone, and the lock with it
                try:
                    lock.link.connection().execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", (lock.match_id,))
                except Exception:  # the connection broke: the lock went with it
                    return

    def _check_held(self, lock: object, match_id: str) -> PgMatchLock:
        """``lock`` as this store's lock of ``match_id`` that still holds (call inside a
        transaction: the connection it checks is the one that writes)."""
        if not isinstance(lock, PgMatchLock) or lock.match_id != match_id:
            raise OSError(f"the lock held is not the lock of match {match_id}")
        if not self.holds(lock):
            raise OSError(f"this server no longer holds match {match_id} (its connection to the database was lost)")
        return lock

    # -- writing ----------------------------------------------------------------------------

    def _fence(self, cur: Cursor, held: PgMatchLock) -> None:
        """Refuse (``Superseded``) a write of ``held``'s match unless its stored epoch is still
        the one ``held`` opened it in; the row stays locked until the transaction ends, so no
        host can open the match between the check and the write."""
        cur.execute("SELECT epoch FROM matches WHERE id = %s FOR UPDATE", (held.match_id,))
        row = cur.fetchone()
        if row is None:
            raise OSError(f"the database holds no match {held.match_id}")
        if row[0] != held.epoch:
            held.superseded = True
            raise Superseded(held.match_id)

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        """Store a new match, or open a stored one in a new epoch (one transaction): its header
        becomes ``snapshot``'s, and the moves ``snapshot`` has beyond the stored ones are
        appended. Nothing stored is ever taken away: ``Superseded`` (nothing written) if another
        server opened the match since this lock did, or if the database holds a move the
        snapshot does not (save for a log a loader brought to today's rules, which is stored as
        an undo back to where the two part, then its moves); DamagedSave if what is stored cannot
        be read. A lock whose connection was lost is taken again first if it can be
        (``retake``): this is how a host's retry stores its moves after the database came back."""
        if isinstance(lock, PgMatchLock):
            with lock.link.mutex:
                lock.link.connection()  # made again if it was found broken: its locks are then gone
            if not self.holds(lock) and not self.retake(lock):
                raise Superseded(snapshot.match_id)
        match_id = snapshot.match_id
        with self.db.link(match_id).transaction() as cur:
            held = self._check_held(lock, match_id)
            cur.execute("SELECT header, epoch FROM matches WHERE id = %s FOR UPDATE", (match_id,))
            row = cur.fetchone()
            upgraded = False
            if row is None:
                stored, seq, epoch = [], 0, 1
            else:
                if held.epoch is not None and row[1] != held.epoch:
                    held.superseded = True
                    raise Superseded(match_id)
                header = self._decode_header(match_id, bytes(row[0]))
                folded, seq = self._fold(cur, match_id, header)
                stored, epoch, upgraded = folded.actions, row[1] + 1, header.rules != snapshot.rules
            records = self._beyond(stored, snapshot, upgraded)
            cur.execute(
                "INSERT INTO matches (id, header, status, updated, epoch) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT (id) DO UPDATE SET header = excluded.header, status = excluded.status, "
                "updated = excluded.updated, epoch = excluded.epoch",
                (match_id, _header(snapshot), snapshot.status, snapshot.updated, epoch),
            )
            cur.executemany(
                "INSERT INTO records (match_id, seq, record, epoch) VALUES (%s, %s, %s, %s)",
                [(match_id, seq + n, encode_record(record), epoch) for n, record in enumerate(records)],
            )
        held.epoch, held.seq, held.opened = epoch, seq + len(records), True

    @staticmethod
    def _beyond(stored: list[Any], snapshot: Snapshot, upgraded: bool) -> list[Record]:
        """The records that take the stored moves ``stored`` to ``snapshot``'s log."""
        actions = snapshot.actions
        part = len(stored) if actions[: len(stored)] == stored else 0
        if part != len(stored):
            if not upgraded:
                raise Superseded(snapshot.match_id)
            part = next(
                (n for n, (a, b) in enumerate(zip(stored, actions, strict=False)) if a != b),
                min(len(stored), len(actions)),
            )
        taken_back = [Record("undo", part, snapshot.updated)] if part != len(stored) else []
        return taken_back + [
            Record(
                "move",
                turn,
                snapshot.updated,
                actions[turn],
                snapshot.weighed.get(turn, []),
                by=snapshot.deciders.get(turn, ""),
            )
            for turn in range(part, len(actions))
        ]

    def append(self, lock: MatchLock, record: Record) -> None:
        """One transaction, refused (``Superseded``) if another server opened the match since:
        a move or an undo is one record more (a record already stored at its place fails it:
        DatabaseError), a change of seats or the end rewrites the header."""
        with self.db.link(lock.match_id).transaction() as cur:
            held = self._check_held(lock, lock.match_id)
            if not held.opened:
                raise OSError(f"match {held.match_id} is not open for writing")
            match_id = held.match_id
            self._fence(cur, held)
            if record.kind in ("move", "undo"):
                try:
                    cur.execute(
                        "INSERT INTO records (match_id, seq, record, epoch) VALUES (%s, %s, %s, %s)",
                        (match_id, held.seq, encode_record(record), held.epoch),
                    )
                except errors.UniqueViolation:
                    raise DatabaseError(
                        f"record {held.seq + 1} of match {match_id} is stored already: another server wrote it"
                    ) from None
                cur.execute("UPDATE matches SET updated = greatest(updated, %s) WHERE id = %s", (record.at, match_id))
            else:
                cur.execute("SELECT header FROM matches WHERE id = %s", (match_id,))
                row = cur.fetchone()
                if row is None:
                    raise OSError(f"the database holds no match {match_id}")
                header = self._decode_header(match_id, bytes(row[0]))
                if record.kind == "seats":
                    seats_changed(header.standing_in, header.seats, record.seats or [], record.turn)
                    header = dataclasses.replace(header, seats=list(record.seats or []), names=list(record.names or []))
                elif record.kind == "end":
                    header = dataclasses.replace(
                        header,
                        status=record.status or "over",
                        result=record.result,
                        resigned=record.resigned,
                        state=dict(record.state or {}),
                    )
                else:
                    raise ValueError(f"a change of an unknown kind ({record.kind!r})")
                header.updated = max(header.updated, record.at)
                cur.execute(
                    "UPDATE matches SET header = %s, status = %s, updated = %s WHERE id = %s",
                    (_header(header), header.status, header.updated, match_id),
                )
        if record.kind in ("move", "undo"):
            held.seq += 1

    # -- reading ----------------------------------------------------------------------------

    @staticmethod
    def _decode_header(match_id: str, data: bytes) -> Snapshot:
        header = decode(data)
        if header.match_id != match_id:
            raise DamagedSave(f"the row of match {match_id} holds match {header.match_id}")
        return header

    @staticmethod
    def _fold(cur: Cursor, match_id: str, header: Snapshot) -> tuple[Snapshot, int]:
        """``header`` with the match's records applied (``apply_record``), and how many there
        are; DamagedSave if one cannot be read, is out of place or does not follow."""
        cur.execute(
            "SELECT seq, record FROM records WHERE match_id = %s ORDER BY seq LIMIT %s", (match_id, MAX_ITEMS + 1)
        )
        rows = cur.fetchall()
        if len(rows) > MAX_ITEMS:
            raise DamagedSave(f"the match holds more than {MAX_ITEMS} records")
        snapshot = dataclasses.replace(header, status="playing", actions=[], weighed={}, deciders={})
        for place, (seq, data) in enumerate(rows):
            record = decode_record(bytes(data))
            if seq != place or record.kind not in ("move", "undo"):
                raise DamagedSave(f"the match's record {place + 1} is missing or out of place")
            apply_record(snapshot, record)
        return dataclasses.replace(snapshot, status=header.status, state=header.state), len(rows)

    def read(self, match_id: str) -> Snapshot:
        """The header with its records folded in; FileNotFoundError if there is no such match,
        DamagedSave if a row cannot be trusted."""
        check_id(match_id)
        with self.db.transaction() as cur:
            cur.execute("SELECT header FROM matches WHERE id = %s", (match_id,))
            row = cur.fetchone()
            if row is None:
                raise FileNotFoundError(f"the database holds no match {match_id}")
            return self._fold(cur, match_id, self._decode_header(match_id, bytes(row[0])))[0]

    def entries(self) -> list[SaveEntry]:
        with self.db.transaction() as cur:
            cur.execute("SELECT id, updated FROM matches ORDER BY updated DESC, id DESC")
            rows = cur.fetchall()
        entries = []
        for match_id, updated in rows:
            snapshot, error = None, None
            try:
                snapshot = self.read(match_id)
            except DamagedSave as exc:
                error = exc.reason
            except (FileNotFoundError, ValueError):
                continue  # deleted meanwhile, or an id no match can have
            entries.append(SaveEntry(match_id, snapshot, error, min(max(float(updated), 0.0), MAX_TIME - 1.0)))
        return entries

    def delete(self, match_id: str) -> None:
        with self.lock(match_id), self.db.transaction() as cur:
            cur.execute("DELETE FROM matches WHERE id = %s", (match_id,))
