"""How to play opened under a notice still on show (ctrl+o's "Options set for a short match.",
then ctrl+g at once: a quiet machine opens it within the notice's 2 s). The notice covered the
end of "Don't show again (d)"; as it went, the frame that uncovered the button began inside it
and sent nothing of it, and a terminal over SSH read "Don't show again▌" until something else
drew the button (an end-to-end test waited for the button's words while How to play showed)."""

from __future__ import annotations

import pyte
import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.textual_adapter import SentFrames, notices, screen_lines

from tables import quick_app, wait_for


@pytest.mark.thorough
@pytest.mark.usefixtures("pause_frames")  # (it reads the frames sent to the terminal)
async def test_the_button_a_notice_covered_reaches_the_terminal_as_the_notice_goes(tmp_path):
    app = quick_app(tmp_path, 5, home=False)
    frames = SentFrames()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await app.push_screen(HowToPlayScreen(GAMES["decktet_caravan"]))
            app.notify("Options set for a short match.", timeout=60)  # (gone when the test says: below)
            await wait_for(pilot, lambda: "Don't show again▌" in "\n".join(screen_lines(app.screen)), "the notice")
            terminal = pyte.Screen(80, 24)
            stream = pyte.Stream(terminal)
            # the terminal as the notice left it: each row's text where it is
            stream.feed("".join(f"\x1b[{y + 1};1H{line}" for y, line in enumerate(screen_lines(app.screen))))
            frames.updates.clear()
            app.clear_notifications()  # (as its time runs out: the toast leaves the screen)
            await wait_for(pilot, lambda: not notices(app), "the notice to go")
            for _ in range(3):
                await pilot.pause(0.1)
            stream.feed(frames.written(app))
            assert "Don't show again (d)" in "\n".join(terminal.display)
            assert terminal.display == screen_lines(app.screen)
    finally:
        frames.stop()
