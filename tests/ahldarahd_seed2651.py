"""A newcomer's Caravans of Ahldarahd match (3 players, the person in seat 0 against two normal
AIs) up to AI 3's answer to the person's second proposal of turn 1: 2 gold for their own Right of
Passage was declined "for about 4 gold, not 2", and the builder's own 4 gold, all the person
held, then "worth about the same to AI 3"."""

from __future__ import annotations

SEED, OPTIONS = 2651, {"night_of_the_outsider": False, "neutral_map": False, "market_drift": True}
#: the match's moves up to AI 3's answer to the person's 4 gold
MOVES = [
    ('free', 21), ('free', 17), ('free', 21), ('free', 10), ('free', 21), ('free', 10), ('done',),
    ('open', 'RoP green', 0), ('pass',), ('raise', 2), ('pass',), ('open', 'red Ivory', 0), ('raise', 3),
    ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('claim', 'red', 8, 'Ivory'),
    ('claim', 'red', 15, 'Salt'), ('claim', 'red', 20, 'Metals'), ('claim', 'red', 1, 'Textiles'),
    ('buy', 'red', 3), ('trade_with', 2), ('give_gold', 1), ('give_gold', 1), ('ask_item', 'RoP red'),
    ('send',), ('decline',), ('offer', 2, 'gold', 4, 'item', 'RoP red'),
]  # fmt: skip
