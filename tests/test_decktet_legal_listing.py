"""Decktet Caravan's legal actions are exactly those of the frozen reference listing
(``decktet_combos_reference.py``), in the same order, in every state random play and the
search's redealt worlds reach: the listing may get faster, never different."""

from __future__ import annotations

import random

import decktet_combos_reference as reference

from caravan_tui.games.decktet_caravan.combos import PASS
from caravan_tui.games.decktet_caravan.rules import DecktetCaravanState


def reference_legal(state: DecktetCaravanState) -> list:
    """What the reference lists for the seat to move: every caravan on a lead, else every
    combination beating the top, then the pass."""
    if state.turn is None:
        return []
    found = reference.combos(state.hands[state.turn])
    if state.top is None:
        return found.lead()
    return found.beating(reference.move_of(state.top[0])) + [PASS]


def check_play(state: DecktetCaravanState, rng: random.Random, moves: int) -> int:
    """Random play from ``state`` for ``moves`` moves (or to the end), checking every state."""
    checked = 0
    for _ in range(moves):
        legal = state.legal_actions()
        assert legal == reference_legal(state), state.to_data()
        checked += 1
        if not legal:
            break
        state.apply(rng.choice(legal), log=False)
    return checked


def test_every_listing_matches_the_reference_in_played_and_redealt_states() -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = DecktetCaravanState.new(2, seed=seed, options={"hands": 2})
        while not state.is_over():
            checked += check_play(state, rng, 1)
            if state.is_over():
                break
            seat = rng.randrange(2)
            # the search's worlds: redealt from a seat's view, then played on
            for _ in range(3):
                world = state.determinize(seat, rng)
                checked += check_play(world, rng, rng.randrange(1, 12))
            checked += check_play(state.clone(), rng, 2)
    assert checked > 2000


def test_a_listing_restored_from_a_save_matches_the_reference() -> None:
    rng = random.Random(5)
    state = DecktetCaravanState.new(2, seed=5, options={"hands": 1})
    while not state.is_over():
        restored = DecktetCaravanState.from_data(state.to_data())
        assert restored.legal_actions() == reference_legal(restored)
        state.apply(rng.choice(state.legal_actions()), log=False)
