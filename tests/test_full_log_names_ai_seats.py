"""Over SSH: the whole log's Tab filled in "AI 3 (normal)", which no line of the log holds (it
says "AI 3"): "0 of 31 lines", as if the AI's seat had done nothing."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.seats import SeatSpec

from tables import settled, table_shown, wait_for


@pytest.mark.thorough
async def test_tab_names_an_ai_seat_as_the_log_does(tmp_path, worker):
    runner = MatchRunner.new(
        "merchant_lord", [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "AI 2 (easy)"], 3, {}, None, worker=worker
    )
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "our turn")
        await wait_for(pilot, lambda: any("AI 2" in line for line, _ in screen.table.log), "a line of AI 2's")
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, FullLogScreen), "the whole log")
        await pilot.press("tab", "tab")
        field = app.screen.query_one("#log-filter", Input)
        await wait_for(pilot, lambda: field.value == "AI 2", f"AI 2's filter: {field.value}")
        shown = app.screen.query_one("#full-log").lines_text
        assert shown and all("AI 2" in line for line in shown), shown
