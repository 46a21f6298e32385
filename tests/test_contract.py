"""The game contract (DESIGN §2), checked for every registered game."""
from __future__ import annotations

import random

import msgpack
import pytest

from caravan_tui.engine import Event, IllegalAction, normalise_action
from caravan_tui.games import GAMES

SEEDS = range(12)


def configurations():
    for game in GAMES.values():
        for players in game.players:
            yield pytest.param(game, players, id=f"{game.id}-{players}p")


def short_options(game) -> dict:
    """Options that keep a playout short where the game has a length option."""
    return {"hands": 1} if "hands" in game.options else {}


def playout(game, players, seed, stop_at=None):
    """A random playout; returns the states visited and the actions taken."""
    state = game.new(players, seed=seed, options=short_options(game))
    rng = random.Random(seed)
    states, actions = [state.clone()], []
    while not state.is_over() and (stop_at is None or len(actions) < stop_at):
        legal = state.legal_actions()
        assert legal, "legal_actions is empty before the end"
        assert state.to_move() is not None
        action = rng.choice(legal)
        state.apply(action)
        actions.append(action)
        states.append(state.clone())
    return states, actions


def packed(data):
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


pytestmark = pytest.mark.parametrize("game,players", list(configurations()))


def test_random_playouts_terminate_with_valid_outcome(game, players):
    for seed in SEEDS:
        states, actions = playout(game, players, seed)
        final = states[-1]
        assert final.is_over() and final.to_move() is None and final.legal_actions() == []
        outcome = final.outcome()
        assert len(outcome) == players and all(0.0 <= x <= 1.0 for x in outcome)
        assert sum(outcome) == pytest.approx(1.0)
        assert len(final.scores()) == players
        for state in states[:: max(1, len(states) // 8)]:
            estimate = state.estimate()
            assert len(estimate) == players and all(0.0 <= x <= 1.0 for x in estimate)


def test_opening_events_describe_the_setup(game, players):
    state = game.new(players, seed=0, options=short_options(game))
    events = state.opening_events()
    assert events and all(isinstance(event, Event) and event.text for event in events)
    assert any(event.reveals for event in events)  # the setup's chance comes out


def test_illegal_actions_raise_and_change_nothing(game, players):
    states, actions = playout(game, players, 1, stop_at=30)
    foreign = set(actions)
    for state in states[:-1]:
        before = state.to_data()
        legal = set(state.legal_actions())
        for bad in [("no such action",), (), "pass"] + [a for a in foreign if a not in legal][:5]:
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert state.to_data() == before
            assert set(state.legal_actions()) == legal


def test_to_data_round_trips_through_msgpack(game, players):
    states, _ = playout(game, players, 2)
    for state in states:
        data = state.to_data()
        again = game.from_data(packed(data))
        assert packed(again.to_data()) == packed(data)
        assert again.legal_actions() == state.legal_actions()


def test_replaying_seed_and_actions_reproduces_the_state(game, players):
    for seed in (3, 4):
        states, actions = playout(game, players, seed)
        replay = game.new(players, seed=seed, options=short_options(game))
        for action, expected in zip(actions, states[1:]):
            replay.apply(normalise_action(packed(list(action))))
            assert replay.to_data() == expected.to_data()


def test_determinize_depends_only_on_the_view(game, players):
    states, _ = playout(game, players, 5)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(players):
            view = state.view(seat)
            other = state.determinize(seat, random.Random(99))
            assert other.view(seat) == view
            one = state.determinize(seat, random.Random(7))
            two = other.determinize(seat, random.Random(7))
            assert one.to_data() == two.to_data()


def test_views_keep_other_seats_hidden_cards_out(game, players):
    """Redealing what a seat cannot see must not change its view: nothing hidden leaks into it."""
    states, _ = playout(game, players, 6)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(players):
            view = state.view(seat)
            worlds = [state.determinize(seat, random.Random(k)) for k in range(4)]
            assert all(world.view(seat) == view for world in worlds)
            spectator = state.view(None)
            assert all(world.view(None) == spectator for world in worlds)


def test_from_view_builds_a_world_with_the_same_view(game, players):
    states, _ = playout(game, players, 8)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(players):
            view = state.view(seat)
            world = game.from_view(packed(view), seat)
            assert world.view(seat) == view
            assert world.legal_actions() == state.legal_actions() or state.to_move() != seat


def test_clone_is_independent(game, players):
    state = game.new(players, seed=9, options=short_options(game))
    before = state.to_data()
    copy = state.clone()
    rng = random.Random(9)
    for _ in range(10):
        if copy.is_over():
            break
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.to_data() == before
    assert copy.to_data() != before
