"""A decline's figure is the price its judgement would take, not a worth it then ignores.

Met in a newcomer's match (``ahldarahd_seed94``), turn 10: the person offered AI 3 4 gold for
their own Right of Passage; "AI 3 declines: your Right of Passage is worth about 7 gold to AI 3,
not 4", and then AI 3 accepted 6. An AI seat answers by its judgement of the trade
(``trading.judge``: its win chance, in which the gold the proposer pays counts too), so the words
now give the least gold that judgement takes, weighed from what the whole table can see."""

from __future__ import annotations

from ahldarahd_seed94 import after

from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.decline_reason import decline_reason, least_gold, takes
from caravan_tui.games.ahldarahd.terms import ANSWER
from caravan_tui.games.ahldarahd.trading import judge

#: AI 3 to answer the person's 4 gold for the person's own Right of Passage
ASKED = 160


def test_a_decline_of_gold_for_an_item_names_the_price_its_judgement_takes() -> None:
    """(The person's Right of Passage sells to the bank for 7 in their build: no gold they hold
    buys it back, 6; with 12, the price named is one AI 3 takes.)"""
    state = after(ASKED)
    assert state.phase == ANSWER and state.partner == 2 and state.g_gold == 4 and state.a_items == (ROP,)
    assert not judge(state).good
    assert decline_reason(state, 2) == (
        "{p2} would part with {p0:'s} Right of Passage only for more gold than the 6 {p0} hold{p0:s}"
    )
    state.gold[0] = 12
    price = least_gold(state, 2)
    assert price is not None
    assert (
        decline_reason(state, 2) == f"{{p2}} would part with {{p0:'s}} Right of Passage for about {price} gold, not 4"
    )
    state.g_gold = price
    assert judge(state).good  # (the price named is one AI 3 takes)


def test_a_proposal_offering_nothing_is_declined_for_that() -> None:
    """ "Not worth it to AI 2 at that price" answered a proposal that offered nothing at all."""
    state = after(ASKED)
    state.g_gold = 0
    assert decline_reason(state, 2) == "nothing is offered to {p2} in return"


def test_a_price_named_then_offered_is_not_declined_as_worth_the_same() -> None:
    """Seed 2151, turn 1: "AI 3 declines: AI 3 would part with your Right of Passage for about 3
    gold, not 2", then, 3 offered, "your Right of Passage and 3 gold are worth about the same to
    AI 3": the price named, refused in other words. The price its judgement takes is said first,
    and the same at each ask below it (it once moved from 3 to 4)."""
    from ahldarahd_seed2151 import after as met

    first, second = met(25), met(32)
    assert first.phase == second.phase == ANSWER and (first.g_gold, second.g_gold) == (2, 3)
    assert decline_reason(first, 2) == "{p2} would part with {p0:'s} Right of Passage for about 4 gold, not 2"
    assert decline_reason(second, 2) == "{p2} would part with {p0:'s} Right of Passage for about 4 gold, not 3"
    second.g_gold = 4
    assert takes(second, 2)


def test_a_decline_after_the_decliners_last_build_says_what_is_given_scores_nothing() -> None:
    """``ahldarahd_seed2351``, the final turn: the person offered AI 3 their Right of Passage for
    2 gold after AI 3's last build; "AI 3 declines: your Right of Passage is worth more to AI 3
    than 2 gold, but it would help you more", where AI 3 could score nothing with it."""
    from ahldarahd_seed2351 import MOVES, OPTIONS, SEED

    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.evaluation import builds_left

    state = get_game("ahldarahd").new(3, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    assert state.phase == ANSWER and state.partner == 2 and state.final and not builds_left(state, 2)
    said = decline_reason(state, 2)
    assert said == "{p2:'s} last build is over: {p0:'s} Right of Passage can score nothing for {p2} now", said


def test_gold_offered_after_the_decliners_last_build_is_said_to_count_only_in_a_tie() -> None:
    """``ahldarahd_seed2351``, the final turn after AI 3's last build: the person offered 2 gold
    for the Shah; "AI 3 declines: 2 gold is worth more to AI 3 than the Shah, but it would help
    you more", where the gold could only break a tie on points (§6), AI 3 level with no one (9
    points to 14 and 1), and the Shah helped no one."""
    from ahldarahd_seed2351 import MOVES, OPTIONS, SEED

    from caravan_tui.games import get_game

    state = get_game("ahldarahd").new(3, seed=SEED, options=OPTIONS)
    for action in [*MOVES[:-5], ("trade_with", 2), ("give_gold", 1), ("give_gold", 1), ("ask_item", "Shah"), ("send",)]:
        state.apply(action, False)
    assert state.phase == ANSWER and state.partner == 2 and state.g_gold == 2 and state.points() == [14, 1, 9]
    said = decline_reason(state, 2)
    assert said == (
        "{p2:'s} last build is over: 2 gold would count for {p2} only in a tie on points: "
        "{p2} {p2:is} level with no one on points now"
    ), said


def test_a_price_beyond_the_proposers_gold_is_said_so() -> None:
    """``ahldarahd_seed2651``: 4 gold, all the person held, for their Right of Passage after "for
    about 4 gold, not 2": declined as "worth about the same to AI 3", which read as the price
    named and refused. No price within the proposer's gold is found: the words say so."""
    from ahldarahd_seed2651 import ANSWER_4, MOVES, OPTIONS, SEED

    from caravan_tui.games import get_game

    state = get_game("ahldarahd").new(3, seed=SEED, options=OPTIONS)
    for action in MOVES[:ANSWER_4]:
        state.apply(action, False)
    assert state.phase == ANSWER and (state.g_gold, state.gold[0]) == (4, 4)
    assert decline_reason(state, 2) == (
        "{p2} would part with {p0:'s} Right of Passage only for more gold than the 4 {p0} hold{p0:s}"
    )
