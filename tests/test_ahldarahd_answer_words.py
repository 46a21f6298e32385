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
    worth = "turns down about 3 gold of worth that would not help your chances, by the AI's estimate"
    assert reason.startswith(f"{worth}; AI 3 gains "), reason
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


def test_the_last_setup_after_both_free_routes_says_it_is_done_not_that_it_claims_no_more():
    """ "AI 3 claims no more free routes." came after AI 3 had claimed both of its free routes
    (the last to set up ends the setup itself, so that its last claim can be taken back); one
    that stops after one still says it claims no more."""
    from caravan_tui.games import get_game

    game = get_game("ahldarahd")
    names = ["Ann", "AI 2", "AI 3"]
    for stop_after in (2, 1):
        state = game.new(3, seed=1, options={})
        claimed: dict[int, int] = {}
        while ("done",) in state.legal_actions() or any(a[0] == "free" for a in state.legal_actions()):
            seat, legal = state.to_move(), state.legal_actions()
            free = [a for a in legal if a[0] == "free"]
            if free and claimed.get(seat, 0) < stop_after:
                claimed[seat] = claimed.get(seat, 0) + 1
                state.apply(free[0], False)
                continue
            said = " ".join(render(e.text, names, None) for e in state.apply(("done",)))
        if stop_after == 2:
            assert "AI 2 is done with free routes: turn 1 begins." in said, said
        else:
            assert "AI 2 claims no more free routes." in said, said


def test_a_decline_of_worth_that_would_not_help_says_so(monkeypatch):
    """A decline starred beside "turns down about 2 gold of worth; AI 3 gains less if you accept"
    gave only reasons to accept: where the trade's worth in gold would not raise the seat's
    chances by the estimate, the decline says so."""
    import dataclasses

    import caravan_tui.games.ahldarahd.explain as reasons
    from caravan_tui.games.ahldarahd.trading import judge

    state = answering()
    verdict = judge(state, 0)
    for gain, said in ((-0.01, True), (0.0, True), (0.02, False)):
        judged = dataclasses.replace(verdict, points=2.2, gain=gain)
        monkeypatch.setattr(reasons, "judge", lambda state, seat, judged=judged: judged)
        reason = render(reasons.explain(state, 0, [("decline",)]), NAMES, 0)
        words = "turns down about 2 gold of worth that would not help your chances, by the AI's estimate; AI 3 "
        assert reason.startswith(words) is said, reason
        assert reason.startswith("turns down about 2 gold of worth"), reason
