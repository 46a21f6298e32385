"""Camel Caravan's prior keeps its scores for positions met again (``heuristic.action_priors``):
what it gives back is always what the position asked would be scored afresh, after a position
changed in place, in a world redealt with other draws to come, and with the store full."""

from __future__ import annotations

import random

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan import heuristic
from caravan_tui.games.camel_caravan.heuristic import action_priors, scored_actions

GAME = get_game("camel_caravan")


def played(seed: int, until) -> object:
    """A short game between seats that follow the prior, up to the first position ``until`` holds."""
    state = GAME.new(2, seed=seed, options=GAME.resolve_options({"short_game": True}))
    while not until(state):
        legal = state.legal_actions()
        scores = scored_actions(state, legal)
        state.apply(legal[max(range(len(legal)), key=scores.__getitem__)], False)
    return state


def test_a_position_changed_in_place_is_scored_afresh():
    state = played(3, lambda s: s.turns >= 6)
    for _ in range(12):  # each action changes the position's own lists, not a copy of them
        legal = state.legal_actions()
        assert action_priors(state, legal) == scored_actions(state, legal)
        assert action_priors(state, legal) == scored_actions(state, legal)  # (the second is kept)
        state.apply(legal[0], False)


def test_worlds_with_other_draws_to_come_are_scored_each_by_its_own():
    """A pick-up that brings a refill is scored by the goods it draws: worlds redealt from one
    view differ there, and each keeps its own scores."""
    state = played(3, lambda s: s.loose_count == 5 and any(s.bag) and ("pickup" in {a[0] for a in s.legal_actions()}))
    seat = state.to_move()
    worlds = [state.determinize(seat, random.Random(index)) for index in range(6)]
    fresh = [scored_actions(world, world.legal_actions()) for world in worlds]
    assert len({tuple(scores) for scores in fresh}) > 1  # the draws to come change a pick-up's score
    for _ in range(2):
        for world, scores in zip(worlds, fresh):
            assert action_priors(world, world.legal_actions()) == scores


def test_the_kept_scores_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(heuristic, "KEPT", 8)
    monkeypatch.setattr(heuristic, "_kept", {})
    state = played(4, lambda s: s.turns >= 3)
    for _ in range(20):
        legal = state.legal_actions()
        assert action_priors(state, legal) == scored_actions(state, legal)
        assert len(heuristic._kept) <= 8
        state.apply(legal[-1], False)
