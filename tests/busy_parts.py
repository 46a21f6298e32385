"""Parts for tests of what a frame or a layout does with a part busy with other messages: a part
tells the screen what it was asked to repaint or lay out only when it is next idle."""

from __future__ import annotations

import asyncio

from textual import events
from textual.message import Message
from textual.widgets import Static


class Busy(Message):
    """Keeps a ``BusyPart`` busy until ``done`` is set."""

    def __init__(self, done: asyncio.Event) -> None:
        super().__init__()
        self.done = done


class BusyPart(Static):
    async def on_busy(self, message: Busy) -> None:
        await message.done.wait()


class SaysResized(Static):
    """A part that says when a layout has given it a new size (``resized``)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.resized = asyncio.Event()

    def on_resize(self, event: events.Resize) -> None:
        self.resized.set()
