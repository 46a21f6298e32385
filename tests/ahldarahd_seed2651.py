"""A newcomer's Caravans of Ahldarahd match (3 players, the person in seat 0 against two normal
AIs), whole: in turn 1, 2 gold for their own Right of Passage was declined "for about 4 gold,
not 2", and the builder's own 4 gold, all the person held, then "worth about the same to AI 3";
from turn 3 the person sat at 0 gold, and the review counted "17 of your builds, the first at
move 22" as builds with nothing to do, the first build's claims and purchases among them."""

from __future__ import annotations

SEED, OPTIONS = 2651, {"night_of_the_outsider": False, "neutral_map": False, "market_drift": True}
#: AI 3 to answer the person's 4 gold, all they held, for their own Right of Passage
ANSWER_4 = 28
#: the whole match
MOVES = [
    ('free', 21), ('free', 17), ('free', 21), ('free', 10), ('free', 21), ('free', 10), ('done',),
    ('open', 'RoP green', 0), ('pass',), ('raise', 2), ('pass',), ('open', 'red Ivory', 0), ('raise', 3),
    ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('claim', 'red', 8, 'Ivory'),
    ('claim', 'red', 15, 'Salt'), ('claim', 'red', 20, 'Metals'), ('claim', 'red', 1, 'Textiles'),
    ('buy', 'red', 3), ('trade_with', 2), ('give_gold', 1), ('give_gold', 1), ('ask_item', 'RoP red'),
    ('send',), ('decline',), ('offer', 2, 'gold', 4, 'item', 'RoP red'), ('decline',), ('end',),
    ('claim', 'blue', 17, 'Incense'), ('claim', 'blue', 7, 'Dates'), ('claim', 'blue', 6, 'Horses'),
    ('buy', 'blue', 2), ('end',), ('claim', 'green', 4, 'Salt'), ('claim', 'green', 20, 'Pearls'),
    ('claim', 'green', 5, 'Metals'), ('buy', 'green', 1), ('sell_rop', 'red'), ('sell_rop', 'green'),
    ('end',), ('open', 'RoP red', 0), ('raise', 1), ('raise', 2), ('pass',), ('open', 'red Spices', 0),
    ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('sell_rop', 'blue'),
    ('offer', 2, 'gold', 5, 'item', 'RoP red'), ('accept',), ('sell_rop', 'red'), ('end',),
    ('claim', 'blue', 19, 'Spices'), ('end',), ('buy', 'green', 6), ('end',), ('open', 'red Gems', 3),
    ('pass',), ('open', 'red Horses', 0), ('raise', 1), ('raise', 2), ('pass',), ('open', 'RoP red', 0),
    ('claim', 'red', 5, 'Gems'), ('end',), ('claim', 'blue', 5, 'Horses'), ('end',), ('sell_rop', 'red'),
    ('end',), ('open', 'Shah', 0), ('raise', 1), ('pass',), ('give_shah', 0), ('open', 'Pirate', 0),
    ('raise', 1), ('open', 'red Pearls', 0), ('end',), ('end',), ('buy', 'green', 17),
    ('claim', 'green', 14, 'Pearls'), ('buy', 'green', 8), ('end',), ('open', 'Shah', 0), ('raise', 1),
    ('pass',), ('give_shah', 0), ('open', 'Pirate', 0), ('raise', 1), ('open', 'red Dates', 0),
    ('trade_with', 2), ('give_item', 'Shah'), ('ask_gold', 1), ('ask_gold', 1), ('send',), ('decline',),
    ('trade_with', 1), ('give_item', 'Shah'), ('ask_gold', 1), ('send',), ('decline',), ('end',), ('end',),
    ('claim', 'green', 15, 'Dates'), ('end',), ('open', 'RoP green', 0), ('raise', 2), ('pass',),
    ('open', 'blue Spices', 0), ('raise', 1), ('open', 'red Incense', 0), ('end',), ('end',),
    ('claim', 'green', 16, 'Incense'), ('end',), ('open', 'RoP green', 0), ('raise', 1),
    ('open', 'RoP red', 0), ('open', 'RoP blue', 0), ('end',), ('end',), ('sell_rop', 'green'), ('end',),
    ('open', 'RoP green', 0), ('raise', 1), ('open', 'RoP blue', 0), ('open', 'RoP red', 0), ('end',),
    ('end',), ('sell_rop', 'green'), ('claim', 'green', 13, 'Spices'), ('end',), ('open', 'RoP green', 0),
    ('raise', 1), ('open', 'RoP red', 0), ('open', 'RoP blue', 0), ('trade_with', 1), ('give_item', 'Shah'),
    ('ask_item', 'RoP red'), ('send',), ('decline',), ('end',), ('end',), ('sell_rop', 'green'),
    ('buy', 'green', 18), ('destroy', 'blue', 21, 'gold', 'gold'), ('end',), ('open', 'RoP green', 0),
    ('raise', 1), ('open', 'RoP blue', 0), ('open', 'RoP red', 0), ('end',), ('sell_rop', 'blue'), ('end',),
    ('destroy', 'red', 21, 'gold', 'gold'), ('sell_rop', 'red'), ('sell_rop', 'green'), ('end',),
    ('open', 'RoP green', 0), ('raise', 1), ('raise', 2), ('open', 'blue Pearls', 0), ('open', 'RoP red', 0),
    ('pass',), ('end',), ('claim', 'blue', 4, 'Pearls'), ('buy', 'blue', 21), ('end',), ('sell_rop', 'green'),
    ('end',), ('open', 'RoP green', 0), ('raise', 3), ('pass',), ('open', 'RoP red', 0), ('raise', 1),
    ('open', 'green Dates', 0), ('end',), ('end',), ('buy', 'red', 21), ('claim', 'red', 19, 'Dates'),
    ('end',), ('open', 'RoP green', 0), ('raise', 1), ('raise', 3), ('open', 'RoP blue', 0),
    ('open', 'blue Gems', 0), ('pass',), ('end',), ('sell_rop', 'blue'), ('buy', 'blue', 3), ('end',),
    ('buy', 'red', 18), ('claim', 'red', 12, 'Gems'), ('sell_rop', 'green'), ('buy', 'red', 16),
    ('buy', 'red', 9), ('sell_rop', 'red'), ('end',), ('open', 'RoP green', 0), ('raise', 1), ('raise', 2),
    ('raise', 3), ('raise', 4), ('open', 'RoP blue', 0), ('open', 'green Spices', 0), ('raise', 1), ('end',),
    ('sell_rop', 'blue'), ('buy', 'blue', 8), ('claim', 'blue', 15, 'Spices'), ('end',),
    ('sell_rop', 'green'), ('end',), ('open', 'RoP green', 0), ('raise', 1), ('raise', 2), ('raise', 3),
    ('raise', 4), ('raise', 5), ('raise', 6), ('raise', 7), ('raise', 8), ('open', 'RoP blue', 0),
    ('open', 'green Incense', 0), ('pass',), ('end',), ('sell_rop', 'blue'), ('end',), ('sell_rop', 'green'),
    ('end',), ('open', 'RoP green', 0), ('raise', 1), ('raise', 2), ('raise', 3), ('raise', 4), ('raise', 5),
    ('raise', 6), ('raise', 7), ('raise', 8), ('pass',), ('open', 'RoP blue', 0), ('open', 'green Horses', 0),
    ('pass',), ('end',), ('sell_rop', 'blue'), ('end',), ('end',), ('open', 'RoP green', 0), ('raise', 1),
    ('raise', 2), ('raise', 3), ('open', 'RoP red', 0), ('raise', 1), ('open', 'green Ivory', 0), ('end',),
    ('destroy', 'green', 8, 'gold', 'gold'), ('sell_rop', 'green'), ('end',),
    ('claim', 'green', 11, 'Horses'), ('claim', 'red', 7, 'Incense'), ('end',),
]  # fmt: skip
