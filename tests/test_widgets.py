"""The shared widgets on their own (Pilot)."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets.option_list import Option

from caravan_tui.widgets import ActionList, StopAtEnds


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield StopAtEnds(Option("first"), Option("off", disabled=True), Option("second"), Option("last"))


async def test_arrows_stop_at_the_ends_of_a_list_and_skip_disabled_rows():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        rows = app.query_one(StopAtEnds)
        rows.focus()
        rows.highlighted = 0
        await pilot.press("up", "up")
        assert rows.highlighted == 0  # an OptionList would be on "last" now
        await pilot.press("down")
        assert rows.highlighted == 2  # "off" is skipped
        await pilot.press("down", "down", "down")
        assert rows.highlighted == 3


def test_the_plays_list_stops_at_its_ends():
    assert issubclass(ActionList, StopAtEnds)
