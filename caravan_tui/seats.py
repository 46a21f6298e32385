"""Seat kinds: the one type (``SeatSpec``), its one parser and its one printer (DESIGN §3).

Written forms: ``human`` (a person at this terminal), ``remote`` or ``remote:WHO`` (a person
elsewhere, WHO their identity), ``random``, ``greedy``, ``ai:LEVEL`` and a custom AI seat
``ai:LEVEL+FIELD=VALUE+…`` that changes some of the level's search settings. The CLI, the
new-match screen, the saves and the match runner all go through ``SeatSpec.parse``; a seat read
from a file is data: it names a level and numbers, never a module or a function, and its budget
is one it can spend (at most ``ai.levels.MAX_ITERATIONS`` iterations and ``MAX_SECONDS`` seconds).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from caravan_tui.ai.levels import LEVELS, YES_NO, Level, get_level, tweaked
from caravan_tui.seat_labels import AI_KIND, CUSTOM_AI, LEVEL_MARK

PEOPLE = ("human", "remote")
POLICIES = ("random", "greedy")
#: every name a seat's AI may go by: a search level or a policy (a save names its stand-ins so)
LEVEL_NAMES = (*LEVELS, *POLICIES)
#: the level fields a custom AI seat may change, and how each value is read
TWEAKABLE = (
    "iterations",
    "seconds",
    "horizon",
    "exploration",
    "searches",
    "prior",
    "widening",
    "widening_base",
    "plan",
    "tuned",
    "lines",
)
_OPTIONAL = ("iterations", "seconds")
_INTEGERS = ("iterations", "horizon", "searches")
#: how yes or no may be written (any case), here and on the command line
BOOLEANS = {"yes": True, "true": True, "on": True, "1": True, "no": False, "false": False, "off": False, "0": False}
_WHO = re.compile(r"[A-Za-z0-9:+/=_.@-]{1,100}")
MAX_SPEC = 200


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who plays a seat. ``level`` and ``tweaks`` for ``ai``; ``who`` for ``remote``."""

    kind: str
    level: str | None = None
    tweaks: tuple[tuple[str, object], ...] = ()
    who: str | None = None

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """The seat ``text`` describes; ValueError saying what is wrong otherwise."""
        if not isinstance(text, str) or not text or len(text) > MAX_SPEC:
            raise ValueError(f"{_short(text)} is not a seat")
        kind, colon, rest = text.partition(":")
        if kind in POLICIES + ("human",) and not colon:
            return cls(kind)
        if kind == "remote":
            if colon and not _WHO.fullmatch(rest):
                raise ValueError(f"{_short(rest)} is not an identity for a remote seat")
            return cls("remote", who=rest or None)
        if kind == "ai" and colon:
            name, _, tweaked = rest.partition("+")
            get_level(name)
            tweaks = parse_tweaks(tweaked)
            spec = cls("ai", name, tweaks)
            spec.level_settings()  # every value valid, and valid together
            return spec
        raise ValueError(
            f"{_short(text)} is not a seat: use human, remote, random, greedy, "
            f"ai:LEVEL (LEVEL one of {', '.join(LEVELS)}) or ai:LEVEL+FIELD=VALUE"
        )

    @classmethod
    def ai(cls, level: str) -> SeatSpec:
        return cls.parse(f"ai:{level}")

    def __str__(self) -> str:
        if self.kind == "ai":
            return "+".join([f"ai:{self.level}"] + [f"{k}={_value_text(v)}" for k, v in self.tweaks])
        if self.kind == "remote" and self.who:
            return f"remote:{self.who}"
        return self.kind

    @property
    def is_person(self) -> bool:
        return self.kind in PEOPLE

    @property
    def label(self) -> str:
        """A short description for people: "you", "AI normal", "random"…"""
        if self.kind == "ai":
            return (CUSTOM_AI if self.tweaks else AI_KIND)(level=self.level)
        return {"human": "person", "remote": "remote person"}.get(self.kind, self.kind)

    def level_settings(self) -> Level:
        """The generic level with this seat's tweaks (ValueError if they make no valid level)."""
        if self.kind != "ai" or self.level is None:
            raise ValueError(f"a {self.kind} seat has no AI level")
        level = LEVELS[self.level]
        return tweaked(level, dict(self.tweaks)) if self.tweaks else level


def seat_called(name: str, kind: object) -> str:
    """The name a seat goes by in every line but those where people choose or read the seats (the
    new-match form, the lobby's seats, the saves list, a record's "Against"), which name its level
    once: an AI seat's without its level ("AI 2", not "AI 2 (normal)"), in the log, the status
    line, a result and a finished match's result alike; a person's name whole, brackets and all.
    ``kind`` is the seat's spec ("ai:normal"), or "ai" as the hub tells a table and the lobby;
    only a level's mark goes (a person's seat an AI took over keeps "Bob (club)"), and a kind not
    known (or not text) keeps the name whole."""
    try:
        person = kind != "ai" and (not isinstance(kind, str) or SeatSpec.parse(kind).is_person)
    except ValueError:
        person = True
    if person:
        return name
    for level in LEVEL_NAMES:
        mark = LEVEL_MARK(name="", level=level)
        if name.endswith(mark) and len(name) > len(mark):
            return name[: -len(mark)]
    return name


def names_called(names: list[str] | tuple[str, ...], kinds: object) -> list[str]:
    """Each seat's name as ``seat_called`` gives it; ``kinds`` that are not a list of them (the
    hub's or a save's, hostile until checked) leave every name whole."""
    known = list(kinds) if isinstance(kinds, (list, tuple)) else []
    return [seat_called(name, known[seat] if seat < len(known) else "") for seat, name in enumerate(names)]


def only_person(kinds: object) -> int | None:
    """The seat of the one person among a save's seat ``kinds`` (hostile until checked), None
    where none or several are people: on this machine, that seat is "you"."""
    known = list(kinds) if isinstance(kinds, (list, tuple)) else []
    people = []
    for seat, kind in enumerate(known):
        try:
            if isinstance(kind, str) and SeatSpec.parse(kind).is_person:
                people.append(seat)
        except ValueError:
            return None
    return people[0] if len(people) == 1 else None


def parse_seats(text: str) -> list[SeatSpec]:
    """A comma-separated list of seats, e.g. "human,ai:normal"."""
    return [SeatSpec.parse(part.strip()) for part in text.split(",") if part.strip()]


def parse_tweaks(text: str) -> tuple[tuple[str, object], ...]:
    """``"iterations=6000+horizon=12"`` as (field, value) pairs, each value read and checked."""
    tweaks = []
    for pair in filter(None, text.split("+")):
        field, sep, raw = pair.partition("=")
        if not sep or field not in TWEAKABLE:
            raise ValueError(f"{_short(pair)} is not FIELD=VALUE with FIELD one of {', '.join(TWEAKABLE)}")
        tweaks.append((field, _read(field, raw)))
    return tuple(tweaks)


def _read(field: str, raw: str) -> object:
    if field in _OPTIONAL and raw == "none":
        return None
    if field in YES_NO:
        if raw.lower() not in BOOLEANS:
            raise ValueError(f"{field} must be yes or no, not {_short(raw)}")
        return BOOLEANS[raw.lower()]
    try:
        value = int(raw) if field in _INTEGERS else float(raw)
    except ValueError:
        kind = "a whole number" if field in _INTEGERS else "a number"
        raise ValueError(f"{field} must be {kind}, not {_short(raw)}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{field} must be a finite number, not {_short(raw)}")
    return value


def _value_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…'"
