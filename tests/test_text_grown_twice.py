"""A text that grows twice before its own request to be laid out reaches the screen is laid out at
its last size (Merchant Lord's builder, grown by a row at a turn's start, kept its old rows)."""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from caravan_tui.textual_adapter import lay_out_every_change, screen_lines

lay_out_every_change()  # (as the app does, for every app of the process)

TWO_ROWS = "Buy from the row (enter), 5 coins each, you have 6 coins: e done"
THREE_ROWS = f"{TWO_ROWS}\nM15: left papyrus"


class Busy(Message):
    """Keeps the text busy until ``done`` is set: a widget asks the screen to lay it out only
    when it is next idle (what a widget busy with other messages, or not yet run, does late)."""

    def __init__(self, done: asyncio.Event) -> None:
        super().__init__()
        self.done = done


class Text(Static):
    async def on_busy(self, message: Busy) -> None:
        await message.done.wait()


class Above(Static):
    """A part above the text that takes the room left (``1fr``), and says when its size changed."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.resized = asyncio.Event()

    def on_resize(self, event: events.Resize) -> None:
        self.resized.set()


class Panel(App[None]):
    CSS = """
    Above { height: 1fr; }
    Text { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Above("above")
            yield Text("Buy from the row.")


async def test_a_text_grown_again_before_its_layout_is_laid_out_at_its_last_size():
    """The order that lost the rows: the text grows (it asks for a layout; its request reaches
    the screen only when the text is next idle), a layout another part asked for runs first and
    lays the grown text out, and the text grows again before its own request is sent. Textual
    keeps a widget's size by how many times it was asked to lay out, counted only while no
    request is waiting: the second growth was laid out at the first's size, its last row never
    drawn."""
    app = Panel()
    async with app.run_test(size=(40, 12)) as pilot:
        text, above = app.query_one(Text), app.query_one(Above)
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
