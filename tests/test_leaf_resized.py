"""A part that neither scrolls nor holds others, resized by a layout, asks for no second layout
(a move that resized the table's info panel or a scrollbar laid the table out twice), and shows
what it holds at its new size."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from caravan_tui.textual_adapter import Redraws, leaves_sized_in_place, screen_lines

leaves_sized_in_place()  # (as the app does, for every app of the process)
REDRAWS = Redraws()


class Panel(App[None]):
    CSS = """
    #above { height: auto; }
    #below { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one row", id="above")
            yield Static("the rest\nof the room", id="below")


async def test_a_part_resized_by_a_layout_asks_for_no_second_and_draws_at_its_new_size():
    app = Panel()
    async with app.run_test(size=(30, 8)) as pilot:
        above, below = app.query_one("#above", Static), app.query_one("#below", Static)
        await pilot.pause()
        assert below.region.height == 7
        layouts = REDRAWS.layouts
        above.update("one row\nand another")  # (the part below is made a row shorter)
        await pilot.pause()
        assert REDRAWS.layouts - layouts == 1 and below.region.height == 6
        rows = screen_lines(app.screen)
        assert rows[2].startswith("the rest") and rows[3].startswith("of the room")
