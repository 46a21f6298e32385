"""The game contract (DESIGN §2), checked for every registered game."""

from __future__ import annotations

import itertools
import random

import pytest
from view_types import packed, problems

from caravan_tui.engine import (
    SEAT_FIELD,
    VIEW_HEADER,
    Event,
    IllegalAction,
    State,
    TurnState,
    normalise_action,
    render,
)
from caravan_tui.games import GAMES

SEEDS = range(12)
#: the playouts each configuration runs to its end: the seeds differ in their deals, and the code
#: they run is the same after a few (every configuration of every game runs them)
PLAYOUT_SEEDS = range(4)


def configurations():
    for game in GAMES.values():
        for players in game.players:
            yield pytest.param(game, players, id=f"{game.id}-{players}p")


def short_options(game) -> dict:
    """The options that make the game's quick match."""
    return game.quick_options


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


def seat_views(game, players, seed):
    """About ten states spread over a playout, each with every seat and that seat's view."""
    states, _ = playout(game, players, seed)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(players):
            yield state, seat, state.view(seat)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test taking ``game, players`` runs for every configuration of every game."""
    if {"game", "players"} <= set(metafunc.fixturenames):
        metafunc.parametrize("game,players", list(configurations()))


@pytest.mark.thorough
def test_random_playouts_terminate_with_valid_outcome(game, players):
    for seed in PLAYOUT_SEEDS:
        states, _ = playout(game, players, seed)
        final = states[-1]
        assert final.is_over() and final.to_move() is None and final.legal_actions() == []
        outcome = final.outcome()
        assert len(outcome) == players and all(0.0 <= x <= 1.0 for x in outcome)
        if players > 1:
            assert sum(outcome) == pytest.approx(1.0)
        assert len(final.scores()) == players
        for state in states[:: max(1, len(states) // 8)]:
            estimate = state.estimate()
            assert len(estimate) == players and all(0.0 <= x <= 1.0 for x in estimate)


@pytest.mark.thorough
def test_ranks_lead_with_the_score_and_put_the_winners_first(game, players):
    """``State.ranks``: each seat's score, then its tie-breaks; the seats the outcome makes
    winners are those ranked highest (a record places the others by it)."""
    for seed in PLAYOUT_SEEDS:
        final = playout(game, players, seed)[0][-1]
        ranks, outcome = final.ranks(), final.outcome()
        assert [rank[0] for rank in ranks] == final.scores()
        if players > 1:
            assert {s for s in range(players) if outcome[s] == max(outcome)} == {
                s for s in range(players) if ranks[s] == max(ranks)
            }


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


def test_a_finished_game_refuses_every_action(game, players):
    """Loading a save relies on it: an action logged past the end is refused, not played."""
    states, actions = playout(game, players, 3)
    final = states[-1]
    before = final.to_data()
    for action in actions[-5:] + [("pass",)]:
        with pytest.raises(IllegalAction):
            final.apply(action)
        assert final.to_data() == before


@pytest.mark.thorough
def test_to_data_round_trips_through_msgpack(game, players):
    states, _ = playout(game, players, 2)
    for state in states:
        data = state.to_data()
        again = game.from_data(packed(data))
        assert packed(again.to_data()) == packed(data)
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.thorough
def test_replaying_seed_and_actions_reproduces_the_state(game, players):
    for seed in (3, 4):
        states, actions = playout(game, players, seed)
        replay = game.new(players, seed=seed, options=short_options(game))
        for action, expected in zip(actions, states[1:]):
            replay.apply(normalise_action(packed(list(action))))
            assert replay.to_data() == expected.to_data()


def test_determinize_depends_only_on_the_view(game, players):
    for state, seat, view in seat_views(game, players, 5):
        other = state.determinize(seat, random.Random(99))
        assert other.view(seat) == view
        one = state.determinize(seat, random.Random(7))
        two = other.determinize(seat, random.Random(7))
        assert one.to_data() == two.to_data()


def test_views_keep_other_seats_hidden_cards_out(game, players):
    """Redealing what a seat cannot see must not change its view: nothing hidden leaks into it."""
    for state, seat, view in seat_views(game, players, 6):
        worlds = [state.determinize(seat, random.Random(k)) for k in range(4)]
        assert all(world.view(seat) == view for world in worlds)
        spectator = state.view(None)
        assert all(world.view(None) == spectator for world in worlds)


def test_from_view_builds_a_world_with_the_same_view(game, players):
    for state, seat, view in seat_views(game, players, 8):
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


def test_a_clone_is_written_from_every_slot():
    """Copied slots are copied (nested ones two levels deep), every other slot is shared, and a
    copied name that is not a slot is refused when the class is made."""

    class Piece(TurnState):
        __slots__ = ("label", "items", "rows")
        COPIED = ("items",)
        NESTED = ("rows",)

    piece = Piece()
    piece.turn, piece._legal, piece.label, piece.items, piece.rows = 1, [("a",)], ("x",), [1, 2], [[3], [4]]
    copy = piece.clone()
    assert (copy.turn, copy._legal, copy.label, copy.items, copy.rows) == (1, [("a",)], ("x",), [1, 2], [[3], [4]])
    assert copy._legal is piece._legal and copy.label is piece.label
    assert copy.items is not piece.items and copy.rows[0] is not piece.rows[0]
    with pytest.raises(TypeError, match="no slot for: item"):

        class Wrong(TurnState):
            __slots__ = ("items",)
            COPIED = ("item",)


def test_the_state_class_is_the_declared_state_type(game, players):
    state = game.new(players, seed=0, options=short_options(game))
    assert isinstance(state, State)
    for name in ("new", "from_data", "from_view"):
        assert callable(getattr(game.state_class, name))


@pytest.mark.parametrize("game", [game for game in GAMES.values() if 1 in game.players], ids=lambda game: game.id)
def test_solo_outcome_grows_with_the_result(game):
    """One player: a single value in [0, 1] that never falls as the score rises, so search has
    something to maximise (DESIGN §2)."""
    finals = [playout(game, 1, seed)[0][-1] for seed in SEEDS]
    ranked = sorted((final.scores()[0], final.outcome()[0]) for final in finals)
    assert all(0.0 <= value <= 1.0 for _, value in ranked)
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(ranked) if a[0] < b[0])


def test_every_view_has_the_header(game, players):
    states, _ = playout(game, players, 10)
    for state in states[:: max(1, len(states) // 10)] + [states[-1]]:
        for seat in [*range(players), None]:
            view = state.view(seat)
            assert set(VIEW_HEADER) <= set(view)
            assert view["seat"] == seat and view["to_move"] == state.to_move()
            assert view["over"] == state.is_over() and len(view["scores"]) == players


def test_every_view_is_of_the_type_its_game_declares(game, players):
    """The screens read a view as the game's declared type (``Game.view_type``), which mypy checks
    them against: every view of a playout, for every seat and a spectator, has every required key,
    none undeclared, and every value of its declared type, as built and after msgpack (how a
    session over SSH receives it)."""
    assert game.view_type is not None, f"{game.id} declares no view type"
    states, _ = playout(game, players, 10)
    for state in states[:: max(1, len(states) // 10)] + [states[-1]]:
        for seat in [*range(players), None]:
            view = state.view(seat)
            assert not problems(view, game.view_type), problems(view, game.view_type)
            assert not problems(packed(view), game.view_type), problems(packed(view), game.view_type)


def test_events_name_seats_as_fields_and_render_per_viewer(game, players):
    """No event says "Player 2": seats are {pN} fields, filled in with names, "you" for the viewer."""
    names = [f"Name{seat}" for seat in range(players)]
    state = game.new(players, seed=11, options=short_options(game))
    rng = random.Random(11)
    events = list(state.opening_events())
    while not state.is_over() and len(events) < 400:
        events += state.apply(rng.choice(state.legal_actions()))
    for event in events:
        assert "Player " not in event.text
        for match in SEAT_FIELD.finditer(event.text):
            assert int(match[1]) < players
        for viewer in [*range(players), None]:
            rendered = event.render(names, viewer)
            assert "{" not in rendered and "}" not in rendered
            if viewer is not None and f"{{p{viewer}}}" in event.text:
                assert "you" in rendered.lower() and names[viewer] not in rendered


def test_apply_without_log_builds_no_events_and_reaches_the_same_state(game, players):
    states, actions = playout(game, players, 12)
    quiet = game.new(players, seed=12, options=short_options(game))
    for action, expected in zip(actions, states[1:]):
        assert quiet.apply(action, log=False) == []
        assert quiet.to_data() == expected.to_data()


def test_describe_reads_every_legal_action(game, players):
    names = [f"Name{seat}" for seat in range(players)]
    states, _ = playout(game, players, 13)
    for state in states[:: max(1, len(states) // 12)]:
        if state.is_over():
            continue
        seat = state.to_move()
        for action in state.legal_actions():
            text = render(state.describe(action, seat), names, seat)
            assert text and text != repr(action) and "{" not in text


def test_setup_problem_refuses_exactly_the_setups_new_refuses(game, players):
    """Every combination of the game's option choices: the check the command line makes before a
    match starts says what ``State.new`` would refuse, in its words, and nothing else."""
    names = list(game.options)
    for values in itertools.product(*(game.options[name].choices for name in names)):
        options = dict(zip(names, values, strict=True))
        problem = game.setup_problem(players, options)
        try:
            game.state_class.new(players, seed=1, options=options)
        except ValueError as error:
            assert problem == str(error), options
        else:
            assert problem is None, options
