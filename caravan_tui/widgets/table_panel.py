"""A panel over the board: the hint at its foot (above the status line), what happened since
your last turn at its head. It covers the board without moving it; the next decision clears it.

Its height is bounded so the board stays in sight, so on a small terminal its text may be
longer than the panel: it then scrolls (ctrl+↑/↓ on a table, or the wheel) and its foot says
so, rather than cutting a sentence with no way to read the rest."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from caravan_tui.safe_text import LONG, as_text, plain

MORE = "ctrl+↑↓ more"


class TablePanel(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    TablePanel {
        layer: panel; dock: bottom; margin-bottom: 1; display: none;
        height: auto; max-height: 12; padding: 0 1;
        border: round $accent; background: $panel;
        scrollbar-size-vertical: 1;
    }
    TablePanel.-head { dock: top; margin-bottom: 0; }
    TablePanel > Static { height: auto; }
    """

    def __init__(self, head: bool = False, **kwargs) -> None:
        super().__init__(classes="-head" if head else "", **kwargs)
        self.showing = False
        self.foot = ""

    def compose(self) -> ComposeResult:
        yield Static("")

    @property
    def text(self) -> str:
        """What the panel says, as plain text (the whole of it, scrolled out of sight or not)."""
        return str(self.query_one(Static).visual)

    def show(self, title: str, lines: list[str], foot: str = "") -> None:
        """``lines`` under ``title``, over ``foot``: all plain text, never markup (they hold
        names, and what an AI weighed holds a saved file's words)."""
        self.showing = True
        self.border_title = as_text(title, limit=LONG)
        self.foot = foot
        self.query_one(Static).update(Text("\n".join(plain(line, LONG) for line in lines)))
        self.display = True
        self.scroll_home(animate=False)
        self.call_after_refresh(self.say_if_more)

    def on_resize(self) -> None:
        """The panel or its text changed size (a smaller terminal, or a layout that came after
        the refresh ``show`` waited for): the foot follows."""
        if self.showing:
            self.say_if_more()

    def say_if_more(self) -> None:
        """The foot says how to read the rest when the text is longer than the panel."""
        more = self.max_scroll_y > 0
        foot = " · ".join(part for part in (self.foot, MORE if more else "") if part)
        self.border_subtitle = as_text(foot, limit=LONG) if foot else None

    def scroll_lines(self, lines: int) -> None:
        self.scroll_relative(y=lines, animate=False)

    def hide(self) -> None:
        self.showing = False
        self.display = False
