"""Positions of random play, for the tests that look at many: each action drawn by the caller's
``random.Random``, in the order the tests always drew them (their seeded runs are unchanged)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator


def played(game, players: int, seed: int, actions: int, rng: random.Random, options: dict | None = None):
    """The position ``actions`` random actions into the deal of ``seed``; None if the match
    ended before."""
    state = game.new(players, seed=seed, options=options)
    for _ in range(actions):
        if state.is_over():
            return None
        state.apply(rng.choice(state.legal_actions()), False)
    return None if state.is_over() else state


def positions(
    game, players: int, seeds: Iterable[int], actions: int, rng: random.Random, options: dict | None = None
) -> Iterator:
    """Each position of random play from the deal of each seed, at most ``actions`` into it,
    given before its action is drawn: the caller looks at it (a clone to change it)."""
    for seed in seeds:
        state = game.new(players, seed=seed, options=options)
        for _ in range(actions):
            if state.is_over():
                break
            yield state
            state.apply(rng.choice(state.legal_actions()), False)
