"""What others changed since our last move stays marked when a match is taken up again: the
Camel Caravan board showed "*1 W" and "SIJ·W*·" where the AI had stolen our gems, and after a
save and resume every "*" was gone. The host's whole log at a (re)join carries our view just
after our last move (``Update.since``), and the table marks what changed from it, as it did live."""

from __future__ import annotations

import pytest

from caravan_tui.games import GAMES, get_game
from caravan_tui.games.camel_caravan.board_widget import CamelBoard
from caravan_tui.games.camel_caravan.plays import action_cells
from caravan_tui.screens import game_screen_class

from tables import Table, at_turn, quick_app

OPTIONS = {"short_game": True}
GAME = get_game("camel_caravan")


def played_before(seed: int) -> tuple[list, list]:
    """Our first turn (1 action) and the other's (2 actions): a camel placed on each free space
    in turn, as a match saved at our second turn holds them."""
    state = GAME.new(2, seed=seed, options=GAME.resolve_options(OPTIONS))
    ours, theirs = [], []
    while state.to_move() is not None and len(ours) + len(theirs) < 3:
        mover = state.to_move()
        action = next(a for a in state.legal_actions() if a[0] == "place" and not state.occ[a[-1]])
        (ours if mover == 0 else theirs).append(action)
        state.apply(action, log=False)
    return ours, theirs


@pytest.mark.thorough
async def test_a_resumed_table_marks_what_the_others_changed_since_our_move(tmp_path):
    seed = next(s for s in range(100) if GAME.new(2, seed=s, options=GAME.resolve_options(OPTIONS)).to_move() == 0)
    ours, theirs = played_before(seed)
    assert len(ours) == 1 and len(theirs) == 2
    app = quick_app(tmp_path, 4, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), seed, OPTIONS, ours + theirs)
    async with at_turn(app, table, lambda screen: screen.table.turn is not None, (80, 24)) as (_, _pilot, table):
        changed = set().union(*(action_cells(action) for action in theirs))
        board = table.screen.query_one(CamelBoard)
        assert board.flash == changed and not set(action_cells(ours[0])) & board.flash
        assert table.screen.table.flashes[table.moves()] == changed  # (kept through our turn's actions)


@pytest.mark.thorough
async def test_a_table_joined_before_our_first_move_marks_the_others_moves(tmp_path):
    seed = next(s for s in range(100) if GAME.new(2, seed=s, options=GAME.resolve_options(OPTIONS)).to_move() == 1)
    state = GAME.new(2, seed=seed, options=GAME.resolve_options(OPTIONS))
    theirs = next(a for a in state.legal_actions() if a[0] == "place")  # (their one action; ours next)
    app = quick_app(tmp_path, 4, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), seed, OPTIONS, [theirs])
    async with at_turn(app, table, lambda screen: screen.table.turn is not None, (80, 24)) as (_, _pilot, table):
        assert table.screen.query_one(CamelBoard).flash == set(action_cells(theirs))


@pytest.mark.thorough
async def test_a_table_resumed_in_the_middle_of_our_turn_marks_the_others_changes_not_ours(tmp_path):
    """Saved after the first of our turn's actions, the "*" marks of the other's turn were gone
    on resume (our view after our last move was our view now: nothing between)."""
    seed = next(s for s in range(100) if GAME.new(2, seed=s, options=GAME.resolve_options(OPTIONS)).to_move() == 0)
    ours, theirs = played_before(seed)
    state = GAME.new(2, seed=seed, options=GAME.resolve_options(OPTIONS))
    for action in ours + theirs:
        state.apply(action, log=False)
    now = next(a for a in state.legal_actions() if a[0] == "place" and not state.occ[a[-1]])  # (our turn's first)
    state.apply(now, log=False)
    assert state.to_move() == 0  # (our turn goes on)
    app = quick_app(tmp_path, 4, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), seed, OPTIONS, ours + theirs + [now])
    async with at_turn(app, table, lambda screen: screen.table.turn is not None, (80, 24)) as (_, _pilot, table):
        changed = set().union(*(action_cells(action) for action in theirs))
        board = table.screen.query_one(CamelBoard)
        assert board.flash == changed and not set(action_cells(now)) & board.flash


def came_and_went(seed: int) -> tuple[list, list] | None:
    """Our first turn (1 action), then the other's: a camel placed on a free space, then moved on
    to another, leaving the first space as it was (None: no such move at this seed)."""
    state = GAME.new(2, seed=seed, options=GAME.resolve_options(OPTIONS))
    ours = [next(a for a in state.legal_actions() if a[0] == "place" and not state.occ[a[-1]])]
    state.apply(ours[0], log=False)
    place = next(a for a in state.legal_actions() if a[0] == "place" and not state.occ[a[-1]])
    state.apply(place, log=False)
    if state.to_move() != 1:
        return None
    away = [a for a in state.legal_actions() if a[0] == "move_camel" and place[-1] in action_cells(a)]
    return (ours, [place, away[0]]) if away else None


@pytest.mark.thorough
async def test_a_resumed_table_marks_a_space_a_camel_came_to_and_left(tmp_path):
    """After a save and resume the "*" of a space the AI had moved a camel onto and away from
    again was gone: the table marked what differed between our view after our move and now,
    not what each of the others' moves changed, as it had live."""
    seed, found = next(
        (s, found)
        for s in range(200)
        if GAME.new(2, seed=s, options=GAME.resolve_options(OPTIONS)).to_move() == 0
        and (found := came_and_went(s)) is not None
    )
    ours, theirs = found
    app = quick_app(tmp_path, 4, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), seed, OPTIONS, ours + theirs)
    async with at_turn(app, table, lambda screen: screen.table.turn is not None, (80, 24)) as (_, _pilot, table):
        board = table.screen.query_one(CamelBoard)
        assert theirs[0][-1] in board.flash and set(action_cells(theirs[1])) <= board.flash, board.flash
