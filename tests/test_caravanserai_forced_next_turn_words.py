"""A hint's placement that leaves the next turn forced says where this one ends, and that the rules
lay the next.

Met in a newcomer's solo match (seed 151), round 4: "Head north-west (NW) to (3,-7) — lays camel,
ending on (2,-7); … leaves 3 camels": the figures were the next turn's, which the rules lay by
themselves (a lone camel to the west), while the board's star stood on (3,-7)."""

from __future__ import annotations

from test_review_whole_moves import SOLO

from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game


def test_a_placement_whose_next_turn_is_forced_says_its_own_end_and_the_next_turn() -> None:
    game = get_game("caravanserai")
    state = game.new(1, seed=151, options={"variant": "basic"})
    for move in SOLO[:23]:
        state.apply(normalise_action(move))
    assert state.to_move() == 0 and ("dir", 2) in state.legal_actions()
    said = game.ai.explain(state, 0, [("dir", 2)])
    assert said.startswith("lays camel, ending on (3,-7); caravan 16 → 16 (count 1); leaves 4 camels"), said
    assert said.endswith("; then the rules lay {p0:'s} next turn, the only move"), said
