"""The Merchant Lord table: players, villages, your dice, your hand, the row and the sale builder
(Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
A die is its value and its good's glyph (``3◆`` gold), a merchant half its stall die and what it
pays its owner (``4ΨFM``: stall 4 wheat, Free Merchant); marks, brackets and words carry every
meaning, so colour is never the only cue.

The sale builder: Enter on a village chooses it (``●``), space on a hand card ticks it on its left
half, then its right half, then unticks it; the line under the row shows the dice the sale will
use and what it pays, and a second Enter (on the village, in the hand or on the dice) makes the
sale. Only choices that keep a legal sale reachable are offered (§9.5): a village no sale fits,
or a half no sale can tuck with the others ticked, is refused with the reason. In the favour
step space ticks dice to reroll (Enter rerolls them) and ``+``/``-`` turn the die under the
cursor; a sale built then ends the favour step and is made at once. The plays list shares the
selection: moving through it ticks that play in the builder, and a complete selection
highlights its play in the list.

Opponents' actions are shown one at a time, ``app.move_pause`` apart (a key skips the rest);
dice, villages and row cards changed since your last action are marked ``*``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList
from caravan_tui.widgets.table_text import TableText

from .builder import Selection
from .faces import CHANGED, CHOSEN, DIMMED, HINT, TICK, USABLE, card_face, die_text, hinted_cards, legend_text
from .reasons import builder_hint, card_problem, village_problem
from .results import tie_headline
from .table import PHASE_WORDS, MerchantLordTable
from .table_text import END_ACTIONS, builder_text, players_text, tuck_possible
from .terms import PRICE, VINDEX
from .views import MerchantLordView
from .widgets import ChipBar, ChipLook, Row, VillageBoard, VillagesBox

#: the most lines the builder's lines under the row take: a step or a sale in two, then the card or
#: village under the cursor in two
BUILDER_LINES = 4


class MerchantLordScreen(GameScreen[MerchantLordView]):
    BINDINGS = [
        Binding("e", "done", "Done", tooltip="End this step: favour, selling, buying or a free placement"),
        Binding("plus", "turn(1)", "+1", show=False, tooltip="Turn the die under the cursor up (2 favour)"),
        Binding("minus", "turn(-1)", "-1", show=False, tooltip="Turn the die under the cursor down (2 favour)"),
        Binding("c", "clear", "Clear", show=False, tooltip="Clear the chosen village and ticks"),
        Binding("o", "others", "Others", tooltip="Show the next opponent's villages"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"done", "turn", "clear"}
    STATUS_LINES = 4  # a sale tucking two merchants takes three rows of the board's 48 columns
    PAUSE_EACH_ACTION = True
    TABLE = MerchantLordTable
    DEFAULT_CSS = """
    #ml-players { height: auto; padding: 0 0 0 1; }
    #ml-villages-box { height: 1fr; min-height: 3; scrollbar-size-vertical: 1; }
    #ml-villages { padding: 0 0 0 1; }
    #ml-dice { padding: 0 1; }
    #ml-hand, #ml-row { border-top: solid $primary; padding: 0 0 0 1; border-title-align: left; }
    #ml-hand:focus, #ml-row:focus { border-top: heavy $accent; }
    #ml-builder { height: auto; padding: 0 1; }  /* a step in two rows, a card or a village in up to three */
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self._rolled: set[int] = set()  # our dice just rerolled
        self._cursors_round: int | None = None  # the round the cursors were last put on their first choice

    @property
    def table(self) -> MerchantLordTable:
        return cast(MerchantLordTable, self.table_state)  # (``TABLE``: the state is made as one)

    @property
    def sel(self) -> Selection:
        """The builder's selection: village, ticked halves, dice ticked to reroll (the table's)."""
        return self.table.sel

    @sel.setter
    def sel(self, sel: Selection) -> None:
        if sel != self.table.sel:
            self.table.sel = sel
            self.follow_selection()
            self.refresh_board()

    @property
    def hinted(self) -> Action | None:
        """The hint's play: starred and previewed, never put in the selection by itself."""
        return self.table.hinted

    @hinted.setter
    def hinted(self, action: Action | None) -> None:
        if action != self.table.hinted:
            self.table.hinted = action
            self.refresh_board()

    def pointed(self) -> tuple[str, str] | None:
        """What the cursor of the focused panel is on: ("card", id) or ("village", id)."""
        focused = self.focused
        if isinstance(focused, ChipBar) and focused.id in ("ml-hand", "ml-row") and focused.current:
            return "card", focused.current
        if isinstance(focused, VillageBoard) and focused.cursor:
            return "village", focused.cursor
        return None

    # -- layout and drawing -------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield self.table_text(lambda view, _: players_text(view, self.table), id="ml-players")
        yield self.board(ChipBar(3, empty="none", label="Your dice ", id="ml-dice"), self.dice_look)
        yield VillagesBox(self.board(VillageBoard(id="ml-villages"), self.village_rows), id="ml-villages-box")
        hand = ChipBar(15, empty="no cards", id="ml-hand")
        hand.border_title = "Hand"
        yield self.board(hand, self.hand_look)
        row = ChipBar(15, empty="empty", id="ml-row")
        row.border_title = "Row"
        yield self.board(row, self.row_look)
        yield self.table_text(lambda _view, _: builder_text(self.table, self.pointed()), id="ml-builder")

    def legend(self) -> Text:
        return legend_text()

    def on_mount(self) -> None:
        self.query_one(VillageBoard).focus()

    # -- words ----------------------------------------------------------------------------------

    def selection_changed(self) -> None:
        """A cursor moved or the focus moved: the line under the row and the status line follow."""
        self.show_builder()
        super().selection_changed()

    def village_rows(self, table: MerchantLordTable) -> list[Row]:
        """The villages for the table's state, so that yours stay in view: every player's where
        they fit the room, else every player's a village a line (``compact``), else yours and one
        opponent's (``o`` shows the next), the others on a line each."""
        view = table.view
        assert view is not None  # (a board is drawn once there is a view)
        players = view["players"]
        me = self.seat if self.seat is not None else 0
        order = [(me + k) % players for k in range(players)]
        box = self.query_one("#ml-villages-box")
        # the room as it is with the lines under the row at their tallest: a focus or cursor that
        # grows them never changes what the villages show (a click would land on another village)
        room = box.size.height - sum(
            max(0, most - self.query_one(under).size.height)
            for under, most in (("#status", self.STATUS_LINES), ("#ml-builder", BUILDER_LINES))
        )
        width = max(20, box.size.width - 2)
        marks = self.table.village_marks()
        full = {seat: self.table.seat_rows(view, seat, width, marks) for seat in order}
        compact = {seat: self.table.seat_rows(view, seat, width, marks, compact=True) for seat in order}
        for rows_by_seat in (full, compact):
            needed = sum(VillageBoard.count_lines(rows, width) for rows in rows_by_seat.values())
            if not box.size.height or needed <= room:  # (not laid out yet: everything)
                return [row for seat in order for row in rows_by_seat[seat]]
        others = [seat for seat in order if seat != me]
        board = self.query_one(VillageBoard)
        if all(row.key is not None for row in board.rows) and board.cursor in VINDEX:
            # every village showed, and now they do not fit (the status line grew as a click took the
            # focus): the cursor's village stays in sight, under the cursor
            owner = VINDEX[board.cursor] // 3
            self.table.shown_other = owner if owner in others else self.table.shown_other
        if self.table.shown_other not in others:
            self.table.shown_other = others[0]
        shown = (me, self.table.shown_other)
        fits = sum(VillageBoard.count_lines(full[seat], width) for seat in shown) + len(others) - 1 <= room
        rows: list[Row] = []
        for seat in order:
            if seat in shown:
                rows.extend(full[seat] if fits else compact[seat])
            else:
                rows.append(self.table.summary_row(view, seat))
        return rows

    def dice_look(self, table: MerchantLordTable) -> ChipLook:
        """Your dice for the table's state: each die's face and its mark (ticked to reroll, the
        hint's, used by the sale built, placed, changed)."""
        used = set(self.table.sale_dice(self.sel))
        hinted = self.table.adjust_die(self.hinted)
        chips, marks = [], {}
        for index, (value, where) in enumerate(self.table.my_dice()):
            key = str(index)
            if where == "unplaced":
                face = die_text(value)
            elif where == "aside":
                face = Text("+", style="dim")
            else:
                face = Text(str(value), style="dim")  # the mark (·) says it is used
            chips.append((key, face))
            if index in self.table.reroll:
                marks[key] = TICK
            elif index == hinted:
                marks[key] = HINT
            elif index in used:
                marks[key] = CHOSEN
            elif where != "unplaced":
                marks[key] = DIMMED
            elif self.seat is not None and (self.seat, index) in self.table.changed_dice:
                marks[key] = CHANGED
        return ChipLook(tuple(chips), marks, frozenset(str(i) for i in self.table.reroll))

    def hand_look(self, table: MerchantLordTable) -> ChipLook:
        """Your hand for the table's state: each card with the half ticked, and whether it can be
        tucked now."""
        view = table.view
        assert view is not None  # (a board is drawn once there is a view)
        cards = view.get("hand", []) if self.seat is not None else []
        choices = self.table.choices() if self.table.phase in ("sell", "favour", "place") else None
        hand_marks = {}
        for card in cards:
            if card in self.sel.tucks:
                hand_marks[card] = TICK
            elif self.hinted is not None and card in hinted_cards(self.hinted):
                hand_marks[card] = HINT
            elif choices:
                hand_marks[card] = USABLE if choices.tuckable(self.sel, card) else DIMMED
        title = (
            f"Your hand ({len(cards)})" + (" · space tucks" if choices and cards else "")
            if self.seat is not None
            else "Hand"
        )
        return ChipLook(
            tuple((card, card_face(card, self.sel.tucks.get(card))) for card in cards),
            hand_marks,
            frozenset(self.sel.tucks),
            title,
        )

    def row_look(self, table: MerchantLordTable) -> ChipLook:
        """The row for the table's state: each card, and whether it can be bought now."""
        view = table.view
        assert view is not None  # (a board is drawn once there is a view)
        buying = self.table.phase == "buy"
        row_marks = {}
        for card in view["row"]:
            if self.hinted == ("buy", card):
                row_marks[card] = HINT
            elif buying:
                row_marks[card] = USABLE if ("buy", card) in self.table.legal else DIMMED
            elif card in self.table.changed_row:
                row_marks[card] = CHANGED
        return ChipLook(
            tuple((card, card_face(card)) for card in view["row"]),
            row_marks,
            frozenset(),
            f"Row · pile {view['pile_size']} · {PRICE}¢ each" + (" · enter buys" if buying else ""),
        )

    def show_builder(self) -> None:
        self.query_one("#ml-builder", TableText).redraw()

    def refresh_board(self) -> None:
        """The selection or the hint changed: the boards draw themselves again from the table."""
        if self.table.view is None:
            return
        self.table_changed()
        self.show_status()

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Who wins; when table cards tie, which tie-break decided: "12–12; you win on the coins
        tie-break"."""
        tied = tie_headline(self.table.view, outcome) if self.table.view is not None else None
        return self.table.words(tied) if tied else super().result_headline(names, scores, outcome)

    def match_summary(self, view: MerchantLordView) -> Table:
        table = Table()
        table.add_column("Player")
        for heading in ("Table cards", "Coins", "Favour", "Merchants placed"):
            table.add_column(heading, justify="right")
        for seat in range(view["players"]):
            placed = sum(len(view["villages"][seat * 3 + k]) for k in range(3))
            table.add_row(
                self.table.seat_label(seat),
                str(view["table"][seat]),
                str(view["coins"][seat]),
                str(view["favour"][seat]),
                str(placed),
            )
        return table

    # -- what changed -----------------------------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Mark what changed before the board is drawn (once) for the new view."""
        self.note_changes(self.table.view, cast(MerchantLordView, update.view))
        return super().show_update(update)

    def note_changes(self, previous: MerchantLordView | None, view: MerchantLordView) -> None:
        self.pause.mover = previous["to_move"] if previous else None
        if previous is not None:
            new_round = view["round"] != previous["round"]
            for seat, (old, new) in enumerate(zip(previous["dice"], view["dice"])):
                for index, (value, where) in enumerate(new):
                    was = old[index] if index < len(old) else None
                    if was is None or was[0] != value or (new_round and where == "unplaced"):
                        self.table.changed_dice.add((seat, index))
            for info, (a, b), (sa, sb) in zip(
                view["villages_info"],
                zip(previous["villages"], view["villages"]),
                zip(previous["sellers"], view["sellers"]),
            ):
                if a != b or (sa != sb and sb is not None):
                    self.table.changed_villages.add(info["id"])
            self.table.changed_row |= set(view["row"]) - set(previous["row"])
        if self._rolled and self.seat is not None:
            self.table.changed_dice |= {(self.seat, index) for index in self._rolled}
            self._rolled = set()
        mover = self.pause.mover
        if mover is not None and mover != self.seat:
            self.table.shown_other = mover

    # -- turns --------------------------------------------------------------------------------------

    # -- what Enter does ----------------------------------------------------------------------------

    def enter_action(self) -> Action | None:
        return self.enter_for(self.focused)

    def enter_for(self, widget) -> Action | None:
        """What Enter on ``widget`` plays at once, worked out from the selection and the widget's
        cursor (Enter on the board does exactly this): on the chosen village, in the hand or on
        the dice, the complete sale or placement (in the favour step the ticked reroll; a sale
        then first ends the step, two plays: None); on a row card, buying it."""
        if self.table.turn is None or not isinstance(widget, (ChipBar, VillageBoard)):
            return super().enter_action() if widget is self.focused else None
        if isinstance(widget, VillageBoard) and (self.table.phase == "buy" or widget.cursor != self.sel.village):
            return None
        if isinstance(widget, ChipBar) and widget.id == "ml-row":
            action = ("buy", widget.current)
            return action if action in self.table.legal else None
        if self.table.choices().action(self.sel) is not None:
            return None if self.table.phase == "favour" else self.table.choices().action(self.sel)
        selected = self.table.selected_action()
        hinted = self.hinted
        if (
            selected is None
            and isinstance(widget, ChipBar)
            and widget.id == "ml-dice"
            and hinted is not None
            and hinted[0] == "adjust"
            and hinted in self.table.legal
            and widget.current == str(self.table.adjust_die(hinted))
        ):
            return hinted  # ``a`` put the cursor on the hinted die: Enter turns it, as the hint says
        return selected

    def status_text(self) -> Text:
        """What Enter (or space) does for the focused widget, in words."""
        if self.pause.pausing is not None:
            return Text(f"{self.table.seat_name(self.pause.pausing)} played… (any key skips)")
        if self.table.turn is None or self.table.over is not None or self.table.view is None:
            return super().status_text()
        action, focused = self.enter_action(), self.focused
        if action is not None and action[0] == "buy":  # (its halves: the card's line above, under the cursor)
            return Text(f"enter: Buy {action[1]} for {PRICE} coins", style="bold")
        if action is not None:
            return Text(f"enter: {self.describe(action)}", style="bold")
        if isinstance(focused, ActionList):
            return Text("enter: the highlighted play", style="bold")
        phase = self.table.phase
        if (
            phase == "favour"
            and self.table.choices().action(self.sel) is not None
            and (not isinstance(focused, VillageBoard) or focused.cursor == self.sel.village)
        ):
            return Text("enter: end the favour step and make this sale", style="bold")
        if (
            isinstance(focused, VillageBoard)
            and focused.cursor is not None
            and phase in ("sell", "favour", "place")
            and self.table.choices().reachable(focused.cursor, self.sel.tucks.items())
        ):
            return Text(
                f"enter: choose {self.table.village_name(focused.cursor)} for the "
                f"{'placement' if phase == 'place' else 'sale'}",
                style="bold",
            )
        if isinstance(focused, ChipBar) and focused.id == "ml-dice" and phase == "favour":
            return Text(self.dice_keys(focused), style="bold")
        if isinstance(focused, ChipBar) and focused.id == "ml-hand" and phase in ("sell", "favour", "place"):
            return Text(
                "space: tuck this card's left or right half"
                if focused.chips
                else "Your hand is empty: no card to tuck · tab to the dice or villages",
                style="bold",
            )
        return Text(f"Your turn: {PHASE_WORDS.get(self.table.view['phase'], '')} · e: done", style="bold")

    def dice_keys(self, dice: ChipBar) -> str:
        """What space, + and - do to the die under the cursor."""
        if dice.current is None or self.table.my_dice()[int(dice.current)][1] != "unplaced":
            return "this die is placed: space, + and - are for your unplaced dice"
        value = self.table.my_dice()[int(dice.current)][0]
        ticked = int(dice.current) in self.table.reroll
        return f"space: {'untick' if ticked else 'tick'} this {value} to reroll · + or -: turn it"

    # -- turns --------------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self.pause.our_turn()
        self.hinted = None
        if self.table.pending is not None:
            pending, self.table.pending = self.table.pending, None
            if pending in self.table.legal:
                self.act(pending)
                return
        phase = self.table.phase
        sel = self.sel if phase == "favour" else replace(self.sel, reroll=frozenset())
        if phase not in ("favour", "sell", "place") or not self.table.choices().reachable(
            sel.village, sel.tucks.items()
        ):
            sel = Selection()
        self.sel = sel
        if self.table.view is not None and self.table.view["round"] != self._cursors_round:
            self._cursors_round = self.table.view["round"]
            self.reset_cursors()
        else:
            self.villages_cursor_to_usable(self.query_one(VillageBoard).cursor)
        self.hand_cursor_to_tuckable()
        self.follow_selection()
        self.refresh_board()
        if not self.query_one(ActionList).has_focus:
            targets: dict[str | None, str] = {"favour": "#ml-dice", "place": "#ml-hand", "buy": "#ml-row"}
            target = targets.get(phase, "#ml-villages")
            self.focus_to_decide(self.query_one(target))

    def reset_cursors(self) -> None:
        """A new round: ask each cursor onto its first choice (the dice on the first die still to
        roll or sell, the villages on the first one a sale or placement can use, else your first),
        not where it was left last round; the boards move them as they draw the table."""
        table = self.table
        table.point_cursor(
            "ml-dice", str(next((index for index, (_, where) in enumerate(table.my_dice()) if where == "unplaced"), 0))
        )
        for bar, cards in (
            ("ml-hand", table.view.get("hand", []) if table.view else []),
            ("ml-row", table.view["row"] if table.view else []),
        ):
            if cards:
                table.point_cursor(bar, cards[0])
        table.point_cursor("ml-villages", f"P{self.seat}-V16")
        self.villages_cursor_to_usable(f"P{self.seat}-V16")

    def hand_cursor_to_tuckable(self) -> None:
        """Ask the hand's cursor, on a card no sale (placement) can tuck now, onto the first card
        that can be (it started on the first card, tuckable or not)."""
        if self.table.phase not in ("favour", "sell", "place") or self.table.view is None:
            return
        choices, sel = self.table.choices(), self.sel
        cards = self.table.view.get("hand", [])
        tuckable = [card for card in cards if choices.tuckable(sel, card)]
        if tuckable and self.query_one("#ml-hand", ChipBar).current not in tuckable:
            self.table.point_cursor("ml-hand", tuckable[0])

    def villages_cursor_to_usable(self, cursor: str | None) -> None:
        """Ask the villages' cursor, on ``cursor``, off a village no sale (placement) can use now,
        onto the first one shown that can be used (after the last favour the dice changed, and
        with them the villages)."""
        marks = self.table.village_marks()
        usable = [key for key in self.query_one(VillageBoard).keys if marks.get(key) == USABLE]
        if usable and marks.get(cursor or "") not in (USABLE, CHOSEN, HINT):
            self.table.point_cursor("ml-villages", usable[0])

    def act(self, action: Action) -> None:
        rolled = self.table.rerolled_dice(action) if action[0] == "reroll" else set()
        super().act(action)
        if self.table.turn is None:  # sent
            self._rolled = rolled  # marked in the next view even where a die shows its old value
            self.table.changed_dice.clear()
            self.table.changed_villages.clear()
            self.table.changed_row.clear()
            self.sel = Selection()
            self.hinted = None
            self.refresh_board()

    def village_problem(self, vid: str) -> str:
        assert self.table.rules_state is not None and self.seat is not None  # asked only on our decision
        return village_problem(self.table.rules_state, self.seat, self.table.phase, self.sel, vid)

    def card_problem(self, card: str) -> str:
        world = self.table.rules_state
        assert world is not None and self.seat is not None and self.table.view is not None  # our decision only
        return card_problem(world, self.seat, self.table.view, self.table.phase, self.sel, card)

    def refuse(self, reason: str, title: str = "Not possible") -> None:
        self.notify(self.table.sentence(reason), title=title, severity="warning")

    def press(self, widget: ChipBar | VillageBoard) -> bool:
        """Enter on ``widget``: play what the status line promises for it (``enter_for``), or the
        sale built in the favour step (the step ends first); False if there is nothing to play."""
        action = self.enter_for(widget)
        if action is not None:
            self.act(action)
            return True
        sale = self.table.choices().action(self.sel)
        if (
            self.table.phase == "favour"
            and sale is not None
            and (not isinstance(widget, VillageBoard) or widget.cursor == self.sel.village)
        ):
            self.table.pending = sale
            self.act(("end_favour",))
            return True
        return False

    # -- the builder's inputs -------------------------------------------------------------------------

    def on_village_board_pressed(self, event: VillageBoard.Pressed) -> None:
        if not self.decides_now() or self.press(event.widget):
            return
        vid = event.key
        if self.table.phase == "buy":
            self.refuse("now you buy from the row (enter on a card) or press e")
        elif self.table.choices().reachable(vid, self.sel.tucks.items()):
            self.sel = self.sel.at(vid)
        else:
            self.refuse(self.village_problem(vid), title=f"Not at {self.table.village_name(vid)}")

    def on_village_board_toggled(self, event: VillageBoard.Toggled) -> None:
        """Space in the villages chooses the village under the cursor, as Enter does, but never
        sells: on the chosen village it says where tucking is (the hand) and that Enter sells."""
        if not self.decides_now():
            return
        if event.key != self.sel.village or self.table.phase not in ("sell", "favour", "place"):
            self.on_village_board_pressed(VillageBoard.Pressed(event.widget, event.key))
        elif tuck_possible(self.table):
            self.refuse(
                "space tucks in your hand: tab to your hand, space on a card, then enter here sells",
                title="Space does not sell",
            )
        else:
            hand = self.table.view.get("hand") if self.table.view is not None else None
            self.refuse(
                f"{'no card in your hand fits this sale' if hand else 'your hand is empty'}: enter sells",
                title="Space does not sell",
            )

    def on_chip_bar_toggled(self, event: ChipBar.Toggled) -> None:
        bar = event.widget
        if bar.id == "ml-hand":
            self.tick_card(event.key)
        elif bar.id == "ml-dice":
            self.tick_die(int(event.key))
        elif bar.id == "ml-row":
            self.on_chip_bar_pressed(ChipBar.Pressed(bar, event.key))

    def on_chip_bar_pressed(self, event: ChipBar.Pressed) -> None:
        if not self.decides_now() or self.press(event.widget):
            return
        bar = event.widget
        if bar.id == "ml-row":
            self.buy(event.key)
        elif bar.id == "ml-dice" and self.table.phase == "favour":
            self.refuse("tick dice to reroll with space first, or build a sale")
        else:
            self.refuse(builder_hint(self.table.phase, self.sel))

    def tick_card(self, card: str) -> None:
        if not self.decides_now():
            return
        phase = self.table.phase
        if phase not in ("sell", "favour", "place"):
            self.refuse("cards are tucked only while selling, or placed with a Free Placement")
            return
        choices = self.table.choices()
        if not choices:
            self.refuse("no sale can be made now")
            return
        half = choices.next_half(self.sel, card)
        if half is None and card not in self.sel.tucks:
            self.refuse(self.card_problem(card), title=f"Cannot tuck {card}")
            return
        self.sel = self.sel.ticking(card, half, only=choices.placing)

    def tick_die(self, index: int) -> None:
        if not self.decides_now():
            return
        if self.table.phase != "favour":
            self.refuse("rerolls are only in your favour step, before your first sale")
            return
        _, where = self.table.my_dice()[index]
        if where != "unplaced":
            self.refuse("that die is not yours to roll now")
            return
        self.sel = self.sel.toggling_die(index)

    def action_turn(self, delta: int) -> None:
        if not self.decides_now():
            return
        bar = self.query_one("#ml-dice", ChipBar)
        if self.table.phase != "favour":
            self.refuse("dice are turned only in your favour step, before your first sale")
            return
        if bar.current is None:
            return
        slot = int(bar.current)
        value, where = self.table.my_dice()[slot]
        action = ("adjust", value, delta)
        if action in self.table.legal and where == "unplaced":
            # the cursor on the die the rules turn (the first of its value), drawn as the play is sent
            self.table.point_cursor("ml-dice", str(self.table.adjust_die(action) or 0))
            self.act(action)
        elif where != "unplaced":
            self.refuse("that die is not yours to turn now")
        elif self.table.view is not None and self.seat is not None:
            self.refuse(f"turning a die costs 2 favour; you have {self.table.view['favour'][self.seat]}")

    def buy(self, card: str) -> None:
        action = ("buy", card)
        if action in self.table.legal:
            self.act(action)
        elif self.table.phase != "buy":
            self.refuse("cards are bought in the buying step, after everyone has sold")
        elif self.table.view is not None and self.seat is not None:
            self.refuse(f"a card costs 5 coins; you have {self.table.view['coins'][self.seat]}")

    def action_done(self) -> None:
        """End the step. Ending selling while a sale is still possible asks first: the favour
        step ends by itself once the last favour is spent, so an ``e`` meant for it would
        otherwise send every unsold die to the market (the next round's roll then bars undo)."""
        if not self.decides_now():
            return
        action = next((end for end in END_ACTIONS if end in self.table.legal), None)
        if action is None:
            return
        if action == ("end_selling",) and any(a[0] == "sell" for a in self.table.legal):

            def answered(yes: bool | None) -> None:
                if yes and self.table.turn is not None and action in self.table.legal:
                    self.act(action)

            self.app.push_screen(
                ConfirmScreen(
                    "Stop selling? A sale is still possible; your unsold dice go to the market.",
                    yes="Stop selling",
                    no="Keep selling",
                ),
                answered,
            )
            return
        self.act(action)

    def action_clear(self) -> None:
        self.sel = Selection()

    def action_others(self) -> None:
        if self.table.view is None:
            return
        players = self.table.view["players"]
        me = self.seat if self.seat is not None else 0
        others = [(me + k) % players for k in range(1, players)]
        current = others.index(self.table.shown_other) if self.table.shown_other in others else -1
        self.table.shown_other = others[(current + 1) % len(others)]
        self.table.point_cursor("ml-villages", f"P{self.table.shown_other}-V16")
        self.table_changed()

    def action_menu(self) -> None:
        """Escape first clears the builder, then opens the menu."""
        if self.sel != Selection():
            self.action_clear()
        else:
            super().action_menu()

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint on the table and preview it under the row; the selection stays as the
        player left it (``a`` puts the hint in it)."""
        super().show_hint(action, text)
        self.hinted = action

    def action_take_hint(self) -> None:
        """Put the hinted play in the builder, or the cursor on its row card or die, with the focus
        there (Enter, or + / -, then plays it); a hint to end the step, on its line in the plays
        list (Enter plays it, as e does): the panel says "a takes it" whatever the hint."""
        hinted = self.hinted
        if hinted is None:
            self.notify("No hint to take: h asks for one.", severity="warning")
        elif not self.decides_now():
            return
        elif hinted in END_ACTIONS:
            self.table.point_list(hinted)
            self.query_one(ActionList).focus()
            self.refresh_board()
        else:
            self.select(hinted)
            if hinted[0] in ("buy", "adjust"):
                self.query_one("#ml-row" if hinted[0] == "buy" else "#ml-dice", ChipBar).focus()
            elif self.sel.village in VINDEX:  # a sale or a placement: Enter on its village plays it
                owner = VINDEX[self.sel.village] // 3
                if owner not in (self.seat, self.table.shown_other):
                    self.table.shown_other = owner
                self.table.point_cursor("ml-villages", self.sel.village)
                self.query_one(VillageBoard).focus()
            self.refresh_board()

    # -- one selection for the builder and the plays list ------------------------------------------

    def follow_selection(self) -> None:
        """Ask the plays list to highlight the builder's play, once it is complete (an incomplete
        one leaves the highlight where it is), unless the list has the focus: its keys move it
        then, and the builder follows them. The list moves it as it draws the table."""
        action = self.table.selected_action()
        if self.table.turn is not None and action in self.table.legal and not isinstance(self.focused, ActionList):
            self.table.point_list(action)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the plays list puts its sale, placement or reroll in the builder."""
        actions = self.query_one(ActionList)
        self.show_status()
        if event.option_list is not actions or not actions.has_focus or self.table.turn is None:
            return
        if event.option_index != actions.highlighted or event.option_index >= len(actions.actions):
            return
        self.select(actions.actions[event.option_index])
        self.refresh_board()

    def select(self, action: Action) -> None:
        """Put ``action`` in the builder: a sale's village and tucks, a placement, a reroll's
        dice (the lowest-index dice of each value, as the engine takes them); for a row card or
        a die to turn, ask that board's cursor onto it (the boards draw both with the table)."""
        kind = action[0]
        if kind == "buy":
            self.table.point_cursor("ml-row", action[1])
        elif kind == "adjust" and self.table.adjust_die(action) is not None:
            self.table.point_cursor("ml-dice", str(self.table.adjust_die(action)))
        if kind == "sell":
            self.sel = Selection(action[1], dict(action[2]))
        elif kind == "place":
            self.sel = Selection(action[3], {action[1]: action[2]})
        elif kind == "reroll":
            self.sel = Selection(reroll=frozenset(self.table.rerolled_dice(action)))
        else:
            self.sel = Selection()


SCREEN = MerchantLordScreen
