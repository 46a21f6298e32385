"""A declined trade says why, in the decliner's own terms and from public facts only: every
decline read "not worth it to AI 3 at that price", so a newcomer's eight proposals in two
matches were refused by a black box."""

from __future__ import annotations

import random

from ahldarahd_seed65 import after
from test_ahldarahd import BLUE, RED, ai_answer, set_hand, trading_position

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.cards import ROP, SHAH

NAMES = ["Ann", "AI 2", "AI 3"]


def declined(state, viewer=RED):
    return render(state.clone().apply(("decline",))[0].text, NAMES, viewer)


def drafted(state, *steps):
    for step in steps:
        state.apply(step)
    return state


def test_ai_3_declines_2_gold_for_its_gems_card_saying_what_the_card_is_worth_to_it():
    """Seed 65, the person's build of move 191: AI 3 holds one card, the green Gems it won at
    auction (the table saw it), and its own search declines 2 gold for it."""
    state = after(191)
    state.apply(("offer", 2, "gold", 2, "card", "Gems"))
    assert state.hand[2] == state.known[2] == 1 << 22  # the green Gems, and nothing unseen
    assert ai_answer(state) == ("decline",)
    line = declined(state, 0)
    assert line == "AI 3 declines: the Gems card is worth about 3 gold to AI 3; 2 gold offered."
    assert len(line) <= 80


def test_a_request_for_a_card_the_table_can_see_it_lacks_says_so():
    state = drafted(trading_position(), ("trade_with", BLUE), ("give_gold", 1), ("ask_card", "Dates"), ("send",))
    assert state.discards.count(BLUE * 10 + 9) == 1  # blue's Dates card is gone, in sight
    assert state.hand[BLUE] != state.known[BLUE]  # (a hidden card: how the table knows is the card in sight)
    assert declined(state) == (
        "AI 2 declines: AI 2 has no Dates card to give (AI 2's own Dates card is in sight elsewhere)."
    )


def test_a_request_for_a_card_that_may_be_hidden_reads_the_same_whatever_the_hand():
    """AI 2's two hidden cards are its Salt and Ivory: whether it holds the card asked for is
    never told, held or not, in any redeal of what the asker cannot see."""
    for asked, words in [
        ("Ivory", "AI 2 declines: AI 2 would part with an Ivory card, if AI 2 has one, for about 5 gold, not 1."),
        ("Gems", "AI 2 declines: AI 2 would part with a Gems card, if AI 2 has one, for about 5 gold, not 1."),
        ("Salt", "AI 2 declines: AI 2 would part with a Salt card, if AI 2 has one, for about 3 gold, not 1."),
    ]:
        state = drafted(trading_position(), ("trade_with", BLUE), ("give_gold", 1), ("ask_card", asked), ("send",))
        rng = random.Random(5)
        lines = {declined(state.determinize(RED, rng)) for _ in range(8)} | {declined(state)}
        assert lines == {words}, asked


def test_a_known_card_asked_of_a_seat_with_a_hidden_one_names_only_the_known_card():
    state = trading_position()
    set_hand(state, BLUE, ["blue Salt", "red Pearls"])  # red Pearls came from the table: known
    drafted(state, ("trade_with", BLUE), ("give_gold", 1), ("ask_card", "Pearls"), ("send",))
    rng = random.Random(2)
    lines = {declined(state.determinize(RED, rng)) for _ in range(8)}
    assert len(lines) == 1 and next(iter(lines)).startswith("AI 2 declines: the Pearls card is worth about")


def test_a_price_that_leaves_the_seat_no_gold_for_a_claim_says_so():
    state = trading_position()
    state.gold[BLUE] = 3
    drafted(state, ("trade_with", BLUE), ("give_card", "Gems"), ("ask_gold", 1), ("ask_gold", 1), ("ask_gold", 1))
    state.apply(("send",))
    assert declined(state) == "AI 2 declines: AI 2 would have no gold left to claim a route with a card."


