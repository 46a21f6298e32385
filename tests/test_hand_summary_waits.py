"""A hand's summary that comes while another screen is over the table (the whole log, its filter
being typed in) waits for the table: shown over the log, it took the keys typed into the filter,
with no sign (a watcher over SSH)."""

from __future__ import annotations

import pytest

from caravan_tui.games.decktet_caravan.hand_summary import HandSummaryScreen
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.seats import SeatSpec

from tables import table_shown, wait_for


@pytest.mark.thorough
async def test_a_hand_summary_waits_for_the_table_under_the_whole_log(tmp_path):
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 4, {}, None)
    async with table_shown(tmp_path, runner, shared=True) as (app, pilot, screen):
        for _ in range(80):
            await wait_for(
                pilot, lambda: screen.table.turn is not None or isinstance(app.screen, HandSummaryScreen), "a turn"
            )
            if isinstance(app.screen, HandSummaryScreen):  # (a hand our own move ended)
                await pilot.press("enter")
                continue
            hands = len(screen.table.view["history"])
            await pilot.press("ctrl+l")
            await wait_for(pilot, lambda: isinstance(app.screen, FullLogScreen), "the whole log")
            log = app.screen
            screen.act(screen.table.legal[0])
            await wait_for(
                pilot,
                lambda hands=hands: len(screen.table.view["history"]) > hands or screen.table.turn is not None,
                "the next turn or the hand's end",
            )
            if len(screen.table.view["history"]) > hands:
                break
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "the table")
        else:
            pytest.fail("no hand ended")
        await pilot.press("y", "o", "u")
        await pilot.pause()
        assert app.screen is log and log.query_one("Input").value == "you"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary, the table back")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen, "the table after it")
