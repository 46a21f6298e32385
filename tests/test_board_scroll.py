"""A board's scrolling box says what lies above the lines it shows."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets.board_scroll import MORE_ABOVE, BoardScroll


class SeasonApp(App[None]):
    CSS = "BoardScroll { height: 6; border: round $secondary; }"

    def compose(self) -> ComposeResult:
        with BoardScroll(can_focus=False):
            yield Static("\n".join(f"play {n}" for n in range(1, 6)), id="plays")


async def test_a_box_kept_at_its_end_says_more_lies_above_and_stops_when_all_shows():
    """Decktet Caravan at 80×24: the Season box of four rows kept its last lines in sight, and
    the caravan being answered went out of sight above them, a scrollbar's cell alone saying so."""
    app = SeasonApp()
    async with app.run_test(size=(50, 10)) as pilot:
        box = app.query_one(BoardScroll)
        await pilot.pause()
        assert not box.border_subtitle  # (its first line in sight)
        box.scroll_end(animate=False)
        await pilot.pause()
        assert box.scroll_y > 0 and box.border_subtitle == MORE_ABOVE
        assert any(MORE_ABOVE in line for line in screen_lines(app.screen))
        app.query_one("#plays", Static).update("play 1\nplay 2")
        await pilot.pause()
        await pilot.pause()
        assert box.scroll_y == 0 and not box.border_subtitle
