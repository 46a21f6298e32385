"""A save file as a journal (DESIGN §5): a snapshot, then one record per change.

The file is msgpack objects one after another: first the snapshot's envelope (``saves.codec``,
the layout a save has always had, so a file of one snapshot is still a save), then each record
as a msgpack bin 32: its marker, its length (4 bytes), then a CRC-32 of those length bytes and
``encode_record``'s bytes (a CRC-32 of the record's map, and the map). A record is one
``write`` and one fsync; a process killed mid-write leaves a *prefix* of a record at the end of
the file, and so does a crash that left the file's end unwritten (zeros): such a torn last
record was never acknowledged, and ``parse`` leaves it out. The length's own CRC keeps a
damaged length from passing for a tear (it would drop every record after it). Anything else
that is not a whole, well-formed record is damage, refused with its reason.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass

import msgpack

from saves.codec import MAX_FILE, MAX_RECORD, TOO_LARGE, DamagedSave, decode, decode_record, encode_record
from saves.snapshot import Record, Snapshot

_BIN32 = b"\xc6"
_PREFIX = 9  #: the marker, the length and the length's CRC


@dataclass(slots=True)
class Parsed:
    """A save file read: its snapshot, its whole records in order, and the length of the file
    they fill (``whole < len(data)``: a torn last record follows)."""

    header: Snapshot
    records: list[Record]
    whole: int


def frame(record: Record) -> bytes:
    """``record`` as appended to a journal (ValueError if it cannot be saved)."""
    body = encode_record(record)
    length = (4 + len(body)).to_bytes(4, "big")
    return _BIN32 + length + zlib.crc32(length).to_bytes(4, "big") + body


def parse(data: bytes) -> Parsed:
    """The snapshot and records in a save file; DamagedSave saying why, if it is not one."""
    if len(data) > MAX_FILE:
        raise DamagedSave(TOO_LARGE)
    whole = _header_end(data)
    header = decode(data[:whole])
    records: list[Record] = []
    while whole < len(data):
        rest = data[whole:whole + _PREFIX]
        if rest[:1] == b"\0" and not data[whole:].strip(b"\0"):
            break  # a tail the crash left unwritten
        if rest[:1] != _BIN32 or (len(rest) == _PREFIX and zlib.crc32(rest[1:5]) != int.from_bytes(rest[5:], "big")):
            raise DamagedSave(f"the save is corrupted after its move {len(header.actions) + len(records)}")
        if len(rest) < _PREFIX:
            break  # a torn last record
        length = int.from_bytes(rest[1:5], "big")
        if not 4 <= length <= MAX_RECORD:
            raise DamagedSave(f"the save holds a record of more than {MAX_RECORD // 1024} KiB")
        end = whole + 5 + length
        if end > len(data):
            break  # a torn last record
        records.append(decode_record(data[whole + _PREFIX:end]))
        whole = end
    return Parsed(header, records, whole)


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
