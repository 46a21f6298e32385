"""What a review spares without changing a verdict: a search ended once the move made can no
longer lose the lead is the search of that many iterations, and names the same best at no cost
(docs/review.md, "Cost and progress")."""

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest

from caravan_tui.ai import review as review_module
from caravan_tui.ai.ismcts import search
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


def test_a_search_ended_early_is_the_search_of_that_many_iterations():
    game = get_game("camel_caravan")
    state = game.new(2, seed=4, options={"short_game": True})
    seat = state.to_move()
    world = game.from_view(state.view(seat), seat)
    whole = search(world, seat, iterations=150, seed="s", horizon=0)
    ended = search(world, seat, iterations=400, seed="s", horizon=0, enough=lambda done, root: done >= 150)
    assert ended.iterations == 150
    assert {a: (c.visits, c.reward) for a, c in ended.root.children.items()} == {
        a: (c.visits, c.reward) for a, c in whole.root.children.items()
    }


@pytest.mark.parametrize("reviewed", [0, 1], ids=["the seat's own", "the other's"])
def test_a_move_made_that_keeps_the_lead_ends_its_search_early_with_the_same_verdict(monkeypatch, reviewed):
    """A decision whose move made leads the visits by more than the iterations left is judged by a
    shorter search: the same best move, nothing lost, the same grade; every other verdict is the
    whole search's."""
    spent: list[int] = []
    searched = review_module.search

    def counted(*args, **kwargs):
        result = searched(*args, **kwargs)
        spent.append(result.iterations)
        return result

    decisions = [dataclasses.replace(position, seat=0) for position in camel_decisions()]
    monkeypatch.setattr(review_module, "search", counted)
    early = [judge("camel_caravan", reviewed, position, ITERATIONS) for position in decisions]
    early_spent = list(spent)
    monkeypatch.setattr(review_module, "_made_stays_best", lambda *args: None)
    spent.clear()
    whole = [judge("camel_caravan", reviewed, position, ITERATIONS) for position in decisions]
    budget = review_module.budget_for(reviewed, decisions[0], ITERATIONS)
    assert sum(early_spent) < sum(spent)
    for short, full in zip(early, whole, strict=True):
        assert short.best == full.best and short.loss == full.loss
        if short != full:  # only a search ended early differs, where the move made was the best
            assert short.action == short.best and short.loss == 0
    assert any(n < budget for n in early_spent) and all(n == budget for n in spent if n != budget // 2)


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
