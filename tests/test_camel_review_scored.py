"""A Camel Caravan review said "your errors −49%, the others' errors +2%, luck +19%, the
searches' drift −5%" of a 29–36 loss, and nowhere what made the points: it says each seat's
goods delivered, demand markers and the penalty for goods still carried, as the rules count them."""

from __future__ import annotations

from caravan_tui.ai.review import decisions_of
from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.scored import scored_words

from tables import kept, recorded

GAME = get_game("camel_caravan")
MATCH = "camel_caravan_hinted_turn_1287"  # (61 to 25, goods still carried on both sides)


def test_the_points_of_each_seat_add_up_as_the_rules_count_them():
    state, log = recorded("camel_caravan", MATCH)
    assert state.is_over()
    said = scored_words(state.view(0))
    assert said is not None
    assert render(said, ["Ann", "Bob"], 0) == (
        "Points: you 61 (12 goods delivered 48, demand markers 14, −1 for goods still carried); "
        "Bob 25 (6 goods delivered 24, demand markers 7, −6 for goods still carried)."
    )
    match = kept(MATCH)
    assert said in decisions_of(GAME, 2, match["seed"], match["options"], log, 0).decided  # (what decided it)


def test_a_match_not_over_says_nothing_of_its_points():
    state = GAME.new(2, seed=4, options={"short_game": True})
    assert scored_words(state.view(0)) is None
