"""The hub's small files beside the saves: who is who (names kept per key), what each hosted
match needs that its save does not hold (who owns each seat, the grace, the stand-in's level)
and what its log showed beside the game's events (the chat said lately, seats changing hands).

JSON only, read as data and checked field by field: a damaged or foreign file is skipped with
its reason, never trusted. Written atomically (temp file, fsync, rename), like the saves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from caravan_tui.ai.levels import LEVELS
from caravan_tui.bus import MAX_NAME, Chat, line_problem
from caravan_tui.engine import Event
from caravan_tui.files import MiB, read_regular
from caravan_tui.games import GAMES
from caravan_tui.lookalikes import look_alike, marks
from caravan_tui.match.host import CHAT_BACKLOG, LATE, Said
from caravan_tui.saves.store import replace_file
from caravan_tui.ssh.seat_codes import HASH_LENGTH

MAX_FILE = MiB
MAX_NOTES, MAX_NOTE = 1000, 300  # a side log's notes, and the characters of one
#: what an identity looks like: a key's "SHA256:…" fingerprint or a guest's "guest:…"
IDENTITY = re.compile(r"(SHA256|guest):[A-Za-z0-9+/=_-]{1,64}")
#: how a guest's identity begins (someone new each visit: a seat they give up, they leave)
GUEST = "guest:"
#: what a seat code's kept hash looks like (``seat_codes.code_hash``)
HASH = re.compile(f"[0-9a-f]{{{HASH_LENGTH}}}")
#: what a match id looks like (``saves.snapshot.new_match_id``'s, and any a file store accepts)
MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
#: a hosted record's fields that may be left out (a record written before them)
OPTIONAL = {"ai_finish", "invited", "rematch", "left", "closed", "codes"}
INTRODUCED = "introduced"  # identities.json's key for the games each identity was introduced to


def read_json(path: Path) -> object:
    """The JSON in ``path``, a regular file of at most MAX_FILE bytes (``read_regular``: a FIFO
    cannot make the hub wait); OSError or ValueError."""
    try:
        raw = read_regular(path, MAX_FILE)
    except ValueError as exc:  # not a regular file, too large
        raise ValueError(f"{path.name} is {exc}") from None
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError(f"{path.name} nests too deep") from None


def write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_file(path, json.dumps(data).encode("utf-8"), prefix=f".{path.name}-")


class Identities:
    """The names people chose, by key fingerprint (``identities.json``), and the games whose
    "How to play" each dismissed for good (under ``INTRODUCED``: a key no identity can be, so a
    file written before it was kept reads the same, and an older server ignores it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            data = read_json(path)
        except FileNotFoundError:
            data = {}
        except (OSError, ValueError):
            data = {}  # a damaged file: everyone is asked again, and it is replaced on the next name
        if not isinstance(data, dict):
            data = {}
        self.names: dict[str, str] = {
            who: name
            for who, name in data.items()
            if isinstance(who, str) and IDENTITY.fullmatch(who) and line_problem(name, MAX_NAME, "") is None
        }
        introduced = data.get(INTRODUCED)
        self.introduced: dict[str, set[str]] = {
            who: {game for game in games if game in GAMES}
            for who, games in (introduced.items() if isinstance(introduced, dict) else ())
            if who in self.names and isinstance(games, list) and len(games) <= len(GAMES)
        }
        self._marks: dict[str, tuple[str, str]] | None = None  # each name's lookalike marks, once asked

    def name(self, identity: str) -> str:
        return self.names.get(identity, "")

    def lookalike(self, name: str, besides: str) -> str | None:
        """A name kept by an identity other than ``besides`` that looks like ``name`` (the same
        name in any case, or a lookalike), if any."""
        if self._marks is None:
            self._marks = {who: marks(kept) for who, kept in self.names.items()}
        mine = marks(name)
        return next(
            (self.names[who] for who, theirs in self._marks.items() if who != besides and look_alike(mine, theirs)),
            None,
        )

    def keep(self, identity: str, name: str) -> None:
        self.names[identity] = name
        if self._marks is not None:
            self._marks[identity] = marks(name)
        self._write()

    def identity_of(self, name: str) -> str | None:
        return next((who for who, kept in self.names.items() if kept.casefold() == name.casefold()), None)

    def everyone(self) -> list[tuple[str, str]]:
        return sorted(self.names.items(), key=lambda item: item[1].casefold())

    def games_introduced(self, identity: str) -> list[str]:
        return sorted(self.introduced.get(identity, ()))

    def introduce(self, identity: str, game: str) -> None:
        """Keep that ``identity`` (one with a name kept) needs ``game``'s "How to play" no more."""
        if identity in self.names and game in GAMES and game not in self.introduced.setdefault(identity, set()):
            self.introduced[identity].add(game)
            self._write()

    def _write(self) -> None:
        introduced = {who: sorted(games) for who, games in self.introduced.items() if games}
        write_json(self.path, {**self.names, INTRODUCED: introduced})


def seat_of(owners: list[str | None], left: dict[int, str], identity: str) -> tuple[int, bool] | None:
    """The seat ``identity`` holds in a hosted match (``owners``), or gave up (``left``: resigned,
    or left as a guest), and whether they gave it up; None: neither."""
    if identity in owners:
        return owners.index(identity), False
    seat = next((seat for seat, who in sorted(left.items()) if who == identity), None)
    return None if seat is None else (seat, True)


@dataclass
class HostedRecord:
    """What a hosted match needs beside its save: each seat's owner (an identity, None while
    open or for an AI seat), the seconds a person who drops keeps their seat, the AI level
    that stands in for them, and whether stand-ins finish the match once nobody is at it
    (``ai_finish``; a record written before it existed reads False).

    The promises it keeps: ``invited``, a rematch's open seats kept for the people of the match
    before it (seat: identity), and ``rematch``, the id of this match's one rematch once asked
    for. Each is written only when there is one, so a server that predates them still reads the
    record.

    ``left``: the seats whose person gave them up (resigned, or a guest who left), seat:
    identity; their ``owners`` entry is None from then on (nobody comes back to them), and this
    says whose result the seat's is (the ratings). ``closed``: why an operator closed the match
    (None: open); a closed match is never resumed, its save and record kept as they were.
    ``codes``: the hash of each guest's seat code (seat: ``seat_codes.code_hash``), the way back
    to the seat for a guest's later visit."""

    match_id: str
    owners: list[str | None]
    grace: int
    stand_in: str
    ai_finish: bool = False
    invited: dict[int, str] = field(default_factory=dict)
    rematch: str | None = None
    left: dict[int, str] = field(default_factory=dict)
    closed: str | None = None
    codes: dict[int, str] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> HostedRecord:
        """The record in ``path``; ValueError saying why it cannot be used."""
        return cls.from_data(read_json(path))

    @classmethod
    def from_data(cls, data: object) -> HostedRecord:
        """The record ``data`` (as read from JSON, or a database) holds; ValueError saying why
        it cannot be used."""
        fields = {"match_id", "owners", "grace", "stand_in"}
        if not isinstance(data, dict) or not fields <= set(data) <= fields | OPTIONAL:
            raise ValueError("not a hosted match record")
        ai_finish = data.get("ai_finish", False)
        if type(ai_finish) is not bool:
            raise ValueError("its ai_finish is not yes or no")
        owners, grace = data["owners"], data["grace"]
        if not isinstance(owners, list) or not all(
            o is None or (isinstance(o, str) and IDENTITY.fullmatch(o)) for o in owners
        ):
            raise ValueError("its seat owners are not identities")
        stand_in = data["stand_in"]
        if (
            type(grace) is not int
            or grace < 0
            or not isinstance(stand_in, str)
            or stand_in not in LEVELS
            or not isinstance(data["match_id"], str)
        ):
            raise ValueError("its grace or stand-in level is not valid")
        rematch = data.get("rematch")
        if rematch is not None and not (isinstance(rematch, str) and MATCH_ID.fullmatch(rematch)):
            raise ValueError("its rematch is not a match id")
        left = data.get("left", [])
        if (
            not isinstance(left, list)
            or len(left) not in (0, len(owners))
            or not all(who is None or (isinstance(who, str) and IDENTITY.fullmatch(who)) for who in left)
        ):
            raise ValueError("its seats given up are not one identity or none per seat")
        closed = data.get("closed")
        if closed is not None and line_problem(closed, MAX_NOTE, "") is not None:
            raise ValueError("its closing is not one line")
        codes = data.get("codes", [])
        if (
            not isinstance(codes, list)
            or len(codes) not in (0, len(owners))
            or not all(code is None or (isinstance(code, str) and HASH.fullmatch(code)) for code in codes)
        ):
            raise ValueError("its seat codes are not one hash or none per seat")
        return cls(
            data["match_id"],
            owners,
            grace,
            data["stand_in"],
            ai_finish,
            invitations_from_data(data.get("invited", []), owners),
            rematch,
            {seat: who for seat, who in enumerate(left) if who is not None},
            closed,
            {seat: code for seat, code in enumerate(codes) if code is not None},
        )

    def to_data(self) -> dict[str, object]:
        """The record as JSON holds it (``from_data`` reads it back)."""
        data: dict[str, object] = {
            "match_id": self.match_id,
            "owners": self.owners,
            "grace": self.grace,
            "stand_in": self.stand_in,
            "ai_finish": self.ai_finish,
        }
        if self.invited:
            data["invited"] = [self.invited.get(seat) for seat in range(len(self.owners))]
        if self.rematch is not None:
            data["rematch"] = self.rematch
        if self.left:
            data["left"] = [self.left.get(seat) for seat in range(len(self.owners))]
        if self.closed is not None:
            data["closed"] = self.closed
        if self.codes:
            data["codes"] = [self.codes.get(seat) for seat in range(len(self.owners))]
        return data

    def save(self, folder: Path) -> None:
        write_json(folder / f"{self.match_id}.json", self.to_data())


def invitations_from_data(invited: object, owners: list[str | None]) -> dict[int, str]:
    """The seats kept for someone (seat: identity) in ``invited``, one entry per seat, each an
    identity or None; ValueError saying why they cannot be used."""
    if (
        not isinstance(invited, list)
        or len(invited) not in (0, len(owners))
        or not all(who is None or (isinstance(who, str) and IDENTITY.fullmatch(who)) for who in invited)
    ):
        raise ValueError("its invitations are not one identity or none per seat")
    kept = {seat: who for seat, who in enumerate(invited) if who is not None}
    if any(owners[seat] is not None for seat in kept):
        raise ValueError("it keeps a seat someone holds for someone else")
    return kept


def load_side_log(path: Path, match_id: str, players: int) -> tuple[list[Said], list[tuple[int, Event]]]:
    """What the match's log showed beside the game's own events, kept in ``path``: the chat
    said lately (each line where it was said) and the notes on seats changing hands (none
    without a file); ValueError saying why they cannot be used."""
    if not path.exists():
        return [], []
    return side_log_from_data(read_json(path), match_id, players)


def side_log_from_data(data: object, match_id: str, players: int) -> tuple[list[Said], list[tuple[int, Event]]]:
    """The chat and notes ``data`` (as ``side_log_data`` made it, read back from a file or a
    database) holds; ValueError saying why they cannot be used. Chat kept before where it was
    said was (no ``chat_at``) reads as said after everything."""
    if not isinstance(data, dict) or not {"chat", "notes"} <= set(data) <= {"chat", "chat_at", "notes"}:
        raise ValueError("not a match's side log")
    chat, notes = data["chat"], data["notes"]
    if not isinstance(chat, list) or len(chat) > CHAT_BACKLOG or not all(isinstance(m, dict) for m in chat):
        raise ValueError("its chat is not a list of chat lines")
    lines = [Chat.from_map(m) for m in chat]
    if any(line.match != match_id or (line.seat is not None and line.seat >= players) for line in lines):
        raise ValueError("it holds chat of another match")
    if (
        not isinstance(notes, list)
        or len(notes) > MAX_NOTES
        or not all(
            isinstance(n, list)
            and len(n) == 2
            and type(n[0]) is int
            and 0 <= n[0] <= LATE
            and line_problem(n[1], MAX_NOTE, "a note") is None
            for n in notes
        )
    ):
        raise ValueError("its notes are not a list of [turn, one line]")
    at = data.get("chat_at", [[LATE, len(notes)]] * len(lines))
    if (
        not isinstance(at, list)
        or len(at) != len(lines)
        or not all(
            isinstance(a, list)
            and len(a) == 2
            and all(type(n) is int for n in a)
            and 0 <= a[0] <= LATE
            and 0 <= a[1] <= len(notes)
            for a in at
        )
    ):
        raise ValueError("its chat_at is not a [turn, notes before] for each chat line")
    return [(turn, before, line) for (turn, before), line in zip(at, lines, strict=True)], [
        (turn, Event(text)) for turn, text in notes
    ]


def side_log_data(chat: Iterable[Said], notes: Iterable[tuple[int, Event]]) -> dict[str, list]:
    said = list(chat)
    return {
        "chat": [line.to_map() for _, _, line in said],
        "chat_at": [[turn, before] for turn, before, _ in said],
        "notes": [[turn, event.text] for turn, event in notes],
    }


def save_side_log(path: Path, chat: Iterable[Said], notes: Iterable[tuple[int, Event]]) -> None:
    write_json(path, side_log_data(chat, notes))
