"""A text that grows twice before its own request to be laid out reaches the screen is laid out at
its last size (Merchant Lord's builder, grown by a row at a turn's start, kept its old rows)."""

from __future__ import annotations

import asyncio

from busy_parts import Busy, BusyPart, SaysResized
from textual.app import App, ComposeResult
from textual.containers import Vertical

from caravan_tui.textual_adapter import lay_out_every_change, screen_lines

lay_out_every_change()  # (as the app does, for every app of the process)

TWO_ROWS = "Buy from the row (enter), 5 coins each, you have 6 coins: e done"
THREE_ROWS = f"{TWO_ROWS}\nM15: left papyrus"


class Panel(App[None]):
    CSS = """
    SaysResized { height: 1fr; }
    BusyPart { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield SaysResized("above")
            yield BusyPart("Buy from the row.")


async def test_a_text_grown_again_before_its_layout_is_laid_out_at_its_last_size():
    """The order that lost the rows: the text grows (it asks for a layout; its request reaches
    the screen only when the text is next idle), a layout another part asked for runs first and
    lays the grown text out, and the text grows again before its own request is sent. Textual
    keeps a widget's size by how many times it was asked to lay out, counted only while no
    request is waiting: the second growth was laid out at the first's size, its last row never
    drawn."""
    app = Panel()
    async with app.run_test(size=(40, 12)) as pilot:
        text, above = app.query_one(BusyPart), app.query_one(SaysResized)
        await pilot.pause()
        assert text.region.height == 1
        done = asyncio.Event()
        above.resized.clear()
        text.post_message(Busy(done))
        text.update(TWO_ROWS)  # (a layout asked for, sent to the screen once the text is idle)
        above.update("above\nit")  # (another part's layout: it lays the text out at two rows)
        await asyncio.wait_for(above.resized.wait(), 5)
        assert text.region.height == 2
        text.update(THREE_ROWS)
        done.set()
        await pilot.pause()
        assert text.region.height == 3
        rows = screen_lines(app.screen)[text.region.y : text.region.bottom]
        assert "M15: left papyrus" in rows[-1]
