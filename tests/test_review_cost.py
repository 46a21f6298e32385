"""What a review costs and how soon it shows it (docs/review.md, "Cost and progress")."""

import asyncio
import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest

from caravan_tui import match_review
from caravan_tui.ai.review import Position, expected, judge, positions, review
from caravan_tui.games import get_game
from caravan_tui.match_review import review_of
from caravan_tui.saves.reviews import ReviewShelf
from caravan_tui.saves.snapshot import Snapshot

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


@pytest.mark.thorough
def test_reasons_are_worded_only_where_a_review_shows_them():
    """A review shows the game's reasons at a turning point, a decision that cost something (the
    seat's own or another's), and practice before a blunder: moves as good as the best, the seat's
    or another's, are judged without wording them."""
    decisions = camel_decisions()
    own = [judge("camel_caravan", 0, position, ITERATIONS) for position in decisions]
    theirs = [judge("camel_caravan", 1, dataclasses.replace(p, seat=0), ITERATIONS) for p in decisions[:4]]
    ended = [
        judge("camel_caravan", 0, dataclasses.replace(p, action=("end_turn",)), ITERATIONS) for p in decisions[1:5]
    ]
    judged = own + theirs + ended
    assert all(not j.played_reason and not j.better_reason for j in judged if j.loss == 0)
    costly = [j for j in judged if j.loss > 0]
    assert costly and all(j.played_reason and j.better_reason for j in costly)


def first_moves() -> tuple[dict, Snapshot]:
    """``MATCH`` and a finished match of its first 30 moves, as a save holds it."""
    data = json.loads(MATCH.read_text())
    snapshot = Snapshot(
        match_id="m1",
        game_id="camel_caravan",
        options=data["options"],
        players=2,
        seats=["human", "ai:normal"],
        names=["Ann", "Bob"],
        seed=data["seed"],
        actions=[tuple(action) for action in data["actions"]][:30],
        state={},
        status="over",
        result=[0.0, 1.0],
        rules=get_game("camel_caravan").rules_version,
    )
    return data, snapshot


@pytest.mark.thorough
def test_the_seats_own_decisions_are_judged_first_and_the_review_is_the_same(tmp_path):
    """The review screen lists the seat's decisions as they come: they are sent to the workers
    first, the others' (which only split luck from their play) after; the review is the one
    judged in match order."""
    data, snapshot = first_moves()
    actions = snapshot.actions

    class InOneProcess:
        sent: list[int] = []

        async def review(self, game_id, seat, found, iterations, on_judged=None, on_result=None):
            self.sent = [position.seat for position in found]
            return [judge(game_id, seat, position, iterations) for position in found]

        async def expect(self, game_id, seat, found, iterations, on_done=None):
            return [expected(game_id, seat, position, iterations) for position in found]

    worker = InOneProcess()
    made = asyncio.run(review_of(snapshot, 0, ReviewShelf(tmp_path), worker, 20))
    own = worker.sent.count(0)
    assert worker.sent == [0] * own + [1] * (len(worker.sent) - own) and 0 < own < len(worker.sent)
    assert made == review("camel_caravan", "m1", 2, data["seed"], data["options"], actions, 0, 0.0, 20)


def test_the_progress_never_goes_back_and_is_whole_only_at_the_end(tmp_path, monkeypatch):
    """A review's bar ran to 100% over the decisions, then back to 96% as the draws weighed after
    them were counted in: a share is kept for them from the start."""
    _, snapshot = first_moves()
    shown: list[float] = []
    # three draws weighed after the decisions (which draws a review weighs is ``Review``'s to say)
    monkeypatch.setattr(match_review, "draw_outcomes", lambda *args: "weighed")
    monkeypatch.setattr(match_review, "outcome_positions", lambda found: [found] * 3)
    monkeypatch.setattr(match_review, "with_outcomes", lambda made, found, values: made)

    class Reporting:
        async def review(self, game_id, seat, found, iterations, on_judged=None, on_result=None):
            made = []
            for position in found:
                made.append(judge(game_id, seat, position, iterations))
                on_judged(len(made), len(found))
            return made

        async def expect(self, game_id, seat, found, iterations, on_done=None):
            for done in range(1, len(found) + 1):
                on_done(done, len(found))
            return [0.5] * len(found)

    asyncio.run(
        review_of(snapshot, 0, ReviewShelf(tmp_path), Reporting(), 20, lambda done, total: shown.append(done / total))
    )
    assert shown == sorted(shown) and shown[-1] == 1.0 and all(share < 1.0 for share in shown[:-2])
