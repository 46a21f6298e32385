"""A newcomer's Caravans of Ahldarahd match (3 players, the person in seat 0 against two normal
AIs) up to AI 3's answer to the person's last proposal, in the final turn after AI 3's last build:
"AI 3 declines: your Right of Passage is worth more to AI 3 than 2 gold" (it could score nothing
with it). At ``TURN_9``, the person's opening of turn 9 with 0 gold and the Eyes of Shamesh: the
hint called the blue Pearls card "worth about 0 gold … but with the Eyes of Shamesh it claims
Pearls–Salt (land) for no gold", and that claim took the Pearls city at once."""

from __future__ import annotations

SEED, OPTIONS = 2351, {"night_of_the_outsider": False, "neutral_map": False, "market_drift": True}
#: the person's opening of turn 9
TURN_9 = 186
#: the match's moves up to that answer
MOVES = [
    ('free', 21), ('free', 17), ('free', 21), ('free', 10), ('free', 21), ('free', 10), ('done',),
    ('open', 'RoP blue', 0), ('pass',), ('pass',), ('open', 'Eyes', 2), ('pass',), ('raise', 3), ('pass',),
    ('open', 'Shah', 0), ('pass',), ('give_shah', 1), ('claim', 'blue', 5, 'Horses'),
    ('claim', 'blue', 11, 'Textiles'), ('buy', 'blue', 17), ('end',), ('claim', 'green', 20, 'Pearls'),
    ('claim', 'green', 14, 'Spices'), ('end',), ('claim', 'blue', 20, 'Ivory'),
    ('claim', 'blue', 19, 'Spices'), ('claim', 'red', 20, 'Dates'), ('trade_with', 2), ('give_gold', 1),
    ('give_gold', 1), ('ask_item', 'RoP red'), ('send',), ('accept',), ('trade_with', 1), ('give_gold', 1),
    ('ask_card', 'Salt'), ('send',), ('decline',), ('trade_with', 1), ('give_gold', 1), ('give_gold', 1),
    ('give_gold', 1), ('ask_card', 'Salt'), ('send',), ('decline',), ('end',), ('open', 'RoP red', 0),
    ('pass',), ('raise', 2), ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('pass',),
    ('open', 'RoP green', 0), ('raise', 1), ('claim', 'blue', 21, 'Gems'), ('end',), ('end',),
    ('sell_rop', 'red'), ('buy', 'red', 11), ('end',), ('open', 'red Salt', 1), ('raise', 3), ('raise', 4),
    ('pass',), ('open', 'red Incense', 0), ('raise', 1), ('raise', 2), ('open', 'RoP blue', 0),
    ('claim', 'blue', 6, 'Salt'), ('end',), ('claim', 'green', 4, 'Salt'), ('claim', 'green', 16, 'Incense'),
    ('buy', 'green', 17), ('sell_rop', 'green'), ('end',), ('trade_with', 2), ('give_item', 'RoP blue'),
    ('ask_gold', 1), ('ask_gold', 1), ('ask_gold', 1), ('ask_gold', 1), ('send',), ('decline',),
    ('trade_with', 2), ('give_item', 'RoP blue'), ('ask_gold', 1), ('ask_gold', 1), ('ask_gold', 1), ('send',),
    ('decline',), ('sell_rop', 'blue'), ('end',), ('open', 'Eyes', 0), ('pass',), ('raise', 1),
    ('open', 'red Horses', 0), ('open', 'RoP blue', 0), ('raise', 1), ('end',),
    ('claim', 'green', 11, 'Horses'), ('buy', 'green', 8), ('sell_rop', 'blue'), ('buy', 'green', 3), ('end',),
    ('end',), ('open', 'RoP green', 0), ('raise', 1), ('raise', 2), ('raise', 3), ('open', 'RoP red', 0),
    ('raise', 1), ('open', 'red Pearls', 0), ('end',), ('sell_rop', 'green'), ('end',),
    ('claim', 'red', 10, 'Pearls'), ('sell_rop', 'red'), ('end',), ('open', 'RoP green', 0), ('raise', 1),
    ('raise', 3), ('pass',), ('open', 'RoP blue', 0), ('open', 'red Textiles', 0), ('raise', 1), ('end',),
    ('end',), ('offer', 2, 'item', 'RoP green', 'gold', 5), ('decline',), ('sell_rop', 'green'), ('end',),
    ('open', 'RoP green', 0), ('raise', 1), ('raise', 4), ('pass',), ('open', 'blue Metals', 0),
    ('open', 'blue Salt', 0), ('raise', 1), ('end',), ('claim', 'green', 2, 'Metals'), ('end',),
    ('sell_rop', 'green'), ('buy', 'red', 4), ('offer', 2, 'gold', 3, 'card', 'Salt'), ('decline',),
    ('trade_with', 2), ('give_gold', 1), ('give_gold', 1), ('give_gold', 1), ('give_gold', 1),
    ('ask_card', 'Salt'), ('send',), ('decline',), ('offer', 2, 'gold', 5, 'card', 'Salt'), ('accept',),
    ('claim', 'red', 15, 'Salt'), ('end',), ('open', 'RoP green', 0), ('raise', 2), ('raise', 3), ('pass',),
    ('open', 'RoP red', 0), ('open', 'RoP blue', 0), ('raise', 1), ('end',), ('sell_rop', 'blue'),
    ('buy', 'green', 6), ('end',), ('offer', 2, 'gold', 1, 'item', 'RoP red'), ('decline',),
    ('sell_rop', 'green'), ('trade_with', 2), ('give_gold', 1), ('give_gold', 1), ('give_gold', 1),
    ('give_gold', 1), ('ask_item', 'RoP red'), ('send',), ('accept',), ('sell_rop', 'red'), ('buy', 'red', 14),
    ('end',), ('open', 'RoP green', 0), ('raise', 1), ('open', 'RoP blue', 0), ('open', 'blue Pearls', 0),
    ('end',), ('sell_rop', 'green'), ('claim', 'blue', 4, 'Textiles'), ('destroy', 'blue', 20, 'gold', 'gold'),
    ('sell_rop', 'blue'), ('end',), ('claim', 'red', 13, 'Pearls'), ('end',), ('open', 'RoP green', 0),
    ('raise', 1), ('pass',), ('open', 'Eyes', 0), ('raise', 1), ('open', 'blue Incense', 0), ('end',),
    ('sell_rop', 'green'), ('end',), ('claim', 'red', 9, 'Incense'), ('end',), ('open', 'RoP green', 0),
    ('raise', 1), ('raise', 4), ('pass',), ('open', 'RoP red', 0), ('open', 'RoP blue', 0), ('raise', 1),
    ('end',), ('end',), ('sell_rop', 'green'), ('end',), ('open', 'RoP green', 0), ('raise', 1), ('pass',),
    ('open', 'Shah', 0), ('raise', 1), ('give_shah', 2), ('open', 'RoP red', 0), ('end',), ('sell_rop', 'red'),
    ('buy', 'red', 3), ('end',), ('end',), ('open', 'RoP red', 0), ('raise', 1), ('pass',),
    ('open', 'green Ivory', 0), ('raise', 1), ('open', 'RoP green', 0), ('sell_rop', 'blue'),
    ('buy', 'green', 1), ('claim', 'green', 18, 'Ivory'), ('end',), ('sell_rop', 'red'), ('buy', 'red', 2),
    ('buy', 'red', 1), ('end',), ('end',), ('open', 'RoP red', 1), ('pass',), ('open', 'green Textiles', 0),
    ('open', 'RoP blue', 0), ('raise', 1), ('sell_rop', 'red'), ('buy', 'green', 9), ('end',),
    ('claim', 'red', 5, 'Textiles'), ('buy', 'blue', 20), ('sell_rop', 'blue'), ('end',), ('end',),
    ('open', 'RoP red', 0), ('raise', 2), ('raise', 4), ('pass',), ('open', 'RoP green', 0),
    ('open', 'RoP blue', 0), ('raise', 1), ('end',), ('sell_rop', 'green'), ('buy', 'red', 18),
    ('offer', 2, 'gold', 5, 'item', 'RoP red'), ('accept',), ('sell_rop', 'blue'), ('sell_rop', 'red'),
    ('buy', 'red', 19), ('end',), ('end',), ('open', 'RoP red', 0), ('raise', 1), ('raise', 6), ('raise', 7),
    ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('open', 'RoP green', 0), ('end',), ('sell_rop', 'red'),
    ('end',), ('end',), ('open', 'RoP red', 0), ('raise', 1), ('raise', 4), ('raise', 5), ('pass',),
    ('open', 'RoP blue', 0), ('raise', 1), ('open', 'RoP green', 0), ('buy', 'blue', 21), ('sell_rop', 'blue'),
    ('end',), ('trade_with', 2), ('give_item', 'RoP red'), ('ask_gold', 1), ('ask_gold', 1), ('send',),
]  # fmt: skip
