"""Merchant Lord: two turns of a die that make a second sale, where one turn makes none. With
2 3 3 4 and 4 favour, the 2-5 and 3-4 villages open, a hint said "keeps your 4 favour … (at
best, rerolling the 3: a 17% chance to sell for more)": turning a 3 into a 5 in two turns sold
at both villages for sure, 4 coins where keeping sold for 2. The first turn gains nothing
alone, so no favour was paid for it and the search never weighed the pair."""

from __future__ import annotations

import pytest

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games.merchant_lord.ai import sure_turns, vetoed
from caravan_tui.games.merchant_lord.explain import explain
from caravan_tui.games.merchant_lord.sales import pack

from tables import recorded

MATCH = "merchant_lord_two_turns_1362"


def at_the_favour_step():
    state, log = recorded("merchant_lord", MATCH, 6)
    assert state._unplaced(0) == pack([2, 3, 3, 4]) and state.favour[0] == 4 and state.to_move() == 0
    assert log[6:8] == [("adjust", 3, 1), ("adjust", 4, 1)]  # (as the person played it)
    return state


def test_the_first_of_two_turns_that_make_a_second_sale_is_weighed():
    state = at_the_favour_step()
    assert not vetoed(state, 0, ("adjust", 3, 1), "normal")
    # (a turn that nothing after it makes pay is still refused: a 2 into a 1 sells nothing more)
    assert vetoed(state, 0, ("adjust", 2, -1), "normal")
    state.favour[0] = 2  # (favour for one turn only: the pair is out of reach)
    assert vetoed(state, 0, ("adjust", 3, 1), "normal")


def test_keeping_the_favour_says_what_two_turns_sell_for_sure():
    reason = explain(at_the_favour_step(), 0, (("end_favour",),))
    assert "turning a 3 into a 5 in 2 turns for 4 favour sells for more coins for sure: 4 coins (now 2)" in reason


def test_the_hint_turns_the_die_twice_and_says_both_sales(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = at_the_favour_step()
    top = hint("merchant_lord", state.view(0), 0, seed=hint_seed(0, 6))
    assert top[0].line == (("adjust", 3, 1), ("adjust", 4, 1), ("end_favour",)), top[0]
    assert top[0].reason == (
        "2 favour for dice 2 3 4 4; then turn a 4 into a 5 (2 favour), dice 2 3 4 5; "
        "then 2 coins at {p0:'s} 2-5 village, then 2 coins at {p0:'s} 3-4 village"
    )


def test_a_sure_sale_for_a_little_of_plenty_of_favour_is_made_not_kept_back():
    """Seed 1373, three players, a newcomer following every hint: from round 5 to 8 the hint kept
    the favour (11, 15, 19 of it) with 4 coins in hand, though "turning a 1 into a 2 for 2 favour
    sells for sure: 2 coins" (it said so); no card was bought, and the match was lost 4–8–9. A
    turn that sells for sure, its favour's price paid, is the game's pick in place of keeping the
    favour: the hint's and an AI seat's alike."""
    from caravan_tui.ai.policies import pick

    state, log = recorded("merchant_lord", "merchant_lord_kept_favour_1373", 39)
    assert state.to_move() == 0 and state.favour[0] == 11 and state.coins[0] == 4 and log[39] == ("end_favour",)
    assert state._unplaced(0) == pack([1, 5, 5, 5])  # (no village of the table fits them)
    line = sure_turns(state)
    assert line is not None and line[-1] == ("end_favour",) and all(step[0] == "adjust" for step in line[:-1])
    # the search cannot tell them apart: the game's pick is the turn, where it kept the favour
    stats = {("end_favour",): (126, 23.5), ("reroll", 5, 5): (130, 24.5), line[0]: (126, 23.4)}
    assert pick("merchant_lord", state.view(0), 0, stats) == line[0]


@pytest.mark.thorough
def test_near_the_end_the_sure_sale_is_looked_at_and_suggested(monkeypatch):
    """Seed 1462, round 11: 8 table cards, none in hand, 4 coins, 2 favour, dice 1 5 5 6 that no
    village fits. The hint starred "Reroll 5 (1f) … a 17% chance of a sale" and named "turning a 1
    into a 2 for 2 favour sells for sure: 2 coins" only in its words: near the end only the most
    weighed moves were looked at for a loss at once, and the turn was not among them."""
    from caravan_tui.games import get_game

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, log = recorded("merchant_lord", "merchant_lord_likelier_tuck_1462", 64)
    assert get_game("merchant_lord").ai.end_near(state) and state.favour[0] == 2 and state.coins[0] == 4
    assert state._unplaced(0) == pack([1, 5, 5, 6]) and log[64] == ("adjust", 1, 1)
    top = hint("merchant_lord", state.view(0), 0, seed=hint_seed(0, 64))
    assert top[0].action == ("adjust", 1, 1) and top[0].reason.endswith("then 2 coins at {p0:'s} 2-5 village"), top
