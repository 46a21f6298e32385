"""The Camel Caravan table: the 7×7 board with a cursor, the players' boards and the turn (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
Goods are letters (upper case on top of a camel or loose, lower case under a camel: stolen),
camels are their owner's seat digit, so colour is never the only cue.

Board selection builds actions in one or two steps: Enter on a cell takes what can start there
(a pick-up, a steal, a placement, or your camel or good as the thing to move), then Enter on a
destination completes a move; ``c`` picks a camel from your supply. When a cell allows several
things, a chooser lists them. Opponents' actions are shown one by one, ``app.move_pause`` apart,
with the cells each touched highlighted; a key pressed meanwhile skips the rest of the animation.
"""
from __future__ import annotations

import asyncio
from contextlib import suppress

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Key
from textual.widgets import Static

from caravan_tui.bus import Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.hosting.runner import SeatClient
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .board_widget import CamelBoard, Face
from .board import CELL_COUNT, CELL_NAMES, CITIES, CITY_AT, GOOD_INDEX, GOODS, LETTERS, SIZE, SPACES, VALUE, penalty

#: meat red, swords blue, salt white, hides brown, ivory grey, cloth purple, gems green, paper pink
GOOD_COLOURS = ("#f7768e", "#7aa2f7", "#e5e9f0", "#c8a06e", "#a9b1d6", "#bb9af7", "#9ece6a", "#ff9ecf")
PLAYER_COLOURS = ("#e0af68", "#7dcfff", "#ff9e64", "#73daca")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
CODE_AT = {cell: code for _, code, cell, _ in CITIES}
END_TURN = ("end_turn",)
LEGEND = "\n".join((
    "1 2 camels by player, 1² two · 2S camel with salt",
    "2s salt under it (stolen) · 3 S space 3, salt",
    "♦ demand · MAR·I city and the good it wants",
    "» chosen · + can go · * just moved · ★ hint",
))


def good_text(good: str, under: bool = False) -> Text:
    letter = LETTERS[GOOD_INDEX[good]]
    return Text(letter if under else letter.upper(), style=f"bold {GOOD_COLOURS[GOOD_INDEX[good]]}")


def player_style(seat: int) -> str:
    return f"bold {PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"


def contents(view: dict) -> list[tuple]:
    """Per cell: (loose good, demand markers, per seat (empty camels, sorted loads))."""
    players = view["players"]
    goods = dict(view["goods"])
    demand = dict(view["demand"])
    empty = [[0] * players for _ in range(CELL_COUNT)]
    loads = [[[] for _ in range(players)] for _ in range(CELL_COUNT)]
    for seat in range(players):
        for cell in view["empty"][seat]:
            empty[cell][seat] += 1
        for cell, good, under in view["loaded"][seat]:
            loads[cell][seat].append((good, bool(under)))
    return [(goods.get(cell), demand.get(cell, 0),
             tuple((empty[cell][seat], tuple(sorted(loads[cell][seat]))) for seat in range(players)))
            for cell in range(CELL_COUNT)]


def touched(previous: dict | None, view: dict) -> set[int]:
    """The cells whose goods, markers or camels differ between two views."""
    if previous is None:
        return set()
    return {cell for cell, (a, b) in enumerate(zip(contents(previous), contents(view))) if a != b}


