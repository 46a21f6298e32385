"""Home's "There is no unfinished match to continue." (c) stood over New match (n), where it cut
the description of its first option to "Hands to▌": a notice about the screen left goes as
another is made current."""

from __future__ import annotations

from test_app import make_app

from caravan_tui.screens.new_match import NewMatchScreen
from caravan_tui.textual_adapter import notices

from tables import wait_for

NONE_TO_CONTINUE = "There is no unfinished match to continue."


async def test_homes_notice_goes_when_new_match_opens(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await wait_for(pilot, lambda: NONE_TO_CONTINUE in [note.message for note in notices(app)], "the notice")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen), "new match")
        assert NONE_TO_CONTINUE not in [note.message for note in notices(app)]
