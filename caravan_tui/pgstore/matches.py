"""The matches in PostgreSQL: ``saves.backend.MatchStore`` for several hosts on one database.

A match is a row of ``matches`` (its header: the save's snapshot without its moves, in the
codec's checked bytes; the seats and the end are written there as they change) and one row of
``moves`` per move of its log, keyed by (match, turn), each the journal's own record bytes
(``encode_record``: checksummed, checked field by field when read). An append is one
transaction, and its commit is the acknowledgement: once ``append`` returns, a crash of the host
or of the database loses nothing. An undo deletes the moves taken back.

**One writer.** ``lock`` takes a session advisory lock on the match's key (the 64-bit hash of
its id) on the host's one connection, through which it also writes. The lock lasts exactly as
long as that connection: a host killed outright (``kill -9``, a lost machine once the database
notices its connection is gone) loses its locks, and another host may take the match over; a
write through a connection made after the old one broke is refused (the lock went with it).
The primary key is the second guard: a writer that still believed it held the match could not
store a move at a turn already stored.

Reading trusts nothing: the header is decoded by the codec, every move by ``decode_record``,
the turns must run 0, 1, 2… without a gap.
"""
from __future__ import annotations

import dataclasses
import threading

from psycopg import errors

from caravan_tui.pgstore.db import Database, DatabaseError, Link
from saves.backend import MatchLock, MatchLocked, SaveEntry, fold_move
from saves.codec import MAX_ITEMS, MAX_TIME, DamagedSave, decode, decode_record, encode, encode_record
from saves.deciders import seats_changed
from saves.snapshot import Record, Snapshot

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


class PgMatchLock:
    """The lock of one match, on the connection of ``store``'s database it was taken on."""

    def __init__(self, store: PgMatchStore, match_id: str, link: Link, generation: int) -> None:
        self.store, self.match_id, self.link, self.generation = store, match_id, link, generation
        self.released = False
        self.opened = False  # ``open`` stored the match under this lock: appends may follow

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
    if not match_id or len(match_id) > MAX_ID or match_id.startswith(".") or not match_id.isprintable() \
            or any(c in match_id for c in "/\\:\0"):
        raise ValueError(f"invalid match id {match_id[:MAX_ID]!r}")


