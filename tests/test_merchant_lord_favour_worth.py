"""What favour is worth to Merchant Lord's AI seats and hints (``ai.favour_price``, ``ai.vetoed``):
favour left at the end of the match only breaks a tie on table cards and coins (rules §8.4), so
the last round spends it where a reroll or a turn may gain (its turns are worked out whole:
``last_turn``); earlier, a token must buy more the fewer a seat holds. A newcomer following the
hints saw 5 favour spent on rerolls "a 6% chance to sell for more" in one round, and 15 favour
kept to the end of the match."""

from __future__ import annotations

import pytest
from test_merchant_lord import build

from caravan_tui.ai.policies import hint, hint_seed, search_policy
from caravan_tui.games.merchant_lord.ai import favour_price, vetoed
from caravan_tui.games.merchant_lord.explain import last_round
from caravan_tui.games.merchant_lord.last_turn import tuck_chance, worked_out
from caravan_tui.games.merchant_lord.rolls import RerollOdds
from caravan_tui.games.merchant_lord.rules import MerchantLordState
from caravan_tui.games.merchant_lord.sales import UNIT
from caravan_tui.games.merchant_lord.terms import REROLL_COST
from caravan_tui.seats import SeatSpec

#: seed 95, normal against normal, round 11 as the round guard's last (``max_rounds`` 11): 6 table
#: cards each; seat 1 holds 8 favour, dice 1 2 4 5 and M16, whose 2 tucks at its own 2-5 village
LAST_ROUND = {
    "players": 2,
    "village_payout": "standard",
    "max_rounds": 11,
    "round": 11,
    "start": 1,
    "position": 0,
    "phase": "favour",
    "turn": 1,
    "coins": [0, 0],
    "favour": [4, 8],
    "supply_coins": 40,
    "supply_favour": 28,
    "dice": [
        [[2, "unplaced"], [1, "unplaced"], [5, "unplaced"], [3, "unplaced"]],
        [[2, "unplaced"], [4, "unplaced"], [5, "unplaced"], [1, "unplaced"]],
    ],
    "villages": [[["M18", "L"]], [], [["M21", "R"], ["M10", "R"]], [["M26", "R"]], [], [["M14", "R"], ["M27", "R"]]],
    "sellers": [None, None, None, None, None, None],
    "known": [["M08", "M19"], ["M16"]],
    "row": ["M17", "M22", "M15"],
    "fp_placed": [],
    "fired": ["M27"],
    "pending": [0, 0, 0],
    "sales": [],
    "ended": None,
    "rng": -5439975956508527443,
    "hands": [["M08", "M19"], ["M16"]],
    "pile": [
        "M25",
        "M23",
        "M01",
        "M20",
        "M02",
        "M07",
        "M04",
        "M12",
        "M11",
        "M06",
        "M13",
        "M28",
        "M09",
        "M24",
        "M30",
        "M03",
        "M05",
        "M29",
    ],
}
#: ``LAST_ROUND`` with M19 back in the pile: seat 0, to sell after seat 1, holds M08 alone and
#: tucks it for sure (holding both, it tucks two for sure and seat 1 has lost whatever it plays)
ONE_CARD = {
    **LAST_ROUND,
    "hands": [["M08"], ["M16"]],
    "known": [["M08"], ["M16"]],
    "pile": [*LAST_ROUND["pile"], "M19"],
}
#: the same match (``max_rounds`` 100), round 13: seat 1 holds 9 favour and dice 1 3 4 5 6; the
#: 3-4 village sells 3 4 for 4 coins and no roll of the 3 and the 5 sells for more
NOTHING_MORE = {
    "players": 2,
    "village_payout": "standard",
    "max_rounds": 100,
    "round": 13,
    "start": 1,
    "position": 0,
    "phase": "favour",
    "turn": 1,
    "coins": [2, 4],
    "favour": [5, 9],
    "supply_coins": 34,
    "supply_favour": 26,
    "dice": [
        [[5, "unplaced"], [1, "unplaced"], [1, "unplaced"], [1, "unplaced"]],
        [[6, "unplaced"], [1, "unplaced"], [4, "unplaced"], [5, "unplaced"], [3, "unplaced"]],
    ],
    "villages": [
        [["M18", "L"]],
        [["M08", "L"], ["M19", "L"]],
        [["M21", "R"], ["M10", "R"]],
        [["M26", "R"]],
        [["M16", "R"]],
        [["M14", "R"], ["M27", "R"]],
    ],
    "sellers": [None, None, None, None, None, None],
    "known": [["M22"], []],
    "row": ["M17", "M15", "M25"],
    "fp_placed": [],
    "fired": ["M16", "M27"],
    "pending": [0, 0, 0],
    "sales": [],
    "ended": None,
    "rng": -3141294019496022489,
    "hands": [["M22"], []],
    "pile": [
        "M23",
        "M01",
        "M20",
        "M02",
        "M07",
        "M04",
        "M12",
        "M11",
        "M06",
        "M13",
        "M28",
        "M09",
        "M24",
        "M30",
        "M03",
        "M05",
        "M29",
    ],
}


