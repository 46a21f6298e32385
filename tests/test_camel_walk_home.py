"""With the bag empty a lead is won when a delivery ends the match, and a seat that cannot deliver
this turn passed: seed 1487 (short game), the person leading 46 to 41 was told "End the turn"
turn after turn while AI 2 passed too, and the match would have run to turn 200. Where its
actions bring a good whose delivery wins nearer its city, leaving the others no more to steal,
the seat walks it home (``deliveries.walk_home``, ``ai.stalls_a_win``)."""

from __future__ import annotations

import pytest

import caravan_tui.games.camel_caravan.ai as camel_ai
from caravan_tui.ai.matches import decision_seed, seat_policy
from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.deliveries import to_go, walk_home
from caravan_tui.seats import SeatSpec

from tables import recorded

GAME = get_game("camel_caravan")
MATCH = "camel_caravan_short_1487"
END = ("end_turn",)
SIJILMASA = 25


def test_the_stolen_swords_are_walked_towards_sijilmasa():
    state, log = recorded(GAME.id, MATCH, 190)
    assert not any(state.bag) and state.scores() == [46.0, 41.0] and log[190] == END
    line = walk_home(state)
    assert line == (
        ("move_good", 6, 5, "swords", "under"),
        ("move_camel", 6, 19),
        ("move_good", 5, 19, "swords", "top"),
        ("move_camel", 5, 26),
    )
    after = state.clone()
    for action in line:
        after.apply(action, False)
    assert to_go(after, 0, 19, 1) < to_go(state, 0, 6, 1)  # (a camel onto Sijilmasa and the delivery: 3)
    assert camel_ai.stalls_a_win(state, 0, END) and camel_ai.vetoed(state, 0, END)
    assert not camel_ai.stalls_a_win(state, 0, line[0])


def test_a_seat_behind_or_a_walk_that_leaves_more_to_steal_may_end_its_turn(monkeypatch):
    state, _ = recorded(GAME.id, MATCH, 191)  # (AI 2, behind: its delivery would end the match lost)
    assert state.turn == 1 and walk_home(state) is None and not camel_ai.stalls_a_win(state, 1, END)
    state, _ = recorded(GAME.id, MATCH, 190)
    monkeypatch.setattr(camel_ai, "exposed", lambda _state, _seat, line: 0.0 if line == (END,) else 3.0)
    assert walk_home(state) is not None and not camel_ai.stalls_a_win(state, 0, END)


@pytest.mark.thorough
def test_the_hint_walks_home_rather_than_pass(monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, _ = recorded(GAME.id, MATCH, 190)
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, 190))
    assert END not in [candidate.action for candidate in found]


@pytest.mark.thorough
def test_following_the_hints_ends_the_match_won(monkeypatch):
    """From the first pass, the person following every hint and AI 2 playing on: the match ends
    within a few turns, won (it ran on: 140 turns of passes were left)."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, _ = recorded(GAME.id, MATCH, 190)
    other = seat_policy(SeatSpec.ai("normal"), None)
    move = 190
    while state.turn is not None and move < 250:
        seat = state.turn
        if seat == 0:
            action = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, move))[0].action
        else:
            action = other.choose(GAME.id, state.view(1), 1, decision_seed(1, move, 1), state.legal_actions())
        state.apply(action, False)
        move += 1
    assert state.turn is None and state.outcome()[0] == 1.0
