"""A table's end of the bus (DESIGN §3, §6): it reads its seat's messages in order, folds each
into a new table state (``table_client``) that the screen assigns, and tells the screen's hooks
what a message means beyond the state (the board's highlights, the bell, the log, the result).

Each kind of message has one handler, found in ``HEARS`` (a dispatch table, not a chain of type
checks); a handler returns how long to let the message sink in before the next one.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from caravan_tui.bus import (
    Chat,
    Hint,
    MatchInfo,
    MatchOver,
    Message,
    Rejected,
    Saved,
    SaveStatus,
    Sync,
    Thinking,
    Update,
    YourTurn,
)
from caravan_tui.engine import State
from caravan_tui.screens.requests import MatchEnded
from caravan_tui.screens.table_client import heard, hint_awaited, moved_by_other
from caravan_tui.screens.table_panels import since_panel

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen

#: the handler of each kind of bus message, by name (``TableBus.handle``)
HEARS: dict[type[Message], str] = {}


def hears(kind: type[Message]) -> Callable[[Callable[..., float]], Callable[..., float]]:
    """Mark a ``TableBus`` method as the handler of ``kind`` of bus message (``HEARS``)."""

    def marked(method: Callable[..., float]) -> Callable[..., float]:
        HEARS[kind] = method.__name__
        return method

    return marked


class TableBus:
    """The bus client of ``screen``'s table: what its seat was told and is waiting for (an
    ``Act`` on its way, the turn it played last, what others did since)."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.acted = False  # an Act (or an undo) is on its way to the host
        self.my_last_turn: int | None = None  # (at a shared table: the bell rings when the turn comes back)
        self.since: list[str] = []  # what others did since our last decision
        self.since_moves = 0  # how many moves they made

    def since_summed_up(self) -> None:
        """A summary shown over the table (a hand's scoring) says what happened up to it: the
        "since your last turn" panel starts afresh. It came at our next turn, minutes later when a
        stand-in's grace ran between, with the hand the person had read in the summary."""
        self.since, self.since_moves = [], 0

    async def listen(self) -> None:
        """Handle this seat's messages in order, those that came together as one state. After an
        opponent's move, pause a moment so the player sees it before the game moves on."""
        screen, client = self.screen, self.screen.client
        while True:
            message = await client.get()
            # the messages here already (the opponent's move and our turn: the host sends them
            # together) are one state, one pass of the widgets; a pause shows what came before it
            with screen.one_state():
                while True:
                    # the screen was closed (or the app is ending) meanwhile: once its message loop has
                    # stopped, its widgets are being removed while it is still attached (#status gone)
                    if not (screen.is_attached and screen.is_running):
                        return
                    pause = self.handle(message)
                    if pause or not client.waiting():
                        break
                    message = await client.get()  # (here already: no wait)
            screen.moves.answered()  # (a play's frames wait for the host's first word after it)
            if pause:
                await self.linger(pause)

    async def linger(self, seconds: float) -> None:
        """Let an opponent's move sink in; at a table that pauses after each action, a key cuts
        this short."""
        if self.screen.PAUSE_EACH_ACTION:
            await self.screen.pause.linger(seconds)
        else:
            await asyncio.sleep(seconds)

    def handle(self, message: Message | None) -> float:
        """Show one message through its handler (``HEARS``: each bus message's kind names one);
        returns how long to let it sink in before the next one."""
        handler = None if message is None else HEARS.get(type(message))
        if handler is None:
            return 0.0  # (a message this end of the bus has no use for, or the match gone)
        return getattr(self, handler)(message)

    def heard(self, message: Message):
        """The table's state after ``message`` (``table_client``), not yet assigned."""
        return heard(self.screen.table, message, self.world_of, time.monotonic())

    def fold(self, message: Message) -> None:
        """The table's state after ``message``, assigned: what is bound to it draws itself."""
        self.screen.table_state = self.heard(message)

    def world_of(self, view: dict[str, Any]) -> State | None:
        """A world consistent with ``view``, for this seat's descriptions (None: a spectator's)."""
        screen = self.screen
        return screen.game.from_view(view, screen.seat) if screen.seat is not None else None

    @hears(Update)
    def heard_update(self, message: Update) -> float:
        return self.screen.show_update(message)

    @hears(MatchInfo)
    def heard_match_info(self, message: MatchInfo) -> float:
        self.fold(message)
        if self.screen.table.view is not None:
            self.screen.show_view(self.screen.table.view)
        return 0.0

    @hears(Saved)
    def heard_saved(self, message: Saved) -> float:
        self.screen.menu.saved(message)
        return 0.0

    @hears(SaveStatus)
    def heard_save_status(self, message: SaveStatus) -> float:
        self.fold(message)
        return 0.0

    @hears(Chat)
    def heard_chat(self, message: Chat) -> float:
        """Said to the table's log; where the log is not in sight (a hint or the legend in its
        place), in a notice too: said while a hint was open, it was seen by no one who kept it."""
        self.fold(message)
        screen = self.screen
        if message.seat != screen.table.seat and not screen.query_one("#log").display:
            screen.notify(screen.table.log_line(message.words(screen.table.seat)), timeout=8)
        return 0.0

    @hears(YourTurn)
    def heard_your_turn(self, message: YourTurn) -> float:
        screen = self.screen
        if screen.client.shared and message.turn - 1 != self.my_last_turn:
            screen.app.bell()  # the turn came back from someone else
        since, self.since, self.since_moves = since_panel(self.since, self.since_moves), [], 0
        table = self.heard(message)
        # (the plays list shows the choices before the game looks at them)
        screen.table_state = replace(table, hint_panel=None, since_panel=since or table.since_panel)
        assert screen.table.view is not None
        screen.show_view(screen.table.view)
        screen.your_turn()
        screen.overlays.our_turn()
        screen.moves.given_back()
        return 0.0

    @hears(Thinking)
    def heard_thinking(self, message: Thinking) -> float:
        self.fold(message)
        return 0.0

    @hears(Hint)
    def heard_hint(self, message: Hint) -> float:
        if hint_awaited(self.screen.table, message):
            self.fold(message)
            self.screen.show_hint(message.action, message.text)
            self.screen.overlays.hint_shown()
        return 0.0

    @hears(Rejected)
    def heard_rejected(self, message: Rejected) -> float:
        screen = self.screen
        screen.notify(message.reason, title="Not possible", severity="warning")
        screen.moves.dropped(told=False)  # (the refusal says why)
        if self.acted:  # our move was refused: ask for the position again
            self.acted = False
            screen.send(Sync(screen.client.match_id, screen.seat))
        return 0.0

    @hears(MatchOver)
    def heard_match_over(self, message: MatchOver) -> float:
        self.fold(message)
        self.screen.moves.dropped(told=False)
        self.screen.post_message(MatchEnded(self.screen, message))
        return 0.0

    def update(self, update: Update) -> float:
        """The table after ``update`` (a move, or a replay's step): one new state assigned (the
        log's lines and what the game marks of the view in it), the game's hooks called; returns
        the pause to let the move sink in."""
        screen = self.screen
        self.acted = False
        previous = screen.table.view
        if previous is None and update.since is not None:  # (a rejoin: what others did since our move is marked)
            previous = update.since
        shown_at = screen.table.replay_at
        if screen.replay is not None and previous is not None and shown_at and shown_at[0] != update.turn - 1:
            previous = screen.replay.view_before(update.turn)  # (a step back or a jump: the move shown's own)
        by_other = moved_by_other(screen.table, previous)  # (a replay's steps: no pauses, the player steps)
        if by_other:
            screen.moves.dropped()
        table = self.heard(update)
        if screen.replay is not None:
            table = replace(table, replay_at=(update.turn, screen.replay.length), replay_step=screen.replay.silent)
            table = replace(table, hint_panel=screen.overlays.weighed_words(update.turn, table))
            screen.call_after_refresh(screen.overlays.weighed_drawn, update.turn)
        view = table.view
        assert view is not None
        if update.until is not None:  # (a rejoin in the middle of our turn: the others' changes before it)
            screen.table_state = screen.view_rejoined(table, update.since, update.until)
        else:
            screen.table_state = screen.view_folded(table, previous, by_other)
        if by_other and not update.whole_log:
            self.since.extend(table.log_line(line) for line in update.events)
            self.since_moves += 1
        elif update.laid_from is not None and not update.whole_log:  # (a turn of theirs the rules laid in ours)
            self.since.extend(table.log_line(line) for line in update.events[update.laid_from :])
            self.since_moves += 1
        screen.show_view(view)
        screen.view_changed(previous, view, by_other)
        # the pause lets a move sink in before the game moves on; when it moves on to us, it waits
        # for us anyway, and a pause would hold our turn (and the keys pressed for it) back
        ours_next = view["to_move"] == screen.seat and screen.seat is not None
        return screen.table_app.move_pause if by_other and not ours_next else 0.0
