"""A Camel Caravan hint sent a camel to space 8 for 2 actions and on to (0,2) for 1, where one
move of 2 actions put it there, and the review graded the detour "best" (issue 65, over SSH).
A hint's line reaches its board by the fewest steps now: two or more moves in a row that one
move makes, with no fewer actions left, are that move."""

from __future__ import annotations

import random

from caravan_tui.ai.explain import Candidate, direct, without_detours
from caravan_tui.games import GAMES

GAME = GAMES["camel_caravan"]


def detour():
    """A position of random play, the seat to move at its turn's start, and a camel move of 2
    steps through a cell on the way (A to B, then B to C) where A to C is one move."""
    for seed in range(40):
        rng, state = random.Random(seed), GAME.new(2, seed=seed, options={})
        for _ in range(200):
            if state.is_over():
                break
            seat = state.to_move()
            for first in (a for a in state.legal_actions() if a[0] == "move_camel"):
                after = state.clone()
                after.apply(first, False)
                if after.to_move() != seat:
                    continue
                for second in (a for a in after.legal_actions() if a[0] == "move_camel" and a[1] == first[2]):
                    straight = ("move_camel", first[1], second[2])
                    if straight in state.legal_actions():
                        return state, seat, (first, second), straight
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no detour found")


def test_a_camel_sent_the_long_way_round_goes_straight():
    state, seat, line, straight = detour()
    cut = without_detours(GAME, state, seat, line)
    assert cut == (straight,), (line, cut)
    long_way, short_way = state.clone(), state.clone()
    for step in line:
        long_way.apply(step, False)
    short_way.apply(cut[0], False)
    assert short_way.view(seat)["left"] >= long_way.view(seat)["left"]
    # (the camels stand as the long way left them)
    assert {k: v for k, v in short_way.view(seat).items() if k != "left"} == {
        k: v for k, v in long_way.view(seat).items() if k != "left"
    }


def test_a_hint_shows_the_straight_move_and_drops_its_twin():
    state, seat, line, straight = detour()
    view = state.view(seat)
    found = [Candidate(line[0], 0.6, 0.5, line, "the long way"), Candidate(straight, 0.4, 0.5, (straight,), "x")]
    shown = direct("camel_caravan", view, seat, found)
    cut = without_detours(GAME, state, seat, line)
    assert shown[0].action == cut[0] and shown[0].line == cut and shown[0].reason != "the long way"
    assert [candidate.action for candidate in shown].count(cut[0]) == 1


def test_a_camel_placed_then_moved_on_is_placed_where_it_went():
    """Over SSH: "Place a camel on space 1 (0,0) — 1 action, then Move a camel from space 1 (0,0)
    to (3,5) — 1 action" graded best, where placing it on (3,5) took 1 action."""
    for seed in range(40):
        rng, state = random.Random(seed), GAME.new(2, seed=seed, options={})
        for _ in range(100):
            seat = state.to_move()
            for place in (a for a in state.legal_actions() if a[0] == "place"):
                after = state.clone()
                after.apply(place, False)
                onward = [a for a in after.legal_actions() if a[0] == "move_camel" and a[1] == place[1]]
                there = [a for a in onward if after.to_move() == seat and ("place", a[2]) in state.legal_actions()]
                there = [a for a in there if goes_on(after, a, seat)]  # (the turn goes on after both)
                if there:
                    cut = without_detours(GAME, state, seat, (place, there[0]))
                    assert cut == (("place", there[0][2]),), (place, there[0], cut)
                    return
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no camel placed and moved on found")


def goes_on(state, action, seat) -> bool:
    after = state.clone()
    after.apply(action, False)
    return after.to_move() == seat


def test_a_line_with_no_detour_is_left_as_it_is():
    state, seat, line, _straight = detour()
    assert without_detours(GAME, state, seat, line[:1]) is None
