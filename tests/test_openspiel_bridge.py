"""The OpenSpiel adapter, tested only where the optional `bench` extra is installed."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is optional: pip install '.[bench]'")

from caravan_tui.ai.openspiel_bridge import (
    SpielGame,
    calibration_positions,
    format_head_to_head,
    head_to_head_match,
    iterations_per_move,
    openspiel_choose,
)


@pytest.mark.parametrize("seed", range(5))
def test_a_random_openspiel_playout_ends_with_our_outcome(seed):
    game = SpielGame("decktet_caravan", options={"hands": 1}, seed=seed)
    state = game.new_initial_state()
    twin = game.ours.new(2, seed=seed, options={"hands": 1})
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.current_player() == twin.to_move()
        number = rng.choice(state.legal_actions())
        twin.apply(game.codec.decode(number))
        state.apply_action(number)
    assert state.returns() == twin.outcome()


def test_openspiel_bot_chooses_a_legal_action_from_the_view_only():
    game = SpielGame("decktet_caravan", options={"hands": 1}, seed=2)
    state = game.ours.new(2, seed=2, options={"hands": 1})
    seat = state.to_move()
    action = openspiel_choose(game, state, seat, simulations=40, seed=1, horizon=6, exploration=0.7)
    assert action in state.legal_actions()


def test_a_head_to_head_match_finishes():
    outcome, work = head_to_head_match(
        "decktet_caravan",
        seed=3,
        openspiel_seat=0,
        ours_iterations=10,
        openspiel_simulations=12,
        horizon=4,
        exploration=0.7,
        options={"hands": 1},
    )
    assert sorted(outcome) in ([0.0, 1.0], [0.5, 0.5])
    (ours_moves, ours_iterations, ours_time), (moves, simulations, their_time) = work["ours"], work["openspiel"]
    assert ours_moves > 0 and moves > 0
    assert (ours_iterations, simulations) == (10 * ours_moves, 12 * moves)
    assert ours_time > 0 and their_time > 0


def test_both_searches_are_timed_at_the_move_time():
    ours, theirs = iterations_per_move("decktet_caravan", 0.02, 4, 0.7, {"hands": 1}, repeats=1)
    assert isinstance(ours, int) and isinstance(theirs, int)
    assert ours >= 1 and theirs >= 1


def test_moves_are_timed_over_a_game_not_only_its_opening():
    game = SpielGame("decktet_caravan", options={"hands": 1}, seed=1)
    spots = calibration_positions(game, count=6)
    assert len(spots) == 6
    opening = game.ours.new(2, seed=1, options={"hands": 1})
    assert spots[0][0].to_data() == opening.to_data()
    assert all(state.to_move() == seat and len(state.legal_actions()) > 1 for state, seat in spots)
    assert len({len(state.legal_actions()) for state, _ in spots}) > 1  # not six openings


def test_the_head_to_head_reports_each_sides_time_used_over_the_budget():
    result = {
        "game": "decktet_caravan",
        "matches": 2,
        "seconds_per_move": 0.1,
        "horizon": 12,
        "exploration": 0.7,
        "ours_iterations_per_move": 500,
        "openspiel_simulations_per_move": 100,
        "ours_iterations_per_s": 5000.0,
        "openspiel_iterations_per_s": 1000.0,
        "speed_ratio": 5.0,
        "ours_seconds_per_move": 0.097,
        "openspiel_seconds_per_move": 0.102,
        "ours_points": 1.5,
        "ours_score_rate": 0.75,
        "interval95": [0.2, 0.95],
    }
    text = format_head_to_head(result)
    assert "mean move ours 0.097 s, OpenSpiel 0.102 s (0.97 and 1.02 of the 0.1 s" in text
