"""A save file as a journal (DESIGN §5): a snapshot, then one record per change.

The file is msgpack objects one after another: first the snapshot's envelope (``saves.codec``,
the layout a save has always had, so a file of one snapshot is still a save), then each record
as a msgpack ext 32: its marker, its length (4 bytes), its type, then a CRC-32 of the length,
the record's *chain* (4 bytes) and ``encode_record``'s bytes (a CRC-32 of the record's map, and
the map). The chain is a CRC-32 of the record's bytes seeded with the chain of the record before
it, the first one's with a CRC-32 of the snapshot's bytes: a record removed, repeated, moved or
brought in from another save breaks the chain at that point and is refused there, though each
record checks out alone. Saves written before the chain hold bin 32 records (the same frame
without the chain, one type byte less) and are read as they always were; one file never mixes
the two (a host's ``open`` writes the file anew before it appends).

A record is one ``write`` and one fsync. **A torn last record is dropped**: whatever follows
the last whole record, if it is the start of a record (a kill mid-write), that start and zeros
(a crash whose file size already covered the record: delayed allocation), zeros alone, or a
record that fails its own check with nothing whole after it, is a tear: the save reads as its
whole records, and ``Parsed.torn`` says which change was dropped so the person can be told.
This is where SQLite's and PostgreSQL's WAL replay end too: at the first record that does not
check out. What it trades: a last record that is damaged was either never acknowledged (the
crash came first) or was damaged on the disk after it was acknowledged; the second loses that
one change, and in both cases the person is told which. A tear is only ever at the end: damage
with a whole record after it (even inside the span a damaged length claims) is refused, with
the move it came after, and the whole part before it (``DamagedJournal``) can be recovered.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass

import msgpack

from caravan_tui.saves.backend import apply_record, folded
from caravan_tui.saves.codec import MAX_FILE, MAX_RECORD, TOO_LARGE, DamagedSave, decode, decode_record, encode_record
from caravan_tui.saves.snapshot import Record, Snapshot

_CHAINED = 0xC9  #: msgpack ext 32: a record in a chain
_TYPE = b"C"  #: its ext type
_OLD = 0xC6  #: msgpack bin 32: a record written before the chain
_CHAINED_PREFIX = 14  #: marker, length, type, the length's CRC, the chain
_OLD_PREFIX = 9  #: marker, length, the length's CRC
_CHAINED_HEAD = struct.Struct(">I1sI")  #: after the marker: length, type, the length's CRC
_OLD_HEAD = struct.Struct(">II")  #: after the marker: length, the length's CRC
#: where a record's chain lies in its frame (4 bytes, big-endian): a writer reads it back to
#: prove that the file still ends with the record it appended last
CHAIN_AT = 10


@dataclass(slots=True)
class Parsed:
    """A save file read: its snapshot, its whole records in order, the match they fold into,
    the length of the file they fill and the chain after the last of them. ``torn``: the
    change a torn tail left out, in words ("the change after move 7"), or "" if none."""

    header: Snapshot
    records: list[Record]
    snapshot: Snapshot
    whole: int
    chain: int
    torn: str = ""


class DamagedJournal(DamagedSave):
    """Damage before a save's end (``reason``, in one line), and what can be recovered: the
    match as its whole records before the damage fold it (``snapshot``, at ``moves`` moves),
    with ``lost`` changes after it unreadable or refused (the damaged one among them)."""

    def __init__(self, reason: str, snapshot: Snapshot, lost: int) -> None:
        super().__init__(reason)
        self.snapshot, self.moves, self.lost = snapshot, len(snapshot.actions), lost

    def offer(self) -> str:
        """The recovery, in words for the saves list and the command line."""
        changes = "change is" if self.lost == 1 else "changes are"
        return (
            f"open at move {self.moves}, the last whole move before the damage ({self.lost} later {changes} unreadable)"
        )


def seed(header: bytes) -> int:
    """The chain before the first record: a CRC-32 of the snapshot's bytes."""
    return zlib.crc32(header)


def frame(record: Record, chain: int) -> tuple[bytes, int]:
    """``record`` as appended after a record whose chain is ``chain``, and its own chain
    (ValueError if it cannot be saved)."""
    body = encode_record(record)
    link = zlib.crc32(body, chain)
    length = (8 + len(body)).to_bytes(4, "big")
    head = length + _TYPE
    return bytes([_CHAINED]) + head + zlib.crc32(head).to_bytes(4, "big") + link.to_bytes(4, "big") + body, link


def _moves_words(moves: int) -> str:
    """Where in a match a change came, as a person counts its moves."""
    return f"after move {moves}" if moves else "before its first move"


def _change_words(record: Record) -> str:
    """A record in a person's words: "move 8", "an undo", "a change of seats", "the end"."""
    return {
        "move": f"move {record.turn + 1}",
        "undo": f"an undo to move {record.turn}",
        "seats": "a change of seats",
        "end": "the end of the match",
    }[record.kind]


class _TooLarge(Exception):
    """A frame whose length checks out but is more than a record may be: written by no crash."""


class _OutOfWork(Exception):
    """A search for whole records read as many checksum bytes as it may (``_whole_after``)."""


