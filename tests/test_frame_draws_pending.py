"""A frame draws every part on the screen that was asked to repaint before it, whether or not the
part has told the screen yet: a move's layout, which resized scrollbars and the season's box, and
the footer's new keys drew a second frame over most of the table's rows."""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from caravan_tui.textual_adapter import Redraws, draw_pending_repaints, leaves_sized_in_place, screen_lines

draw_pending_repaints()  # (as the app does, for every app of the process)
leaves_sized_in_place()  # (the part that grows is laid out once)
REDRAWS = Redraws()


class Busy(Message):
    """Keeps a part busy until ``done`` is set: it tells the screen what it was asked to repaint
    only when it is next idle."""

    def __init__(self, done: asyncio.Event) -> None:
        super().__init__()
        self.done = done


class Words(Static):
    async def on_busy(self, message: Busy) -> None:
        await message.done.wait()


class Grows(Static):
    """A part whose growth lays the screen out; says when the layout has given it its new size."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.resized = asyncio.Event()

    def on_resize(self, event: events.Resize) -> None:
        self.resized.set()


class Panel(App[None]):
    CSS = "Grows, Words { height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Grows("one row")
            yield Words("the old words")


async def test_a_layouts_frame_draws_a_repaint_asked_for_before_it_and_no_second_frame_follows():
    app = Panel()
    async with app.run_test(size=(30, 8)) as pilot:
        grows, words = app.query_one(Grows), app.query_one(Words)
        await pilot.pause()
        frames, done = REDRAWS.frames, asyncio.Event()
        grows.resized.clear()
        words.post_message(Busy(done))
        words.update("the new words", layout=False)  # (told to the screen once the part is idle)
        grows.update("one row\nand another")  # (the screen laid out and drawn)
        await asyncio.wait_for(grows.resized.wait(), 5)
        done.set()
        await pilot.pause()
        assert REDRAWS.frames - frames == 1  # (the layout's, with the new words in it)
        assert screen_lines(app.screen)[2].startswith("the new words")
