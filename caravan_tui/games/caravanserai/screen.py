"""The Caravanserai table: the hex board with a cursor, the placement in progress, the reserves,
the market and the end (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
Each cell shows two characters (spec §11.7), so colour is never the only cue:

- `` ·`` desert; ``·R`` an empty red Caravanserai cell; ``◆R`` a red board good on one;
- ``2R`` a red good of seat 2's caravan, ``2C`` a camel, ``2L`` a lying camel; the head camel is
  in reverse video; ``+`` before a piece marks the placement in progress (the preview).

The marks before a cell: ``›`` Enter here plays something, ``★`` the hint, ``*`` changed by
the opponent's latest action. The cursor is ``[..]``.

A placement is built from the board or the keys: direction keys (``w e a d z x`` around ``s``,
the keyboard's own hex, or ``0``-``5`` as in the rules: E NE NW W SW SE) choose where the caravan
heads when it may turn; at a block boundary ``c`` lays the final camel, ``W K P R Y`` start a
block of that colour and ``L`` lays a lying camel (expert). Enter on a cell marked ``›`` plays
what that cell allows (a chooser when several things do). The plays list (tab) has every legal
action in words. Under the board: the market and the end, each seat's caravan and reserve, and
the placement in progress with the count a camel would give now. ``l`` shows the whole legend.
Opponents' actions are shown one at a time, ``app.move_pause`` apart; a key skips the rest.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.game import GameScreen, PausingGameScreen
from caravan_tui.widgets import ActionList

from .ai import prior
from .board_widget import Cell, HexBoard
from .explain import placement
from .geometry import COLOUR_NAMES, COLOURS, DIR_NAMES, DIR_WORDS, QR, D, board_for
from .rules import BOARD, PLACE, TITLES, CaravanseraiState, title

#: white, black (a slate grey that reads on dark and light themes), purple, red, yellow
GOOD_COLOURS = ("#e5e9f0", "#8b93b8", "#bb9af7", "#f7768e", "#e0af68")
SEAT_COLOURS = ("#7dcfff", "#ff9e64", "#9ece6a", "#e0af68", "#73daca", "#ff79c6")
SELECT, HINT, LAID, CHANGED = "›", "★", "+", "*"
#: direction keys: the keyboard's hex around ``s`` (w e / a d / z x), and the rules' 0-5
DIRECTION_KEYS = {"d": 0, "e": 1, "w": 2, "a": 3, "z": 4, "x": 5}
PIECE_WORDS = {"C": "camel", "L": "lying camel"}


def colour_text(colour: int, text: str | None = None, style: str = "bold") -> Text:
    return Text(COLOURS[colour] if text is None else text, style=f"{style} {GOOD_COLOURS[colour]}")


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def notation(letters: list[str]) -> str:
    """Pieces in the rules' notation: ``1P 2Y lying 3P camel``."""
    words, i = [], 0
    while i < len(letters):
        letter = letters[i]
        if letter in COLOURS:
            j = i
            while j < len(letters) and letters[j] == letter:
                j += 1
            words.append(f"{j - i}{letter}")
            i = j
        else:
            words.append("lying" if letter == "L" else "camel")
            i += 1
    return " ".join(words)


