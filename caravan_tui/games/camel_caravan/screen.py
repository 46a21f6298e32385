"""The Camel Caravan table: the 7×7 board with a cursor, the players' boards and the turn (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
Goods are letters (upper case on top of a camel or loose, lower case under a camel: stolen),
camels are their owner's seat digit, so colour is never the only cue. Under the players' table
the goods key and the marks show as far as room allows; ``l`` puts the whole legend in place of
the plays and the log.

Board selection builds actions in one or two steps: Enter on a cell takes what can start there
(a pick-up, a steal, a placement, or your camel or good as the thing to move), then Enter on a
destination completes a move; ``c`` picks a camel from your supply. When a cell allows several
things, a chooser lists them. The status line always says what Enter would do under the cursor;
destinations are marked by what they cost (``›`` one action, ``»`` two), and anything that costs
two actions waits for a second Enter on the same cell. ``e`` asks before leaving actions unused.
Opponents' actions are shown one by one, ``app.move_pause`` apart, with the cells each touched
highlighted; a key pressed meanwhile skips the rest of the animation.
"""

from __future__ import annotations

from typing import cast

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import OptionList, Static

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.summary import tie_broken
from caravan_tui.widgets import ActionList

from .board import CELL_NAMES, CITY_AT, CITY_OF_GOOD, GOOD_INDEX, GOODS, SIZE, VALUE
from .board_widget import CamelBoard, EndPhaseLine
from .faces import ONE, TWO, legend_lines, legend_panel, touched
from .looks import board_look, end_phase
from .plays import completes
from .rules import actions_word
from .table_state import CamelCaravanTable
from .tables import players_table, scores_table
from .views import CamelCaravanView, demand_markers, loose_goods

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

    DEFAULT_CSS = """
    #cc-end { height: auto; text-style: bold; color: $warning; padding: 0 1; }
    #cc-board { border: round $primary; }
    #cc-board:focus { border: round $accent; }
    #cc-players { height: auto; }
    #cc-legend { height: 1fr; color: $text-muted; overflow: hidden; }
    /* 1fr is never less than a row: docked, the status line stays in view when nothing is left */
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self._last_touched: set[int] = set()
        self._undone_from: Widget | None = None  # the widget focused when undo was asked for

    def compose_board(self) -> ComposeResult:
        # around the board: the end-phase line (once the bag is empty), the players' table (a
        # header and a row each) and the status line; the legend takes what room is left
        yield EndPhaseLine(end_phase, id="cc-end").data_bind(GameScreen.table_state)
        yield self.board(
            CamelBoard(SIZE, spare_rows=self.client.players + 3, caption=cell_caption, id="cc-board"), board_look
        )
        yield self.table_text(lambda view, table: players_table(view, table.player_name), id="cc-players")
        yield Static(Text("\n").join(legend_lines()), id="cc-legend")

    def legend(self) -> Text:
        return legend_panel()

    @property
    def table(self) -> CamelCaravanTable:
        return cast(CamelCaravanTable, self.table_state)  # (``TABLE``: the state is made as one)

    def on_mount(self) -> None:
        board = self.query_one(CamelBoard)
        board.focus()
        self.watch(board, "cursor", self.cursor_moved)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_status()  # what Enter plays follows the focus

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_status()

    # -- drawing ------------------------------------------------------------------------------

    def show_view(self, view: CamelCaravanView) -> None:
        self.table.read_cells(view)  # (the board draws them: ``looks.board_look``)
        self.cursor_moved()

    def cursor_moved(self) -> None:
        """The board's cursor moved (or the view changed under it): what Enter does there."""
        cell = self.query_one(CamelBoard).cursor
        if self.table.armed is not None and self.table.armed[0] != cell:
            self.table.armed = None  # moving away cancels a play waiting for its second Enter
            self._redraw_marks()
        else:
            self.show_status()

    def _redraw_marks(self) -> None:
        """What is being chosen changed: the board draws itself again from the table."""
        self.table_changed()
        self.show_status()

    def status_text(self) -> Text:
        """Whose move it is; on our turn, what Enter would do for the focused widget: the plays
        list's highlighted play, or on the board the play at the cursor (with its cost) or what
        is being chosen."""
        if self.pause.pausing is not None:
            return Text(f"{self.table.seat_name(self.pause.pausing)} is playing… (any key skips)")
        if self.table.turn is None or self.table.over is not None:
            return super().status_text()
        board = self.query_one(CamelBoard)
        if not board.has_focus:
            action = self.enter_action()
            return Text(f"enter: {self.describe(action)}" if action else "Your turn", style="bold")
        cell = board.cursor
        if self.table.armed is not None:
            verb = "place" if self.table.armed[1][0] == "place" else "move"
            return Text(f"{TWO} {verb} here for 2 actions? enter again · esc", style="bold reverse")
        pick, action = self.table.pick, self.board_play(cell)
        if pick is not None:
            target = completes(pick, cell) if pick[0] == "supply" or pick[1] != cell else None
            if target in self.table.legal:
                return Text(
                    f"enter: {self.short(target)} ({actions_word(self.table.cost(target))}) · esc cancels", style="bold"
                )
            if pick[0] == "good":
                return Text(f"Move the {pick[2]} to a {ONE} (1 action) · esc cancels", style="bold")
            what = "Place a camel" if pick[0] == "supply" else "Move the camel"
            return Text(f"{what}: {ONE} 1 action, {TWO} 2 · esc cancels", style="bold")
        choices = self.choices_at(cell)
        if not choices:
            place = " · c place" if any(a[0] == "place" for a in self.table.legal) else ""  # (none left to place)
            return Text(f"Your turn{place} · e end turn · l legend", style="bold")
        if len(choices) > 1:
            return Text(f"enter: choose one of {len(choices)} plays here", style="bold")
        choice = choices[0]
        price = f" ({actions_word(self.table.cost(choice))})" if action is not None or choice[0] == "place" else ""
        return Text(f"enter: {self.short(choice)}{price}", style="bold")

    def enter_action(self) -> Action | None:
        board = self.query_one(CamelBoard)
        if self.table.turn is None or not board.has_focus:
            return super().enter_action()
        return self.board_play(board.cursor)

    def board_play(self, cell: int) -> Action | None:
        """What Enter on ``cell`` plays at once (None: it chooses a camel or good, asks which
        play is meant, or waits for a second Enter on a play that costs two actions)."""
        if self.table.armed is not None and self.table.armed[0] == cell:
            return self.table.armed[1]
        pick = self.table.pick
        if pick is not None:
            if pick[0] != "supply" and pick[1] == cell:
                return None
            action = completes(pick, cell)
            if action in self.table.legal:
                return action if self.table.cost(action) == 1 else None
        choices = self.choices_at(cell)
        if len(choices) == 1 and choices[0][0] not in ("camel", "good") and self.table.cost(choices[0]) == 1:
            return choices[0]
        return None

    def short(self, choice: tuple) -> str:
        """A play at the cursor's cell in a few words (the board's frame names the cell)."""
        kind = choice[0]
        if kind == "place":
            return "place a camel here"
        if kind == "move_camel":
            return "move the camel here"
        if kind == "pickup" and self.table.view is not None:
            good = loose_goods(self.table.view["goods"]).get(choice[1], "the good")
            taken = demand_markers(self.table.view["demand"]).get(choice[1])
            return f"pick up {good}" + (f" and {taken}♦" if taken else "")
        if kind == "steal":
            return f"steal {choice[3]} from {self.table.seat_name(choice[2])}"
        if kind == "move_good":
            if CITY_OF_GOOD[GOOD_INDEX[choice[3]]] == choice[2]:
                return f"deliver the {choice[3]} (+{VALUE[GOOD_INDEX[choice[3]]]})"
            return f"move the {choice[3]} here"
        if kind == "camel":
            return "choose this camel to move"
        if kind == "good":
            return f"choose the {choice[2]} to move"
        return self.describe(choice)

    def match_summary(self, view: CamelCaravanView) -> Table:
        return scores_table(view, self.table.seat_label)

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Equal scores go to the player who delivered more goods (rules §5): say so."""
        if self.table.view is not None and max(outcome) > 0:
            winner = outcome.index(max(outcome))
            goods = [sum(self.table.view["delivered"][seat].values()) for seat in range(len(scores))]
            line = tie_broken(scores, outcome, "goods delivered", goods, f"{who(winner)} win{who(winner, 's')}")
            if line is not None:
                return self.table.words(line)
        return super().result_headline(names, scores, outcome)

    # -- opponents' moves, one at a time --------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self._last_touched else 0.0

    def view_changed(self, previous: CamelCaravanView | None, view: CamelCaravanView, by_other: bool) -> None:
        self._last_touched = touched(previous, view) if by_other else set()
        self.pause.mover = previous["to_move"] if previous else None
        if self._last_touched:
            self.table.flash = self._last_touched
            self._redraw_marks()

    # -- playing --------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self.pause.our_turn()
        self.table.pick = self.table.hinted = self.table.armed = None
        self._redraw_marks()
        kept, self._undone_from = self._undone_from, None
        if kept is not None and kept.is_attached:
            self.focus_to_decide(kept)  # a move taken back: the focus stays where the player was
        elif not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(CamelBoard))

    def action_undo(self) -> None:
        self._undone_from = self.focused
        super().action_undo()

    def act(self, action: Action) -> None:
        self.table.armed = None
        super().act(action)
        if self.table.turn is None:
            self.table.pick = self.table.hinted = None
            self.table.flash = set()
            self._redraw_marks()

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        self.table.hinted = action
        self._redraw_marks()

    def on_camel_board_chosen(self, event: CamelBoard.Chosen) -> None:
        if not self.decides_now():
            return
        self.choose_cell(event.cell)

    def choose_cell(self, cell: int) -> None:
        """Confirm the play waiting here, complete the chosen supply, camel or good with this
        destination, or start from here."""
        if self.table.armed is not None:
            armed, self.table.armed = self.table.armed, None
            if armed[0] == cell:
                self.act(armed[1])
                return
            self._redraw_marks()
        pick = self.table.pick
        if pick is not None:
            if pick[0] != "supply" and pick[1] == cell:
                self.set_pick(None)
                return
            action = completes(pick, cell)
            if action in self.table.legal:
                self.spend(action, cell)
                return
        choices = self.choices_at(cell)
        if not choices:
            why = "cannot go there" if pick is not None else "nothing you can do there now"
            self.notify(f"{CELL_NAMES[cell]}: {why}.", severity="warning")
        elif len(choices) == 1:
            self.take(choices[0], cell)
        else:
            self.ask(cell, choices)

    def spend(self, action: Action, cell: int) -> None:
        """Play ``action`` now, or, if it costs two actions, once Enter is pressed again here."""
        if self.table.cost(action) == 2:
            self.table.armed = (cell, action)
            self._redraw_marks()
        else:
            self.act(action)

    def choices_at(self, cell: int) -> list[tuple]:
        """Legal actions at ``cell`` and the things of yours that can move from it."""
        legal = self.table.legal
        choices: list[tuple] = [a for a in legal if a[0] in ("pickup", "steal") and a[1] == cell]
        goods = [(a[3], a[4]) for a in legal if a[0] == "move_good" and a[1] == cell]
        choices += [("good", cell, good, pos) for good, pos in dict.fromkeys(goods)]
        if any(a[0] == "move_camel" and a[1] == cell for a in legal):
            choices.append(("camel", cell))
        if ("place", cell) in legal:
            choices.append(("place", cell))
        return choices

    def take(self, choice: tuple, cell: int | None = None) -> None:
        """Choose what to move, or play (``cell`` given: a 2-action play waits for a second Enter;
        none: the player chose it from a list that gave its cost)."""
        if choice[0] in ("supply", "camel", "good"):
            self.set_pick(choice)
        elif cell is not None:
            self.spend(choice, cell)
        else:
            self.act(choice)

    def ask(self, cell: int, choices: list[tuple]) -> None:
        """Which of the plays at ``cell``: one chosen there is taken as on the board, so one that
        costs two actions waits for Enter again (chosen from this list, it was spent at once)."""

        def chosen(index: int | None) -> None:
            if index is not None and self.table.turn is not None:
                self.take(choices[index], cell)

        self.app.push_screen(
            ChoiceScreen(f"{CELL_NAMES[cell]}: what do you want to do?", [self.choice_text(c) for c in choices]), chosen
        )

    def choice_text(self, choice: tuple) -> str:
        """A line of the chooser: what to move next, or a play with what it costs."""
        if choice[0] == "camel":
            return f"Move your camel from {CELL_NAMES[choice[1]]}… (then choose where)"
        if choice[0] == "good":
            where = "from under" if choice[3] == "under" else "on"
            return f"Move the {choice[2]} {where} your camel on {CELL_NAMES[choice[1]]}… (then choose where)"
        if choice[0] in ("pickup", "steal"):  # (a placement's words give its cost already)
            return f"{self.describe(choice)} — {actions_word(self.table.cost(choice))}"
        return self.describe(choice)

    def set_pick(self, pick: tuple | None) -> None:
        self.table.pick = pick
        self.table.armed = None
        self._redraw_marks()

    def action_supply(self) -> None:
        if not self.decides_now():
            return
        if not any(a[0] == "place" for a in self.table.legal):
            self.notify("You cannot place a camel now.", severity="warning")
        else:
            self.set_pick(None if self.table.pick == ("supply",) else ("supply",))

    def action_end_turn(self) -> None:
        """End the turn, after asking if actions are left (escape or n keeps the turn)."""
        if self.table.turn is None or self.table.view is None or not self.table.view["left"]:
            self.act(END_TURN)
            return
        self.table.armed = None
        self._redraw_marks()

        def answered(yes: bool | None) -> None:
            if yes and self.table.turn is not None:
                self.act(END_TURN)

        self.app.push_screen(
            ConfirmScreen(
                f"End the turn with {actions_word(self.table.view['left'])} unused?", yes="End turn", no="Keep playing"
            ),
            answered,
        )

    def action_menu(self) -> None:
        """Escape first cancels a play waiting for its second Enter, then drops the chosen camel
        or good, then opens the menu."""
        if self.table.armed is not None:
            self.table.armed = None
            self._redraw_marks()
        elif self.table.pick is not None:
            self.set_pick(None)
        else:
            super().action_menu()


def cell_caption(cell: int) -> str:
    """The board's foot for the cell under the cursor: its name, and what a city wants."""
    name = CELL_NAMES[cell]
    return f"{name} wants {GOODS[CITY_AT[cell]]}" if CITY_AT[cell] >= 0 else name


SCREEN = CamelCaravanScreen
