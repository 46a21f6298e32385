"""The kinds of seat a table and the lobby speak of, beside what the engine's seat specs say
(``seats.py``): a seat a creator leaves open or takes, a person's seat whose person is away, one
an AI plays until its person comes back. Shared vocabulary, low in the layers: the hub's protocol
carries these words, and the tables, the widgets and a match's replay read them without
importing the server.
"""

from __future__ import annotations

#: how a creator describes each seat of a new match
YOU, OPEN = "you", "open"
#: an open seat kept for one person (a rematch's invitation): no one else may take it
INVITED = "invited"
#: a person's seat whose person left it for a while (the grace, then a stand-in); "away:S"
#: while an AI takes the seat in S seconds
AWAY = "away"
#: a person's seat an AI plays until its person comes back
STANDING_IN = "stand-in"
#: what becomes of a seat its person left, in the words the lobby and the table's menu say it
WHILE_AWAY = "an AI plays it once the match's grace is over, until you are back"
#: seconds of grace a match gives an away person at most
MAX_GRACE = 3600


def away_kind(seconds: int | None) -> str:
    """The kind of a seat whose person is away: "away", or "away:S" while an AI is to take the
    seat in S seconds."""
    return AWAY if seconds is None else f"{AWAY}:{seconds}"


def invited_kind(seconds: int | None) -> str:
    """The kind of a seat kept for one person (a rematch's): "invited", or "invited:S" while an
    AI is to play it in S seconds if they have not come (its creator read no end to the wait)."""
    return INVITED if seconds is None else f"{INVITED}:{seconds}"


def is_away(kind: str) -> bool:
    return kind == AWAY or kind.startswith(AWAY + ":")


def is_invited(kind: str) -> bool:
    return kind == INVITED or kind.startswith(INVITED + ":")


def waits_for_a_person(kind: str) -> bool:
    """Whether a seat of ``kind`` waits for a person to take it from the lobby (open, or kept)."""
    return kind == OPEN or is_invited(kind)


def stand_in_after(kind: str) -> int | None:
    """The seconds until an AI takes an away or a kept seat (``away_kind``, ``invited_kind``), if
    that is known (and sane)."""
    head, _, seconds = kind.partition(":")
    if head in (AWAY, INVITED) and seconds.isascii() and seconds.isdigit() and len(seconds) <= 5:
        return min(int(seconds), MAX_GRACE)
    return None
