"""Snapshot <-> bytes: msgpack with a checksummed envelope and schema migrations (DESIGN §5).

A file is one msgpack map, the *envelope*, whose layout never changes across schemas:
``{"format": FORMAT, "schema": n, "sha256": digest, "payload": bytes}``. The payload is the
packed map of snapshot fields; the digest covers format, schema and payload, so a flipped bit
anywhere is caught before the payload is trusted. Even a payload with a valid digest is then
checked field by field (types, ranges, sizes, nesting), so whatever ``decode`` returns is
well-formed and everything else is a DamagedSave: a digest proves nothing against a crafted file.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from collections.abc import Callable
from typing import Any, TypeGuard

import msgpack

from caravan_tui.bus import weighed_problem
from caravan_tui.engine import normalise_action
from caravan_tui.saves.deciders import decider_problem, is_stand_in
from caravan_tui.saves.snapshot import FORMAT, RECORD_KINDS, SCHEMA, STATUSES, Record, Snapshot
from caravan_tui.saves.weighed import record_problem

#: how the reason for a save that a newer release wrote begins (the saves list words it apart)
NEWER = "saved by a newer caravan-tui"


class DamagedSave(Exception):
    """A file that cannot be loaded as a save; ``reason`` says why, in words for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


#: schema n -> function upgrading a schema-n payload map to schema n + 1.
def _schema_1_to_2(fields: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 names the seat that resigned (schema 1 kept only the result, where that seat
    scored 0) and drops the state cache: the rules may since have added to a game's data (a
    replaced up card became public in Decktet Caravan), and loading rebuilds it from the log.
    Runs before the fields are checked, so it must cope with any value."""
    fields = dict(fields)
    result = fields.get("result")
    losers = [seat for seat, share in enumerate(result) if share == 0] if isinstance(result, list) else []
    fields["resigned"] = losers[0] if fields.get("status") == "resigned" and len(losers) == 1 else None
    fields["state"] = {}
    return fields


def _schema_2_to_3(fields: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 names the version of the game's rules that the log follows; a save from before
    says 0, not known (the loader tries today's rules, then each older version)."""
    return {**fields, "rules": 0}


def _schema_3_to_4(fields: dict[str, Any]) -> dict[str, Any]:
    """Schema 4 says who decided the moves stand-ins made (``deciders``, ``standing_in``: a save
    from before has neither, and reads every move as its seat's own), and its journal's records
    name who decided each move and are chained to the one before them (``saves.journal``). A
    release that reads up to schema 3 refuses such a file as a newer release's, in one line,
    instead of failing at its first record."""
    return fields


#: schema n -> function upgrading a schema-n payload map to schema n + 1 (before it is checked).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _schema_1_to_2,
    2: _schema_2_to_3,
    3: _schema_3_to_4,
}

# Caps far above any real save, so that a crafted file can exhaust neither memory nor the stack.
# The largest real saves (Camel Caravan played to the end) are about 11 KB, with about 700
# actions and 3,000 list and map items in all; states nest 5 levels deep, strings are short.
MAX_FILE = 16 * 2**20  #: bytes in a save file (its snapshot and every record after it)
TOO_LARGE = f"the file is larger than any save (over {MAX_FILE // 2**20} MiB)"
MAX_RECORD = 2**18  #: bytes in one record (a move and what was weighed for it: a few KB)
MAX_ITEMS = 100_000  #: items in one list or map (the action log is the longest)
MAX_TOTAL = 1_000_000  #: items in all the lists and maps of a file together
MAX_DEPTH = 32  #: lists and maps inside one another
MAX_TEXT = 2**16  #: characters in a string, bytes in a binary
MAX_NAME = 256  #: characters in an id, a version, a seat, a player's or an option's name
MAX_PLAYERS = 16
MAX_UNTOLD = 20  #: recoveries a save may hold untold (as many as damaged files a store keeps of a match)
MAX_TIME = 32_503_680_000  #: 3000-01-01: datetime.fromtimestamp takes 1970 to 3000 everywhere
_INT64 = range(-(2**63), 2**63)
_PLAIN = (type(None), bool, int, float, str, bytes)  #: msgpack's plain scalars, as unpacked


def _is_int(v: object) -> TypeGuard[int]:
    return type(v) is int and v in _INT64


