"""A newcomer's match of Caravans of Ahldarahd (seed 2151, 3 players, the person in seat 0 against
two normal AIs) to its second proposal of turn 1, kept for the tests of what its declines said: the
moves, and the position after the first of them."""

from __future__ import annotations

from ahldarahd_kept import replayed

from caravan_tui.engine import State

#: the match's moves: AI 3 declines 2 gold for its Right of Passage (move 25), then 3 (move 32)
MOVES = [
    ["free", 21],
    ["free", 10],
    ["free", 21],
    ["free", 20],
    ["free", 21],
    ["free", 10],
    ["done"],
    ["open", "red Pearls", 0],
    ["pass"],
    ["raise", 2],
    ["pass"],
    ["open", "RoP blue", 0],
    ["pass"],
    ["open", "Shah", 0],
    ["pass"],
    ["raise", 1],
    ["give_shah", 0],
    ["claim", "red", 9, "Incense"],
    ["claim", "red", 14, "Metals"],
    ["claim", "red", 18, "Salt"],
    ["trade_with", 2],
    ["give_gold", 1],
    ["give_gold", 1],
    ["ask_item", "RoP red"],
    ["send"],
    ["decline"],
    ["trade_with", 2],
    ["give_gold", 1],
    ["give_gold", 1],
    ["give_gold", 1],
    ["ask_item", "RoP red"],
    ["send"],
    ["decline"],
]


def after(count: int) -> State:
    """The match after its first ``count`` moves."""
    return replayed(2151, MOVES, count)