def test_a_person_declining_reads_in_the_second_person():
    state = trading_position()
    state.apply(next(a for a in state.legal_actions() if a[0] == "offer" and a[1] == BLUE))
    assert declined(state, BLUE) == "You decline: you would pay no gold for your own Right of Passage."


#: a decline the goods favour, where the proposer gains less by them (the Pearls card is worth
#: less than 6 gold to Ann: "would help you more than the 6 gold would help AI 2" was false)
GOODS = "by the goods {p} would gain about {gold} gold, but not by how the match would then stand."


def test_a_trade_worth_it_by_the_goods_alone_says_the_goods_favour_it():
    """6 gold for AI 2's Pearls card (worth about 3 to it): by the goods the trade is good for AI 2,
    and its search declines it all the same. It read "not worth it to AI 2 at that price", the
    opposite of what the goods say; what is declined is what the trade gives the proposer."""
    state = trading_position()
    set_hand(state, BLUE, ["blue Salt", "red Pearls"])  # red Pearls came from the table: known
    drafted(state, ("trade_with", BLUE), *[("give_gold", 1)] * 6, ("ask_card", "Pearls"), ("send",))
    assert declined(state) == "AI 2 declines: " + GOODS.format(p="AI 2", gold=2)
    assert declined(state, BLUE) == "You decline: " + GOODS.format(p="you", gold=2)


def test_an_item_offered_for_an_item_says_what_was_offered():
    """Seed 201: "your Right of Passage is worth about 6 gold to AI 3, against 0 offered" read as
    nothing offered; the Shah was, worth about 0 to AI 3."""
    state = trading_position()
    state.set_holder(SHAH, RED)
    state.set_holder(ROP + RED, BLUE)
    for route in range(12):  # (red's map full of red routes: its Right of Passage sells for its cities)
        state._place(RED, RED, route, None)
    drafted(state, ("trade_with", BLUE), ("give_item", "Shah"), ("ask_item", "RoP red"), ("send",))
    assert (
        declined(state)
        == "AI 2 declines: your Right of Passage is worth about 5 gold to AI 2; the Shah, offered, about 0."
    )


def test_a_request_for_a_card_from_a_hand_the_table_knows_says_how_it_knows():
    state = drafted(trading_position(), ("trade_with", BLUE), ("give_gold", 1), ("ask_card", "Dates"), ("send",))
    state.hand[BLUE] = state.known[BLUE]  # (no hidden card)
    assert declined(state).startswith("AI 2 declines: AI 2 has no Dates card to give (every card AI 2 holds is known)")


def test_the_builder_refuses_before_sending_a_request_for_a_card_the_table_knows_they_lack():
    """A proposal asking AI 3 for a Textiles card it was known not to hold was sent, declined
    "(every card AI 3 holds is known)", and cost one of the build's 3 proposals. The builder
    says so first and sends nothing."""
    from test_ahldarahd_kit import table_at

    from caravan_tui.games.ahldarahd.proposal import Proposal
    from caravan_tui.games.ahldarahd.table_checks import proposal_problem

    state = trading_position()
    state.known[BLUE] = state.hand[BLUE]  # (no hidden card)
    table = table_at(state, RED)
    asked = Proposal(BLUE, give_gold=1, ask_cards=["Dates"])
    said = proposal_problem(table, asked)
    assert said == "AI 2 has no Dates card to give (every card AI 2 holds is known)", said
    assert proposal_problem(table, Proposal(BLUE, give_gold=1, ask_cards=["Salt"])) is None


def test_a_card_worth_about_the_gold_asked_says_so_not_a_figure_against_itself():
    """A play-through read "AI 2 declines: the Ivory card is worth only about 2 gold to AI 2, not
    the 2 asked": the two figures rounded alike, and the reason named none."""
    state = trading_position()
    drafted(state, ("trade_with", BLUE), ("give_card", "Gems"), *[("ask_gold", 1)] * 4, ("send",))
    said = "AI 2 declines: the Gems card is worth about the 4 gold asked to AI 2: too little to gain by it."
    assert declined(state) == said
