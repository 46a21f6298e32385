"""A seat's table as a fold over what its bus says (the shape of boardgame.io's client): each
message the host sends gives a new ``TableState`` from the last, the last left as it was. Plain
Python: tested as functions, for every game's kind of table; the screen assigns what the fold
gives and every widget bound to the state draws itself from it.

What a message does besides (the bell, the log, the board's highlights, the focus) stays with
the screen; what it changes in the table's state is here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from caravan_tui.bus import Chat, Hint, MatchInfo, MatchOver, Message, SaveStatus, Thinking, Update, YourTurn
from caravan_tui.engine import Action, State
from caravan_tui.safe_text import plain
from caravan_tui.screens.table_panels import ASKING, PanelWords
from caravan_tui.screens.table_seat import TableState, frozen_map

T = TypeVar("T", bound=TableState)
#: the world a view gives this seat (``Game.from_view``; None for a spectator's)
WorldOf = Callable[[dict[str, Any]], State | None]


def heard(table: T, message: Message, world_of: WorldOf, now: float) -> T:
    """The table after ``message`` (``now``: ``time.monotonic()`` as it came); a message that
    changes nothing the table shows gives ``table`` itself."""
    fold = FOLDS.get(type(message))
    return table if fold is None else fold(table, message, world_of, now)


def with_view(table: T, view: dict[str, Any], world_of: WorldOf) -> T:
    """A new table showing ``view``: its world built once a view (a ``YourTurn`` carries the view
    of the ``Update`` before it, and that world stands)."""
    if table.world is not None and view == table.view:
        return table
    return table.viewing(view, world_of(view))


def _match_info(table: T, message: MatchInfo, world_of: WorldOf, now: float) -> T:
    # names come from people and save files: plain from here on (no escapes, no bidi)
    return dataclasses.replace(
        table, names=tuple(plain(name) for name in message.names), seat_kinds=tuple(message.seats), kinds_at=now
    )


def _update(table: T, message: Update, world_of: WorldOf, now: float) -> T:
    new = dataclasses.replace(
        logged_update(with_view(table, message.view, world_of), table.view, message), moves=message.turn
    )
    if message.view["to_move"] != table.seat:
        return dataclasses.replace(new, turn=None, legal=(), typed="", unsaved=message.unsaved)
    return new if new.unsaved == message.unsaved else dataclasses.replace(new, unsaved=message.unsaved)


def logged_update(table: T, previous: dict[str, Any] | None, message: Update) -> T:
    """``table`` with the log's lines of ``message`` (``previous``: the view before it): the whole
    log in their place (a reconnect, a replay's step), else after it, marked when another moved."""
    lines = [table.log_line(line) for line in message.events]
    if message.whole_log:
        return dataclasses.replace(table, log=tuple((line, False) for line in lines))
    return logged(table, lines, emphasis=moved_by_other(table, previous))


def moved_by_other(table: TableState, previous: dict[str, Any] | None) -> bool:
    """Whether the move after ``previous`` (the view before it) was another seat's (a replay's
    steps are nobody's: the player steps through them)."""
    mover = previous["to_move"] if previous else None
    return mover is not None and mover != table.seat and not table.replaying


def logged(table: T, lines: Iterable[str], emphasis: bool = False) -> T:
    """``table`` with ``lines`` added to its log (``emphasis``: marked as another's)."""
    added = tuple((line, emphasis) for line in lines)
    return dataclasses.replace(table, log=table.log + added) if added else table


def _chat(table: T, message: Chat, world_of: WorldOf, now: float) -> T:
    # (a whole log holds the chat said before it, where it was said)
    return logged(table, [message.words(table.seat)], emphasis=message.seat != table.seat)


def _your_turn(table: T, message: YourTurn, world_of: WorldOf, now: float) -> T:
    new = with_view(table, message.view, world_of)
    return dataclasses.replace(
        new, thinking=None, legal=tuple(message.legal), turn=message.turn, typed="", hint_action=None, undo=message.undo
    )


def _thinking(table: T, message: Thinking, world_of: WorldOf, now: float) -> T:
    return dataclasses.replace(table, thinking=message)


def _hint(table: T, message: Hint, world_of: WorldOf, now: float) -> T:
    if not hint_awaited(table, message):
        return table  # (a hint for a decision gone by, or put away before it came)
    rows = tuple(tuple(row) for row in message.candidates)
    plan, left = tuple(message.plan), table.plan_left
    dropped = left[0] if left and plan[:1] != left[:1] and left[0] in table.legal else None
    return dataclasses.replace(table, hint_candidates=rows, hint_plan=plan, plan_left=(), plan_dropped=dropped)


def hint_awaited(table: TableState, message: Hint) -> bool:
    """Whether ``message`` is the hint the table still waits for: for its decision, its panel
    still asking (``h`` or escape put it away: the hint that comes after is not shown)."""
    return message.turn == table.turn and table.hint_panel == ASKING


def _save_status(table: T, message: SaveStatus, world_of: WorldOf, now: float) -> T:
    return table if table.unsaved == message.unsaved else dataclasses.replace(table, unsaved=message.unsaved)


def _match_over(table: T, message: MatchOver, world_of: WorldOf, now: float) -> T:
    return dataclasses.replace(table, over=message, turn=None, thinking=None)


FOLDS: dict[type[Message], Callable[[Any, Any, WorldOf, float], Any]] = {
    MatchInfo: _match_info,
    Update: _update,
    YourTurn: _your_turn,
    Thinking: _thinking,
    Hint: _hint,
    MatchOver: _match_over,
    SaveStatus: _save_status,
    Chat: _chat,
}


def acted(table: T, action: Action | None = None) -> T:
    """The table once our decision (``action``) has gone to the host: no turn until the next one
    comes, the hint's and the "since" panels closed, and no play highlighted (the plays list shows
    its note and reports no highlight: already so, its report changes nothing and draws nothing
    again); the rest of the hint's line kept where its play was the one played (``plan_left``)."""
    plan = table.hint_plan
    left = plan[1:] if action is not None and table.hint_action == action and plan[:1] == (action,) else ()
    return dataclasses.replace(
        table, turn=None, hint_panel=None, since_panel=None, highlighted=None, plan_left=left, plan_dropped=None
    )


# -- local intents: what the person points at, as the table's widgets report it -----------------


def cursor_at(table: T, board: str, cell: Any) -> T:
    """The table once the cursor of the board whose id is ``board`` is on ``cell``."""
    if board in table.cursors and table.cursors[board] == cell:
        return table
    return dataclasses.replace(table, cursors=frozen_map({**table.cursors, board: cell}))


def highlighted(table: T, action: Action | None) -> T:
    """The table once the plays list highlights ``action`` (None: no line)."""
    return table if table.highlighted == action else dataclasses.replace(table, highlighted=action)


def focused(table: T, widget: str | None) -> T:
    """The table once the widget whose id is ``widget`` has the focus (None: none of the table's)."""
    return table if table.focus == widget else dataclasses.replace(table, focus=widget)


def spun(table: T) -> T:
    """The table with the spinner's next frame."""
    return dataclasses.replace(table, spin=table.spin + 1)


def paused(table: T, seat: int | None) -> T:
    """The table while ``seat``'s action is on show (None: no pause)."""
    return table if table.pausing == seat else dataclasses.replace(table, pausing=seat)


def list_pointed(table: T, action: Action | None) -> T:
    """The table asking its plays list to highlight ``action`` (None: no line): the play a game's
    own selection makes; the list moves its highlight once, when it draws this state."""
    return dataclasses.replace(table, list_play=action, list_asked=table.list_asked + 1)


def cursor_pointed(table: T, board: str, cell: Any) -> T:
    """The table asking the board whose id is ``board`` to put its cursor on ``cell`` (a new
    round's first choice; a cell it does not show: it stays); the board moves it once, when it
    draws this state."""
    asked = table.cursor_asks.get(board, (None, 0))[1] + 1
    return dataclasses.replace(table, cursor_asks=frozen_map({**table.cursor_asks, board: (cell, asked)}))


def panel_opened(table: T, which: str, words: PanelWords | None) -> T:
    """The table with its hint's (``which`` "hint") or "since your last turn" panel (``"since"``)
    saying ``words`` (None: closed). A hint opened closes the "since" panel: a hint asked for
    before our turn came after it, and the three panels stacked in the side column left the plays
    an empty frame and the hint cut at the footer (the log keeps what the panel said)."""
    if getattr(table, f"{which}_panel") == words:
        return table
    if which == "hint":  # (while the hint is asked for, the "since" panel is there to read)
        closes = words is not None and words != ASKING
        return dataclasses.replace(table, hint_panel=words, since_panel=None if closes else table.since_panel)
    return dataclasses.replace(table, since_panel=words)
