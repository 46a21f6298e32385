"""The Caravanserai table: the hex board with a cursor, the lines under it (the market and the
end, each seat's caravan and reserve, the placement in progress) and the keys that build a
placement (Textual). The screen composes the parts and maps keys to plays; what it shows is the
table's state (``table_state.py``), each change a new state from the selection reducer
(``selection.py``); the status line and what Enter plays are functions of that state
(``status_line.py``); before a play, ``play_checks.py`` says what to ask.

A placement is built from the board or the keys: direction keys (``w e a d z x`` around ``s``, the
keyboard's own hex, or ``0``-``5`` as in the rules: E NE NW W SW SE) choose where the caravan heads
when it may turn (while a hint shows, ``a`` readies it, as in every game; else ``a`` asks before it
turns west, and ``3`` turns west at once); at a block boundary ``c`` lays the final camel,
``W K P R Y`` start a block of that colour and ``L`` lays a lying camel (expert). Enter on a cell marked ``›``
plays what that cell allows (a chooser when several things do); the plays list (tab) has every legal
action in words. The board's glyphs and marks are in the legend (``l``). Opponents' actions are
shown one at a time, ``app.move_pause`` apart; a key skips the rest.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, cast

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from caravan_tui.bus import Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.game import TAKE_HINT, GameScreen
from caravan_tui.screens.table_overlays import TAKE_HINT_NAME
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList
from caravan_tui.widgets.table_text import StatusLine

from .board_widget import HexBoard
from .geometry import COLOUR_NAMES, COLOURS, DIR_NAMES
from .legend import legend_panel
from .looks import board_look
from .picture import HINT
from .play_checks import block_choices, block_question, goods_words, hint_warning, question_before
from .rules import DECLINE, USE
from .selection import arrived, chose, forced_line, hinted, list_followed, our_turn, undone, with_forced_lines
from .status_line import BOARD_ID, ROOM, actions_at, enter, nothing_here, status
from .table_state import CaravanseraiTable
from .table_text import final_table, info_text, legend_sample, legend_text, placement_text, seats_table, solo_headline
from .views import CaravanseraiView
from .words import block_problem, refused

#: direction keys: the keyboard's hex around ``s`` (w e / a d / z x), and the rules' 0-5
DIRECTION_KEYS = {"d": 0, "e": 1, "w": 2, "a": 3, "z": 4, "x": 5}
#: west while a hint shows, when ``a`` readies the hint (``check_action``): the hint panel's foot
WEST_WHILE_HINTED = "key 3: turn west"
#: what ``a`` says as it readies the hint's play with the panel put away, its marks on the board
READIED_FROM_MARKS = f"The hint's next step is ready: enter plays it ({WEST_WHILE_HINTED})."
READIED_SECONDS = 2.5
#: ``a`` with no hint showing: the key readies a hint in every game, so a turn west by it asks
#: first (a habitual ``a`` and Enter, meant for a hint gone by, turned the caravan west unasked)
WEST_BY_A_ASK = "a takes a hint while one shows, and none shows now (h asks for one). "


#: how the log begins a placement's summary, which the steps the rules lay for us end
PLACEMENT_SAID = "You laid "
#: the question before a move that boxes our caravan in (or a key that may have been meant
#: otherwise): its focus starts on "Keep it back", and its words and buttons are not the forced
#: rest's below, whose Enter plays ("Play it?" both, the same buttons, Enter doing the opposite)
BOXED_ASK = "Play it anyway? y plays it; Enter keeps it back."
#: the question before a placement's forced rest: its focus starts on "Play it", and it says so
#: (Enter kept a move back in the question above, and played one here, unsaid)
REST_ASK = "Play it? Enter or y plays it; n keeps it back (Not yet)."


class CaravanseraiScreen(GameScreen[CaravanseraiView]):
    BINDINGS = [
        # ``a`` readies a hint while one shows, as in every game, and turns west otherwise
        Binding(TAKE_HINT, "take_hint", TAKE_HINT_NAME, tooltip="The hinted play ready: Enter plays it (3 turns west)"),
        *(
            Binding(key, f"direction({d})", f"Head {DIR_NAMES[d]}", show=False)
            for key, d in DIRECTION_KEYS.items()
            if key != "a"
        ),
        Binding("a", "west_by_a", "Head W, asking first", show=False),
        *(Binding(str(d), f"direction({d})", f"Head {DIR_NAMES[d]}", show=False) for d in range(6)),
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
    SCORED_ON = "caravan length"  # (§9: a caravan's length is its score; the game has no points)
    #: until when the word that ``a`` readied the hint's step stands (``act`` puts it away)
    readied_until = 0.0

    # the side column leaves the board the room of the solo and two-player boards (52 columns)
    # at 80 (the whole legend fits its 28); the board's frame keeps its top and foot, where its
    # title and the cell under the cursor are, not its sides
    CSS = """
    CaravanseraiScreen #side { width: 28; }
    """
    DEFAULT_CSS = """
    #cs-board { border: round $primary; border-left: none; border-right: none; }
    #cs-board > .focused--border { border-top: heavy $accent; border-bottom: heavy $accent; }
    #cs-info, #cs-seats, #cs-turn { padding: 0 1; }
    #cs-turn { color: $text-muted; height: auto; max-height: 2; }
    #cs-legend { height: 1fr; color: $text-muted; overflow: hidden; padding: 0 1; text-wrap: nowrap; }
    /* 1fr is never less than a row: docked, the status line stays in view when nothing is left */
    #status { dock: bottom; }
    """

    @property
    def table(self) -> CaravanseraiTable:
        return cast(CaravanseraiTable, self.table_state)  # (``TABLE``: the state is made as one)

    def compose_board(self) -> ComposeResult:
        players = self.client.players
        # the rows under the board: the info line(s), a line a seat and the placement line
        yield self.board(HexBoard(spare_rows=(2 if players == 1 else 1) + players + 1, id=BOARD_ID), board_look)
        # fixed heights: their updates then never lay the screen out again
        for name, height, text in (
            ("info", 2 if players == 1 else 1, lambda view, _: info_text(view)),
            ("seats", players, cast(Any, seats_table)),  # (over the table ``TABLE`` makes)
        ):
            line = self.table_text(text, id=f"cs-{name}")
            line.styles.height = height
            yield line
        # the placement's figures and pieces: a second row, from the legend's, when one is too few
        yield self.table_text(cast(Any, placement_text), id="cs-turn")
        yield self.table_text(lambda view, _: legend_text(view), id="cs-legend")

    def legend(self) -> Text:
        return legend_panel(legend_sample(self.client.players))

    def on_mount(self) -> None:  # (the status line follows the cursor: ``GameScreen.selection_changed``)
        self.query_one(HexBoard).focus()

    # -- the table's state: one new state a change (``selection``) -------------------------------

    def view_folded(
        self, table: TableState[CaravanseraiView], previous: CaravanseraiView | None, by_other: bool
    ) -> TableState[CaravanseraiView]:
        """What the view changed marked, in the move's state, and the steps the rules laid for us
        after our choice logged right after the lines of the step chosen, before the steps' own
        and the placement's summary they end ("You laid …"): a stand's line came after the next
        turn's steps it led to, and "You use the black board good" before the line that said the
        rules laid that use."""
        said = forced_line(cast(CaravanseraiTable, table), by_other)
        table = arrived(cast(CaravanseraiTable, table), previous, by_other)
        before = self.table.log
        if table.log[: len(before)] != before:  # (a whole log in place of ours: the host's lines alone)
            table = with_forced_lines(table, table.forced_said)
            before = table.log
        if said is None:
            return table
        at = len(before)  # (the state before the move: its lines come after)
        new = table.log[at:]
        summary = next((k for k, (line, _) in enumerate(new) if str(line).startswith(PLACEMENT_SAID)), len(new))
        chosen = min(table.chosen_lines, summary)
        hosts = at - len(table.forced_said) + chosen  # (the host's lines before it)
        return replace(
            table,
            log=(*table.log[:at], *new[:chosen], (said, False), *new[chosen:]),
            forced_said=(*table.forced_said, (hosts, said, table.moves - 1)),
        )

    def view_changed(self, previous: CaravanseraiView | None, view: CaravanseraiView, by_other: bool) -> None:
        self.pause.mover = previous["to_move"] if previous else None

    def show_update(self, update: Update) -> float:
        """Pause only after an opponent's action that changed the board."""
        pause = super().show_update(update)
        return pause if self.table.flash or self.table.news else 0.0

    def your_turn(self) -> None:
        self.pause.our_turn()
        self.table_state = our_turn(self.table)
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(HexBoard))

    def act(self, action: Action) -> None:
        """(A move played puts away the word that the hint's step was ready: "ready: enter plays
        it" stood over the next turn, which had no hint, after the Enter that played it.)"""
        if time.monotonic() < self.readied_until:
            self.readied_until = 0.0
            self.app.clear_notifications()
        turn = self.table.turn
        super().act(action)
        if turn is not None and self.table.turn is None:  # (it went to the host)
            self.table_state = chose(self.table, action)

    def show_hint(self, action: Action, text: str) -> None:
        """The hint, its panel's foot saying how to turn west while ``a`` readies the hint (where
        a turn west is a play now)."""
        super().show_hint(action, text)
        words = self.table.hint_panel
        if words is not None and ("dir", DIRECTION_KEYS["a"]) in self.table.legal:
            self.open_panel("hint", replace(words, foot=WEST_WHILE_HINTED))
        self.table_state = hinted(self.table, action)

    def hint_warning(self, action: Action) -> str | None:
        return hint_warning(self.table)

    def action_undo(self) -> None:
        if self.table.turn is not None and self.table.undo:
            self.table_state = undone(self.table)
        super().action_undo()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """``a`` readies the hint while its panel shows or its plan's marks do (the footer then
        shows the key); else the key goes on to its next binding, a turn west. With the panel put
        away by ``h`` and the ★ and numbered steps still on the board, ``a`` turned west at once,
        unasked, where a person read the hint as still there to take."""
        if action == "take_hint" and not self.hint_shown:
            return False
        return super().check_action(action, parameters)

    @property
    def hint_shown(self) -> bool:
        """Whether the hint shows: its panel, or its plan's next step starred on the board."""
        table = self.table
        return table.hint_panel is not None or (table.hinted is not None and table.hinted in table.legal)

    @property
    def footer_hidden(self) -> frozenset[str]:
        hidden = super().footer_hidden
        return hidden - {"take_hint"} if self.hint_shown else hidden

    def list_moved(self, table: TableState[CaravanseraiView]) -> TableState[CaravanseraiView]:
        return list_followed(cast(CaravanseraiTable, table))

    def keys_changed(self, was: TableState[CaravanseraiView], table: TableState[CaravanseraiView]) -> bool:
        return cast(CaravanseraiTable, was).hinted != cast(CaravanseraiTable, table).hinted  # (``hint_shown``)

    def action_take_hint(self) -> None:
        panel = self.table.hint_panel
        super().action_take_hint()
        if panel is None:  # (the key readied the step the board stars: says so, and how to go west)
            # (briefly: over the lines under the board it outlived the turn, and its "ready" then
            # sent an `a` meant for the hint west)
            self.notify(READIED_FROM_MARKS, timeout=READIED_SECONDS)
            self.readied_until = time.monotonic() + READIED_SECONDS

    # -- what the status line says and Enter plays (``status_line``) -----------------------------

    def status_text(self) -> Text:
        return status(self.table, self.query_one(StatusLine).content_size.width or ROOM)

    def enter_action(self) -> Action | None:
        return enter(self.table)

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Solo has no winner: the caravan's length and the title it earns (between players, as
        every game: ``Game.tie_words``)."""
        if len(names) == 1:
            return solo_headline(int(scores[0]))
        return super().result_headline(names, scores, outcome)

    def match_summary(self, view: CaravanseraiView) -> Group:
        return final_table(view, self.table)

    # -- playing -----------------------------------------------------------------------------------

    def on_hex_board_chosen(self, event: HexBoard.Chosen) -> None:
        if not self.decides_now():
            return
        here = actions_at(self.table, event.cell)
        if not here:
            self.notify(nothing_here(self.table), severity="warning")
        elif USE in here:  # one Enter uses the board good; n declines it
            self.play(USE)
        else:
            self.play_among(here, "What do you lay here?", [self.describe(a) + self.starred(a) for a in here])

    def starred(self, action: Action) -> str:
        """ " ★ hint" after the hinted play in a question (its choices name the plays)."""
        return f"  {HINT} hint" if action == self.table.hinted else ""

    def play_among(self, actions: list[Action], question: str, texts: list[str], keys: list[str] | None = None) -> None:
        """Play the only action (``play``: asking first where it must), or ask which one is meant
        (``keys``: a key a choice besides Enter)."""
        if len(actions) == 1 and keys is None:
            self.play(actions[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and self.table.turn is not None and actions[index] in self.table.legal:
                self.play(actions[index])

        # (opened on the hint's play: Enter played a block of 1 under "enter: Start block 1: 2
        # purple goods", the hint readied, and its plan was gone)
        start = actions.index(self.table.hinted) if self.table.hinted in actions else 0
        self.app.push_screen(ChoiceScreen(question, texts, keys, start), chosen)

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        """Enter in the plays list: as any other way of playing, it asks before steps not seen."""
        event.prevent_default()  # (the table's own handler would play it without asking)
        self.play(event.action)

    def play(self, action: Action, unasked: str = "") -> None:
        """Play ``action`` as the player chose it (a key, Enter on the board or in the plays list,
        a chooser); ask first if it finishes the placement with steps the player never saw (the
        engine lays a forced rest itself), or ends the turn with our caravan boxed in, or the key
        may have been meant otherwise (``unasked``: why it asks, where nothing else would)."""
        asked = question_before(self.table, action)
        if asked is None and not unasked:
            self.act(action)
            return
        question, regrets = asked if asked is not None else (f"{self.describe(action)}. ", False)
        # Enter plays a placement's forced rest, as Enter plays each of its steps; a move that
        # boxes our caravan in or ends the match early, or a key that may have been meant
        # otherwise, waits for a "y", and says so (25 Enters said "Not yet" unseen)
        waits = regrets or bool(unasked)
        ask, yes, no = (BOXED_ASK, "Play it anyway", "Keep it back") if waits else (REST_ASK, "Play it", "Not yet")
        self.ask_before(action, unasked + question + ask, yes, no, yes_first=not waits)

    def play_key(self, action: Action) -> None:
        """A key's play (a direction, a camel, a decline): played if legal, else why not."""
        if not self.decides_now() or self.table.view is None:
            return
        if action in self.table.legal:
            self.play(action)
            return
        said = refused(action, self.table.view, self.table.legal)
        if action == ("dir", DIRECTION_KEYS["a"]) and self.table.hinted is not None:
            said += " (a readies the hint while it shows: h asks for it.)"  # (the panel put away: a is west)
        self.notify(said, severity="warning")

    def action_direction(self, d: int) -> None:
        self.play_key(("dir", d))

    def action_west_by_a(self) -> None:
        """``a`` where no hint shows: a turn west, once the player says so (Enter keeps it back)."""
        west = ("dir", DIRECTION_KEYS["a"])
        if self.decides_now() and west in self.table.legal:
            self.play(west, unasked=WEST_BY_A_ASK)
        else:
            self.play_key(west)

    def action_piece(self, kind: str) -> None:
        self.play_key((kind,))

    def action_decline(self) -> None:
        self.play_key(DECLINE)

    def action_block(self, colour: int) -> None:
        """A block key always asks, the same each time: "how many?" where the first block may
        have 1 or 2 goods, else the one size it must have; Enter (or the size's digit) lays it,
        escape lays nothing. So an Enter pressed for the question never plays a step."""
        if not self.decides_now() or self.table.view is None:
            return
        choices = block_choices(self.table, colour)
        if not choices:
            self.notify(block_problem(colour, self.table.view, self.table.legal), severity="warning")
            return
        texts = [goods_words(a) + self.starred(a) for a in choices]
        self.play_among(choices, block_question(self.table, choices), texts, [str(a[2]) for a in choices])


SCREEN = CaravanseraiScreen
