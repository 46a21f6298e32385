"""A hand's last play or pass says who leads the next hand, and why (rules §2.3: the lower total
leads; on equal totals, the player who did not lead the hand before). A newcomer's hint read
"Clearly best: Pass" beside figures two points worse for the hand than the 9 it could play: the
search weighed who would lead hand 5, and nothing said so."""

from __future__ import annotations

import random

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.explain import explain

GAME = get_game("decktet_caravan")
NAMES = ["Ann", "Bob"]


def hands_last_decisions(seeds: range):
    """Each random match's decisions once a player has gone out (the hand's last play or pass)."""
    for seed in seeds:
        state, rng = GAME.new(2, seed=seed, options={}), random.Random(seed)
        while not state.is_over():
            if state.out_player is not None:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()), False)


def test_the_last_play_of_a_hand_says_who_leads_the_next_and_why():
    ties = others = 0
    for state in hands_last_decisions(range(12)):
        seat = state.to_move()
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action, False)
            reason = render(explain(state, seat, [action]), NAMES)
            if after.is_over() or after.hand_no == state.hand_no:
                assert " leads hand " not in reason and " lead hand " not in reason, reason
                continue
            leader = ("Ann", "Bob")[after.first_leader]
            said = f"; then {leader} leads hand {after.hand_no} ("
            assert said in reason, reason
            if after.cum[0] == after.cum[1]:
                ties += 1
                assert "led this hand)" in reason and after.first_leader != state.first_leader, reason
            else:
                others += 1
                assert "(the lower total leads: Ann " in reason, reason
                assert after.first_leader == (0 if after.cum[0] < after.cum[1] else 1)
    assert others and ties, (others, ties)
