"""Saved matches: msgpack codec, schema versions, the store interface and its file backend
(DESIGN §5). Never imports Textual."""
from saves.backend import MatchLock, MatchLocked, MatchStore, SaveEntry
from saves.codec import DamagedSave, decode, encode
from saves.snapshot import FORMAT, SCHEMA, Record, Snapshot, new_match_id
from saves.store import SaveStore

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
