"""What space on the hand says, and the hand's title: "space: this card fits no sale now" stood
on a card that fit a sale once the card tucked beside it was untucked, and the title said
"space tucks" over a hand whose only card no sale could take."""

from __future__ import annotations

from dataclasses import replace

from test_merchant_lord_screen import play_until
from test_merchant_lord_table_kit import table_for

from caravan_tui.games.merchant_lord.builder import Choices, Selection
from caravan_tui.games.merchant_lord.rules import SELL
from caravan_tui.games.merchant_lord.table_enter import space_on_card
from caravan_tui.games.merchant_lord.table_looks import hand_look


def crowded(state) -> bool:
    """Seat 0 sells, and a card of its hand fits a sale alone but none beside another card tucked."""
    if state.turn != 0 or state.phase != SELL:
        return False
    return crowding(state) is not None


def crowding(state):
    """A card that fits a sale alone, and another tucked (alone, it fits one) beside which it fits none."""
    choices = Choices(state.legal_actions())
    hand = state.view(0)["hand"]
    for card, other in ((card, other) for card in hand for other in hand if other != card):
        for half in choices.halves(Selection(), other):
            tucked = Selection().ticking(other, half)
            if choices.halves(Selection(), card) and not choices.halves(tucked, card):
                return card, tucked
    return None


def test_space_on_a_card_crowded_out_says_what_to_drop():
    found = next((found for seed in range(12) if (found := _try(crowded, seed)) is not None), None)
    assert found is not None, "no such position"
    _prefix, state = found
    card, tucked = crowding(state)
    table = replace(table_for(state), sel=tucked)
    assert space_on_card(table, card) == "space: this card fits no sale with what you chose · esc drops it"
    assert "fits no sale" not in space_on_card(table_for(state), card)  # (alone, it tucks)


def untuckable_hand(state) -> bool:
    """Seat 0 sells with cards in hand, and no sale tucks any of them."""
    if state.turn != 0 or state.phase != SELL or not state.view(0)["hand"]:
        return False
    return not any(a[0] == "sell" and a[2] for a in state.legal_actions())


def test_the_hands_title_offers_space_only_where_a_card_tucks():
    found = next((found for seed in range(12) if (found := _try(untuckable_hand, seed)) is not None), None)
    assert found is not None, "no such position"
    _prefix, state = found
    assert "space tucks" not in hand_look(table_for(state)).title
    tucking = next(found for seed in range(12) if (found := _try(crowded, seed)) is not None)[1]
    assert hand_look(table_for(tucking)).title.endswith(" · space tucks")


def _try(test, seed):
    try:
        return play_until(test, seed=seed)
    except AssertionError:
        return None
