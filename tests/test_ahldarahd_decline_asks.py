"""A decline's price is one its decliner takes, the same from one ask to the next, and the worth
of a Right of Passage held counts what the bank pays for it in its holder's build.

Met in a newcomer's match (``ahldarahd_seed3051``), turn 9: the person offered AI 2 2 gold for
their own Right of Passage, "AI 2 would part with it for about 3 gold, not 2"; 3 gold, "about 4
gold, not 3"; 4, "only for more gold than the 4 you hold". The words came from its judgement
(``trading.judge``), the answer from its search, and neither counted that the person, their
Right of Passage back, would sell it to the bank for 7 at once. In turn 10 and in the final turn
AI 3 offered the person 2 gold and 4 gold for it, and the hint called declining "turns down
about 1 gold of worth", accepting "worth about +2 gold to you": the bank bought it for 7 and 8."""

from __future__ import annotations

import random

import pytest
from ahldarahd_seed3051 import ASKED, MOVES, OFFERED, OPTIONS, SALT, SEED, after

from caravan_tui.ai.policies import search_policy
from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.decline_reason import decline_reason, least_gold
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.terms import ANSWER
from caravan_tui.games.ahldarahd.trading import judge
from caravan_tui.seats import SeatSpec

PERSON, AI_2 = 0, 1


def answer(state) -> str:
    """What AI 2, at normal (by iterations), answers the pending proposal."""
    policy = search_policy(SeatSpec.ai("normal"), iterations=200)
    return policy.choose("ahldarahd", state.view(AI_2), AI_2, 1)[0]


def test_three_asks_for_ones_own_right_of_passage_are_declined_for_one_price() -> None:
    said = set()
    for count, gold in zip(ASKED, (2, 3, 4), strict=True):
        state = after(count)
        assert state.phase == ANSWER and state.partner == AI_2 and state.a_items == (ROP,)
        assert (state.g_gold, state.gold[PERSON]) == (gold, 4)
        said.add(decline_reason(state, AI_2))
        assert answer(state) == "decline"
    assert said == {"{p1} would part with {p0:'s} Right of Passage only for more gold than the 4 {p0} hold{p0:s}"}


@pytest.mark.thorough
def test_the_price_a_decline_names_is_taken_and_named_again_below_it() -> None:
    """With more gold in the person's purse, the price named at 2 gold is named at every ask
    below it, and AI 2 takes it."""
    state = after(ASKED[0])
    state.gold[PERSON] = 10
    price = least_gold(state, AI_2)
    assert price is not None and 2 < price <= 10
    for gold in range(2, price):
        state.g_gold = gold
        assert decline_reason(state, AI_2) == (
            f"{{p1}} would part with {{p0:'s}} Right of Passage for about {price} gold, not {gold}"
        )
        assert answer(state) == "decline"
    state.g_gold = price
    assert answer(state) == "accept"


def test_giving_up_a_right_of_passage_counts_its_sale_in_the_holders_build_to_come() -> None:
    for count in OFFERED:
        state = after(count)
        assert state.phase == ANSWER and state.partner == PERSON and state.a_items == (ROP,)
        assert PERSON not in state.order[: state.pos]  # the person's build is still to come
        worth = judge(state).points  # what the hint's words say accepting is worth
        assert worth <= state.g_gold - rop_sale(state, PERSON) + 0.5, (count, worth)


def test_a_card_asked_for_too_little_gold_is_declined_for_its_price_not_as_paid_for() -> None:
    """Turn 1: 3 gold for any Salt card, "AI 2 declines: whether AI 2 has a Salt card stays hidden
    (3 gold would pay for one)"; AI 2 held one, valued it above 3 gold and claimed with it in the
    same build. The words are the same in every world the person can imagine."""
    state = after(SALT)
    assert state.phase == ANSWER and state.partner == AI_2 and state.g_gold == 3 and state.gold[PERSON] == 5
    said = decline_reason(state, AI_2)
    assert "would pay" not in said
    assert said.startswith("{p1} would part with a Salt card, if {p1} {p1:has} one, for about "), said
    price = int(said.split("for about ")[1].split()[0])
    assert 3 < price <= state.gold[PERSON]
    rng = random.Random(5)
    for _ in range(6):  # (AI 2's hidden hand redealt as the person may imagine it)
        assert decline_reason(state.determinize(PERSON, rng), AI_2) == said
    state.g_gold = price
    assert (
        decline_reason(state, AI_2)
        == f"whether {{p1}} {{p1:has}} a Salt card stays hidden ({price} gold would pay for one)"
    )


def test_a_build_begun_with_a_proposal_is_not_counted_as_one_with_nothing_to_do() -> None:
    """The review's "How it ended" read "You had nothing to do but end your build at move 101
    (too little gold for any route, and no card that fits one)": move 101 was the person's trade
    proposal of turn 5, and the match ended eight turns later."""
    from caravan_tui.ai.review import decisions_of
    from caravan_tui.games import get_game

    moves = [*MOVES[:106]]  # to the person's end of that build
    assert moves[100] == ("trade_with", 1) and moves[105] == ("end",)
    match = decisions_of(get_game("ahldarahd"), 3, SEED, OPTIONS, moves, PERSON)
    assert "nothing to do" not in match.ended, match.ended
