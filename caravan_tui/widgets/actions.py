"""The legal actions, each described in words: every game is playable from this list alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import var
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from caravan_tui.engine import Action
from caravan_tui.textual_adapter import FOCUSED_BORDER, DrawsItsFocus
from caravan_tui.widgets.focus_mark import mark_focus
from caravan_tui.widgets.lists import StopAtEnds
from caravan_tui.widgets.seat_table import SeatTable, only_spun
from caravan_tui.widgets.wrapping import wrapped


def idle_note(table: Any) -> str:
    """What the list says while the table has no decision of ours (``TableState``): a spectator
    is told they watch ("waiting…" promised them plays that never come)."""
    if table.replaying:
        return "a replay: ←/→ step"
    if table.over is not None:
        return "the match is over"
    return "you are watching" if table.seat is None else "waiting…"


#: what a play says while the hint's play waits to be readied (``TableState.hint_waited``):
#: ``a`` said "its play will be ready as it shows", and an Enter before it played another play
HINT_TAKE_WAITS = "Nothing played: the hint is still coming, and its play will be ready as it shows."

#: the list's foot while plays lie below its last line shown: a play of two lines cut at the list's
#: edge read as a shorter, whole play (a Decktet Caravan caravan of three cards for one of four)
MORE_BELOW = "more below ↓"

#: the highlighted play's row while the list has the focus, over its colours (``focused--highlight``)
FOCUSED_ROW = Style(reverse=True, underline=False)


#: the cells a play's lines after its first are indented by (``play_prompt``): a play's second
#: line at the list's top edge, its first scrolled away, read as a play of its own ("6♣L⌘K 7☀S⌘K",
#: the end of a Decktet Caravan caravan of five)
INDENT = 2


class ActionList(StopAtEnds, DrawsItsFocus):
    """The table's choices while it is our decision (``TableState.legal``), in the table's words
    (``describe``), its hint's play starred (``hint_action``); else a note of why there are
    none. Arrows + Enter (or a click) choose; posts ``ActionList.Chosen``. It writes itself from
    the table's state, bound to the screen's: a new decision puts the highlight on the first
    play, the table's ``point_list`` on the play a game's selection makes, and nothing else moves
    it but the keys (a hint never moves what Enter plays).

    Its focus repaints its border (``#actions > .focused--border``), its title's ``▸`` and the
    highlighted play's rows alone (``DrawsItsFocus``), the play drawn in the colours of its
    ``focused--highlight`` component (a focus restyles nothing: Textual's ``:focus`` colours for
    the highlight would stay on it after the blur). Blurred, the highlighted play looks like any
    other: while the board or the hand has the focus, Enter plays what they show, and a play lit
    in the list read as the one chosen."""

    COMPONENT_CLASSES = {FOCUSED_BORDER, "focused--highlight"}
    #: left and right move over the board, not in a list (they did nothing and said nothing here,
    #: the focus left in the list by a hint's play): the table is asked (``Aside``)
    BINDINGS = [
        Binding("left", "aside('left')", "Board left", show=False),
        Binding("right", "aside('right')", "Board right", show=False),
    ]
    DEFAULT_CSS = """
    ActionList > .focused--highlight {
        color: $block-cursor-foreground; background: $block-cursor-background; text-style: bold;
    }
    ActionList > .option-list--option-highlighted, ActionList:focus > .option-list--option-highlighted {
        color: $foreground; background: transparent; text-style: none;
    }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)
    #: the play highlighted (None: none), as the list reports it to its table (watched: the
    #: table's ``TableState.highlighted``); it follows the highlight and the plays
    play: var[Action | None] = var(None, init=False)

    @dataclass
    class Chosen(Message):
        action_list: ActionList
        action: Action

        @property
        def control(self) -> ActionList:
            return self.action_list

    @dataclass
    class Aside(Message):
        """Left or right pressed in the list: the table gives the board the key."""

        action_list: ActionList
        key: str

        @property
        def control(self) -> ActionList:
            return self.action_list

    def action_aside(self, key: str) -> None:
        self.post_message(self.Aside(self, key))

    def __init__(
        self,
        describe: Callable[[Action], str],
        order: Callable[[Sequence[Action]], tuple[Action, ...]] = tuple,
        **kwargs,
    ) -> None:
        """``order``: the plays in the list's order (a game's ``GameScreen.listed``)."""
        super().__init__(**kwargs)
        self.describe = describe
        self.order = order
        self.actions: tuple[Action, ...] = ()
        self._legal: Sequence[Action] = ()  # the table's plays the list was last built from
        self._texts: list[str] = []
        self._turn: int | None = None  # the decision the actions are for
        self.hinted: Action | None = None
        self._note: str | None = None  # the note shown while there are no actions
        self._asked = 0  # the table's ``list_asked`` last followed
        self._held = False  # the next decision starts with no line highlighted (``hold``)
        #: the first line is highlighted only because the decision is new, unseen: the list
        #: lacked the focus (``on_focus``)
        self._unseen = False
        self._width = 0  # the cells the plays were last wrapped to (``play_prompt``)

    def watch_table_state(self, was: SeatTable | None, table: SeatTable | None) -> None:
        if table is None or only_spun(was, table):
            return
        if table.turn is None:
            self._show_note(idle_note(table))
            return
        starred = table.hint_action if table.hint_action in table.legal else None
        new = table.turn != self._turn or (table.legal is not self._legal and table.legal != self._legal)
        if new:  # a new decision
            self._legal, self._turn, self._note = table.legal, table.turn, None
            self.actions = self.order(table.legal)
            self._texts = [self.describe(action) for action in self.actions]
            self.hinted = starred
            self._rebuild(keep=False)  # (the last decision's line is no line of this one)
            self.highlighted = 0 if self.actions and not (self._held and self.has_focus) else None
            self._held, self._unseen = False, self.highlighted is not None and not self.has_focus
        elif starred != self.hinted:
            self.hinted = starred
            self._rebuild()
        if table.list_asked != self._asked:
            self._asked, self._unseen = table.list_asked, False
            self.highlighted = self.actions.index(table.list_play) if table.list_play in self.actions else None
        self.play = self.highlighted_action

    def watch_highlighted(self, highlighted: int | None) -> None:
        # the table told first: the parts it redraws ask to be drawn before this list's message
        # (Textual's) is on its way, and the next frame draws them with the list, not after it
        self.play = self.highlighted_action
        super().watch_highlighted(highlighted)

    def on_focus(self) -> None:
        """Focused (tab from the board or the hand) where the decision's first line was
        highlighted unseen: no line is, and the first Enter highlights it, as after the others'
        turn with the focus here. The same key did two things by how the focus came: after a tab
        the first Enter played the first line outright."""
        if self._unseen and self.highlighted == 0:  # (not a line chosen for it meanwhile)
            self.highlighted = None
        self._unseen = False

    def focus_drawn(self, focused: bool) -> None:
        super().focus_drawn(focused)
        mark_focus(self, focused)
        self.repaint_highlight()

    def focused_highlight(self, strip: Strip) -> Strip:
        style = self.get_component_rich_style("focused--highlight") + FOCUSED_ROW
        return Strip(Segment.apply_style(strip, post_style=style), strip.cell_length)

    def hold(self) -> None:
        """The next decision starts with no line highlighted: an Enter typed before it showed
        (a second Enter after a play from this list, or after a hint's taken with ``a``)
        highlights its first line and plays nothing (``action_select``)."""
        self._held = True

    def action_select(self) -> None:
        """Enter: the highlighted play is chosen; with none highlighted, the first is, and says
        what it plays (the status line), for the next Enter. Not while the hint's play waits to be
        readied (``hint_waited``): the first line then looked readied in its place, and was played."""
        if self.highlighted is None and self.actions:
            if self.table_state is not None and self.table_state.hint_waited:
                self.notify(HINT_TAKE_WAITS, severity="warning")
            else:
                self.highlighted = 0
            return
        super().action_select()

    def _show_note(self, note: str) -> None:
        """No actions, only ``note``; nothing is redrawn if that is what the list shows (every
        change of the table while others play comes here)."""
        if self._note == note:
            return
        self.actions, self._legal, self._texts, self._turn, self.hinted, self._note = (), (), [], None, None, note
        self._rebuild()
        self.play = None

    @property
    def highlighted_action(self) -> Action | None:
        """What Enter plays now (None: nothing is highlighted)."""
        index = self.highlighted
        return self.actions[index] if index is not None and index < len(self.actions) else None

    def _rebuild(self, keep: bool = True) -> None:
        """The options again, in one change: emptied first, the list hid its scrollbar and showed
        it again, each change a layout of its own (after a play, the note in place of dozens of
        plays was three). The highlight stays on its line where ``keep`` (the same plays, a star
        moved); else no line is highlighted, not even for a moment: the table follows every
        highlight (a game ticks the highlighted play's cards)."""
        line = self.highlighted if keep else None
        self._width = self.scrollable_content_region.width
        options = [Option(self.play_prompt(action, text)) for action, text in zip(self.actions, self._texts)]
        if self._note is not None:
            options.append(Option(Text(self._note, style="dim italic"), disabled=True))
        if options:
            self.set_options(options)
        else:  # (Textual's set_options of nothing leaves the list as tall as it was)
            self.clear_options()
        if line is not None and line < len(self.actions):
            self.highlighted = line

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_more()

    def watch_virtual_size(self, size: Size) -> None:
        """The options' lines counted at a layout: the foot follows at once (said a refresh later, a
        busy machine drew the list without it first)."""
        super().watch_virtual_size(size)
        self._say_more()

    def play_prompt(self, action: Action, text: str) -> Text:
        """A play's line(s) at the list's width (none known yet: 0), its later lines ``INDENT``
        cells in, the hint's starred."""
        prompt = Text("★ " + text, style="bold") if action == self.hinted else Text(text)
        return wrapped(prompt, self._width, hang=INDENT)

    def on_resize(self) -> None:
        if self.actions and self.scrollable_content_region.width != self._width:
            # (its plays wrapped again to the new width, in place: options set anew unhighlighted
            # the play for a moment, and the table followed, untick and tick, as it was drawn)
            self._width = self.scrollable_content_region.width
            for index, (action, text) in enumerate(zip(self.actions, self._texts)):
                self.replace_option_prompt_at_index(index, self.play_prompt(action, text))
        self._say_more()

    def _say_more(self) -> None:
        """The foot says "more below" while the list's last line shown is not its last (set only
        where it changes: each setting repaints the whole list)."""
        foot = MORE_BELOW if round(self.scroll_y) < self.max_scroll_y else ""
        if (self.border_subtitle or "") != foot:
            self.border_subtitle = foot

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Kept in the list: the table follows the highlight through ``play``, nothing above the
        list reads Textual's message, and its way up to the app was a message at each node."""
        event.stop()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.actions):
            self.post_message(self.Chosen(self, self.actions[event.option_index]))
