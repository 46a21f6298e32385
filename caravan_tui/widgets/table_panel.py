"""A panel over the board: the hint at its foot (above the status line), what happened since
your last turn at its head. It covers the board without moving it; the next decision clears it."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from caravan_tui.safe_text import LONG, as_text, plain


class TablePanel(Static):
    DEFAULT_CSS = """
    TablePanel {
        layer: panel; dock: bottom; margin-bottom: 1; display: none;
        height: auto; max-height: 12; padding: 0 1;
        border: round $accent; background: $panel;
    }
    TablePanel.-head { dock: top; margin-bottom: 0; }
    """

    def __init__(self, head: bool = False, **kwargs) -> None:
        super().__init__("", classes="-head" if head else "", **kwargs)
        self.showing = False

    def show(self, title: str, lines: list[str], foot: str = "") -> None:
        """``lines`` under ``title``, over ``foot``: all plain text, never markup (they hold
        names, and what an AI weighed holds a saved file's words)."""
        self.showing = True
        self.border_title = as_text(title, limit=LONG)
        self.border_subtitle = as_text(foot, limit=LONG) if foot else None
        self.update(Text("\n".join(plain(line, LONG) for line in lines)))
        self.display = True

    def hide(self) -> None:
        self.showing = False
        self.display = False
