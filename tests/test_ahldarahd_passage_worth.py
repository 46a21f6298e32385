"""A Right of Passage to another seat's map is worth what its map yields with this turn's gold
and cards, and its sale (§4): any seat may win it away in each turn's auctions (§3.2: it is
auctioned wherever it is, and its holder is paid nothing), so its map is not counted for the
turns ahead. Counted so, a bid and a build valued it apart: a hint raised to 3 for a Right of
Passage ("Clearly best") that the same turn's build hint sold for 2, nothing built between (a
person's match, seed 42).

The positions are a person's match (seed 65, 3 players against two normal AIs): in turn 2 AI 3
holds the person's Right of Passage (the bank pays 2 for it), with 2 gold."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.evaluation import estimate, item_worth, rop_sale
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.idle_rights import buildable
from caravan_tui.games.ahldarahd.terms import BID_RAISE, BUILD


def test_a_bid_values_a_right_of_passage_as_the_build_sells_it() -> None:
    """AI 3 raises to 2 (all its gold) to keep the person's Right of Passage: a win leaves it
    nothing to build with on that map, so it is worth its sale, as the build's sale hint says.
    Before, the bid called it "worth more to AI 3 than all its gold (2)"."""
    state = after(32)
    assert state.phase == BID_RAISE and state.to_move() == 2 and state.gold[2] == 2
    assert not buildable(state, 2, 0, 0) and rop_sale(state, 0) == 2
    assert round(item_worth(state, 2, ROP)) == 2
    reason = explain(state, 2, [("raise", 2)])
    assert reason.startswith("{p0:'s} Right of Passage is worth about 2 gold to {p2}"), reason
    assert "held, it is worth no more to {p2} than its sale" in explain(after(29), 2, [("sell_rop", "red")])


def test_a_right_of_passage_kept_past_ones_build_is_worth_less_than_its_sale() -> None:
    """AI 3 ends its turn-2 build holding the person's Right of Passage: the next auctions may take
    it for nothing, while the bank pays 2 now. Selling, then ending, is worth more by the
    evaluation; before, ending was (0.26 against 0.15), for the map counted in the turns ahead."""
    state = after(29)
    assert state.phase == BUILD and state.to_move() == 2 and state.rop[0] == 2
    kept = state.clone()
    kept.apply(("end",), False)
    sold = state.clone()
    sold.apply(("sell_rop", "red"), False)
    sold.apply(("end",), False)
    assert estimate(sold)[2] > estimate(kept)[2]
