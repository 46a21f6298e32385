"""Two Merchant Lord matches where a favour step played for a card more on the table was likely
to lay one, and the hint played otherwise (``ai.for_a_card``).

``TWO`` (2 players, seed 3062): after move 19 (``SURE_TURN``) seat 0 holds dice 4 4 4 5, 3
favour and M13, and turning a 4 into a 3 tucks it for sure; after move 69 (``PLAYED_ON``), round
11, dice 1 6 6 6, 5 favour and M29, rerolling and turning after tucks it 94% of the time.
``THREE`` (3 players, seed 3073): after move 25 (``GAMBLE``) seat 0 holds dice 2 3 3 6, 2
favour and a card a turn of a 3 into a 4 tucks for sure."""

from __future__ import annotations

OPTIONS = {"village_payout": "standard", "start_player": "random"}
TWO_SEED, TWO_PLAYERS = 3062, 2
SURE_TURN, PLAYED_ON = 19, 69
TWO = [
    ('reroll', 3, 3, 3, 5), ('end_favour',), ('sell', 'P1-V34', ()), ('end_favour',), ('end_favour',),
    ('sell', 'P0-V16', ()), ('end_favour',), ('sell', 'P1-V16', ()), ('adjust', 3, 1), ('end_favour',),
    ('sell', 'P1-V34', ()), ('reroll', 5, 6), ('adjust', 6, 1), ('adjust', 3, -1), ('end_favour',),
    ('sell', 'P0-V16', ()), ('sell', 'P0-V25', ()), ('buy', 'M17'), ('buy', 'M13'), ('adjust', 4, -1),
    ('end_favour',), ('sell', 'P0-V34', (('M13', 'R'),)), ('end_favour',), ('sell', 'P1-V16', ()),
    ('adjust', 4, -1), ('end_favour',), ('sell', 'P1-V34', (('M17', 'R'),)), ('end_favour',),
    ('sell', 'P0-V16', ()), ('buy', 'M24'), ('buy', 'M23'), ('end_favour',),
    ('sell', 'P0-V16', (('M23', 'L'),)), ('end_favour',), ('sell', 'P1-V16', (('M24', 'L'),)),
    ('buy', 'M05'), ('reroll', 1, 1, 5), ('end_favour',), ('sell', 'P1-V16', ()), ('reroll', 1, 1),
    ('reroll', 5), ('end_favour',), ('sell', 'P0-V16', (('M05', 'L'),)), ('buy', 'M27'), ('buy', 'M01'),
    ('reroll', 2), ('end_favour',), ('end_selling',), ('reroll', 3), ('adjust', 1, -1), ('end_favour',),
    ('sell', 'P1-V34', (('M27', 'L'),)), ('buy', 'M11'), ('reroll', 4, 4), ('reroll', 1, 6),
    ('adjust', 6, -1), ('sell', 'P1-V25', (('M11', 'L'),)), ('adjust', 6, -1), ('end_favour',),
    ('sell', 'P0-V25', (('M01', 'L'),)), ('buy', 'M16'), ('reroll', 6), ('end_favour',),
    ('sell', 'P1-V25', ()), ('end_favour',), ('buy', 'M29'), ('adjust', 6, -1), ('end_favour',),
    ('sell', 'P1-V25', (('M16', 'L'),)),
]  # fmt: skip
THREE_SEED, THREE_PLAYERS = 3073, 3
GAMBLE = 25
THREE = [
    ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',), ('sell', 'P1-V25', ()), ('end_favour',),
    ('sell', 'P2-V34', ()), ('end_favour',), ('sell', 'P1-V34', ()), ('sell', 'P0-V34', ()), ('end_favour',),
    ('end_favour',), ('sell', 'P0-V16', ()), ('sell', 'P1-V16', ()), ('buy', 'M09'), ('buy', 'M12'),
    ('end_favour',), ('adjust', 3, -1), ('end_favour',), ('sell', 'P0-V16', (('M12', 'R'),)), ('reroll', 3),
    ('end_favour',), ('sell', 'P1-V34', (('M09', 'L'),)), ('buy', 'M18'), ('buy', 'M03'),
    ('reroll', 1, 2, 4),
]  # fmt: skip
