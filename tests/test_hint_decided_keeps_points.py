"""Where every move leaves the match decided, a hint stars the move that leaves the most points.

Over SSH a Camel Caravan hint in a lost match starred "Pick up salt … (worth 3, 4 steps from its
city; 4 carried: −3 more while they ride)", a load that could never reach its city, and following
it cost 3 points at the end: with the search's chances all alike, the hint went by the game's
prior, which values a load by the points it may bring later.
"""

from __future__ import annotations

from caravan_tui.ai.explain import Candidate, decided, decided_first
from caravan_tui.games import get_game

GAME = "camel_caravan"
#: two seats, seed 1: seat 0 to move, two goods carried, the salt of space 6 to be had
LOG = [
    ("place", 0), ("place", 6), ("pickup", 6), ("pickup", 0), ("place", 1), ("place", 2), ("place", 0),
    ("steal", 0, 1, "salt"), ("place", 5), ("place", 6), ("steal", 6, 0, "salt"), ("place", 13),
    ("move_camel", 5, 42), ("pickup", 42), ("place", 7), ("place", 8), ("move_camel", 0, 12),
    ("move_camel", 1, 11), ("pickup", 11), ("move_camel", 2, 10),
]  # fmt: skip
LOAD, CAMEL = ("pickup", 6), ("move_camel", 6, 9)


def test_a_decided_match_stars_the_move_that_costs_no_points() -> None:
    game = get_game(GAME)
    state = game.new(2, seed=1, options={})
    for action in LOG:
        state.apply(action, False)
    view = state.view(0)
    world = game.from_view(view, 0)
    rated = dict(zip(world.legal_actions(), game.ai.prior(world, world.legal_actions())))
    assert rated[LOAD] > rated[CAMEL]  # (the prior's pick: the load)
    loaded = world.clone()
    loaded.apply(LOAD, False)
    assert loaded.scores()[0] < world.scores()[0]  # (a third good carried: −1 at once)
    found = [Candidate(LOAD, 0.5, 0.01, line=(LOAD,)), Candidate(CAMEL, 0.5, 0.01, line=(CAMEL,))]
    assert decided([candidate.value for candidate in found]) is not None
    assert decided_first(GAME, view, 0, found)[0].action == CAMEL


def test_a_match_still_open_keeps_the_search_s_order() -> None:
    game = get_game(GAME)
    state = game.new(2, seed=1, options={})
    for action in LOG:
        state.apply(action, False)
    found = [Candidate(LOAD, 0.5, 0.5, line=(LOAD,)), Candidate(CAMEL, 0.5, 0.5, line=(CAMEL,))]
    assert decided_first(GAME, state.view(0), 0, found) == found
