"""A panel over the board: the hint at its foot (above the status line), what happened since
your last turn at its head. It covers the board without moving it; the next decision clears it.
Beside the board (in the side column) it takes the log's place instead, under the plays list:
drawn over the log, a short hint left the log's first lines without their bottom edge.

What it says is the table's (``screens.table_panels.PanelWords`` in the table's state, DESIGN §6): the panel is bound
to the table's state like every other part of the table and draws itself from it, so a key that
closes it, a decision that clears it or a panel mounted again in another column all show the
same state. Nothing outside the panel sets its text.

Its height is bounded so the board stays in sight, so on a small terminal its text may be
longer than the panel: it then scrolls (ctrl+↑/↓ on a table, or the wheel) and its foot says
so, rather than cutting a sentence with no way to read the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import var

from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.widgets.seat_table import SeatTable, only_spun
from caravan_tui.widgets.wrapping import WrappedText, wrapped

#: the foot's words while the text is longer than the panel, by where it stands: at its head,
#: further on, at its end (at the end a key more changed nothing, and nothing said why)
MORE = ("ctrl+↓ more", "ctrl+↑↓ more", "the end · ctrl+↑")


class TablePanel(VerticalScroll, can_focus=False):
    SCOPED_CSS = False  # (its rules name its parents: "#side > TablePanel" read "TablePanel #side > …")
    DEFAULT_CSS = """
    TablePanel {
        layer: panel; dock: bottom; margin-bottom: 1; display: none;
        height: auto; max-height: 12; padding: 0 1;
        border: round $accent; background: $panel;
        scrollbar-size-vertical: 1;
    }
    .-status-lines-2 > TablePanel { margin-bottom: 2; }
    .-status-lines-3 > TablePanel { margin-bottom: 3; }
    .-status-lines-4 > TablePanel { margin-bottom: 4; }
    TablePanel.-head { dock: top; margin-bottom: 0; }
    #side > TablePanel { margin-bottom: 0; dock: none; layer: default; }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)

    def __init__(self, words: Callable[[Any], Any], head: bool = False, **kwargs) -> None:
        """``words``: what the panel says for the table's state, a ``PanelWords`` (None: it is
        closed)."""
        super().__init__(classes="-head" if head else "", **kwargs)
        self.words_of = words
        self.shown: Any = None  # the PanelWords drawn

    def compose(self) -> ComposeResult:
        yield WrappedText()

    @property
    def showing(self) -> bool:
        return self.shown is not None

    @property
    def foot(self) -> str:
        """The foot its words give (the foot shown adds how to read the rest, if any)."""
        return self.shown.foot if self.shown is not None else ""

    @property
    def text(self) -> str:
        """What the panel says, as plain text (the whole of it, scrolled out of sight or not)."""
        return self.query_one(WrappedText).text.plain

    def watch_table_state(self, was: SeatTable | None, table: SeatTable | None) -> None:
        if not only_spun(was, table):
            self.redraw()

    def redraw(self) -> None:
        words = self.words_of(self.table_state) if self.table_state is not None else None
        if words == self.shown or not self.is_mounted:
            return
        self.shown = words
        if words is None:
            self.display = False
            return
        self.border_title = self.title_that_fits(words)
        self.query_one(WrappedText).show(Text("\n".join(plain(line, LONG) for line in words.lines)))
        self.display = True
        if getattr(words, "latest", False):
            self.call_after_refresh(self.from_a_whole_line)  # (once laid out: its height known)
        else:
            self.scroll_home(animate=False)
        self.call_after_refresh(self.say_if_more)

    def from_a_whole_line(self) -> None:
        """Its latest lines, as many whole as it holds, from its end: the lines before them left
        out, and counted (``without_first``). Scrolled to its end alone, a panel of what others
        did in a three-player round began "space 3 (1,2) and 2 demand markers (1 action).", who
        acted cut off above."""
        words, text = self.shown, self.query_one(WrappedText)
        width, height = text.size.width, self.scrollable_content_region.height
        if words is not None and width > 0 and height > 0 and hasattr(words, "without_first"):
            rows = [len(wrapped(Text(plain(line, LONG)), width).plain.split("\n")) for line in words.lines]
            first = 0
            while first < len(rows) - 1 and sum(rows[first:]) > height:
                first += 1
            if first:
                self.shown = words = words.without_first(first)
                text.show(Text("\n".join(plain(line, LONG) for line in words.lines)))
                self.call_after_refresh(self.say_if_more)
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_mount(self) -> None:
        self.redraw()
        self.watch(self, "scroll_y", self.scrolled, init=False)

    def scrolled(self) -> None:
        if self.showing:
            self.say_if_more()

    def on_resize(self) -> None:
        """The panel or its text changed size (a smaller terminal, or a layout that came after
        the refresh ``redraw`` waited for): the foot follows."""
        if self.showing:
            self.say_if_more()

    def say_if_more(self) -> None:
        """The foot says how to read the rest when the text is longer than the panel (``MORE``); the title
        is the short one where the whole one does not fit."""
        shown = self.shown
        if shown is not None:
            self.border_title = self.title_that_fits(shown)
        more = ""
        if self.max_scroll_y > 0:
            more = MORE[0] if self.scroll_y <= 0 else MORE[2] if self.scroll_y >= self.max_scroll_y else MORE[1]
        foot = " · ".join(part for part in (self.foot, more) if part)
        room = self.outer_size.width - 6  # (the corners, the dashes, the spaces)
        if len(foot) > room and self.foot:
            # one of them whole ("ctrl+l: the whole log · …" was cut): the way on while there is
            # more below (Caravanserai's "key 3: turn west" hid it on every placement hint, whose
            # "How it stands" was below the fold), at the end the panel's own words
            foot = more if more and more != MORE[2] else self.foot
            if 0 < room < len(foot) and shown is not None and shown.short_foot:
                foot = shown.short_foot  # (once its width is known: before, every foot is too long)
        self.border_subtitle = as_text(foot, limit=LONG) if foot else None

    def title_that_fits(self, words: Any) -> Text:
        """The words' title, or their short one where the whole one does not fit the panel's
        width (where it has one yet: a panel shown again keeps its column's width, so the first
        frame of a hint beside the board no longer read "Hint (h: hide · a: ready…")."""
        width = self.size.width
        fits = not width or len(words.title) <= width - 6  # (the corners, the dashes, the spaces)
        return as_text(words.title if fits or not words.short else words.short, limit=LONG)

    def scroll_lines(self, lines: int) -> None:
        self.scroll_relative(y=lines, animate=False)
