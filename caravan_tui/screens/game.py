"""The game screen: a person's seat on the bus (DESIGN §3, §6).

It is a client: it only shows what its messages carry (``MatchInfo``, ``Update``,
``YourTurn``…) and sends requests (``Act``, ``HintRequest``, ``UndoRequest``, ``Resign``,
``SaveRequest``) to the match host; the host decides everything. A game's ``Game.screen``
subclasses ``GameScreen`` with its own board; ``GenericGameScreen`` plays any game from the
actions list alone.
"""
from __future__ import annotations

import asyncio
import re
from contextlib import suppress
from typing import Any, Generic, TypeVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from ai.explain import confidence, headline, rank_label
from caravan_tui.bus import (
    Act,
    Chat,
    Hint,
    HintRequest,
    MatchInfo,
    MatchOver,
    Rejected,
    Resign,
    Saved,
    SaveRequest,
    SaveStatus,
    SeatEnd,
    Sync,
    Thinking,
    UndoRequest,
    Update,
    YourTurn,
)
from caravan_tui.engine import Action, State, ViewHeader, normalise_action, render
from caravan_tui.games import get_game
from caravan_tui.match.replay import ReplayClient
from caravan_tui.safe_text import plain
from caravan_tui.screens.base import WIDE_WIDTH, BaseScreen
from caravan_tui.screens.chat import ChatInput, chat_words
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.requests import ChangeReplayView, GoHome, MatchEnded, OpenRules
from caravan_tui.screens.summary import result_line
from caravan_tui.screens.weighed_words import nothing_weighed
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.protocol import OPEN, STANDING_IN, is_away, stand_in_after
from caravan_tui.widgets import ActionList, MatchLog, SaveNotice, TablePanel
from caravan_tui.widgets.away_notice import AwayNotice
from caravan_tui.widgets.footer import KeysFooter

#: lines (or moves) by others since our last decision that open the "since your last turn" panel,
#: and how many of the latest lines it shows (a two-player game's one move is one or two lines: no
#: panel; a placement of ten pieces is one line but ten moves: a panel)
SINCE_AT_LEAST, SINCE_SHOWN = 4, 8
#: what an AI seat's default name ends with: its level, "(normal)"
LEVEL_SUFFIX = re.compile(r" \([^()]*\)$")
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
MENU = ("Resume", "Save and quit to home", "Resign")
#: the game's view type (``games/<id>/views.py``): what its screen reads from each view
V = TypeVar("V", bound=ViewHeader)


