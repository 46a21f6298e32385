"""After a play chosen from the plays list (Enter on a line), the next decision's list came up
with its first line highlighted, so a quick second Enter, or one pressed while the AI replied,
played a line never chosen (Camel Caravan over SSH at 80×24: 1 + 2 actions spent). After every
play the next decision starts with no line highlighted: a first Enter highlights the first line
and plays nothing (as the status line says), and so does an arrow."""

from __future__ import annotations

import pytest
from test_ahldarahd_screen import at_my_turn as at_my_ahldarahd_turn
from test_camel_screen import at_my_turn as at_my_camel_turn
from test_camel_screen import next_turn, status
from test_merchant_lord_screen import ENDS, at_my_turn, play_until
from test_taking_a_hint_lends_the_focus import staying

from caravan_tui.games.merchant_lord.rules import FAVOUR
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets import ActionList

from tables import wait_for


async def highlight(pilot, plays: ActionList, action) -> None:
    """Move the plays list's highlight to ``action`` with the arrows."""
    if plays.highlighted is None:
        await pilot.press("down")
    while plays.highlighted_action != action:
        await pilot.press("down")


async def a_stay_highlighted(app, pilot):
    """The screen, the host, the focused plays list with a Camel Caravan stay highlighted, and
    that stay (the camels placed first, one a turn)."""
    screen, host = app.screen, app.runner.host
    while not (stays := staying(host.state)):
        screen.act(screen.table.legal[0])
        await next_turn(pilot, app)
    plays = screen.query_one(ActionList)
    plays.focus()
    await highlight(pilot, plays, stays[0])
    return screen, host, plays, stays[0]


@pytest.mark.thorough
async def test_camel_caravan_enter_enter_quickly_makes_one_play(tmp_path):
    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen, host, plays, stay = await a_stay_highlighted(app, pilot)
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the next decision")
        await wait_for(pilot, lambda: "highlight the first play" in status(screen), "the line saying what Enter does")
        assert host.actions[start] == stay and plays.has_focus
        await pilot.press("enter")  # (the second Enter, as the next decision shows)
        assert screen.table.turn is not None and host.turn == start + 1
        assert plays.highlighted == 0  # (as the status line said: the first line highlighted, not played)


@pytest.mark.thorough
async def test_camel_caravan_two_enters_at_once_make_one_play(tmp_path):
    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen, host, plays, stay = await a_stay_highlighted(app, pilot)
        start = host.turn
        await pilot.press("enter", "enter")  # (the second before or after the next decision shows)
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the next decision")
        await pilot.pause()
        assert host.actions[start] == stay and host.turn == start + 1 and plays.highlighted in (None, 0)


@pytest.mark.thorough
async def test_camel_caravan_an_arrow_highlights_the_first_line_after_a_play(tmp_path):
    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen, host, plays, _ = await a_stay_highlighted(app, pilot)
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the next decision")
        await pilot.pause()
        assert plays.highlighted is None
        await pilot.press("down")
        assert plays.highlighted == 0 and host.turn == start + 1


@pytest.mark.thorough
async def test_merchant_lord_enter_enter_quickly_makes_one_play(tmp_path):
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    end = next(a for a in state.legal_actions() if a in ENDS)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        await highlight(pilot, plays, end)
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start and screen.table.turn is not None, "the next decision")
        await wait_for(pilot, lambda: "highlight the first play" in status(screen), "the line saying what Enter does")
        assert table.runner.host.actions[start] == end and plays.has_focus
        await pilot.press("enter")
        assert screen.table.turn is not None and table.moves() == start + 1
        assert plays.highlighted == 0


@pytest.mark.thorough
async def test_caravans_of_ahldarahd_a_second_enter_after_a_play_plays_nothing(tmp_path):
    async with at_my_ahldarahd_turn(tmp_path) as (app, pilot, table):
        screen = app.screen
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        if plays.highlighted is None:
            await pilot.press("down")
        chosen, start = plays.highlighted_action, table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the play")
        assert table.runner.host.actions[start] == chosen
        while not (screen.table.turn is not None and table.moves() > start):
            if table.runner.host.state.to_move() == 1:
                await table.bot_plays(lambda legal: legal[0])
            await pilot.pause()
        await wait_for(pilot, lambda: "highlight the first play" in status(screen), "the line saying what Enter does")
        assert plays.has_focus and plays.highlighted is None
        moves = table.moves()
        await pilot.press("enter")
        assert screen.table.turn is not None and table.moves() == moves and plays.highlighted == 0


@pytest.mark.thorough
async def test_camel_caravan_a_play_made_again_while_the_first_goes_says_nothing(tmp_path):
    """The board's Enter (a camel placed at the cursor) pressed again before the host's answer
    came said "It is not your turn." on our turn; while our play is on its way, it says nothing
    and plays nothing."""
    async with at_my_camel_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        place = next(action for action in screen.table.legal if action[0] == "place")
        start = host.turn
        app.clear_notifications()
        screen.act(place)
        screen.act(place)  # (the same key again, before the answer)
        await wait_for(pilot, lambda: host.turn > start, "the play made")
        await pilot.pause()
        assert host.actions[start] == place and 0 not in host.movers[start + 1 : host.turn]  # (the AI's moves after)
        assert not notices(app), [notice.message for notice in notices(app)]
