"""The game screen: a person's seat on the bus (DESIGN §3, §6).

It is a client: it only shows what its messages carry (``MatchInfo``, ``Update``,
``YourTurn``…) and sends requests (``Act``, ``HintRequest``, ``UndoRequest``, ``Resign``,
``SaveRequest``) to the match host; the host decides everything. A game's ``Game.screen``
subclasses ``GameScreen`` with its own board; ``GenericGameScreen`` plays any game from the
actions list alone.
"""
from __future__ import annotations

import asyncio
from contextlib import suppress

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.bus import (
    Act,
    Chat,
    Hint,
    MatchInfo,
    MatchOver,
    Rejected,
    Saved,
    SaveStatus,
    SeatEnd,
    Sync,
    Thinking,
    Update,
    YourTurn,
)
from caravan_tui.engine import Action, ViewHeader
from caravan_tui.safe_text import plain
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.requests import MatchEnded
from caravan_tui.screens.summary import result_line
from caravan_tui.screens.table_keys import TableKeys
from caravan_tui.screens.table_seat import V
from caravan_tui.seat_labels import YOU, YOURS
from caravan_tui.ssh.protocol import is_away, stand_in_after
from caravan_tui.widgets import ActionList, MatchLog, SaveNotice, TablePanel
from caravan_tui.widgets.away_notice import AwayNotice
from caravan_tui.widgets.footer import KeysFooter


