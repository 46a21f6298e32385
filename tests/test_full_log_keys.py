"""The whole log's Home and End go to its first and last lines while its filter is empty: the
filter line had the focus and took them (its cursor moved within an empty field), so they did
nothing and said nothing. With words in the filter they move its cursor, as in any line."""

from __future__ import annotations

import pytest
from textual.app import App

from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.widgets.log import LogLines

from tables import wait_for


@pytest.mark.thorough
async def test_home_and_end_scroll_the_whole_log():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FullLogScreen([f"Line {n}: Ann plays." for n in range(200)], ["Ann"]))
        log = app.screen.query_one(LogLines)
        await wait_for(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the log's end")
        await pilot.press("home")
        await wait_for(pilot, lambda: log.scroll_y == 0, "the log's start")
        await pilot.press("end")
        await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y, "the log's end again")
        await pilot.press("A", "n", "n", "home", "x")  # (the filter's own start, with words in it)
        assert app.screen.query_one("#log-filter").value == "xAnn"
