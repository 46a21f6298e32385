"""A last build does not end with a Right of Passage unsold (§3.2: no auction is left to take it;
§4: sold, it brings a gold a city; §6: gold breaks a tie). A hint said "End your build" in the
final turn beside its own words "held, it is worth nothing" of AI 2's Right of Passage, which
sold for 9 gold; and in a newcomer's match, points tied 9–9, the gold such a sale would have
brought decided it.

The position is seat 0's last build in a match of seed 2851 (``ahldarahd_seed2851``)."""

from __future__ import annotations

import pytest
from ahldarahd_seed2851 import after

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.evaluation import rop_sale

#: seat 0's last build, AI 2's Right of Passage in hand
LAST_BUILD = 231
#: the turn before: seat 0's build, the same Right of Passage in hand
TURN_BEFORE = 215
END = ("end",)


def test_ending_the_last_build_with_a_right_of_passage_to_sell_is_vetoed() -> None:
    state = after(LAST_BUILD)
    assert state.final and state.to_move() == 0 and state.rop[1] == 0 and rop_sale(state, 1) == 9
    assert vetoed(state, 0, END)
    assert not vetoed(state, 0, ("sell_rop", "blue"))
    state.apply(("sell_rop", "blue"), False)
    assert not vetoed(state, 0, END)  # sold: nothing left to sell
    earlier = after(TURN_BEFORE)  # (before the final turn, its auction may still bring a use)
    assert not earlier.final and earlier.to_move() == 0 and earlier.rop[1] == 0
    assert not vetoed(earlier, 0, END)


def test_the_hint_sells_before_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after(LAST_BUILD)
    shown = hint("ahldarahd", state.view(0), 0, "normal", hint_seed(0, LAST_BUILD))
    assert shown[0].action == ("sell_rop", "blue")
    assert END not in [candidate.action for candidate in shown]
