"""An answer's reason says that the proposer builds on after the trade: in a person's match at
80×24 (seed 6565, move 142) AI 3 offered 4 gold for a Dates card in its build, and the hint said
"Clearly best: Decline the trade — turns down about +3 gold of worth; AI 3 gains less if you
accept": nothing for declining. Accepted, AI 3 claims with the card at once (its chance 0.75 to
0.84 by the estimate), which the gains, weighed before that claim, leave out."""

from __future__ import annotations

from ahldarahd_seed6565 import MOVES, after

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.explain import explain

NAMES = ["Ann", "AI 2", "AI 3"]


def answering():
    state = after(141)
    assert MOVES[141] == ["decline"] and state.to_move() == 0
    return state


def test_the_decline_says_ai_3_can_claim_with_the_card_at_once():
    reason = render(explain(answering(), 0, [("decline",)]), NAMES, 0)
    assert reason.startswith("turns down about +3 gold of worth; AI 3 gains "), reason
    assert ", but AI 3 builds on after it: " in reason, reason
    assert "with a Dates card it can claim" in reason and reason.endswith("at once if you accept"), reason


def test_the_accept_says_it_too():
    reason = render(explain(answering(), 0, [("accept",)]), NAMES, 0)
    assert "but AI 3 builds on after it: with a Dates card it can claim" in reason, reason
