"""The "Meanwhile" panel came at the next turn with the end of the hand the person had read in the
hand's summary (minutes later over SSH, when a stand-in's grace ran between): a summary says what
happened up to it, so the panel starts afresh there."""

from __future__ import annotations

import pytest

from caravan_tui.games.decktet_caravan.hand_summary import HandSummaryScreen
from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import MatchLog, TablePanel

from tables import table_shown, wait_for


@pytest.mark.thorough
async def test_the_since_panel_holds_nothing_a_hand_summary_showed(tmp_path):
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 4, {}, None)
    async with table_shown(tmp_path, runner, shared=True) as (app, pilot, screen):
        for _ in range(80):
            await wait_for(
                pilot, lambda: screen.table.turn is not None or isinstance(app.screen, HandSummaryScreen), "a turn"
            )
            if isinstance(app.screen, HandSummaryScreen):
                break
            screen.act(screen.table.legal[0])
        assert isinstance(app.screen, HandSummaryScreen)
        assert screen.bus.since == []  # (the summary says it all, the lines before it with it)
        # (and shows them: the other's last play, which ended the hand, was only in the full log)
        shown = "\n".join(screen_lines(app.screen))
        assert "Since your last move" in shown and app.screen.since, shown
        assert app.screen.since[-1][:40] in shown.replace("\n", " "), (app.screen.since, shown)
        summed_up = len(screen.query_one(MatchLog).lines_text)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen and screen.table.turn is not None, "the next turn")
        since = screen.query_one("#since-panel", TablePanel)
        if since.showing:
            after = screen.query_one(MatchLog).lines_text[summed_up:]
            assert all(line in after for line in since.text.splitlines()), since.text
