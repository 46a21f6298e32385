"""Seed 1462, round 11, the buy step: 8 table cards, no card in hand, 6 coins; AI 2 at 7 holding
2. A hint said "One of several about as good: Buy nothing more — keeps 6 coins: coins break ties
and buy later": without a card the seat cannot grow in the next round's sales, and AI 2 can end
the match there with 9 (rules §7.2, §8.2a). ``last_turn.short_of_the_race``."""

from __future__ import annotations

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.ai import vetoed
from caravan_tui.games.merchant_lord.last_turn import short_of_the_race

from tables import recorded

GAME = get_game("merchant_lord")
MATCH = "merchant_lord_likelier_tuck_1462"
STOP = ("end_buying",)


def test_buying_nothing_at_eight_cards_with_an_empty_hand_is_not_made_nor_shown(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, _ = recorded(GAME.id, MATCH, 66)
    assert (state.table, state.hand[0].bit_count(), state.hand[1].bit_count()) == ([8, 7], 0, 2)
    assert short_of_the_race(state, 0) == 1
    assert vetoed(state, 0, STOP, "normal") and not vetoed(state, 0, STOP, "easy")
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, 66))
    assert found[0].action[0] == "buy" and STOP not in [candidate.action for candidate in found]
    said = render(found[0].reason, ["You", "AI 2"], 0)
    assert "without it you cannot reach 9 table cards then, and AI 2 can" in said, said


def test_a_seat_that_can_reach_nine_or_that_no_one_races_may_stop_buying():
    state, _ = recorded(GAME.id, MATCH, 66)
    state.hand[1] = 0  # (AI 2 holding nothing: no one reaches 9 next round)
    assert short_of_the_race(state, 0) is None and not vetoed(state, 0, STOP, "normal")
    state, _ = recorded(GAME.id, MATCH, 66)
    state.table[0] = 9  # (the match ends with this round: nothing is for the next)
    assert short_of_the_race(state, 0) is None
