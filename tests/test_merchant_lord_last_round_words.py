"""In Merchant Lord's last round (someone has 9 table cards, or the round guard) a hint said
"keeps your 15 favour for later rounds", "coins break ties and buy later" and "a card to tuck
later": no round comes after it (rules §8)."""

from __future__ import annotations

import random

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.explain import explain, last_round
from caravan_tui.games.merchant_lord.rules import MerchantLordState

GAME = get_game("merchant_lord")


def said(max_rounds: int, kinds: set[str], seed: int = 5) -> dict[str, str]:
    """The first reason for each action kind of ``kinds`` met in seeded random play of round 4
    (with coins to buy), in a match of ``max_rounds`` rounds."""
    state = MerchantLordState.new(2, seed=seed, options={**GAME.resolve_options({}), "max_rounds": max_rounds})
    rng, found = random.Random(seed), {}
    while state.round <= 4 and not state.is_over():
        seat = state.to_move()
        for action in state.legal_actions():
            if state.round == 4 and action[0] in kinds and action[0] not in found:
                found[action[0]] = explain(state, seat, [action])
        state.apply(rng.choice(state.legal_actions()), False)
    return found


def test_the_last_round_keeps_nothing_for_later():
    kinds = {"end_favour", "end_buying", "buy"}
    last, running = said(4, kinds), said(5, kinds)
    assert set(last) == set(running) == kinds
    assert "as a last tie-break" in last["end_favour"] and "for later rounds" in running["end_favour"]
    assert last["end_buying"].endswith("coins break ties") and running["end_buying"].endswith("and buy later")
    assert "cards in hand do not count" in last["buy"] and "to tuck later" in running["buy"]
    assert not any("later" in words for words in last.values())


def test_the_last_round_is_the_round_guards_or_one_after_nine_table_cards():
    state = GAME.new(2, seed=1, options=GAME.resolve_options({}))
    assert not last_round(state)
    state.table[1] = 9
    assert last_round(state)


@pytest.mark.thorough
def test_favour_kept_for_later_rounds_says_this_one_may_be_the_last_where_a_seat_is_near_nine():
    """Round 12, AI 3 at 8 table cards: "keeps your 3 favour for later rounds" in the round AI 3
    ended, in the very hint that said no move kept it from ending the match."""
    from caravan_tui.games.merchant_lord.terms import TARGET

    for seed in range(30):
        state = GAME.new(2, seed=seed, options={})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()
            if ("end_favour",) in state.legal_actions() and max(state.table) < TARGET:
                words = explain(state, seat, [("end_favour",)])
                near = max(state.table) >= TARGET - 2
                assert ("if this one is not the last" in words) == near, words
                if near:
                    return
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no favour step with a seat near nine table cards was met")
