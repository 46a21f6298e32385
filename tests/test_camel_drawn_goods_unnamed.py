"""A hint names no good a refill in its line drew: those are the guess of the world it looked at.
Seed 6087 (2 players, short game), move 18: the line "a camel onto the meat on space 8, then loads
meat" ends the turn with a pick-up that brings a refill, and the hint said "the meat on space 5
stays loose under your camel" of an empty space, the guessed draw laid there."""

from __future__ import annotations

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.explain import explain

GAME = get_game("camel_caravan")
MOVES = [
    ("place", 6), ("place", 37), ("pickup", 37), ("place", 37), ("steal", 37, 1, "cloth"), ("place", 6),
    ("pickup", 6), ("place", 13), ("place", 36), ("place", 35), ("place", 28), ("move_camel", 6, 21),
    ("place", 42), ("pickup", 42), ("place", 20), ("move_camel", 37, 27), ("move_camel", 35, 29),
    ("move_good", 37, 21, "cloth", "under"),
]  # fmt: skip
LINE = (("move_camel", 29, 48), ("pickup", 48))


def test_a_good_a_refill_in_the_line_drew_is_not_said_to_stay_loose() -> None:
    state = GAME.new(2, seed=6087, options={"sixth_camel": False, "short_game": True})
    for move in MOVES:
        state.apply(move)
    assert state.loose[37] < 0 and 37 in state.empties[0]  # (space 5: the seat's empty camel, no good)
    world = state.clone()
    for action in LINE:
        world.apply(action)
    assert world.loose[37] >= 0 and world.turn == 1  # (as this world draws: a good there, the turn over)
    said = render(explain(state, 0, LINE), ["You", "AI 2"], 0)
    assert "space 5" not in said and "stays loose" not in said, said
    assert said.startswith("a camel onto the meat on space 8"), said
