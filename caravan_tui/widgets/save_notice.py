"""The notice a table shows while its match cannot be saved: one or two lines above the table,
there until a save succeeds (a toast would fade while the moves are still at risk)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import var
from textual.widgets import Static

from caravan_tui.widgets.seat_table import SeatTable


def save_notice(problem: str) -> str:
    """True of a table on a full disk (its moves are kept in memory) and of one hosted on a
    database (it plays no move it has not stored)."""
    return f"Cannot save: {problem}. Retrying; every move shown is kept until it is saved."


class SaveNotice(Static):
    """Why the host cannot save the match, drawn from the table's state it is bound to (its
    ``unsaved``; "" hides the notice)."""

    DEFAULT_CSS = """
    SaveNotice {
        display: none;
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
    }
    SaveNotice.-shown { display: block; }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)
    #: the problem shown ("": none)
    shown = ""

    def watch_table_state(self, table: SeatTable | None) -> None:
        problem = "" if table is None else table.unsaved
        if problem != self.shown:
            self.shown = problem
            self.update(Text(save_notice(problem)) if problem else "")
            self.set_class(bool(problem), "-shown")
