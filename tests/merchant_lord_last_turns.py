"""Two Merchant Lord matches played by easy seats up to the last seller's favour step of their
last round (``games/merchant_lord/last_turn.py``): 3 players, seat 1 at 8 table cards against 9
and 8, dice 2 2 3 4, 4 favour and M15 in hand; 2 players, seat 1 at 8 against 9, dice
2 2 3 5 6 6 and 3 favour."""

from __future__ import annotations

OPTIONS = {"village_payout": "standard", "start_player": "random"}
THREE_SEED, THREE_PLAYERS = 10, 3
THREE = [
    ('end_favour',), ('sell', 'P1-V25', ()), ('end_favour',), ('sell', 'P1-V34', ()), ('end_favour',),
    ('adjust', 1, 1), ('end_favour',), ('sell', 'P0-V25', ()), ('end_favour',), ('sell', 'P2-V34', ()),
    ('end_favour',), ('sell', 'P1-V25', ()), ('buy', 'M10'), ('buy', 'M12'), ('end_favour',),
    ('sell', 'P0-V16', ()), ('adjust', 3, -1), ('end_favour',), ('sell', 'P0-V25', (('M12', 'R'),)),
    ('reroll', 1, 3, 4), ('reroll', 3, 3), ('end_favour',), ('buy', 'M18'), ('reroll', 2), ('adjust', 2, 1),
    ('end_favour',), ('sell', 'P0-V34', (('M18', 'L'),)), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P1-V25', (('M10', 'R'),)), ('end_favour',), ('buy', 'M26'), ('buy', 'M24'), ('reroll', 3, 3, 4),
    ('reroll', 6), ('adjust', 1, -1), ('end_favour',), ('sell', 'P1-V34', (('M24', 'L'),)), ('end_favour',),
    ('end_favour',), ('sell', 'P0-V25', (('M26', 'R'),)), ('buy', 'M02'), ('end_favour',),
    ('sell', 'P2-V25', ()), ('sell', 'P1-V16', ()), ('reroll', 3, 3), ('reroll', 4), ('reroll', 4, 5),
    ('reroll', 3), ('end_favour',), ('sell', 'P2-V34', ()), ('buy', 'M04'), ('buy', 'M07'), ('buy', 'M21'),
    ('reroll', 4), ('reroll', 1, 3, 4), ('reroll', 1, 1), ('reroll', 4, 4), ('reroll', 2, 3, 4),
    ('reroll', 1, 2, 2, 4), ('end_favour',), ('sell', 'P1-V16', (('M21', 'R'),)), ('reroll', 1, 2, 4, 6),
    ('adjust', 2, 1), ('end_favour',), ('sell', 'P2-V25', (('M04', 'L'), ('M07', 'L'))), ('buy', 'M27'),
    ('adjust', 5, 1), ('sell', 'P1-V34', (('M27', 'R'),)), ('reroll', 1, 5, 6), ('adjust', 5, 1),
    ('reroll', 2, 6), ('adjust', 4, 1), ('reroll', 2, 3, 4, 5), ('end_favour',), ('adjust', 1, -1),
    ('reroll', 2), ('end_favour',), ('sell', 'P0-V34', ()), ('buy', 'M20'), ('reroll', 5), ('end_favour',),
    ('adjust', 1, -1), ('sell', 'P1-V25', (('M20', 'R'),)), ('reroll', 5, 6, 6), ('reroll', 4),
    ('reroll', 1, 1, 3), ('reroll', 3, 5), ('sell', 'P2-V16', ()), ('reroll', 3, 4, 5),
    ('reroll', 2, 2, 4, 5), ('reroll', 1, 4, 5), ('reroll', 3, 4, 5), ('reroll', 3, 4, 4),
    ('reroll', 2, 3, 6), ('adjust', 1, 1), ('reroll', 5), ('reroll', 2, 2, 2, 3), ('reroll', 1, 5, 5),
    ('reroll', 2, 3, 6), ('reroll', 1, 2, 4), ('reroll', 1, 2, 4, 5), ('reroll', 2, 4),
    ('reroll', 4, 5, 5, 5), ('reroll', 3, 4, 5, 6), ('sell', 'P0-V25', ()), ('buy', 'M19'), ('end_buying',),
    ('buy', 'M23'), ('buy', 'M29'), ('end_favour',), ('sell', 'P2-V34', ()), ('reroll', 4, 5),
    ('sell', 'P2-V16', (('M23', 'L'), ('M29', 'L'))), ('reroll', 2, 2, 2, 6), ('reroll', 3, 5),
    ('reroll', 2, 2, 4, 6), ('reroll', 5), ('buy', 'M15'), ('buy', 'M01'), ('adjust', 2, -1),
    ('reroll', 4, 4, 5), ('reroll', 1, 1, 1, 1, 6), ('reroll', 5, 5, 6, 6), ('reroll', 2, 2, 6),
    ('sell', 'P2-V34', (('M01', 'L'),)), ('reroll', 3, 6), ('end_favour',),
    ('sell', 'P0-V16', (('M02', 'R'), ('M19', 'R'))), ('place', 'M11', 'R', 'P0-V34'),
]  # fmt: skip
TWO_SEED, TWO_PLAYERS = 3, 2
TWO = [
    ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',), ('sell', 'P1-V25', ()), ('reroll', 1),
    ('end_favour',), ('sell', 'P1-V34', ()), ('end_favour',), ('sell', 'P0-V25', ()), ('sell', 'P0-V34', ()),
    ('buy', 'M06'), ('adjust', 2, -1), ('reroll', 1, 3, 5), ('reroll', 3, 3, 4, 6), ('sell', 'P0-V25', ()),
    ('end_favour',), ('sell', 'P1-V25', ()), ('buy', 'M05'), ('reroll', 2), ('reroll', 6, 6, 6),
    ('reroll', 4, 4, 6), ('reroll', 5, 6), ('reroll', 4), ('reroll', 2), ('end_favour',),
    ('sell', 'P1-V25', (('M05', 'R'),)), ('reroll', 6, 6), ('reroll', 5, 5),
    ('sell', 'P0-V16', (('M06', 'L'),)), ('buy', 'M29'), ('reroll', 2), ('end_selling',), ('reroll', 5, 6),
    ('reroll', 2), ('sell', 'P1-V34', (('M16', 'R'),)), ('buy', 'M28'), ('reroll', 3, 4),
    ('sell', 'P1-V16', ()), ('reroll', 1, 2, 4), ('adjust', 5, -1), ('adjust', 1, 1), ('sell', 'P0-V34', ()),
    ('sell', 'P0-V25', ()), ('reroll', 1, 2, 4), ('reroll', 1, 3, 3, 3), ('adjust', 2, -1),
    ('sell', 'P1-V16', (('M28', 'R'),)), ('buy', 'M10'), ('reroll', 2, 3, 5), ('reroll', 1, 4, 5, 5, 5),
    ('sell', 'P0-V25', ()), ('reroll', 2, 2, 5), ('reroll', 1, 5, 5), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P0-V34', (('M29', 'L'),)), ('buy', 'M07'), ('reroll', 2, 6), ('reroll', 2, 3, 6),
    ('adjust', 4, -1), ('adjust', 3, 1), ('reroll', 4, 5), ('reroll', 2, 2, 4, 6), ('reroll', 4, 4, 5, 5),
    ('adjust', 4, -1), ('reroll', 4, 4, 6), ('reroll', 3, 3, 6), ('adjust', 1, -1), ('reroll', 3, 4, 5, 6),
    ('sell', 'P1-V34', ()), ('reroll', 2, 2, 6), ('reroll', 1, 2, 5), ('reroll', 3, 3, 5, 6),
    ('reroll', 1, 4, 4), ('reroll', 2, 2, 5, 6), ('buy', 'M27'), ('reroll', 3, 5, 6), ('end_favour',),
    ('sell', 'P0-V25', ()), ('end_favour',), ('sell', 'P1-V25', (('M10', 'L'), ('M27', 'R'))), ('buy', 'M02'),
    ('adjust', 3, 1), ('sell', 'P1-V34', ()), ('reroll', 1, 3, 4, 6, 6), ('adjust', 3, 1),
    ('reroll', 1, 3, 4, 4), ('end_favour',), ('sell', 'P0-V25', (('M02', 'R'), ('M07', 'R'))),
    ('adjust', 2, -1), ('reroll', 2), ('end_favour',), ('sell', 'P0-V25', (('M22', 'R'),)), ('adjust', 3, 1),
    ('end_favour',), ('sell', 'P1-V16', ()), ('buy', 'M12'), ('buy', 'M26'), ('adjust', 5, -1),
    ('reroll', 1, 3, 4, 5), ('reroll', 2, 2, 2, 3, 3), ('end_selling',), ('reroll', 3, 5, 6, 6, 6),
    ('end_selling',), ('reroll', 2, 2, 3, 5, 5), ('reroll', 2, 4, 4, 4, 4, 5), ('reroll', 2, 6),
    ('reroll', 2, 4, 5), ('reroll', 2), ('reroll', 3, 3, 6), ('sell', 'P0-V34', (('M12', 'R'),)),
    ('reroll', 2, 2, 5, 5), ('adjust', 4, 1),
]  # fmt: skip
