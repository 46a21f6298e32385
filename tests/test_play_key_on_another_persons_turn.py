"""A game's own play key pressed on another person's turn (``e`` to end a turn, or Merchant
Lord's Done) did nothing and said nothing: the footer leaves it out there, rightly, but a key
that answers nothing reads as a dead keyboard. It says whose turn it is not."""

from __future__ import annotations

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.table_keys import NOT_YOUR_TURN
from caravan_tui.textual_adapter import notices

from tables import Table, quick_app, settled, wait_for


@pytest.mark.thorough
async def test_e_on_another_persons_turn_says_it_is_not_ours(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {}, names=("Ann", "Bob"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        if screen.table.turn is not None:  # Ann starts: her one action, then Bob's turn
            screen.act(next(a for a in screen.table.legal if a[0] == "place"))
            await wait_for(pilot, lambda: screen.table.turn is None and screen.table.view["to_move"] == 1, "Bob's")
        app.clear_notifications()
        await pilot.press("e")
        await pilot.pause()
        assert [notice.message for notice in notices(app)] == [NOT_YOUR_TURN]
        assert screen.table.view["to_move"] == 1  # (and nothing was played)
        app.clear_notifications()
        await pilot.press("z")  # (no play key: still nothing said)
        await pilot.pause()
        assert not notices(app)
