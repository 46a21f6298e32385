"""A Decktet Caravan hint says whose its words are: "AI 2 cannot beat it: AI 2 collects 9 cards
worth −4; keeps the Ace of Waves and the Bard" read as AI 2 keeping the player's own cards, and
"the lower total leads: you −5, AI 2 3)" read as "AI 23"."""

from __future__ import annotations

import random

import pytest

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.explain import explain

GAME = get_game("decktet_caravan")
NAMES = ["Ann", "AI 2"]


def reasons(seeds: range):
    """Each legal play's reason, from Ann's seat, over random matches."""
    for seed in seeds:
        state, rng = GAME.new(2, seed=seed, options={}), random.Random(seed)
        while not state.is_over():
            if state.to_move() == 0:
                for action in state.legal_actions():
                    yield render(explain(state, 0, [action]), NAMES, 0)
            state.apply(rng.choice(state.legal_actions()), False)


def test_the_aces_and_crowns_a_play_keeps_are_said_to_be_yours():
    said = [reason for reason in reasons(range(6)) if "AI 2 cannot beat it" in reason and " keep" in reason]
    assert said, "no such hint"
    for reason in said:
        assert "; you keep " in reason and "; keeps " not in reason, reason


@pytest.mark.thorough
def test_the_totals_that_decide_the_next_leader_carry_their_sign():
    said = [reason for reason in reasons(range(12)) if "the lower total leads: " in reason]
    assert said, "no such hint"
    for reason in said:
        totals = reason.split("the lower total leads: ")[1].split(")")[0]
        assert all(part.split()[-1][0] in "+−" for part in totals.split(", ")), reason
