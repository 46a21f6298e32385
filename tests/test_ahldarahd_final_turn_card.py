"""A card toward a city in the final turn says that it scores only with the rest built now: a
newcomer's final-turn hint starred a bid "toward the Incense city, 2 of the 3 routes it needs",
though no turn came after it to build the third."""

from __future__ import annotations

from ahldarahd_seed3051 import MOVES, after

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.explain import explain

NAMES = ["Ann", "AI 2", "AI 3"]


def test_a_card_toward_a_city_in_the_final_turn_says_it_scores_only_if_finished_now():
    state = after(261)
    assert state.final and state.to_move() == 0 and MOVES[261][0] == "open"
    reason = render(explain(state, 0, [("open", "green Gems", 0)]), NAMES, 0)
    toward = "fits Textiles–Gems toward the Textiles city, 2 of the 3 routes it needs"
    assert f"{toward}; this is the final turn: it scores only with the other route built in this build" in reason


def test_before_the_final_turn_a_card_toward_a_city_says_no_more():
    state = after(152)
    assert not state.final and state.to_move() == 0
    reason = render(explain(state, 0, [("open", "blue Horses", 0)]), NAMES, 0)
    assert "routes it needs" in reason and "final turn" not in reason, reason
