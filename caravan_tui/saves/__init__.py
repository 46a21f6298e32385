"""Saved matches: msgpack codec, schema versions, the store interface and its file backend
(DESIGN §5). Never imports Textual.

Damage (``saves.journal``): a save's records are chained, each one's check covering the one
before it, so none is removed, repeated, moved or brought in from another save unnoticed. A
damaged *last* record is a tear, and the save opens at the last whole record, as SQLite's and
PostgreSQL's WAL replay end at the first record that does not check out. The trade: such a
record was either never acknowledged (a crash mid-write) or damaged on the disk after it was,
and the second loses that one change; in both cases the person is told which. Damage with a
whole record after it is refused, and ``SaveStore.recover`` opens the save at the last whole
move before it, keeping the damaged file."""

from caravan_tui.saves.backend import MatchLock, MatchLocked, MatchStore, SaveEntry
from caravan_tui.saves.codec import DamagedSave, decode, encode
from caravan_tui.saves.snapshot import FORMAT, SCHEMA, Record, Snapshot, new_match_id
from caravan_tui.saves.store import SaveStore

__all__ = [
    "FORMAT",
    "SCHEMA",
    "DamagedSave",
    "MatchLock",
    "MatchLocked",
    "MatchStore",
    "Record",
    "SaveEntry",
    "SaveStore",
    "Snapshot",
    "decode",
    "encode",
    "new_match_id",
]
