"""A hint never proposes the trade it has just had the person decline: in a person's match at
80×24 (seed 6565) AI 3 offered 4 gold for a Dates card, the hint said "Clearly best: Decline",
and in the person's next build the hint's pick was "Write a trade proposal to AI 3 … you give
blue Dates; AI 3 gives 4 gold" (the search weighs an answer, the mutual trade an estimate
alone). A trade the seat declined, offered the other way round, is not its mutual trade."""

from __future__ import annotations

from ahldarahd_seed6565 import MOVES, after

from caravan_tui.games.ahldarahd.mutual import mutual_trade, next_step


def test_the_person_declined_ai_3s_offer_of_4_gold_for_a_dates_card():
    assert MOVES[141] == ["decline"]
    state = after(143)
    assert (2, 0, 4, 0, (), ("card Dates",)) in state.declined
    assert state.to_move() == 0 and state.hand[0]  # the Dates card still in hand


def test_the_hint_does_not_propose_the_same_trade_to_ai_3_in_the_next_build():
    state = after(143)
    found = mutual_trade(state, 0)
    assert found is None or not (
        found.proposal.partner == 2 and found.proposal.give_cards == ["Dates"] and found.proposal.ask_gold == 4
    )
    line = next_step(state, 0)
    assert line is None or ("give_card", "Dates") not in line or line[0] != ("trade_with", 2)
