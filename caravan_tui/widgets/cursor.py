"""What every game's board or grid does with its cursor, so that each game supplies only its
geometry and what choosing means: the arrows move the cursor to the ``neighbour`` that way (what
the eye sees there; nothing that way, it stays: it never wraps), the widget is drawn again when
the cursor moves, its cursor's look and its border's ``focused--border`` when it gains or loses
the focus (``DrawsItsFocus``: nothing restyled), and a click puts the cursor on the cell under the
pointer (``cell_at``) and acts on it (``clicked``).

A board is drawn from the table's state (``TableDrawn``): the table gives it a look."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import var

from caravan_tui.textual_adapter import FOCUSED_BORDER, DrawsItsFocus
from caravan_tui.widgets.drawn import TableDrawn
from caravan_tui.widgets.focus_mark import mark_focus


class CursorWidget(TableDrawn, DrawsItsFocus, can_focus=True):
    """A subclass declares its ``cursor`` reactive and says which cell is a ``neighbour``."""

    COMPONENT_CLASSES = {FOCUSED_BORDER}
    BINDINGS = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
    ]

    #: the cell under the cursor, as the board reports it to its table (watched: the table's
    #: ``TableState.cursors``): it follows the cursor and the cells drawn
    at: var[Any] = var(None, init=False)

    @property
    def cell(self) -> Any:
        """The cell under the cursor as the table names it (``TableState.cursors``): the cursor
        itself, unless the cursor is a position among cells (a grid's index)."""
        return self.cursor

    def neighbour(self, dx: int, dy: int) -> Any:
        """The cell ``dx`` columns and ``dy`` rows away from the cursor, as drawn; None: none."""
        raise NotImplementedError

    def cell_at(self, x: int, y: int) -> Any:
        """The cell drawn at content offset (x, y); None: none."""
        return None

    def clicked(self) -> None:
        """A click put the cursor on a cell: choose it (or toggle it)."""

    def cursor_moved(self) -> None:
        """The cursor moved, or the widget gained the focus (a widget whose screen follows the
        cursor tells it here)."""

    def component_style(self, component: str) -> Style:
        """A component class's colours (translucent ones blended over the widget) and text
        style, without the widget's own foreground, so what a cell draws keeps its colours."""
        full = self.get_component_rich_style(component)
        partial = self.get_component_rich_style(component, partial=True)
        return Style(
            color=full.color if partial.color else None, bgcolor=full.bgcolor if partial.bgcolor else None
        ) + Style(bold=partial.bold, reverse=partial.reverse, underline=partial.underline)

    def action_move(self, dx: int, dy: int) -> None:
        target = self.neighbour(dx, dy)
        if target is not None:
            self.cursor = target

    def watch_cursor(self) -> None:
        self.refresh()
        self.at = self.cell
        self.cursor_moved()

    def drawn(self) -> None:
        self.at = self.cell  # (the cells drawn anew: another may be under the same cursor)

    def on_focus(self) -> None:
        self.cursor_moved()

    def focus_drawn(self, focused: bool) -> None:
        super().focus_drawn(focused)
        mark_focus(self, focused)  # (a Shift+Tab to the log showed only the log's mark)
        self.cursor_drawn()

    def titled(self, title: str) -> None:
        """Its border's title, from a look: plain text, marked while it has the focus."""
        self.border_title = Text(title)
        mark_focus(self, self.has_focus)

    def cursor_drawn(self) -> None:
        """Repaint what the focus changes of the cells (the cursor's look): all of them, unless
        the widget knows which."""
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        target = None if offset is None else self.cell_at(offset.x, offset.y)
        if target is not None:
            self.cursor = target
            self.clicked()
