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

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action, IllegalAction
from caravan_tui.screens.game import GameScreen, PausingGameScreen
from caravan_tui.widgets import ActionList

from .builder import Choices, Selection, dice_used, reroll_action
from .cards import DIE, GOODS, HALF_INDEX, INDEX, ONE_TIME_WORDS, OPP, OWN, VILLAGE_STALLS
from .describe import place_problem, sale_problem
from .rules import SELL, VINDEX, MerchantLordState
from .widgets import ChipBar, Row, VillageBoard

#: die value 1..6 -> its good's glyph and colour (silk, papyrus, gold, wheat, spices, porcelain)
GLYPHS = ("≈", "¶", "◆", "Ψ", "✱", "◎")
GOOD_COLOURS = ("#bb9af7", "#d8cfa8", "#e0af68", "#9ece6a", "#f7768e", "#7dcfff")
OWN_TOKENS = {"C1": "1¢", "C2": "2¢", "F5": "5f", "FM": "FM", "FC": "FC", "FP": "FP"}
OWN_WORDS = {"C1": "1 coin", "C2": "2 coins", "F5": "5 favour", **ONE_TIME_WORDS}
VILLAGE_NAMES = ("1-6", "2-5", "3-4")
END_ACTIONS = (("end_favour",), ("end_selling",), ("end_buying",), ("skip",))
PHASE_WORDS = {"favour": "favour step", "sell": "selling", "place": "Free Placement", "buy": "buying",
               "over": "game over"}
#: marks (widgets.py draws them): ticked, usable, not usable now, chosen, changed, hint
TICK, USABLE, DIMMED, CHOSEN, CHANGED, HINT = "✓", "›", "·", "●", "*", "★"


def die_text(value: int, glyph: bool = True) -> Text:
    """``3◆``: the value, then its good's glyph, in the good's colour."""
    return Text(f"{value}{GLYPHS[value - 1] if glyph else ''}", style=f"bold {GOOD_COLOURS[value - 1]}")


def half_token(card: int, half: int) -> Text:
    """A merchant half: its stall die and what it pays the owner, ``4ΨFM``."""
    text = die_text(DIE[card][half])
    text.append(OWN_TOKENS[OWN[card][half]])
    return text


def card_face(card_id: str, ticked: str | None = None) -> Text:
    """A card with both halves, the ticked one in brackets: ``M05[1≈2¢]4ΨFM``."""
    card = INDEX[card_id]
    text = Text(card_id, style="bold")
    left, right = ticked == "L", ticked == "R"
    text.append("[" if left else " ")
    text.append_text(half_token(card, 0))
    text.append("]" if left else "[" if right else " ")
    text.append_text(half_token(card, 1))
    if right:
        text.append("]")
    return text


def card_words(card_id: str) -> str:
    """``M05: left 1≈ silk, seller 1¢, owner 2 coins · right 4Ψ wheat, seller 1¢, owner Free Merchant``."""
    card = INDEX[card_id]
    parts = []
    for half, side in enumerate(("left", "right")):
        die = DIE[card][half]
        parts.append(f"{side} {die}{GLYPHS[die - 1]} {GOODS[die - 1].lower()}: seller {OPP[card][half]}¢, "
                     f"owner {OWN_WORDS[OWN[card][half]]}")
    return f"{card_id}: " + " · ".join(parts)


def merchant_token(card_id: str, half: str) -> Text:
    """An attached merchant: its id, the chosen half and that half's stall, ``M01R:2¶``."""
    card = INDEX[card_id]
    text = Text(f"{card_id}{half}:", style="italic")
    text.append_text(die_text(DIE[card][HALF_INDEX[half]]))
    return text


def gain_words(coins: int, favour: int = 0) -> str:
    parts = ([f"{coins}¢"] if coins or not favour else []) + ([f"{favour} favour"] if favour else [])
    return " and ".join(parts)


