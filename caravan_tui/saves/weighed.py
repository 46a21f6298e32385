"""What the AI decisions of a saved match weighed, checked before the replay trusts it (DESIGN §5).

The record is shown in the replay of a finished match ("What Bob weighed"), so like everything in
a save it is hostile until checked. A crafted file held 99,999 candidates at one move (the replay
froze for 20 s stepping onto it, and the file took 2 s to load), reasons of 64 K characters, a
seat field naming seat 10^5000 (which no name fills: ``render`` raised), shares of 700%, and rows
at a person's move ("What Ann (you) weighed"). A save's record is held to exactly what the match
host accepts from an AI seat as it plays (``bus.weighed_problem``: at most ``MAX_WEIGHED``
candidates a move, each a legal-looking action, a share from 0 to 1 and a reason of at most
``MAX_REASON`` printable characters), at moves its log has, naming only its own seats; anything
else refuses the file with one line, before the rows are walked any further.

Two checks, because who made a move is known only once the log is replayed: ``record_problem``
(shape and bounds, as the file is read) and ``movers_problem`` (after the replay). Each says
what is wrong in one line, or None; the reader raises its DamagedSave with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caravan_tui.bus import weighed_problem
from caravan_tui.engine import SEAT_FIELD

#: the seat kind whose moves no AI ever made: a person at this terminal (a remote person's seat
#: may have been played for a while by an AI standing in, which records what it weighed)
_NEVER_AI = "human"


def record_problem(weighed: Any, seats: Sequence[str], moves: int) -> str | None:
    """What is wrong, in one line, unless ``weighed`` maps move numbers below ``moves`` (the
    length of the log) to what an AI seat may record, naming only the seats in ``seats``; None if
    nothing is. Cheap on any input: each move's rows are bounded before they are looked into."""
    if type(weighed) is not dict or not all(type(move) is int and move >= 0 for move in weighed):
        return "the record of what the AI weighed is not a map from move numbers to candidates"
    beyond = next((move for move in weighed if move >= moves), None)
    if beyond is not None:
        return f"the record of what the AI weighed names move {str(beyond + 1)[:20]}, but the log has {moves}"
    for move, rows in weighed.items():
        if problem := weighed_problem(rows):
            return f"what the AI weighed at move {move + 1} is not what an AI records: {problem}"
        for _, _, reason in rows:
            for field in SEAT_FIELD.finditer(reason):
                if int(field[1]) >= len(seats):  # (a reason is short, and so is the number)
                    return (
                        f"what the AI weighed at move {move + 1} names a seat the match does not have "
                        f"(it has {len(seats)})"
                    )
    return None


def movers_problem(weighed: dict[int, list[list[Any]]], seats: Sequence[str], movers: Sequence[int]) -> str | None:
    """What is wrong unless every move ``weighed`` (passed by ``record_problem``) records was
    made by a seat an AI may have played, or None: ``movers`` is who made each move of the log."""
    for move in sorted(weighed):
        seat = movers[move]
        if seats[seat].partition(":")[0] == _NEVER_AI:
            return f"what the AI weighed is recorded at move {move + 1}, which a person made (seat {seat + 1})"
    return None
