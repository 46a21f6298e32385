"""The seat grammar (``seats.py``): the one parser the command line, the saves, the screens and
the hub read seats with, and the bounds on what an AI seat may ask for."""

from __future__ import annotations

import dataclasses

import pytest

from caravan_tui.ai.levels import LEVELS, MAX_ITERATIONS, MAX_SECONDS, check_game_ai
from caravan_tui.ai.policies import make_policy
from caravan_tui.engine import GameAI
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "ai:easy+iterations=1000000000000+seconds=none",
            f"iterations must be a whole number from 1 to {MAX_ITERATIONS}",
        ),
        (f"ai:hard+iterations={MAX_ITERATIONS + 1}", "iterations must be a whole number from 1 to"),
        ("ai:easy+iterations=0", "iterations must be a whole number from 1 to"),
        ("ai:normal+seconds=60.5", "seconds must be a number above 0 and at most 60"),
        ("ai:normal+iterations=none+seconds=1e9", "seconds must be a number above 0 and at most 60"),
        ("ai:normal+seconds=0", "seconds must be a number above 0"),
        ("ai:easy+iterations=none+seconds=none", "needs an iteration or a time budget"),
    ],
)
def test_an_ai_seat_asks_for_a_budget_it_can_spend(text, why):
    """A seat from a save, a record or a command line: an AI with an unbounded budget would never
    move, so the parser refuses it, saying which bound."""
    with pytest.raises(ValueError, match=why):
        SeatSpec.parse(text)


def test_the_largest_budgets_are_seats():
    text = f"ai:easy+iterations={MAX_ITERATIONS}+seconds={MAX_SECONDS}"
    spec = SeatSpec.parse(text)
    assert str(spec) == text
    assert (spec.level_settings().iterations, spec.level_settings().seconds) == (MAX_ITERATIONS, MAX_SECONDS)
    assert SeatSpec.parse("ai:hard+seconds=none").level_settings().iterations == LEVELS["hard"].iterations


def test_every_budget_a_search_gets_is_bounded():
    """Beside a seat's own: the cap a command line sets for every AI seat, and a game's settings."""
    with pytest.raises(ValueError, match="iterations must be"):
        make_policy(SeatSpec.ai("easy"), iterations=MAX_ITERATIONS + 1)
    assert make_policy(SeatSpec.ai("easy"), iterations=MAX_ITERATIONS).level.iterations == MAX_ITERATIONS
    camel = GAMES["camel_caravan"]
    slow = dataclasses.replace(camel, ai=GameAI(levels={"easy": {"seconds": MAX_SECONDS * 2}}))
    with pytest.raises(ValueError, match="seconds must be"):
        check_game_ai(slow)
