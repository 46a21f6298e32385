"""Camel Caravan once the bag is empty: a win within the turn is a win. On the first turn after
the last refill (short game, seed 21, a newcomer against normal) four actions delivered salt and
won 55-50 at once, but the estimate rated the position as the running game (66%): the hint
showed a pick-up "about as good" instead, and the review booked the jump to 100% at the end as
the searches' drift. A seat far behind, with the bag at 4, moved one camel to and fro for four
whole turns (seed 22)."""

from __future__ import annotations

import random

import pytest

from caravan_tui.ai.policies import hint
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.ai import vetoed
from caravan_tui.games.camel_caravan.heuristic import wins_this_turn
from caravan_tui.games.camel_caravan.rules import CamelCaravanState

GAME = get_game("camel_caravan")
NONE = {"meat": 0, "swords": 0, "salt": 0, "hides": 0, "ivory": 0, "cloth": 0, "gems": 0, "paper": 0}
#: seed 21, move 202: you (seat 0) to move with 4 actions, 52 to 50, the bag empty
WON = {
    "players": 2,
    "camels": 5,
    "short_game": True,
    "start": 1,
    "to_move": 0,
    "turns": 58,
    "left": 4,
    "supply": [0, 0],
    "empty": [[16, 21, 22, 23], [24, 31, 32, 37]],
    "loaded": [[[28, "swords", False]], [[39, "salt", False]]],
    "goods": [
        [0, "gems"],
        [6, "meat"],
        [9, "salt"],
        [11, "swords"],
        [37, "hides"],
        [39, "cloth"],
        [42, "ivory"],
        [48, "salt"],
    ],
    "demand": [[0, 1], [6, 2], [42, 2], [48, 2]],
    "demand_supply": 16,
    "markers": [10, 11],
    "thefts": [0, 2],
    "delivered": [
        {"meat": 1, "swords": 1, "salt": 2, "hides": 4, "ivory": 0, "cloth": 0, "gems": 1, "paper": 2},
        {"meat": 4, "swords": 3, "salt": 1, "hides": 1, "ivory": 1, "cloth": 1, "gems": 0, "paper": 0},
    ],
    "bag": NONE,
    "draws": 7,
    "chance": 21,
}
#: seed 22, move 151: AI 2 (seat 1) to move, 19 to 53, the bag at 4 (any pick-up brings the last refill)
BEHIND = {
    "players": 2,
    "camels": 5,
    "short_game": True,
    "start": 1,
    "to_move": 1,
    "turns": 43,
    "left": 4,
    "supply": [0, 0],
    "empty": [[1, 45, 46], [37, 38]],
    "loaded": [
        [[0, "meat", False], [0, "meat", False]],
        [[6, "swords", False], [35, "salt", False], [36, "swords", False]],
    ],
    "goods": [[0, "swords"], [6, "hides"], [9, "paper"], [11, "hides"], [37, "swords"], [42, "salt"], [48, "gems"]],
    "demand": [[6, 1], [9, 2], [42, 4], [48, 1]],
    "demand_supply": 20,
    "markers": [9, 7],
    "thefts": [1, 1],
    "delivered": [
        {"meat": 2, "swords": 2, "salt": 3, "hides": 2, "ivory": 2, "cloth": 0, "gems": 0, "paper": 1},
        {"meat": 2, "swords": 0, "salt": 0, "hides": 1, "ivory": 0, "cloth": 1, "gems": 0, "paper": 0},
    ],
    "bag": NONE | {"salt": 1, "hides": 1, "cloth": 1, "gems": 1},
    "draws": 6,
    "chance": 22,
}


def test_a_delivery_that_wins_within_the_turn_is_rated_a_win():
    state = CamelCaravanState.from_data(WON)
    assert wins_this_turn(state)
    assert state.estimate() == [1.0, 0.0]
    two = CamelCaravanState.from_data(WON | {"left": 2})  # (the salt needs a camel, its pick-up, a link, the delivery)
    assert not wins_this_turn(two) and two.estimate()[0] < 1.0
    running = CamelCaravanState.from_data(WON | {"bag": NONE | {"salt": 1}})
    assert not wins_this_turn(running)  # (goods in the bag: a delivery ends nothing)


@pytest.mark.thorough
def test_following_the_hint_on_the_first_turn_after_the_bag_emptied_wins_at_once(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = CamelCaravanState.from_data(WON)
    for move in range(4):
        top = hint(GAME.id, state.view(0), 0, "normal", f"review/0/{201 + move}")
        state.apply(top[0].action, log=False)
        if state.turn != 0:
            break
    assert state.is_over() and state.outcome() == [1.0, 0.0], state.scores()


def _won_by_search(state: CamelCaravanState, seat: int) -> bool:
    """Whether some line of ``seat``'s actions left this turn delivers and wins (every line tried)."""
    if state.turn is None:
        return state.outcome()[seat] == 1.0
    if state.turn != seat:
        return False
    for action in state.legal_actions():
        if action[0] != "end_turn":
            after = state.clone()
            after.apply(action, log=False)
            if _won_by_search(after, seat):
                return True
    return False


@pytest.mark.thorough
def test_a_win_within_the_turn_is_found_only_where_one_is_there():
    """Positions of random play with the bag emptied and one or two actions left: every win
    claimed is there (a claimed win that is not would have the search throw a game away)."""
    rng = random.Random(7)
    claimed = checked = 0
    while checked < 60:
        state = GAME.new(2, seed=rng.randrange(10**6), options={"short_game": True, "sixth_camel": False})
        while state.turn is not None and checked < 60:
            if state.left <= 2 and rng.random() < 0.15:
                ended = CamelCaravanState.from_data(state.to_data() | {"bag": NONE})
                found = wins_this_turn(ended)
                assert found == _won_by_search(ended, ended.turn) or not found, ended.to_data()
                if found:
                    assert _won_by_search(ended, ended.turn), ended.to_data()
                claimed += found
                checked += 1
            legal = state.legal_actions()
            busy = [action for action in legal if action[0] in ("pickup", "move_good")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.6 else legal), log=False)
    assert claimed >= 3  # (the check did meet wins)


def test_a_seat_far_behind_sends_no_camel_to_and_fro_while_the_next_refill_empties_the_bag():
    state = CamelCaravanState.from_data(BEHIND)
    assert vetoed(state, 1, ("move_camel", 38, 30))  # (AI 2's move, then back, four turns on end)
    assert not vetoed(state, 1, ("end_turn",)) and not vetoed(state, 1, ("pickup", 37))
    full = CamelCaravanState.from_data(BEHIND | {"bag": BEHIND["bag"] | {"meat": 1}})
    assert not vetoed(full, 1, ("move_camel", 38, 30))  # (a refill still to come after the next: left to the search)
