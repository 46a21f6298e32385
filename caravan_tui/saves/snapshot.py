"""A match snapshot: everything needed to resume a match; and a record, one change to it
(DESIGN §5).

The action log is the source of truth; ``state`` (the game's ``to_data()``) is a cache that
loading checks against a replay of the log.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from caravan_tui import __version__
from caravan_tui.engine import Action

FORMAT = "caravan-tui-save"
SCHEMA = 4
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
    #: the version of its game's rules that the log follows (``Game.rules_version`` when it was
    #: played: whoever makes a snapshot of a match played today gives the game's version). 0:
    #: not known (a save from before saves recorded it). A loader brings an older log forward
    #: through the game's upgraders.
    rules: int = 0
    #: who decided each move a stand-in made, by move number (``saves.deciders``: "stand-in:LEVEL");
    #: every other move was decided by its seat's own kind (optional: older saves have none, and
    #: cannot tell a stand-in's move from its person's)
    deciders: dict[int, str] = field(default_factory=dict)
    #: the person's seats an AI plays in their place now, each with the move it sat down at
    #: (``saves.deciders.seats_changed`` follows the changes of seats; optional as ``deciders``)
    standing_in: dict[int, int] = field(default_factory=dict)
    #: recoveries from damage not yet told to the people at the table, ``[moves it opens at,
    #: changes lost, the damaged file's name]`` each: the next host to open the match tells them
    #: once and stores the match without them (optional: older saves have none)
    untold_recoveries: list[list[Any]] = field(default_factory=list)


RecordKind = Literal["move", "undo", "seats", "end"]
RECORD_KINDS: tuple[RecordKind, ...] = ("move", "undo", "seats", "end")


@dataclass(slots=True)
class Record:
    """One change to a stored match, appended after its snapshot (``saves.backend``).

    ``kind``, and the fields each kind uses (the others keep their defaults):

    - ``"move"``: ``action`` becomes the log's move number ``turn`` (numbered from 0: there are
      ``turn`` moves before it); ``weighed`` is what an AI seat weighed for it, ``[action,
      share of the search, reason]`` rows (empty for a person's move); ``by`` is who decided it
      (``saves.deciders``: "person", "ai" or "stand-in:LEVEL"; "" in records from before
      moves recorded it, which read as decided by their seat's own kind). One per move.
    - ``"undo"``: the log is cut back to its first ``turn`` moves; the weighed rows of the
      moves taken back go with them, and so does who decided them.
    - ``"seats"``: from move ``turn`` on, ``seats`` (each seat's ``SeatSpec`` in its written
      form) play under ``names`` (a person resigned or left and an AI stands in, or came back).
    - ``"end"``: the match ended at ``turn`` moves: ``status`` "over" or "resigned", with its
      ``result``, the seat that ``resigned`` (or None) and the final ``state`` (the game's
      ``to_data()``, the cache a loader checks its replay against). Nothing follows it; a
      backend may compact the match into one snapshot here.

    ``at``: when the change was made (seconds since the epoch; it becomes the snapshot's
    ``updated``).

    A record is never changed once made (it is not frozen only because a frozen dataclass is
    built several times slower, and a long match's save reads a record per move).
    """

    kind: RecordKind
    turn: int
    at: float
    action: Action | None = None
    weighed: list[list[Any]] = field(default_factory=list)
    seats: list[str] | None = None
    names: list[str] | None = None
    status: str | None = None
    result: list[float] | None = None
    resigned: int | None = None
    state: dict[str, Any] | None = None
    by: str = ""


def new_match_id() -> str:
    """A short, filename-safe id that sorts by creation time (UTC), e.g. "20250101-120000-3f9a1c":
    never one this process gave already in the same second (two of 200 made at once were alike,
    the suffix's three random bytes drawn twice)."""
    second = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    taken = _ISSUED.get(second)
    if taken is None:
        _ISSUED.clear()
        taken = _ISSUED[second] = set()
    while (suffix := secrets.token_hex(3)) in taken:
        pass
    taken.add(suffix)
    return f"{second}-{suffix}"


#: the second ``new_match_id`` last gave an id in, with the suffixes it gave then
_ISSUED: dict[str, set[str]] = {}
