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
action in words. Whichever way a play is made, it asks first when the engine would then lay the
rest of the placement unseen (only one way on), or when it leaves the caravan boxed in. Under
the board: the market and the end, each seat's caravan and reserve, and
the placement in progress with the count a camel would give now. ``l`` shows the whole legend.
Opponents' actions are shown one at a time, ``app.move_pause`` apart; a key skips the rest.
"""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .board_widget import Cell, HexBoard
from .geometry import COLOUR_NAMES, COLOURS, DIR_NAMES, DIR_WORDS
from .picture import action_cell, distance
from .rules import BOARD, DECLINE, PLACE, USE, CaravanseraiState, pieces_text
from .table import CaravanseraiTable
from .views import piece
from .words import STAGE_FIRST, piece_problem

#: direction keys: the keyboard's hex around ``s`` (w e / a d / z x), and the rules' 0-5
DIRECTION_KEYS = {"d": 0, "e": 1, "w": 2, "a": 3, "z": 4, "x": 5}


class CaravanseraiScreen(CaravanseraiTable):
    BINDINGS = [
        *(Binding(key, f"direction({d})", DIR_NAMES[d], show=False) for key, d in DIRECTION_KEYS.items()),
        *(Binding(str(d), f"direction({d})", DIR_NAMES[d], show=False) for d in range(6)),
        *(Binding(letter, f"block({colour})", f"{COLOUR_NAMES[colour]} block", show=False)
          for colour, letter in enumerate(COLOURS)),
        Binding("c", "piece('camel')", "Camel", show=False, tooltip="End the placement with a camel"),
        Binding("L", "piece('lying')", "Lying camel", show=False, tooltip="Lay a lying camel (expert)"),
        Binding("n", "decline", "Decline", show=False, tooltip="Decline the board good (it goes to the market)"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"direction", "block", "piece", "decline"}

    def on_mount(self) -> None:
        board = self.query_one(HexBoard)
        board.focus()
        self.watch(board, "cursor", self._show_cursor)

    def actions_at(self, cell: Cell) -> list[Action]:
        if self.turn is None or self.picture is None:
            return []
        return [a for a in self.legal if action_cell(a, self.picture) == cell]

    def enter_action(self) -> Action | None:
        """On the board: the one play at the cursor (a board good: using it); several plays there
        open a chooser (None)."""
        board = self.focused
        if not isinstance(board, HexBoard) or self.turn is None:
            return super().enter_action()
        here = self.actions_at(board.cursor)
        if USE in here:
            return USE
        return here[0] if len(here) == 1 else None

    def status_text(self) -> Text:
        """What Enter does for the focused widget: the plays list's highlighted play, or what the
        board offers at its cursor."""
        if self._pausing is not None:
            seat = self._pausing
            return Text(self.words(f"{{p{seat}}} {{p{seat}:is}} playing… (any key skips)"))
        if self.turn is None or self.over is not None or self.view is None:
            return super().status_text()
        focused = self.focused
        if isinstance(focused, ActionList):
            action = focused.highlighted_action
            return Text(f"enter: {self.short(action, self.view, here=False)}" if action else "tab: the board",
                        style="bold")
        if not isinstance(focused, HexBoard):
            return Text(self.prompt(self.view), style="bold")
        here, pl = self.actions_at(focused.cursor), self.view["placement"]
        if USE in here and pl is not None:
            colour = COLOUR_NAMES[pl["colour"]]
            declines = " · n declines it" if DECLINE in here else ""
            return Text(f"enter: use the {colour} board good{declines}", style="bold")
        if len(here) == 1:
            text = f"enter: {self.short(here[0], self.view)}"
            if here[0][0] == "dir":
                text += " · or w e a d z x"
            return Text(text, style="bold")
        if any(a[0] in ("good", "camel", "lying") for a in here):
            return Text(f"enter: list · {self.prompt(self.view)}", style="bold")
        if here:
            return Text(f"enter: choose one of {len(here)} plays here", style="bold")
        return Text(self.prompt(self.view), style="bold")

    def on_descendant_focus(self) -> None:
        self.show_status()

    def on_option_list_option_highlighted(self) -> None:
        self.show_status()

    # -- playing -----------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self._skipping = False
        self.hinted = None
        self.skipped = None  # (the placement line shows our placement now)
        self._place_cursor()
        self._redraw_marks()
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(HexBoard))

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
        anchor = piece(mine[-1])[:2] if mine else board.cursor
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
        if not self.decides_now():
            return
        here = self.actions_at(event.cell)
        if not here:
            self.notify("Nothing to play on this cell: the › marks show where.", severity="warning")
            return
        if USE in here:  # one Enter uses the board good; n declines it
            self.play(USE)
            return
        if len(here) == 1:
            self.play(here[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and self.turn is not None:
                self.play(here[index])

        self.app.push_screen(ChoiceScreen("What do you lay here?", [self.describe(a) for a in here]), chosen)

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        """Enter in the plays list: as any other way of playing, it asks before steps not seen."""
        event.prevent_default()  # (the table's own handler would play it without asking)
        self.play(event.action)

    def action_direction(self, d: int) -> None:
        if not self.decides_now():
            return
        if ("dir", d) in self.legal:
            self.play(("dir", d))
        elif self.view is not None and self.view["stage"] in STAGE_FIRST:
            self.notify(f"Not {DIR_WORDS[d]} now: {STAGE_FIRST[self.view['stage']]}.", severity="warning")
        elif any(a[0] == "dir" for a in self.legal):
            self.notify(f"Not {DIR_WORDS[d]}: that cell is taken, off the board or a dead end.",
                        severity="warning")
        else:
            self.notify("No turn here: the caravan goes straight on (it turns only after a Caravanserai "
                        "cell or a lying camel).", severity="warning")

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
            if yes and self.turn is not None and action in self.legal:
                self.act(action)

        # Enter plays a placement's forced rest, as Enter plays each of its steps; a move that
        # boxes our caravan in waits for a "y"
        self.app.push_screen(ConfirmScreen(question + "Play it?", yes="Play it", no="Not yet", yes_first=not boxed),
                             answered)

    def question_before(self, action: Action) -> tuple[str, bool] | None:
        """What to ask before ``action``, and whether it boxes our caravan in (None: play it at
        once)."""
        world, seat = self._world, self.seat
        if not isinstance(world, CaravanseraiState) or seat is None or action not in world.legal_actions():
            return None
        after = world.clone()
        after.apply(action, log=False)
        ends = after.turns != world.turns or after.is_over()
        placed = after.stage not in (PLACE, BOARD) or after.turns != world.turns  # the placement is over
        question = ""
        if world.stage in (PLACE, BOARD) and placed and action[0] != "camel" and after.last is not None:
            laid, length = pieces_text(after.last[2]), len(after.caravans[seat])
            then = "your turn ends" if ends else "the market goods are to stand"
            question = (f"After “{self.describe(action)}” only one way on is left: the rest of this placement "
                        f"is laid for you ({laid}) and {then}, your caravan at {length}. ")
        boxed = self.boxed_in(after) if ends else None
        if boxed:
            question += f"This leaves your caravan boxed in ({boxed}): your turns would be skipped. "
        return (question, bool(boxed)) if question else None

    def action_block(self, colour: int) -> None:
        if not self.decides_now() or self.view is None:
            return
        pl = self.view["placement"]
        starts = pl is not None and not pl["left"]
        choices = [a for a in self.legal if a[0] == "good" and a[1] == colour] if starts else []
        if not choices:
            first = STAGE_FIRST.get(self.view["stage"])
            self.notify(f"No {COLOUR_NAMES[colour]} block can start here now" + (f": {first}." if first else "."),
                        severity="warning")
            return
        if len(choices) == 1:
            self.play(choices[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and self.turn is not None:
                self.play(choices[index])

        texts = [f"{a[2]} {COLOUR_NAMES[colour]} good{'s' if a[2] > 1 else ''}" for a in choices]
        block = pl["block"] if pl is not None else 1
        self.app.push_screen(ChoiceScreen(f"Block {block}: how many?", texts, [str(a[2]) for a in choices]), chosen)

    def action_piece(self, kind: str) -> None:
        if not self.decides_now():
            return
        if (kind,) in self.legal:
            self.play((kind,))
        elif self.view is not None:
            self.notify(piece_problem(kind, self.view, self.legal), severity="warning")

    def action_decline(self) -> None:
        if not self.decides_now():
            return
        if DECLINE in self.legal:
            self.play(DECLINE)
        elif USE in self.legal:
            self.notify("This board good cannot be declined: the block would then have no way to go on "
                        "(or you have no reserve good of its colour). Enter uses it.", severity="warning")
        else:
            self.notify("There is no board good to decline now.", severity="warning")


SCREEN = CaravanseraiScreen