class Picture:
    """What a view puts on each cell, and where the placement in progress stands."""

    def __init__(self, view: dict) -> None:
        tiles = tuple((int(a), int(b)) for a, b in view["tiles"])
        self.board = board_for(len(tiles), tiles)
        self.cells: list[Cell] = [QR[c] for c in self.board.layout.cells]
        self.cs = {QR[c]: self.board.cs[c] for c in self.board.cs_cells}
        self.bgoods: dict[Cell, int] = {(q, r): c for q, r, c in view["board_goods"]}
        #: cell -> (seat, letter, head, laid this turn)
        self.items: dict[Cell, tuple[int, str, bool, bool]] = {}
        for seat, caravan in enumerate(view["caravans"]):
            for i, (q, r, letter) in enumerate(caravan):
                self.items[(q, r)] = (seat, letter, i == len(caravan) - 1, False)
        self.placement = view.get("placement")
        self.mover = view.get("turn")
        if self.placement is not None and self.mover is not None:
            for q, r, letter in self.placement["laid"]:
                self.items[(q, r)] = (self.mover, letter, False, True)

    @property
    def pos(self) -> Cell | None:
        return tuple(self.placement["pos"]) if self.placement else None

    @property
    def target(self) -> Cell | None:
        pl = self.placement
        return tuple(pl["target"]) if pl and pl["target"] is not None else None

    def glyph(self, cell: Cell) -> Text:
        item = self.items.get(cell)
        if item is not None:
            seat, letter, head, _ = item
            text = Text(str(seat + 1), style=seat_style(seat))
            if letter in COLOURS:
                text.append_text(colour_text(COLOURS.index(letter)))
            else:
                text.append(letter, style="bold")
            if head:
                text.stylize("reverse")
            return text
        if cell in self.bgoods:
            colour = self.bgoods[cell]
            return colour_text(colour, "◆" + COLOURS[colour])
        colour = self.cs.get(cell, -1)
        if colour >= 0:
            return Text.assemble(("·", "dim"), colour_text(colour, style="dim"))
        return Text(" ·", style="dim")

    def key(self, cell: Cell) -> tuple:
        """What changes on a cell from one view to the next."""
        return self.items.get(cell), self.bgoods.get(cell)

    def describe_cell(self, cell: Cell, seat_name) -> str:
        q, r = cell
        words = [f"({q},{r})"]
        colour = self.cs.get(cell, -1)
        words.append(f"{COLOUR_NAMES[colour]} Caravanserai" if colour >= 0 else "desert")
        if cell in self.bgoods:
            words.append("board good")
        item = self.items.get(cell)
        if item is not None:
            seat, letter, head, laid = item
            owner = seat_name(seat).removesuffix(" (you)")
            what = (f"{COLOUR_NAMES[COLOURS.index(letter)]} good" if letter in COLOURS else
                    "head camel" if head else PIECE_WORDS[letter])
            words.append(f"{owner}'s {what}" + (" (placing)" if laid else ""))
        return " ".join(words[:1]) + " " + ", ".join(words[1:])


def action_cell(action: Action, picture: Picture) -> Cell | None:
    """The cell an action plays on: a start or stand cell, the cell a direction heads to, or the
    target of the next piece."""
    kind = action[0]
    if kind == "start":
        return (action[1], action[2])
    if kind == "stand":
        return (action[2], action[3])
    if kind == "dir":
        pos = picture.pos
        if pos is None:
            return None
        dq, dr = D[action[1]]
        return (pos[0] + dq, pos[1] + dr)
    return picture.target


def reserve_text(reserve: list[int]) -> Text:
    """``C5 W3 K2 P1 R0 Y4``: camels, then goods by colour (a zero is dim)."""
    text = Text("C", style="bold")
    text.append(str(reserve[5]), style="" if reserve[5] else "dim")
    for colour in range(5):
        text.append(" ")
        count = reserve[colour]
        text.append_text(colour_text(colour, style="bold" if count else "dim"))
        text.append(str(count), style="" if count else "dim")
    return text


def market_text(market: list[int]) -> Text:
    text = Text("Market ", style="bold")
    for colour in range(5):
        text.append_text(colour_text(colour, style="bold" if market[colour] else "dim"))
        text.append(f"{market[colour]} ", style="" if market[colour] else "dim")
    text.append(f"= {sum(market)}", style="bold")
    return text


def title_line(length: int) -> Text:
    """The solo title reached so far and the next one."""
    reached = next(((least, name) for least, name in TITLES if length >= least), None)
    above = [(least, name) for least, name in TITLES if length < least]
    text = Text("Title ", style="bold")
    if reached:
        text.append(reached[1], style="bold reverse")
    else:
        text.append("none yet", style="dim")
    if above:
        least, name = above[-1]
        text.append(f" · {least}: {name}", style="dim")
    return text


