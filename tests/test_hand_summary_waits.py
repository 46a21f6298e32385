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


async def test_continue_stays_on_screen_under_a_long_hand_at_80x24(tmp_path):
    """Hand 2 of a match: one line more, folded ("…the Chance / Meeting."), pushed "Continue
    (enter)" off the dialog, with no scroll bar. The table and the lines under it scroll; the
    button stays below them."""
    from rich.text import Text

    from caravan_tui.textual_adapter import screen_lines

    from tables import quick_app

    app = quick_app(tmp_path, 20, home=False)
    summary = Text("\n".join(f"row {row}: a pile and its score" for row in range(14)))
    since = [f"AI 2 was left holding the Desert, the Soldier, the Chance and card {n} of the hand" for n in range(4)]
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HandSummaryScreen(summary, since=since))
        await pilot.pause()
        drawn = screen_lines(app.screen)
        assert any("Continue (enter)" in line for line in drawn), "\n".join(drawn)
