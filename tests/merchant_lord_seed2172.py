"""A newcomer's Merchant Lord match (3 players, the person in seat 0 against two normal AIs) up to
the person's buy of round 3, the hint to buy open: its line under the row said the card's halves
again beside the card's own line, and AI 3's villages scrolled out of view."""

from __future__ import annotations

SEED, OPTIONS = 2172, {"village_payout": "standard", "start_player": "random"}
#: the match's moves up to the person's buying step of round 3
MOVES = [
    ('end_favour',), ('end_favour',), ('sell', 'P0-V16', ()), ('sell', 'P2-V16', ()), ('end_favour',),
    ('sell', 'P1-V34', ()), ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',),
    ('sell', 'P1-V16', ()), ('reroll', 3), ('reroll', 4, 6), ('reroll', 2), ('reroll', 6, 6),
    ('reroll', 5, 5), ('end_favour',), ('sell', 'P2-V25', ()), ('buy', 'M12'), ('end_favour',),
    ('sell', 'P1-V25', ()), ('sell', 'P1-V16', ()), ('reroll', 3, 3, 6), ('reroll', 6), ('end_favour',),
    ('sell', 'P2-V25', ()), ('sell', 'P0-V25', ()), ('reroll', 6, 6), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P0-V34', (('M12', 'L'),)), ('buy', 'M29'), ('buy', 'M01'),
]  # fmt: skip
