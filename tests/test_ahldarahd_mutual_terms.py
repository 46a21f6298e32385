"""A trade proposed as one both sides gain from says where its partner may decline it, and never
gives away a Right of Passage for less than selling it.

Met in a newcomer's match (``ahldarahd_seed141``): on turns 4 and 10 the hint's "both sides gain"
trade asked an AI for its own Right of Passage below what it had just paid, and was declined at
once, twice (each a proposal of three lost); on turn 11 it starred trading the person's own Right
of Passage to the rival bidding for it, for 4 gold, while the bank paid 5 for it.
"""

from __future__ import annotations

import pytest
from ahldarahd_seed141 import after

from caravan_tui.games.ahldarahd import mutual
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.proposal import Drafts
from caravan_tui.games.ahldarahd.trading import judge

#: the builds where the trade the hint proposed was one its partner's judgement does not take
DECLINED = (80, 192, 238)
#: AI 3's build of turn 14: a trade AI 2's judgement takes
TAKEN = 287


@pytest.mark.parametrize("count", DECLINED)
def test_a_mutual_trade_its_partner_may_decline_says_so(count: int) -> None:
    state = after(count)
    seat = state.turn
    found = mutual.mutual_trade(state, seat)
    assert found is not None
    sent = Drafts(state.clone()).sent(found.proposal)
    assert sent is not None and not judge(sent).good  # (as the partner judges it, its hand seen)
    line = mutual.next_step(state, seat)
    assert line is not None
    partner = found.proposal.partner
    assert explain(state, seat, list(line)).endswith(
        f"(both sides gain, by the AI's estimate, against the others; but {{p{partner}}} may find too little in it "
        "and decline)"
    )


def test_a_mutual_trade_its_partner_takes_says_no_more() -> None:
    state = after(TAKEN)
    line = mutual.next_step(state, state.turn)
    assert line is not None
    assert explain(state, state.turn, list(line)).endswith(
        "(both sides gain, by the AI's estimate, against the others)"
    )


def test_a_right_of_passage_is_not_traded_below_its_sale() -> None:
    state = after(216)  # turn 11: the person, holding their own Right of Passage, builds
    assert ("sell_rop", "red") in state.legal_actions()
    found = mutual.mutual_trade(state, 0)
    assert found is None or "RoP red" not in found.proposal.give_items, found