def legend_lines() -> list[Text]:
    """Under the board where there is room (not at 80×24), most needed first."""
    cells = Text.assemble((" ·", "dim"), " desert  ", ("·", "dim"), colour_text(3, style="dim"), " red Caravanserai  ",
                          colour_text(3, "◆R"), " board good")
    pieces = Text.assemble(("2", seat_style(1)), colour_text(4), " ", ("2", seat_style(1)), ("C", "bold"), " ",
                           ("2", seat_style(1)), ("L", "bold"), " player 2's good, camel, lying camel; ",
                           ("2C", "reverse"), " head")
    marks = Text(f"[  ] cursor · {SELECT} enter plays · {LAID} placing · {HINT} hint · {CHANGED} last move")
    keys = Text("w e a d z x (or 0-5) head · c camel · W K P R Y block · L lying")
    more = Text("arrows move · shift+arrows pan · tab the plays · l whole legend")
    return [cells, pieces, marks, keys, more]


def ladder_lines(length: int) -> list[Text]:
    """The solo titles, the ones reached ticked."""
    lines = [Text("Solo titles", style="bold underline")]
    for least, name in reversed(TITLES):
        reached = length >= least
        lines.append(Text(f" {'✓' if reached else ' '} {least}+ {name}", style="bold" if reached else "dim"))
    return lines


def legend_panel() -> Text:
    text = Text("")

    def row(sample: Text | str, meaning: str) -> None:
        sample = sample if isinstance(sample, Text) else Text(sample, style="bold")
        text.append(" ")
        text.append_text(sample)
        text.append(" " * max(1, 6 - sample.cell_len) + meaning + "\n")

    text.append("Cells\n", style="bold underline")
    row(Text(" ·", style="dim"), "desert")
    row(Text.assemble(("·", "dim"), colour_text(3, style="dim")), "red Caravanserai cell")
    row(colour_text(3, "◆R"), "red board good on one")
    row(Text.assemble(("2", seat_style(1)), colour_text(4)), "player 2's yellow good")
    row(Text.assemble(("2", seat_style(1)), ("C", "bold")), "player 2's camel")
    row(Text.assemble(("2", seat_style(1) + " reverse"), ("C", "bold reverse")), "player 2's head")
    row(Text.assemble(("2", seat_style(1)), ("L", "bold")), "a lying camel")
    text.append("Colours ", style="bold underline")
    for colour in range(5):
        text.append_text(colour_text(colour))
        text.append(f" {COLOUR_NAMES[colour]} ")
    text.append("\nMarks\n", style="bold underline")
    row(f"{SELECT}", "enter plays here")
    row(f"{LAID}", "the placement so far")
    row(f"{HINT}", "the hint")
    row(f"{CHANGED}", "changed by the last move")
    row("[  ]", "the cursor")
    text.append("Keys\n", style="bold underline")
    row("arrows", "move · shift+arrows pan")
    row("w e", "head NW NE")
    row("a s d", "head W · E")
    row("z x", "head SW SE (or 0-5)")
    row("c", "the final camel")
    row("WKPRY", "a block of that colour")
    row("L", "a lying camel (expert)")
    row("tab", "the plays list")
    text.append("Reserve ", style="bold underline")
    text.append("C camels, W K P R Y goods")
    return text