def _is_number(v: Any) -> bool:
    return _is_int(v) or (type(v) is float and math.isfinite(v))


def _is_name(v: Any) -> bool:
    return type(v) is str and len(v) <= MAX_NAME


def _too_big(v: Any) -> str | None:
    """What is out of range in the scalar ``v``, or None."""
    if isinstance(v, (str, bytes)) and len(v) > MAX_TEXT:
        return f"holds a string of more than {MAX_TEXT} characters"
    if isinstance(v, int) and v not in _INT64:
        return "holds an integer beyond 64 bits"
    if isinstance(v, float) and not math.isfinite(v):
        return "holds a number that is not finite"
    return None


def _tree(value: Any, kind: str, scalars: tuple[type, ...], maps: bool) -> str | None:
    """What is wrong with ``value`` as lists (and maps keyed by strings or integers, if ``maps``)
    holding ``scalars``, or None. Iterative and depth-capped: a crafted save may nest far past
    Python's recursion limit."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if type(item) is list or (maps and type(item) is dict):
            if depth > MAX_DEPTH:
                return f"is nested more than {MAX_DEPTH} levels deep"
            if type(item) is dict:
                if not all(type(k) in (str, int) and not _too_big(k) for k in item):
                    return "has a map key that is not a string or an integer"
                item = item.values()
            stack.extend((x, depth + 1) for x in item)
        elif type(item) not in scalars:
            return f"is not {kind}"
        elif problem := _too_big(item):
            return problem
    return None


def _is(kind: str, ok: Callable[[Any], bool]) -> Callable[[Any], str | None]:
    """A field check saying the value "is not ``kind``" unless ``ok(value)``."""
    return lambda v: None if ok(v) else f"is not {kind}"


def _actions(v: Any) -> str | None:
    if type(v) is not list or not all(type(a) is list for a in v):
        return "is not a list of actions"
    # Most actions are flat lists of short strings and small integers: those are checked here,
    # in one pass; anything else (nesting, a long string, a big integer) by ``_tree``.
    if all(
        (type(x) is str and len(x) <= MAX_TEXT) or (type(x) is int and -(2**63) <= x < 2**63)
        for action in v
        for x in action
    ):
        return None
    return _tree(v, "a list of actions", (str, int), maps=False)


def _state(v: Any) -> str | None:
    if type(v) is not dict or not all(type(k) is str for k in v):
        return "is not a map with string keys"
    return _tree(v, "plain data", _PLAIN, maps=True)


def _is_option(v: Any) -> bool:
    return v is None or type(v) is bool or _is_number(v) or (type(v) is str and len(v) <= MAX_TEXT)


_NAME = f"a string of at most {MAX_NAME} characters"
_NAMES = f"a list of strings of at most {MAX_NAME} characters"
_TIME = "a time from 1970 to 3000"

#: payload field -> check returning what is wrong with its value, in words, or None. Same names
#: as the Snapshot fields.
_FIELDS: dict[str, Callable[[Any], str | None]] = {
    "app_version": _is(_NAME, _is_name),
    "match_id": _is(_NAME, _is_name),
    "game_id": _is(_NAME, _is_name),
    "options": _is(
        "a map from names to strings, numbers, booleans or nil",
        lambda v: type(v) is dict and all(map(_is_name, v)) and all(map(_is_option, v.values())),
    ),
    "players": _is(f"an integer from 1 to {MAX_PLAYERS}", lambda v: _is_int(v) and 1 <= v <= MAX_PLAYERS),
    "seats": _is(_NAMES, lambda v: type(v) is list and all(map(_is_name, v))),
    "names": _is(_NAMES, lambda v: type(v) is list and all(map(_is_name, v))),
    "seed": _is("a 64-bit integer", _is_int),
    "actions": _actions,
    "state": _state,
    "created": _is(_TIME, lambda v: _is_number(v) and 0 <= v < MAX_TIME),
    "updated": _is(_TIME, lambda v: _is_number(v) and 0 <= v < MAX_TIME),
    "status": _is(f"one of {', '.join(STATUSES)}", lambda v: type(v) is str and v in STATUSES),
    "result": _is("a list of numbers or nil", lambda v: v is None or (type(v) is list and all(map(_is_number, v)))),
    "resigned": _is("a seat number or nil", lambda v: v is None or _is_int(v)),
    "weighed": _is("a map from move numbers to candidates", lambda v: type(v) is dict),  # the rest: ``_check``
    "rules": _is("a rules version (an integer from 0)", lambda v: _is_int(v) and v >= 0),
    "deciders": _is("a map from move numbers to who decided them", lambda v: type(v) is dict),  # ``_check``
    "standing_in": _is(
        "a map from seats to move numbers",
        lambda v: (
            type(v) is dict
            and all(_is_int(k) and 0 <= k < MAX_PLAYERS and _is_int(t) and 0 <= t < MAX_ITEMS for k, t in v.items())
        ),
    ),
    "untold_recoveries": _is(
        f"a list of recoveries (moves, changes lost, a file name of at most {MAX_NAME} characters)",
        lambda v: (
            type(v) is list
            and len(v) <= MAX_UNTOLD
            and all(
                type(r) is list
                and len(r) == 3
                and _is_int(r[0])
                and 0 <= r[0] < MAX_ITEMS
                and _is_int(r[1])
                and 0 < r[1] < MAX_ITEMS
                and _is_name(r[2])
                for r in v
            )
        ),
    ),
}
#: fields a save may leave out (they came after its schema), with the value they then take
_OPTIONAL: dict[str, Callable[[], Any]] = {
    "weighed": dict,
    "deciders": dict,
    "standing_in": dict,
    "untold_recoveries": list,
}


def plain(value: Any) -> Any:
    """``value`` as it comes back from a save: tuples become lists, and so on."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False, strict_map_key=False)


