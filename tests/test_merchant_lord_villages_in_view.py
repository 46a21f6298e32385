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


async def test_an_arrow_past_the_last_village_asks_for_a_folded_players_villages():
    """At three players, Down from AI 2's 3-4 stopped before "AI 3 ›1-6 2-5 3-4 (o shows them)",
    a village marked usable, and said nothing: past the last village shown, the board asks the
    screen for the next player's villages (as ``o`` does); with none folded it stops there."""
    from rich.text import Text
    from textual.app import App

    from caravan_tui.games.merchant_lord.widgets import Row

    asked = []

    class Board(App):
        def compose(self):
            yield VillageBoard()

        def on_village_board_past_last(self, event):
            asked.append(event)

    whole = [Row(f"P1-V{name}", Text("AI 2 "), [Text(name)]) for name in ("16", "25", "34")]
    async with Board().run_test() as pilot:
        board = pilot.app.query_one(VillageBoard)
        board.draw([*whole, Row(None, Text("AI 3 "), [Text("›1-6 2-5 3-4 (o shows them)")])])
        board.focus()
        board.move_to("P1-V34")
        await pilot.press("up", "down")
        assert board.cursor == "P1-V34" and not asked
        await pilot.press("down")
        assert len(asked) == 1 and board.cursor == "P1-V34"
        board.draw(whole)  # (every player's whole: Down stops at the last)
        await pilot.press("down")
        await pilot.pause()
        assert len(asked) == 1