def face(cell: int, good: str | None, demand: int, camels: tuple) -> Face:
    """``place``: a city's code and wanted good, a space's number, loose good and demand;
    ``tokens``: each seat's empty camels (digit, count) and loaded camels (digit, good)."""
    if CITY_AT[cell] >= 0:
        place = Text.assemble((CODE_AT[cell], "bold"), "·", good_text(GOODS[CITY_AT[cell]]))
        kind = "city"
    elif cell in SPACES:
        place = Text(str(SPACES.index(cell) + 1), style="dim")
        place.append(" ")
        if good is not None:
            place.append_text(good_text(good))
        if demand:
            place.append("♦" + (str(demand) if demand > 1 else ""), style="bold")
        kind = "space"
    else:
        place, kind = Text("·", style="dim"), ""
    tokens = []
    for seat, (empty, loads) in enumerate(camels):
        digit = str(seat + 1)
        if empty:
            tokens.append(Text(digit + (str(empty).translate(SUPERSCRIPT) if empty > 1 else ""),
                               style=player_style(seat)))
        for good, under in loads:
            tokens.append(Text.assemble((digit, player_style(seat)), good_text(good, under)))
    return Face(place, tokens, kind)


def action_cells(action: Action) -> tuple[int, ...]:
    """The cells an action names (for hint marks)."""
    if action[0] in ("place", "pickup", "steal"):
        return (action[1],)
    if action[0] in ("move_camel", "move_good"):
        return (action[1], action[2])
    return ()


def destination(action: Action) -> int | None:
    """The cell a placement or a move ends on."""
    if action[0] == "place":
        return action[1]
    return action[2] if action[0] in ("move_camel", "move_good") else None


def completes(pick: tuple, cell: int) -> Action:
    """The action a chosen supply, camel or good becomes with a destination."""
    if pick[0] == "supply":
        return ("place", cell)
    if pick[0] == "camel":
        return ("move_camel", pick[1], cell)
    return ("move_good", pick[1], cell, pick[2], pick[3])


