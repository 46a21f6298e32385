"""A newcomer's Caravans of Ahldarahd match (seed 3051, 3 players, the person in seat 0 against two
normal AIs) up to its last build: in turn 1, 3 gold for any Salt card was declined "(3 gold would
pay for one)" by AI 2, who then claimed with its Salt card; in turn 9, 2 gold, 3, then 4 for the
person's own Right of Passage were declined "for about 3 gold, not 2", "for about 4 gold, not 3"
and "only for more gold than the 4 you hold"; in turn 10 and in the final turn, AI 3's 2 gold and
4 gold for it were hinted "turns down about 1 gold of worth" and "worth about +2 gold to you",
while the bank bought it for 7 and 8 in the person's build."""

from __future__ import annotations

from ahldarahd_kept import replayed

from caravan_tui.engine import State

SEED, OPTIONS = 3051, {"night_of_the_outsider": False, "neutral_map": False, "market_drift": True}
#: AI 2 to answer the person's 3 gold for any Salt card
SALT = 29
#: AI 2 to answer the person's 2 gold, 3 gold and 4 gold for their own Right of Passage
ASKED = (180, 187, 189)
#: the person to answer AI 3's 2 gold (turn 10) and 4 gold (the final turn) for their own
OFFERED = (209, 274)
#: the match's moves to the person's answer in the final turn, and a little beyond
MOVES = [
    ('free', 21), ('free', 5), ('free', 21), ('free', 20), ('free', 21), ('free', 10), ('done',),
    ('open', 'red Horses', 0), ('raise', 3), ('pass',), ('pass',), ('open', 'RoP red', 0), ('pass',), ('raise', 1),
    ('open', 'RoP blue', 0), ('claim', 'green', 17, 'Ivory'), ('claim', 'green', 11, 'Horses'),
    ('claim', 'green', 4, 'Salt'), ('buy', 'green', 8), ('end',), ('trade_with', 1), ('give_card', 'Metals'),
    ('ask_item', 'RoP blue'), ('send',), ('accept',), ('claim', 'red', 17, 'Horses'),
    ('claim', 'red', 14, 'Pearls'), ('claim', 'red', 8, 'Ivory'), ('offer', 1, 'gold', 3, 'card', 'Salt'),
    ('decline',), ('end',), ('claim', 'blue', 14, 'Salt'), ('claim', 'blue', 20, 'Gems'),
    ('claim', 'blue', 17, 'Metals'), ('claim', 'blue', 11, 'Textiles'), ('end',), ('open', 'RoP green', 2),
    ('pass',), ('raise', 3), ('pass',), ('open', 'red Incense', 0), ('raise', 2), ('raise', 4), ('pass',),
    ('open', 'red Dates', 0), ('raise', 1), ('end',), ('claim', 'red', 9, 'Incense'), ('sell_rop', 'blue'),
    ('trade_with', 2), ('give_gold', 1), ('give_gold', 1), ('give_gold', 1), ('ask_item', 'RoP red'), ('send',),
    ('accept',), ('sell_rop', 'red'), ('end',), ('sell_rop', 'green'), ('end',), ('open', 'red Salt', 0),
    ('raise', 2), ('pass',), ('raise', 4), ('pass',), ('open', 'red Spices', 0), ('raise', 1), ('raise', 3),
    ('raise', 4), ('raise', 5), ('pass',), ('open', 'red Textiles', 0), ('claim', 'green', 1, 'Salt'), ('end',),
    ('claim', 'red', 11, 'Spices'), ('end',), ('claim', 'blue', 4, 'Textiles'), ('buy', 'blue', 8), ('end',),
    ('open', 'RoP blue', 4), ('pass',), ('open', 'red Gems', 0), ('raise', 1), ('raise', 2), ('pass',),
    ('open', 'RoP green', 0), ('end',), ('claim', 'red', 10, 'Gems'), ('end',), ('end',),
    ('open', 'blue Metals', 0), ('pass',), ('raise', 1), ('pass',), ('open', 'RoP green', 0), ('raise', 1),
    ('open', 'blue Spices', 0), ('pass',), ('sell_rop', 'green'), ('end',), ('trade_with', 1), ('give_gold', 1),
    ('ask_card', 'Spices'), ('send',), ('decline',), ('end',), ('end',), ('open', 'blue Incense', 0), ('pass',),
    ('raise', 2), ('pass',), ('open', 'blue Ivory', 0), ('raise', 1), ('open', 'RoP blue', 0), ('raise', 1),
    ('end',), ('sell_rop', 'blue'), ('end',), ('claim', 'blue', 16, 'Spices'), ('claim', 'blue', 15, 'Incense'),
    ('end',), ('open', 'RoP blue', 4), ('pass',), ('open', 'blue Pearls', 0), ('raise', 2), ('raise', 3),
    ('raise', 4), ('open', 'blue Dates', 0), ('pass',), ('trade_with', 0), ('give_card', 'Ivory'), ('ask_gold', 1),
    ('ask_gold', 1), ('send',), ('accept',), ('sell_rop', 'blue'), ('buy', 'green', 20), ('end',),
    ('claim', 'red', 4, 'Ivory'), ('end',), ('trade_with', 2), ('give_card', 'Metals'), ('ask_gold', 1),
    ('ask_gold', 1), ('send',), ('accept',), ('claim', 'blue', 3, 'Pearls'), ('claim', 'blue', 7, 'Dates'),
    ('end',), ('open', 'RoP blue', 0), ('raise', 3), ('pass',), ('open', 'Shah', 0), ('pass',), ('pass',),
    ('give_shah', 1), ('open', 'green Dates', 0), ('pass',), ('end',), ('claim', 'green', 6, 'Metals'), ('end',),
    ('sell_rop', 'blue'), ('buy', 'red', 3), ('end',), ('open', 'RoP red', 4), ('pass',), ('open', 'RoP blue', 0),
    ('raise', 5), ('open', 'RoP green', 0), ('raise', 1), ('end',), ('sell_rop', 'green'), ('end',),
    ('sell_rop', 'blue'), ('buy', 'red', 2), ('trade_with', 1), ('give_gold', 1), ('give_gold', 1),
    ('ask_item', 'RoP red'), ('send',), ('decline',), ('trade_with', 1), ('give_gold', 1), ('give_gold', 1),
    ('give_gold', 1), ('ask_item', 'RoP red'), ('send',), ('decline',), ('offer', 1, 'gold', 4, 'item', 'RoP red'),
    ('decline',), ('end',), ('open', 'RoP green', 4), ('pass',), ('open', 'RoP red', 0), ('raise', 2),
    ('raise', 3), ('raise', 4), ('pass',), ('open', 'Shah', 0), ('raise', 1), ('give_shah', 1),
    ('claim', 'blue', 2, 'Dates'), ('sell_rop', 'green'), ('end',), ('trade_with', 0), ('give_gold', 1),
    ('give_gold', 1), ('ask_item', 'RoP red'), ('send',), ('decline',), ('end',), ('sell_rop', 'red'), ('end',),
    ('open', 'RoP blue', 0), ('raise', 3), ('raise', 6), ('pass',), ('raise', 7), ('open', 'green Incense', 0),
    ('raise', 3), ('pass',), ('open', 'Pirate', 0), ('raise', 1), ('end',), ('sell_rop', 'blue'), ('end',),
    ('claim', 'red', 7, 'Incense'), ('end',), ('open', 'green Metals', 0), ('pass',), ('pass',),
    ('open', 'RoP red', 0), ('raise', 3), ('pass',), ('raise', 4), ('raise', 5), ('raise', 6), ('raise', 7),
    ('pass',), ('open', 'Pirate', 0), ('raise', 1), ('pass',), ('end',), ('end',), ('sell_rop', 'red'), ('end',),
    ('open', 'RoP red', 0), ('raise', 1), ('raise', 2), ('pass',), ('raise', 3), ('raise', 4), ('raise', 5),
    ('raise', 6), ('pass',), ('open', 'RoP blue', 0), ('raise', 1), ('raise', 4), ('raise', 5), ('raise', 8),
    ('pass',), ('open', 'Pirate', 0), ('pass',), ('buy', 'blue', 19), ('claim', 'blue', 18, 'Metals'), ('end',),
    ('sell_rop', 'blue'), ('trade_with', 0), ('give_gold', 1), ('give_gold', 1), ('give_gold', 1),
    ('give_gold', 1), ('ask_item', 'RoP red'), ('send',), ('decline',), ('end',),
]  # fmt: skip


def after(count: int) -> State:
    """The match after its first ``count`` moves."""
    return replayed(SEED, MOVES, count, OPTIONS)
