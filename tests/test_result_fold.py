"""The result screen at 80×24 says when more of it lies below the fold: the last of the others'
moves (the one that took the last city) sat under it with no sign that anything followed."""

from __future__ import annotations

import pytest
from rich.table import Table
from textual.app import App
from textual.containers import VerticalScroll

from caravan_tui.app import TableApp
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.textual_adapter import screen_lines

SINCE = [
    "AI 2 sells AI 3's Right of Passage to the bank for 8 gold (8 controlled cities on that map).",
    "AI 2 buys Incense–Metals (In–Me, sea, 8) on your map for 8 gold.",
    "AI 2 buys Salt–Metals (Sa–Me, land, 10) on your map for 10 gold.",
    "AI 2 takes the Metals city on your map and 4 gold from the bank.",
    "AI 3 sells AI 2's Right of Passage to the bank for 8 gold (8 controlled cities on that map).",
    "The game is over. Scores: You 4, AI 2 16, AI 3 8.",
]


class Styled(App):
    CSS_PATH = TableApp.CSS_PATH


def final_table() -> Table:
    table = Table(caption="Each city 1 point, each city abroad 3 more; ties go to the most gold.")
    for column in ("Seat", "Cities", "Abroad", "Gold", "Total"):
        table.add_column(column)
    for name in ("You", "AI 2", "AI 3"):
        table.add_row(name, "4", "0", "0", "4")
    return table


@pytest.mark.thorough
async def test_the_result_says_how_many_lines_lie_below_the_fold():
    app = Styled()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(MatchOverScreen("AI 2 wins!", "You 4 · AI 2 16 · AI 3 8", final_table(), since=SINCE))
        await pilot.pause()
        lines = screen_lines(app.screen)
        scroll = app.screen.query_one("#match-over", VerticalScroll)
        hidden = [line for line in SINCE if line[:40] not in "\n".join(lines)]
        assert hidden and f"↓ {scroll.max_scroll_y} more line" in "\n".join(lines)
        await pilot.press("end")
        await pilot.pause()
        lines = screen_lines(app.screen)
        assert all(line[:40] in "\n".join(lines) for line in hidden)
        assert "more line" not in "\n".join(lines)


@pytest.mark.thorough
async def test_a_result_that_fits_says_nothing_of_more():
    app = Styled()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(MatchOverScreen("You win!", "You 12 · Bob 9", final_table(), since=SINCE[:2]))
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        assert SINCE[1][:40] in shown and "below" not in shown
