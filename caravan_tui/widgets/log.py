"""The match log: the events this seat may see, in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from caravan_tui.safe_text import LONG, plain
from caravan_tui.textual_adapter import SteadyScrollbars
from caravan_tui.widgets.focus_mark import mark_focus


class MatchLog(RichLog, SteadyScrollbars):
    """Wraps to its width (re-wrapped when resized); the latest opponent move can be emphasised.
    A line is text, never markup (it holds names and chat), and plain. Focused, its title reads
    "▸ Log"."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, min_width=20, markup=False, highlight=False, **kwargs)
        self._entries: list[tuple[str, bool]] = []
        self._width = 0

    @property
    def lines_text(self) -> list[str]:
        return [line for line, _ in self._entries]

    def replace(self, lines: list[str]) -> None:
        """Show ``lines`` as the whole log (a reconnect, a step in a replay)."""
        self._entries = [(line, False) for line in lines]
        self.clear()
        for line in lines:
            self._write(line, False)

    def add(self, lines: list[str], emphasis: bool = False) -> None:
        for line in lines:
            self._entries.append((line, emphasis))
            self._write(line, emphasis)

    def _write(self, line: str, emphasis: bool) -> None:
        self.write(Text("• " + plain(line, LONG), style="bold" if emphasis else ""))

    def on_focus(self) -> None:
        mark_focus(self, True)

    def on_blur(self) -> None:
        mark_focus(self, False)

    def on_resize(self, event: events.Resize) -> None:
        """(RichLog's own handler runs after this one and flushes writes made before sizing.)"""
        width, self._width = self._width, event.size.width
        if width and event.size.width != width:
            self.clear()
            for line, emphasis in self._entries:
                self._write(line, emphasis)
