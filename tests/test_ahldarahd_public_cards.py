"""A card everyone saw change hands (won at an auction, passed in a trade) is no secret when it is
played: a claim, a proposal or a trade with it shows nothing new, so a review books no luck for it.

Met in a newcomer's review (``ahldarahd_seed94``): "Luck after your move 120: +19 points of win
chance (the deal went your way: cards another hand was dealt, now shown) — Seen: AI 2 claims
Ivory–Gems … with red Gems", a card AI 3 had won at an auction and traded to AI 2 in sight; and
"+13 points" for AI 3's claim with the blue Dates it had won at an auction, its red Gems put into
a proposal and a decline by AI 3, whose whole hand the table could see."""

from __future__ import annotations

from ahldarahd_seed94 import MOVES, after

from caravan_tui.ai.review import decisions_of
from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game

#: AI 2 (seat 1) claims with the red Horses card it won at an auction for 0 this turn
CLAIM_WON = 47
#: AI 3 (seat 2) claims on its own map with a card of its own colour, dealt to it
CLAIM_DEALT = 17
#: AI 3 declines a trade from a hand the table sees whole (two cards won at auctions)
DECLINE_SEEN = 101


def played(count: int):
    """The events of the match's move ``count``, from the position before it."""
    state = after(count)
    return state.apply(normalise_action(MOVES[count]), True)


def test_a_claim_with_a_card_won_at_an_auction_reveals_nothing() -> None:
    state = after(CLAIM_WON)
    assert state.to_move() == 1 and state.known[1]  # (the red Horses card, won at 0)
    assert not any(event.reveals for event in played(CLAIM_WON)), played(CLAIM_WON)


def test_a_claim_with_a_card_from_the_hidden_hand_still_shows_it() -> None:
    events = played(CLAIM_DEALT)
    assert events[0].text.startswith("{p2} claim") and events[0].reveals == (0, 1)


def test_a_decline_from_a_hand_the_table_sees_whole_reveals_nothing() -> None:
    state = after(DECLINE_SEEN)
    assert state.to_move() == 2 and state.hand[2] and not state.hand[2] & ~state.known[2]
    events = played(DECLINE_SEEN)
    assert events[0].text.startswith("{p2} decline") and not events[0].reveals
    assert played(28)[0].reveals == (0, 2)  # (AI 2 declines with cards of its own still hidden)


def test_a_card_won_at_an_auction_put_into_a_proposal_reveals_nothing() -> None:
    state = after(44)  # the person's build; they won the red Incense card at 1
    assert state.to_move() == 0
    state.apply(("trade_with", 1))
    events = state.apply(("give_card", "Incense"), True)
    assert "red Incense" in events[0].text and not events[0].reveals


def test_the_review_books_no_luck_for_cards_everyone_saw() -> None:
    match = decisions_of(get_game("ahldarahd"), 3, 94, {}, [normalise_action(a) for a in MOVES], 0)
    shown = [draw for draw in match.draws if draw.shown]
    assert all(draw.turn not in (CLAIM_WON, DECLINE_SEEN, 104, 109) for draw in shown), shown
    assert any(draw.turn == CLAIM_DEALT for draw in shown)
