"""Who decided each move: the seat's person, an AI stand-in in their place, or an AI seat
(DESIGN §5: the record is the truth, with who decided each move).

The written forms, one grammar for the records, the snapshots and the bus: ``"person"``, ``"ai"``
(an AI seat playing itself) and ``"stand-in:LEVEL"`` (an AI at LEVEL playing a person's seat in
their place, while they are away or for good once they left or resigned).

A snapshot keeps only what its seats do not say (``Snapshot.deciders``: the moves stand-ins
decided); every other move was decided by its seat's own kind: the person of a person's seat
(one whose seat spec is a person's, or that an AI plays in their place now,
``Snapshot.standing_in``), the AI of an AI seat. Saves from before moves recorded who decided
cannot tell a stand-in's move from its person's: they read as the person's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caravan_tui.seat_labels import STAND_IN_OF
from caravan_tui.seats import LEVEL_NAMES, SeatSpec

PERSON = "person"
AI = "ai"
STAND_IN = "stand-in"
#: what an AI standing in may be: a search level, or one of the simple policies
DECIDERS = f"{PERSON}, {AI} or {STAND_IN}:LEVEL (LEVEL one of {', '.join(LEVEL_NAMES)})"


def stand_in(level: str) -> str:
    """Who decided a move a stand-in made at ``level``."""
    return f"{STAND_IN}:{level}"


def decider_problem(value: Any) -> str | None:
    """What is wrong with ``value`` as who decided a move, in words, or None."""
    if value in (PERSON, AI):
        return None
    if type(value) is str and value.partition(":")[0] == STAND_IN and value.partition(":")[2] in LEVEL_NAMES:
        return None
    return f"is not {DECIDERS}"


def is_stand_in(decider: str) -> bool:
    return decider.startswith(f"{STAND_IN}:")


def level_of(spec: SeatSpec) -> str:
    """The level an AI seat plays at, in the words of ``stand_in``."""
    return spec.level if spec.kind == "ai" and spec.level else spec.kind


def own_kind(seats: Sequence[str], standing_in: dict[int, int], seat: int) -> str:
    """Who decides ``seat``'s moves when nobody stands in: its person, or its AI."""
    return PERSON if seat in standing_in or _is_person(seats[seat]) else AI


def decided_by(snapshot: Any, turn: int, mover: int) -> str:
    """Who decided move ``turn`` (numbered from 0) of ``snapshot``, which ``mover`` made."""
    return snapshot.deciders.get(turn) or own_kind(snapshot.seats, snapshot.standing_in, mover)


def seats_changed(standing_in: dict[int, int], before: Sequence[str], after: Sequence[str], turn: int) -> None:
    """Fold a change of seats at move ``turn`` into ``standing_in`` (in place): a person's seat
    that an AI takes is stood in from then on (the only way a person's seat becomes an AI's);
    one that a person takes again is theirs."""
    for seat, (old, new) in enumerate(zip(before, after)):
        if _is_person(new):
            standing_in.pop(seat, None)
        elif _is_person(old):
            standing_in[seat] = turn


def deciders_problem(
    deciders: dict[int, str], seats: Sequence[str], standing_in: dict[int, int], movers: Sequence[int]
) -> str | None:
    """What is wrong, in one line, unless every move ``deciders`` names a stand-in for was made
    by a person's seat (known once the log is replayed: ``movers``); None if nothing is."""
    for turn in sorted(deciders):
        seat = movers[turn]
        if own_kind(seats, standing_in, seat) != PERSON:
            return f"the save says a stand-in decided move {turn + 1}, which an AI seat made (seat {seat + 1})"
    return None


def decided_name(name: str, decider: str, *, level: bool = False) -> str:
    """The seat's player as the maker of a move: "Bob", or "Bob's stand-in" for a move a
    stand-in decided (``level``: "Bob's stand-in (AI normal)"). Plain text, never markup."""
    if not is_stand_in(decider):
        return name
    return stand_in_name(name) + (f" (AI {decider.partition(':')[2]})" if level else "")


def stand_in_name(name: str) -> str:
    """What the log calls the AI standing in for ``name``: "Bob's stand-in"."""
    return STAND_IN_OF(name=name)


def _is_person(text: str) -> bool:
    try:
        return SeatSpec.parse(text).is_person
    except ValueError:  # (a seat that cannot be read is refused by the loader, with its reason)
        return False
