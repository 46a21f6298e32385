"""How a table is laid out: the notices over it, the board (the game's ``compose_board``) with the
hint's and the "since your last turn" panels and the status line (or the chat line) under it, the
side column (the plays list, the log, the legend ``l`` shows in their place) and the keys; every
part bound to the table's state, drawing itself from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.table_status import checking_status, covered_status, hint_waited_status, log_status
from caravan_tui.seat_labels import YOU
from caravan_tui.widgets import ActionList, MatchLog, SaveNotice, TablePanel
from caravan_tui.widgets.away_notice import AwayNotice
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.widgets.table_text import StatusLine

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen


def table_layout(screen: GameScreen[Any]) -> ComposeResult:
    """``screen``'s widgets (its ``compose``)."""
    state = type(screen).table_state
    yield SaveNotice(id="save-notice").data_bind(state)
    yield AwayNotice(id="away-notice").data_bind(state)
    with Horizontal(id="table"):
        with Vertical(id="board"):
            yield from screen.compose_board()
            if not screen.PANELS_BESIDE:
                yield board_panel(screen, "hint", id="hint-panel")
            yield board_panel(screen, "since", head=True, id="since-panel")
            if screen.client.shared:  # (under the status line, which draws it while it is open)
                yield ChatInput(id="chat-line")
            yield StatusLine(lambda table: status_words(screen, table), screen.STATUS_LINES, id="status").data_bind(
                state
            )
        with Vertical(id="side"):
            actions = ActionList(screen.describe, screen.listed, id="actions").data_bind(state)
            actions.border_title = "Plays"
            yield actions
            log = MatchLog(lambda table: log_covered(screen, table), id="log").data_bind(state)
            log.border_title = "Log"
            yield log
            if screen.PANELS_BESIDE:
                yield board_panel(screen, "hint", id="hint-panel")
            legend = screen.legend()
            screen.has_legend = legend is not None
            if legend is not None:
                panel = KeyScroll(Static(legend), id="legend-panel", classes="-hidden")
                panel.border_title = "Legend"  # and its keys below: both whole in the side's 31 columns
                panel.border_subtitle = "^↑↓ scroll · l closes"
                panel.can_focus = False
                yield panel
    yield KeysFooter()


def status_words(screen: GameScreen[Any], table: Any) -> Text:
    """The status line's words for ``table``: a window over it with the keys, practice checking a
    move, the hint's play waited for, the log's keys while it has the focus, else the game's own
    (``GameScreen.status_text``)."""
    width = screen.query_one(StatusLine).content_size.width or None
    return (
        covered_status(table)
        or checking_status(table)
        or hint_waited_status(table)
        or log_status(table, width)
        or screen.status_text()
    )


def log_covered(screen: GameScreen[Any], table: Any) -> bool:
    """Whether a panel over the side column hides the log in ``table``: the hint's where the game
    puts it beside the board, the "since your last turn" panel where it went over the side."""
    side = screen.query("#side")
    if not side:
        return False
    column = side.first()
    for panel_id, words in (("#hint-panel", table.hint_panel), ("#since-panel", table.since_panel)):
        panels = screen.query(panel_id)
        if words is not None and panels and panels.first().parent is column:
            return True
    return False


def board_panel(screen: GameScreen[Any], which: str, **kwargs: Any) -> TablePanel:
    """The hint's (``which`` "hint") or the "since your last turn" panel, drawn from the
    table's state."""
    return TablePanel(lambda table: getattr(table, f"{which}_panel"), **kwargs).data_bind(type(screen).table_state)


def toggle_legend(screen: GameScreen[Any]) -> None:
    """Show the legend in place of the plays and the log, or put them back; the board keeps the
    keys while the legend shows: the focus moves to it only from the plays list the legend hides
    (a cursor on the board stays where it is)."""
    showing = screen.query_one("#legend-panel").has_class("-hidden")
    side = screen.query_one("#side")
    for child in side.children:
        child.set_class(showing != (child.id == "legend-panel"), "-hidden")
    boards = screen.query("#board CursorWidget")
    focused = screen.focused
    if showing and boards and (focused is None or side in focused.ancestors):
        boards.first().focus()


def show_full_log(screen: GameScreen[Any]) -> None:
    """The whole log, its seats named as the log names them ("AI 3", not "AI 3 (normal)", which
    no line holds: the AI's seat read as if it had done nothing)."""
    table = screen.table
    names = [YOU() if seat == screen.seat else table.brief_name(seat) for seat in range(len(table.names))]
    screen.app.push_screen(FullLogScreen([line for line, _ in screen.table.log], names))
