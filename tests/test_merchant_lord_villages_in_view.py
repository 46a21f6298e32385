"""Merchant Lord at 80×24: your own villages stay in view once merchants are tucked, wherever the
villages' cursor goes (a newcomer lost them off the top of the box while looking at an opponent's)."""

from __future__ import annotations

import pytest
from test_merchant_lord_screen import SIZE, make_app, my_turn, play_until, table_at
from textual.containers import ScrollableContainer

from caravan_tui.games.merchant_lord.rules import SELL
from caravan_tui.games.merchant_lord.widgets import VillageBoard

from tables import at_turn, wait_for


def both_grown(state) -> bool:
    """Seat 0 sells, and both seats have tucked merchants (17 table cards between them): wrapped,
    their villages take more lines than the box has at 80×24."""
    return state.turn == 0 and state.phase == SELL and sum(state.view(0)["table"]) >= 17


def in_view(board: VillageBoard, box: ScrollableContainer) -> list[tuple[str | None, bool]]:
    """Each line of the villages: its village, and whether it is in the box's visible part."""
    top, height = int(box.scroll_y), box.scrollable_content_region.height
    return [(key, top <= y < top + height) for y, (key, _line) in enumerate(board.lines(board.content_size.width))]


@pytest.mark.thorough
async def test_your_villages_stay_in_view_with_the_cursor_on_an_opponents_last_village(tmp_path):
    prefix, _state = play_until(both_grown, seed=2)
    app = make_app(tmp_path, home=False)
    async with at_turn(app, table_at(app, prefix, seed=2), my_turn, SIZE) as (_app, pilot, table):
        board = table.screen.query_one(VillageBoard)
        box = table.screen.query_one("#ml-villages-box", ScrollableContainer)
        for village in ("P1-V34", "P1-V16", "P0-V34", "P1-V34"):
            board.move_to(village)
            await wait_for(
                pilot,
                lambda v=village: all(shown for key, shown in in_view(board, box) if key == v),
                f"{village} in view",
            )
            assert all(shown for key, shown in in_view(board, box) if key in ("P0-V16", "P0-V25", "P0-V34")), village
        # (each village a line, its merchants by their stalls: `+2¶`)
        lines = [line.plain for key, line in board.lines(board.content_size.width) if key == "P0-V16"]
        assert len(lines) == 1 and " +" in lines[0]
