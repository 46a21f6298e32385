"""Snapshot <-> bytes: msgpack with a checksummed envelope and schema migrations (DESIGN §5).

A file is one msgpack map, the *envelope*, whose layout never changes across schemas:
``{"format": FORMAT, "schema": n, "sha256": digest, "payload": bytes}``. The payload is the
packed map of snapshot fields; the digest covers format, schema and payload, so a flipped bit
anywhere is caught before the payload is trusted.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgpack

from caravan_tui.engine import normalise_action
from saves.snapshot import FORMAT, SCHEMA, STATUSES, Snapshot


class DamagedSave(Exception):
    """A file that cannot be loaded as a save; ``reason`` says why, in words for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


#: schema n -> function upgrading a schema-n payload map to schema n + 1.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _is_strings(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(isinstance(s, str) for s in v)


def _is_action(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(
        isinstance(x, str) or _is_int(x) or _is_action(x) for x in v
    )


#: payload field -> (what it must be, in words; check). Same names as the Snapshot fields.
_FIELDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "app_version": ("a string", lambda v: isinstance(v, str)),
    "match_id": ("a string", lambda v: isinstance(v, str)),
    "game_id": ("a string", lambda v: isinstance(v, str)),
    "options": ("a map", lambda v: isinstance(v, dict)),
    "players": ("an integer", _is_int),
    "seats": ("a list of strings", _is_strings),
    "names": ("a list of strings", _is_strings),
    "seed": ("an integer", _is_int),
    "actions": ("a list of actions", lambda v: isinstance(v, (list, tuple)) and all(map(_is_action, v))),
    "state": ("a map", lambda v: isinstance(v, dict)),
    "created": ("a number", _is_number),
    "updated": ("a number", _is_number),
    "status": (f"one of {', '.join(STATUSES)}", lambda v: v in STATUSES),
    "result": (
        "a list of numbers or nil",
        lambda v: v is None or (isinstance(v, (list, tuple)) and all(map(_is_number, v))),
    ),
}


def plain(value: Any) -> Any:
    """``value`` as it comes back from a save: tuples become lists, and so on."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False, strict_map_key=False)


def encode(snapshot: Snapshot) -> bytes:
    """The file contents for ``snapshot``; ValueError if it could not be read back."""
    fields = {name: getattr(snapshot, name) for name in _FIELDS}
    try:
        _check(fields)
    except DamagedSave as exc:
        raise ValueError(f"cannot save match {snapshot.match_id!r}: {exc.reason}") from None
    return _seal(msgpack.packb(fields, use_bin_type=True), SCHEMA)


def decode(data: bytes) -> Snapshot:
    """The snapshot in ``data``, migrated to the current schema; DamagedSave if it is not one."""
    envelope = _envelope(data)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise DamagedSave("not a caravan-tui save")
    schema, digest, payload = envelope.get("schema"), envelope.get("sha256"), envelope.get("payload")
    if not (_is_int(schema) and isinstance(digest, bytes) and isinstance(payload, bytes)):
        raise DamagedSave("the save's header is incomplete")
    if digest != _digest(schema, payload):
        raise DamagedSave("checksum mismatch: the save was damaged or altered")
    if schema > SCHEMA:
        raise DamagedSave(
            f"saved by a newer caravan-tui (save schema {schema}; this version reads up to {SCHEMA})"
        )
    try:
        fields = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    except Exception:
        raise DamagedSave("the save's contents are unreadable") from None
    if not isinstance(fields, dict):
        raise DamagedSave("the save's contents are not a map")
    for version in range(schema, SCHEMA):
        if version not in MIGRATIONS:
            raise DamagedSave(f"save schema {schema} is too old to be upgraded")
        fields = MIGRATIONS[version](fields)
    return _snapshot(fields)


def _digest(schema: int, payload: bytes) -> bytes:
    return hashlib.sha256(msgpack.packb([FORMAT, schema]) + payload).digest()


def _seal(payload: bytes, schema: int) -> bytes:
    envelope = {"format": FORMAT, "schema": schema, "sha256": _digest(schema, payload), "payload": payload}
    return msgpack.packb(envelope, use_bin_type=True)


#: "format" is the envelope's first field, so a damaged save of ours still starts with this.
_SIGNATURE = msgpack.packb("format") + msgpack.packb(FORMAT)


def _envelope(data: bytes) -> Any:
    """The one msgpack object in ``data``, or DamagedSave saying why there is none."""
    if not data:
        raise DamagedSave("the file is empty")
    ours = _SIGNATURE in data[:64]
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data))
    unpacker.feed(data)
    try:
        envelope = unpacker.unpack()
    except msgpack.OutOfData:
        raise DamagedSave("the save is truncated" if ours else "not a caravan-tui save") from None
    except Exception:
        raise DamagedSave("the save is corrupted" if ours else "not a caravan-tui save") from None
    if unpacker.tell() != len(data):
        raise DamagedSave("the save has stray data at its end" if ours else "not a caravan-tui save")
    return envelope


def _check(fields: dict) -> None:
    """DamagedSave unless ``fields`` holds every snapshot field, each of the right type."""
    for name, (kind, check) in _FIELDS.items():
        if name not in fields:
            raise DamagedSave(f"the save has no {name!r} field")
        if not check(fields[name]):
            raise DamagedSave(f"the save's {name!r} field is not {kind}")
    if not len(fields["seats"]) == len(fields["names"]) == fields["players"]:
        raise DamagedSave("the save's seats and names do not match its number of players")


def _snapshot(fields: dict) -> Snapshot:
    """A Snapshot from a payload map, checked; actions normalised back to tuples."""
    _check(fields)
    result = fields["result"]
    return Snapshot(
        app_version=fields["app_version"],
        match_id=fields["match_id"],
        game_id=fields["game_id"],
        options=fields["options"],
        players=fields["players"],
        seats=list(fields["seats"]),
        names=list(fields["names"]),
        seed=fields["seed"],
        actions=[normalise_action(a) for a in fields["actions"]],
        state=fields["state"],
        created=float(fields["created"]),
        updated=float(fields["updated"]),
        status=fields["status"],
        result=None if result is None else [float(x) for x in result],
    )