class CamelCaravanScreen(GameScreen):
    BINDINGS = [
        Binding("c", "supply", "Place", tooltip="Choose a camel from your supply, then a cell"),
        Binding("e", "end_turn", "End turn", tooltip="End your turn (unused actions are lost)"),
    ]

    DEFAULT_CSS = """
    #cc-board { border: round $primary; }
    #cc-board:focus { border: round $accent; }
    #cc-players { height: auto; }
    #cc-legend { height: 1fr; color: $text-muted; overflow: hidden; }
    """

    def __init__(self, client: SeatClient) -> None:
        super().__init__(client)
        self.pick: tuple | None = None  # ("supply",), ("camel", cell) or ("good", cell, good, pos)
        self.hinted: Action | None = None
        self.flash: set[int] = set()  # the cells the latest opponent's action touched
        self._last_touched: set[int] = set()
        self._mover: int | None = None  # who took the latest action shown
        self._skipping = False  # no pauses until our turn
        self._pausing: int | None = None  # the seat whose action is on show
        self._wake = asyncio.Event()  # ends the current pause early

    def compose_board(self) -> ComposeResult:
        # below the board: the players' table (a header and a row each) and the status line
        yield CamelBoard(SIZE, spare_rows=self.client.players + 2, id="cc-board")
        yield Static("", id="cc-players")
        yield Static(LEGEND, id="cc-legend")

    def on_mount(self) -> None:
        board = self.query_one(CamelBoard)
        board.focus()
        self.watch(board, "cursor", self._show_cursor)

    # -- drawing ------------------------------------------------------------------------------

    def show_view(self, view: dict) -> None:
        board = self.query_one(CamelBoard)
        board.show(faces=[face(cell, *rest) for cell, rest in enumerate(contents(view))], marks=self._marks())
        board.border_title = self.title_text(view)
        self.query_one("#cc-players", Static).update(self.players_table(view))
        self._show_cursor()

    def title_text(self, view: dict) -> str:
        bag = sum(view["bag"].values())
        mover = view["to_move"]
        if mover is None:
            return f"Game over · bag {bag}"
        left = f"{view['left']} action{'s' if view['left'] != 1 else ''} left"
        who = "Your turn" if mover == self.seat else self.seat_name(mover)
        return f"{who} · {left} · bag {bag}"

    def players_table(self, view: dict) -> Table:
        """Per player: score now (with the penalty for goods still carried), goods delivered,
        demand markers, unused theft markers and camels in supply."""
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold", expand=False)
        table.add_column("", no_wrap=True)
        table.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=16)
        table.add_column("Pts", justify="right", no_wrap=True)
        table.add_column("Goods", overflow="fold")
        table.add_column("♦", justify="right")
        table.add_column("Theft")
        table.add_column("Supply", justify="right")
        for seat in range(view["players"]):
            carried = penalty(len(view["loaded"][seat]))
            points = Text(str(view["scores"][seat]))
            if carried:
                points.append(f" (−{carried})", style="dim")
            delivered = Text("").join(good_text(good) for good in sorted(GOODS, key=lambda g: -VALUE[GOOD_INDEX[g]])
                                      for _ in range(view["delivered"][seat][good]))
            thefts = view["thefts"][seat]
            table.add_row(Text(str(seat + 1), style=player_style(seat)), self.seat_name(seat), points,
                          delivered or Text("–", style="dim"), str(view["markers"][seat]),
                          "✓" * thefts if thefts else Text("used", style="dim"), str(view["supply"][seat]))
        return table

    def _marks(self) -> dict[int, str]:
        marks = {}
        if self.hinted is not None:
            marks.update((cell, "★") for cell in action_cells(self.hinted))
        if self.pick is not None:
            marks.update((cell, "+") for cell in self.targets(self.pick))
            if self.pick[0] != "supply":
                marks[self.pick[1]] = "»"
        return marks

    def _show_cursor(self) -> None:
        board = self.query_one(CamelBoard)
        cell = board.cursor
        name = CELL_NAMES[cell]
        if CITY_AT[cell] >= 0:
            name += f" wants {GOODS[CITY_AT[cell]]}"
        board.border_subtitle = name

    def _redraw_marks(self) -> None:
        self.query_one(CamelBoard).show(marks=self._marks(), flash=self.flash)
        self.show_status()

    def status_text(self) -> Text:
        if self._pausing is not None:
            return Text(f"{self.seat_name(self._pausing)} is playing… (any key skips)")
        if self.turn is None or self.over is not None:
            return super().status_text()
        if self.pick is None:
            return Text("Your turn · enter select · c place · e end turn", style="bold")
        if self.pick[0] == "supply":
            return Text("Place a camel where? · esc cancels", style="bold")
        what = "camel" if self.pick[0] == "camel" else self.pick[2]
        return Text(f"Move {what} from {CELL_NAMES[self.pick[1]]} to? · esc cancels", style="bold")

    def match_summary(self, view: dict) -> Table:
        table = Table()
        table.add_column("Player")
        for heading in ("Goods", "Demand", "Penalty", "Score"):
            table.add_column(heading, justify="right")
        for seat in range(view["players"]):
            goods = sum(VALUE[GOOD_INDEX[g]] * n for g, n in view["delivered"][seat].items())
            table.add_row(self.seat_name(seat), str(goods), str(view["markers"][seat]),
                          f"−{penalty(len(view['loaded'][seat]))}", str(view["scores"][seat]))
        return table

    # -- opponents' moves, one at a time --------------------------------------------------------

    async def linger(self, seconds: float) -> None:
        """A pause that a key press cuts short (``on_key``); none while skipping."""
        if self._skipping:
            return
        self._wake.clear()
        self._pausing = self._mover
        self.show_status()
        with suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
        self._pausing = None
        self.show_status()

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self._last_touched else 0.0

    def view_changed(self, previous: dict | None, view: dict, by_other: bool) -> None:
        self._last_touched = touched(previous, view) if by_other else set()
        self._mover = previous["to_move"] if previous else None
        if self._last_touched:
            self.flash = self._last_touched
            self._redraw_marks()

    def on_key(self, event: Key) -> None:
        """A key pressed while an opponent's action is on show shows the rest of their actions
        at once; it does nothing else (an Enter meant to skip must not act on our next turn)."""
        if self._pausing is not None:
            event.stop()
            event.prevent_default()
            self._skipping = True
            self._wake.set()

    # -- playing --------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self._skipping = False
        self.pick = self.hinted = None
        self._redraw_marks()
        if not self.query_one(ActionList).has_focus:
            self.query_one(CamelBoard).focus()

    def act(self, action: Action) -> None:
        super().act(action)
        if self.turn is None:
            self.pick = self.hinted = None
            self.flash = set()
            self._redraw_marks()

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        self.hinted = action
        self._redraw_marks()

    def on_camel_board_chosen(self, event: CamelBoard.Chosen) -> None:
        if self.turn is None:
            if self.over is None:
                self.notify("It is not your turn.", severity="warning")
            return
        self.choose_cell(event.cell)

    def choose_cell(self, cell: int) -> None:
        """Complete the chosen supply, camel or good with this destination, or start from here."""
        pick = self.pick
        if pick is not None:
            if pick[0] != "supply" and pick[1] == cell:
                self.set_pick(None)
                return
            action = completes(pick, cell)
            if action in self.legal:
                self.act(action)
                return
        choices = self.choices_at(cell)
        if not choices:
            why = "cannot go there" if pick is not None else "nothing you can do there now"
            self.notify(f"{CELL_NAMES[cell]}: {why}.", severity="warning")
        elif len(choices) == 1:
            self.take(choices[0])
        else:
            self.ask(cell, choices)

    def choices_at(self, cell: int) -> list[tuple]:
        """Legal actions at ``cell`` and the things of yours that can move from it."""
        legal = self.legal
        choices: list[tuple] = [a for a in legal if a[0] in ("pickup", "steal") and a[1] == cell]
        goods = [(a[3], a[4]) for a in legal if a[0] == "move_good" and a[1] == cell]
        choices += [("good", cell, good, pos) for good, pos in dict.fromkeys(goods)]
        if any(a[0] == "move_camel" and a[1] == cell for a in legal):
            choices.append(("camel", cell))
        if ("place", cell) in legal:
            choices.append(("place", cell))
        return choices

    def targets(self, pick: tuple) -> list[int]:
        """Where the chosen supply, camel or good may go."""
        return [cell for action in self.legal
                if (cell := destination(action)) is not None and completes(pick, cell) == action]

    def take(self, choice: tuple) -> None:
        if choice[0] in ("supply", "camel", "good"):
            self.set_pick(choice)
        else:
            self.act(choice)

    def ask(self, cell: int, choices: list[tuple]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None and self.turn is not None:
                self.take(choices[index])

        self.app.push_screen(ChoiceScreen(f"{CELL_NAMES[cell]}: what do you want to do?",
                                          [self.choice_text(c) for c in choices]), chosen)

    def choice_text(self, choice: tuple) -> str:
        if choice[0] == "camel":
            return f"Move your camel from {CELL_NAMES[choice[1]]}… (then choose where)"
        if choice[0] == "good":
            where = "from under" if choice[3] == "under" else "on"
            return f"Move the {choice[2]} {where} your camel on {CELL_NAMES[choice[1]]}… (then choose where)"
        return self.describe(choice)

    def set_pick(self, pick: tuple | None) -> None:
        self.pick = pick
        self._redraw_marks()

    def action_supply(self) -> None:
        if self.turn is None:
            self.notify("It is not your turn.", severity="warning")
        elif not any(a[0] == "place" for a in self.legal):
            self.notify("You cannot place a camel now.", severity="warning")
        else:
            self.set_pick(None if self.pick == ("supply",) else ("supply",))

    def action_end_turn(self) -> None:
        self.act(END_TURN)

    def action_menu(self) -> None:
        """Escape first drops the chosen camel or good, then opens the menu."""
        if self.pick is not None:
            self.set_pick(None)
        else:
            super().action_menu()


SCREEN = CamelCaravanScreen
