"""The Camel Caravan table: the 7×7 board with a cursor, the players' boards and the turn (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
Goods are letters (upper case on top of a camel or loose, lower case under a camel: stolen),
camels are their owner's seat digit, so colour is never the only cue. Under the players' table
the marks always show, the goods key as far as room allows; ``l`` puts the whole legend in place of
the plays and the log.

The screen composes the table and maps keys to intents: the board's placement steps are a
reducer over the table's state (``placement``), the status line and what Enter plays functions
of it (``status_line``). When a cell allows several things, a chooser lists them; destinations
are marked by what they cost (``›`` one action, ``»`` two). ``e`` asks before leaving actions
unused; ``c`` picks a camel from your supply.
Opponents' actions are shown one by one, ``app.move_pause`` apart, with the cells each touched
highlighted; a key pressed meanwhile skips the rest of the animation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList

from .board import CELL_NAMES, CITY_OF_GOOD, GOOD_INDEX, SIZE
from .board_widget import CamelBoard, EndPhaseLine, FittedLines
from .faces import legend_lines, legend_panel, place_words, touched_along
from .looks import board_look, end_phase
from .placement import (
    Step,
    at_cursor,
    cells_read,
    chosen,
    disarmed,
    escaped,
    hint_marked,
    reached,
    supply_chosen,
    taken,
    turn_begun,
    turn_ended,
)
from .rules import actions_word
from .status_line import BOARD, choice_text, cursor, enter, status
from .table_state import CamelCaravanTable
from .tables import PLAYERS_WIDTH, players_table, scores_table
from .views import CamelCaravanView

END_TURN = ("end_turn",)


class CamelCaravanScreen(GameScreen[CamelCaravanView]):
    BINDINGS = [
        Binding("c", "supply", "Place", show=False, tooltip="Choose a camel from your supply, then a cell"),
        Binding("e", "end_turn", "End turn", tooltip="End your turn (asks first if actions are left)"),
    ]
    #: not offered while watching a replay (where ``GameScreen`` hides its own playing keys)
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"supply", "end_turn"}
    STATUS_LINES = 2
    PAUSE_EACH_ACTION = True
    TABLE = CamelCaravanTable
    PANELS_BESIDE = True  # (over the board, the hint hid the lower rows where the cell it names may be)

    DEFAULT_CSS = """
    #cc-end { height: auto; text-style: bold; color: $warning; padding: 0 1; }
    #cc-board { border: round $primary; }
    #cc-board > .focused--border { border-top: round $accent; }
    #cc-players { height: auto; }
    #cc-legend { height: 1fr; color: $text-muted; overflow: hidden; }
    /* 1fr is never less than a row: docked, the status line stays in view when nothing is left */
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self._last_touched: set[int] = set()
        self._move = 0  # the match's move number of the update on its way (``Update.turn``)
        self._passed: list[CamelCaravanView] = []  # (its views after each of the others' moves: ``Update.passed``)
        self._undone_from: Widget | None = None  # the widget focused when undo was asked for

    def compose_board(self) -> ComposeResult:
        # around the board: the end-phase line (once the bag is empty), the players' table (a
        # header and a row each) and the status line; the legend takes what room is left
        yield EndPhaseLine(end_phase, id="cc-end").data_bind(GameScreen.table_state)
        yield self.board(
            CamelBoard(SIZE, spare_rows=self.client.players + 3, caption=place_words, id=BOARD), board_look
        )
        yield self.table_text(
            lambda view, table: players_table(
                view, table.player_name, self.query_one("#cc-players").content_size.width or PLAYERS_WIDTH
            ),
            sized=True,
            id="cc-players",
        )
        yield FittedLines(legend_lines, id="cc-legend")

    def legend(self) -> Text:
        return legend_panel()

    def listed(self, legal: Sequence[Action]) -> tuple[Action, ...]:
        """The goods' plays first, then the camels' (some 40 camel moves stood before every
        pick-up, steal and delivery)."""
        return tuple(sorted(legal, key=play_rank))

    @property
    def table(self) -> CamelCaravanTable:
        return cast(CamelCaravanTable, self.table_state)  # (``TABLE``: the state is made as one)

    def on_mount(self) -> None:
        board = self.query_one(CamelBoard)
        board.focus()
        self.watch(board, "cursor", self.cursor_moved)

    def cursor_moved(self, cell: int) -> None:
        self.table_state = at_cursor(self.table, cell)

    # -- what the table shows and says ------------------------------------------------------------

    def show_view(self, view: CamelCaravanView) -> None:
        self.table_state = at_cursor(cells_read(self.table, view), cursor(self.table))

    def status_text(self) -> Text:
        return status(self.table) or super().status_text()

    def enter_action(self) -> Action | None:
        return enter(self.table)

    def match_summary(self, view: CamelCaravanView) -> RenderableType:
        """The scores, and why the game ended ("The game ended: a good was delivered after the
        bag ran out."): the last delivery may never have been on screen."""
        scores = scores_table(view, self.table.seat_label)
        ended = view.get("ended")
        return Group(scores, Text(f"The game ended: {ended}.", style="dim")) if ended else scores

    # -- opponents' moves, one at a time --------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        self._move = update.turn
        self._passed = [cast(CamelCaravanView, view) for view in update.passed]
        pause = super().show_update(update)
        return pause if self._last_touched else 0.0

    def view_folded(
        self, table: TableState[CamelCaravanView], previous: CamelCaravanView | None, by_other: bool
    ) -> TableState[CamelCaravanView]:
        """The cells an opponent's action changed marked, as the position's own: an undo brings
        back the marks of the position it returns to, never those of a move it took back; at a
        rejoin, those each of the others' moves since ours changed."""
        assert table.view is not None
        steps = [previous, *self._passed] if self._passed else [previous, table.view]
        self._last_touched = touched_along(steps) if by_other else set()
        changed = frozenset(self._last_touched) if self._last_touched else None
        return reached(cast(CamelCaravanTable, table), self._move, changed)

    def view_rejoined(
        self, table: TableState[CamelCaravanView], since: CamelCaravanView | None, until: CamelCaravanView
    ) -> TableState[CamelCaravanView]:
        """The cells the others changed before our turn began marked, each move's (after a resume
        in the middle of a turn the "*" marks were gone; then those of a cell an AI used and left
        as it was), not those our own actions since changed."""
        self._last_touched = set()
        changed = frozenset(touched_along([since, *self._passed] if self._passed else [since, until]))
        return reached(cast(CamelCaravanTable, table), self._move, changed or None)

    def view_changed(self, previous: CamelCaravanView | None, view: CamelCaravanView, by_other: bool) -> None:
        self.pause.mover = previous["to_move"] if previous else None

    # -- playing --------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self.pause.our_turn()
        self.table_state = turn_begun(self.table)
        kept, self._undone_from = self._undone_from, None
        if kept is not None and kept.is_attached:
            self.focus_to_decide(kept)  # a move taken back: the focus stays where the player was
        elif not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(CamelBoard))

    def action_undo(self) -> None:
        self._undone_from = self.focused
        super().action_undo()

    def act(self, action: Action) -> None:
        """Play ``action``; ending the turn with actions left asks first, however it was chosen
        (``e``, the plays list or a hint's play), once: practice plays the move again once it has
        judged it (``practised``), and asked again."""
        if action == END_TURN and self.ends_early() and self.practised != action:
            self.confirm_end_turn(chosen=True)
            return
        self.play_now(action)

    def ends_early(self) -> bool:
        """Whether ending the turn now leaves actions unused."""
        return self.table.turn is not None and bool(self.table.view and self.table.view["left"])

    def play_now(self, action: Action) -> None:
        view = self.table.view
        whole = action == END_TURN or view is None or view["left"] <= self.table.cost(action)
        self.table_state = disarmed(self.table)
        super().act(action)
        if self.table.turn is None:
            self.table_state = turn_ended(self.table, whole)

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        self.table_state = hint_marked(self.table, action)

    def step(self, new: CamelCaravanTable, step: Step, cell: int | None = None) -> None:
        """The table after an intent, and what it leads to: a play sent, a cell's plays to
        choose among (``cell``), or why nothing happens."""
        self.table_state = new
        if step.play is not None:
            self.act(step.play)
        elif step.ask and cell is not None:
            self.ask(cell, list(step.ask))
        elif step.refused:
            self.notify(step.refused, severity="warning")

    def on_camel_board_chosen(self, event: CamelBoard.Chosen) -> None:
        if self.decides_now():
            self.step(*chosen(self.table, event.cell), cell=event.cell)

    def ask(self, cell: int, choices: list[tuple]) -> None:
        """Which of the plays at ``cell``: one chosen there is taken as on the board, so one that
        costs two actions waits for Enter again (chosen from this list, it was spent at once)."""

        def answered(index: int | None) -> None:
            if index is not None and self.table.turn is not None:
                self.step(*taken(self.table, choices[index], cell))

        question = f"{CELL_NAMES[cell]}: what do you want to do?"
        texts = [choice_text(self.table, c) for c in choices]
        # (away from the space: in the middle, the list covered it and the chain around it)
        dialog = ChoiceScreen(question, texts, at="bottom" if cell // SIZE < SIZE // 2 else "top")
        self.app.push_screen(dialog, answered)

    def action_supply(self) -> None:
        if self.decides_now():
            self.step(*supply_chosen(self.table))

    def action_end_turn(self) -> None:
        if self.ends_early():
            self.confirm_end_turn(chosen=False)
        else:
            self.act(END_TURN)

    def confirm_end_turn(self, chosen: bool) -> None:
        """Ask before ending the turn with actions left (escape or n keeps the turn). Where the
        play was ``chosen`` in the plays list (its line highlighted, or a hint's readied with
        ``a``), Enter again ends it: the status line had said "enter: End the turn", and the
        second Enter pressed "Keep playing", the question gone as it came (``e`` asks with
        "Keep playing" first: a key pressed by mistake)."""
        self.table_state = disarmed(self.table)
        left = actions_word(self.table.view["left"] if self.table.view else 0)
        question = f"End the turn with {left} unused?"
        self.ask_before(END_TURN, question, "End turn", "Keep playing", yes_first=chosen, then=self.play_now)

    def escaped(self, table: TableState[CamelCaravanView]) -> TableState[CamelCaravanView] | None:
        """Escape first cancels a play waiting for its second Enter, then drops the chosen camel
        or good, then opens the menu."""
        return escaped(cast(CamelCaravanTable, table))


SCREEN = CamelCaravanScreen


#: the plays list's order by kind: deliveries, pick-ups, steals, goods moved, camels placed and moved
KIND_RANK = {"pickup": 1, "steal": 2, "move_good": 3, "place": 4, "move_camel": 5, "end_turn": 6}


def play_rank(action: Action) -> int:
    """Where ``action`` stands in the plays list (``CamelCaravanScreen.listed``)."""
    if action[0] == "move_good" and CITY_OF_GOOD[GOOD_INDEX[action[3]]] == action[2]:
        return 0
    return KIND_RANK.get(action[0], 6)