def encode(snapshot: Snapshot) -> bytes:
    """The file contents for ``snapshot``; ValueError if it could not be read back. It is
    decoded again: the one sure way to refuse exactly what ``decode`` would."""
    fields = {name: getattr(snapshot, name) for name in _FIELDS}
    try:
        data = _seal(msgpack.packb(fields, use_bin_type=True), SCHEMA)
        decode(data)
    except DamagedSave as exc:
        raise ValueError(f"cannot save match {snapshot.match_id!r}: {exc.reason}") from None
    except (TypeError, ValueError, OverflowError) as exc:  # what msgpack cannot pack at all
        raise ValueError(f"cannot save match {snapshot.match_id!r}: {exc}") from None
    return data


def decode(data: bytes) -> Snapshot:
    """The snapshot in ``data``, migrated to the current schema and checked field by field;
    DamagedSave if it is not one."""
    if len(data) > MAX_FILE:
        raise DamagedSave(TOO_LARGE)
    envelope = _envelope(data)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise DamagedSave("not a caravan-tui save")
    schema, digest, payload = envelope.get("schema"), envelope.get("sha256"), envelope.get("payload")
    if not (_is_int(schema) and isinstance(digest, bytes) and isinstance(payload, bytes)):
        raise DamagedSave("the save's header is incomplete")
    if digest != _digest(schema, payload):
        raise DamagedSave("checksum mismatch: the save was damaged or altered")
    if schema > SCHEMA:
        raise DamagedSave(f"{NEWER} (save schema {schema}; this version reads up to {SCHEMA})")
    try:
        fields = msgpack.unpackb(payload, raw=False, strict_map_key=False, **_counted())
    except DamagedSave:
        raise
    except Exception:  # msgpack's own errors: bad bytes, nesting past its stack, stray data…
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
    sealed: bytes = msgpack.packb(envelope, use_bin_type=True)
    return sealed


def _counted() -> dict[str, Callable[[Any], Any]]:
    """Unpacker hooks that count lists and maps as they are built and stop at MAX_ITEMS in one,
    or MAX_TOTAL in all: a few MB of empty lists would otherwise unpack into GBs."""
    total = 0

    def count(container: Any) -> Any:
        nonlocal total
        total += len(container)
        if len(container) > MAX_ITEMS:
            raise DamagedSave(f"the save holds a list or map of more than {MAX_ITEMS} items")
        if total > MAX_TOTAL:
            raise DamagedSave(f"the save holds more than {MAX_TOTAL} items in all")
        return container

    return {"list_hook": count, "object_hook": count}


#: "format" is the envelope's first field, so a damaged save of ours still starts with this.
_SIGNATURE = msgpack.packb("format") + msgpack.packb(FORMAT)


