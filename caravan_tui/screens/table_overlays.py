"""The panels over a table's board (DESIGN §6): the hint (``h``; ``a`` readies its play), what an AI
weighed at a replay's move, and what others did since our last decision. What each says is the
table's state (``hint_panel``, ``since_panel``); this helper works out the words and the keys'
meaning, and the screen assigns the state they give."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.events import Key

from caravan_tui.bus import HintRequest
from caravan_tui.engine import Action, normalise_action
from caravan_tui.saves.deciders import decided_name
from caravan_tui.screens.base import WIDE_WIDTH
from caravan_tui.screens.table_client import list_pointed
from caravan_tui.screens.table_layout import board_panel, toggle_legend
from caravan_tui.screens.table_panels import ASKING, CANCEL_HINT, PANEL_SCROLL_KEYS, PanelWords, hint_lines
from caravan_tui.screens.table_seat import TableState
from caravan_tui.screens.weighed_words import nothing_weighed
from caravan_tui.textual_adapter import message_clock
from caravan_tui.widgets import ActionList, TablePanel

if TYPE_CHECKING:
    from textual.widget import Widget

    from caravan_tui.screens.game import GameScreen

#: what left and right say in the plays list where no board lent it the focus (``aside``)
ASIDE = "The plays list has the keys: ↑↓ pick a play here; tab takes them on to the board, where ←→ move."

#: the key that readies the hinted play (``take_hint``) in every game (Caravanserai: while the
#: hint shows, ``a`` being a turn west otherwise)
TAKE_HINT = "a"
#: what that key is called, the same in the footer (its binding's description) and in the hint
#: panel's title ("a: ready hint"): the footer said "a Take hint" beside "a: ready it"
TAKE_HINT_NAME = "Ready hint"
#: that key where the hint's play is ready already (it changed nothing, and seemed not taken)
HINT_READY = "The hint's play is ready: enter plays it."
#: the key that asks for a hint (and, in a replay, shows what the AI weighed)
ASK_HINT = "h"
#: what ``h`` says where no hint can come now
NO_HINT_NOW = "A hint is for your turn."
#: ``h`` while another seat's moves lead to our turn (``hint_next``), and ``h`` again
HINT_HELD = "The hint comes with your turn (h again cancels it)."  # ("h again: none" read as a riddle)
HINT_DROPPED = "No hint with your turn."
#: an undo key that skipped the others' moves on show (it only skipped, and said nothing)
UNDO_HELD = "Your undo comes with your turn: it takes back your last play and the moves after it."


#: a replay's panel at a move no AI decided, when ``h`` asks what it weighed: why there is nothing
#: (a notice of four seconds went before it was read, and ``h`` seemed to do nothing)
NOTHING_WEIGHED = "Nothing weighed (h hides it)"
NOTHING_WEIGHED_SHORT = "Nothing weighed"  # (in the side column: "Nothing weighed (h hides…")


def take_hint_key(screen: GameScreen[Any]) -> str | None:
    """The key that takes the hint on ``screen`` now (None: it is not offered)."""
    takes = screen.active_bindings.get(TAKE_HINT)
    return TAKE_HINT if takes is not None and takes.binding.action == "take_hint" else None


def take_hint_words(key: str) -> str:
    """What the key that takes a hint does, as the hint's panel says it: in every game it readies
    the hinted play (highlighted, the focus on it) and Enter plays it; it never plays it itself
    ("a takes it" read as if it did; "a: ready, enter: play" read as if Enter alone played it).
    Short enough that the whole title fits the panel over the board at 80 columns (39 cells)."""
    return f"{key}, then enter: play"


def no_hint_to_take(table: TableState[Any]) -> str:
    """What the key that takes the hint says where there is none to take: the hint asked for is
    still coming (its panel says so; "h asks for one" read as if ``h`` had not been heard, on a
    busy host where a hint takes seconds: its play is readied as it comes, ``TableOverlays``), or
    none was asked for."""
    if table.hint_panel == ASKING:
        return "The hint is still coming: its play will be ready as it shows."
    return "No hint to take: h asks for one."


#: the keys that move the focus, after the "since your last turn" panel they close is gone
FOCUS_KEYS = ("tab", "shift+tab")


class TableOverlays:
    """The panels over ``screen``'s board, and whether a replay's panel of what the AI weighed
    was put away (``h``)."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.weighed_hidden = False
        #: the replay's position whose panel of what the AI weighed has been drawn, and when
        #: (``message_clock``): ``weighed_drawn``
        self.weighed_drawn_at: tuple[int, float] | None = None
        #: ``h`` was pressed while another seat's action was on show: the hint is asked for as our
        #: turn comes (``hold``)
        self.hint_held = False
        #: an undo key skipped the others' actions on show: the undo is asked for as our turn comes
        self.undo_held = False
        #: the legend was opened after the hint showing beside it: the panel keys scroll it
        self.legend_last = False
        #: where the focus was when ``a`` gave it to the plays list (``aside``)
        self.taken_from: Widget | None = None

    @property
    def take_waiting(self) -> bool:
        """The key that takes the hint was pressed while the hint was still coming: its play is
        readied as it comes (``hint_shown``), whatever the keys between did (an Enter then
        highlighted the first play, and the next Enter played it, not the hint's). The table's
        ``hint_waited``, which the status line and the plays list read."""
        return self.screen.table.hint_waited

    @take_waiting.setter
    def take_waiting(self, waiting: bool) -> None:
        if self.screen.table.hint_waited != waiting:
            self.screen.table_state = replace(self.screen.table, hint_waited=waiting)

    def hold(self, key: str, undoes: bool = False) -> None:
        """A key that skipped the others' actions on show (``ActionPause.skip``): where it was
        ``h``, the hint is asked for once our turn comes (``our_turn``; it only skipped, and the
        ``a`` that followed said "No hint to take"); where it was an undo key (``undoes``: the
        table offers undo), the undo is asked for then (it only skipped, and said nothing)."""
        if self.screen.replay is not None:
            return
        if key == ASK_HINT:
            self.hint_held = True
        elif undoes:
            self.undo_held = True
            self.screen.notify(UNDO_HELD, timeout=4)

    def hint_next(self) -> None:
        """``h`` while another seat's moves lead to our turn (``table_keys.hint_waits``): the hint
        is asked for as our turn comes (``our_turn``), as an ``h`` that skips moves on show does;
        ``h`` again drops it. While an AI thought, it said only "A hint is for your turn."."""
        self.hint_held = not self.hint_held
        self.screen.notify(HINT_HELD if self.hint_held else HINT_DROPPED)

    def our_turn(self) -> None:
        """Our turn has come: the undo or the hint held for it (``hold``) is asked for now (a hint's
        play waited for in the decision before is not readied in this one)."""
        self.take_waiting = False
        if self.undo_held:  # (the undo asked for while the moves it takes back were on show)
            self.undo_held = self.hint_held = False
            self.screen.action_undo()
            return
        if self.hint_held:
            self.hint_held = False
            if self.screen.table.hint_panel is None:
                self.ask_hint()

    def hint_words(self, table: TableState[Any], action: Action, text: str) -> PanelWords:
        """The hint's panel: the search's top moves with the game's reasons, how sure it is and
        (between players) how the match stands."""
        screen = self.screen
        # the host words the reasons with the seats' whole names: the table names them as its log does
        rows = [
            [*row[:3], table.log_line(str(row[3])), *row[4:]] if len(row) > 3 else row for row in table.hint_candidates
        ]
        text = table.log_line(text)
        texts = [screen.said(normalise_action(row[4])) if len(row) > 4 else str(row[0]) for row in rows]
        scores = screen.standing_scores(table.view) if table.view else []
        lines = hint_lines(
            rows,
            texts,
            text,
            scores,
            screen.seat,
            len(table.names),
            screen.hint_warning(action),
            screen.standing_basis,
            len(table.legal),
            screen.game.ai.calibrated,
            None if screen.game.ai.plain is None else screen.game.ai.plain.action,
            screen.scored_on(table.view) if table.view else screen.SCORED_ON,
            screen.game.ai.review.solo,
            self.dropped_words(table, action),
        )
        key = take_hint_key(screen)
        if key is None:
            return PanelWords("Hint (h or esc hides it)", tuple(lines))
        return PanelWords(
            f"Hint (esc: hide · {take_hint_words(key)})", tuple(lines), short=f"Hint ({key}: {TAKE_HINT_NAME.lower()})"
        )

    def dropped_words(self, table: TableState[Any], action: Action) -> str | None:
        """The next step of the last hint's line where this hint does not start with it, in
        words ("Turn a 2 into a 3 (2f)"), or None."""
        dropped = table.plan_dropped
        if dropped is None or normalise_action(dropped) == normalise_action(action):
            return None
        return f'"{self.screen.said(normalise_action(dropped))}"'

    def ask_hint(self) -> None:
        """``h``: ask the host for a hint (the panel says so until it comes), or close the hint.
        An ``h`` while the hint is still coming puts the panel away and the hint is not shown
        when it comes (``table_client``): only the turn's end closed it, a person who had changed
        their mind could not."""
        screen, table = self.screen, self.screen.table
        if table.turn is None:
            screen.notify(NO_HINT_NOW, severity="warning")
        elif table.hint_panel is not None:
            self.take_waiting = False
            screen.open_panel("hint", None)
        else:
            self.legend_out_of_the_way()
            screen.open_panel("hint", ASKING)
            screen.send(HintRequest(screen.client.match_id, screen.player, table.turn))

    def legend_out_of_the_way(self) -> None:
        """The legend put away where the hint's panel shares its column (the side column hides
        all but the legend while it shows): an ``h`` beside Camel Caravan's legend was answered
        behind it, and nothing showed or said so until ``l`` closed it."""
        screen = self.screen
        hint, legend = screen.query_one("#hint-panel", TablePanel), screen.query("#legend-panel")
        if legend and not legend.first().has_class("-hidden") and hint.parent is legend.first().parent:
            toggle_legend(screen)
            self.legend_toggled()

    def take_hint(self) -> None:
        """``a``: the hinted play highlighted in the plays list, which gets the focus, so that the
        status line says it and Enter plays it. Nothing is played."""
        screen = self.screen
        hinted = screen.table.hint_action  # (the table's: the list stars it as it draws)
        if hinted is None or hinted not in screen.table.legal:
            self.no_hint()
        elif screen.decides_now():
            actions = screen.query_one(ActionList)
            if actions.has_focus and screen.enter_action() == hinted:
                screen.notify(HINT_READY, timeout=4)
                return
            screen.table_state = list_pointed(screen.table, hinted)  # (the list moves its highlight as it draws)
            if screen.focused is not None and screen.focused is not actions:
                self.taken_from = screen.focused
            actions.focus()

    def aside(self, key: str) -> None:
        """Left or right in the plays list: the widget ``a`` took the focus from gets it back, and
        the key (the focus stayed in the list after the hint's play, and the arrows that had
        moved over the board did nothing there and said nothing); where there is none, the
        table says where the arrows work."""
        screen, widget = self.screen, self.taken_from
        if widget is not None and widget.is_attached and widget.display and widget.focusable:
            screen.focus_to_decide(widget)
            bound = screen.active_bindings.get(key) if screen.focused is widget else None
            if bound is not None and bound.enabled:  # (the key, as the board binds it)
                screen.call_later(screen.app.run_action, bound.binding.action, bound.node)
        else:
            screen.notify(ASIDE, timeout=4)

    def no_hint(self) -> None:
        """The key that takes the hint, with none to take: said so (``no_hint_to_take``); where the
        hint is still coming, its play is readied as it comes (``hint_shown``)."""
        self.take_waiting = self.screen.table.hint_panel == ASKING
        self.screen.notify(no_hint_to_take(self.screen.table), severity="warning")

    def hint_shown(self) -> None:
        """The hint asked for has come and shows: its play readied where its key was pressed while
        it was coming (``no_hint``)."""
        if self.take_waiting:
            self.take_waiting = False
            self.screen.action_take_hint()

    def weighed_words(self, position: int, table: TableState[Any]) -> PanelWords | None:
        """In the replay of a finished match: what the AI decision that made the move shown at
        ``position`` weighed (None: the panel put away, or the match still runs:
        ``ReplayClient.weighed``). Stepped to a move no AI weighed with the panel up, it says why
        in its place: a panel that came and went at every other step moved the board under the
        eye, and "gone" read as "nothing to see" where the next AI move had plenty."""
        replay = self.screen.replay
        assert replay is not None
        weighed = None if self.weighed_hidden else replay.weighed(position)
        if weighed is None:
            up = not self.weighed_hidden and self.screen.table.hint_panel is not None
            if up and replay.snapshot.status != "playing":
                return PanelWords(NOTHING_WEIGHED, (nothing_weighed(replay),), short=NOTHING_WEIGHED_SHORT)
            return None
        mover, lines = weighed
        name = table.decider_name(mover, replay.decider(position - 1), level=True)  # (no "(you)": an AI decided)
        # (in a narrow side column, the level and the key go first: "What AI 3 (normal) weigh…")
        short = decided_name(table.brief_name(mover), replay.decider(position - 1))  # ("AI 3", no level)
        return PanelWords(f"What {name} weighed (h hides it)", tuple(lines), short=f"What {short} weighed")

    def weighed_drawn(self, position: int) -> None:
        """The screen has been drawn with the replay's move at ``position`` on show."""
        self.weighed_drawn_at = (position, message_clock())

    def toggle_weighed(self, pressed: float | None = None) -> None:
        """A replay's ``h`` (pressed at ``pressed``, a key's ``time``; None: now): show or put
        away what the AI weighed at the move shown."""
        screen, replay = self.screen, self.screen.replay
        if replay is None:
            return
        if replay.weighed(replay.position) is None:  # say why, in the panel: a notice went before it was read
            why = PanelWords(NOTHING_WEIGHED, (nothing_weighed(replay),), short=NOTHING_WEIGHED_SHORT)
            # shown, the next AI's move shows its own; put away, it stays away (it came back by
            # itself at the AI's move stepped to next)
            self.weighed_hidden = screen.table.hint_panel == why
            screen.open_panel("hint", None if self.weighed_hidden else why)
            return
        # what shows is put away, what does not is shown: a flag flipped blind hid a panel that
        # was not up (a Decktet Caravan replay: the first h at an AI's move seemed to do nothing);
        # a panel of the move before, its step not yet shown, is not the one asked about (an h
        # right after → put away the move's own panel, still to come), nor one not yet drawn (on
        # a busy host the first h at an AI's move put away the panel the step had not drawn yet),
        # nor one drawn after the key was typed (→ and h typed together: the panel came and went
        # within a frame, and the h seemed to do nothing)
        at, drawn = screen.table.replay_at, self.weighed_drawn_at
        shown_here = (
            at is not None
            and at[0] == replay.position
            and drawn is not None
            and drawn[0] == replay.position
            and (pressed is None or pressed >= drawn[1])
        )
        self.weighed_hidden = screen.table.hint_panel is not None and shown_here
        screen.open_panel("hint", self.weighed_words(replay.position, screen.table))

    def key(self, event: Key) -> None:
        """The "since your last turn" panel is a notice, not a dialog: the next key closes it and
        does what it does all the same (a panel that swallowed the key was a trap), escape too:
        it hides the panel and opens the menu (escape that only hid it left the menu's Down and
        Enter to the board, which played a move). The keys its foot names keep their word
        (ctrl+↑/↓ scroll it). Escape while the hint asked for is still coming cancels it (as
        ``h`` does), not the menu, and escape with the hint shown puts it away (as ``h`` does: it
        opened the menu, which took the keys that followed); its play stays ready to take. A
        replay's escape goes back, what the AI weighed shown or not. Escape with the legend shown
        (and no hint) puts it away, as ``l`` does: it opened the menu over it, which took the next
        key."""
        if self.screen.table.since_panel is not None and event.key not in PANEL_SCROLL_KEYS:
            self.screen.open_panel("since", None)
            # (drawn whole once laid out again: a terminal kept the plays list's rows where the
            # log came back after a Tab, its frame drawn right and its updates not)
            self.screen.call_after_refresh(self.screen.refresh)
            if event.key in FOCUS_KEYS:
                event.stop()
                event.prevent_default()
                self.move_focus(1 if event.key == "tab" else -1)
        elif self.screen.table.hint_panel is not None and event.key == CANCEL_HINT and self.screen.replay is None:
            self.take_waiting = False
            self.screen.open_panel("hint", None)
            event.stop()
            event.prevent_default()
        elif event.key == CANCEL_HINT and self.screen.replay is None and self.legend_shown():
            toggle_legend(self.screen)
            self.legend_toggled()
            event.stop()
            event.prevent_default()

    def legend_shown(self) -> bool:
        legend = self.screen.query("#legend-panel")
        return bool(legend) and not legend.first().has_class("-hidden")

    def move_focus(self, step: int) -> None:
        """Tab (``step`` 1) or shift+tab (-1) as the "since your last turn" panel closes: the next
        widget in the table's own order. Textual orders the focus by place on screen, and the log
        the panel covered has its place only once laid out again: shift+tab from the plays list
        went to the log, still placed at the top, not back to the board."""
        screen = self.screen
        order = {widget: index for index, widget in enumerate(screen.query("*"))}
        chain = sorted(screen.focus_chain, key=lambda widget: order.get(widget, len(order)))
        if screen.focused in chain:
            screen.set_focus(chain[(chain.index(screen.focused) + step) % len(chain)])
        elif chain:
            screen.set_focus(chain[0])

    def legend_toggled(self) -> None:
        """``l`` opened or closed the legend: opened, it is what was just asked for, and the panel
        keys its foot names ("^↑↓ scroll") scroll it, not a hint beside it."""
        self.legend_last = self.legend_shown()

    def scroll(self, lines: int) -> None:
        """ctrl+↑/↓: the "since your last turn" panel while it shows, else the legend where it was
        opened last (``legend_last``), else the hint's panel while its foot says there is more
        ("ctrl+↑↓ more"), else the legend while it shows (it takes no focus: the board keeps the
        keys), else the hint's panel. A hint opened beside the legend is what was just asked for:
        its foot's keys scroll it; the legend opened beside a hint, the legend's do."""
        screen = self.screen
        legend = screen.query("#legend-panel")
        since = screen.query_one("#since-panel", TablePanel)
        hint = screen.query_one("#hint-panel", TablePanel)
        legend_shown = bool(legend) and not legend.first().has_class("-hidden")
        if since.showing:
            since.scroll_lines(lines)
        elif legend_shown and self.legend_last:
            legend.first().scroll_relative(y=lines, animate=False)
        elif hint.showing and hint.max_scroll_y > 0:
            hint.scroll_lines(lines)
        elif legend_shown:
            legend.first().scroll_relative(y=lines, animate=False)
        else:
            hint.scroll_lines(lines)

    async def place_since(self, width: int) -> None:
        """The "since your last turn" panel goes over the side column where it has room (a wide
        screen, or a table whose panels go beside its board), so it leaves the board in view;
        else over the head of the board."""
        screen = self.screen
        home = screen.query_one("#side" if width >= WIDE_WIDTH or screen.PANELS_BESIDE else "#board")
        panel = screen.query_one("#since-panel", TablePanel)
        if panel.parent is not home:
            await panel.remove()
            await home.mount(board_panel(screen, "since", head=True, id="since-panel"), before=0)
