"""Camel Caravan: a hint's reason for a delivery once the bag is empty says it ends the game, and
how, not "ends the turn" (said with 4 actions left)."""

from __future__ import annotations

import pytest

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.heuristic import scored_actions

GAME = get_game("camel_caravan")


def bag_empty(seed: int):
    """A short game the prior plays, at the first position with the bag empty and a delivery open."""
    state = GAME.new(2, seed=seed, options=GAME.resolve_options({"short_game": True}))
    while not state.is_over():
        legal = state.legal_actions()
        ending = [a for a in legal if a[0] == "move_good" and not any(state.bag) and _ends(state, a)]
        if ending:
            return state, ending
        scores = scored_actions(state, legal)
        state.apply(legal[max(range(len(legal)), key=scores.__getitem__)], False)
    raise AssertionError("no game-ending delivery was open")


def _ends(state, action) -> bool:
    after = state.clone()
    after.apply(action, False)
    return after.is_over()


def test_a_game_ending_delivery_says_it_ends_the_game():
    state, ending = bag_empty(3)
    seat = state.to_move()
    for action in ending:
        words = render(GAME.ai.explain(state, seat, [action]), ["Ann", "AI 2"], seat)
        after = state.clone()
        after.apply(action, False)
        won = after.outcome()[seat] == max(after.outcome())
        assert "ends the turn" not in words and "left;" not in words, words
        assert ("ends the game: you win" if won else "ends the game: you lose") in words or "shared win" in words, words
        assert f"{after.score(seat)} to {after.score(1 - seat)}" in words


def step_then_end(seeds=range(3, 12)):
    """Positions of short games the prior plays, with the bag empty, where a camel placed or
    moved leaves a game-ending delivery open in the same turn: (state, seat, camel, delivery)."""
    for seed in seeds:
        state = GAME.new(2, seed=seed, options=GAME.resolve_options({"short_game": True}))
        while not state.is_over():
            legal = state.legal_actions()
            seat = state.to_move()
            for first in (a for a in legal if a[0] in ("place", "move_camel") and not any(state.bag)):
                after = state.clone()
                after.apply(first, False)
                if after.turn == seat:
                    for delivery in after.legal_actions():
                        if delivery[0] == "move_good" and _ends(after, delivery):
                            yield state, seat, first, delivery
                            break
            scores = scored_actions(state, legal)
            state.apply(legal[max(range(len(legal)), key=scores.__getitem__)], False)


@pytest.mark.thorough
def test_a_step_before_the_game_ending_delivery_leaves_the_end_to_the_delivery():
    """ "a camel into the city of your meat; ends the game: you win, 62 to 51; then delivers meat
    for +3": the camel's move read as what ended the game."""
    said = 0
    for state, seat, first, delivery in step_then_end():
        words = render(GAME.ai.explain(state, seat, [first, delivery]), ["Ann", "AI 2"], seat)
        assert "then " in words and words.index("then ") < words.index("ends the game"), words
        said += 1
        if said == 5:
            break
    assert said
