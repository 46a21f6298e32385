"""What the Merchant Lord table shows: the players, the villages (and what a sale there pays),
your dice, your hand, the row and the sale builder's line, from this seat's view and the
builder's selection. ``screen.py`` adds the keys, the builder's inputs and the turns.

What the player has chosen so far is one value, ``sel`` (a reactive attribute), and the hint one
more, ``hinted``; the cursors are the widgets' own reactive attributes. Every mark, the builder's
line and the status (Enter) line are drawn from them whenever any of them changes, so none of
them can say one thing while a key does another.

Dice of one value are alike, and the rules take the lowest-index ones (§9.3); the table keeps
its own order of your dice (``dice_order``, slot -> die) and, before a reroll or a turn, puts the
dice the rules take under the slots the player chose, so the die under the cursor is the one
that changes."""
from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widgets import Static

from caravan_tui.bus import SeatEnd
from caravan_tui.engine import Action, IllegalAction
from caravan_tui.screens.game import PausingGameScreen

from .builder import Choices, Selection, dice_used, reroll_action, with_dice_under
from .cards import DIE, HALF_INDEX, INDEX, VILLAGE_STALLS
from .faces import (
    CHANGED,
    CHOSEN,
    DIMMED,
    HINT,
    TICK,
    USABLE,
    VILLAGE_NAMES,
    card_face,
    die_text,
    gain_words,
    hinted_cards,
    legend_text,
    merchant_token,
)
from .results import tie_headline
from .rules import SELL, VINDEX, MerchantLordState
from .table_text import builder_text, players_text
from .views import MerchantLordView, VillageInfo, die_pairs
from .widgets import ChipBar, Row, VillageBoard

PHASE_WORDS = {"favour": "favour step", "sell": "selling", "place": "Free Placement", "buy": "buying",
               "over": "game over"}


