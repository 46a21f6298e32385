"""What newcomers found in their first Merchant Lord match, each checked as they met it."""
from __future__ import annotations

from test_merchant_lord_screen import at_my_turn, builder_position, play_until

from caravan_tui.widgets import TablePanel
from caravan_tui.widgets.table_panel import MORE

from tables import wait_for


async def test_the_since_panels_ctrl_arrows_scroll_it_rather_than_close_it(tmp_path):
    """The bug: the panel's foot said "ctrl+↑↓ more", and ctrl+↓ closed it."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        since = table.screen.query_one("#since-panel", TablePanel)
        since.show("Since your last turn (any key closes)", [f"• Bot did thing {k}." for k in range(30)],
                   "ctrl+l: the whole log")
        await wait_for(pilot, lambda: since.max_scroll_y > 0 and MORE in str(since.border_subtitle), "the foot")
        await pilot.press("ctrl+down", "ctrl+down")
        assert since.showing and since.scroll_y > 0
        await pilot.press("ctrl+up")
        assert since.showing
        await pilot.press("x")
        assert not since.showing