def _frame_at(data: bytes, at: int, work: list[int] | None = None) -> tuple[int, int, int] | None:
    """(where its record's bytes start, where they end, its chain or -1 for a record before the
    chain) of a whole frame at ``at`` whose length and record checksums hold, or None;
    _TooLarge if its length checks out but is beyond any record's. ``work``: the checksum bytes
    the caller may still read (_OutOfWork past it)."""
    marker = data[at]
    if marker == _CHAINED:
        if len(data) < at + 10:
            return None
        length, kind, checked = _CHAINED_HEAD.unpack_from(data, at + 1)
        if kind != _TYPE or zlib.crc32(data[at + 1 : at + 6]) != checked:
            return None
        start, end = at + _CHAINED_PREFIX, at + 6 + length
        # (cut short: the record is, and is refused below)
        chain = int.from_bytes(data[at + CHAIN_AT : at + _CHAINED_PREFIX], "big")
    elif marker == _OLD:
        if len(data) < at + _OLD_PREFIX:
            return None
        length, checked = _OLD_HEAD.unpack_from(data, at + 1)
        if zlib.crc32(data[at + 1 : at + 5]) != checked:
            return None
        start, end, chain = at + _OLD_PREFIX, at + 5 + length, -1
    else:
        return None
    if not 4 <= end - start <= MAX_RECORD:
        raise _TooLarge
    if work is not None and end <= len(data):
        work[0] -= end - start
        if work[0] < 0:
            raise _OutOfWork
    if end > len(data) or zlib.crc32(data[start + 4 : end]) != int.from_bytes(data[start : start + 4], "big"):
        return None
    return start, end, chain


def _whole(data: bytes, at: int, work: list[int]) -> tuple[int, int, int] | None:
    try:
        return _frame_at(data, at, work)
    except _TooLarge:
        return None


_MARKERS = re.compile(b"[\\xc6\\xc9]")


#: checksum bytes a search for whole records may read per byte of the file: every frame head
#: found claims a record whose checksum is then read, and a crafted file of overlapping heads,
#: each claiming 256 KiB, would otherwise cost hours
SEARCH_WORK = 4


def _whole_after(data: bytes, at: int) -> list[int]:
    """Where whole records lie after ``at`` (the first one found, and those that follow it in
    order): a damaged record with any of these after it is not a tear. A search that would read
    more than SEARCH_WORK checksum bytes per byte of the file (no crash writes such a file) stops
    and answers as if one followed where it stopped: damage, refused and recoverable, never a
    tear that drops the rest in silence."""
    work = [SEARCH_WORK * len(data)]
    starts: list[int] = []
    try:
        for candidate in _MARKERS.finditer(data, at + 1):
            found = candidate.start()
            if _whole(data, found, work):
                while found < len(data) and (whole := _whole(data, found, work)):
                    starts.append(found)
                    found = whole[1]
                return starts
    except _OutOfWork:
        return starts or [found]
    return []


def parse(data: bytes) -> Parsed:
    """The snapshot and records in a save file; DamagedSave saying why if it is not one
    (DamagedJournal, with what can be recovered, for damage after its snapshot)."""
    if len(data) > MAX_FILE:
        raise DamagedSave(TOO_LARGE)
    whole = _header_end(data)
    header = decode(data[:whole])
    snapshot = folded(header, [])
    chain = seed(data[:whole])
    records: list[Record] = []
    chained: bool | None = None  # whether this file's records are chained (its first says)

    def damage(what: str) -> DamagedJournal:
        where = _moves_words(len(snapshot.actions))
        return DamagedJournal(f"the save is damaged {where}: {what}", snapshot, 1 + len(_whole_after(data, whole)))

    while whole < len(data):
        try:
            found = _frame_at(data, whole)
        except _TooLarge:
            raise damage(f"it holds a change of more than {MAX_RECORD // 1024} KiB") from None
        if found is None:
            if _is_tear(data, whole):
                torn = f"the change {_moves_words(len(snapshot.actions))}"
                return Parsed(header, records, snapshot, whole, chain, torn)
            raise damage(
                "unreadable bytes where its next change should be"
                if data[whole] not in (_CHAINED, _OLD)
                else "a change there fails its checksum"
            )
        start, end, link = found
        if chained is None:
            chained = link >= 0
        if chained != (link >= 0):
            raise damage("a change in another save format is among its changes")
        try:
            record = decode_record(data[start:end])
        except DamagedSave as exc:
            raise damage(exc.reason) from None
        if chained and zlib.crc32(data[start:end], chain) != link:
            raise damage(
                f"{_change_words(record)} does not follow the change before it "
                "(one was removed, repeated, moved or taken from another save)"
            )
        try:
            apply_record(snapshot, record)  # (it checks before it changes anything)
        except DamagedSave as exc:
            raise DamagedJournal(exc.reason, snapshot, 1 + len(_whole_after(data, whole))) from None
        whole = end
        chain = link if chained else chain
        records.append(record)
    return Parsed(header, records, snapshot, whole, chain)


def _is_tear(data: bytes, at: int) -> bool:
    """Whether the bytes from ``at`` on, which hold no whole record there, are a torn last
    record: zeros, or the start of a record (then anything, zeros too) with nothing whole after."""
    tail = data[at:]
    if not tail.strip(b"\0"):
        return True
    return tail[0] in (_CHAINED, _OLD) and not _whole_after(data, at)


def _header_end(data: bytes) -> int:
    """Where the snapshot's envelope ends (``decode`` says why the file is not a save, if no
    object can be read at its start)."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    try:
        unpacker.skip()
    except Exception:
        decode(data)  # raises: truncated, corrupted or foreign, in its words
        raise DamagedSave("the save is corrupted") from None
    end: int = unpacker.tell()
    return end
