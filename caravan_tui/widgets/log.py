"""The match log: the events this seat may see, in plain words, newest at the bottom, drawn from
the lines it is given (a table's: its state's ``log``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip
from textual.widgets import RichLog

from caravan_tui.safe_text import LONG, plain
from caravan_tui.textual_adapter import FOCUSED_BORDER, DrawsItsFocus, ScrollsInPlace, SteadyScrollbars
from caravan_tui.widgets.focus_mark import mark_focus
from caravan_tui.widgets.seat_table import LogLine, SeatTable
from caravan_tui.widgets.wrapping import wrapped

#: the rows a log keeps drawn: its lines in sight and those of a few scrolls back
ROWS_KEPT = 256


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
        #: the width lines are wrapped to: the log's as last laid out (``_write``)
        self._wrap_width = 0
        #: each row drawn, styled, by what it shows (``render_lines``)
        self._rows_drawn: LRUCache[Any, Strip] = LRUCache(ROWS_KEPT)
        #: at its end as last scrolled: it stays there as it is laid out smaller (``on_resize``)
        self._at_end = True

    def notify_style_update(self) -> None:
        self._rows_drawn.clear()  # (restyled: the focus's tint, the theme)
        super().notify_style_update()

    def clear(self) -> Self:
        self._rows_drawn.clear()  # (its lines written again: a row's line may be another)
        return super().clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows of ``crop``, each kept by what it shows: a line of the log by its place in the
        log, a row of the border by the border's words. A new line scrolls the log by one row,
        and Textual styles every row again after a scroll (its cache is by the row on screen):
        here only the new line's row is drawn (a move drew the log's dozen rows again)."""
        if self.text_selection is not None:
            return super().render_lines(crop)
        content = self.scrollable_content_region  # (narrower by a scrollbar that came)
        top, height = self.styles.gutter.top, content.height
        scroll_x, scroll_y = self.scroll_offset
        shown = (self.size, content, crop.x, crop.width, scroll_x)
        keys, written = [], len(self.lines)
        for y in range(crop.y, crop.bottom):
            line = y - top
            at: tuple[Any, ...] = ("edge", y, self.border_title, self.border_subtitle)  # (a border's row)
            if 0 <= line < height:  # (a row past the log's last line is blank until one is written there)
                at = ("line", scroll_y + line) if scroll_y + line < written else ("blank", y)
            keys.append((at, shown))
        rows = [self._rows_drawn.get(key) for key in keys]
        missing = [index for index, row in enumerate(rows) if row is None]
        if missing:  # (drawn in one go, from the first row missing to the last: a restyle draws them all)
            first, last = missing[0], missing[-1]
            drawn = super().render_lines(Region(crop.x, crop.y + first, crop.width, last - first + 1))
            for index, strip in enumerate(drawn, first):
                rows[index] = self._rows_drawn[keys[index]] = strip
        return rows  # type: ignore[return-value]  # (every row drawn or kept)

    @property
    def lines_text(self) -> list[str]:
        return [line for line, _ in self.entries]

    def watch_entries(self, was: tuple[LogLine, ...], entries: tuple[LogLine, ...]) -> None:
        if len(entries) >= len(was) and entries[: len(was)] == was:
            added = entries[len(was) :]
        else:
            self.clear()
            added = entries
        scrolled = bool(added and self.auto_scroll and self.size)
        for line, emphasis in added:
            self._write(line, emphasis, scrolled)
        if scrolled:
            # at the end now, in the frame that draws the new line: RichLog scrolls after the next
            # frame (a second frame, every line of the log drawn twice); its own scroll then finds
            # the log at the end already, unless a layout gave it another size meanwhile
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _write(self, line: str, emphasis: bool, scrolled: bool = False) -> None:
        """``line`` written, wrapped to the log's width as last laid out: a log not shown (a hint
        in its place, the legend) has none, and what it wrote then was wrapped at its least, "•
        You place a camel / on space 1 (0,0) (2 / actions)." in a log 27 columns wide. Its later
        rows are set in under the bullet, so each entry's start stands out."""
        self._wrap_width = self.scrollable_content_region.width or self._wrap_width
        text = Text("• " + plain(line, LONG), style="bold" if emphasis else "")
        # (``scrolled``: a line added to a log laid out, which ``watch_entries`` scrolls to at once;
        # RichLog's own scroll to the end, after the next frame, took back a scroll the person had
        # made meanwhile. Written as the log is sized, RichLog scrolls once it has written them.)
        self.write(
            wrapped(text, self._wrap_width, hang=2),
            width=self._wrap_width or None,
            scroll_end=False if scrolled else None,
        )

    def on_focus(self) -> None:
        mark_focus(self, True)

    def on_blur(self) -> None:
        mark_focus(self, False)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._at_end = new >= self.max_scroll_y

    def on_resize(self, event: events.Resize) -> None:
        """Wrapped again at a new width. A log at its end stays there, laid out smaller: a status
        line that took a second row hid the end of the newest line ("… is away."); one the
        person scrolled up stays where they put it. (RichLog's own handler runs after this one
        and flushes writes made before sizing.)"""
        width, self._width = self._width, event.size.width
        # (its first size too: lines written before the log was ever laid out, a hint in its
        # place, were wrapped at its least, "AI" / "2 rolls" in 20 of its 28 columns)
        if event.size.width != width and self.entries:
            self._wrap_width = 0  # (the width the log is laid out at now, read as it writes)
            self.clear()
            for line, emphasis in self.entries:
                self._write(line, emphasis)
        if self._at_end and self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)


class MatchLog(LogLines, DrawsItsFocus):
    """The table's log, drawn from the table's state (its ``log``). Its focus shows by its border
    (``#log > .focused--border``) and its title's ``▸``, each repainted alone (``DrawsItsFocus``),
    as the plays list's does: the tint Textual's log takes on focus changes every cell of it."""

    COMPONENT_CLASSES = {FOCUSED_BORDER}
    DEFAULT_CSS = """
    MatchLog:focus { background-tint: $foreground 0%; }
    MatchLog.-covered { display: none; }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)

    def __init__(self, covered: Callable[[SeatTable], bool] | None = None, **kwargs) -> None:
        """``covered``: whether a panel in the side column takes the log's place in a table's
        state (the hint beside the board): the log is then not shown, Tab passes it by, and a
        focus it had moves on. Tab stopped on the hidden log, where the keys did nothing and said
        nothing; and a hint shorter than the log, drawn over it, left the log's first lines
        without their bottom edge, broken off mid-entry."""
        super().__init__(**kwargs)
        self.covered = covered

    def focus_drawn(self, focused: bool) -> None:
        super().focus_drawn(focused)
        mark_focus(self, focused)

    def watch_table_state(self, table: SeatTable | None) -> None:
        if table is not None and table.log is not self.entries:
            self.entries = tuple(table.log)
        if table is not None and self.covered is not None:
            hidden = self.covered(table)
            self.can_focus = not hidden
            self.set_class(hidden, "-covered")
            if hidden and self.has_focus:
                self.screen.focus_next()
