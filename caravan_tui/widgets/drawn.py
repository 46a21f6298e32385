"""A part of a table drawn from the table's state (DESIGN §6): a board, a season, a hand.

The table gives it a look, a function of the table's state (``GameScreen.board``); it is bound to
the screen's state and draws what the look gives whenever the state changes. Nothing outside it
sets what it shows."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.reactive import var
from textual.widget import Widget


class TableDrawn(Widget):
    #: the table's state, bound to the screen's, for a widget drawn from it (``look_of``)
    table_state: var[Any] = var(None, init=False)
    #: what the widget shows for the table's state (None: a widget no table draws)
    look_of: Callable[[Any], Any] | None = None

    def watch_table_state(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw again from the table's state (what the look reads beside it changed: the room)."""
        table = self.table_state
        if self.look_of is not None and table is not None and table.view is not None:
            self.draw(self.look_of(table))

    def draw(self, look: Any) -> None:
        """Show ``look``, what ``look_of`` gave for the table's state."""
        raise NotImplementedError
