"""Of moves about as good, a hint puts first the one that leaves the others least (``GameAI.exposed``),
by any of the game's points, and a line shown earlier is kept to no step that gives them more: a
Merchant Lord hint starred "Sell 1 6 at AI 2's 1-6 village: you get 2 coins, AI 2 gets 2 coins"
beside the seat's own 1-6, the same sale for it, three times in three matches, and a review then
graded that sale below its best (``matches/merchant_lord_own_village_1062.json``, round 2)."""

from __future__ import annotations

import pytest

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game

from tables import recorded

GAME = get_game("merchant_lord")
OWN, THEIRS = ("sell", "P0-V16", ()), ("sell", "P1-V16", ())
ITERATIONS = 1500


@pytest.mark.thorough
def test_a_sale_at_the_seats_own_village_comes_before_the_same_at_anothers(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, _ = recorded(
        GAME.id, "merchant_lord_own_village_1062", 6
    )  # dice 1 3 4 6: the 3-4 and a 1-6 (yours or AI 2's) to sell
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, 6), iterations=ITERATIONS)
    assert found[0].action[0] == "sell" and THEIRS not in found[0].line, found[0]
    state.apply(("sell", "P0-V34", ()), log=False)
    # the line shown before went on to AI 2's 1-6: kept, it gave AI 2 2 coins for nothing
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, 7), iterations=ITERATIONS, following=(THEIRS,))
    assert found[0].action == OWN and THEIRS in [candidate.action for candidate in found], found
