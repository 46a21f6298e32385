"""A decline read by a newcomer: "AI 2 declines: AI 2 would pay no gold for AI 2's Right of
Passage" named the decliner twice where the item is its own, and "AI 3 declines: 1 gold is worth
more to AI 3 than your Right of Passage, but it would help you more" read like an acceptance,
its "it" unclear. Its own item is "their own" ("your own"), and the refusal says what the trade
would help and whom."""

from __future__ import annotations

from test_ahldarahd import BLUE, GREEN, RED, trading_position

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.cards import ITEM_INDEX
from caravan_tui.games.ahldarahd.decline_reason import decline_reason

from tables import recorded

NAMES = ["Ann", "AI 2", "AI 3"]


def declined(state, viewer=RED) -> str:
    return render(state.clone().apply(("decline",))[0].text, NAMES, viewer)


def asked_for(rop: str, holder: int, gold: int):
    """The trading position, ``rop`` held by ``holder``, and Ann's proposal sent: ``gold`` for it."""
    state = trading_position()
    state.set_holder(ITEM_INDEX[rop], holder)
    for step in (("trade_with", holder), *[("give_gold", 1)] * gold, ("ask_item", rop), ("send",)):
        state.apply(step)
    return state


def test_a_seat_offered_its_own_right_of_passage_declines_it_as_their_own():
    state = trading_position()
    state.apply(next(a for a in state.legal_actions() if a[0] == "offer" and a[1] == BLUE))
    assert declined(state) == "AI 2 declines: AI 2 would pay no gold for their own Right of Passage."
    assert declined(state, BLUE) == "You decline: you would pay no gold for your own Right of Passage."
    recorded_state, _ = recorded("ahldarahd", "ahldarahd_own_rop_for_gold_1551", 29)
    said = render(decline_reason(recorded_state, 1), ["You", "AI 2", "AI 3"], 0)
    assert said == "AI 2 would pay no gold for their own Right of Passage", said


def test_a_trade_good_by_the_goods_is_declined_as_helping_the_proposer_more():
    """Ann offers 1 gold for her own Right of Passage, held by AI 2; 3 gold, held by AI 3."""
    state = asked_for("RoP red", BLUE, 1)
    said = declined(state)
    assert said == "AI 2 declines: your Right of Passage would help you more than the 1 gold would help AI 2."
    said = declined(state, BLUE)
    assert said == "You decline: Ann's Right of Passage would help Ann more than the 1 gold would help you."
    said = declined(asked_for("RoP red", GREEN, 3))
    # (worth less than 3 gold to Ann: the help it named was not there, the goods favour AI 3)
    goods = "by the goods AI 3 would gain about 1 gold, but not by how the match would then stand"
    assert said == f"AI 3 declines: {goods}."
    assert "but it would help" not in said and "worth more to" not in said


def test_a_seat_asked_for_its_own_right_of_passage_names_it_their_own():
    said = declined(asked_for("RoP blue", BLUE, 3))
    assert said == "AI 2 declines: their own Right of Passage would help you more than the 3 gold would help AI 2."
    assert declined(asked_for("RoP blue", BLUE, 3), BLUE).startswith("You decline: your own Right of Passage")