class MerchantLordTable(PausingGameScreen[MerchantLordView]):
    DEFAULT_CSS = """
    #ml-players { height: auto; padding: 0 0 0 1; }
    #ml-villages-box { height: 1fr; min-height: 3; scrollbar-size-vertical: 1; }
    #ml-villages { padding: 0 0 0 1; }
    #ml-dice { padding: 0 1; }
    #ml-hand, #ml-row { border-top: solid $primary; padding: 0 0 0 1; border-title-align: left; }
    #ml-hand:focus, #ml-row:focus { border-top: heavy $accent; }
    #ml-builder { height: auto; max-height: 4; padding: 0 1; }  /* a step in two rows and a village in two */
    #status { dock: bottom; }
    """

    #: the builder's selection: village, ticked halves, dice ticked to reroll
    sel: var[Selection] = var(Selection, init=False)
    #: the hint's play: starred and previewed, never put in the selection by itself
    hinted: var[Action | None] = var(None, init=False)

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.pending: Action | None = None  # a sale built in the favour step, made once it ends
        self.dice_order: list[int] = []  # the die shown in each slot of "Your dice"
        self.changed_dice: set[tuple[int, int]] = set()
        self.changed_villages: set[str] = set()
        self.changed_row: set[str] = set()
        self.shown_other: int | None = None  # the opponent whose villages show when not all fit
        self._choices: tuple[object, Choices] | None = None
        self._syncing = False
        self._rolled: set[int] = set()  # our dice just rerolled
        self._cursors_round: int | None = None  # the round the cursors were last put on their first choice

    # -- layout ---------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static("", id="ml-players")
        yield ChipBar(3, empty="none", label="Your dice ", id="ml-dice")
        box = VerticalScroll(VillageBoard(id="ml-villages"), id="ml-villages-box")
        box.can_focus = False
        yield box
        hand = ChipBar(15, empty="no cards", id="ml-hand")
        hand.border_title = "Hand"
        yield hand
        row = ChipBar(15, empty="empty", id="ml-row")
        row.border_title = "Row"
        yield row
        yield Static("", id="ml-builder")

    def legend(self) -> Text:
        return legend_text()

    def on_mount(self) -> None:
        self.query_one(VillageBoard).focus()

    def on_resize(self, event: events.Resize) -> None:
        if self.view is not None:
            self.call_after_refresh(self.show_villages)

    # -- words ----------------------------------------------------------------------------------

    def village_name(self, vid: str) -> str:
        """``your 1-6``, ``Bot's 2-5``."""
        owner, name = VINDEX[vid] // 3, VILLAGE_NAMES[VINDEX[vid] % 3]
        return f"your {name}" if owner == self.seat else f"{self.short_name(owner)}'s {name}"

    def sentence(self, text: str) -> str:
        text = self.words(text)
        return text[:1].upper() + text[1:].rstrip(".") + "."

    # -- the selection ------------------------------------------------------------------------------

    @property
    def reroll(self) -> frozenset[int]:
        return self.sel.reroll

    def watch_sel(self) -> None:
        self.refresh_board()
        self.follow_selection()

    def watch_hinted(self) -> None:
        self.refresh_board()

    def selection_changed(self) -> None:
        """A cursor moved or the focus moved: the line under the row and the status line follow."""
        self.show_builder()
        super().selection_changed()

    def follow_selection(self) -> None:
        """Highlight the builder's play in the plays list, if complete (hook for the screen)."""

    # -- what may be chosen -----------------------------------------------------------------------

    @property
    def world(self) -> MerchantLordState | None:
        """The world built from this seat's view (None for a spectator or before the first view)."""
        world = self._world
        return world if isinstance(world, MerchantLordState) else None

    @property
    def phase(self) -> str | None:
        if self.turn is None or self.view is None:
            return None
        return self.view["phase"]

    def choices(self) -> Choices:
        """The complete sales (or placements) the builder offers now: in the favour step, the
        sales the dice would allow once it ends (the step ends with no chance, so exactly)."""
        key = (self.turn, id(self.view))
        if self._choices is not None and self._choices[0] == key:
            return self._choices[1]
        phase = self.phase
        actions: list[Action] = []
        if phase in ("sell", "place"):
            actions = self.legal
        elif phase == "favour" and self.world is not None:
            world = self.world.clone()
            try:
                world.apply(("end_favour",), log=False)
                if world.turn == self.seat and world.phase == SELL:
                    actions = list(world.legal_actions())
            except IllegalAction:
                actions = []
        choices = Choices(actions)
        self._choices = (key, choices)
        return choices

    def seat_dice(self) -> list[tuple[int, str]]:
        """Our dice in the rules' order (die index)."""
        if self.view is None or self.seat is None:
            return []
        return die_pairs(self.view["dice"][self.seat])

    def my_dice(self) -> list[tuple[int, str]]:
        """Our dice as the table shows them, slot by slot."""
        dice = self.seat_dice()
        if len(self.dice_order) != len(dice):
            self.dice_order = list(range(len(dice)))
        return [dice[die] for die in self.dice_order]

    def taken_slots(self, need: Iterable[int]) -> list[int]:
        """The slots of the dice the rules take for the values ``need`` (for each value the
        lowest-index unplaced dice, §9.3)."""
        self.my_dice()  # (the order fits the dice)
        dice = dice_used([(value, where == "unplaced") for value, where in self.seat_dice()], list(need))
        return sorted(self.dice_order.index(die) for die in dice)

    def take_dice_at(self, slots: Iterable[int], values: Iterable[int]) -> None:
        """Before a reroll or a turn of ``values``: the dice the rules take go under ``slots``."""
        self.my_dice()
        dice = dice_used([(value, where == "unplaced") for value, where in self.seat_dice()], list(values))
        self.dice_order = with_dice_under(self.dice_order, list(slots), dice, [v for v, _ in self.seat_dice()])

    def dice_slot(self, seat: int, die: int) -> int:
        """Where die ``die`` of ``seat`` shows (ours in the table's order)."""
        if seat == self.seat and die < len(self.dice_order):
            return self.dice_order.index(die)
        return die

    def sale_dice(self, selection: Selection) -> list[int]:
        """The slots of the dice a complete sale would take (lowest index first, §9.3)."""
        action = self.choices().action(selection)
        if action is None or action[0] != "sell" or self.view is None:
            return []
        info = self.village_info(action[1])
        return self.taken_slots(list(info["stalls"]) + [DIE[INDEX[c]][HALF_INDEX[h]] for c, h in action[2]])

    def village_info(self, vid: str) -> VillageInfo:
        assert self.view is not None  # villages are chosen on a board that shows a view
        return next(info for info in self.view["villages_info"] if info["id"] == vid)

    def selected_action(self) -> Action | None:
        """What Enter would play now: the complete sale or placement, or the ticked reroll."""
        action = self.choices().action(self.sel)
        if action is not None:
            return action
        if self.phase == "favour" and self.reroll:
            return reroll_action(self.my_dice()[i][0] for i in self.reroll)
        return None

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: MerchantLordView) -> None:
        self.update_static("#ml-players", players_text(self, view))
        self.show_villages()
        self.show_dice()
        self.show_cards()
        self.show_builder()

    def village_rows(self, view: MerchantLordView) -> list[Row]:
        players = view["players"]
        me = self.seat if self.seat is not None else 0
        order = [(me + k) % players for k in range(players)]
        box = self.query_one("#ml-villages-box")
        room = box.size.height
        width = max(20, box.size.width - 2)
        marks = self.village_marks()
        rows_by_seat = {seat: self.seat_rows(view, seat, width, marks) for seat in order}
        needed = sum(VillageBoard.count_lines(rows, width) for rows in rows_by_seat.values())
        rows: list[Row] = []
        if not room or needed <= room:
            for seat in order:
                rows.extend(rows_by_seat[seat])
            return rows
        others = [seat for seat in order if seat != me]
        board = self.query_one(VillageBoard)
        if all(row.key is not None for row in board.rows) and board.cursor in VINDEX:
            # every village showed, and now they do not fit (the status line grew as a click took the
            # focus): the cursor's village stays in sight, under the cursor
            owner = VINDEX[board.cursor] // 3
            self.shown_other = owner if owner in others else self.shown_other
        if self.shown_other not in others:
            self.shown_other = others[0]
        for seat in order:
            if seat == me or seat == self.shown_other:
                rows.extend(rows_by_seat[seat])
            else:
                rows.append(self.summary_row(view, seat))
        return rows

    def summary_row(self, view: MerchantLordView, seat: int) -> Row:
        """A player whose villages do not fit, on one line: each village with ``✗`` when
        closed and ``+n`` for its merchants (``1-6✗+2 2-5 3-4+1``), then the key that shows them."""
        head = Text(f"{self.short_name(seat, 5):<5}  ", style="bold")
        words = []
        for k in range(3):
            v = seat * 3 + k
            word = VILLAGE_NAMES[k] + ("✗" if view["sellers"][v] is not None else "")
            merchants = len(view["villages"][v])
            words.append(Text(word + (f"+{merchants}" if merchants else "")))
        words.append(Text("(o shows them)", style="dim italic"))
        return Row(None, head, words)

    def seat_rows(self, view: MerchantLordView, seat: int, width: int, marks: dict[str, str]) -> list[Row]:
        """A player's three villages: name, mark, village, open or who closed it, stalls, then
        each merchant with its half; with room, what a sale there pays."""
        rows = []
        wide = width >= 64
        for k in range(3):
            info = view["villages_info"][seat * 3 + k]
            vid = info["id"]
            name = self.short_name(seat, 5) if k == 0 else ""
            head = Text(f"{name:<5} ", style="bold")
            mark = marks.get(vid, " ")
            if vid in self.changed_villages and mark == " ":
                mark = CHANGED
            words = [Text(VILLAGE_NAMES[k], style="bold")]
            seller = view["sellers"][seat * 3 + k]
            if seller is None:
                words.append(Text("open ", style=""))
            else:
                words.append(Text(f"✗{self.short_name(seller, 4):<4}", style="italic"))
            stalls = Text("")
            for i, value in enumerate(VILLAGE_STALLS[k]):
                if i:
                    stalls.append(" ")
                stalls.append_text(die_text(value))
            words.append(stalls)
            if wide:
                pays = f"(seller {info['opp_coins']}¢, owner {gain_words(info['own_coins'], info['own_favour'])})"
            else:  # the same, compactly (the legend and the line under the villages say which is which)
                pays = f"pays {info['opp_coins']}¢/{info['own_coins']}¢" + (
                    f"+{info['own_favour']}f" if info["own_favour"] else "")
            words.append(Text(pays, style="dim"))
            for card_id, half in view["villages"][seat * 3 + k]:
                words.append(merchant_token(card_id, half))
            rows.append(Row(vid, head, words, mark))
        return rows

    def show_villages(self) -> None:
        if self.view is None:
            return
        board = self.query_one(VillageBoard)
        board.show(self.village_rows(self.view))

    def village_marks(self) -> dict[str, str]:
        """``●`` the chosen village, ``›`` a village a sale (placement) can use now with the
        ticked halves, ``·`` one it cannot; ``★`` the hinted one. None while not our turn."""
        marks: dict[str, str] = {}
        if self.hinted is not None and self.hinted[0] in ("sell", "place"):
            marks[self.hinted[1] if self.hinted[0] == "sell" else self.hinted[3]] = HINT
        phase = self.phase
        if phase in ("sell", "favour", "place") and self.view is not None:
            choices = self.choices()
            if choices:
                for info in self.view["villages_info"]:
                    vid = info["id"]
                    if vid not in marks:
                        marks[vid] = USABLE if choices.reachable(vid, self.sel.tucks.items()) else DIMMED
        if self.sel.village is not None:
            marks[self.sel.village] = CHOSEN
        return marks

    def show_dice(self) -> None:
        bar = self.query_one("#ml-dice", ChipBar)
        used = set(self.sale_dice(self.sel))
        hinted = self.adjust_die(self.hinted)
        chips, marks = [], {}
        for index, (value, where) in enumerate(self.my_dice()):
            key = str(index)
            if where == "unplaced":
                face = die_text(value)
            elif where == "aside":
                face = Text("+", style="dim")
            else:
                face = Text(str(value), style="dim")  # the mark (·) says it is used
            chips.append((key, face))
            if index in self.reroll:
                marks[key] = TICK
            elif index == hinted:
                marks[key] = HINT
            elif index in used:
                marks[key] = CHOSEN
            elif where != "unplaced":
                marks[key] = DIMMED
            elif self.seat is not None and (self.seat, index) in self.changed_dice:
                marks[key] = CHANGED
        bar.show(chips, marks, ticked={str(i) for i in self.reroll})

    def show_cards(self) -> None:
        view = self.view
        if view is None:
            return
        hand = self.query_one("#ml-hand", ChipBar)
        cards = view.get("hand", []) if self.seat is not None else []
        choices = self.choices() if self.phase in ("sell", "favour", "place") else None
        hand_marks = {}
        for card in cards:
            if card in self.sel.tucks:
                hand_marks[card] = TICK
            elif self.hinted is not None and card in hinted_cards(self.hinted):
                hand_marks[card] = HINT
            elif choices:
                hand_marks[card] = USABLE if choices.tuckable(self.sel, card) else DIMMED
        hand.show([(card, card_face(card, self.sel.tucks.get(card))) for card in cards], hand_marks,
                  ticked=self.sel.tucks)
        hand.border_title = (f"Your hand ({len(cards)})" + (" · space tucks" if choices and cards else "")
                             if self.seat is not None else "Hand")
        row = self.query_one("#ml-row", ChipBar)
        buying = self.phase == "buy"
        row_marks = {}
        for card in view["row"]:
            if self.hinted == ("buy", card):
                row_marks[card] = HINT
            elif buying:
                row_marks[card] = USABLE if ("buy", card) in self.legal else DIMMED
            elif card in self.changed_row:
                row_marks[card] = CHANGED
        row.show([(card, card_face(card)) for card in view["row"]], row_marks)
        row.border_title = f"Row · pile {view['pile_size']} · 5¢ each" + (" · enter buys" if buying else "")

    def show_builder(self) -> None:
        self.update_static("#ml-builder", builder_text(self))

    def refresh_board(self) -> None:
        if self.view is None:
            return
        self.show_villages()
        self.show_dice()
        self.show_cards()
        self.show_builder()
        self.show_status()

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Who wins; when table cards tie, which tie-break decided: "12–12; you win on the coins
        tie-break"."""
        tied = tie_headline(self.view, outcome) if self.view is not None else None
        return self.words(tied) if tied else super().result_headline(names, scores, outcome)

    def match_summary(self, view: MerchantLordView) -> Table:
        table = Table()
        table.add_column("Player")
        for heading in ("Table cards", "Coins", "Favour", "Merchants placed"):
            table.add_column(heading, justify="right")
        for seat in range(view["players"]):
            placed = sum(len(view["villages"][seat * 3 + k]) for k in range(3))
            table.add_row(self.seat_label(seat), str(view["table"][seat]), str(view["coins"][seat]),
                          str(view["favour"][seat]), str(placed))
        return table

    def adjust_die(self, action: Action | None) -> int | None:
        """The slot of the die a change (``("adjust", value, ±1)``) turns."""
        if action is None or action[0] != "adjust":
            return None
        return next(iter(self.taken_slots([action[1]])), None)

    def rerolled_dice(self, action: Action) -> set[int]:
        """The slots of the dice a reroll takes."""
        return set(self.taken_slots(action[1:]))
