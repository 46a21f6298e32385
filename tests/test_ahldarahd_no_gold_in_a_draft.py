"""No gold while drafting a trade in one's own build: the hint's way out names the Right of
Passage held. A person at 0 gold holding AI 2's, which sold for 3 in that build, was told to "win
a Right of Passage at 0 in next turn's auctions … (your own Right of Passage sells for 1 now)"."""

from __future__ import annotations

from ahldarahd_seed3051 import after

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.no_gold import way_out
from caravan_tui.games.ahldarahd.terms import BUILD

NAMES = ["Ann", "AI 2", "AI 3"]


def test_a_draft_in_ones_own_build_at_no_gold_names_the_right_of_passage_held():
    state = after(20)
    assert state.phase == BUILD and state.order[state.pos] == 0
    state.gold[0], state.rop[2] = 0, 0  # (AI 3's Right of Passage, held by the builder)
    state._legal = None
    assert rop_sale(state, 2) == 3
    state.apply(("trade_with", 1))
    said = render(way_out(state, 0) or "", NAMES, 0)
    assert said.startswith("No gold now, but AI 3's Right of Passage sells to the bank for 3 gold in this build"), said
    assert "next turn's auctions" not in said
