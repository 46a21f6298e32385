"""What a table's widgets report into its state (a board's cursor, the plays list's highlight,
the focus, an opponent's action on show) and the spinner's turns: each is a change of the state,
assigned at once, or once the state being drawn is drawn, so that no widget is left drawing a
state older than the screen's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.timer import Timer
from textual.widget import Widget

from caravan_tui.engine import Action
from caravan_tui.screens.table_client import cursor_at, focused, highlighted, spun
from caravan_tui.screens.table_keys import hint_may_come, hint_waits, shown_plays
from caravan_tui.screens.table_seat import TableState
from caravan_tui.screens.table_status import ai_thinking
from caravan_tui.textual_adapter import repaint_at_once
from caravan_tui.widgets import ActionList
from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.table_text import StatusLine

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen

Change = Callable[[TableState[Any]], TableState[Any]]


class TableReports:
    """The reports waiting for ``screen``'s state to be drawn, and its spinner."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.waiting: list[Change] = []
        self.drawing = False
        self.spinner: Timer | None = None
        self.status: StatusLine | None = None

    def start(self) -> None:
        """Once the table is mounted: the spinner (it ticks only while an AI thinks: an idle
        session redraws nothing), and every cursor, the plays list's highlight and the focus
        reported into the state (what the status line says Enter does is worked out from it)."""
        screen = self.screen
        self.spinner = screen.set_interval(0.15, self.tick, pause=True)
        self.status = screen.query_one(StatusLine)
        screen.watch(screen, "focused", self.focus_moved)
        for board in screen.query("#table CursorWidget").results(CursorWidget):
            if board.id is not None:
                screen.watch(board, "at", self.cursor_of(board.id))
        screen.watch(screen.query_one(ActionList), "play", self.highlight_moved)
        # (watched after every widget bound to the state: the footer's repaint asks to be drawn
        # after theirs, so a layout they ask for is in the frame that draws it; asked first, the
        # footer was drawn in a frame of its own before the layout's)
        screen.watch(screen, "table_state", self.keys_follow, init=False)

    def assigned(self, was: TableState[Any], table: TableState[Any]) -> None:
        """A new state is being drawn (every widget bound to it draws itself after this): the
        save notice's end is told, the spinner turns only
        while an AI thinks, and what is reported meanwhile waits until every widget has drawn it."""
        screen = self.screen
        if was.unsaved and not table.unsaved:
            screen.notify("Saved: every move is stored again.", title="Saved")
        if self.spinner is not None:
            thinking = not screen.replaying and ai_thinking(table)
            (self.spinner.resume if thinking else self.spinner.pause)()
        if not self.drawing:
            self.drawing = True
            screen.call_next(self.drawn)

    def keys_changed(self, was: TableState[Any], table: TableState[Any]) -> bool:
        """Whether the screen's keys may have changed from ``was`` to ``table``: a game's play key
        its footer shows comes and goes with our turn, undo with the seats' kinds and the host (and
        with our turn where an AI stands in for another person), the key that takes a hint with
        its panel (``a``) and escape's word with it ("Hide"), or with a choice to drop ("Cancel"),
        the hint with whose turn it is (``hint_may_come``). A new decision of ours counts as a
        turn's change: a play and the host's answer are told in one state (``table_hold``), from
        one decision to the next, and a footer that read the keys between them (a dialog's play:
        the focus came back meanwhile) kept "e End turn" away."""
        turned = was.turn != table.turn and (bool(shown_plays(type(self.screen))) or table.others_stood_in())
        hinted = (was.hint_panel is None) != (table.hint_panel is None) or was.hint_action != table.hint_action
        hint_key = hint_may_come(was) != hint_may_come(table) or hint_waits(was) != hint_waits(table)
        own = self.screen.keys_changed(was, table)  # (a game's own: Caravanserai's hint marks)
        escapes = (self.screen.escaped(was) is None) != (self.screen.escaped(table) is None)  # ("esc Cancel")
        seats = was.undo != table.undo or was.seat_kinds != table.seat_kinds
        return turned or hinted or hint_key or own or escapes or seats

    def keys_follow(self, was: TableState[Any], table: TableState[Any]) -> None:
        """The footer told at once when the keys may have changed (shown play keys only on our
        turn; undo only against AI seats): Textual tells it only after the next frame, which a
        second layout then drew (the Pass key at each turn's change)."""
        if self.keys_changed(was, table):
            self.screen.refresh_bindings()

    def report(self, change: Change) -> None:
        """The table's state after ``change``, assigned now, or once the state being drawn is drawn."""
        if self.drawing:
            self.waiting.append(change)
            return
        self.screen.table_state = change(self.screen.table)

    def tick(self) -> None:
        self.screen.table_state = spun(self.screen.table)

    def drawn(self) -> None:
        self.drawing = False
        waiting, self.waiting = self.waiting, []
        table = self.screen.table
        for change in waiting:
            table = change(table)
        self.screen.table_state = table  # (the same state: nothing is drawn)

    def focus_moved(self, widget: Widget | None) -> None:
        """The focus moved: into the state, and the status line drawn in the frame that shows the
        focus move (``DrawsItsFocus``)."""
        self.report(lambda table: focused(table, None if widget is None else widget.id))
        self.screen.selection_changed()
        if self.status is not None:
            repaint_at_once(self.status)

    def cursor_of(self, board: str) -> Callable[[Any], None]:
        def moved(cell: Any) -> None:
            self.report(lambda table: cursor_at(table, board, cell))
            self.screen.selection_changed()

        return moved

    def highlight_moved(self, action: Action | None) -> None:
        self.report(lambda table: self.screen.list_moved(highlighted(table, action)))
        self.screen.selection_changed()