def legend_text() -> Text:
    """The legend (``l``), lines of at most 27 cells: it fits the side panel at 80 columns."""
    text = Text("")

    def heading(words: str) -> None:
        text.append(words + "\n", style="bold underline")

    heading("Goods (die values)")
    for first in (1, 3, 5):
        for value in (first, first + 1):
            text.append(" ")
            text.append_text(die_text(value))
            text.append(f" {GOODS[value - 1]:<10}")
        text.rstrip()
        text.append("\n")
    heading("Merchant cards")
    text.append(" M05 1≈2¢ 4ΨFM: left half\n stall 1, owner 2¢; right\n half stall 4, owner FM\n")
    text.append(" ¢ coins · f favour\n FM draw a card\n FC a die from next round\n")
    text.append(" FP place a card free\n [..] the half you ticked\n")
    heading("Villages")
    text.append(" 1-6 open 1≈ 6◎ M01R:2¶\n stalls, then merchants:\n card, half, its stall\n")
    text.append(" ✗Bot closed: Bot's dice\n")
    heading("Dice")
    text.append(" ·3 sold or at the market\n + a new die, rolls next\n   round\n")
    heading("Marks")
    text.append(f" {USABLE} usable  {DIMMED} not now\n {CHOSEN} chosen  {TICK} ticked\n")
    text.append(f" {CHANGED} changed since your move\n {HINT} the hint\n")
    heading("Keys")
    text.append(" tab: dice, villages, hand,\n row, plays · enter choose\n space tick · +/- turn die\n")
    text.append(" e done · c clear\n o other villages")
    return text


