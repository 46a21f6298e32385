"""The whole log of a match, scrollable, narrowed to the lines that name a seat or hold a word:
the table's log panel is too small to follow several turns of others."""

from __future__ import annotations

import re
from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import var
from textual.widgets import Input

from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.log import LogLines
from caravan_tui.widgets.scrolling import SCROLL_KEYS, scroll
from caravan_tui.widgets.seat_table import LogLine
from caravan_tui.widgets.typed_input import TypedInput
from caravan_tui.words import plural

#: a clause of a line that goes on with what you did: "…; you roll 3 5 5 6", not "you may…";
#: or a move made for you ("The rules then laid for you, the only way on: …": left out)
YOU_DID = re.compile(r"(?:[;:,.] )you (?!may |must |can |could |might |will |would )|\bfor you\b")


class FilterInput(TypedInput):
    """The whole log's filter line: Home and End go to the log's first and last lines while it
    is empty (they moved the cursor of an empty line, and the log went nowhere), and move its
    cursor once words are typed, as in any line (read in the order typed: a burst's Home after
    letters is the line's)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "edge('home')", "First line", show=False),
        Binding("end", "edge('end')", "Last line", show=False),
    ]

    def action_edge(self, where: str) -> None:
        if self.value and where == "home":
            self.action_home()
        elif self.value:
            self.action_end()
        elif isinstance(self.screen, FullLogScreen):
            self.screen.action_scroll(where)


class FullLogScreen(DialogScreen[None]):
    """``lines``: the log as the table holds it; ``names``: the seats' names, offered as filters
    (tab goes to the next one)."""

    #: how many lines show, and the keys
    count: var[RenderableType] = var("")
    #: the lines the filter keeps
    shown: var[tuple[LogLine, ...]] = var(())

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("tab", "next_name", "Next seat", tooltip="Show only the lines that name the next seat, then all"),
        *SCROLL_KEYS,
    ]
    DEFAULT_CSS = """
    FullLogScreen { align: center middle; }
    FullLogScreen > Vertical { width: 100%; height: 100%; border: round $secondary; }
    FullLogScreen LogLines { height: 1fr; border: none; }
    FullLogScreen #log-filter { height: 1; border: none; padding: 0 1; }
    FullLogScreen #log-count { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, lines: list[str], names: list[str]) -> None:
        super().__init__()
        self.lines = lines
        self.names = [name for name in names if name]
        self._seat_filter = -1

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "The whole log"
            yield FilterInput(placeholder="Filter: a seat's name (tab) or any word", id="log-filter", compact=True)
            yield BoundText(id="log-count").data_bind(text=FullLogScreen.count)
            yield LogLines(id="full-log").data_bind(entries=FullLogScreen.shown)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show("")
        self.query_one("#log-filter", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    def show(self, words: str) -> None:
        wanted = words.strip().casefold()
        shown = [line for line in self.lines if self.holds(line, words.strip())]
        self.shown = tuple((line, False) for line in shown)
        self.query_one(LogLines).scroll_end(animate=False)
        count = f"{len(shown)} of {plural(len(self.lines), 'entry')}" if wanted else plural(len(self.lines), "entry")
        self.count = f"{count} · ↑/↓ PgUp/PgDn Home/End scroll · esc back"

    def holds(self, line: str, words: str) -> bool:
        """Whether ``line`` is one the filter keeps: any word, in any case, anywhere; a seat's
        name only as that name, whole and as written; "You" also where a clause goes on with
        what you did ("…; you roll 3 5 5 6": your rolls showed only in the rounds you started),
        but not with what you may do (an AI's "…; you may make one last play")."""
        if words in self.names:
            name = re.escape(words)
            if re.search(rf"(?<!\w){name}(?!\w)", line) is not None:
                return True
            return words == "You" and YOU_DID.search(line) is not None
        return words.casefold() in line.casefold()

    def action_next_name(self) -> None:
        """Tab: the next seat's name, and after the last the whole log again (it never came
        back: the name had to be deleted by hand); the name is selected, so words typed replace it."""
        if self.names:
            self._seat_filter = (self._seat_filter + 1) % (len(self.names) + 1)
            field = self.query_one("#log-filter", Input)
            field.value = self.names[self._seat_filter] if self._seat_filter < len(self.names) else ""
            # (selected whole, the cursor after it: a word typed next replaces it, "You" then
            # "bandit" read "Youbandit", no line holding it; → or End keeps it to type after it)
            field.select_all()

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one(LogLines), where)

    def action_close(self) -> None:
        self.dismiss(None)
