"""The game screen: a person's seat on the bus (DESIGN §3, §6).

It is a client: it only shows what its messages carry (``MatchInfo``, ``Update``,
``YourTurn``…) and sends requests (``Act``, ``HintRequest``, ``UndoRequest``, ``Resign``,
``SaveRequest``) to the match host; the host decides everything. What the table shows is one
reactive ``TableState`` (``table_state``), a value: every change is a new state assigned, and
every part of the table bound to it draws itself from it. The screen composes the table and maps
keys to intents; its concerns are helpers it holds: the bus client (``TableBus``), the panels
over the board (``TableOverlays``), the chat line (``TableChat``), the menu (``TableMenu``), the
moves (``TableMoves``), the widgets' reports and the spinner (``TableReports``), the match's end
(``TableResult``); the keys (``table_keys.py``) and the layout (``table_layout.py``) beside.
A game's ``Game.screen`` subclasses ``GameScreen`` with its own board; ``GenericGameScreen``
(``generic_table.py``) plays any game from the actions list alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.events import Key, Resize
from textual.widget import Widget

from caravan_tui.ai.explain import STILL_TO_PLAY
from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.games import get_game
from caravan_tui.match.replay import ReplayClient
from caravan_tui.screens.action_pause import ActionPause
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.practice import Practice
from caravan_tui.screens.requests import ChangeReplayView, OpenRules
from caravan_tui.screens.summary import result_line
from caravan_tui.screens.table_bus import TableBus
from caravan_tui.screens.table_chat import TableChat
from caravan_tui.screens.table_client import panel_opened, paused
from caravan_tui.screens.table_hold import HeldVar, StateHold
from caravan_tui.screens.table_keys import (
    HINT_NEXT,
    HINT_NEXT_TIP,
    NOT_YOUR_TURN,
    PLAY_ONLY,
    REPLAY_ONLY,
    REPLAY_PLAYS_NOTHING,
    TABLE_KEYS,
    UNDO_KEYS,
    WATCHING_PLAYS_NOTHING,
    back_from_list,
    elsewhere,
    hint_refused,
    hint_waits,
    offered,
    play_refused,
    replay_refused,
    undo_refused,
    watch_refused,
)
from caravan_tui.screens.table_layout import show_full_log, table_layout, toggle_legend
from caravan_tui.screens.table_menu import SHARED_KEY_TIPS, SHARED_KEY_WORDS, TableMenu
from caravan_tui.screens.table_moves import Played, TableMoves
from caravan_tui.screens.table_overlays import ASK_HINT, NO_HINT_NOW, TAKE_HINT, TableOverlays
from caravan_tui.screens.table_panels import WHOLE_LOG, PanelWords
from caravan_tui.screens.table_reports import TableReports
from caravan_tui.screens.table_result import TableResult
from caravan_tui.screens.table_seat import TableState, V
from caravan_tui.screens.table_status import LOG, list_enter, replay_status, seat_status
from caravan_tui.widgets import ActionList
from caravan_tui.widgets.drawn import TableDrawn
from caravan_tui.widgets.table_text import StatusLine, TableText

__all__ = ["TAKE_HINT", "GameScreen"]

#: a board of the table (``GameScreen.board``)
B = TypeVar("B", bound=TableDrawn)


#: the keys that, pressed while another seat's action is on show, skip it and do what they do:
#: they only show something (the menu, the legend, the rules, the whole log) and play nothing
SHOWN_AS_IT_SKIPS = frozenset({"escape", "l", "question_mark", "f1", WHOLE_LOG})


#: what a replay's step says at either end of the match (``GameScreen.action_step``)
REPLAY_START = "The match's start: → steps forward, End goes to its end."
REPLAY_END = "The match's end: ← steps back, Home goes to its start."


class GameScreen(BaseScreen, Generic[V]):
    """A seat's table: its state (``table``), its panels, its keys and its part in the match;
    games add ``compose_board`` and ``show_view``. ``practice``: the practice option's check of
    each move before it goes (None: moves go at once); ``practised``: the move it let go."""

    practice: Practice | None = None
    practised: Action | None = None
    #: the table has a legend for ``l`` to show (``legend``)
    has_legend = False

    BINDINGS = TABLE_KEYS
    REPLAY_ONLY, PLAY_ONLY = REPLAY_ONLY, PLAY_ONLY
    # notices over the top of the side column, never over the status line under the board, which
    # says what Enter would do ("Walata (4,3): to move a camel here, En▌" under a notice), nor over
    # the log's newest lines
    DEFAULT_CSS = """
    GameScreen ToastRack { dock: top; align: right top; margin-bottom: 0; }
    """
    #: the lines the status line may wrap onto (one: it keeps its one-line size)
    STATUS_LINES = 1
    #: the others' actions one at a time, a key cutting a pause short (``pause``)
    PAUSE_EACH_ACTION = False
    #: the game's kind of table state (one with the game's own selection, if it has one)
    TABLE: type[TableState] = TableState
    #: the hint's and the "since your last turn" panels go over the side column, not over the
    #: board, at any width (a board that takes the whole column's height: they would hide its rows)
    PANELS_BESIDE = False
    #: what the game's score counts, as the hint's "How it stands" names it ("level on points")
    SCORED_ON = "points"
    #: the result's scores read with their sign ("+3"), as the game's own score tables give them
    SIGNED_SCORES = False
    #: what the table shows, in one place, a value: every part of the table is bound to it and
    #: draws itself when a new state is assigned
    table_state: HeldVar[TableState[Any]] = HeldVar(None, init=False)  # type: ignore[arg-type]  # (set in __init__)

    def __init__(self, client: SeatEnd) -> None:
        super().__init__()
        self.client = client
        #: the replay being stepped through, when this screen shows one rather than a match
        self.replay = client if isinstance(client, ReplayClient) else None
        self.replaying = self.replay is not None
        self.game = get_game(client.game_id)
        self.seat = client.seat
        #: while held, states assigned wait to be drawn as one (``one_state``)
        self.state_hold = StateHold(self, GameScreen.table_state)
        self.set_reactive(
            GameScreen.table_state,
            self.TABLE(
                seat=client.seat,
                replaying=self.replaying,
                own=None if self.replay is None else self.replay.own,
                replay_at=None if self.replay is None else (0, self.replay.length),
            ),
        )
        self.bus, self.overlays = TableBus(self), TableOverlays(self)
        self.chat, self.menu = TableChat(self), TableMenu(self)
        self.pause = ActionPause(lambda: self.table.pausing, self.paused_after)
        self.reports, self.moves = TableReports(self), TableMoves(self)
        self.result = TableResult(self)
        self.title = self.game.title

    @property
    def table(self) -> TableState[V]:
        """The table's state, read as the game's view type."""
        return self.table_state

    @property
    def key_tips(self) -> dict[str, str]:
        """What a key does at this table where it differs from its binding's words (the footer's
        and the palette's: ``as_said``): over SSH there is no home to quit to, and the server
        saves each move."""
        tips = SHARED_KEY_TIPS if self.client.shared else {}
        return {**tips, "hint": HINT_NEXT_TIP} if self.hint_for_next else tips

    @property
    def hint_for_next(self) -> bool:
        """Whether ``h`` asks for the hint of our coming turn, while another seat's moves lead to
        it (``hint_waits``): between two steps of our own turn it is a hint as any ("Hint for your
        turn" mid-placement read as one for a later turn)."""
        ours = self.table.view is not None and self.table.view.get("to_move") == self.table.seat
        return hint_waits(self.table) and not ours

    @property
    def footer_words(self) -> dict[str, str]:
        """A key's words where they differ from its binding's (``as_said``): while an AI's moves
        lead to our turn, ``h`` asks for that turn's hint ("h Hint for your turn"); over SSH the
        save key asks whether the server has saved the match ("^s Check save")."""
        words = SHARED_KEY_WORDS if self.client.shared else {}
        return {**words, "hint": HINT_NEXT} if self.hint_for_next else words

    @property
    def footer_hidden(self) -> frozenset[str]:
        """The keys the footer leaves out now (``keys_shown``): the key that readies a hint, while
        neither its panel nor its starred play shows (pressed then, it says there is none to
        take; hidden beside the star, it still readied the play, unoffered), the legend's where
        the game has none (pressed, it says so), and undo on a turn where the host said nothing
        can be taken back (pressed, it says why: the footer offered "u Undo" beside a refusal)."""
        table = self.table
        starred = table.hint_action is not None and table.hint_action in table.legal
        hidden = {"take_hint"} if table.hint_panel is None and not starred else set()
        if table.turn is not None and not table.undo:
            hidden.add("undo")
        return frozenset(hidden if self.has_legend else {*hidden, "legend"})

    @property
    def palette_hidden(self) -> frozenset[str]:
        """The keys the palette leaves out: the footer's (``footer_hidden``) but undo, which
        people search the palette for, on a turn with nothing to take back too (chosen, it says
        why)."""
        return self.footer_hidden - {"undo"}

    def keys_changed(self, was: TableState[V], table: TableState[V]) -> bool:
        """Whether the game's own keys the footer shows may differ from ``was`` to ``table``,
        beside those every table's do (``TableReports.keys_changed``)."""
        return False

    def escaped(self, table: TableState[V]) -> TableState[V] | None:
        """What escape leaves of ``table`` where it drops something chosen for a play (a camel, a
        sale being put together: "esc Cancel"), None where it has nothing to drop (the menu)."""
        return None

    #: the keys the footer leaves out first where it has no room for every key whole (``KeysFooter``):
    #: the save (each move is saved as it is made), the legend, then the whole log (all in the palette)
    footer_drops = ("save", "legend", "full_log")

    def watch_table_state(self, was: TableState[V], table: TableState[V]) -> None:
        if self.is_running:  # (a table not shown yet draws what it holds as it mounts)
            self.reports.assigned(was, table)

    def one_state(self) -> AbstractContextManager[None]:
        """Within it, every state assigned is read back at once and drawn as one when it ends:
        the widgets bound to the table are told once, from the state before to the last."""
        return self.state_hold.held()

    def paused_after(self, seat: int | None) -> None:
        """An action of ``seat``'s on show (None: none), in the table's state at once (a key
        pressed next reads it: ``ActionPause.skip``)."""
        self.table_state = paused(self.table, seat)

    def report(self, change: Callable[[TableState[V]], TableState[V]]) -> None:
        """A widget's report (a cursor moved, the focus, the list's highlight, a pause)."""
        self.reports.report(change)

    # -- the table's parts, each bound to its state ----------------------------------------------

    def board(self, widget: B, look: Callable[[Any], Any]) -> B:
        """``widget``, a board (or another part) of the table, drawing itself from the table's
        state through ``look`` (its ``draw`` shows what ``look`` gives) each time it changes."""
        widget.look_of = look
        return widget.data_bind(GameScreen.table_state)

    def table_text(self, text: Callable[[V, TableState[V]], RenderableType], **kwargs: Any) -> TableText:
        """A panel of the table that writes itself from the table's view and state through ``text``."""
        return TableText(text, **kwargs).data_bind(GameScreen.table_state)

    def open_panel(self, which: str, words: PanelWords | None) -> None:
        """Open (or, with None, close) the hint's or the "since" panel (a hint opened is what was
        asked for last: the panel keys scroll it, not a legend opened before it)."""
        if which == "hint" and words is not None:
            self.overlays.legend_last = False
        self.table_state = panel_opened(self.table, which, words)

    def compose(self) -> ComposeResult:
        yield from table_layout(self)

    def on_mount(self) -> None:
        self.reports.start()
        self.run_worker(self.bus.listen(), exclusive=True, group="bus")

    def on_screen_suspend(self) -> None:
        self.table_state = replace(self.table, covered=True)

    def on_screen_resume(self) -> None:
        self.table_state = replace(self.table, covered=False)
        self.result.table_back()

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

    def said(self, action: Action) -> str:
        """An action as a sentence says it, in a panel that wraps (the hint's): whole, where the
        plays list fits it to its rows (default: ``describe``)."""
        return self.describe(action)

    def listed(self, legal: Sequence[Action]) -> tuple[Action, ...]:
        """The plays list's order of the plays ``legal`` (default: the rules' own order)."""
        return tuple(legal)

    def status_text(self) -> Text:
        """The status line's words, from the table's state (``self.table``) alone."""
        if self.replaying:
            return replay_status(self.table, self.query_one(StatusLine).content_size.width or 80)
        return seat_status(self.table, self.query_one(StatusLine).content_size.width or None)

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

    def view_folded(self, table: TableState[V], previous: V | None, by_other: bool) -> TableState[V]:
        """The table once a move's view arrived (``table.view``; ``previous``: the one before),
        with what the game marks of it (the opponent's play flashed): folded into the state the
        move assigns, so a move draws the table once. Default: the table as it is."""
        return table

    def view_rejoined(self, table: TableState[V], since: V | None, until: V) -> TableState[V]:
        """``view_folded`` at a rejoin in the middle of our turn: what the others changed lies
        between ``since`` and ``until`` (as our turn began), what we did since after it. Default:
        nothing marked, as after a move of ours."""
        return self.view_folded(table, None, False)

    def view_changed(self, previous: V | None, view: V, by_other: bool) -> None:
        """A new view arrived (after the board was drawn): summaries, timers."""

    def your_turn(self) -> None:
        """It is our decision; ``self.table.legal`` holds the choices."""
        self.focus_to_decide(self.query_one(ActionList))

    def focus_to_decide(self, widget: Widget) -> None:
        """Give ``widget`` the focus for a new decision (when a chat line being typed closes)."""
        self.chat.focus_to_decide(widget)

    def list_moved(self, table: TableState[V]) -> TableState[V]:
        """The table once the plays list's highlight moved (``table.highlighted``, just reported
        into it): a game whose own selection follows the list changes it here, in the same state,
        so the key that moved the list draws the table once. Default: the table as it is."""
        return table

    def played(self, table: TableState[V]) -> TableState[V]:
        """The table once our play has gone to the host (``acted``): a game whose own selection
        means nothing once played clears it here, in the same state. Default: as it is."""
        return table

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

    def standing_scores(self, view: dict) -> list[float]:
        """The scores the hint's "How it stands" compares (``scored_on`` names them): the view's."""
        return list(view["scores"])

    def scored_on(self, view: dict) -> str:
        """What ``standing_scores`` count, in words (``SCORED_ON``)."""
        return self.SCORED_ON

    def standing_basis(self, stronger: bool) -> str:
        """On what a position the AI rates ``stronger`` (or weaker) than a level score rests, in
        the game's words ("on this hand's piles: …"; default: on what is still to play)."""
        return STILL_TO_PLAY

    def match_summary(self, view: V):
        """A renderable for the end-of-match screen (None: the scores alone)."""
        return None

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """The end-of-match screen's headline: how a tie on the score was broken where the game
        broke one (``Game.tie_words``: "9–9; you win on gold (15 to 0)."), else who wins, or a
        draw: "You win!", never "Ann (you) wins!"."""
        tie = self.game.tie_words
        view = self.table.view
        line = tie(view, scores, outcome) if tie is not None and view is not None else None
        if line is not None:
            return self.table.words(line)
        return result_line(self.result.headline_names(names), scores, outcome)

    # -- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return offered(self, action)

    def on_key(self, event: Key) -> None:
        """A key pressed while an opponent's action is on show shows the rest of their actions at
        once and does nothing else (an Enter meant to skip must not act on our next turn), but
        the keys that only show something (``SHOWN_AS_IT_SKIPS``), which do that as well: escape
        opens the menu (spent on the skip, the menu the footer offered did not open, and the
        arrows and Enter that followed went to the board), ``l`` the legend (swallowed, while the
        footer offered it and ``t`` opened the chat line); else
        the "since your last turn" panel closes (``TableOverlays.key``). An ``h`` that skips also
        asks for the hint once our turn comes, an undo key the undo (``TableOverlays.hold``). An ``h`` on another
        person's turn and an undo key (``u``, ``ctrl+z``) at a table of people say why they do
        nothing, and so do a play key and an undo key in a replay; a replay's ``h`` shows or
        hides what the AI weighed as of the key's own time
        (where no AI decided a move, not offered, it says why nothing was weighed). A key typed
        while our play is on its way waits for the host's answer (``TableMoves.keep``). A game's
        own keys come after these (``table_key``)."""
        if self.moves.keep(event):
            return
        if self.pause.skip(event.time):
            undoes = event.key in UNDO_KEYS and self.seat is not None and undo_refused(self.table) is None
            self.overlays.hold(event.key, undoes)
            if event.key not in SHOWN_AS_IT_SKIPS:
                event.stop()
                event.prevent_default()
            return
        self.table_key(event)
        self.overlays.key(event)
        if event.key == "enter" and self.focused is not None and self.focused.id == LOG:
            event.stop()  # (it did nothing and said nothing, the hand's "enter play" beside it)
            event.prevent_default()
            self.action_full_log()
            return
        if event.key == ASK_HINT and self.replaying:  # (where no AI decided a move, not offered: it says so)
            event.stop()
            event.prevent_default()
            self.overlays.toggle_weighed(event.time)  # (the key's own time: typed with a step, it asks to see)
        elif watch_refused(self, event.key):
            self.notify(WATCHING_PLAYS_NOTHING, severity="warning")
        elif event.key == ASK_HINT and hint_refused(self.table):
            self.notify(NO_HINT_NOW, severity="warning")
        elif event.key in UNDO_KEYS and (no_undo := undo_refused(self.table)):
            self.notify(no_undo, severity="warning")
        elif play_refused(self, event.key):
            self.notify(NOT_YOUR_TURN, severity="warning")
        elif replay_refused(self, event.key):
            self.notify(REPLAY_PLAYS_NOTHING, severity="warning")
        elif said := elsewhere(self, event.key):
            self.notify(said)

    def table_key(self, event: Key) -> None:
        """A game's own word on a key its table has no binding for (none here)."""

    @on(Resize)
    async def place_since_panel(self, event: Resize) -> None:
        await self.overlays.place_since(event.size.width)

    def action_scroll_panel(self, lines: int) -> None:
        self.overlays.scroll(lines)

    def action_hint(self) -> None:
        if hint_waits(self.table):
            self.overlays.hint_next()
        else:
            self.overlays.ask_hint()

    def action_hint_away(self) -> None:
        self.overlays.ask_hint()  # (with the panel up: puts it away)

    def action_take_hint(self) -> None:
        if hint_refused(self.table):  # (it said "h asks for one", and h then said this)
            self.notify(NO_HINT_NOW, severity="warning")
            return
        self.overlays.take_hint()

    def action_weighed(self) -> None:
        self.overlays.toggle_weighed()

    def action_weighed_away(self) -> None:
        self.overlays.toggle_weighed()

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.game))

    def action_undo(self) -> None:
        self.moves.undo()

    def action_save(self) -> None:
        self.menu.save()

    def action_menu(self) -> None:
        self.menu.open()

    def action_stop_watching(self) -> None:
        self.menu.confirm_stop_watching()

    def action_leave_list(self) -> None:
        back = back_from_list(self)
        if back is not None:
            back.focus()

    def action_cancel(self) -> None:
        dropped = self.escaped(self.table_state)
        if dropped is not None:
            self.table_state = dropped

    def action_hide_panel(self) -> None:
        """Escape while the hint shows (``TableOverlays.key`` puts it away before the key gets here)."""
        self.open_panel("hint", None)

    def menu_may_open(self) -> bool:
        """Whether the menu is offered now (not in a replay), and so its entries in the palette
        (while the hint shows too: the footer's escape puts it away first, "esc Hide")."""
        return not self.replaying

    def action_chat(self) -> None:
        self.chat.open()

    def on_chat_input_done(self, event: ChatInput.Done) -> None:
        event.stop()
        self.chat.done(event.text or "")

    def action_legend(self) -> None:
        if not self.has_legend:  # (the key learnt at another table did nothing and said nothing)
            self.notify(f"{self.game.title} has no legend: ? shows the rules.", timeout=4)
            return
        toggle_legend(self)
        self.overlays.legend_toggled()

    def action_full_log(self) -> None:
        show_full_log(self)

    def action_step(self, moves: int) -> None:
        """A replay's step (``moves`` back where negative); at either end, where it stands and the
        keys that go on (← at the first move did nothing and said nothing, and Home and End are
        not in the footer)."""
        if self.replay is None:
            return
        at = self.replay.position
        if (moves < 0 and at == 0) or (moves > 0 and at == self.replay.length):
            self.notify(REPLAY_START if at == 0 else REPLAY_END, timeout=4)
            return
        self.replay.step(moves)

    def action_change_view(self) -> None:
        self.post_message(ChangeReplayView(self))

    def action_back(self) -> None:
        """A replay's escape: back to where the replay was opened."""
        self.app.pop_screen()

    # -- acting -----------------------------------------------------------------------------

    def decides_now(self) -> bool:
        """Whether this seat decides now; if not, says so (``TableMoves.decides_now``)."""
        return self.moves.decides_now()

    def act(self, action: Action) -> None:
        self.moves.act(action)

    def choose_among(self, actions: list[Action], question: str = "Which one?") -> None:
        self.moves.choose_among(actions, question)

    def ask_before(
        self, action: Action, question: str, yes: str, no: str, yes_first: bool = False, then: Played | None = None
    ) -> None:
        self.moves.ask_before(action, question, yes, no, yes_first, then)

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        self.act(event.action)

    def on_action_list_aside(self, event: ActionList.Aside) -> None:
        self.overlays.aside(event.key)