def _header(snapshot: Snapshot) -> bytes:
    """The stored header: ``snapshot`` without its moves (and, while it is played, without the
    state cache, which its moves would leave behind)."""
    playing = snapshot.status == "playing"
    return encode(dataclasses.replace(snapshot, actions=[], weighed={}, deciders={},
                                      state={} if playing else snapshot.state))


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
            cur.execute("SELECT m FROM unnest(%s::text[]) m WHERE EXISTS (SELECT 1 FROM pg_locks l "
                        "WHERE l.pid = pg_backend_pid() AND l.locktype = 'advisory' AND l.objsubid = 1 "
                        "AND l.classid = ((hashtextextended(m, 0) >> 32) & 4294967295)::oid "
                        "AND l.objid = (hashtextextended(m, 0) & 4294967295)::oid)", (match_ids,))
            return {row[0] for row in cur.fetchall()}

    def retake(self, lock: PgMatchLock) -> bool:
        """Take ``lock``'s match again on its link's connection of now, if the connection it was
        taken on was lost (the database restarted, say) and no other server took the match
        meanwhile; False if another did (or the lock was released). The match must then be
        stored whole again (``open``) before anything is appended."""
        if lock.released or lock.store is not self:
            return False
        with lock.link.transaction() as cur:
            if lock.generation == lock.link.generation and not lock.opened:
                return True  # taken on this very connection, not opened since: nothing was lost
            cur.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", (lock.match_id,))
            row = cur.fetchone()
            if row and row[0]:
                lock.generation, lock.opened = lock.link.generation, False
                return True
        return False

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

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        """The match's row becomes ``snapshot``'s header and its moves the snapshot's log, in
        one transaction; DamagedSave (nothing written) if a stored header cannot be read. A
        lock whose connection was lost is taken again first if it can be (``retake``): this is
        how a host's retry stores its match after the database came back."""
        header = _header(snapshot)
        moves = [(snapshot.match_id, turn, encode_record(Record("move", turn, snapshot.updated, action,
                                                                 snapshot.weighed.get(turn, []),
                                                                 by=snapshot.deciders.get(turn, ""))), snapshot.updated)
                 for turn, action in enumerate(snapshot.actions)]
        if isinstance(lock, PgMatchLock) and not self.holds(lock) and not self.retake(lock):
            raise MatchLocked(f"this match ({snapshot.match_id}) is now hosted by another server")
        with self.db.link(snapshot.match_id).transaction() as cur:
            held = self._check_held(lock, snapshot.match_id)
            cur.execute("SELECT header FROM matches WHERE id = %s FOR UPDATE", (snapshot.match_id,))
            row = cur.fetchone()
            if row is not None:
                self._decode_header(snapshot.match_id, bytes(row[0]))
            cur.execute("INSERT INTO matches (id, header, status, updated) VALUES (%s, %s, %s, %s) "
                        "ON CONFLICT (id) DO UPDATE SET header = excluded.header, status = excluded.status, "
                        "updated = excluded.updated", (snapshot.match_id, header, snapshot.status, snapshot.updated))
            cur.execute("DELETE FROM moves WHERE match_id = %s", (snapshot.match_id,))
            cur.executemany("INSERT INTO moves (match_id, turn, action, at) VALUES (%s, %s, %s, %s)", moves)
        held.opened = True

    def append(self, lock: MatchLock, record: Record) -> None:
        """One transaction: a move is one insert (a move already stored at its turn fails it:
        DatabaseError), an undo deletes the moves taken back, a change of seats or the end
        rewrites the header."""
        data = encode_record(record) if record.kind == "move" else b""
        with self.db.link(lock.match_id).transaction() as cur:
            held = self._check_held(lock, lock.match_id)
            if not held.opened:
                raise OSError(f"match {held.match_id} is not open for writing")
            match_id = held.match_id
            if record.kind == "move":
                try:
                    cur.execute("INSERT INTO moves (match_id, turn, action, at) VALUES (%s, %s, %s, %s)",
                                (match_id, record.turn, data, record.at))
                except errors.UniqueViolation:
                    raise DatabaseError(f"move {record.turn + 1} of match {match_id} is stored already: "
                                        "another server wrote it") from None
                cur.execute("UPDATE matches SET updated = greatest(updated, %s) WHERE id = %s", (record.at, match_id))
            elif record.kind == "undo":
                cur.execute("DELETE FROM moves WHERE match_id = %s AND turn >= %s", (match_id, record.turn))
                cur.execute("UPDATE matches SET updated = greatest(updated, %s) WHERE id = %s", (record.at, match_id))
            else:
                cur.execute("SELECT header FROM matches WHERE id = %s FOR UPDATE", (match_id,))
                row = cur.fetchone()
                if row is None:
                    raise OSError(f"the database holds no match {match_id}")
                header = self._decode_header(match_id, bytes(row[0]))
                if record.kind == "seats":
                    seats_changed(header.standing_in, header.seats, record.seats or [], record.turn)
                    header = dataclasses.replace(header, seats=list(record.seats or []),
                                                 names=list(record.names or []))
                elif record.kind == "end":
                    header = dataclasses.replace(header, status=record.status or "over", result=record.result,
                                                 resigned=record.resigned, state=dict(record.state or {}))
                else:
                    raise ValueError(f"a change of an unknown kind ({record.kind!r})")
                header.updated = max(header.updated, record.at)
                cur.execute("UPDATE matches SET header = %s, status = %s, updated = %s WHERE id = %s",
                            (_header(header), header.status, header.updated, match_id))

    # -- reading ----------------------------------------------------------------------------

    @staticmethod
    def _decode_header(match_id: str, data: bytes) -> Snapshot:
        header = decode(data)
        if header.match_id != match_id:
            raise DamagedSave(f"the row of match {match_id} holds match {header.match_id}")
        return header

    def read(self, match_id: str) -> Snapshot:
        """The header with the moves in turn order; FileNotFoundError if there is no such
        match, DamagedSave if a row cannot be trusted."""
        check_id(match_id)
        with self.db.transaction() as cur:
            cur.execute("SELECT header FROM matches WHERE id = %s", (match_id,))
            row = cur.fetchone()
            if row is None:
                raise FileNotFoundError(f"the database holds no match {match_id}")
            cur.execute("SELECT turn, action FROM moves WHERE match_id = %s ORDER BY turn LIMIT %s",
                        (match_id, MAX_ITEMS + 1))
            moves = cur.fetchall()
        snapshot = self._decode_header(match_id, bytes(row[0]))
        if len(moves) > MAX_ITEMS:
            raise DamagedSave(f"the match holds more than {MAX_ITEMS} moves")
        for turn, data in moves:
            record = decode_record(bytes(data))
            if not turn == record.turn == len(snapshot.actions) or record.kind != "move" or record.action is None:
                raise DamagedSave(f"the match's move {len(snapshot.actions) + 1} is missing or out of place")
            snapshot.actions.append(record.action)
            fold_move(snapshot, record)
            snapshot.updated = max(snapshot.updated, record.at)
        return snapshot

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
