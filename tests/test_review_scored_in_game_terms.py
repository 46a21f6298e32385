"""A review said what decided a loss only in percentages: a Caravans of Ahldarahd 7–8–10 loss was
"luck −32%, the searches' drift −13%", and never that AI 3 took more cities; a Caravanserai solo
caravan one piece short of a title was not told what it reached. Each game now says its points
as its rules count them, under "What decided it"."""

from __future__ import annotations

import random

import pytest

from caravan_tui.ai.review import decisions_of
from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.scored import scored_words as ahldarahd_points
from caravan_tui.games.caravanserai.scored import scored_words as caravans


def played_out(game_id: str, players: int, seed: int):
    game = get_game(game_id)
    rng, state, actions = random.Random(seed), game.new(players, seed=seed, options={}), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    return game, state, actions


def test_ahldarahds_points_are_its_cities_and_the_bonus_abroad():
    game, state, actions = played_out("ahldarahd", 3, 29)
    assert state.points() == [9, 3, 2]
    said = ahldarahd_points(state.view(0))
    assert said == "Points: {p0} 9 (6 cities, 1 abroad +3); {p1} 3 (3 cities); {p2} 2 (2 cities)."
    assert said in decisions_of(game, 3, 29, {}, actions, 1).decided


@pytest.mark.parametrize(
    ("length", "said"),
    [
        (39, "Your caravan: 39, Xiansheng; 1 piece more for Tribal chief (40)."),
        (20, "Your caravan: 20, no title; 5 pieces more for Camel driver (25)."),
        (46, "Your caravan: 46, Chief of the 5 tribes, the highest title."),
    ],
)
def test_a_solo_caravan_says_its_title_and_how_far_the_next_was(length, said):
    _game, state, _actions = played_out("caravanserai", 1, 0)
    view = state.view(0)
    view["caravans"] = [[view["caravans"][0][0]] * length]
    assert caravans(view) == said


def test_caravans_between_seats_say_each_length():
    game, state, _actions = played_out("caravanserai", 3, 1)
    said = caravans(state.view(0))
    lengths = [len(caravan) for caravan in state.view(0)["caravans"]]
    assert said == "Caravans: " + ", ".join(f"{{p{seat}}} {length}" for seat, length in enumerate(lengths)) + "."
    assert render(said, ["Ann", "Bob", "Cy"], 0).startswith("Caravans: you ")
    assert caravans(game.new(3, seed=1, options={}).view(0)) is None  # (not over: nothing)
