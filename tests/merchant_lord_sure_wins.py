"""Two newcomers' Merchant Lord matches up to a last-round favour step where the person could win
for sure (seeds 2562 and 2572, the person in seat 0 against normal AIs):

- ``TWO``: 8 table cards against 7, last to sell, dice 2 3 4 6 6 6, 4 favour and M23 in hand:
  turning the 2 into a 1 and tucking M23 on its 3 half at the 1-6 village makes 9. The hint's
  winning line turned the 2 and then the 3 (4 favour), a turn that did nothing.
- ``THREE``: 7 against 7 and AI 3's 8 (AI 3 had sold), dice 1 2 3 5, 5 favour, M08 and M13 in
  hand: two turns make 1 1 2 5, the 2-5 sale tucks M08 on its 1 half, whose Free Placement lays
  M13: 9, AI 2 still to sell at 7 with one card. The hint said "Reroll 3 … (38%)".
"""

from __future__ import annotations

OPTIONS = {"village_payout": "standard", "start_player": "random"}
TWO_SEED, TWO_PLAYERS = 2562, 2
TWO = [
    ('end_favour',), ('sell', 'P1-V25', ()), ('end_favour',), ('sell', 'P0-V16', ()), ('reroll', 6),
    ('end_favour',), ('sell', 'P0-V34', ()), ('reroll', 5), ('end_favour',), ('sell', 'P1-V16', ()),
    ('end_selling',), ('end_favour',), ('end_favour',), ('sell', 'P0-V34', ()), ('sell', 'P0-V16', ()),
    ('buy', 'M13'), ('adjust', 3, 1), ('adjust', 1, 1), ('end_favour',), ('sell', 'P0-V34', (('M13', 'L'),)),
    ('end_favour',), ('sell', 'P1-V16', ()), ('buy', 'M06'), ('buy', 'M17'), ('adjust', 1, -1),
    ('end_favour',), ('sell', 'P1-V16', (('M17', 'L'),)), ('reroll', 3, 3), ('reroll', 1, 4, 4),
    ('sell', 'P0-V25', ()), ('end_favour',), ('sell', 'P0-V25', (('M06', 'L'), ('M10', 'L'))),
    ('end_favour',), ('sell', 'P1-V25', ()), ('buy', 'M30'), ('adjust', 1, 1), ('end_favour',),
    ('sell', 'P1-V25', (('M30', 'L'),)), ('adjust', 3, 1), ('sell', 'P0-V34', ()), ('buy', 'M22'),
    ('buy', 'M03'), ('reroll', 2, 5), ('reroll', 5), ('end_favour',), ('sell', 'P0-V34', (('M03', 'L'),)),
    ('adjust', 3, 1), ('end_favour',), ('sell', 'P1-V34', (('M22', 'L'),)), ('end_favour',), ('end_favour',),
    ('sell', 'P0-V34', ()), ('buy', 'M26'), ('adjust', 2, -1), ('adjust', 3, 1), ('end_favour',),
    ('sell', 'P0-V16', (('M26', 'R'),)), ('adjust', 1, -1), ('end_favour',), ('sell', 'P1-V25', ()),
    ('buy', 'M23'), ('buy', 'M15'), ('reroll', 3), ('reroll', 6), ('reroll', 4), ('reroll', 1),
    ('adjust', 4, 1), ('adjust', 1, 1), ('end_favour',), ('sell', 'P1-V25', (('M15', 'L'),)),
]  # fmt: skip
THREE_SEED, THREE_PLAYERS = 2572, 3
THREE = [
    ('end_favour',), ('sell', 'P2-V34', ()), ('adjust', 6, -1), ('sell', 'P0-V16', ()),
    ('sell', 'P0-V25', ()), ('end_favour',), ('sell', 'P1-V25', ()), ('sell', 'P0-V34', ()), ('end_favour',),
    ('sell', 'P1-V34', ()), ('reroll', 3, 6, 6), ('reroll', 1, 1), ('reroll', 6), ('end_favour',),
    ('sell', 'P2-V25', ()), ('buy', 'M26'), ('end_favour',), ('sell', 'P1-V25', ()), ('adjust', 5, -1),
    ('end_favour',), ('sell', 'P2-V34', ()), ('sell', 'P2-V16', ()), ('reroll', 1, 1, 3), ('end_favour',),
    ('sell', 'P0-V16', (('M26', 'R'),)), ('buy', 'M11'), ('buy', 'M24'), ('reroll', 2, 2, 6, 6),
    ('sell', 'P2-V25', ()), ('adjust', 3, -1), ('sell', 'P0-V25', ()), ('end_favour',),
    ('sell', 'P1-V34', (('M11', 'L'),)), ('buy', 'M14'), ('buy', 'M03'), ('buy', 'M23'), ('reroll', 1, 3),
    ('end_favour',), ('sell', 'P0-V25', (('M03', 'L'),)), ('end_favour',),
    ('sell', 'P1-V16', (('M23', 'L'),)), ('reroll', 4, 4, 5), ('reroll', 1, 1, 1),
    ('sell', 'P2-V25', (('M24', 'R'),)), ('adjust', 4, -1), ('end_favour',), ('sell', 'P1-V16', ()),
    ('reroll', 4, 6), ('end_selling',), ('reroll', 3), ('end_favour',), ('sell', 'P0-V34', ()),
    ('buy', 'M09'), ('buy', 'M02'), ('reroll', 3), ('reroll', 1), ('end_favour',),
    ('sell', 'P2-V34', (('M14', 'R'), ('M29', 'R'))), ('adjust', 5, -1), ('end_favour',),
    ('sell', 'P0-V16', (('M02', 'R'),)), ('end_favour',), ('sell', 'P1-V34', (('M09', 'L'),)), ('buy', 'M22'),
    ('buy', 'M27'), ('end_favour',), ('sell', 'P0-V34', (('M10', 'R'),)), ('reroll', 5), ('reroll', 6),
    ('adjust', 1, 1), ('end_favour',), ('sell', 'P1-V25', (('M27', 'R'),)), ('adjust', 4, 1),
    ('sell', 'P0-V25', ()), ('buy', 'M13'), ('buy', 'M08'), ('buy', 'M05'), ('end_favour',),
    ('sell', 'P2-V16', ()), ('end_favour',), ('reroll', 6, 6), ('end_favour',), ('end_selling',),
    ('buy', 'M17'), ('reroll', 6, 6), ('reroll', 2), ('end_favour',),
    ('sell', 'P2-V16', (('M05', 'L'), ('M22', 'L'))),
]  # fmt: skip
