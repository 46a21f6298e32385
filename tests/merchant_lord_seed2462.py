"""A newcomer's Merchant Lord match (2 players, the person in seat 0 against a normal AI) up to
the person's sale of round 10 (dice 6 2 5 4): "Either is about as good: Sell AI 2's 2-5: 3¢ …
pays AI 2 3 coins", over the person's own 2-5 for the same 3 coins; AI 2 bought with them the
card that won it the match."""

from __future__ import annotations

SEED, OPTIONS = 2462, {"village_payout": "standard", "start_player": "random"}
#: the match's moves up to that sale
MOVES = [
    ('end_favour',), ('sell', 'P1-V16', ()), ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',),
    ('end_favour',), ('sell', 'P1-V16', ()), ('end_favour',), ('sell', 'P1-V16', ()), ('sell', 'P1-V34', ()),
    ('reroll', 1), ('reroll', 4), ('adjust', 1, 1), ('end_favour',), ('sell', 'P0-V25', ()),
    ('sell', 'P0-V34', ()), ('buy', 'M09'), ('buy', 'M08'), ('reroll', 2, 4), ('end_favour',),
    ('sell', 'P0-V16', (('M08', 'L'),)), ('end_favour',), ('sell', 'P1-V25', (('M09', 'R'),)), ('buy', 'M07'),
    ('buy', 'M01'), ('reroll', 4), ('end_favour',), ('sell', 'P1-V34', (('M01', 'L'),)), ('adjust', 3, 1),
    ('end_favour',), ('sell', 'P0-V34', (('M07', 'R'),)), ('end_favour',), ('sell', 'P0-V25', ()),
    ('end_favour',), ('sell', 'P1-V25', ()), ('buy', 'M26'), ('buy', 'M15'), ('reroll', 4), ('adjust', 6, 1),
    ('end_favour',), ('sell', 'P1-V16', (('M15', 'R'),)), ('adjust', 6, -1), ('reroll', 2), ('end_favour',),
    ('sell', 'P0-V25', (('M26', 'R'),)), ('buy', 'M16'), ('reroll', 1, 2, 2, 6), ('end_favour',),
    ('sell', 'P0-V34', ()), ('reroll', 4), ('reroll', 4, 4), ('reroll', 2), ('reroll', 1), ('end_favour',),
    ('end_selling',), ('buy', 'M28'), ('end_favour',), ('end_favour',), ('sell', 'P0-V34', (('M28', 'R'),)),
    ('buy', 'M20'), ('reroll', 3, 3, 6), ('reroll', 1, 2, 2, 4), ('reroll', 5),
]  # fmt: skip
