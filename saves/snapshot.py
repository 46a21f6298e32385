"""A match snapshot: everything needed to resume a match (DESIGN §5).

The action log is the source of truth; ``state`` (the game's ``to_data()``) is a cache that
loading checks against a replay of the log.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from caravan_tui import __version__
from caravan_tui.engine import Action

FORMAT = "caravan-tui-save"
SCHEMA = 2
STATUSES = ("playing", "over", "resigned")


@dataclass(slots=True)
class Snapshot:
    """One saved match. ``seats`` holds each seat's ``SeatSpec`` in its written form ("human",
    "ai:normal", "remote:WHO"…)."""

    format: ClassVar[str] = FORMAT
    schema: ClassVar[int] = SCHEMA

    match_id: str
    game_id: str
    options: dict[str, Any]
    players: int
    seats: list[str]
    names: list[str]
    seed: int
    actions: list[Action] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    status: str = "playing"
    result: list[float] | None = None
    resigned: int | None = None  # the seat that resigned, when status is "resigned"
    app_version: str = __version__
    #: what AI decisions weighed, by the number of the action they chose: ``[action, share of the
    #: search, reason]`` rows (for the replay of the finished match; optional: older saves have none)
    weighed: dict[int, list[list[Any]]] = field(default_factory=dict)


def new_match_id() -> str:
    """A short, filename-safe id that sorts by creation time (UTC), e.g. "20250101-120000-3f9a1c"."""
    return f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{secrets.token_hex(3)}"
