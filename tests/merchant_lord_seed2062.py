"""A newcomer's Merchant Lord match (2 players, the person in seat 0 against normal, taking most
hints) up to the sale of its last round that made their ninth table card: the other player, its
dice 2 4 4 5 6 6 shown, tucked two cards after it and won on coins, nothing in its turn left to
chance but its own rerolls. Kept for the tests of the look at the end (a hint's "0% to win" beside
a review's "best: 79%")."""

from __future__ import annotations

SEED, OPTIONS = 2062, {"village_payout": "standard", "start_player": "random"}
#: the match's moves up to the person's sale of round 9 (move 58: the 1-6, tucking M17)
MOVES = [
    ('end_favour',), ('end_favour',), ('sell', 'P1-V25', ()), ('sell', 'P1-V34', ()), ('end_favour',),
    ('sell', 'P1-V16', ()), ('reroll', 6, 6), ('reroll', 2), ('end_favour',), ('sell', 'P0-V25', ()),
    ('end_selling',), ('buy', 'M07'), ('reroll', 2), ('adjust', 6, -1), ('end_favour',), ('sell', 'P0-V25', ()),
    ('sell', 'P0-V16', ()), ('adjust', 6, 1), ('end_favour',), ('sell', 'P1-V16', ()), ('sell', 'P1-V34', ()),
    ('buy', 'M12'), ('buy', 'M28'), ('adjust', 2, -1), ('sell', 'P1-V16', (('M07', 'L'), ('M28', 'L'))),
    ('reroll', 1), ('adjust', 3, -1), ('sell', 'P0-V25', (('M12', 'R'),)), ('buy', 'M06'), ('reroll', 6, 6),
    ('sell', 'P0-V16', (('M06', 'L'),)), ('adjust', 1, 1), ('end_favour',), ('sell', 'P1-V34', (('M16', 'R'),)),
    ('end_favour',), ('sell', 'P0-V25', ()), ('buy', 'M02'), ('end_favour',), ('sell', 'P0-V25', (('M02', 'R'),)),
    ('end_favour',), ('sell', 'P1-V34', ()), ('sell', 'P0-V34', ()), ('buy', 'M11'), ('buy', 'M26'), ('reroll', 1, 2),
    ('reroll', 1, 6, 6), ('end_favour',), ('sell', 'P1-V25', (('M26', 'L'),)), ('sell', 'P0-V16', ()),
    ('end_favour',), ('sell', 'P0-V34', (('M11', 'R'),)), ('place', 'M14', 'L', 'P0-V25'), ('buy', 'M10'),
    ('buy', 'M17'), ('reroll', 5, 5), ('reroll', 4, 5, 5), ('end_favour',),
]  # fmt: skip
#: that sale
SALE = ("sell", "P0-V16", (("M17", "L"),))
