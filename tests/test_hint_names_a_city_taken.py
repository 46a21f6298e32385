"""A hint names the play a person looks for where its search ranks it below those it lists
(``GameAI.noted``): Caravans of Ahldarahd hints left out a free route, a claim and a card that
took a city three times in a match, while the plays list said "takes the Horses city (+3 gold)",
and a newcomer could not tell whether the hint had weighed it at all."""

from __future__ import annotations

from caravan_tui.ai.explain import Weighed, explained
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.explain import takes_a_city

GAME = get_game("ahldarahd")


def after_a_free_route():
    """Seed 1471, seat 0's first free route claimed (route 17): route 21 now takes the Horses
    city, route 11 takes none."""
    state = GAME.new(3, seed=1471)
    state.apply(("free", 17), False)
    assert state.to_move() == 0
    return state


def test_a_play_that_takes_a_city_is_named_after_the_hints_list():
    state = after_a_free_route()
    assert takes_a_city(state, 0, ("free", 21)) and not takes_a_city(state, 0, ("free", 11))
    stats = {("free", 11): (400, 190.0), ("free", 8): (380, 180.0), ("free", 20): (300, 140.0)}
    stats |= {("free", 2): (90, 40.0), ("free", 21): (60, 27.0), ("free", 5): (3, 1.0)}
    listed = explained("ahldarahd", state.view(0), 0, Weighed(stats, {}))
    assert [c.action for c in listed] == [("free", 11), ("free", 8), ("free", 20), ("free", 21)]
    assert "takes the Horses city" in GAME.from_view(state.view(0), 0).describe(("free", 21), 0)
    assert round(listed[-1].value, 2) == 0.45 and listed[-1].reason  # (its figure and its reason)


def test_a_play_weighed_too_little_to_have_a_figure_is_not_named():
    state = after_a_free_route()
    stats = {("free", 11): (400, 190.0), ("free", 8): (380, 180.0), ("free", 20): (300, 140.0)}
    stats |= {("free", 21): (2, 1.0)}
    listed = explained("ahldarahd", state.view(0), 0, Weighed(stats, {}))
    assert [c.action for c in listed] == [("free", 11), ("free", 8), ("free", 20)]
