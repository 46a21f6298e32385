"""A favour hint's comparison of two sales says what the sale now fires beside its coins (seed 1962,
round 4, dice 2 3 4 5, the hand M30): "turning a 5 into a 6 for 2 favour sells for more for sure:
4 coins (now 2)" left out that the 2 coins came with M30's Free Caravan, a die for the rest of
the match, and read as a plain gain of 2 coins."""

from __future__ import annotations

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.explain import explain

GAME = get_game("merchant_lord")
OPTIONS = {"village_payout": "standard", "start_player": "random"}
MOVES = [
    ("reroll", 1, 1, 4, 5), ("end_favour",), ("end_favour",), ("reroll", 2), ("adjust", 4, -1), ("end_favour",),
    ("sell", "P0-V16", ()), ("sell", "P0-V34", ()), ("end_favour",), ("reroll", 2), ("reroll", 2), ("reroll", 3),
    ("end_favour",), ("sell", "P1-V16", ()), ("end_favour",), ("sell", "P0-V25", ()), ("buy", "M30"),
]  # fmt: skip


def test_the_coins_now_come_with_the_reward_the_sale_fires() -> None:
    state = GAME.new(2, seed=1962, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    assert state.to_move() == 0
    said = render(explain(state, 0, [("end_favour",)]), ["Ann", "Bob"], 0)
    assert "sells for more coins for sure: 4 coins (now 2 and a Free Caravan)" in said, said


def test_a_chance_short_of_certain_is_never_said_to_be_100_percent():
    """ "a 100% chance to tuck a card" of a reroll that could fall short (5 5 left no sure tuck)."""
    from caravan_tui.games.merchant_lord.explain import _chance

    assert _chance(1 - 1 / 216) == "over a 99% chance"
    assert _chance(0.994) == "a 99% chance"
    assert _chance(0.5) == "a 50% chance"
