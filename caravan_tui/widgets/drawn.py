"""A part of a table drawn from the table's state (DESIGN §6): a board, a season, a hand.

The table gives it a look, a function of the table's state (``GameScreen.board``); it is bound to
the screen's state and draws what the look gives whenever the state changes. Nothing outside it
sets what it shows, nor where its cursor is: a table that wants the cursor somewhere (a new
round's first choice) asks through its state (``TableState.point_cursor``), and the board moves
it once, when it draws that state.

Its border's title and subtitle repaint it only when they change: Textual repaints a whole widget
each time one is set, the same words or not, and a look sets them on every redraw (at a table,
after every key: a cursor's move, the focus's, the chat line's opening and closing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.geometry import Size
from textual.reactive import Reactive, var
from textual.widget import Widget

from caravan_tui.widgets.seat_table import SeatTable, only_spun, unread

#: a border's words, each a repaint of the whole widget when set
TITLES = frozenset({"border_title", "border_subtitle"})


class TableDrawn(Widget):
    #: a part is never scrolled: its virtual size is the size the layout gave it, and Textual's
    #: reactive asked for a second layout each time that changed (a season's line, a hand's row)
    virtual_size = Reactive(Size(0, 0), layout=False)
    #: the table's state, bound to the screen's, for a widget drawn from it (``look_of``)
    table_state: var[SeatTable | None] = var(None, init=False)
    #: what the widget shows for the table's state (None: a widget no table draws)
    look_of: Callable[[Any], Any] | None = None
    #: the border's words as last set (``__setattr__``)
    titles_set: dict[str, Any]
    #: how many times the table had asked for this board's cursor when it last moved it there
    cursor_followed: int = 0
    #: the look drawn last (None: none yet): a state whose look is the same repaints nothing
    drawn_look: Any = None

    def __setattr__(self, name: str, value: Any) -> None:
        if name in TITLES:
            if name in self.__dict__.setdefault("titles_set", {}) and self.titles_set[name] == value:
                return  # (the same words: nothing to repaint)
            self.titles_set[name] = value
        super().__setattr__(name, value)

    def watch_table_state(self, was: SeatTable | None, table: SeatTable | None) -> None:
        if only_spun(was, table):
            return
        if not unread(self.look_of, was, table):  # (a look that reads nothing changed: the same)
            self.redraw()
        self.follow_cursor_ask()

    def follow_cursor_ask(self) -> None:
        """Put the cursor where the table asked for it, once a new ask (``point_cursor``) comes."""
        table = self.table_state
        if table is None or self.id is None or self.id not in table.cursor_asks:
            return
        cell, asked = table.cursor_asks[self.id]
        if asked != self.cursor_followed:
            self.cursor_followed = asked
            self.move_to(cell)

    def move_to(self, cell: Any) -> None:
        """Put the cursor on ``cell`` if the board shows it (a board with a cursor the table
        asks for)."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw again from the table's state (or what the look reads beside it changed: the
        room), when what the look gives changed: a key or a message that leaves this part's look
        as it was repaints nothing of it."""
        table = self.table_state
        if self.look_of is not None and table is not None and table.view is not None:
            look = self.look_of(table)
            if self.drawn_look is not None and look == self.drawn_look:
                return
            self.drawn_look = look
            self.draw(look)
            self.drawn()

    def drawn(self) -> None:
        """Called once a look is drawn (a board reports the cell now under its cursor)."""

    def draw(self, look: Any) -> None:
        """Show ``look``, what ``look_of`` gave for the table's state."""
        raise NotImplementedError