class CaravanseraiScreen(PausingGameScreen):
    BINDINGS = [
        *(Binding(key, f"direction({d})", DIR_NAMES[d], show=False) for key, d in DIRECTION_KEYS.items()),
        *(Binding(str(d), f"direction({d})", DIR_NAMES[d], show=False) for d in range(6)),
        *(Binding(letter, f"block({colour})", f"{COLOUR_NAMES[colour]} block", show=False)
          for colour, letter in enumerate(COLOURS)),
        Binding("c", "piece('camel')", "Camel", show=False, tooltip="End the placement with a camel"),
        Binding("L", "piece('lying')", "Lying camel", show=False, tooltip="Lay a lying camel (expert)"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"direction", "block", "piece"}

    DEFAULT_CSS = """
    #cs-board { border: round $primary; }
    #cs-board:focus { border: round $accent; }
    #cs-info, #cs-seats, #cs-turn { padding: 0 1; }
    #cs-turn { color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    #cs-legend { height: 1fr; color: $text-muted; overflow: hidden; padding: 0 1; text-wrap: nowrap; }
    /* 1fr is never less than a row: docked, the status line stays in view when nothing is left */
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.picture: Picture | None = None
        self.hinted: Action | None = None
        self.hint_cells: set[Cell] = set()  # the hint's whole placement, previewed while it shows
        self.flash: set[Cell] = set()
        self._shown: dict[str, object] = {}  # per line under the board: what it shows now

    def spare_rows(self) -> int:
        """Rows the column needs besides the board and the docked status line: the info
        line(s), a line a seat and the placement line."""
        players = self.client.players
        return (2 if players == 1 else 1) + players + 1

    def compose_board(self) -> ComposeResult:
        yield HexBoard(spare_rows=self.spare_rows(), id="cs-board")
        players = self.client.players
        # fixed heights: their updates then never lay the screen out again
        for name, height in (("info", 2 if players == 1 else 1), ("seats", players), ("turn", 1)):
            line = Static("", id=f"cs-{name}")
            line.styles.height = height
            yield line
        yield Static("", id="cs-legend")

    def legend(self) -> Text:
        return legend_panel()

    def on_mount(self) -> None:
        board = self.query_one(HexBoard)
        board.focus()
        self.watch(board, "cursor", self._show_cursor)

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: dict) -> None:
        self.picture = picture = Picture(view)
        board = self.query_one(HexBoard)
        board.set_cells(picture.cells)
        board.show(glyphs={cell: picture.glyph(cell) for cell in picture.cells}, marks=self._marks())
        board.border_title = Text(self.title_text(view))
        # each line under the board is redrawn only when what it shows changed
        lengths = [len(c) for c in view["caravans"]]
        self._update("#cs-info", (view["market"], view["phase"], lengths if view["players"] == 1 else None),
                     lambda: self.info_text(view))
        self._update("#cs-seats", (view["to_move"], lengths, view["reserves"], self.names),
                     lambda: self.seats_table(view))
        self._update("#cs-turn", (view["to_move"], view["placement"], view["last"], lengths, self.names),
                     lambda: self.placement_text(view))
        self._update("#cs-legend", lengths if view["players"] == 1 else None, lambda: self.legend_text(view))
        self._show_cursor()

    def _update(self, selector: str, key, make) -> None:
        key = repr(key)
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self.query_one(selector, Static).update(make(), layout=False)

    def legend_text(self, view: dict) -> Text:
        lines = legend_lines()
        if view["players"] == 1:
            lines += [Text("")] + ladder_lines(len(view["caravans"][0]))
        return Text("\n").join(lines)

    def title_text(self, view: dict) -> str:
        mover = view["to_move"]
        if mover is None:
            return "Game over"
        who = "Your turn" if mover == self.seat and not self.replaying else f"{self.seat_name(mover)} to play"
        if view["stage"] == "start":
            return f"{who} · starting camels"
        return f"{who} · round {view['round']}"

    def info_text(self, view: dict) -> Text:
        text = market_text(view["market"])
        text.append(" · ")
        if view["players"] == 1:
            text.append("ends when empty" if view["phase"] != "over" else "game over", style="dim")
            text.append("\n")
            text.append_text(title_line(len(view["caravans"][0])))
            return text
        phase = view["phase"]
        if phase == "normal":
            text.append("ends when empty", style="dim")
        elif phase == "completing":
            text.append("ENDING: +1 round", style="bold reverse")
        elif phase == "final":
            text.append("FINAL ROUND", style="bold reverse")
        else:
            text.append("game over", style="bold")
        return text

    def seats_table(self, view: dict) -> Table:
        """One line a seat: whose turn, the name, the caravan's length, the reserve."""
        table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_header=False,
                      expand=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=13)
        table.add_column(no_wrap=True, justify="right")
        table.add_column(no_wrap=True)
        for seat in range(view["players"]):
            marker = Text("▶" if view["to_move"] == seat else " ", style="bold")
            marker.append(str(seat + 1), style=seat_style(seat))
            length = Text("len ", style="dim")
            length.append(str(len(view["caravans"][seat])), style="bold")
            table.add_row(marker, self.seat_label(seat), length, reserve_text(view["reserves"][seat]))
        return table

    def who(self, seat: int) -> Text:
        """A seat as short as the one line allows: "You", else its number in its colour."""
        if seat == self.seat and not self.replaying:
            return Text("You", style="bold")
        return Text(f"Player {seat + 1}", style=seat_style(seat))

    def placement_text(self, view: dict) -> Text:
        """The placement in progress and the count a camel would give now; else the last one."""
        pl, mover = view["placement"], view["to_move"]
        if pl is not None and mover is not None:
            text = self.who(mover)
            text.append(": ")
            text.append(notation([letter for _, _, letter in pl["laid"]]) or "—")
            placed, omitted, length = pl["placed"], pl["omitted"], len(view["caravans"][mover])
            left = pl["left"]
            if left:  # inside a block: it must be finished first
                out = pl["on_caravanserai"] and pl["all_match"] and not pl["declined"]
                text.append(f" +{left}{COLOURS[pl['colour']]}", style="bold")
                placed += left
                omitted += pl["size"] if out else 0
                text.append(" · then camel: ", style="dim")
            else:
                text.append(" · camel now: ", style="dim")
            text.append(f"count {placed + 1 - omitted}", style="bold")
            text.append(f", caravan {length}→{length + omitted}")
            return text
        last = view.get("last")
        if last is not None:
            text = self.who(last["seat"])
            text.append(f" laid {notation([letter for _, _, letter in last['laid']])}")
            text.append(f" · count {last['count']} · caravan {len(view['caravans'][last['seat']])}", style="dim")
            return text
        return Text("Starting camels go on outer Caravanserai cells.", style="dim")

    def _marks(self) -> dict[Cell, Text]:
        picture = self.picture
        marks: dict[Cell, Text] = {}
        if picture is None:
            return marks
        for cell in self.flash:
            marks[cell] = Text(CHANGED)
        for cell, (_, _, _, laid) in picture.items.items():
            if laid:
                marks[cell] = Text(LAID)
        if self.turn is not None:
            for action in self.legal:
                at = action_cell(action, picture)
                if at is not None:
                    marks[at] = Text(SELECT)
        if self.hinted is not None:
            for planned in self.hint_cells:
                marks[planned] = Text(HINT)
            at = action_cell(self.hinted, picture)
            if at is not None:
                marks[at] = Text(HINT)
        return marks

    def plan_cells(self) -> set[Cell]:
        """The cells the hint's whole placement lays its pieces on (the board's preview of it)."""
        now = self._world
        if not isinstance(now, CaravanseraiState) or self.seat is None or not self.hint_plan:
            return set()
        world = now.clone()
        for action in placement(world, self.seat, self.hint_plan, prior):
            world.apply(action, False)
        laid: tuple[tuple[int, int], ...] = (world.laid if world.stage in (PLACE, BOARD) or world.last is None
                                             else world.last[2])
        return {QR[cell] for cell, _ in laid} - {QR[cell] for cell, _ in now.laid}

    def _redraw_marks(self) -> None:
        self.query_one(HexBoard).show(marks=self._marks(), flash=self.flash)
        self.show_status()

    def _show_cursor(self) -> None:
        board = self.query_one(HexBoard)
        if self.picture is not None:
            more = board.more()
            where = self.picture.describe_cell(board.cursor, self.seat_name)
            board.border_subtitle = Text(f"{more} {where}" if more else where)
        self.show_status()

    def on_hex_board_panned(self, event: HexBoard.Panned) -> None:
        self._show_cursor()

    def actions_at(self, cell: Cell) -> list[Action]:
        if self.turn is None or self.picture is None:
            return []
        return [a for a in self.legal if action_cell(a, self.picture) == cell]

    def status_text(self) -> Text:
        if self._pausing is not None:
            return Text(f"{self.seat_name(self._pausing)} is playing… (any key skips)")
        if self.turn is None or self.over is not None or self.view is None:
            return super().status_text()
        here = self.actions_at(self.query_one(HexBoard).cursor)
        if any(a[0] in ("good", "camel", "lying") for a in here):
            return Text(f"enter: list · {self.prompt(self.view)}", style="bold")
        if ("use",) in here:
            colour = COLOUR_NAMES[self.view["placement"]["colour"]]
            return Text(f"enter: use or decline the {colour} board good", style="bold")
        if len(here) == 1:
            text = f"enter: {self.short(here[0], self.view)}"
            if here[0][0] == "dir":
                text += " · or w e a d z x"
            return Text(text, style="bold")
        if here:
            return Text(f"enter: choose one of {len(here)} plays here", style="bold")
        return Text(self.prompt(self.view), style="bold")

    def show_status(self) -> None:
        """As the table's, but only when the line changes, and without a layout (it is one line)."""
        text = self.status_text()
        key = (text.plain, str(text.style), repr(text.spans))
        if key != self._shown.get("#status"):
            self._shown["#status"] = key
            self.query_one("#status", Static).update(text, layout=False)

    def prompt(self, view: dict) -> str:
        """What the decision is, and its keys."""
        stage = view["stage"]
        if stage == "start":
            return "Your starting camel: enter on a › cell"
        if stage == "stand":
            return f"Stand goods ({view['stands']} left): enter on a ›"
        if stage == "board":
            return "A board good: enter on it to use or decline"
        if any(a[0] == "dir" for a in self.legal):
            return "Head where? w e a d z x (0-5) or enter on ›"
        keys = "c camel · W K P R Y block"
        if ("lying",) in self.legal:
            keys += " · L lying"
        return keys

    def short(self, action: Action, view: dict) -> str:
        """An action in a few words (the board's frame names the cell)."""
        kind = action[0]
        if kind == "dir":
            return f"head {DIR_WORDS[action[1]]} ({DIR_NAMES[action[1]]})"
        if kind == "start":
            return "start here"
        if kind == "stand":
            return f"stand a {COLOUR_NAMES[action[1]]} good here"
        if kind == "camel":
            pl = view["placement"]
            return f"end with a camel here: count {pl['placed'] + 1 - pl['omitted']}"
        return self.describe(action)

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Solo has no winner: the headline is the caravan's length and the title it earns."""
        if len(names) != 1:
            return super().result_headline(names, scores, outcome)
        length = int(scores[0])
        earned = title(length)
        if earned:
            return f"A caravan of {length}: {earned}!"
        least, first = TITLES[-1]
        return f"A caravan of {length}: no title ({first} needs {least})."

    def match_summary(self, view: dict) -> Group:
        """The caravans, the reserves and, in solo, the title reached."""
        table = Table()
        table.add_column("Player")
        table.add_column("Caravan", justify="right")
        table.add_column("Reserve", justify="right")
        solo = view["players"] == 1
        if solo:
            table.add_column("Title")
        for seat in range(view["players"]):
            length = len(view["caravans"][seat])
            row: list[Text | str] = [self.seat_label(seat), str(length), str(sum(view["reserves"][seat]))]
            if solo:
                row.append(view.get("title") or "no title (25 for Camel driver)")
            table.add_row(*row)
        lines: list[Table | Text] = [table]
        if solo:
            length = len(view["caravans"][0])
            earned = view.get("title")
            lines.append(Text(f"Title reached: {earned}" if earned else
                              f"No title: a caravan of {length} (Camel driver needs 25)", style="bold"))
        if view.get("end"):
            lines.append(Text(f"The game ended: {view['end']}.", style="dim"))
        return Group(*lines)

    # -- opponents' actions, one at a time ------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self.flash else 0.0

    def view_changed(self, previous: dict | None, view: dict, by_other: bool) -> None:
        self._mover = previous["to_move"] if previous else None
        changed: set[Cell] = set()
        after = self.picture
        if previous is not None and after is not None and (by_other or self.replaying):
            before = Picture(previous)
            changed = {cell for cell in after.cells if before.key(cell) != after.key(cell)}
            if changed and self.turn is None:
                focus = after.pos if after.pos in changed else min(changed, key=lambda c: (c[1], c[0]))
                self.query_one(HexBoard).bring_into_view(focus)
        self.flash = changed
        self._redraw_marks()

    # -- playing -----------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self._skipping = False
        self.hinted = None
        self._place_cursor()
        self._redraw_marks()
        if not self.query_one(ActionList).has_focus:
            self.query_one(HexBoard).focus()

    def _place_cursor(self) -> None:
        """Put the cursor where the decision is: the next piece's cell, the straight-on cell or
        the first open direction, the starting or standing cell nearest the cursor."""
        picture, view, board = self.picture, self.view, self.query_one(HexBoard)
        if picture is None or view is None:
            return
        cells = [c for a in self.legal if (c := action_cell(a, picture)) is not None]
        if not cells:
            return
        if picture.target is not None and picture.target in cells:
            board.set_cursor(picture.target)
            return
        pl = view["placement"]
        if pl is not None and pl["dir"] >= 0 and ("dir", pl["dir"]) in self.legal:
            ahead = action_cell(("dir", pl["dir"]), picture)
            if ahead is not None:
                board.set_cursor(ahead)
            return
        if pl is not None:
            board.set_cursor(cells[0])
            return
        mine = view["caravans"][self.seat] if self.seat is not None else []
        anchor = tuple(mine[-1][:2]) if mine else board.cursor
        board.set_cursor(min(cells, key=lambda c: (distance(c, anchor), c[1], c[0])))

    def act(self, action: Action) -> None:
        super().act(action)
        if self.turn is None:
            self.hinted = None
            self.flash = set()
            self._redraw_marks()

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        self.hinted = action
        self.hint_cells = self.plan_cells()
        cell = action_cell(action, self.picture) if self.picture else None
        if cell is not None:
            self.query_one(HexBoard).bring_into_view(cell)
        self._redraw_marks()

    def on_hex_board_chosen(self, event: HexBoard.Chosen) -> None:
        if self.turn is None:
            if self.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return
        here = self.actions_at(event.cell)
        if not here:
            self.notify("Nothing to play on this cell: the › marks show where.", severity="warning")
            return
        self.choose_among(here, "What do you lay here?")

    def _mine(self) -> bool:
        if self.turn is None:
            if not self.replaying and self.over is None:
                self.notify("It is not your turn.", severity="warning")
            return False
        return True

    def action_direction(self, d: int) -> None:
        if not self._mine():
            return
        if ("dir", d) in self.legal:
            self.act(("dir", d))
        elif any(a[0] == "dir" for a in self.legal):
            self.notify(f"Not {DIR_WORDS[d]}: that cell is taken, off the board or a dead end.",
                        severity="warning")
        else:
            self.notify("No turn here: the caravan goes straight on (it turns only after a Caravanserai "
                        "cell or a lying camel).", severity="warning")

    def action_block(self, colour: int) -> None:
        if not self._mine() or self.view is None:
            return
        pl = self.view["placement"]
        starts = pl is not None and not pl["left"]
        choices = [a for a in self.legal if a[0] == "good" and a[1] == colour] if starts else []
        if not choices:
            self.notify(f"No {COLOUR_NAMES[colour]} block can start here now.", severity="warning")
            return
        if len(choices) == 1:
            self.act(choices[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and self.turn is not None:
                self.act(choices[index])

        texts = [f"{a[2]} {COLOUR_NAMES[colour]} good{'s' if a[2] > 1 else ''}" for a in choices]
        self.app.push_screen(ChoiceScreen(f"Block {pl['block']}: how many?", texts), chosen)

    def action_piece(self, kind: str) -> None:
        if not self._mine():
            return
        if (kind,) in self.legal:
            self.act((kind,))
        else:
            what = "A camel" if kind == "camel" else "A lying camel"
            self.notify(f"{what} cannot go here now.", severity="warning")



def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


SCREEN = CaravanseraiScreen
