"""A newcomer's Merchant Lord match (3 players, the person in seat 0 against two normal AIs) up to
the person's favour step of round 9, the last to act at 8 table cards against 8 and 7: three
turns of a die made a sale that tucked the ninth card and won, and the hint rerolled ("no chance
to tuck a card"). Kept for that, and for the buy of round 3 (move 32), where the hint to buy,
open, scrolled AI 3's villages out of view."""

from __future__ import annotations

SEED, OPTIONS = 2172, {"village_payout": "standard", "start_player": "random"}
#: the match's moves up to the person's favour step of round 9
MOVES = [
    ('end_favour',), ('end_favour',), ('sell', 'P0-V16', ()), ('sell', 'P2-V16', ()), ('end_favour',),
    ('sell', 'P1-V34', ()), ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',),
    ('sell', 'P1-V16', ()), ('reroll', 3), ('reroll', 4, 6), ('reroll', 2), ('reroll', 6, 6),
    ('reroll', 5, 5), ('end_favour',), ('sell', 'P2-V25', ()), ('buy', 'M12'), ('end_favour',),
    ('sell', 'P1-V25', ()), ('sell', 'P1-V16', ()), ('reroll', 3, 3, 6), ('reroll', 6), ('end_favour',),
    ('sell', 'P2-V25', ()), ('sell', 'P0-V25', ()), ('reroll', 6, 6), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P0-V34', (('M12', 'L'),)), ('buy', 'M29'), ('buy', 'M01'), ('buy', 'M06'), ('end_favour',),
    ('sell', 'P2-V16', (('M01', 'R'),)), ('adjust', 3, -1), ('reroll', 5), ('adjust', 6, 1),
    ('end_favour',), ('sell', 'P0-V25', (('M06', 'R'),)), ('reroll', 4), ('end_favour',),
    ('sell', 'P1-V16', (('M29', 'R'),)), ('buy', 'M30'), ('buy', 'M28'), ('end_favour',),
    ('sell', 'P0-V34', ()), ('reroll', 4), ('reroll', 6), ('reroll', 3), ('end_favour',),
    ('sell', 'P1-V34', (('M28', 'L'),)), ('adjust', 4, -1), ('sell', 'P2-V34', (('M30', 'L'),)),
    ('buy', 'M26'), ('buy', 'M19'), ('adjust', 1, 1), ('end_favour',),
    ('sell', 'P1-V25', (('M20', 'L'),)), ('end_favour',), ('end_favour',),
    ('sell', 'P0-V34', (('M26', 'L'),)), ('buy', 'M02'), ('adjust', 1, 1), ('end_favour',),
    ('sell', 'P2-V25', (('M19', 'L'),)), ('adjust', 3, -1), ('adjust', 2, -1), ('end_favour',),
    ('sell', 'P0-V16', (('M05', 'R'),)), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P1-V34', (('M02', 'L'),)), ('buy', 'M24'), ('buy', 'M25'), ('adjust', 4, 1),
    ('end_favour',), ('sell', 'P0-V25', (('M15', 'L'),)), ('reroll', 1),
    ('sell', 'P1-V25', (('M25', 'L'),)), ('adjust', 4, -1), ('end_favour',), ('sell', 'P2-V25', ()),
    ('buy', 'M22'), ('buy', 'M21'), ('end_selling',), ('reroll', 6), ('adjust', 6, 1),
    ('sell', 'P2-V16', (('M21', 'R'),)),
]  # fmt: skip
#: the person's buying step of round 3
BUY = 32
