"""Match snapshots: msgpack codec, schema versions, atomic store (DESIGN §5). Never imports Textual."""
from saves.codec import DamagedSave, decode, encode
from saves.snapshot import FORMAT, SCHEMA, Snapshot, new_match_id
from saves.store import MatchLock, MatchLocked, SaveEntry, SaveStore

__all__ = [
    "FORMAT",
    "SCHEMA",
    "DamagedSave",
    "MatchLock",
    "MatchLocked",
    "SaveEntry",
    "SaveStore",
    "Snapshot",
    "decode",
    "encode",
    "new_match_id",
]
