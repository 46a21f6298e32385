"""Moves another beats whatever follows are not weighed, and of a sale and an end of the build
about as good, the sale comes first (a newcomer's match, ``ahldarahd_seed1811``).

Turn 8: "Clearly best: Raise to 2 gold for the Shah" over "Raise to 1", the only other bidder
holding no gold; turn 1: "Sell AI 3's Right of Passage to the bank for 0 gold" listed above two
claims that each took a city; turn 11: "Either is about as good: End your build" starred over
selling a Right of Passage for 7 gold "worth no more to you than its sale … next turn's auction
may take it from you for nothing" (it was won back for 0 next turn)."""

from __future__ import annotations

import pytest
from ahldarahd_seed1811 import after

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games.ahldarahd.ai import considered
from caravan_tui.games.ahldarahd.cards import SHAH
from caravan_tui.games.ahldarahd.terms import BID_RAISE, BUILD

#: AI 2 opened the Shah at 0 with no gold; AI 3 is out; the person, with 7 gold, to answer
SHAH_AT_0 = 165
#: the person's first build: AI 3's Right of Passage would sell for 0
FIRST_BUILD = 17
#: turn 11, the person's build: AI 3's Right of Passage sells for 7, nothing to build there
IDLE_RIGHT = 197


def hinted(count: int) -> list[tuple]:
    state = after(count)
    return [candidate.action for candidate in hint("ahldarahd", state.view(0), 0, seed=hint_seed(0, count))]


def test_a_raise_above_the_least_that_nobody_can_answer_is_not_weighed() -> None:
    state = after(SHAH_AT_0)
    assert state.phase == BID_RAISE and state.item == SHAH and state.high == 0
    assert state.gold[1] == 0 and state.out >> 2 & 1 and state.gold[0] == 7
    assert considered(state, state.legal_actions()) == [("pass",), ("raise", 1)]
    assert all(action in (("pass",), ("raise", 1)) for action in hinted(SHAH_AT_0))


def test_raises_stay_where_someone_could_answer() -> None:
    state = after(SHAH_AT_0)
    state.gold[1] = 3  # (AI 2 could then answer a raise to 1 or 2)
    weighed = considered(state, state.legal_actions())
    assert ("raise", 2) in weighed and ("raise", 3) in weighed


@pytest.mark.thorough
def test_a_right_of_passage_sold_for_nothing_is_not_weighed() -> None:
    state = after(FIRST_BUILD)
    assert state.phase == BUILD and ("sell_rop", "green") in state.legal_actions()
    assert ("sell_rop", "green") not in considered(state, state.legal_actions())
    assert all(action[0] != "sell_rop" for action in hinted(FIRST_BUILD))


@pytest.mark.thorough
def test_of_a_sale_and_the_builds_end_about_as_good_the_sale_comes_first() -> None:
    state = after(IDLE_RIGHT)
    assert state.phase == BUILD and state.gold[0] == 3 and not state.hand[0]
    assert hinted(IDLE_RIGHT)[:2] == [("sell_rop", "green"), ("end",)]