def _envelope(data: bytes) -> Any:
    """The one msgpack object in ``data``, or DamagedSave saying why there is none."""
    if not data:
        raise DamagedSave("the file is empty")
    ours = _SIGNATURE in data[:64]
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data), **_counted())
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


def _check(fields: dict[str, Any]) -> None:
    """DamagedSave unless ``fields`` holds every snapshot field, each well-formed."""
    for name, default in _OPTIONAL.items():
        fields.setdefault(name, default())
    for name, check in _FIELDS.items():
        if name not in fields:
            raise DamagedSave(f"the save has no {name!r} field")
        if problem := check(fields[name]):
            raise DamagedSave(f"the save's {name!r} field {problem}")
    players, result, resigned = fields["players"], fields["result"], fields["resigned"]
    if not len(fields["seats"]) == len(fields["names"]) == players:
        raise DamagedSave("the save's seats and names do not match its number of players")
    if result is not None and len(result) != players:
        raise DamagedSave("the save's result does not have one score per player")
    if resigned is not None and not 0 <= resigned < players:
        raise DamagedSave("the save's resigned seat is not one of its players")
    if resigned is not None and fields["status"] != "resigned":
        raise DamagedSave(f"the save names a seat that resigned but says the match is {fields['status']!r}")
    if problem := record_problem(fields["weighed"], fields["seats"], len(fields["actions"])):
        raise DamagedSave(problem)
    if problem := _deciders(fields["deciders"], len(fields["actions"])):
        raise DamagedSave(f"the save's record of who decided its moves {problem}")
    if any(seat >= players for seat in fields["standing_in"]):
        raise DamagedSave("the save names a stand-in for a seat it does not have")


def _snapshot(fields: dict[str, Any]) -> Snapshot:
    """A Snapshot from a payload map, checked; actions normalised back to tuples."""
    _check(fields)
    result = fields["result"]
    return Snapshot(
        app_version=fields["app_version"],
        match_id=fields["match_id"],
        game_id=fields["game_id"],
        options=fields["options"],
        players=fields["players"],
        seats=fields["seats"],
        names=fields["names"],
        seed=fields["seed"],
        actions=[normalise_action(a) for a in fields["actions"]],
        state=fields["state"],
        created=float(fields["created"]),
        updated=float(fields["updated"]),
        status=fields["status"],
        result=None if result is None else [float(x) for x in result],
        resigned=fields["resigned"],
        weighed={turn: _rows(rows) for turn, rows in fields["weighed"].items()},
        rules=fields["rules"],
        deciders=fields["deciders"],
        standing_in=fields["standing_in"],
        untold_recoveries=fields["untold_recoveries"],
    )


def _deciders(deciders: dict[Any, Any], moves: int) -> str | None:
    """What is wrong with a snapshot's ``deciders`` for a log of ``moves``, or None: only
    stand-ins are kept there (``Snapshot.deciders``)."""
    for turn, decider in deciders.items():
        if not _is_int(turn) or turn < 0:
            return "is not a map from move numbers to who decided them"
        if turn >= moves:
            return f"names move {str(turn + 1)[:20]}, but the log has {moves}"
        if problem := decider_problem(decider):
            return f"at move {turn + 1} {problem}"
        if not is_stand_in(decider):
            return f"at move {turn + 1} names {decider!r}, which the seat says already"
    return None


def _rows(rows: list[list[Any]]) -> list[list[Any]]:
    """Checked weighed rows as a loaded save holds them: actions as tuples, shares as floats."""
    return [[normalise_action(action), float(share), reason] for action, share, reason in rows]


# -- records ------------------------------------------------------------------------------------

_NUMBERS = "a list of numbers or nil"
_KINDS = f"is not one of {', '.join(RECORD_KINDS)}"
_TURNS = f"is not a move number below {MAX_ITEMS}"


def _kind(v: Any) -> str | None:
    return None if type(v) is str and v in RECORD_KINDS else _KINDS


def _turn(v: Any) -> str | None:
    return None if type(v) is int and 0 <= v < MAX_ITEMS else _TURNS


def _at(v: Any) -> str | None:
    return None if type(v) in (int, float) and 0 <= v < MAX_TIME else f"is not {_TIME}"


