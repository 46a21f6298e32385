"""A frame draws every part on the screen that was asked to repaint before it, whether or not the
part has told the screen yet: a move's layout, which resized scrollbars and the season's box, and
the footer's new keys drew a second frame over most of the table's rows."""

from __future__ import annotations

import asyncio

from busy_parts import Busy, BusyPart, SaysResized
from textual.app import App, ComposeResult
from textual.containers import Vertical

from caravan_tui.textual_adapter import Redraws, draw_pending_repaints, leaves_sized_in_place, screen_lines

draw_pending_repaints()  # (as the app does, for every app of the process)
leaves_sized_in_place()  # (the part that grows is laid out once)
REDRAWS = Redraws()


class Panel(App[None]):
    CSS = "SaysResized, BusyPart { height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield SaysResized("one row")
            yield BusyPart("the old words")


async def test_a_layouts_frame_draws_a_repaint_asked_for_before_it_and_no_second_frame_follows():
    app = Panel()
    async with app.run_test(size=(30, 8)) as pilot:
        grows, words = app.query_one(SaysResized), app.query_one(BusyPart)
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
