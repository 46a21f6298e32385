"""A hint's line stops before a move the game vetoes where the line reaches it.

Camel Caravan, two seats, seed 1, a seat that followed every hint: the line shown at move 36
read "Move a camel from (0,1) to space 3, then Move the stolen hides from under your camel …";
once the camel stood on space 3, the veto (no good moved out from under a camel to be stolen)
kept the hides' step out of the next hint, which sent the camel back, and the review weighed the
turn against the line shown: "fine: 44% → 42% (−2%)" for a turn played wholly on the hints.
"""

from __future__ import annotations

from caravan_tui.ai.explain import playable
from caravan_tui.games import get_game

#: the match up to seat 0's second step of its turn (move 36)
LOG = [
    ("place", 0), ("place", 6), ("pickup", 6), ("pickup", 0), ("place", 1), ("place", 2), ("place", 0),
    ("steal", 0, 1, "salt"), ("place", 5), ("place", 6), ("steal", 6, 0, "salt"), ("place", 13),
    ("move_camel", 5, 42), ("pickup", 42), ("place", 7), ("place", 8), ("move_camel", 0, 12), ("move_camel", 1, 11),
    ("pickup", 11), ("move_camel", 2, 10), ("move_camel", 8, 11), ("steal", 11, 1, "hides"), ("move_camel", 6, 18),
    ("pickup", 11), ("move_good", 6, 12, "salt", "under"), ("move_camel", 13, 17), ("move_good", 12, 17, "salt", "top"),
    ("move_camel", 7, 1), ("move_camel", 1, 35), ("move_good", 42, 35, "hides", "top"), ("move_camel", 42, 1),
    ("move_camel", 12, 16), ("move_camel", 6, 23), ("move_good", 11, 23, "hides", "top"), ("move_camel", 10, 48),
    ("move_camel", 18, 10),
]  # fmt: skip
TO_SPACE_3 = ("move_camel", 1, 9)
HIDES_OUT = ("move_good", 11, 10, "hides", "under")


def test_the_line_stops_before_the_vetoed_step() -> None:
    game = get_game("camel_caravan")
    state = game.new(2, seed=1, options={})
    for action in LOG:
        state.apply(action, False)
    world = game.from_view(state.view(0), 0)
    after = world.clone()
    after.apply(TO_SPACE_3, False)
    assert after.to_move() == 0 and HIDES_OUT in after.legal_actions()  # (a move the seat may make)
    assert game.ai.vetoed is not None and game.ai.vetoed(after, 0, HIDES_OUT, None)
    assert playable(world, 0, (TO_SPACE_3, HIDES_OUT)) == (TO_SPACE_3,)


def test_a_first_move_is_the_line_whatever_the_veto_says() -> None:
    """The first move is the hint's own, vetted already (``policies.allowed``)."""
    game = get_game("camel_caravan")
    state = game.new(2, seed=1, options={})
    for action in [*LOG, TO_SPACE_3]:
        state.apply(action, False)
    world = game.from_view(state.view(0), 0)
    assert playable(world, 0, (HIDES_OUT,)) == (HIDES_OUT,)
