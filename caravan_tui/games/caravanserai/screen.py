"""The Caravanserai table: the hex board with a cursor, the placement in progress, the reserves,
the market and the end (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
Each cell shows two characters (spec §11.7), so colour is never the only cue:

- `` ·`` desert; ``·R`` an empty red Caravanserai cell; ``◆R`` a red board good on one;
- ``2R`` a red good of seat 2's caravan, ``2C`` a camel, ``2L`` a lying camel; the head camel is
  in reverse video; ``+`` before a piece marks the placement in progress (the preview).

The marks before a cell: ``›`` Enter here plays something, ``1 2 3``… the cells of the hint's
plan in its order (``★`` its play where it fills none), ``*`` changed by the opponent's latest
action. The cursor is ``[..]``.

A placement is built from the board or the keys: direction keys (``w e a d z x`` around ``s``,
the keyboard's own hex, or ``0``-``5`` as in the rules: E NE NW W SW SE) choose where the caravan
heads when it may turn; at a block boundary ``c`` lays the final camel, ``W K P R Y`` start a
block of that colour and ``L`` lays a lying camel (expert). Enter on a cell marked ``›`` plays
what that cell allows (a chooser when several things do). The plays list (tab) has every legal
action in words. Whichever way a play is made, it asks first when the engine would then lay the
rest of the placement unseen (only one way on), or when it leaves the caravan boxed in. Under
the board: the market and the end, each seat's caravan and reserve, and
the placement in progress with the count a camel would give now. ``l`` shows the whole legend.
Opponents' actions are shown one at a time, ``app.move_pause`` apart; a key skips the rest.
"""

from __future__ import annotations

from typing import cast

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from caravan_tui.bus import Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList, MatchLog

from .ai import prior
from .board_widget import Cell, HexBoard
from .explain import placement
from .geometry import COLOUR_NAMES, COLOURS, DIR_NAMES, DIR_WORDS, QR
from .legend import legend_panel
from .looks import aim_at_decision, board_look
from .picture import HINT, Picture, action_cell, notation
from .rules import BOARD, DECLINE, PLACE, TITLES, USE, CaravanseraiState, pieces_text, title
from .table import CaravanseraiTable, final_table, forecast, info_text, legend_text, placement_text, seats_table
from .views import CaravanseraiView, letters, piece
from .words import SAFETY, STAGE_FIRST, block_problem, forced_words, piece_problem, tie_break

#: direction keys: the keyboard's hex around ``s`` (w e / a d / z x), and the rules' 0-5
DIRECTION_KEYS = {"d": 0, "e": 1, "w": 2, "a": 3, "z": 4, "x": 5}


