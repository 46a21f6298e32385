"""A save file as a journal (DESIGN §5): a snapshot, then one record per change.

The file is msgpack objects one after another: first the snapshot's envelope (``saves.codec``,
the layout a save has always had, so a file of one snapshot is still a save), then each record
as a msgpack binary holding ``encode_record``'s bytes (a CRC-32 and the record's map). A record
is one ``write`` and one fsync; a process killed mid-write leaves a *prefix* of its binary at
the end of the file, and so does a crash that left the file's end unwritten (zeros): such a
torn last record was never acknowledged, and ``parse`` leaves it out. Anything else that is not
a whole, well-formed record is damage, refused with its reason.
"""
from __future__ import annotations

from dataclasses import dataclass

import msgpack

from saves.codec import MAX_FILE, MAX_RECORD, TOO_LARGE, DamagedSave, decode, decode_record, encode_record
from saves.snapshot import Record, Snapshot


@dataclass(slots=True)
class Parsed:
    """A save file read: its snapshot, its whole records in order, and the length of the file
    they fill (``whole < len(data)``: a torn last record follows)."""

    header: Snapshot
    records: list[Record]
    whole: int


def frame(record: Record) -> bytes:
    """``record`` as appended to a journal (ValueError if it cannot be saved)."""
    framed: bytes = msgpack.packb(encode_record(record), use_bin_type=True)
    return framed


def parse(data: bytes) -> Parsed:
    """The snapshot and records in a save file; DamagedSave saying why, if it is not one."""
    if len(data) > MAX_FILE:
        raise DamagedSave(TOO_LARGE)
    end = _header_end(data)
    header = decode(data[:end])
    records: list[Record] = []
    unpacker = msgpack.Unpacker(raw=False, max_bin_len=MAX_RECORD, max_buffer_size=max(len(data), 1))
    unpacker.feed(data[end:])
    whole = end
    while whole < len(data):
        try:
            item = unpacker.unpack()
        except msgpack.OutOfData:
            break  # a torn last record
        except Exception:
            item = None
        if type(item) is not bytes:
            if not data[whole:].strip(b"\0"):
                break  # a tail the crash left unwritten
            raise DamagedSave(f"the save is corrupted after its move {len(header.actions) + len(records)}")
        records.append(decode_record(item))
        whole = end + unpacker.tell()
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
