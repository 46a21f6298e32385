"""Merchant Lord: a favour change that leaves the dice no sale is no better than keeping the
sale (the AI turned a 6 into a 1 for 2 favour and then could sell nowhere, when selling the 1 and
the 6 earned 2 coins)."""

from __future__ import annotations

from caravan_tui.games import get_game

#: a real match (2 players, seed 6), its first 21 moves: seat 1 is to spend favour with dice
#: 1, 3, 3, 6 and 2 favour; its own 1-6 village is open
MOVES = [
    ("adjust", 4, -1),
    ("reroll", 2, 5, 6),
    ("reroll", 2, 3, 3, 4),
    ("end_selling",),
    ("adjust", 1, -1),
    ("adjust", 6, -1),
    ("reroll", 2),
    ("reroll", 1, 1, 6),
    ("reroll", 1, 3, 3, 5),
    ("end_favour",),
    ("sell", "P0-V16", ()),
    ("reroll", 5, 6, 6),
    ("adjust", 6, -1),
    ("sell", "P1-V25", ()),
    ("reroll", 1, 3, 6),
    ("reroll", 2),
    ("reroll", 2),
    ("reroll", 4, 5),
    ("adjust", 3, 1),
    ("adjust", 6, -1),
    ("sell", "P1-V25", ()),
]


def test_keeping_a_sale_is_worth_more_than_a_change_that_leaves_none() -> None:
    """Rules §7.1-7.3: turning the 6 into a 1 (2 favour) leaves no village the dice fill, so the
    dice go to the market; ending the favour step keeps the sale of the 1 and the 6 at the own
    1-6 village (2 coins). The estimate the search scores leaves with ranks the sale above."""
    state = get_game("merchant_lord").new(2, seed=6)
    for action in MOVES:
        state.apply(action, False)
    seat = state.to_move()
    assert seat == 1 and state.favour[seat] == 2
    assert sorted(state.dval[die] for die in range(6, 6 + state.ndice[seat])) == [1, 3, 3, 6]
    changed, kept = state.clone(), state.clone()
    changed.apply(("adjust", 6, 1), False)
    kept.apply(("end_favour",), False)
    assert not changed.sellable_villages(changed._unplaced(seat))
    assert any(action[0] == "sell" and action[1] == "P1-V16" for action in kept.legal_actions())
    assert kept.estimate()[seat] > changed.estimate()[seat]
