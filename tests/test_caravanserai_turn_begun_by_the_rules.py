"""A turn whose head camel had one open way began already heading there, and nothing said so:
the plays list offered "Start block 1: 1 white good, the first on (-1,-4)", the log and the line
under the board silent of the turn the rules made (three players, round 2). The log says it now,
in the move that led to it."""

from __future__ import annotations

import random

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.geometry import DIR_WORDS
from caravan_tui.games.caravanserai.rules import PLACE

GAME = get_game("caravanserai")


def test_a_turn_the_rules_turned_says_so_in_the_log():
    rng, state, found = random.Random(1), GAME.new(3, seed=1, options={}), None
    while found is None and not state.is_over():
        before = state.turn
        events = state.apply(rng.choice(state.legal_actions()), True)
        said = [event.text for event in events if "can only head" in event.text]
        if said:
            found = before, said[0]
    assert found is not None, "no turn begun by the rules"
    before, said = found
    seat = state.turn
    assert seat != before and state.stage == PLACE and not state.laid and len(state.legal_actions()) > 1
    assert said == f"{{p{seat}}} can only head {DIR_WORDS[state.tdir]}: the rules turn {{p{seat}:their}} caravan there."
    assert render(said, ["Ann", "Bob", "Cy"], seat).startswith("You can only head ")


def test_a_turn_of_several_ways_says_nothing_of_it():
    rng, state = random.Random(1), GAME.new(3, seed=1, options={})
    for _ in range(60):
        legal = state.legal_actions()
        events = state.apply(rng.choice(legal), True)
        if (
            state.turn is not None
            and state.stage == PLACE
            and not state.laid
            and len([a for a in state.legal_actions() if a[0] == "dir"]) > 1
        ):
            assert not any("can only head" in event.text for event in events)
