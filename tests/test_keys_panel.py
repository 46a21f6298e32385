"""The command palette's Keys panel at 80×24 lies over the table's right side: beside it, the
table was squeezed into a third less width and Caravans of Ahldarahd's map wrapped into nonsense;
and it takes half the width, where 28 columns wrapped each key's words under its name."""

from __future__ import annotations

import pytest

from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines

from tables import settled, table_shown, wait_for


@pytest.mark.thorough
async def test_the_keys_panel_leaves_the_table_as_it_was_beside_it(tmp_path):
    seats = [SeatSpec("human"), SeatSpec("random"), SeatSpec("random")]
    runner = MatchRunner.new("ahldarahd", seats, ["Ann", "Bob", "Cy"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        before = screen_lines(app.screen)
        app.action_show_help_panel()
        await wait_for(pilot, lambda: bool(app.screen.query("HelpPanel")), "the Keys panel")
        await pilot.pause()
        panel = app.screen.query_one("HelpPanel")
        after = screen_lines(app.screen)
        left = panel.region.x
        assert 0 < left <= 40 and panel.region.right == 80  # (half the width: 28 columns wrapped every line)
        assert [line[:left] for line in after] == [line[:left] for line in before]
        assert any("Rules" in line[left:] for line in after)  # (the keys, over the table's right side)
