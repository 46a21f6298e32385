"""The Merchant Lord table: players, villages, your dice, your hand, the row and the sale builder
(Textual), composed from the game's kit: the state (``table``), its reducer
(``table_selection``), the boards' looks (``table_looks``), what Enter plays and the status line
(``table_enter``), the builder's and players' lines (``table_text``) and the plays' short lines
(``play_lines``). The screen composes the boards, maps keys to intents and assigns the state each
gives; every board and line bound to it draws itself.

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
The sale builder: Enter on a village chooses it (``●``), space on a hand card ticks it on its left
half, then its right half, then unticks it; a second Enter (on the village, in the hand or on the
dice) makes the sale. Only choices that keep a legal sale reachable are offered (§9.5). In the
favour step space ticks dice to reroll (Enter rerolls them) and ``+``/``-`` turn the die under the
cursor; a sale built then ends the favour step and is made at once. Opponents' actions are shown
one at a time, ``app.move_pause`` apart (a key skips the rest).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding

from caravan_tui.engine import Action
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.table_client import cursor_at, cursor_pointed, list_pointed
from caravan_tui.screens.table_overlays import HINT_READY
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList

from . import table_selection as intents
from .builder import Selection
from .faces import legend_text
from .play_lines import play_line, short_play
from .results import summary_table
from .sales import END_BUYING, END_SELLING, adjusted
from .table import DICE, HAND, ROW, VILLAGES, MerchantLordTable
from .table_enter import buy_loses_place, enter, enter_on, favour_sale, loses_the_sale, status
from .table_looks import dice_look, hand_look, others_folded, row_look, village_rows
from .table_text import END_ACTIONS, builder_text, players_text
from .terms import PRICE
from .views import MerchantLordView
from .widgets import ChipBar, VillageBoard, VillagesBox

#: the most lines the builder's lines under the row take: a step or a sale in two, then the card or
#: village under the cursor in two
BUILDER_LINES = 4
#: ``o`` between two players: every village is on the screen already
BOTH_SHOWN = "Both players' villages are on the screen: o shows the others' with three or more players."
#: ``o`` where the box has no room for another's villages whole (each is on its line)
NO_ROOM_FOR_OTHERS = "No room for another player's villages whole now: each is on its line (l: the legend reads them)."


#: what ``c`` says with nothing chosen to clear
NOTHING_TO_CLEAR = "Nothing is chosen to clear: c clears a chosen village and the ticked dice or cards."
#: the plays the plays list puts last (``MerchantLordScreen.listed``)
LAST = (END_SELLING, END_BUYING)


class MerchantLordScreen(GameScreen[MerchantLordView]):
    BINDINGS = [
        Binding("e", "done", "Done", tooltip="End this step: favour, selling, buying or a free placement"),
        Binding("plus", "turn(1)", "+1", show=False, tooltip="Turn a die of the cursor's value up (2 favour)"),
        Binding("minus", "turn(-1)", "-1", show=False, tooltip="Turn a die of the cursor's value down (2 favour)"),
        Binding("c", "clear", "Clear", show=False, tooltip="Clear the chosen village and ticks"),
        Binding("o", "others", "Others", tooltip="Show the next opponent's villages"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"done", "turn", "clear"}
    STATUS_LINES = 4  # a sale tucking two merchants takes three rows of the board's 48 columns
    PAUSE_EACH_ACTION = True
    TABLE = MerchantLordTable
    PANELS_BESIDE = True  # (over the board, the hint hid the hand's header, the row and the status lines)
    DEFAULT_CSS = """
    #ml-players { height: auto; padding: 0 0 0 1; }
    #ml-villages-box { height: 1fr; min-height: 3; scrollbar-size-vertical: 1; }
    #ml-villages { padding: 0 0 0 1; }
    #ml-dice { padding: 0 1; }
    #ml-hand, #ml-row { border-top: solid $primary; padding: 0 0 0 1; border-title-align: left; }
    #ml-hand > .focused--border, #ml-row > .focused--border { border-top: heavy $accent; }
    #ml-builder { height: auto; padding: 0 1; }  /* a step in two rows, a card or a village in up to three */
    #status { dock: bottom; }
    """

    @property
    def table(self) -> MerchantLordTable:
        return cast(MerchantLordTable, self.table_state)  # (``TABLE``: the state is made as one)

    @property
    def sel(self) -> Selection:
        """The builder's selection (the table's)."""
        return self.table.sel

    def compose_board(self) -> ComposeResult:
        yield self.table_text(lambda view, _: players_text(view, self.table), id="ml-players")
        # (a spectator holds no dice and no hand: "Your dice none" and a "Hand" of "no cards" read
        # as a seat of theirs; every player's dice are in the players' table above)
        dice = ChipBar(3, empty="none", label="Your dice ", id=DICE)
        hand = ChipBar(15, empty="no cards", id=HAND)
        hand.border_title = "Hand"
        dice.display = hand.display = self.seat is not None
        yield self.board(dice, dice_look)
        yield VillagesBox(self.board(VillageBoard(id=VILLAGES), village_rows), id="ml-villages-box")
        yield self.board(hand, hand_look)
        row = ChipBar(15, empty="empty", id=ROW)
        row.border_title = "Row"
        yield self.board(row, row_look)
        yield self.table_text(lambda _view, _: builder_text(self.table), id="ml-builder")

    def legend(self) -> Text:
        return legend_text()

    def on_mount(self) -> None:
        # (at once, as a decision's focus is given: a later one, deferred, took the dice's from it)
        self.set_focus(self.query_one(VillageBoard))

    def describe(self, action: Action) -> str:
        """A play on one line of the plays list (the status line says it whole)."""
        return play_line(self.table, action)

    def said(self, action: Action) -> str:
        """A play whole, on one line, names and all: the plays list's rows, pasted into the hint,
        read "Sell Maximilianus   Aurelia…'s 1-6"."""
        return short_play(self.table, action, None)

    def match_summary(self, view: MerchantLordView) -> Table:
        return summary_table(view, self.table.seat_label)

    # -- the state: what the boards report, what a key or a message makes of it ------------------

    def assign(self, outcome: intents.Outcome) -> bool:
        """The new state an intent gives, assigned (every board and line draws itself from it), or
        the reason it is refused, said; True when taken."""
        if isinstance(outcome, intents.Refused):
            self.notify(self.table.sentence(outcome.reason), title=outcome.title, severity="warning")
            return False
        self.table_state = outcome
        return True

    def selection_changed(self) -> None:
        """A cursor, the focus or the plays list's highlight moved (the table has it): the builder
        follows the plays list, the villages shown the cursor."""
        self.report(lambda table: intents.followed(cast(MerchantLordTable, table)))

    def on_villages_box_resized(self, event: VillagesBox.Resized) -> None:
        """The villages' room: the box's, with the lines under the row at their tallest, so a focus
        or cursor that grows them never changes what the villages show (a click would land on
        another village)."""
        grown = sum(
            max(0, most - self.query_one(under).size.height)
            for under, most in (("#status", self.STATUS_LINES), ("#ml-builder", BUILDER_LINES))
        )
        room = (event.size.width, event.size.height - grown)
        if room != self.table.villages_room or event.size.height != self.table.villages_height:
            self.table_state = replace(self.table, villages_room=room, villages_height=event.size.height)

    def status_text(self) -> Text:
        line = status(self.table)
        return super().status_text() if line is None else line

    def enter_action(self) -> Action | None:
        return enter(self.table)

    def view_folded(
        self, table: TableState[MerchantLordView], previous: MerchantLordView | None, by_other: bool
    ) -> TableState[MerchantLordView]:
        """What the new view changed marked (``*``), in the move's state."""
        mover = previous["to_move"] if previous else None
        return intents.with_changes(cast(MerchantLordTable, table), previous, mover)

    def view_changed(self, previous: MerchantLordView | None, view: MerchantLordView, by_other: bool) -> None:
        self.pause.mover = previous["to_move"] if previous else None

    def your_turn(self) -> None:
        self.pause.our_turn()
        pending, hinted_next = self.table.pending, self.table.hinted_next
        self.table_state = intents.turn_started(replace(self.table, pending=None, hinted_next=None))
        if pending is not None and pending in self.table.legal:
            self.act(pending)  # the sale built in the favour step, now the step is over
            return
        if hinted_next is not None and hinted_next in self.table.legal:  # (the hint's sale, once it may be made)
            self.table_state = list_pointed(intents.selected(self.table, hinted_next), hinted_next)
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(f"#{self.deciding_board()}"))

    def deciding_board(self) -> str:
        """The board the step is decided on: the dice, the hand, the row, else the villages."""
        return {"favour": DICE, "place": HAND, "buy": ROW}.get(self.table.phase or "", VILLAGES)

    def listed(self, legal: Sequence[Action]) -> tuple[Action, ...]:
        """The plays list with the end of selling or buying last (Enter, Enter on "Stop selling",
        its first play, sent a sale the hint had named to the market) and buys in the row's order."""
        row = list(self.table.view["row"]) if self.table.view else []

        def place(action: Action) -> tuple[bool, int]:
            return action in LAST, row.index(action[1]) if action[0] == "buy" and action[1] in row else 0

        return tuple(sorted(legal, key=place))

    def act(self, action: Action) -> None:
        """Play ``action``; ending selling while a sale is still possible, or turning a die so that
        none is, asks first, however it was chosen (``e``, ``+``/``-``, the plays list or a hint's
        play), once: practice plays the move again once it has judged it (``practised``), and a
        second question there took the first ``y``."""
        if self.practised == action:
            self.play_now(action)
            return
        if action == END_SELLING and any(a[0] == "sell" for a in self.table.legal):
            self.confirm_end_selling(hinted=self.table.hint_action == action)
            return
        if action[0] == "adjust" and loses_the_sale(self.table, action):
            self.confirm_turn(action)
            return
        if buy_loses_place(self.table, action):
            self.confirm_buy(action)
            return
        self.play_now(action)

    def play_now(self, action: Action) -> None:
        rolled = frozenset(self.table.rerolled_dice(action)) if action[0] == "reroll" else frozenset()
        super().act(action)
        if self.table.turn is None:  # sent
            self.table_state = intents.sent(self.table, action, rolled)

    def confirm_end_selling(self, hinted: bool = False) -> None:
        """Ending selling while a sale is still possible asks first: the favour step ends by
        itself once the last favour is spent, so an ``e`` meant for it would otherwise send every
        unsold die to the market (the next round's roll then bars undo). Where it is the hint's
        play (``hinted``), Enter stops selling, as the hint's "a, then enter: play" says: the
        question's Enter kept selling, and the hint's play went unmade."""
        asked = "Stop selling, as the hint says?" if hinted else "Stop selling?"
        question = f"{asked} A sale is still possible; your unsold dice go to the market."
        self.ask_before(END_SELLING, question, "Stop selling", "Keep selling", yes_first=hinted, then=self.play_now)

    def confirm_turn(self, action: Action) -> None:
        """A die turned so that no sale fits the dice asks first: with the last favour spent, the
        rules end the turn at once and send every die to the market (a newcomer's ``+`` threw
        away the one sale on offer, and the next round's roll barred undo)."""
        question = (
            f"Turn a {action[1]} into a {adjusted(action[1], action[2])}? No sale fits the dice then: "
            "they go to the market and your turn ends. A sale fits them now."
        )
        self.ask_before(action, question, "Turn it", "Keep the dice", then=self.play_now)

    def confirm_buy(self, action: Action) -> None:
        """A purchase that costs the seat its place at the match's end asks first: the table cards
        are final, and its coins may be the tie-break."""
        question = (
            f"Buy {action[1]}? The match ends with this round and cards bought now do not count: "
            f"{PRICE} coins fewer lose you the tie-break on coins. Buying nothing more keeps your place."
        )
        self.ask_before(action, question, "Buy it", "Keep the coins", then=self.play_now)

    # -- keys -------------------------------------------------------------------------------------

    def press(self, board: str, cursor: str | None) -> bool:
        """Enter on ``board`` (its cursor on ``cursor``): what the status line promises for it, or
        the sale built in the favour step (the step ends first); False if nothing is played."""
        table = cursor_at(self.table, board, cursor)
        action, sale = enter_on(table, board), favour_sale(table, board)
        if action is None and sale is not None:
            self.table_state, action = replace(self.table, pending=sale), ("end_favour",)
        if action is not None:
            self.act(action)
        return action is not None

    @on(VillageBoard.Pressed)
    def village_pressed(self, event: VillageBoard.Pressed) -> None:
        if self.decides_now() and not self.press(VILLAGES, event.key):
            self.assign(intents.chosen_village(self.table, event.key))

    @on(VillageBoard.Toggled)
    def village_toggled(self, event: VillageBoard.Toggled) -> None:
        """Space in the villages chooses the village under the cursor, as Enter does, but never
        sells: on the chosen village it says where tucking is (the hand) and that Enter sells."""
        if not self.decides_now():
            return
        if event.key != self.sel.village or self.table.phase not in ("sell", "favour", "place"):
            self.village_pressed(VillageBoard.Pressed(event.widget, event.key))
        else:
            self.assign(intents.spaced_on_chosen(self.table))

    @on(ChipBar.Toggled)
    def chip_toggled(self, event: ChipBar.Toggled) -> None:
        if not self.decides_now():
            return
        if event.widget.id == HAND:
            self.assign(intents.ticked_card(self.table, event.key))
        elif event.widget.id == DICE:
            self.assign(intents.ticked_die(self.table, int(event.key)))
        elif event.widget.id == ROW:
            self.chip_pressed(ChipBar.Pressed(event.widget, event.key))

    @on(ChipBar.Pressed)
    def chip_pressed(self, event: ChipBar.Pressed) -> None:
        board = event.widget.id or ""
        if not self.decides_now() or self.press(board, event.key or None):
            return
        action = intents.bought(self.table, event.key) if board == ROW else intents.pressed_in_vain(self.table, board)
        if isinstance(action, intents.Refused):
            self.assign(action)
        else:
            self.act(action)

    def action_turn(self, delta: int) -> None:
        if not self.decides_now():
            return
        die = self.query_one(f"#{DICE}", ChipBar).current
        action = intents.turned_die(self.table, None if die is None else int(die), delta)
        if isinstance(action, intents.Refused):
            self.assign(action)
        elif action is not None:  # the cursor on the die the rules turn (the first of its value)
            self.table_state = cursor_pointed(self.table, DICE, str(self.table.adjust_die(action) or 0))
            self.act(action)

    def action_done(self) -> None:
        """End the step (ending selling asks first where a sale is still possible: ``act``)."""
        action = next((end for end in END_ACTIONS if end in self.table.legal), None)
        if self.decides_now() and action is not None:
            self.act(action)

    def action_clear(self) -> None:
        """``c``: the chosen village and ticks cleared; with none, it says so (it did nothing)."""
        if self.table.sel == Selection():
            self.notify(NOTHING_TO_CLEAR, severity="warning", timeout=4)
            return
        self.table_state = intents.cleared(self.table)
        self.left_the_list()

    def action_cancel(self) -> None:
        had = self.table.sel != Selection()
        super().action_cancel()
        if had:
            self.left_the_list()

    def left_the_list(self) -> None:
        """The builder cleared from the plays list: the focus to the board the step is built on.
        Left on the list, its row still marked the sale cleared, and Enter made it ("Enter
        chooses a village" above, "enter: the sale above" below, and no sale above)."""
        if self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(f"#{self.deciding_board()}"))

    def on_village_board_past_last(self, event: VillageBoard.PastLast) -> None:
        event.stop()
        self.action_others()

    def action_others(self) -> None:
        self.table_state = intents.next_other(self.table)
        if others_folded(self.table):
            self.notify(NO_ROOM_FOR_OTHERS, timeout=4)

    def table_key(self, event: events.Key) -> None:
        """``o`` between two players says why it shows nothing more (the legend lists it)."""
        if event.key == "o" and not self.check_action("others", ()) and self.table.pausing is None:
            event.stop()
            self.notify(BOTH_SHOWN, timeout=4)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """``o`` (the next opponent's villages) is offered where there is a next one: between two
        players the one opponent's villages show already, and ``o`` changed nothing, said nothing."""
        if action == "others":
            view = self.table.view
            return view is None or view["players"] > 2
        return super().check_action(action, parameters)

    def escaped(self, table: TableState[MerchantLordView]) -> TableState[MerchantLordView] | None:
        """Escape first clears the builder, then opens the menu."""
        cleared = cast(MerchantLordTable, table)
        return intents.cleared(cleared) if cleared.sel != Selection() else None

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint on the table and preview it under the row; the selection stays as the
        player left it (``a`` puts the hint in it)."""
        super().show_hint(action, text)
        self.table_state = replace(self.table, hinted=action)

    def action_take_hint(self) -> None:
        """Put the hinted play in the builder, or the cursor on its row card or die, with the focus
        there (Enter, or + / -, then plays it); a hint to end the step, on its line in the plays
        list (Enter plays it, as e does)."""
        if self.table.hinted is None:
            self.overlays.no_hint()
        elif self.decides_now():
            self.table_state, focus = intents.taken_hint(self.table)
            widget = self.query_one(f"#{focus}")
            if widget.has_focus and self.enter_action() == self.table.hinted:  # (the focus stays: said)
                self.notify(HINT_READY, timeout=4)
            widget.focus()


SCREEN = MerchantLordScreen
