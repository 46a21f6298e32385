"""``a`` (take the hint) lends the hinted play's widget the focus until the play is made: the
plays list kept it, and the next decision's first line was highlighted there, so an Enter typed
before that decision showed played it unseen (Merchant Lord, Camel Caravan, whole matches at
80×24). The next decision starts with no line highlighted: a first Enter highlights one."""

from __future__ import annotations

import pytest
from test_camel_screen import at_my_turn as at_my_camel_turn
from test_camel_screen import next_turn, status
from test_merchant_lord_screen import ENDS, at_my_turn, play_until

from caravan_tui.games.merchant_lord.rules import FAVOUR
from caravan_tui.widgets import ActionList

from tables import wait_for


def staying(state) -> list:
    """The plays after which the turn is still the mover's."""
    mover, stays = state.to_move(), []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action, False)
        if after.to_move() == mover:
            stays.append(action)
    return stays


@pytest.mark.thorough
async def test_camel_caravan_a_stray_enter_after_a_hint_taken_plays_nothing(tmp_path):
    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen = app.screen
        host = app.runner.host
        while not (stays := staying(host.state)):  # (the camels placed first, one a turn)
            screen.act(screen.table.legal[0])
            await next_turn(pilot, app)
        hinted = stays[-1]
        screen.show_hint(hinted, "")
        await pilot.pause()
        start = host.turn
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        assert screen.focused is plays and plays.highlighted_action == hinted
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the next decision")
        assert host.actions[start] == hinted
        assert plays.highlighted is None
        await wait_for(pilot, lambda: "highlight the first play" in status(screen), "the line saying what Enter does")
        await pilot.press("enter")  # the stray one
        assert screen.table.turn is not None and host.turn == start + 1
        assert plays.highlighted == 0  # (it said what the next Enter plays)
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start + 1, "the play")


@pytest.mark.thorough
async def test_merchant_lord_a_stray_enter_after_a_hint_taken_plays_nothing(tmp_path):
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    end = next(a for a in state.legal_actions() if a in ENDS)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        screen.show_hint(end, "")
        await pilot.pause()
        start = table.moves()
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        assert screen.focused is plays and plays.highlighted_action == end
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start and screen.table.turn is not None, "the next decision")
        assert table.runner.host.actions[start] == end
        assert plays.has_focus and plays.highlighted is None
        await wait_for(pilot, lambda: "highlight the first play" in status(screen), "the line saying what Enter does")
        await pilot.press("enter")  # the stray one
        assert screen.table.turn is not None and table.moves() == start + 1


@pytest.mark.thorough
async def test_after_a_hints_play_left_and_right_move_over_the_board_again(tmp_path):
    """Caravans of Ahldarahd and Camel Caravan at 80×24: after ``a`` and Enter the focus stayed in
    the plays list, where left and right did nothing and said nothing (the keys table: "arrows:
    move over the map"). They give the keys back to the board ``a`` took them from, and move
    there; where the list had the keys from the start, they say where the arrows work."""
    from caravan_tui.games.camel_caravan.board_widget import CamelBoard
    from caravan_tui.screens.table_overlays import ASIDE
    from caravan_tui.textual_adapter import notices

    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen = app.screen
        host = app.runner.host
        board, plays = screen.query_one(CamelBoard), screen.query_one(ActionList)
        plays.focus()
        await pilot.press("left")
        await wait_for(pilot, lambda: any(ASIDE in n.message for n in notices(app)), "where the arrows work")
        assert plays.has_focus
        board.focus()
        await pilot.pause()
        screen.show_hint(screen.table.legal[0], "")
        await pilot.pause()
        start = host.turn
        await pilot.press("a")
        assert screen.focused is plays
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the next decision")
        assert plays.has_focus  # (a stray Enter highlights a play: ``test_camel_caravan_a_stray_enter…``)
        cursor = board.cursor
        await pilot.press("left")
        await wait_for(pilot, lambda: board.has_focus and board.cursor == cursor - 1, "the board's keys, and the move")
