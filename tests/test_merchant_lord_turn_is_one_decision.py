"""A seat's favour step and the sales after it are one decision to a review, and to practice
(``merchant_lord.composing``): judged one step at a time, "Turn a 2 into a 3" was weighed by a
search that saw no sale after it ("then no village fits these dice") and graded an inaccuracy,
34% → 29%, where the turn it began (the 3 turned into a 4, then a sale at the seat's own 1-6 for
the coins of the card that won the match) rose to 41% as the hints said while it was played.

The match is a newcomer's (seed 1173, 3 players), to the end of that turn."""

from __future__ import annotations

import pytest

from caravan_tui.ai.review import Review, judge

from tables import kept, recorded_decision

MATCH = "merchant_lord_coins_for_a_card_1173"
TURNED = 87  # (the first die turned: a 2 into a 3)


@pytest.mark.thorough
def test_the_dice_turned_for_a_sale_are_judged_with_the_sale(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    turn = recorded_decision("merchant_lord", MATCH, TURNED, TURNED + 4)
    log = kept(MATCH)["log"]
    assert turn.steps == tuple(log[TURNED : TURNED + 4])
    assert [step[0] for step in turn.steps] == ["adjust", "adjust", "end_favour", "sell"]
    judged = judge("merchant_lord", 0, turn)
    assert not Review("merchant_lord", "m", 0, 3, 1500, 0.0, (judged,)).grade(judged), judged
    assert judged.after >= judged.before, (judged.before, judged.after)
