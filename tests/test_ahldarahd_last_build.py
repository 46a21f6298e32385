"""On the final turn's build a city to take is worth its point, not more left untaken.

A person's match (seed 65, 3 players against two normal AIs), the final turn: the person holds
an Ivory card and 1 gold, and claiming Ivory–Spices takes their own Spices city (+1 point, +4
gold). The evaluation still counted the hope of a bonus for a city left to take, though no later
turn can bring one, so the hint put a claim taking no city first and called the city "nearly as
good".
"""

from __future__ import annotations

from caravan_tui.ai.policies import hint
from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.evaluation import estimate

#: the match's moves until the person's final build, after a first claim in it
TO_THE_LAST_BUILD = [
    ["free", 21],
    ["free", 17],
    ["free", 21],
    ["free", 20],
    ["free", 21],
    ["free", 20],
    ["done"],
    ["open", "RoP green", 0],
    ["pass"],
    ["raise", 1],
    ["raise", 4],
    ["raise", 5],
    ["pass"],
    ["open", "RoP red", 0],
    ["raise", 1],
    ["raise", 3],
    ["raise", 5],
    ["pass"],
    ["open", "Shah", 0],
    ["pass"],
    ["give_shah", 0],
    ["claim", "blue", 18, "Spices"],
    ["buy", "blue", 17],
    ["claim", "red", 16, "Salt"],
    ["claim", "red", 9, "Metals"],
    ["end"],
    ["claim", "blue", 9, "Dates"],
    ["end"],
    ["claim", "red", 3, "Incense"],
    ["end"],
    ["open", "RoP red", 0],
    ["pass"],
    ["raise", 2],
    ["raise", 3],
    ["open", "RoP blue", 0],
    ["raise", 1],
    ["pass"],
    ["open", "RoP green", 0],
    ["pass"],
    ["end"],
    ["claim", "blue", 3, "Pearls"],
    ["end"],
    ["claim", "green", 11, "Horses"],
    ["sell_rop", "blue"],
    ["end"],
    ["open", "red Horses", 0],
    ["pass"],
    ["pass"],
    ["open", "RoP red", 0],
    ["raise", 1],
    ["pass"],
    ["open", "Pirate", 0],
    ["pass"],
    ["pass"],
    ["claim", "red", 17, "Horses"],
    ["offer", 2, "gold", 4, "item", "RoP red"],
    ["accept"],
    ["end"],
    ["end"],
    ["end"],
    ["open", "red Incense", 0],
    ["pass"],
    ["raise", 1],
    ["open", "Shah", 0],
    ["give_shah", 2],
    ["open", "RoP red", 0],
    ["pass"],
    ["end"],
    ["end"],
    ["end"],
    ["open", "red Gems", 0],
    ["pass"],
    ["open", "red Pearls", 0],
    ["pass"],
    ["raise", 1],
    ["open", "RoP red", 0],
    ["claim", "green", 20, "Pearls"],
    ["claim", "green", 9, "Pearls"],
    ["end"],
    ["end"],
    ["sell_rop", "red"],
    ["end"],
    ["open", "RoP red", 2],
    ["pass"],
    ["open", "red Dates", 0],
    ["raise", 1],
    ["open", "blue Ivory", 0],
    ["end"],
    ["end"],
    ["end"],
    ["open", "Shah", 0],
    ["raise", 1],
    ["pass"],
    ["give_shah", 1],
    ["open", "RoP red", 0],
    ["raise", 1],
    ["open", "blue Horses", 0],
    ["claim", "blue", 1, "Horses"],
    ["claim", "blue", 2, "Dates"],
    ["end"],
    ["claim", "red", 4, "Gems"],
    ["end"],
    ["end"],
    ["open", "RoP red", 1],
    ["open", "Eyes", 0],
    ["open", "RoP blue", 0],
    ["pass"],
    ["trade_with", 2],
    ["give_item", "RoP red"],
    ["ask_card", "Incense"],
    ["send"],
    ["accept"],
    ["end"],
    ["sell_rop", "green"],
    ["end"],
    ["sell_rop", "blue"],
    ["end"],
    ["open", "RoP red", 0],
    ["raise", 2],
    ["pass"],
    ["open", "blue Salt", 0],
    ["pass"],
    ["raise", 1],
    ["open", "RoP blue", 0],
    ["claim", "blue", 6, "Salt"],
    ["end"],
    ["end"],
    ["sell_rop", "blue"],
    ["end"],
    ["open", "RoP red", 0],
    ["raise", 1],
    ["raise", 2],
    ["pass"],
    ["open", "blue Gems", 0],
    ["raise", 1],
    ["open", "RoP blue", 0],
    ["raise", 1],
    ["destroy", "blue", 17, "Metals", "Incense"],
    ["claim", "blue", 14, "Ivory"],
    ["end"],
    ["trade_with", 0],
    ["give_item", "RoP blue"],
    ["ask_item", "RoP red"],
    ["send"],
    ["accept"],
    ["end"],
    ["end"],
    ["open", "blue Textiles", 3],
    ["open", "Shah", 0],
    ["pass"],
    ["give_shah", 1],
    ["open", "green Metals", 0],
    ["claim", "blue", 4, "Textiles"],
    ["claim", "blue", 21, "Gems"],
    ["buy", "blue", 17],
    ["end"],
    ["end"],
    ["claim", "red", 14, "Metals"],
    ["sell_rop", "blue"],
    ["end"],
    ["open", "RoP red", 2],
    ["pass"],
    ["open", "Shah", 0],
    ["pass"],
    ["give_shah", 0],
    ["open", "blue Incense", 0],
    ["claim", "red", 7, "Incense"],
    ["end"],
    ["trade_with", 2],
    ["give_item", "RoP red"],
    ["ask_item", "Eyes"],
    ["send"],
    ["accept"],
    ["end"],
    ["end"],
    ["open", "green Spices", 0],
    ["raise", 1],
    ["raise", 2],
    ["open", "green Salt", 0],
    ["open", "green Dates", 0],
    ["pass"],
    ["end"],
    ["claim", "blue", 10, "Salt"],
    ["end"],
    ["claim", "green", 8, "Dates"],
    ["end"],
    ["open", "green Ivory", 3],
    ["pass"],
    ["pass"],
    ["open", "green Textiles", 4],
    ["open", "green Gems", 0],
    ["claim", "red", 15, "Spices"],
]
TAKES_SPICES = ("claim", "red", 8, "Ivory")


def position():
    state = get_game("ahldarahd").new(3, seed=65)
    for action in TO_THE_LAST_BUILD:
        state.apply(normalise_action(action))
    return state


def test_the_city_taken_on_the_last_build_beats_a_claim_that_takes_none() -> None:
    state = position()
    assert state.final and state.to_move() == 0 and TAKES_SPICES in state.legal_actions()
    taken = state.clone()
    taken.apply(TAKES_SPICES)
    assert taken.points()[0] == state.points()[0] + 1
    for action in state.legal_actions():
        if action[0] == "claim" and action != TAKES_SPICES:
            other = state.clone()
            other.apply(action)
            if other.points()[0] == state.points()[0]:
                assert estimate(taken)[0] > estimate(other)[0], action


def test_the_hint_takes_the_city() -> None:
    state = position()
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=1, iterations=500)
    assert candidates[0][0] == TAKES_SPICES, candidates[:3]