class CaravanseraiScreen(GameScreen[CaravanseraiView]):
    BINDINGS = [
        *(Binding(key, f"direction({d})", DIR_NAMES[d], show=False) for key, d in DIRECTION_KEYS.items()),
        *(Binding(str(d), f"direction({d})", DIR_NAMES[d], show=False) for d in range(6)),
        *(
            Binding(letter, f"block({colour})", f"{COLOUR_NAMES[colour]} block", show=False)
            for colour, letter in enumerate(COLOURS)
        ),
        Binding("c", "piece('camel')", "Camel", show=False, tooltip="End the placement with a camel"),
        Binding("L", "piece('lying')", "Lying camel", show=False, tooltip="Lay a lying camel (expert)"),
        Binding("n", "decline", "Decline", show=False, tooltip="Decline the board good (it goes to the market)"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"direction", "block", "piece", "decline"}
    PAUSE_EACH_ACTION = True
    STATUS_LINES = 2  # a play from the list in words ("Start block 2: 3 black goods, the first on (2,-5)…")
    TABLE = CaravanseraiTable
    PANELS_BESIDE = True  # (the board takes the column's height: over it, the hint hid its lower rows)

    # the side column leaves the board the room of the solo and two-player boards (52 columns)
    # at 80 (the whole legend fits its 28); the board's frame keeps its top and foot, where its
    # title and the cell under the cursor are, not its sides
    CSS = """
    CaravanseraiScreen #side { width: 28; }
    """
    DEFAULT_CSS = """
    #cs-board { border: round $primary; border-left: none; border-right: none; }
    #cs-board:focus { border: heavy $accent; border-left: none; border-right: none; }
    #cs-info, #cs-seats, #cs-turn { padding: 0 1; }
    #cs-turn { color: $text-muted; height: auto; max-height: 2; }
    #cs-legend { height: 1fr; color: $text-muted; overflow: hidden; padding: 0 1; text-wrap: nowrap; }
    /* 1fr is never less than a row: docked, the status line stays in view when nothing is left */
    #status { dock: bottom; }
    #hint-panel { max-height: 15; }
    """

    @property
    def table(self) -> CaravanseraiTable:
        return cast(CaravanseraiTable, self.table_state)  # (``TABLE``: the state is made as one)

    @property
    def picture(self) -> Picture | None:
        """What the latest view puts on each cell."""
        return self.table.picture

    def spare_rows(self) -> int:
        """Rows the column needs besides the board and the docked status line: the info
        line(s), a line a seat and the placement line."""
        players = self.client.players
        return (2 if players == 1 else 1) + players + 1

    def compose_board(self) -> ComposeResult:
        yield self.board(HexBoard(spare_rows=self.spare_rows(), id="cs-board"), board_look)
        players = self.client.players
        # fixed heights: their updates then never lay the screen out again
        for name, height, text in (
            ("info", 2 if players == 1 else 1, lambda view, _: info_text(view)),
            ("seats", players, lambda view, _: seats_table(view, self.table)),
        ):
            line = self.table_text(text, id=f"cs-{name}")
            line.styles.height = height
            yield line
        # the placement's figures and pieces: a second row, from the legend's, when one is too few
        yield self.table_text(lambda view, _: placement_text(view, self.table), id="cs-turn")
        yield self.table_text(lambda view, _: legend_text(view), id="cs-legend")

    def legend(self) -> Text:
        return legend_panel()

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: CaravanseraiView) -> None:
        self.show_status()  # (the board draws the view from the table)

    def plan_world(self) -> CaravanseraiState | None:
        """The position once the hint's whole placement is laid."""
        now = self.table.world
        if not isinstance(now, CaravanseraiState) or self.seat is None or not self.table.hint_plan:
            return None
        world = now.clone()
        for action in placement(world, self.seat, self.table.hint_plan, prior):
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

    def plan_cells(self, trail: list[Action]) -> tuple[Cell, ...]:
        """Every cell the hint's whole plan (``trail``: its steps from here) puts something on,
        in the order it does: the starting camel, each piece of the placement as it is laid (a
        board good used or declined included, the final camel last), then each market good stood
        after it; the board numbers them so, and the route can be followed piece by piece."""
        now, seat = self.table.world, self.seat
        if not isinstance(now, CaravanseraiState) or seat is None or not trail:
            return ()
        world, cells = now.clone(), list[Cell]()
        done = {QR[cell] for cell, _ in now.laid}
        turns, head = now.turns, now.head

        def add(cell: Cell) -> None:
            if cell not in done and cell not in cells:
                cells.append(cell)

        for action in trail:
            placing = world.stage in (PLACE, BOARD)
            if action[0] == "start":
                add((action[1], action[2]))
            elif action[0] == "stand":
                add((action[2], action[3]))
            world.apply(action, False)
            if not placing:
                continue
            # the step ended the placement (solo: the next may have begun): its pieces are ``last``'s
            ended = world.stage not in (PLACE, BOARD) or world.turns != turns
            last = world.last
            laid = last[2] if ended and last is not None and last[1] == head else () if ended else world.laid
            for cell, _ in laid:
                add(QR[cell])
        return tuple(cells)

    def _redraw_marks(self) -> None:
        """What may be chosen changed: the board draws itself again from the table."""
        self.table_changed()
        self.show_status()

    def prompt(self, view: CaravanseraiView) -> str:
        """What the decision is, and its keys."""
        stage = view["stage"]
        if stage == "start":
            return "Your starting camel: enter on a › cell"
        if stage == "stand":
            return f"Stand goods ({view['stands']} left): enter on a ›"
        if stage == "board":
            return "A board good: enter uses it, n declines it"
        if any(a[0] == "dir" for a in self.table.legal):
            return "Head where? w e a d z x (0-5) or enter on ›"
        return " · ".join(self.piece_keys())

    def piece_keys(self) -> list[str]:
        """The keys that lay a piece now, a group each (the Enter line adds those it has room for)."""
        keys = ["c camel · WKPRY block"]
        if ("lying",) in self.table.legal:
            keys.append("L lying")
        return keys

    def enter_line(self, enter: str, *keys: str) -> Text:
        """The Enter line: what Enter does, then the key groups that fit its one row (a second
        row would hide the placement line's)."""
        width = self.query_one("#status").content_size.width or 46
        text = enter
        for part in keys:
            if len(text) + 3 + len(part) > width:
                break
            text += f" · {part}"
        return Text(text, style="bold")

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
            view = self.table.view
            winner = max(range(len(outcome)), key=lambda seat: outcome[seat])
            if view is None or view["phase"] != "over" or max(outcome) <= 0:
                return super().result_headline(names, scores, outcome)
            lengths = [len(caravan) for caravan in view["caravans"]]
            how = tie_break(lengths, [sum(reserve) for reserve in view["reserves"]], winner)
            if not how:
                return super().result_headline(names, scores, outcome)
            tied = "–".join(str(length) for length in sorted(lengths, reverse=True) if length == lengths[winner])
            return self.table.words(f"{tied}; {{p{winner}}} win{{p{winner}:s}} {how}.")
        length = int(scores[0])
        earned = title(length)
        if earned:
            return f"A caravan of {length}: {earned}!"
        least, first = TITLES[-1]
        return f"A caravan of {length}: no title ({first} needs {least})."

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self.table.flash or self.table.news else 0.0

    def view_changed(self, previous: CaravanseraiView | None, view: CaravanseraiView, by_other: bool) -> None:
        self.pause.mover = previous["to_move"] if previous else None
        changed: set[Cell] = set()
        after = self.picture
        if previous is not None and after is not None and (by_other or self.replaying):
            before = Picture(previous)
            changed = {cell for cell in after.cells if before.key(cell) != after.key(cell)}
            if changed and self.table.turn is None:
                focus = after.pos if after.pos in changed else min(changed, key=lambda c: (c[1], c[0]))
                self.table.show_cell(focus)
        self.table.flash = changed
        self.say_forced(by_other)
        self._redraw_marks()
        self.note_missed_turns(previous, view)

    def say_forced(self, by_other: bool) -> None:
        """The view after our choice: the steps the rules then played for us go into the log and
        under the board (until our next choice); another's move ends them."""
        table = self.table
        if by_other or self.replaying:
            table.forcing = table.forced = None
        elif table.forcing is not None:
            words, letters = table.forcing
            self.query_one(MatchLog).add([f"The rules then laid for you, the only way on: {words}."])
            table.forced, table.forcing = letters, None

    def forced_news(self, action: Action, short: bool = False) -> tuple[str, list[str]]:
        """What the rules play by themselves after ``action``: our steps of this turn, in words
        (``short``: in the board's letters), and our later turns laid whole for us."""
        world, seat = self.table.world, self.seat
        if not isinstance(world, CaravanseraiState) or seat is None or action not in self.table.legal:
            return "", []
        colour = action[1] if action[0] == "good" else world.bcol
        return forced_words(world.forced_after(action), seat, world.turns, colour, short)

    def note_missed_turns(self, previous: CaravanseraiView | None, view: CaravanseraiView) -> None:
        """Our turns that passed between two views with no decision of ours (the turns begun in
        between, ours among them, are past): skipped by the rules, and why, or laid for us (the
        only move). The status line says so while the view is on show, the placement line until
        our next turn."""
        table, world, seat = self.table, self.table.world, self.seat
        table.news = None
        if (
            previous is None
            or seat is None
            or self.replaying
            or view["over"]
            or not isinstance(world, CaravanseraiState)
        ):
            return
        mover, players = previous["to_move"], view["players"]
        begun = view["turns"] - previous["turns"]  # the last one begun is the turn now
        if mover is None or begun < 2:
            return
        times = sum(1 for k in range(1, begun) if (mover + k) % players == seat)
        last = view["last"]
        # a placement of ours we did not make: not the one our own decision ended (its head camel
        # is the one we had)
        if (
            times
            and last is not None
            and last["seat"] == seat
            and last != previous["last"]
            and (mover != seat or tuple(last["head"]) != piece(previous["caravans"][seat][-1])[:2])
        ):
            table.played_for_us = notation(letters(last["laid"]))
            table.news = f"Your turn was laid for you: {table.played_for_us}, the only move"
            times -= 1
        if times:
            before = table.skipped[0] if table.skipped else 0
            why = world.stuck(seat) or "no placement was possible then"
            table.skipped = (before + times, why)
            table.news = f"Your turn was skipped: {why}"

    def match_summary(self, view: CaravanseraiView) -> Group:
        return final_table(view, self.table)

    def on_mount(self) -> None:  # (the status line follows the cursor: ``GameScreen.selection_changed``)
        self.query_one(HexBoard).focus()

    def actions_at(self, cell: Cell) -> list[Action]:
        if self.table.turn is None or self.picture is None:
            return []
        return [a for a in self.table.legal if action_cell(a, self.picture) == cell]

    def enter_action(self) -> Action | None:
        """On the board: the one play at the cursor (a board good: using it); several plays there
        open a chooser (None)."""
        board = self.focused
        if not isinstance(board, HexBoard) or self.table.turn is None:
            return super().enter_action()
        here = self.actions_at(board.cursor)
        if USE in here:
            return USE
        return here[0] if len(here) == 1 else None

    def status_text(self) -> Text:
        """What Enter does for the focused widget: the plays list's highlighted play, or what the
        board offers at its cursor; while others play, what just happened to our turn or what
        our next turn looks like as the board stands."""
        if self.pause.pausing is not None and self.table.news is not None:
            return Text(f"{self.table.news} (any key goes on)", style="bold reverse")
        if self.pause.pausing is not None:
            seat = self.pause.pausing
            return Text(self.table.words(f"{{p{seat}}} {{p{seat}:is}} playing… (any key skips)"))
        view = self.table.view
        if self.table.turn is None or self.table.over is not None or view is None:
            ahead = forecast(view, self.table) if view is not None and self.table.over is None else None
            base = super().status_text()
            return Text.assemble((ahead, "bold"), " · ", base) if ahead else base
        focused = self.focused
        if isinstance(focused, ActionList):
            action = focused.highlighted_action
            return Text(f"enter: {self.short(action, view, here=False)}" if action else "tab: the board", style="bold")
        if not isinstance(focused, HexBoard):
            return Text(self.prompt(view), style="bold")
        here, pl = self.actions_at(focused.cursor), view["placement"]
        if USE in here and pl is not None:
            colour = COLOUR_NAMES[pl["colour"]]
            return self.enter_line(f"enter: use the {colour} board good", *(["n declines"] if DECLINE in here else []))
        if len(here) == 1:
            return self.enter_line(
                f"enter: {self.short(here[0], view)}", *(["or w e a d z x"] if here[0][0] == "dir" else [])
            )
        if any(a[0] in ("good", "camel", "lying") for a in here):
            return self.enter_line("enter: choose a piece", *self.piece_keys())
        if here:
            return Text(f"enter: choose one of {len(here)} plays here", style="bold")
        return self.enter_line(
            "enter: nothing here (a › cell plays)", *(self.piece_keys() if view["stage"] == "place" else [])
        )

    def on_descendant_focus(self) -> None:
        self.show_status()

    def on_option_list_option_highlighted(self) -> None:
        self.show_status()

    # -- playing -----------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self.pause.our_turn()
        self.follow_trail()
        self.table.skipped = self.table.played_for_us = None  # (the placement line shows our placement now)
        aim_at_decision(self.table)
        self._redraw_marks()
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(HexBoard))

    def follow_trail(self) -> None:
        """At our next decision, the hint's plan stays starred while we follow it: its next step
        is the hinted play (the plays list stars it too) and the cells of the rest stay marked;
        a step off the plan ends it."""
        table = self.table
        world, seat = table.world, self.seat
        if table.trail and table.trail[0] in table.legal and isinstance(world, CaravanseraiState) and seat is not None:
            table.trail = placement(world, seat, table.trail, prior)
            table.hinted = table.hint_action = table.trail[0]
            table.hint_cells = self.plan_cells(table.trail)
        else:
            table.trail, table.hinted = [], None

    def act(self, action: Action) -> None:
        words, letters = (
            "; ".join([now] * bool(now) + [f"your next turn: {turn}" for turn in later])
            for now, later in (self.forced_news(action), self.forced_news(action, short=True))
        )
        self.table.forcing = (words, letters) if words else None
        self.table.forced = None
        super().act(action)
        trail = self.table.trail
        self.table.trail = trail[1:] if trail and trail[0] == action else []
        if self.table.turn is None:
            self.table.hinted = None
            self.table.flash = set()
            self._redraw_marks()

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        world = self.table.world
        self.table.trail = (
            placement(world, self.seat, self.table.hint_plan, prior)
            if isinstance(world, CaravanseraiState) and self.seat is not None
            else []
        )
        self.table.hinted = action
        self.table.hint_cells = self.plan_cells(self.table.trail)
        cell = action_cell(action, self.picture) if self.picture else None
        if cell is not None:
            self.table.show_cell(cell)
        self._redraw_marks()

    def on_hex_board_chosen(self, event: HexBoard.Chosen) -> None:
        if not self.decides_now():
            return
        here = self.actions_at(event.cell)
        if not here:
            self.notify("Nothing to play on this cell: the › marks show where.", severity="warning")
            return
        if USE in here:  # one Enter uses the board good; n declines it
            self.play(USE)
            return
        self.play_among(here, "What do you lay here?", [self.describe(a) + self.starred(a) for a in here])

    def starred(self, action: Action) -> str:
        """ " ★ hint" after the hinted play in a question (its choices name the plays)."""
        return f"  {HINT} hint" if action == self.table.hinted else ""

    def play_among(self, actions: list[Action], question: str, texts: list[str]) -> None:
        """Play the only action (``play``: asking first where it must), or ask which one is meant."""
        if len(actions) == 1:
            self.play(actions[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and self.table.turn is not None:
                self.play(actions[index])

        self.app.push_screen(ChoiceScreen(question, texts), chosen)

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        """Enter in the plays list: as any other way of playing, it asks before steps not seen."""
        event.prevent_default()  # (the table's own handler would play it without asking)
        self.play(event.action)

    def action_direction(self, d: int) -> None:
        if not self.decides_now():
            return
        if ("dir", d) in self.table.legal:
            self.play(("dir", d))
        elif self.table.view is not None and self.table.view["stage"] in STAGE_FIRST:
            self.notify(f"Not {DIR_WORDS[d]} now: {STAGE_FIRST[self.table.view['stage']]}.", severity="warning")
        elif any(a[0] == "dir" for a in self.table.legal):
            self.notify(f"Not {DIR_WORDS[d]}: that cell is taken, off the board or a dead end.", severity="warning")
        else:
            self.notify(
                "No turn here: the caravan goes straight on (it turns only after a Caravanserai "
                "cell or a lying camel).",
                severity="warning",
            )

    def play(self, action: Action) -> None:
        """Play ``action`` as the player chose it (a key, Enter on the board or in the plays list,
        a chooser); ask first if it finishes the placement with steps the player never saw (the
        engine lays a forced rest itself), or ends the turn with our caravan boxed in."""
        asked = self.question_before(action)
        if asked is None:
            self.act(action)
            return
        question, boxed = asked

        def answered(yes: bool | None) -> None:
            if yes and self.table.turn is not None and action in self.table.legal:
                self.act(action)

        # Enter plays a placement's forced rest, as Enter plays each of its steps; a move that
        # boxes our caravan in waits for a "y"
        self.app.push_screen(
            ConfirmScreen(question + "Play it?", yes="Play it", no="Not yet", yes_first=not boxed), answered
        )

    def question_before(self, action: Action) -> tuple[str, bool] | None:
        """What to ask before ``action``, and whether it boxes our caravan in (None: play it at
        once)."""
        world, seat = self.table.world, self.seat
        if not isinstance(world, CaravanseraiState) or seat is None or action not in world.legal_actions():
            return None
        after = world.clone()
        after.apply(action, log=False)
        ends = after.turns != world.turns or after.is_over()
        placed = after.stage not in (PLACE, BOARD) or after.turns != world.turns  # the placement is over
        question = ""
        if world.stage in (PLACE, BOARD) and placed and action[0] != "camel" and after.last is not None:
            laid, length = pieces_text(after.last[2]), len(after.caravans[seat])
            each = (
                "two market goods for each camel taken back (solo)"
                if world.n == 1
                else "a market good for each camel taken back"
            )
            then = "your turn ends" if ends else f"then you stand {each}"
            question = (
                f"After “{self.describe(action)}” only one way on is left: the rest of this placement "
                f"is laid for you ({laid}) and {then}, your caravan at {length}. "
            )
        # what the placement leaves is said as it ends (at its camel), never at a stand after it:
        # a good stood on the board blocks no caravan, so every stand leaves the same
        settles = action[0] != "stand" and (ends or (placed and world.stage in (PLACE, BOARD)))
        boxed = None
        if settles and not after.is_over() and world.n > 1:
            boxed = self.boxed_in(after) if ends else after.stuck(seat)
        if after.is_over() and after.end is not None:
            why = "no caravan can move any more" if after.end == SAFETY else after.end
            said = "" if question else f", your caravan at {len(after.caravans[seat])}"  # (its length once)
            question += f"This ends the match ({why}){said}. "
        elif boxed:
            question += f"This leaves your caravan boxed in ({boxed}): your turns would be skipped. "
        elif settles and world.n > 1 and not after.is_over() and len(self.open_by_head(after, seat)) == 1:
            question += (
                "This leaves one open cell next to your head: if another player's caravan takes it, "
                "your turns are skipped until a cell there frees. "
            )
        _, later = self.forced_news(action)
        if later:  # (never a whole turn played for the player unannounced)
            turns = "your next turn" if len(later) == 1 else f"your next {len(later)} turns"
            question += f"Then the rules lay {turns} for you, the only move: {'; '.join(later)}. "
        return (question, bool(boxed)) if question else None

    @staticmethod
    def open_by_head(world: CaravanseraiState, seat: int) -> list[Cell]:
        """The open cells next to ``seat``'s head camel in ``world``."""
        view = cast(CaravanseraiView, world.view(seat))  # (what the engine's views are: the contract test)
        return Picture(view).open_around(piece(view["caravans"][seat][-1])[:2])

    def action_block(self, colour: int) -> None:
        """A block key always asks, the same each time: "how many?" where the first block may
        have 1 or 2 goods, else the one size it must have; Enter (or the size's digit) lays it,
        escape lays nothing. So an Enter pressed for the question never plays a step."""
        if not self.decides_now() or self.table.view is None:
            return
        pl = self.table.view["placement"]
        starts = pl is not None and not pl["left"]
        choices = [a for a in self.table.legal if a[0] == "good" and a[1] == colour] if starts else []
        if not choices:
            self.notify(block_problem(colour, self.table.view, self.table.legal), severity="warning")
            return
        goods = [f"{a[2]} {COLOUR_NAMES[colour]} good{'s' if a[2] > 1 else ''}" for a in choices]
        block = pl["block"] if pl is not None else 1
        question = (
            f"Block {block}: how many?"
            if len(choices) > 1
            else f"Block {block} has {goods[0]}: enter lays {'them' if choices[0][2] > 1 else 'it'}"
        )
        texts = [words + self.starred(a) for words, a in zip(goods, choices, strict=True)]

        def chosen(index: int | None) -> None:
            if index is not None and self.table.turn is not None and choices[index] in self.table.legal:
                self.play(choices[index])

        self.app.push_screen(ChoiceScreen(question, texts, [str(a[2]) for a in choices]), chosen)

    def action_piece(self, kind: str) -> None:
        if not self.decides_now():
            return
        if (kind,) in self.table.legal:
            self.play((kind,))
        elif self.table.view is not None:
            self.notify(piece_problem(kind, self.table.view, self.table.legal), severity="warning")

    def action_decline(self) -> None:
        if not self.decides_now():
            return
        if DECLINE in self.table.legal:
            self.play(DECLINE)
        elif USE in self.table.legal:
            self.notify(
                "This board good cannot be declined: the block would then have no way to go on "
                "(or you have no reserve good of its colour). Enter uses it.",
                severity="warning",
            )
        else:
            self.notify("There is no board good to decline now.", severity="warning")


SCREEN = CaravanseraiScreen
