"""A trade proposed as one both sides gain from is one its partner would take, and never gives
away a Right of Passage for less than selling it.

Met in a newcomer's match (``ahldarahd_seed141``): on turns 4 and 10 the hint's "both sides gain"
trade asked an AI for its own Right of Passage below what it had just paid, and was declined at
once, twice (each a proposal of three lost); on turn 11 it starred trading the person's own Right
of Passage to the rival bidding for it, for 4 gold, while the bank paid 5 for it.
"""

from __future__ import annotations

import pytest
from ahldarahd_seed141 import after

from caravan_tui.games.ahldarahd import mutual
from caravan_tui.games.ahldarahd.proposal import Drafts
from caravan_tui.games.ahldarahd.trading import judge

#: the builds where the trade offered was one its partner's judgement does not take
BUILDS = (80, 192, 216, 238, 298)


@pytest.mark.parametrize("count", BUILDS)
def test_a_mutual_trade_is_one_its_partner_takes(count: int) -> None:
    state = after(count)
    found = mutual.mutual_trade(state, state.turn)
    if found is not None:
        sent = Drafts(state.clone()).sent(found.proposal)
        assert sent is not None and judge(sent).good, found


def test_a_right_of_passage_is_not_traded_below_its_sale(monkeypatch: pytest.MonkeyPatch) -> None:
    state = after(216)  # turn 11: the person, holding their own Right of Passage, builds
    assert ("sell_rop", "red") in state.legal_actions()
    monkeypatch.setattr(mutual, "MARGIN", 0.0)  # whatever the partner asks: the sale alone decides
    found = mutual.mutual_trade(state, 0)
    assert found is None or "RoP red" not in found.proposal.give_items, found
