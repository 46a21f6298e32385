"""The match log: the events this seat may see, in plain words, newest at the bottom, drawn from
the lines it is given (a table's: its state's ``log``)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.reactive import var
from textual.widgets import RichLog

from caravan_tui.safe_text import LONG, plain
from caravan_tui.textual_adapter import FOCUSED_BORDER, DrawsItsFocus, ScrollsInPlace, SteadyScrollbars
from caravan_tui.widgets.focus_mark import mark_focus
from caravan_tui.widgets.seat_table import LogLine, SeatTable


class LogLines(RichLog, SteadyScrollbars, ScrollsInPlace):
    """Draws ``entries`` (a line and whether it is emphasised, in bold): lines added after those
    it shows are written below them (it scrolls to the newest), any other change draws it anew.
    Wraps to its width (re-wrapped when resized). A line is text, never markup (it holds names
    and chat), and plain. Focused, its title reads "▸ Log"."""

    #: the lines shown, oldest first
    entries: var[tuple[LogLine, ...]] = var((), init=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, min_width=20, markup=False, highlight=False, **kwargs)
        self._width = 0

    @property
    def lines_text(self) -> list[str]:
        return [line for line, _ in self.entries]

    def watch_entries(self, was: tuple[LogLine, ...], entries: tuple[LogLine, ...]) -> None:
        if len(entries) >= len(was) and entries[: len(was)] == was:
            added = entries[len(was) :]
        else:
            self.clear()
            added = entries
        for line, emphasis in added:
            self._write(line, emphasis)
        if added and self.auto_scroll and self.size:
            # at the end now, in the frame that draws the new line: RichLog scrolls after the next
            # frame (a second frame, every line of the log drawn twice); its own scroll then finds
            # the log at the end already, unless a layout gave it another size meanwhile
            self.scroll_end(animate=False, immediate=True, x_axis=False)

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
            for line, emphasis in self.entries:
                self._write(line, emphasis)


class MatchLog(LogLines, DrawsItsFocus):
    """The table's log, drawn from the table's state (its ``log``). Its focus shows by its border
    (``#log > .focused--border``) and its title's ``▸``, each repainted alone (``DrawsItsFocus``),
    as the plays list's does: the tint Textual's log takes on focus changes every cell of it."""

    COMPONENT_CLASSES = {FOCUSED_BORDER}
    DEFAULT_CSS = """
    MatchLog:focus { background-tint: $foreground 0%; }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)

    def focus_drawn(self, focused: bool) -> None:
        super().focus_drawn(focused)
        mark_focus(self, focused)

    def watch_table_state(self, table: SeatTable | None) -> None:
        if table is not None and table.log is not self.entries:
            self.entries = tuple(table.log)
