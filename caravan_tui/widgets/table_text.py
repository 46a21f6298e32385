"""A part of the table that writes itself from the table's state (DESIGN §6).

The screen owns one reactive ``TableState``; each ``TableText`` is bound to it
(``GameScreen.table_text``) and redraws from it through ``text``, a function over the state, when
it changes (``text(view, state)``, once the table has a view): nothing outside the widget sets
its text. It is laid out again only when the lines its text wraps to at its width change, and
never when its height is fixed (a layout is the costly part of a redraw)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.widgets.seat_table import SeatTable, only_spun, unread
from caravan_tui.widgets.wrapping import wrapped


def fitted(lines: list[Text], width: int, rows: int, console: Console) -> Text:
    """``lines`` wrapped where a panel of ``width`` × ``rows`` has the rows for it (a hint or a
    sentence whole, not "★ hint: Claim Horses–Dates (Ho–Da, land, 6) on" over empty rows); where
    it has not, each cut to one row with "…", so the lines below stay in sight."""
    if width > 0:
        wrapped = [row for line in lines for row in line.wrap(console, width)]
        if len(wrapped) <= rows:
            lines = wrapped
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


class TableText(Static):
    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)
    #: it shows the spinner (the status line): drawn when only the spinner's frame turned
    follows_spin = False

    def __init__(
        self, text: Callable[[Any, Any], RenderableType], fit: bool = False, sized: bool = False, **kwargs: Any
    ) -> None:
        """``fit``: a panel of fixed height whose lines wrap where it has the rows (``fitted``);
        ``sized``: one whose text is made for its width (written again as the width changes)."""
        super().__init__("", **kwargs)
        self.text_of, self.fit, self.sized = text, fit, sized

    def watch_table_state(self, was: SeatTable | None, table: SeatTable | None) -> None:
        if self.follows_spin or not (only_spun(was, table) or unread(self.text_of, was, table)):
            self.redraw()

    def redraw(self) -> None:
        """Write the text again from the state (a game's own selection it reads changed)."""
        table = self.table_state
        if table is None or table.view is None:  # (nothing to show before the first view)
            return
        self.show(self.text_of(table.view, table))

    def show(self, text: RenderableType) -> None:
        if self.fit and isinstance(text, Text):
            width, rows = self.content_size
            text = fitted(list(text.split("\n")), width, rows, self.app.console)
        before = self.content
        if before == text:
            return
        height, width = self.styles.height, self.content_size.width
        if height is not None and (height.is_cells or height.is_fraction):  # (its text sets not its height)
            self.update(text, layout=False)
            return
        self.update(text, layout=not (width and isinstance(text, Text) and self.rows_fit(text, width)))

    def on_resize(self) -> None:
        """A panel that fits its lines to its rows fits them again to the rows it has now (the
        rows the status line under it leaves), and one made for its width to the width it has."""
        if self.fit or self.sized:
            self.redraw()

    def rows_fit(self, text: Text, width: int) -> bool:
        """Whether the rows ``text`` wraps to at ``width`` are the rows the widget has now (within
        its ``min-height`` and ``max-height``). Compared with the rows laid out, not with the text
        before: that text could match the new one while the height was still an older text's (a
        Merchant Lord village's detail stayed one row high after the focus moved to the villages;
        the layout the footer made at each focus change had hidden it)."""
        rows = len(text.wrap(self.app.console, width))
        least, most = self.styles.min_height, self.styles.max_height
        if most is not None and most.is_cells:
            rows = min(rows, int(most.value))
        if least is not None and least.is_cells:
            rows = max(rows, int(least.value))
        return rows == self.content_size.height


class StatusLine(TableText):
    """The line under the board: whose turn it is or what Enter does (``text``, a function of the
    table's state: its cursors, highlight and focus are in it), on at most ``lines`` lines; it
    draws each state it is given (the spinner's frame about seven times a second while an AI
    thinks), repaints only when its words change, and is laid out again only when it wraps onto
    more or fewer lines than before.

    A line typed at the table (the chat line, ``shows``) lies under it, in its last row, and is
    drawn in its place while it is open: opening and closing it swaps what one widget draws and
    lays nothing out (shown and hidden by ``display``, each was a layout of the whole screen)."""

    follows_spin = True
    #: the line drawn in the status line's place (None: the status line's own words)
    shows: Widget | None = None

    def __init__(self, text: Callable[[Any], Text], lines: int = 1, **kwargs: Any) -> None:
        # (its words are made for its width, a long name cut to keep them on a row: written again
        # as the width comes and changes, or a name read whole over two rows until a later turn)
        super().__init__(lambda _view, table: text(table), sized=True, **kwargs)
        self.line_of = text
        self.lines, self._wrapped = lines, 1
        #: the rows drawn for each text shown (``render_line``): an arrow back to a play met before
        #: shows the words it showed
        self._drawn: LRUCache[tuple[Any, ...], list[Strip]] = LRUCache(16)
        if lines > 1:  # (inline: the app's stylesheet gives it one line)
            self.styles.height, self.styles.max_height = "auto", lines

    def show_line(self, line: Widget | None) -> None:
        """Draw ``line`` (the widget under the last row) in the status line's place; None: the
        status line's words again."""
        self.shows = line
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The status line; with a line shown in its place, that line as it draws itself in the
        last row (its own colours, its cursor), and the rows above it empty."""
        line = self.shows
        if line is None:
            return super().render_lines(crop)
        last = self.outer_size.height - 1
        typed = line.render_lines(Region(crop.x, 0, crop.width, 1))[0]
        empty = Strip.blank(crop.width, self.rich_style)
        return [typed if y == last else empty for y in crop.line_range]

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the words, as Textual draws them, kept by the words drawn."""
        content, (width, height), style = self.content, self.size, self.visual_style
        if not isinstance(content, Text):
            return super().render_line(y)
        shows = (content.plain, tuple(content.spans), content.style, width, height, style)
        rows = self._drawn.get(shows)
        if rows is None:
            rows = self._drawn[shows] = Visual.to_strips(self, self.visual, width, height, style)
        return rows[y] if y < len(rows) else Strip.blank(width, style.rich_style)

    def redraw(self) -> None:
        if self.table_state is None:
            return
        text, rows_shown = self.line_of(self.table_state), 1
        if text == self.content:
            return
        if self.lines > 1 and self.content_size.width:
            # (at its spaces and hyphens, never within "AI 2" or a list of dice: ``wrapped``)
            rows = wrapped(text, self.content_size.width).split("\n", allow_blank=True)
            cut = rows[: self.lines]
            if len(rows) > self.lines:  # (cut where the eye and the whole-lines check see it)
                cut[-1].truncate(self.content_size.width - 1, overflow="crop")  # (one "…", not two)
                cut[-1].append("…")
            text, rows_shown = Text("\n").join(cut), len(cut)
        self.update(text, layout=rows_shown != self._wrapped)
        if rows_shown != self._wrapped and self.parent is not None:
            # the panels docked over the board's foot (the hint) stand above every line of it
            # (at one line's height they covered the first of two: " 6♣L⌘K 7☾M♣L …" was left)
            for lines in range(2, self.lines + 1):
                self.parent.set_class(lines == rows_shown, f"-status-lines-{lines}")
        self._wrapped = rows_shown