def _action(v: Any) -> str | None:
    # (a flat action of short strings and small integers, as nearly every move is, in one pass)
    if type(v) is list and all(
        (type(x) is str and len(x) <= MAX_TEXT) or (type(x) is int and -(2**63) <= x < 2**63) for x in v
    ):
        return None
    return _actions([v])


#: record field -> check of its value when present (a record leaves out fields at their default);
#: the checks of the fields every move holds are written out (they run once per move of a save)
_RECORD_FIELDS: dict[str, Callable[[Any], str | None]] = {
    "kind": _kind,
    "turn": _turn,
    "at": _at,
    "action": _action,
    "weighed": weighed_problem,  # (the host's own check of what an AI seat sends)
    "seats": _FIELDS["seats"],
    "names": _FIELDS["names"],
    "status": _FIELDS["status"],
    "result": _is(_NUMBERS, lambda v: type(v) is list and all(map(_is_number, v))),
    "resigned": _is("a seat number", lambda v: _is_int(v) and 0 <= v < MAX_PLAYERS),
    "state": _state,
    "by": decider_problem,
}
_RECORD_NEEDS = ("kind", "turn", "at")
_DEFAULTS = Record("move", 0, 0.0)


def encode_record(record: Record) -> bytes:
    """One record as stored: a CRC-32 of its body (4 bytes, big-endian) then the body, the
    packed map of the fields that differ from their defaults. ValueError if it could not be
    read back (as ``encode``)."""
    fields = {
        name: getattr(record, name)
        for name in _RECORD_FIELDS
        if name in _RECORD_NEEDS or getattr(record, name) != getattr(_DEFAULTS, name)
    }
    try:
        body: bytes = msgpack.packb(fields, use_bin_type=True)
        data = zlib.crc32(body).to_bytes(4, "big") + body
        decode_record(data)
    except DamagedSave as exc:
        raise ValueError(f"cannot save a {record.kind} at move {record.turn}: {exc.reason}") from None
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"cannot save a {record.kind} at move {record.turn}: {exc}") from None
    return data


def decode_record(data: bytes) -> Record:
    """The record in ``data`` (as ``encode_record`` wrote it), checked field by field;
    DamagedSave if it is not one."""
    if len(data) > MAX_RECORD:
        raise DamagedSave(f"the save holds a record of more than {MAX_RECORD // 1024} KiB")
    if len(data) < 4 or zlib.crc32(data[4:]) != int.from_bytes(data[:4], "big"):
        raise DamagedSave("checksum mismatch in a move: the save was damaged or altered")
    fields = _unpack_record(data[4:])
    if type(fields) is not dict:
        raise DamagedSave("a move in the save is not a map")
    if "kind" not in fields or "turn" not in fields or "at" not in fields:
        missing = next(name for name in _RECORD_NEEDS if name not in fields)
        raise DamagedSave(f"a move in the save has no {missing!r} field")
    for name, value in fields.items():
        check = _RECORD_FIELDS.get(name) if type(name) is str else None
        if check is None:
            raise DamagedSave(f"a move in the save has an unknown field {str(name)[:40]!r}")
        if problem := check(value):
            raise DamagedSave(f"a move in the save: its {name!r} field {problem}")
    get = fields.get
    action, result, weighed = get("action"), get("result"), get("weighed")
    return Record(
        fields["kind"],
        fields["turn"],
        float(fields["at"]),
        None if action is None else normalise_action(action),
        _rows(weighed) if weighed else [],
        get("seats"),
        get("names"),
        get("status"),
        None if result is None else [float(x) for x in result],
        get("resigned"),
        get("state"),
        get("by", ""),
    )


def _unpack_record(body: bytes) -> Any:
    """A record's map, unpacked with msgpack's own bound on each list and map (MAX_ITEMS): a
    record is at most MAX_RECORD bytes, fewer than MAX_TOTAL items, so the counting hooks of a
    snapshot are needed only to say, in words, what a record that fails holds."""
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=False, max_array_len=MAX_ITEMS, max_map_len=MAX_ITEMS)
    except Exception:  # msgpack's own errors: bad bytes, a list past its bound, stray data…
        pass
    try:
        msgpack.unpackb(body, raw=False, strict_map_key=False, **_counted())
    except DamagedSave:
        raise
    except Exception:
        pass
    raise DamagedSave("a move in the save is unreadable") from None
