"""Merchant Lord's log in the table's words: the card a Free Merchant draws is said as its halves
are under the row (stall, what the seller and the owner get), not in the rules' codes (a newcomer
read "M15-L 2 O1/F5" and could not tell what it meant)."""

from __future__ import annotations

from test_merchant_lord_screen import GAME, simple


def first_draw() -> str:
    """The log line of the first Free Merchant in 2-player matches played by ``simple``."""
    for seed in range(20):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        while state.turn is not None:
            for event in state.apply(simple(state)):
                if " draw" in event.text and "(" in event.text:
                    return event.text
    raise AssertionError("no Free Merchant drawn")


def test_a_free_merchants_card_is_logged_in_words():
    line = first_draw()
    assert "O1" not in line and "/" not in line
    assert "(left: stall " in line and " | right: stall " in line and "seller " in line and "owner " in line
