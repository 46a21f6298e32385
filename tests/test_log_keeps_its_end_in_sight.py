"""Found over SSH at a table of two people: the log, scrolled to its end, hid the end of its
newest line ("• Annabella Maximiliana" and no "… is away.") once the status line under it took
a second row."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from caravan_tui.widgets.log import LogLines

from tables import wait_for

LINES = tuple((f"Line {n}: a move made, said in a sentence long enough to wrap.", False) for n in range(12))
AWAY = ("Annabella Maximiliana Wolkenstein-Rodrig is away.", False)
END = ["• Annabella Maximiliana", "  Wolkenstein-Rodrig is", "  away."]


class Side(App[None]):
    CSS = "Vertical { width: 30; } LogLines { height: 1fr; } #status { height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LogLines()
            yield Static("", id="status")


def rows(log: LogLines) -> list[str]:
    """The log's rows in sight."""
    top = int(log.scroll_y)
    return [strip.text.rstrip() for strip in log.lines[top : top + log.scrollable_content_region.height]]


async def test_the_newest_line_stays_in_sight_as_the_log_is_laid_out_smaller():
    app = Side()
    async with app.run_test(size=(80, 24)) as pilot:
        log, status = app.query_one(LogLines), app.query_one("#status", Static)
        log.entries = (*LINES, AWAY)
        await wait_for(pilot, lambda: rows(log)[-3:] == END, "the newest line in sight")
        status.update("Annabella Maximiliana Wolkenstein-Rodrig (away) to play…")
        await wait_for(pilot, lambda: status.size.height > 1, "the status on more rows")
        assert rows(log)[-3:] == END, rows(log)


async def test_a_log_scrolled_up_by_the_person_stays_where_they_put_it():
    app = Side()
    async with app.run_test(size=(80, 24)) as pilot:
        log, status = app.query_one(LogLines), app.query_one("#status", Static)
        log.entries = LINES
        await wait_for(pilot, lambda: log.max_scroll_y > 0, "the log longer than its rows")
        log.scroll_home(animate=False)  # (as a key scrolls it: after the next refresh)
        await wait_for(pilot, lambda: log.scroll_y == 0, "the log scrolled to its top")
        status.update("a status\nof two rows")
        await wait_for(pilot, lambda: status.size.height == 2, "the status on two rows")
        assert log.scroll_y == 0