class GameScreen(TableKeys[V]):
    """Shared behaviour; subclasses add ``compose_board`` and ``show_view``."""

    # -- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SaveNotice(id="save-notice")
        yield AwayNotice(id="away-notice")
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield from self.compose_board()
                yield TablePanel(id="hint-panel")
                yield TablePanel(head=True, id="since-panel")
                yield Static("", id="status")
                if self.client.shared:
                    yield ChatInput(id="chat-line")
            with Vertical(id="side"):
                actions = ActionList(id="actions")
                actions.border_title = "Plays"
                yield actions
                log = MatchLog(id="log")
                log.border_title = "Log"
                yield log
                legend = self.legend()
                if legend is not None:
                    panel = VerticalScroll(Static(legend), id="legend-panel", classes="-hidden")
                    panel.border_title = "Legend · ^↑↓ scroll · l closes"
                    panel.can_focus = False
                    yield panel
        yield KeysFooter()

    def legend(self) -> Text | None:
        """The whole legend of the game's glyphs and marks, shown by ``l`` in place of the plays
        and the log (None: the game needs none)."""
        return None

    def compose_board(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query_one(ActionList).clear_actions("waiting…")
        if self.STATUS_LINES > 1:  # (inline: the app's stylesheet gives it one line)
            status = self.query_one("#status")
            status.styles.height, status.styles.max_height = "auto", self.STATUS_LINES
        # ticks only while an AI thinks (``show_status``): an idle session redraws nothing
        self._spinner = self.set_interval(0.15, self._tick, pause=True)
        # what the status line says Enter does follows every cursor and the focus
        self.watch(self, "focused", self.selection_changed, init=False)
        for widget in self.query("#table CursorWidget"):
            self.watch(widget, "cursor", self.selection_changed, init=False)
        self.watch(self.query_one(ActionList), "highlighted", self.selection_changed, init=False)
        self.run_worker(self._listen(), exclusive=True, group="bus")

    # -- the bus ----------------------------------------------------------------------------

    async def _listen(self) -> None:
        """Handle this seat's messages in order. After an opponent's move, pause a moment so
        the player sees it before the game moves on."""
        while True:
            message = await self.client.get()
            # the screen was closed (or the app is ending) meanwhile: once its message loop has
            # stopped, its widgets are being removed while it is still attached (#status gone)
            if not (self.is_attached and self.is_running):
                return
            pause = self.handle(message)
            if pause:
                await self.linger(pause)

    async def linger(self, seconds: float) -> None:
        """Let an opponent's move sink in; a game screen may let a key cut this short."""
        await asyncio.sleep(seconds)

    def handle(self, message) -> float:
        """Show one message; returns how long to let it sink in before the next one."""
        if isinstance(message, Update):
            return self.show_update(message)
        if isinstance(message, MatchInfo):
            # names come from people and save files: plain from here on (no escapes, no bidi)
            self.names, self.seat_kinds = [plain(name) for name in message.names], list(message.seats)
            self.refresh_bindings()  # (undo is offered only against AI seats)
            self.query_one(AwayNotice).show_away([(self.names[seat], stand_in_after(kind))
                                                  for seat, kind in enumerate(self.seat_kinds)
                                                  if is_away(kind) and seat < len(self.names)])
            if self.view is not None:
                self.show_view(self.view)
        elif isinstance(message, Saved):
            self.saved(message)
        elif isinstance(message, SaveStatus):
            self.show_unsaved(message.unsaved)
        elif isinstance(message, Chat):
            # (a whole log holds the chat said before it, where it was said)
            self.query_one(MatchLog).add([message.words(self.seat)], emphasis=message.seat != self.seat)
            return 0.0
        elif isinstance(message, YourTurn):
            if self.client.shared and message.turn - 1 != self._my_last_turn:
                self.app.bell()  # the turn came back from someone else
            self.thinking = None
            view = self._set_view(message.view)
            self.legal, self.turn = list(message.legal), message.turn
            self.show_view(view)
            self.query_one(ActionList).set_actions(self.legal, self.describe)
            self.show_since()
            self.your_turn()
        elif isinstance(message, Thinking):
            self.thinking = message
        elif isinstance(message, Hint):
            if message.turn == self.turn:
                self.hint_candidates, self.hint_plan = message.candidates, list(message.plan)
                self.show_hint(message.action, message.text)
        elif isinstance(message, Rejected):
            self.notify(message.reason, title="Not possible", severity="warning")
            if self._acted:  # our move was refused: ask for the position again
                self._acted = False
                self.send(Sync(self.client.match_id, self.seat))
        elif isinstance(message, MatchOver):
            self.over = message
            self.turn, self.thinking = None, None
            self.query_one(ActionList).clear_actions("the match is over")
            self.post_message(MatchEnded(self, message))
        self.show_status()
        return 0.0

    def show_update(self, update: Update) -> float:
        self._acted = False
        previous = self.view
        mover = previous["to_move"] if previous else None
        by_other = mover is not None and mover != self.seat
        view = self._set_view(update.view)
        self.show_unsaved(update.unsaved)
        if view["to_move"] != self.seat:
            self.turn = None
            self.legal = []
            self.query_one(ActionList).clear_actions("waiting…")
        if self.replaying:
            self.query_one(ActionList).clear_actions("a replay: ←/→ step")
            by_other = False  # no pauses: the player steps at their own pace
            self.show_weighed(update.turn)
        log = self.query_one(MatchLog)
        if update.whole_log:
            log.replace(update.events)
        else:
            log.add(update.events, emphasis=by_other)
            if by_other:
                self._since.extend(update.events)
                self._since_moves += 1
        self.show_view(view)
        self.view_changed(previous, view, by_other)
        self.show_status()
        # the pause lets a move sink in before the game moves on; when it moves on to us, it waits
        # for us anyway, and a pause would hold our turn (and the keys pressed for it) back
        ours_next = view["to_move"] == self.seat and self.seat is not None
        return self.table_app.move_pause if by_other and not ours_next else 0.0

    # -- hooks for games ---------------------------------------------------------------------

    def show_view(self, view: V) -> None:
        """Draw the board from this seat's view."""

    def view_changed(self, previous: V | None, view: V, by_other: bool) -> None:
        """A new view arrived (after the board was drawn): summaries, highlights."""

    def match_summary(self, view: V):
        """A renderable for the end-of-match screen (None: the scores alone)."""
        return None

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """The end-of-match screen's headline (default: who wins, or a draw): "You win!", never
        "Ann (you) wins!"."""
        return result_line(self.headline_names(names), scores, outcome)

    def headline_names(self, names: list[str]) -> list[str]:
        """``names`` as a headline says them: "You" for ours, never "Ann (you)"."""
        return [YOU() if seat == self.seat else name.removesuffix(YOURS(name="")) for seat, name in enumerate(names)]

    def show_summary(self, summary: Screen) -> None:
        """Show a summary over the table (a hand's scoring): in place of the one still showing, if
        any, so a spectator, who has no turn to close them, sees the latest alone, not a pile."""
        if self._summary is not None and self.app.screen is self._summary:
            self.app.switch_screen(summary)
        else:
            self.app.push_screen(summary)
        self._summary = summary

    def update_static(self, selector: str, text: Text) -> None:
        """A panel's ``Static`` shows ``text``: updated only when the text changes, and the screen
        laid out again only when the lines it wraps to at its width do (a layout is the costly
        part of a redraw)."""
        widget = self.query_one(selector, Static)
        before = widget.content
        if before == text:
            return
        width = widget.content_size.width
        console = self.app.console
        same = bool(width) and isinstance(before, Text) and len(before.wrap(console, width)) == len(
            text.wrap(console, width))
        widget.update(text, layout=not same)

    def selection_changed(self) -> None:
        """A cursor moved or the focus moved (Textual's reactive attributes, watched): what the
        table says Enter does is worked out again from them, not left from the last event."""
        self.show_status()

    def enter_action(self) -> Action | None:
        """What Enter plays now, for the widget that has the focus: what the status line
        promises (None: Enter plays nothing at once — it opens a choice, or the focus is
        elsewhere). A game whose board plays on Enter says what it would play."""
        focused = self.focused
        return focused.highlighted_action if isinstance(focused, ActionList) and self.turn is not None else None

    def your_turn(self) -> None:
        """It is our decision; ``self.legal`` holds the choices."""
        self.focus_to_decide(self.query_one(ActionList))

    def focus_to_decide(self, widget: Widget) -> None:
        """Give ``widget`` the focus for a new decision; while a chat line is being typed, it
        gets the focus when the line closes instead (a turn never takes the keys from a chat)."""
        if self._chatting:
            self._chat_from = widget
        else:
            widget.focus()

    # -- acting -----------------------------------------------------------------------------

    def decides_now(self) -> bool:
        """Whether this seat decides now; if not, says so (not while replaying or once over)."""
        if self.turn is None:
            if self.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return False
        return True

    def act(self, action: Action) -> None:
        if self.seat is None:
            self.notify("You are watching this match: spectators do not play.", severity="warning")
            return
        turn = self.turn
        if turn is None:
            self.decides_now()  # (says why not)
            return
        if action not in self.legal:
            self.notify(f"{self.describe(action)} is not legal now.", severity="warning")
            return
        self.turn = None
        self._acted, self._my_last_turn = True, turn
        for panel in self.query(TablePanel):
            panel.hide()
        self.query_one(ActionList).clear_actions("waiting…")
        self.send(Act(self.client.match_id, self.seat, turn, action))
        self.show_status()

    def choose_among(self, actions: list[Action], question: str = "Which one?") -> None:
        """Play the only action, or ask which one is meant."""
        if len(actions) == 1:
            self.act(actions[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.act(actions[index])

        self.app.push_screen(ChoiceScreen(question, [self.describe(a) for a in actions]), chosen)

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        self.act(event.action)

    # -- keys -------------------------------------------------------------------------------

class PausingGameScreen(GameScreen[V]):
    """A game screen that shows the others' actions one at a time: after each a pause, which a
    key cuts short, and then no more pauses until our turn (``your_turn`` clears ``_skipping``).
    ``_mover`` is the seat whose action was shown last (set by the subclass's ``view_changed``)."""

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self._mover: int | None = None
        self._skipping = False  # no pauses until our turn
        self._pausing: int | None = None  # the seat whose action is on show
        self._wake = asyncio.Event()  # ends the current pause early

    async def linger(self, seconds: float) -> None:
        if self._skipping or seconds <= 0:
            return
        self._wake.clear()
        self._pausing = self._mover
        self.show_status()
        with suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
        self._pausing = None
        self.show_status()

    def on_key(self, event: Key) -> None:
        """A key pressed while an opponent's action is on show shows the rest of their actions
        at once; it does nothing else (an Enter meant to skip must not act on our next turn)."""
        if self._pausing is not None:
            event.stop()
            event.prevent_default()
            self._skipping = True
            self._wake.set()


class GenericGameScreen(GameScreen[ViewHeader]):
    """Any registered game: a summary of the view, the actions list and the log."""

    def compose_board(self) -> ComposeResult:
        yield VerticalScroll(Static("", id="summary"), id="summary-box")

    def show_view(self, view: ViewHeader) -> None:
        lines = [f"{key}: {compact(value)}" for key, value in view.items() if key != "game"]
        self.query_one("#summary", Static).update(Text("\n".join(lines), overflow="fold"))


def compact(value) -> str:
    """A view value on as few characters as will still read: ``a=1 b=2``, ``[x, y]``."""
    if isinstance(value, dict):
        return " ".join(f"{k}={compact(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)

