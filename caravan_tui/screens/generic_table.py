"""The table of a game with no screen of its own: a summary of the view, the plays list and the
log (``screens.game_screen_class``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from caravan_tui.engine import ViewHeader
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets.key_scroll import KeyScroll


class GenericGameScreen(GameScreen[ViewHeader]):
    """Any registered game: a summary of the view, the actions list and the log."""

    def compose_board(self) -> ComposeResult:
        yield KeyScroll(self.table_text(view_summary, id="summary"), id="summary-box")


def view_summary(view: ViewHeader, table: TableState[ViewHeader]) -> Text:
    """Every field of the view, one a line."""
    lines = [f"{key}: {compact(value)}" for key, value in view.items() if key != "game"]
    return Text("\n".join(lines), overflow="fold")


def compact(value) -> str:
    """A view value on as few characters as will still read: ``a=1 b=2``, ``[x, y]``."""
    if isinstance(value, dict):
        return " ".join(f"{k}={compact(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)
