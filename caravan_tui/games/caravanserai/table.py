"""What the Caravanserai table shows: the hex board's glyphs and marks, the lines under it (the
market and the end, each seat's caravan and reserve, the placement in progress), the prompts and
the end of the match. ``screen.py`` adds the keys and the turns."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from caravan_tui.bus import SeatEnd, Update
from caravan_tui.engine import Action
from caravan_tui.screens.game import PausingGameScreen
from caravan_tui.screens.table_seat import fit_name

from .ai import prior
from .board_widget import Cell, HexBoard
from .explain import placement
from .geometry import COLOUR_NAMES, COLOURS, DIR_NAMES, DIR_WORDS, QR
from .legend import ladder_lines, legend_lines, legend_panel, title_line
from .picture import CHANGED, HINT, LAID, SELECT, Picture, action_cell, colour_text, notation, seat_style
from .rules import BOARD, PLACE, TITLES, CaravanseraiState, title
from .views import CaravanseraiView, letters
from .words import RESERVE_WORDS, SAFETY, SAFETY_WORDS, tie_break

#: a name's room in the seats' lines and the placement line
NAME_WIDTH = 13


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



class CaravanseraiTable(PausingGameScreen[CaravanseraiView]):

    DEFAULT_CSS = """
    #cs-board { border: round $primary; }
    #cs-board:focus { border: heavy $accent; }
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
        #: our turns skipped since our last decision, and why (shown on the placement line until
        #: our next turn)
        self.skipped: tuple[int, str] | None = None

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

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: CaravanseraiView) -> None:
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
        self._show_turn_line(view)
        self._update("#cs-legend", lengths if view["players"] == 1 else None, lambda: self.legend_text(view))
        self._show_cursor()

    def _show_turn_line(self, view: CaravanseraiView) -> None:
        lengths = [len(c) for c in view["caravans"]]
        key = (view["to_move"], view["placement"], view["last"], lengths, self.names, self.skipped)
        self._update("#cs-turn", key, lambda: self.placement_text(view))

    def _update(self, selector: str, key, make) -> None:
        key = repr(key)
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self.query_one(selector, Static).update(make(), layout=False)

    def legend_text(self, view: CaravanseraiView) -> Text:
        lines = legend_lines()
        if view["players"] == 1:
            lines += [Text("")] + ladder_lines(len(view["caravans"][0]))
        return Text("\n").join(lines)

    def title_text(self, view: CaravanseraiView) -> str:
        mover = view["to_move"]
        if mover is None:
            return "Game over"
        who = "Your turn" if mover == self.seat and not self.replaying else f"{self.seat_name(mover)} to play"
        if view["stage"] == "start":
            return f"{who} · starting camels"
        return f"{who} · round {view['round']}"

    def info_text(self, view: CaravanseraiView) -> Text:
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

    def seats_table(self, view: CaravanseraiView) -> Table:
        """One line a seat: whose turn, the name, the caravan's length, the reserve."""
        table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_header=False,
                      expand=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True, justify="right")
        table.add_column(no_wrap=True)
        for seat in range(view["players"]):
            marker = Text("▶" if view["to_move"] == seat else " ", style="bold")
            marker.append(str(seat + 1), style=seat_style(seat))
            length = Text("len ", style="dim")
            length.append(str(len(view["caravans"][seat])), style="bold")
            name = Text(self.player_name(seat, NAME_WIDTH), style="bold" if seat == self.seat else "")
            table.add_row(marker, name, length, reserve_text(view["reserves"][seat]))
        return table

    def who(self, seat: int) -> Text:
        """A seat as short as the one line allows: "You", else its short name in its colour."""
        if seat == self.seat and not self.replaying:
            return Text("You", style="bold")
        return Text(fit_name(self.names[seat] if seat < len(self.names) else f"Player {seat + 1}", NAME_WIDTH),
                    style=seat_style(seat))

    def placement_text(self, view: CaravanseraiView) -> Text:
        """The placement in progress and the caravan a camel would give now; else the last one;
        while our turns are skipped, that and why. The figure that matters comes first, so the
        one line at 80 columns keeps it when it cuts the pieces off the end."""
        pl, mover = view["placement"], view["to_move"]
        if self.skipped is not None and mover != self.seat:
            times, why = self.skipped
            text = self.who(self.seat) if self.seat is not None else Text("")
            text.append(f": skipped{f' ×{times}' if times > 1 else ''} ", style="bold reverse")
            text.append(f"({why})")
            return text
        if pl is not None and mover is not None:
            text = self.who(mover)
            placed, omitted, length = pl["placed"], pl["omitted"], len(view["caravans"][mover])
            left = pl["left"]
            if left:  # inside a block: it must be finished first
                out = pl["on_caravanserai"] and pl["all_match"] and not pl["declined"]
                text.append(" · ")
                text.append(f"+{left}{COLOURS[pl['colour']]}", style="bold")
                text.append(" then camel: ", style="dim")
                placed += left
                omitted += pl["size"] if out else 0
            else:
                text.append(" · camel now: ", style="dim")
            text.append(f"caravan {length}→{length + omitted}", style="bold")
            text.append(f", count {placed + 1 - omitted}")
            laid = notation(letters(pl["laid"]))
            if laid:
                text.append(f" · laid {laid}", style="dim")
            return text
        last = view["last"]
        if last is not None:
            text = self.who(last["seat"])
            text.append(": ")
            text.append(f"caravan {len(view['caravans'][last['seat']])}", style="bold")
            text.append(f", count {last['count']}")
            text.append(f" · laid {notation(letters(last['laid']))}", style="dim")
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

    def plan_world(self) -> CaravanseraiState | None:
        """The position once the hint's whole placement is laid."""
        now = self._world
        if not isinstance(now, CaravanseraiState) or self.seat is None or not self.hint_plan:
            return None
        world = now.clone()
        for action in placement(world, self.seat, self.hint_plan, prior):
            world.apply(action, False)
        return world

    def boxed_in(self, world: CaravanseraiState) -> str | None:
        """Why our caravan could not place after ``world``'s turn ended (None: it can, or the
        game is over)."""
        if self.seat is None or world.is_over() or world.turn == self.seat:
            return None
        return world.stuck(self.seat)

    def hint_warning(self, action: Action) -> str | None:
        world = self.plan_world()
        why = None if world is None else self.boxed_in(world)
        if why is None:
            return None
        return f"Careful: the placement suggested below boxes your caravan in ({why}): you would be skipped."

    def plan_cells(self) -> set[Cell]:
        """Every cell the hint's whole plan puts something on: the starting camel, each piece of
        the placement (a board good used or declined included, and pieces the final camel takes
        back from the tail) and each market good stood after it; the board previews them all."""
        now, seat = self._world, self.seat
        if not isinstance(now, CaravanseraiState) or seat is None or not self.hint_plan:
            return set()
        world, cells = now.clone(), set()
        turns = now.turns
        for action in placement(world, seat, self.hint_plan, prior):
            placing = world.stage in (PLACE, BOARD)
            if action[0] == "start":
                cells.add((action[1], action[2]))
            elif action[0] == "stand":
                cells.add((action[2], action[3]))
            world.apply(action, False)
            if not placing:
                continue
            # the step ended the placement (solo: the next may have begun): its pieces are ``last``'s
            ended = world.stage not in (PLACE, BOARD) or world.turns != turns
            laid = world.last[2] if ended and world.last is not None else world.laid
            cells |= {QR[cell] for cell, _ in laid}
        return cells - {QR[cell] for cell, _ in now.laid}

    def _redraw_marks(self) -> None:
        self.query_one(HexBoard).show(marks=self._marks(), flash=self.flash)
        self._show_cursor()

    def _show_cursor(self) -> None:
        board = self.query_one(HexBoard)
        if self.picture is not None:
            more = board.more()
            where = self.picture.describe_cell(board.cursor, lambda seat: self.words(f"{{p{seat}:'s}}"))
            if self.hinted is not None and (board.cursor in self.hint_cells
                                            or board.cursor == action_cell(self.hinted, self.picture)):
                where += f" {HINT} hint"  # the cursor's brackets hide the cell's mark
            board.border_subtitle = Text(f"{more} {where}" if more else where)
        self.show_status()

    def on_hex_board_panned(self, event: HexBoard.Panned) -> None:
        self._show_cursor()

    def show_status(self) -> None:
        """As the table's, but only when the line changes, and without a layout (it is one line)."""
        text = self.status_text()
        key = (text.plain, str(text.style), repr(text.spans))
        if key != self._shown.get("#status"):
            self._shown["#status"] = key
            self.query_one("#status", Static).update(text, layout=False)

    def prompt(self, view: CaravanseraiView) -> str:
        """What the decision is, and its keys."""
        stage = view["stage"]
        if stage == "start":
            return "Your starting camel: enter on a › cell"
        if stage == "stand":
            return f"Stand goods ({view['stands']} left): enter on a ›"
        if stage == "board":
            return "A board good: enter uses it, n declines it"
        if any(a[0] == "dir" for a in self.legal):
            return "Head where? w e a d z x (0-5) or enter on ›"
        keys = "c camel · W K P R Y block"
        if ("lying",) in self.legal:
            keys += " · L lying"
        return keys

    def short(self, action: Action, view: CaravanseraiView, here: bool = True) -> str:
        """An action in a few words: on the board, whose frame names the cell, "here"; else the
        cell it plays on, "(3,3)"."""
        kind = action[0]
        at = "here"
        if not here and self.picture is not None and (cell := action_cell(action, self.picture)) is not None:
            at = f"at ({cell[0]},{cell[1]})"
        if kind == "dir":
            return f"head {DIR_WORDS[action[1]]} ({DIR_NAMES[action[1]]})"
        if kind == "start":
            return f"start {at}"
        if kind == "stand":
            return f"stand a {COLOUR_NAMES[action[1]]} good {at}"
        if kind == "camel":
            pl = view["placement"]
            count = f": count {pl['placed'] + 1 - pl['omitted']}" if pl is not None else ""
            return f"end with a camel {at}{count}"
        return self.describe(action)

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Solo has no winner: the headline is the caravan's length and the title it earns. Between
        players, a tie on length says how it was broken: "26–26; you win on the reserve tie-break"."""
        if len(names) != 1:
            view = self.view
            winner = max(range(len(outcome)), key=lambda seat: outcome[seat])
            if view is None or view["phase"] != "over" or max(outcome) <= 0:
                return super().result_headline(names, scores, outcome)
            lengths = [len(caravan) for caravan in view["caravans"]]
            how = tie_break(lengths, [sum(reserve) for reserve in view["reserves"]], winner)
            if not how:
                return super().result_headline(names, scores, outcome)
            tied = "–".join(str(length) for length in sorted(lengths, reverse=True) if length == lengths[winner])
            return self.words(f"{tied}; {{p{winner}}} win{{p{winner}:s}} {how}.")
        length = int(scores[0])
        earned = title(length)
        if earned:
            return f"A caravan of {length}: {earned}!"
        least, first = TITLES[-1]
        return f"A caravan of {length}: no title ({first} needs {least})."

    def match_summary(self, view: CaravanseraiView) -> Group:
        """The caravans, the reserves (what the column means) and, in solo, the title reached
        and the ladder of titles."""
        solo = view["players"] == 1
        table = Table(caption=RESERVE_WORDS if solo else f"{RESERVE_WORDS}; it breaks a tie on length")
        table.add_column("Player")
        table.add_column("Caravan", justify="right")
        table.add_column("Reserve", justify="right")
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
            lines += ladder_lines(length)
        if view["end"]:
            lines.append(Text(f"The game ended: {view['end']}.", style="dim"))
            trigger = view["trigger"]
            if trigger is not None:
                seat = trigger[0]
                lines.append(Text(self.words(f"It began to end when {{p{seat}}} took the last good from the "
                                             "market: that round was finished, then every seat played once more."),
                                  style="dim"))
            if view["end"] == SAFETY:
                lines.append(Text(SAFETY_WORDS, style="dim"))
        return Group(*lines)

    # -- opponents' actions, one at a time ------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self.flash else 0.0

    def view_changed(self, previous: CaravanseraiView | None, view: CaravanseraiView, by_other: bool) -> None:
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
        self.note_skips(previous, view)

    def note_skips(self, previous: CaravanseraiView | None, view: CaravanseraiView) -> None:
        """Count our turns the rules skipped between two views (the turns begun in between, ours
        among them, are past), and why: the placement line says so until our next turn."""
        world, seat = self._world, self.seat
        if (previous is None or seat is None or self.replaying or view["over"]
                or not isinstance(world, CaravanseraiState)):
            return
        mover, players = previous["to_move"], view["players"]
        begun = view["turns"] - previous["turns"]  # the last one begun is the turn now
        if mover is None or begun < 2:
            return
        times = sum(1 for k in range(1, begun) if (mover + k) % players == seat)
        if times:
            before = self.skipped[0] if self.skipped else 0
            self.skipped = (before + times, world.stuck(seat) or "no placement was possible then")
            self._show_turn_line(view)
