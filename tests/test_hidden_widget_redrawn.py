"""A notice that timed out stayed on the screen ("Saved" over the log and the status line, until
a resize): the layout that hid it compared its map with one built again lazily once the notice
had left, found no change where it was, and drew nothing there (``redraw_where_hidden``)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from caravan_tui.textual_adapter import laid_out_again, redraw_where_hidden


class Covered(App[None]):
    CSS = "Screen { layers: under over; } #over { layer: over; offset: 10 1; width: 12; height: 3; }"

    def compose(self) -> ComposeResult:
        yield Static("under " * 40, id="under")
        yield Static("a notice", id="over")


async def test_a_layout_marks_again_the_area_a_widget_it_hides_was_showing():
    redraw_where_hidden()  # (as every app of the process has it: caravan_tui.app installs it)
    app = Covered()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        over = app.query_one("#over")
        shown = over.region
        assert shown
        over.display = False
        marked = laid_out_again(app.screen)
        assert any(area.overlaps(shown) for area in marked), marked