class MerchantLordScreen(PausingGameScreen):
    BINDINGS = [
        Binding("e", "done", "Done", tooltip="End this step: favour, selling, buying or a free placement"),
        Binding("plus", "turn(1)", "+1", show=False, tooltip="Turn the die under the cursor up (2 favour)"),
        Binding("minus", "turn(-1)", "-1", show=False, tooltip="Turn the die under the cursor down (2 favour)"),
        Binding("c", "clear", "Clear", show=False, tooltip="Clear the chosen village and ticks"),
        Binding("o", "others", "Others", tooltip="Show the next opponent's villages"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"done", "turn", "clear"}

    DEFAULT_CSS = """
    #ml-players { height: auto; padding: 0 0 0 1; }
    #ml-villages-box { height: 1fr; min-height: 3; scrollbar-size-vertical: 1; }
    #ml-villages { padding: 0 0 0 1; }
    #ml-dice { padding: 0 1; }
    #ml-hand, #ml-row { border-top: solid $primary; padding: 0 0 0 1; border-title-align: left; }
    #ml-hand:focus, #ml-row:focus { border-top: heavy $accent; }
    #ml-builder { height: auto; max-height: 3; padding: 0 1; }
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.sel = Selection()
        self.reroll: set[int] = set()  # our dice ticked to reroll (die indices)
        self.pending: Action | None = None  # a sale built in the favour step, made once it ends
        self.hinted: Action | None = None
        self.changed_dice: set[tuple[int, int]] = set()
        self.changed_villages: set[str] = set()
        self.changed_row: set[str] = set()
        self.shown_other: int | None = None  # the opponent whose villages show when not all fit
        self._choices: tuple[object, Choices] | None = None
        self._syncing = False
        self._rolled: set[int] = set()  # our dice just rerolled

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

    def my_dice(self) -> list[tuple[int, str]]:
        if self.view is None or self.seat is None:
            return []
        return [(value, where) for value, where in self.view["dice"][self.seat]]

    def sale_dice(self, selection: Selection) -> list[int]:
        """The die indices a complete sale would take (lowest index first, §9.3)."""
        action = self.choices().action(selection)
        if action is None or action[0] != "sell" or self.view is None:
            return []
        info = self.village_info(action[1])
        need = list(info["stalls"]) + [DIE[INDEX[c]][HALF_INDEX[h]] for c, h in action[2]]
        return dice_used([(value, where == "unplaced") for value, where in self.my_dice()], need)

    def village_info(self, vid: str) -> dict:
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

    def show_view(self, view: dict) -> None:
        self.update_static("#ml-players", self.players_text(view))
        self.show_villages()
        self.show_dice()
        self.show_cards()
        self.show_builder()

    def update_static(self, selector: str, text: Text) -> None:
        """Update a Static only when its text changes (each update relays the screen out)."""
        widget = self.query_one(selector, Static)
        if widget.content != text:
            widget.update(text)

    def players_text(self, view: dict) -> Text:
        """A header and a line per player: table cards, coins, favour, hand size and dice; then
        the known cards in other players' hands."""
        text = Text(f"{'Round ' + str(view['round']):<10}", style="bold")
        text.append(" Cards Coins Fav Hand Dice", style="bold")
        known_lines = []
        for seat in range(view["players"]):
            line = Text("\n")
            line.append("▶" if view["to_move"] == seat else " ", style="bold")
            line.append(f"{self.short_name(seat, 9):<9}", style="bold" if seat == self.seat else "")
            line.append(f" {view['table'][seat]:>5} {view['coins'][seat]:>5} {view['favour'][seat]:>3}"
                        f" {view['hand_sizes'][seat]:>4} ")
            for index, (value, where) in enumerate(view["dice"][seat]):
                mark = CHANGED if (seat, index) in self.changed_dice else " "
                line.append(mark, style="bold")
                if where == "unplaced":
                    line.append_text(die_text(value))
                elif where == "aside":
                    line.append("+ ", style="dim")
                else:
                    line.append(f"·{value}", style="dim")
            text.append_text(line)
            known = view["known"][seat]
            if seat != self.seat and known:
                hidden = view["hand_sizes"][seat] - len(known)
                known_lines.append(f"{self.short_name(seat)} {' '.join(known)}" + (f" +{hidden}" if hidden else ""))
        if known_lines:
            text.append("\nKnown in hands: " + "; ".join(known_lines), style="italic")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def village_rows(self, view: dict) -> list[Row]:
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
        if self.shown_other not in others:
            self.shown_other = others[0]
        for seat in order:
            if seat == me or seat == self.shown_other:
                rows.extend(rows_by_seat[seat])
            else:
                rows.append(self.summary_row(view, seat))
        return rows

    def summary_row(self, view: dict, seat: int) -> Row:
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

    def seat_rows(self, view: dict, seat: int, width: int, marks: dict[str, str]) -> list[Row]:
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
            for card_id, half in view["villages"][seat * 3 + k]:
                words.append(merchant_token(card_id, half))
            if wide:
                pays = f"(seller {info['opp_coins']}¢, owner {gain_words(info['own_coins'], info['own_favour'])})"
                words.append(Text(pays, style="dim"))
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
        hand.border_title = (f"Your hand ({len(cards)})" + (" · space tucks" if choices else "")
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
        self.update_static("#ml-builder", self.builder_text())

    def builder_text(self) -> Text:
        """What the builder holds and what Enter would do; else what the cursor is on."""
        text = Text("")
        phase = self.phase
        if phase is not None:
            text = self.step_text(phase)
        detail = self.detail_text()
        if detail:
            if text.plain:
                text.append("\n")
            text.append(detail, style="dim")
        return text

    def step_text(self, phase: str) -> Text:
        seat = self.seat
        view = self.view
        assert view is not None  # a phase is shown only with a view
        if phase == "favour" and self.reroll:
            values = sorted(self.my_dice()[i][0] for i in self.reroll)
            return Text(f"Reroll {' '.join(map(str, values))} for 1 favour: enter", style="bold")
        if phase in ("favour", "sell") and (vid := self.sel.village) is not None:
            return self.sale_text(vid)
        if phase == "favour":
            return Text(f"Favour {view['favour'][seat]}: space ticks dice, enter rerolls them (1) · "
                        "+/- turns one (2) · e sells")
        if phase == "sell":
            return Text("Enter chooses a village (›), space in the hand tucks · e stops selling")
        if phase == "place":
            action = self.choices().action(self.sel)
            if action is not None:
                return Text(f"{self.describe(action)}: enter", style="bold")
            return Text("Free Placement: tick a card's half (space), enter on an open village of yours "
                        "· e skips", style="bold")
        if phase == "buy":
            return Text(f"Buy from the row (enter), 5¢ each, you have {view['coins'][seat]}¢ · e: done")
        return Text("")

    def sale_text(self, vid: str) -> Text:
        """``Sell at your 1-6: dice 1 1 2 6 (3 left) · you get 4¢ + FM · 5 table cards · enter``."""
        choices = self.choices()
        action = choices.action(self.sel)
        text = Text(f"Sale at {self.village_name(vid)}: ", style="bold")
        if action is None:
            text.append("tick halves that fit (›)")
            return text
        seat, world, view = self.seat, self.world, self.view
        assert seat is not None and world is not None and view is not None  # a sale is our own decision
        info = self.village_info(vid)
        tucks = [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
        need = sorted(list(info["stalls"]) + [DIE[c][h] for c, h in tucks])
        used = set(self.sale_dice(self.sel))
        left = [value for i, (value, where) in enumerate(self.my_dice()) if where == "unplaced" and i not in used]
        text.append("dice ")
        for i, value in enumerate(need):
            if i:
                text.append(" ")
            text.append_text(die_text(value))
        if left:
            text.append(f" ({len(left)} left)")
        coins, favour, owner_coins, owner_favour, fires = world.sale_income(seat, VINDEX[vid], tucks)
        text.append(f" · you get {gain_words(coins, favour)}")
        owner = VINDEX[vid] // 3
        if owner != seat:
            text.append(f", {self.short_name(owner)} {gain_words(owner_coins, owner_favour)}")
        if fires:
            text.append(" + " + " ".join(fires))
        if tucks:
            text.append(f" · {view['table'][seat] + len(tucks)} cards")
        extra = " (ends the favour step)" if self.phase == "favour" else ""
        text.append(f" · enter sells{extra}", style="bold")
        return text

    def detail_text(self) -> str:
        """The card or village under the cursor of the focused panel, in words."""
        focused = self.focused
        if isinstance(focused, ChipBar) and focused.id in ("ml-hand", "ml-row") and focused.current:
            return card_words(focused.current)
        if isinstance(focused, VillageBoard) and focused.cursor and self.view is not None:
            info = self.village_info(focused.cursor)
            stalls = " ".join(map(str, info["stalls"]))
            return (f"{self.village_name(focused.cursor).capitalize()}: stalls {stalls}; a sale pays the seller "
                    f"{info['opp_coins']}¢ (at another's village), the owner "
                    f"{gain_words(info['own_coins'], info['own_favour'])}")
        return ""

    def refresh_board(self) -> None:
        if self.view is None:
            return
        self.show_villages()
        self.show_dice()
        self.show_cards()
        self.show_builder()
        self.show_status()

    def status_text(self) -> Text:
        if self._pausing is not None:
            return Text(f"{self.seat_name(self._pausing)} played… (any key skips)")
        if self.turn is None or self.over is not None or self.view is None:
            return super().status_text()
        return Text(f"Your turn: {PHASE_WORDS.get(self.view['phase'], '')}", style="bold")

    def match_summary(self, view: dict) -> Table:
        table = Table()
        table.add_column("Player")
        for heading in ("Table cards", "Coins", "Favour", "Merchants placed"):
            table.add_column(heading, justify="right")
        for seat in range(view["players"]):
            placed = sum(len(view["villages"][seat * 3 + k]) for k in range(3))
            table.add_row(self.seat_label(seat), str(view["table"][seat]), str(view["coins"][seat]),
                          str(view["favour"][seat]), str(placed))
        return table

    # -- what changed -----------------------------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Mark what changed before the board is drawn (once) for the new view."""
        self.note_changes(self.view, update.view)
        return super().show_update(update)

    def note_changes(self, previous: dict | None, view: dict) -> None:
        self._mover = previous["to_move"] if previous else None
        if previous is not None:
            new_round = view["round"] != previous["round"]
            for seat, (old, new) in enumerate(zip(previous["dice"], view["dice"])):
                for index, (value, where) in enumerate(new):
                    was = old[index] if index < len(old) else None
                    if was is None or was[0] != value or (new_round and where == "unplaced"):
                        self.changed_dice.add((seat, index))
            for info, (a, b), (sa, sb) in zip(view["villages_info"], zip(previous["villages"], view["villages"]),
                                              zip(previous["sellers"], view["sellers"])):
                if a != b or (sa != sb and sb is not None):
                    self.changed_villages.add(info["id"])
            self.changed_row |= set(view["row"]) - set(previous["row"])
        if self._rolled and self.seat is not None:
            self.changed_dice |= {(self.seat, index) for index in self._rolled}
            self._rolled = set()
        mover = self._mover
        if mover is not None and mover != self.seat:
            self.shown_other = mover

    # -- turns --------------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self._skipping = False
        self.hinted = None
        if self.pending is not None:
            pending, self.pending = self.pending, None
            if pending in self.legal:
                self.act(pending)
                return
        phase = self.phase
        if phase != "favour":
            self.reroll.clear()
        if (phase not in ("favour", "sell", "place")
                or not self.choices().reachable(self.sel.village, self.sel.tucks.items())):
            self.sel.clear()
        self.refresh_board()
        self.follow_selection()
        if not self.query_one(ActionList).has_focus:
            targets: dict[str | None, str] = {"favour": "#ml-dice", "place": "#ml-hand", "buy": "#ml-row"}
            target = targets.get(phase, "#ml-villages")
            self.query_one(target).focus()

    def act(self, action: Action) -> None:
        rolled = self.rerolled_dice(action) if action[0] == "reroll" else set()
        super().act(action)
        if self.turn is None:  # sent
            self._rolled = rolled  # marked in the next view even where a die shows its old value
            self.sel.clear()
            self.reroll.clear()
            self.hinted = None
            self.changed_dice.clear()
            self.changed_villages.clear()
            self.changed_row.clear()
            self.refresh_board()

    def refuse(self, reason: str, title: str = "Not possible") -> None:
        self.notify(self.sentence(reason), title=title, severity="warning")

    def not_now(self) -> bool:
        """True (after saying so) when it is not our decision."""
        if self.turn is None:
            if self.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return True
        return False

    def confirm(self) -> bool:
        """Play the complete selection (a sale, a placement or the ticked reroll); False if there
        is none."""
        phase = self.phase
        action = self.choices().action(self.sel)
        if action is not None:
            if phase == "favour":
                self.pending = action
                self.act(("end_favour",))
            else:
                self.act(action)
            return True
        if phase == "favour" and self.reroll:
            self.act(reroll_action(self.my_dice()[i][0] for i in self.reroll))
            return True
        return False

    # -- the builder's inputs -------------------------------------------------------------------------

    def on_village_board_pressed(self, event: VillageBoard.Pressed) -> None:
        if self.not_now():
            return
        vid = event.key
        phase = self.phase
        if phase == "buy":
            self.refuse("now you buy from the row (enter on a card) or press e")
            return
        choices = self.choices()
        if self.sel.village == vid and choices.action(self.sel) is not None:
            self.confirm()
            return
        if choices.reachable(vid, self.sel.tucks.items()):
            self.sel.village = vid
            self.after_selection()
            return
        self.refuse(self.village_problem(vid), title=f"Not at {self.village_name(vid)}")

    def village_problem(self, vid: str) -> str:
        world, seat = self.world, self.seat
        assert world is not None and seat is not None  # asked only on our decision
        if self.phase == "place":
            card = next(iter(self.sel.tucks), None)
            return place_problem(world, seat, vid, card) or "no placement fits there"
        tucks = self.sel.key()
        reason = sale_problem(world, seat, vid, tucks)
        if reason is None and tucks:
            reason = sale_problem(world, seat, vid, ())
            if reason is None:
                reason = "the ticked halves do not fit there: untick some (c clears)"
        if reason is None:
            reason = "no sale fits there now"
        if self.phase == "favour":
            reason += " (you may still reroll or turn dice first)"
        return reason

    def on_chip_bar_toggled(self, event: ChipBar.Toggled) -> None:
        bar = event.bar
        if bar.id == "ml-hand":
            self.tick_card(event.key)
        elif bar.id == "ml-dice":
            self.tick_die(int(event.key))
        elif bar.id == "ml-row":
            self.on_chip_bar_pressed(ChipBar.Pressed(bar, event.key))

    def on_chip_bar_pressed(self, event: ChipBar.Pressed) -> None:
        if self.not_now():
            return
        bar = event.bar
        if bar.id == "ml-row":
            self.buy(event.key)
            return
        if self.confirm():
            return
        phase = self.phase
        if bar.id == "ml-dice":
            if phase == "favour":
                self.refuse("tick dice to reroll with space first, or build a sale")
            else:
                self.refuse(self.builder_hint())
        else:
            self.refuse(self.builder_hint())

    def builder_hint(self) -> str:
        phase = self.phase
        if phase in ("sell", "favour"):
            if self.sel.village is None:
                return "choose a village first: enter on it in the villages list"
            return "this is not a complete sale"
        if phase == "place":
            return "tick one card's half, then press enter on an open village of yours"
        if phase == "buy":
            return "buy from the row (enter on a card) or press e when done"
        return "nothing to play here now"

    def on_chip_bar_moved(self, event: ChipBar.Moved) -> None:
        self.show_builder()

    def on_village_board_moved(self, event: VillageBoard.Moved) -> None:
        self.show_builder()

    def tick_card(self, card: str) -> None:
        if self.not_now():
            return
        phase = self.phase
        if phase not in ("sell", "favour", "place"):
            self.refuse("cards are tucked only while selling, or placed with a Free Placement")
            return
        choices = self.choices()
        if not choices:
            self.refuse("no sale can be made now")
            return
        half = choices.next_half(self.sel, card)
        if half is None and card not in self.sel.tucks:
            self.refuse(self.card_problem(card), title=f"Cannot tuck {card}")
            return
        if choices.placing:
            self.sel.tucks = {} if half is None else {card: half}
        elif half is None:
            self.sel.tucks.pop(card, None)
        else:
            self.sel.tucks[card] = half
        self.after_selection()

    def card_problem(self, card: str) -> str:
        """Why neither half of ``card`` can join the selection: the engine's reason for each."""
        world, seat, view = self.world, self.seat, self.view
        assert world is not None and seat is not None and view is not None  # asked only on our decision
        if self.phase == "place":
            return "no open village of yours takes it"
        village = self.sel.village
        if village is not None and VINDEX[village] // 3 != seat:
            return sale_problem(world, seat, village, ((card, "L"),)) or "not at that village"
        targets = [village] if village is not None else [
            info["id"] for info in view["villages_info"] if info["owner"] == seat]
        reasons = []
        for half in ("L", "R"):
            tucks = tuple(sorted({**self.sel.tucks, card: half}.items()))
            for vid in targets:
                reason = sale_problem(world, seat, vid, tucks)
                if reason is not None:
                    reasons.append((half, vid, reason))
                    break
        if not reasons:
            return "no sale can tuck it with the cards ticked"
        half, vid, reason = reasons[0]
        if village is None and len(targets) > 1:
            return (f"no open village of yours can take {card} on either half with your dice "
                    f"(e.g. {reason})")
        return reason

    def tick_die(self, index: int) -> None:
        if self.not_now():
            return
        if self.phase != "favour":
            self.refuse("rerolls are only in your favour step, before your first sale")
            return
        _, where = self.my_dice()[index]
        if where != "unplaced":
            self.refuse("that die is not yours to roll now")
            return
        self.reroll ^= {index}
        self.after_selection()

    def action_turn(self, delta: int) -> None:
        if self.not_now():
            return
        bar = self.query_one("#ml-dice", ChipBar)
        if self.phase != "favour":
            self.refuse("dice are turned only in your favour step, before your first sale")
            return
        if bar.current is None:
            return
        value, where = self.my_dice()[int(bar.current)]
        action = ("adjust", value, delta)
        if action in self.legal:
            self.act(action)
        elif where != "unplaced":
            self.refuse("that die is not yours to turn now")
        elif self.view is not None:
            self.refuse(f"turning a die costs 2 favour; you have {self.view['favour'][self.seat]}")

    def buy(self, card: str) -> None:
        action = ("buy", card)
        if action in self.legal:
            self.act(action)
        elif self.phase != "buy":
            self.refuse("cards are bought in the buying step, after everyone has sold")
        elif self.view is not None:
            self.refuse(f"a card costs 5 coins; you have {self.view['coins'][self.seat]}")

    def action_done(self) -> None:
        if self.not_now():
            return
        for action in END_ACTIONS:
            if action in self.legal:
                self.act(action)
                return

    def action_clear(self) -> None:
        self.sel.clear()
        self.reroll.clear()
        self.after_selection()

    def action_others(self) -> None:
        if self.view is None:
            return
        players = self.view["players"]
        me = self.seat if self.seat is not None else 0
        others = [(me + k) % players for k in range(1, players)]
        current = others.index(self.shown_other) if self.shown_other in others else -1
        self.shown_other = others[(current + 1) % len(others)]
        self.show_villages()
        self.query_one(VillageBoard).move_to(f"P{self.shown_other}-V16")

    def action_menu(self) -> None:
        """Escape first clears the builder, then opens the menu."""
        if self.sel.village is not None or self.sel.tucks or self.reroll:
            self.action_clear()
        else:
            super().action_menu()

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint on the table and put it in the builder (a sale, placement or reroll),
        so Enter plays it; nothing is played."""
        super().show_hint(action, text)
        self.hinted = action
        self.select(action)
        self.refresh_board()

    # -- one selection for the builder and the plays list ------------------------------------------

    def after_selection(self) -> None:
        self.refresh_board()
        self.follow_selection()

    def follow_selection(self) -> None:
        """Highlight the builder's play in the plays list (none when it is not complete)."""
        actions = self.query_one(ActionList)
        if self.turn is None or not actions.actions or actions.has_focus:
            return
        action = self.selected_action()
        self._syncing = True
        try:
            if action in actions.actions:
                actions.highlighted = actions.actions.index(action)
        finally:
            self._syncing = False

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the plays list puts its sale, placement or reroll in the builder."""
        actions = self.query_one(ActionList)
        if event.option_list is not actions or not actions.has_focus or self.turn is None or self._syncing:
            return
        if event.option_index != actions.highlighted or event.option_index >= len(actions.actions):
            return
        self.select(actions.actions[event.option_index])
        self.refresh_board()

    def adjust_die(self, action: Action | None) -> int | None:
        """The die a change (``("adjust", value, ±1)``) turns: the lowest-index unplaced die
        showing the value."""
        if action is None or action[0] != "adjust":
            return None
        return next((index for index, (value, where) in enumerate(self.my_dice())
                     if where == "unplaced" and value == action[1]), None)

    def rerolled_dice(self, action: Action) -> set[int]:
        """The dice a reroll takes: for each value, the lowest-index unplaced dice (§9.3)."""
        wanted = list(action[1:])
        chosen = set()
        for index, (value, where) in enumerate(self.my_dice()):
            if where == "unplaced" and value in wanted:
                wanted.remove(value)
                chosen.add(index)
        return chosen

    def select(self, action: Action) -> None:
        """Put ``action`` in the builder: a sale's village and tucks, a placement, a reroll's
        dice (the lowest-index dice of each value, as the engine takes them), a row card."""
        kind = action[0]
        if kind == "sell":
            self.sel.village, self.sel.tucks = action[1], dict(action[2])
        elif kind == "place":
            self.sel.village, self.sel.tucks = action[3], {action[1]: action[2]}
        elif kind == "reroll":
            self.sel.clear()
            self.reroll = self.rerolled_dice(action)
        else:
            self.sel.clear()
            self.reroll.clear()
            if kind == "buy":
                self.query_one("#ml-row", ChipBar).move_to(action[1])
            elif kind == "adjust" and self.adjust_die(action) is not None:
                self.query_one("#ml-dice", ChipBar).move_to(str(self.adjust_die(action)))


def hinted_cards(action: Action) -> set[str]:
    if action[0] == "sell":
        return {c for c, _ in action[2]}
    if action[0] == "place":
        return {action[1]}
    return set()


SCREEN = MerchantLordScreen
