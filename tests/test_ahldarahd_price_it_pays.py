"""Seed 1551, three players, the first build: a newcomer offered AI 2 its own Right of Passage for
2 gold. "AI 2 declines: AI 2's Right of Passage is worth only about 1 gold to AI 2, not the 2
asked"; offered for the 1 gold that named, "worth about the 1 gold asked to AI 2: too little to
gain by it": the last proposal of the build spent on a price that was never one. Items for gold
are answered as the judgement the decline's words are made of (``decline_reason.takes``), and a
decline says the most it pays (``most_gold``)."""

from __future__ import annotations

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.decline_reason import decline_reason, most_gold, priced

from tables import recorded

NAMES = ["You", "AI 2", "AI 3"]


def test_a_decline_of_items_for_gold_says_the_gold_it_would_pay():
    for move, asked in ((29, 2), (34, 1)):
        state, log = recorded("ahldarahd", "ahldarahd_own_rop_for_gold_1551", move)
        assert tuple(log[move]) == ("decline",) and state.to_move() == 1 and state.a_gold == asked
        assert priced(state) and most_gold(state, 1) is None
        said = render(decline_reason(state, 1), NAMES, 0)
        assert said == "AI 2 would pay no gold for their own Right of Passage", said
        assert vetoed(state, 1, ("accept",)) and not vetoed(state, 1, ("decline",))


def test_the_most_it_pays_is_named_where_there_is_one(monkeypatch):
    """(No item was worth gold to an AI in that match's declines: a judgement that takes up to 2
    gold stands in for one.)"""
    import caravan_tui.games.ahldarahd.decline_reason as reasons

    state, _ = recorded("ahldarahd", "ahldarahd_own_rop_for_gold_1551", 29)
    state.gold[1], state.a_gold = 8, 3
    monkeypatch.setattr(reasons, "takes", lambda asked, _partner: asked.a_gold <= 2)
    assert most_gold(state, 1) == 2
    said = render(decline_reason(state, 1), NAMES, 0)
    assert said == "AI 2 would pay about 2 gold for their own Right of Passage, not 3", said
