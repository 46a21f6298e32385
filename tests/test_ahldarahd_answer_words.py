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
    assert reason.startswith("turns down about 3 gold of worth; AI 3 gains "), reason
    claim = " by the trade itself, and with a Dates card AI 3 can claim Salt–Dates (sea) on their own map at once"
    assert claim in reason, reason
    assert reason.endswith(" and take the Dates city (+4 gold) if you accept"), reason


def test_the_accept_says_it_too():
    reason = render(explain(answering(), 0, [("accept",)]), NAMES, 0)
    assert ", and with a Dates card AI 3 can claim" in reason and "take the Dates city (+4 gold)" in reason, reason


def test_a_decline_says_the_city_the_card_takes_beside_a_smaller_gain() -> None:
    """ "Clearly best: Decline" beside "AI 3 gains less, and with a Metals card AI 3 can claim
    Metals–Horses (sea) on their own map at once" (seed 1811, turn 3) read as a reason to accept:
    the claim would take the Horses city, which the gains, the trade's alone, leave out."""
    from ahldarahd_seed1811 import MOVES as KEPT
    from ahldarahd_seed1811 import after as kept_after

    state = kept_after(72)
    assert KEPT[72] == ["decline"] and state.to_move() == 0
    reason = render(explain(state, 0, [("decline",)]), NAMES, 0)
    assert reason.startswith("turns down about 3 gold of worth; AI 3 gains less by the trade itself, but with"), reason
    claim = "Metals card AI 3 can claim Metals–Horses (sea) on their own map at once and take the Horses city (+5 gold)"
    assert reason.endswith(f"{claim} if you accept"), reason


def test_a_decline_of_a_trade_that_would_cost_says_what_it_keeps_in_words(monkeypatch):
    """ "turns down about −2 gold of worth" read as a double negative: a decline of a trade that
    would cost says what it keeps, in words."""
    import dataclasses

    import caravan_tui.games.ahldarahd.explain as reasons
    from caravan_tui.games.ahldarahd.trading import judge

    state = answering()
    verdict = judge(state, 0)
    monkeypatch.setattr(reasons, "judge", lambda state, seat: dataclasses.replace(verdict, points=-2.4))
    reason = render(reasons.explain(state, 0, [("decline",)]), NAMES, 0)
    assert reason.startswith("keeps about 2 gold of worth the trade would cost you; AI 3 gains "), reason
