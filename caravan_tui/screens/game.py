"""The game screen: a person's seat on the bus (DESIGN §3, §6).

It is a client: it only shows what its messages carry (``MatchInfo``, ``Update``,
``YourTurn``…) and sends requests (``Act``, ``HintRequest``, ``UndoRequest``, ``Resign``,
``SaveRequest``) to the match host; the host decides everything. What the table shows is one
reactive ``TableState`` (``table_state``), a value: every change is a new state assigned, and
every part of the table bound to it draws itself from it. The screen composes the table and maps
keys to intents; its concerns are helpers it holds: the bus client (``TableBus``), the panels
over the board (``TableOverlays``), the chat line (``TableChat``) and the menu (``TableMenu``).
A game's ``Game.screen`` subclasses ``GameScreen`` with its own board; ``GenericGameScreen``
plays any game from the actions list alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.ai.explain import STILL_TO_PLAY
from caravan_tui.bus import Act, SeatEnd, UndoRequest, Update
from caravan_tui.engine import Action, ViewHeader
from caravan_tui.games import get_game
from caravan_tui.match.replay import ReplayClient
from caravan_tui.screens.action_pause import ActionPause
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.practice import Practice
from caravan_tui.screens.requests import ChangeReplayView, OpenRules
from caravan_tui.screens.summary import result_line
from caravan_tui.screens.table_bus import TableBus
from caravan_tui.screens.table_chat import TableChat
from caravan_tui.screens.table_client import acted, cursor_at, focused, highlighted, panel_opened, paused, spun
from caravan_tui.screens.table_menu import TableMenu
from caravan_tui.screens.table_overlays import TAKE_HINT, TableOverlays
from caravan_tui.screens.table_panels import WHOLE_LOG, PanelWords
from caravan_tui.screens.table_seat import TableState, V
from caravan_tui.screens.table_status import ai_thinking, list_enter, replay_status, seat_status
from caravan_tui.seat_labels import YOU, YOURS
from caravan_tui.widgets import ActionList, MatchLog, SaveNotice, TablePanel
from caravan_tui.widgets.away_notice import AwayNotice
from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.drawn import TableDrawn
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.table_text import StatusLine, TableText

__all__ = ["TAKE_HINT", "GameScreen", "GenericGameScreen"]

#: a board of the table (``GameScreen.board``)
B = TypeVar("B", bound=TableDrawn)


class GameScreen(BaseScreen, Generic[V]):
    """A seat's table: its state (``table``), its panels, its keys and its part in the match;
    games add ``compose_board`` and ``show_view``. ``practice``: the practice option's check of
    each move before it goes (None: moves go at once); ``practised``: the move it let go."""

    practice: Practice | None = None
    practised: Action | None = None
    #: the table has a legend for ``l`` to show (``legend``)
    has_legend = False

    BINDINGS = [
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules of this game"),
        Binding("h", "hint", "Hint", tooltip="The AI's suggestion for you (not played)"),
        Binding(TAKE_HINT, "take_hint", "Take hint", show=False, tooltip="The hinted play ready: Enter plays it"),
        Binding("h", "weighed", "Why", tooltip="Replay: show or hide what the AI weighed at its move"),
        Binding("u", "undo", "Undo", tooltip="Take back to your previous decision, when the rules allow"),
        Binding("ctrl+s", "save", "Save", tooltip="Confirm the autosave"),
        Binding("escape", "menu", "Menu", tooltip="Resume, save and quit to home, or resign"),
        Binding("escape", "back", "Back", tooltip="Replay: back to where it was opened"),
        # Priority over the board's own arrows, but only in a replay (check_action): in a match the
        # keys go on to the focused widget.
        Binding("left", "step(-1)", "Prev", tooltip="Replay: one move back", priority=True),
        Binding("right", "step(1)", "Next", tooltip="Replay: one move forward", priority=True),
        Binding("home", "step(-100000)", "Start", show=False, priority=True),
        Binding("end", "step(100000)", "End", show=False, priority=True),
        Binding("v", "change_view", "View", tooltip="Replay: the next seat's view, or the public one"),
        Binding("t", "chat", "Chat", tooltip="Say something to the table"),
        Binding(WHOLE_LOG, "full_log", "Log", tooltip="The whole log, scrollable, by seat or word"),
        Binding("ctrl+up", "scroll_panel(-3)", show=False),
        Binding("ctrl+down", "scroll_panel(3)", show=False),
        Binding("l", "legend", "Legend", tooltip="Show or hide the whole legend of the board's glyphs and marks"),
    ]
    #: what a replay offers, and what it does not (it changes nothing)
    REPLAY_ONLY = {"step", "change_view", "weighed", "back"}
    PLAY_ONLY = {"hint", "take_hint", "undo", "save"}
    #: the lines the status line may wrap onto (one: it keeps its one-line size)
    STATUS_LINES = 1
    #: the others' actions one at a time, a key cutting a pause short (``pause``)
    PAUSE_EACH_ACTION = False
    #: the game's kind of table state (one with the game's own selection, if it has one)
    TABLE: type[TableState] = TableState
    #: the hint's and the "since your last turn" panels go over the side column, not over the
    #: board, at any width (a board that takes the whole column's height: they would hide its rows)
    PANELS_BESIDE = False
    #: what the table shows, in one place, a value: every part of the table is bound to it and
    #: draws itself when a new state is assigned
    table_state: var[TableState[Any]] = var(None, init=False)  # type: ignore[arg-type]  # (set in __init__)

    def __init__(self, client: SeatEnd) -> None:
        super().__init__()
        self.client = client
        #: the replay being stepped through, when this screen shows one rather than a match
        self.replay = client if isinstance(client, ReplayClient) else None
        self.replaying = self.replay is not None
        self.game = get_game(client.game_id)
        self.seat = client.seat
        self.set_reactive(
            GameScreen.table_state,
            self.TABLE(
                seat=client.seat,
                replaying=self.replaying,
                replay_at=None if self.replay is None else (0, self.replay.length),
            ),
        )
        self.bus, self.overlays = TableBus(self), TableOverlays(self)
        self.chat, self.menu = TableChat(self), TableMenu(self)
        self.pause = ActionPause(lambda seat: self.report(lambda table: paused(table, seat)))
        self._spinner: Timer | None = None
        #: what the widgets reported while the table was being drawn: applied once it is drawn
        #: (``report``), so that no widget is left drawing a state older than the screen's
        self._reports: list[Callable[[TableState[V]], TableState[V]]] = []
        self._drawing = False
        self.resigned = False  # this seat resigned (the result follows, or the match goes on without us)
        self._summary: Screen | None = None  # the summary shown over the table last
        self.title = self.game.title

    @property
    def table(self) -> TableState[V]:
        """The table's state, read as the game's view type."""
        return self.table_state

    def watch_table_state(self, was: TableState[V], table: TableState[V]) -> None:
        """A new state is being drawn (every widget bound to it draws itself after this): the
        spinner turns only while an AI thinks, the footer follows whose turn it is, the save
        notice's end is told, and what the widgets report meanwhile waits until every one of
        them has drawn this state."""
        if not self.is_running:
            return  # (a table not shown yet: it draws what it holds as it mounts)
        turned = (was.turn is None) != (table.turn is None) and bool(self.shown_plays())
        if turned or was.undo != table.undo or was.seat_kinds != table.seat_kinds:
            self.refresh_bindings()  # (shown play keys only on our turn; undo only against AI seats)
        if was.unsaved and not table.unsaved:
            self.notify("Saved: every move is stored again.", title="Saved")
        if self._spinner is not None:
            (self._spinner.resume if not self.replaying and ai_thinking(table) else self._spinner.pause)()
        if not self._drawing and self.is_running:
            self._drawing = True
            self.call_next(self._drawn)

    def report(self, change: Callable[[TableState[V]], TableState[V]]) -> None:
        """A widget's report (a cursor moved, the focus, the list's highlight, a pause): the
        table's state after ``change``, assigned now, or once the state being drawn is drawn."""
        if self._drawing:
            self._reports.append(change)
            return
        self.table_state = change(self.table)

    def _drawn(self) -> None:
        self._drawing = False
        reports, self._reports = self._reports, []
        table = self.table
        for change in reports:
            table = change(table)
        self.table_state = table  # (the same state: nothing is drawn)

    def _tick(self) -> None:
        self.table_state = spun(self.table)

    # -- the table's parts, each bound to its state ----------------------------------------------

    def board(self, widget: B, look: Callable[[Any], Any]) -> B:
        """``widget``, a board (or another part) of the table, drawing itself from the table's
        state through ``look`` (its ``draw`` shows what ``look`` gives) each time it changes."""
        widget.look_of = look
        return widget.data_bind(GameScreen.table_state)

    def board_panel(self, which: str, **kwargs: Any) -> TablePanel:
        """The hint's (``which`` "hint") or the "since your last turn" panel, drawn from the
        table's state."""
        return TablePanel(lambda table: getattr(table, f"{which}_panel"), **kwargs).data_bind(GameScreen.table_state)

    def table_text(self, text: Callable[[V, TableState[V]], RenderableType], **kwargs: Any) -> TableText:
        """A panel of the table that writes itself from the table's view and state through ``text``."""
        return TableText(text, **kwargs).data_bind(GameScreen.table_state)

    def open_panel(self, which: str, words: PanelWords | None) -> None:
        """Open (or, with None, close) the hint's or the "since" panel."""
        self.table_state = panel_opened(self.table, which, words)

    def compose(self) -> ComposeResult:
        yield SaveNotice(id="save-notice").data_bind(GameScreen.table_state)
        yield AwayNotice(id="away-notice").data_bind(GameScreen.table_state)
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield from self.compose_board()
                if not self.PANELS_BESIDE:
                    yield self.board_panel("hint", id="hint-panel")
                yield self.board_panel("since", head=True, id="since-panel")
                status = StatusLine(lambda _table: self.status_text(), self.STATUS_LINES, id="status")
                yield status.data_bind(GameScreen.table_state)
                if self.client.shared:
                    yield ChatInput(id="chat-line")
            with Vertical(id="side"):
                actions = ActionList(self.describe, id="actions").data_bind(GameScreen.table_state)
                actions.border_title = "Plays"
                yield actions
                log = MatchLog(id="log")
                log.border_title = "Log"
                yield log
                if self.PANELS_BESIDE:
                    yield self.board_panel("hint", id="hint-panel")
                legend = self.legend()
                self.has_legend = legend is not None
                if legend is not None:
                    panel = VerticalScroll(Static(legend), id="legend-panel", classes="-hidden")
                    panel.border_title = "Legend"  # and its keys below: both whole in the side's 31 columns
                    panel.border_subtitle = "^↑↓ scroll · l closes"
                    panel.can_focus = False
                    yield panel
        yield KeysFooter()

    def on_mount(self) -> None:
        # ticks only while an AI thinks (``watch_table_state``): an idle session redraws nothing
        self._spinner = self.set_interval(0.15, self._tick, pause=True)
        # every cursor, the plays list's highlight and the focus go into the table's state: what
        # the status line says Enter does is worked out from it
        self.watch(self, "focused", self._focus_moved)
        for board in self.query("#table CursorWidget").results(CursorWidget):
            if board.id is not None:
                self.watch(board, "cursor", self._cursor_of(board))
        self.watch(self.query_one(ActionList), "play", self._highlight_moved)
        self.run_worker(self.bus.listen(), exclusive=True, group="bus")

    def _focus_moved(self, widget: Widget | None) -> None:
        self.report(lambda table: focused(table, None if widget is None else widget.id))
        self.selection_changed()

    def _cursor_of(self, board: CursorWidget) -> Callable[[], None]:
        def moved() -> None:
            board_id, cell = board.id or "", board.cell
            self.report(lambda table: cursor_at(table, board_id, cell))
            self.selection_changed()

        return moved

    def _highlight_moved(self, action: Action | None) -> None:
        self.report(lambda table: highlighted(table, action))
        self.selection_changed()

    @property
    def player(self) -> int:
        """The seat of a table that plays (``check_action`` keeps the play keys from spectators)."""
        assert self.seat is not None, "a spectator has no seat to play from"
        return self.seat

    def send(self, message) -> None:
        self.run_worker(self.client.send(message), group="send")

    def notify(self, message: str, **kwargs) -> None:
        """One notice at a time over the table: a new one replaces the last (stacked notices
        would cover the board)."""
        self.app.clear_notifications()
        super().notify(message, **kwargs)

    def handle(self, message) -> float:
        """Show one bus message (``TableBus.handle``); returns how long to let it sink in."""
        return self.bus.handle(message)

    # -- hooks for games ---------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield from ()

    def legend(self) -> Text | None:
        """The whole legend of the game's glyphs and marks, shown by ``l`` in place of the plays
        and the log (None: the game needs none)."""
        return None

    def describe(self, action: Action) -> str:
        """An action in the game's words (a game may word its plays as its table shows them)."""
        return self.table.describe(action)

    def status_text(self) -> Text:
        """The status line's words, from the table's state (``self.table``) alone."""
        if self.replaying:
            return replay_status(self.table, self.query_one(StatusLine).content_size.width or 80)
        return seat_status(self.table)

    def enter_action(self) -> Action | None:
        """What Enter plays now, for the widget that has the focus: what the status line
        promises (None: Enter plays nothing at once — it opens a choice, or the focus is
        elsewhere). A game whose board plays on Enter says what it would play."""
        return list_enter(self.table)

    def show_update(self, update: Update) -> float:
        """A move (or a replay's step) arrived: the table after it (``TableBus.update``)."""
        return self.bus.update(update)

    def show_view(self, view: V) -> None:
        """Draw the board from this seat's view (the panels bound to the table write themselves)."""

    def view_changed(self, previous: V | None, view: V, by_other: bool) -> None:
        """A new view arrived (after the board was drawn): summaries, highlights."""

    def your_turn(self) -> None:
        """It is our decision; ``self.table.legal`` holds the choices."""
        self.focus_to_decide(self.query_one(ActionList))

    def focus_to_decide(self, widget: Widget) -> None:
        """Give ``widget`` the focus for a new decision (when a chat line being typed closes)."""
        self.chat.focus_to_decide(widget)

    def selection_changed(self) -> None:
        """A cursor, the plays list's highlight or the focus moved (reported into the table's
        state, which the status line is drawn from)."""

    def show_hint(self, action: Action, text: str) -> None:
        """Mark the suggestion (the plays list stars it) and say why in the hint's panel."""
        self.table_state = table = replace(self.table, hint_action=action)
        self.open_panel("hint", self.overlays.hint_words(table, action, text))

    def hint_warning(self, action: Action) -> str | None:
        """A game's warning about the hinted play, shown first in the hint (None: none)."""
        return None

    def standing_basis(self) -> str:
        """On what a position the AI rates apart from a level score differs, in the game's words
        ("on this hand's piles: …"; default: on what is still to play)."""
        return STILL_TO_PLAY

    def weighed_words(self, position: int, table: TableState[V]) -> PanelWords | None:
        """What the AI weighed at a replay's move (``TableOverlays.weighed_words``)."""
        return self.overlays.weighed_words(position, table)

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

    def resigner(self) -> int | None:
        """The seat whose resignation ended the match: ours if we resigned, else the one seat a
        person played (a match ends on a resignation only when its last person gives up)."""
        if self.resigned:
            return self.seat
        people = [seat for seat in range(len(self.table.seat_kinds)) if self.table.played_by_person(seat)]
        return people[0] if len(people) == 1 else None

    def show_summary(self, summary: Screen) -> None:
        """Show a summary over the table (a hand's scoring): in place of the one still showing, if
        any, so a spectator, who has no turn to close them, sees the latest alone, not a pile."""
        if self._summary is not None and self.app.screen is self._summary:
            self.app.switch_screen(summary)
        else:
            self.app.push_screen(summary)
        self._summary = summary

    # -- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """A replay steps and changes its view; a match is played, by a seat (a spectator
        watches), and a game's play keys only on its turn."""
        if action in self.REPLAY_ONLY:
            return self.replaying
        if action == "menu":
            return not self.replaying
        if action == "undo" and self.table.others_are_people():
            return False  # (an undo never passes a move another person has seen: theirs see ours at once)
        if action in self.PLAY_ONLY:
            # a game's own play key the footer shows ("p Pass") is offered only on our turn
            return (
                not self.replaying
                and self.seat is not None
                and (self.table.turn is not None or action not in self.shown_plays())
            )
        if action == "chat":
            return self.client.shared
        if action == "legend":
            return self.has_legend  # (asked at every key: the footer's keys follow the focus)
        return True

    @classmethod
    def shown_plays(cls) -> frozenset[str]:
        """The game's own play keys (``PLAY_ONLY`` beyond the table's) that its footer shows."""
        shown = {
            binding.action.partition("(")[0]
            for binding in cls.BINDINGS
            if isinstance(binding, Binding) and binding.show
        }
        return frozenset(shown & (cls.PLAY_ONLY - GameScreen.PLAY_ONLY))

    def on_key(self, event: Key) -> None:
        """A key pressed while an opponent's action is on show shows the rest of their actions at
        once and does nothing else (an Enter meant to skip must not act on our next turn); else
        the "since your last turn" panel closes (``TableOverlays.key``)."""
        if self.pause.skip():
            event.stop()
            event.prevent_default()
            return
        self.overlays.key(event)

    @on(Resize)
    async def place_since_panel(self, event: Resize) -> None:
        await self.overlays.place_since(event.size.width)

    def action_scroll_panel(self, lines: int) -> None:
        self.overlays.scroll(lines)

    def action_hint(self) -> None:
        self.overlays.ask_hint()

    def action_take_hint(self) -> None:
        self.overlays.take_hint()

    def action_weighed(self) -> None:
        self.overlays.toggle_weighed()

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.game))

    def action_undo(self) -> None:
        """Until the position the undo brings arrives, the keys wait: a key pressed at once would
        act on the position taken back. Refused, the undo asks for the position again, as a
        refused move does; where the host said nothing of ours can be taken back, its answer says
        why in words."""
        if self.table.turn is not None and self.table.undo:
            self.bus.acted = True
            self.table_state = replace(self.table, turn=None)
        self.send(UndoRequest(self.client.match_id, self.player))

    def action_save(self) -> None:
        self.menu.save()

    def action_menu(self) -> None:
        self.menu.open()

    def confirm_resign(self) -> None:
        self.menu.confirm_resign()

    def action_chat(self) -> None:
        self.chat.open()

    def on_chat_input_done(self, event: ChatInput.Done) -> None:
        event.stop()
        self.chat.done(event.text or "")

    def action_legend(self) -> None:
        """Show the legend in place of the plays and the log, or put them back; the board keeps
        the keys while the legend shows: the focus moves to it only from the plays list the legend
        hides (a cursor on the board stays where it is)."""
        showing = self.query_one("#legend-panel").has_class("-hidden")
        side = self.query_one("#side")
        for child in side.children:
            child.set_class(showing != (child.id == "legend-panel"), "-hidden")
        boards = self.query("#board CursorWidget")
        focused = self.focused
        if showing and boards and (focused is None or side in focused.ancestors):
            boards.first().focus()

    def action_full_log(self) -> None:
        names = [YOU() if seat == self.seat else name for seat, name in enumerate(self.table.names)]  # as the log says
        self.app.push_screen(FullLogScreen(self.query_one(MatchLog).lines_text, names))

    def action_step(self, moves: int) -> None:
        if self.replay is not None:
            self.replay.step(moves)

    def action_change_view(self) -> None:
        self.post_message(ChangeReplayView(self))

    def action_back(self) -> None:
        """A replay's escape: back to where the replay was opened."""
        self.app.pop_screen()

    # -- acting -----------------------------------------------------------------------------

    def decides_now(self) -> bool:
        """Whether this seat decides now; if not, says so (not while replaying or once over)."""
        if self.table.turn is None:
            if self.table.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return False
        return True

    def act(self, action: Action) -> None:
        if self.seat is None:
            self.notify("You are watching this match: spectators do not play.", severity="warning")
            return
        turn = self.table.turn
        if turn is None:
            self.decides_now()  # (says why not)
            return
        if action not in self.table.legal:
            self.notify(f"{self.describe(action)} is not legal now.", severity="warning")
            return
        if self.practice is not None and self.practised != action:
            self.practice.check(self, action)  # it plays the move again once it may go
            return
        self.practised = None
        self.table_state = acted(self.table)
        self.bus.acted, self.bus.my_last_turn = True, turn
        self.send(Act(self.client.match_id, self.seat, turn, action))

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


class GenericGameScreen(GameScreen[ViewHeader]):
    """Any registered game: a summary of the view, the actions list and the log."""

    def compose_board(self) -> ComposeResult:
        yield VerticalScroll(self.table_text(view_summary, id="summary"), id="summary-box")


def view_summary(view: ViewHeader, table: TableState[ViewHeader]) -> Text:
    """Every field of the view, one a line."""
    lines = [f"{key}: {compact(value)}" for key, value in view.items() if key != "game"]
    return Text("\n".join(lines), overflow="fold")


def compact(value) -> str:
    """A view value on as few characters as will still read: ``a=1 b=2``, ``[x, y]``."""
    if isinstance(value, dict):
        return " ".join(f"{k}={compact(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)