@pytest.fixture(autouse=True)
def by_iterations(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")


@pytest.mark.thorough
def test_the_last_round_spends_the_favour_that_keeping_saves_for_a_tie_break_only():
    """The bug: "No more favour: sell — keeps your 8 favour as a last tie-break" first, where
    turning the 1 into a 2 (2 favour) tucks M16, a seventh table card, in the match's last round:
    the tie on table cards with seat 0, which tucks its card for sure."""
    state = MerchantLordState.from_data(ONE_CARD)
    seat = state.to_move()
    assert last_round(state) and seat == 1 and state.favour[seat] == 8 and state.table == [6, 6]
    assert worked_out(state, seat)
    top = hint("merchant_lord", state.view(seat), seat, seed=hint_seed(seat, 66))
    assert top[0].action != ("end_favour",) and tuck_chance(state, seat, top[0].action) == 1.0
    assert top[0].value == pytest.approx(0.5, abs=0.001)  # (the coins of seat 0's sales to come: even)
    normal = search_policy(SeatSpec.parse("ai:normal"))
    assert normal.choose("merchant_lord", state.view(seat), seat, 1) != ("end_favour",)


def test_the_last_round_rerolls_for_the_best_chance_to_tuck():
    """The bug: at the match's last decision a hint starred "Reroll 6 6 (1f) … an 11% chance to
    tuck a card" over "Reroll 6 (1f) … a 17% chance", as good in every other way, and the tuck
    would have won the match: the search cannot tell such chances apart at a hint's budget. The
    last round's turns are worked out whole (``last_turn``): none is vetoed, and the hint's first
    reroll is the one whose roll tucks most often."""
    state = MerchantLordState.from_data(ONE_CARD)
    seat = state.to_move()
    odds = RerollOdds(state, seat, state._unplaced(seat))
    rerolls = [action for action in state.legal_actions() if action[0] == "reroll"]
    assert not any(vetoed(state, seat, action) for action in rerolls)
    chances = {}
    for action in rerolls:
        kept, rolled = odds.dice - sum(UNIT[value] for value in action[1:]), len(action) - 1
        chances[action] = odds.chances(kept, rolled)[1]
    best = max(chances, key=chances.__getitem__)
    assert chances[best] == pytest.approx(5 / 9) and chances[("reroll", 4)] == pytest.approx(1 / 3)
    top = hint("merchant_lord", state.view(seat), seat, seed=hint_seed(seat, 66))
    assert [c.action for c in top if c.action[0] == "reroll"][:1] == [best]
    state.max_rounds = 12  # a round to come: the rerolls are weighed as before (what they may pay)
    assert not worked_out(state, seat)
    assert not vetoed(state, seat, best) and vetoed(state, seat, ("reroll", 4)) == (
        not odds.may_pay(odds.dice - UNIT[4], 1, REROLL_COST * favour_price(state, seat))
    )


@pytest.mark.thorough
def test_a_reroll_with_no_chance_to_sell_for_more_is_vetoed():
    """The bug: "Reroll 3 5 (1f) — … no chance to sell for more (now: 4 coins at …)" first in a
    hint: every roll gives back the 4-coin sale, and the expectation over the 36 rolls passed the
    veto by the last bit of a float."""
    state = MerchantLordState.from_data(NOTHING_MORE)
    seat = state.to_move()
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    kept = dice - UNIT[3] - UNIT[5]
    assert odds.chances(kept, 2) == (0.0, 0.0) and odds.losing(kept, 2) == 0.0
    assert vetoed(state, seat, ("reroll", 3, 5))
    top = hint("merchant_lord", state.view(seat), seat, seed=hint_seed(seat, 78))
    assert all(c.action[0] != "reroll" for c in top), [c.action for c in top]


def test_the_last_favour_buys_only_a_likely_gain():
    """Dice 2 5 5 6 at the open 1-6, 2-5 and 3-4 villages: the 2 5 sell, and rolling the 6 again
    makes a second 2-5 sale with 1 in 6 (a third of a coin's worth of sale expected). With 3 favour
    it is worth one; the last token is worth more (``favour_price``)."""
    for favour, worth in ((3, True), (1, False)):
        state = build(phase="favour", dice={0: [2, 5, 5, 6], 1: [1, 2, 3, 4]}, favour=[favour, 2])
        assert favour_price(state, 0) == pytest.approx(0.5 / favour)
        assert vetoed(state, 0, ("reroll", 6)) is not worth
        assert not vetoed(state, 0, ("reroll", 6), "easy")