class GameScreen(BaseScreen, Generic[V]):
    """Shared behaviour; subclasses add ``compose_board`` and ``show_view``."""

    BINDINGS = [
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules of this game"),
        Binding("h", "hint", "Hint", tooltip="The AI's suggestion for you (not played)"),
        Binding("h", "weighed", "Why", tooltip="Replay: show or hide what the AI weighed at its move"),
        Binding("u", "undo", "Undo", tooltip="Take back to your previous decision, when the rules allow"),
        Binding("ctrl+s", "save", "Save", tooltip="Confirm the autosave"),
        Binding("escape", "menu", "Menu", tooltip="Resume, save and quit to home, or resign"),
        # Priority over the board's own arrows, but only in a replay (check_action): in a match the
        # keys go on to the focused widget.
        Binding("left", "step(-1)", "Back", tooltip="Replay: one move back", priority=True),
        Binding("right", "step(1)", "Forward", tooltip="Replay: one move forward", priority=True),
        Binding("home", "step(-100000)", "Start", show=False, priority=True),
        Binding("end", "step(100000)", "End", show=False, priority=True),
        Binding("v", "change_view", "View", tooltip="Replay: the next seat's view, or the public one"),
        Binding("t", "chat", "Chat", tooltip="Say something to the table"),
        Binding("ctrl+l", "full_log", "Log", tooltip="The whole log, scrollable, by seat or word"),
        Binding("ctrl+up", "scroll_panel(-3)", show=False), Binding("ctrl+down", "scroll_panel(3)", show=False),
        Binding("l", "legend", "Legend", tooltip="Show or hide the whole legend of the board's glyphs and marks"),
    ]
    #: what a replay offers, and what it does not (it changes nothing)
    REPLAY_ONLY = {"step", "change_view", "weighed"}
    PLAY_ONLY = {"hint", "undo", "save"}
    #: the lines the status line may wrap onto (one: it keeps its one-line size)
    STATUS_LINES = 1

    def __init__(self, client: SeatEnd) -> None:
        super().__init__()
        self.client = client
        #: the replay being stepped through, when this screen shows one rather than a match
        self.replay = client if isinstance(client, ReplayClient) else None
        self.replaying = self.replay is not None
        self.game = get_game(client.game_id)
        self.seat = client.seat
        self.names: list[str] = []  # from MatchInfo
        self.seat_kinds: list[str] = []
        self.view: V | None = None
        self._world: State | None = None  # a state consistent with ``view``, for descriptions
        self.legal: list[Action] = []
        self.turn: int | None = None  # set while it is our decision
        self.thinking: Thinking | None = None
        self.over: MatchOver | None = None
        self._spin = 0
        self._spinner: Timer | None = None
        self._acted = False  # an Act is on its way to the host
        self._chatting = False
        self._chat_from: Widget | None = None  # what gets the focus back when the chat line closes
        self._leaving = False  # quit to home once the host confirms the save
        self.resigned = False  # this seat resigned (the result follows, or the match goes on without us)
        self.hint_candidates: list = []  # the latest hint's [text, share, value, reason, action] rows
        self.hint_plan: list[Action] = []  # the whole line the hint means, its action first
        self.weighed_hidden = False  # a replay: the panel of what the AI weighed put away (h)
        self._my_last_turn: int | None = None  # (at a shared table: the bell rings when the turn comes back)
        self._since: list[str] = []  # what others did since our last decision
        self._since_moves = 0  # how many moves they made
        self._status_lines = 1
        self._summary: Screen | None = None  # the summary shown over the table last
        self.title = self.game.title

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
                    panel.border_title = "Legend · l closes"
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

    # -- names and words --------------------------------------------------------------------

    def seat_name(self, seat: int | None) -> str:
        """The seat's player, "(you)" after ours: plain text, to go into a ``Text`` (or through
        ``seat_label``), never into markup."""
        if seat is None:
            return "nobody"
        name = self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"
        kind = self.seat_kinds[seat] if 0 <= seat < len(self.seat_kinds) else ""
        if is_away(kind):
            return f"{name} (away)"
        if kind == STANDING_IN:
            return f"{name} · AI standing in"
        return f"{name} (you)" if seat == self.seat else name

    def short_name(self, seat: int, width: int | None = None) -> str:
        """The seat's player where room is short: "You" for ours, else their name fit to
        ``width`` cells (``fit_name``), the same everywhere on the table."""
        if seat == self.seat:
            return "You"
        return fit_name(self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}", width)

    def seat_label(self, seat: int | None, style: str = "") -> Text:
        """``seat_name`` as a ``Text``: what a table cell, a title or a panel shows."""
        return Text(self.seat_name(seat), style=style)

    def played_by_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (their turn is not "thinking"); an unknown or open
        seat is not."""
        if not 0 <= seat < len(self.seat_kinds):
            return False
        if is_away(self.seat_kinds[seat]):
            return True
        try:
            return SeatSpec.parse(self.seat_kinds[seat]).is_person
        except ValueError:
            return False

    def others_are_people(self) -> bool:
        """Whether a person plays a seat other than ours (or will: an open seat)."""
        return any(seat != self.seat and (self.played_by_person(seat) or kind == OPEN)
                   for seat, kind in enumerate(self.seat_kinds))

    def words(self, text: str) -> str:
        """A game's text with its seat fields filled in for this seat ("you" for ours)."""
        return render(text, self.names, self.seat)

    def describe(self, action: Action) -> str:
        """In the game's words, from a world built out of this seat's view only (a spectator,
        who has no seat's view, is never offered actions to read)."""
        if self._world is None:
            return " ".join(map(str, action))
        return self.words(self._world.describe(action, self.seat))

    def _set_view(self, view: dict[str, Any]) -> V:
        """The view the bus carried, read from here on as the game's view type."""
        self.view = typed = cast(V, view)
        if self.seat is not None:
            self._world = self.game.from_view(view, self.seat)
        return typed

    # -- the bus ----------------------------------------------------------------------------

    async def _listen(self) -> None:
        """Handle this seat's messages in order. After an opponent's move, pause a moment so
        the player sees it before the game moves on."""
        while True:
            message = await self.client.get()
            if not self.is_attached:  # the screen was closed (or the app is ending) meanwhile
                return
            pause = self.handle(message)
            if pause:
                await self.linger(pause)

    async def linger(self, seconds: float) -> None:
        """Let an opponent's move sink in; a game screen may let a key cut this short."""
        await asyncio.sleep(seconds)

    def send(self, message) -> None:
        self.run_worker(self.client.send(message), group="send")

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
            # (after a whole log, the host sends the chat said lately again: it follows the log)
            self.query_one(MatchLog).add([chat_words(message, self.seat)], emphasis=message.seat != self.seat)
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
        return result_line(["You" if seat == self.seat else name.removesuffix(" (you)")
                            for seat, name in enumerate(names)], scores, outcome)

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

    def show_hint(self, action: Action, text: str) -> None:
        """Mark the suggestion and say why in the panel: the search's top moves with the game's
        reasons, how sure it is and (between players) how the match stands."""
        self.query_one(ActionList).hint(action)
        title = "Hint (h hides it)"
        rows = self.hint_candidates
        if rows and len(self.names) > 1:
            scores = self.view["scores"] if self.view else []
            title = f"Hint: {headline(float(rows[0][2]), scores, self.seat)} (h hides it)"
        texts = [self.describe(normalise_action(row[4])) if len(row) > 4 else str(row[0]) for row in rows]
        warning = self.hint_warning(action)
        lines = ([warning] if warning else []) + (explanation(rows, texts) or [text])
        self.query_one("#hint-panel", TablePanel).show(title, lines)

    def hint_warning(self, action: Action) -> str | None:
        """A game's warning about the hinted play, shown first in the hint (None: none)."""
        return None

    def show_weighed(self, position: int) -> None:
        """In the replay of a finished match: what the AI decision that made the move just shown
        weighed (nothing for a person's move, nor while the match runs: ``ReplayClient.weighed``)."""
        assert self.replay is not None
        panel = self.query_one("#hint-panel", TablePanel)
        weighed = None if self.weighed_hidden else self.replay.weighed(position)
        if weighed is None:
            panel.hide()
            return
        mover, lines = weighed
        name = self.names[mover] if 0 <= mover < len(self.names) else f"Player {mover + 1}"
        panel.show(f"What {name} weighed (h hides it)", lines)  # no "(you)": an AI decided

    def action_weighed(self) -> None:
        if self.replay is not None:
            if self.replay.weighed(self.replay.position) is None:  # say why, rather than nothing
                self.notify(nothing_weighed(self.replay), timeout=4)
                return
            self.weighed_hidden = not self.weighed_hidden
            self.show_weighed(self.replay.position)

    def show_since(self) -> None:
        """When others did a good deal since our last decision, say what, over the head of the
        board (or of the side column, on a wide screen), until the next key; the hint of an
        earlier decision goes."""
        since, moves, self._since, self._since_moves = self._since, self._since_moves, [], 0
        self.query_one("#hint-panel", TablePanel).hide()
        if since and (len(since) >= SINCE_AT_LEAST or moves >= SINCE_AT_LEAST):
            shown = since[-SINCE_SHOWN:]
            foot = f"{len(since) - len(shown)} more: ctrl+l" if len(shown) < len(since) else "ctrl+l: the whole log"
            self.query_one("#since-panel", TablePanel).show("Since your last turn (any key closes)", shown, foot)

    @on(Resize)
    async def place_since_panel(self, event: Resize) -> None:
        """The "since your last turn" panel goes over the side column where it has room (a wide
        screen), so it leaves the board in view; else over the head of the board."""
        home = self.query_one("#side" if event.size.width >= WIDE_WIDTH else "#board")
        panel = self.query_one("#since-panel", TablePanel)
        if panel.parent is not home:
            await panel.remove()
            await home.mount(TablePanel(head=True, id="since-panel"), before=0)

    def on_key(self, event: Key) -> None:
        """Any key closes the "since your last turn" panel, and does nothing else (an arrow
        meant to close it must not move a cursor or say "Not south-east")."""
        since = self.query_one("#since-panel", TablePanel)
        if since.showing:
            since.hide()
            event.stop()
            event.prevent_default()

    def notify(self, message: str, **kwargs) -> None:
        """One notice at a time over the table: a new one replaces the last (stacked notices
        would cover the board)."""
        self.app.clear_notifications()
        super().notify(message, **kwargs)

    def status_text(self) -> Text:
        if self.replaying:
            return self.replay_text()
        if self.over is not None:
            return Text("The match is over.", style="bold")
        if self.turn is not None:
            return Text("Your turn.", style="bold")
        if self.view is None:
            return Text("Connecting…")
        mover = self.view["to_move"]
        if mover is None or mover == self.seat:  # our move is on its way: the next view says who is next
            return Text("")
        if mover < len(self.seat_kinds) and self.seat_kinds[mover] == OPEN:
            return Text(f"Waiting for a person to take seat {mover + 1} (from the lobby)…")
        if self.played_by_person(mover):  # no spinner: a person may think for minutes
            return Text(f"{self.seat_name(mover)} to play…")
        text = Text(f"{SPINNER[self._spin % len(SPINNER)]} {self.seat_name(mover)} is thinking…")
        if self.thinking is not None and self.thinking.seat == mover:
            text.append(f" {self.thinking.iterations:,} iterations")
        return text

    def replay_text(self) -> Text:
        """Where the replay stands, as a slider that fits the 80-column status line whatever
        the names: ``▕████░░░░▏ move 12/80 · Ann's view`` (the footer has the keys)."""
        assert self.replay is not None
        at, length = self.replay.position, self.replay.length
        filled = round(8 * at / length) if length else 8
        whose = "the public view" if self.seat is None else f"{fit_name(self.names[self.seat], 14)}'s view" \
            if 0 <= self.seat < len(self.names) else f"seat {self.seat + 1}'s view"
        text = Text("▕" + "█" * filled + "░" * (8 - filled) + "▏ ", style="bold")
        text.append(f"move {at}/{length} · {whose}")
        return text

    def show_status(self) -> None:
        """Redraw the status line without laying the table out again (the spinner redraws it
        about seven times a second while an AI thinks), unless it wraps onto more or fewer of
        its ``STATUS_LINES`` than before."""
        status = self.query_one("#status", Static)
        text, lines = self.status_text(), 1
        if self.STATUS_LINES > 1 and status.content_size.width:
            wrapped = text.wrap(self.app.console, status.content_size.width)[:self.STATUS_LINES]
            text, lines = Text("\n").join(wrapped), len(wrapped)
        status.update(text, layout=lines != self._status_lines)
        self._status_lines = lines
        if self._spinner is not None:
            (self._spinner.resume if self.ai_thinking() else self._spinner.pause)()

    def ai_thinking(self) -> bool:
        """Whether the status line shows an AI seat thinking (with the spinner)."""
        if self.replaying or self.over is not None or self.turn is not None or self.view is None:
            return False
        mover = self.view["to_move"]
        return mover is not None and mover != self.seat and not self.played_by_person(mover) and not (
            mover < len(self.seat_kinds) and self.seat_kinds[mover] == OPEN)

    def _tick(self) -> None:
        self._spin += 1
        self.show_status()

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

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.game))

    def action_scroll_panel(self, lines: int) -> None:
        self.query_one("#hint-panel", TablePanel).scroll_lines(lines)

    def action_hint(self) -> None:
        if self.turn is None:
            self.notify("A hint is for your turn.", severity="warning")
            return
        panel = self.query_one("#hint-panel", TablePanel)
        if panel.showing:
            panel.hide()
            return
        panel.show("Hint", ["Asking the AI…"])
        self.send(HintRequest(self.client.match_id, self.player, self.turn))

    def action_undo(self) -> None:
        self.send(UndoRequest(self.client.match_id, self.player))

    def action_save(self) -> None:
        self.send(SaveRequest(self.client.match_id, self.player))

    def show_unsaved(self, problem: str) -> None:
        """Keep the save notice up while the host cannot save (``problem``), and say when it can again."""
        notice = self.query_one(SaveNotice)
        if notice.problem and not problem:
            self.notify("Saved: every move is on disk again.", title="Saved")
        notice.problem = problem

    def saved(self, message: Saved) -> None:
        """The host's answer to a save request; after "save and quit", go home."""
        ok = message.ok
        self.notify("Saved" if ok else f"Not saved: {message.reason}", severity="information" if ok else "error")
        if self._leaving:
            self._leaving = False
            self.post_message(GoHome())

    @property
    def player(self) -> int:
        """The seat of a table that plays (``check_action`` keeps the play keys from spectators)."""
        assert self.seat is not None, "a spectator has no seat to play from"
        return self.seat

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """A replay steps and changes its view; a match is played, by a seat (a spectator
        watches)."""
        if action in self.REPLAY_ONLY:
            return self.replaying
        if action == "undo" and self.others_are_people():
            return False  # (an undo never passes a move another person has seen: theirs see ours at once)
        if action in self.PLAY_ONLY:
            return not self.replaying and self.seat is not None
        if action == "chat":
            return self.client.shared
        if action == "legend":
            return bool(self.query("#legend-panel"))
        return True

    def action_chat(self) -> None:
        """The chat line in place of the status line, with the focus (given back after)."""
        line = self.query_one(ChatInput)
        if not self._chatting:
            self._chatting, self._chat_from = True, self.focused
            line.value = ""
            self.query_one("#status").display, line.display = False, True
        line.focus()

    def on_chat_input_done(self, event: ChatInput.Done) -> None:
        event.stop()
        if event.text:
            self.send(Chat(self.client.match_id, self.seat, event.text))
        self._chatting = False
        self.query_one(ChatInput).display, self.query_one("#status").display = False, True
        came_from, self._chat_from = self._chat_from, None
        if came_from is not None and came_from.is_attached and came_from.focusable:
            came_from.focus()
        else:
            self.focus_next()

    def action_legend(self) -> None:
        """Show the legend in place of the plays and the log, or put them back; the board keeps
        the keys while the legend shows."""
        showing = self.query_one("#legend-panel").has_class("-hidden")
        for child in self.query_one("#side").children:
            child.set_class(showing != (child.id == "legend-panel"), "-hidden")
        boards = self.query("#board CursorWidget")
        if showing and boards:
            boards.first().focus()

    def action_full_log(self) -> None:
        names = ["You" if seat == self.seat else name for seat, name in enumerate(self.names)]  # as the log says
        self.app.push_screen(FullLogScreen(self.query_one(MatchLog).lines_text, names))

    def action_step(self, moves: int) -> None:
        if self.replay is not None:
            self.replay.step(moves)

    def action_change_view(self) -> None:
        self.post_message(ChangeReplayView(self))

    def action_menu(self) -> None:
        if self.query("HelpPanel"):  # the keys panel opened from the palette: escape closes it
            self.app.action_hide_help_panel()
            return
        if self.replaying:
            self.app.pop_screen()
            return
        if self.seat is None:
            def stop(yes: bool | None) -> None:
                if yes:
                    self.post_message(GoHome())

            self.app.push_screen(ConfirmScreen("Stop watching this match?", yes="Stop watching", no="Watch on"), stop)
            return

        def chosen(index: int | None) -> None:
            if index == 1:
                self._leaving = True
                self.action_save()
            elif index == 2:
                self.confirm_resign()

        self.app.push_screen(ChoiceScreen("Menu", list(MENU)), chosen)

    def confirm_resign(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.resigned = True
                self.send(Resign(self.client.match_id, self.player))

        self.app.push_screen(ConfirmScreen("Resign this match?", yes="Resign", no="Play on"), answered)


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


def fit_name(name: str, width: int | None) -> str:
    """``name`` whole when it fits in ``width`` cells; else its stable short form: an AI seat's
    name without its level ("AI 2 (normal)" becomes "AI 2"), then cut with an ellipsis."""
    if width is None or len(name) <= width:
        return name
    name = LEVEL_SUFFIX.sub("", name)
    return name if len(name) <= width else name[:width - 1] + "…"


def explanation(candidates: list, texts: list[str] | None = None) -> list[str]:
    """The search's top moves in words, the suggestion first, each with the game's reason:
    "Clearly best: Pass", "  keeps both Crowns for the next season", "Nearly as good: …" (an
    alternative's reason without the parts it shares with the suggestion's). How sure the search
    is comes from the candidates' shares of the search and expected results; the numbers
    themselves mean little to a player and are not shown. ``texts``: the moves as the screen
    words them (default: the host's words)."""
    if not candidates:
        return []
    texts = texts or [str(row[0]) for row in candidates]
    shares, values = [float(row[1]) for row in candidates], [float(row[2]) for row in candidates]
    reasons = [str(row[3]) if len(row) > 3 else "" for row in candidates]
    sure = confidence(shares, values)
    lines = [f"{sure[0].upper()}{sure[1:]}: {texts[0]}"]
    if reasons[0]:
        lines.append(f"  {reasons[0]}")
    shared = set(reasons[0].split("; "))
    for index, (text, value, reason) in enumerate(zip(texts[1:], values[1:], reasons[1:]), 1):
        label = rank_label(value, values[0], reason, reasons[:index])
        own = "; ".join(part for part in reason.split("; ") if part not in shared) or reason
        lines.append(f"{label}: {text}" + (f" — {own}" if own else ""))
    return lines


def compact(value) -> str:
    """A view value on as few characters as will still read: ``a=1 b=2``, ``[x, y]``."""
    if isinstance(value, dict):
        return " ".join(f"{k}={compact(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)
