"""The Eyes of Shamesh and the Pirate Queen in the final turn: a discount is spent only by a claim,
and a claim needs a card (§3.3), so in the last build it is worth as much as the cards that
could meet it. A hint on the final turn valued the Eyes at "about 1 gold to you, who have none"
to a person holding no gold and no card, with no card left to win."""

from __future__ import annotations

from test_ahldarahd_final_turn import last_build

from caravan_tui.games.ahldarahd.cards import EYES, PIRATE
from caravan_tui.games.ahldarahd.evaluation import item_worth


def emptied():
    """The person's last build (seed 65) with no gold and no card left."""
    state = last_build()
    state.gold[0], state.hand[0] = 0, 0
    return state


def test_a_discount_is_worth_nothing_to_a_last_build_without_cards() -> None:
    state = emptied()
    for item in (EYES, PIRATE):
        assert item_worth(state, 0, item) == 0.0, item


def test_a_discount_keeps_its_worth_where_a_held_card_may_meet_it() -> None:
    state = last_build()
    assert state.hand[0]  # the person holds two cards
    assert item_worth(state, 0, EYES) > 0.0
