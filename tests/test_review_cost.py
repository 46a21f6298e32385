"""What a review spares without changing a verdict (docs/review.md, "Cost and progress")."""

import dataclasses
import json
from functools import cache
from pathlib import Path

from caravan_tui.ai.review import Position, judge, positions
from caravan_tui.games import get_game

ITERATIONS = 300


#: a whole short Camel Caravan match, an easy seat (0) against a normal one (218 moves), as
#: ``caravan-tui arena camel_caravan --seats ai:easy,ai:normal --seed 5 --option short_game=yes``
#: recorded it
MATCH = Path(__file__).parent / "matches" / "camel_caravan_review_5.json"


@cache
def camel_decisions() -> list[Position]:
    """Seat 0's first decisions in ``MATCH``."""
    data = json.loads(MATCH.read_text())
    actions = [tuple(action) for action in data["actions"]]
    return list(positions(get_game("camel_caravan"), 2, data["seed"], data["options"], actions, 0))[:12]


def test_reasons_are_worded_only_where_a_review_shows_them():
    """A review shows the game's reasons at a turning point of the seat's own that cost something
    (and practice before a blunder): another seat's decisions and moves as good as the best are
    judged without wording them, the costly ones of the seat's own with."""
    decisions = camel_decisions()
    own = [judge("camel_caravan", 0, position, ITERATIONS) for position in decisions]
    theirs = [judge("camel_caravan", 1, dataclasses.replace(p, seat=0), ITERATIONS) for p in decisions[:4]]
    assert all(not j.played_reason and not j.better_reason for j in theirs)
    assert all(not j.played_reason and not j.better_reason for j in own if j.loss == 0)
    ended = [
        judge("camel_caravan", 0, dataclasses.replace(p, action=("end_turn",)), ITERATIONS) for p in decisions[1:5]
    ]
    costly = [j for j in own + ended if j.loss > 0]
    assert costly and all(j.played_reason and j.better_reason for j in costly)
