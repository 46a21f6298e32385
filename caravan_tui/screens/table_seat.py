"""The state a seat's table shows, in one place (DESIGN §6): who sits where and in what words,
the view, the choices, whose decision it is, and what the person has typed at the table.

A game screen owns one ``TableState`` (``GameScreen.table``) and every panel of the table writes
itself from it (``widgets.TableText``); the words for names here take the state's data only,
never the screen.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Self, TypeVar

from rich.cells import cell_len
from rich.text import Text

from caravan_tui.bus import MatchOver, Thinking
from caravan_tui.engine import Action, State, ViewHeader, render
from caravan_tui.lookalikes import reads_as_label
from caravan_tui.saves.deciders import decided_name
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.seat_kinds import STANDING_IN, is_away, waits_for_a_person
from caravan_tui.seat_labels import AI_STANDING_IN, AWAY, NOBODY, PLAYER, STAND_IN_MARK, STAND_IN_OF, YOU, YOURS
from caravan_tui.seats import SeatSpec, seat_called
from caravan_tui.widgets.seat_table import LogLine

#: what an AI seat's default name ends with: its level, "(normal)"
LEVEL_SUFFIX = re.compile(r" \([^()]*\)$")
#: the game's view type (``games/<id>/views.py``): what its screen reads from each view
V = TypeVar("V", bound=ViewHeader)


def frozen_map(items: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    """``items`` as a mapping that cannot be changed in place (a state's: a change is a new one)."""
    return MappingProxyType(dict(items or {}))


@dataclass(frozen=True, eq=False)
class TableState(Generic[V]):
    """A seat's table: its seat (None: a spectator), the seats' names and kinds (from
    ``MatchInfo``), the latest view and a world consistent with it (for descriptions), the legal
    choices and the turn while it is ours, and what the person has typed (a bid's digits: the
    table's, whatever has the focus). A value: what it holds is tuples, frozensets and read-only
    mappings, never a list or dict a holder could change in place (the view and the world are
    the bus's and the engine's, read only)."""

    seat: int | None
    replaying: bool = False  # a replay's table (it plays nothing)
    #: a replay's watcher's own seat (``ReplayClient.own``), "you" there as they saw it: their own
    #: view read "Root's dice" over a log that says "you roll"
    own: int | None = None
    names: tuple[str, ...] = ()
    seat_kinds: tuple[str, ...] = ()
    kinds_at: float = 0.0  # when the kinds were told (``time.monotonic``): an away seat's countdown runs from then
    view: V | None = None
    world: State | None = None
    legal: tuple[Action, ...] = ()
    turn: int | None = None  # set while it is our decision
    undo: bool = True  # whether the host would take back to our previous decision now (``YourTurn``)
    thinking: Thinking | None = None
    over: MatchOver | None = None
    typed: str = ""
    hint_candidates: tuple[tuple[Any, ...], ...] = ()  # the latest hint's (text, share, value, reason, action) rows
    hint_plan: tuple[Action, ...] = ()  # the whole line the hint means, its action first
    hint_action: Action | None = None  # the play the hint of this decision suggests (the plays list stars it)
    #: the rest of the hint's line once its play was played (``acted``), and the step of it the next
    #: hint no longer starts with (``table_client._hint``): a plan of two die turns for a tuck was
    #: dropped after the first for another, and nothing said so
    plan_left: tuple[Action, ...] = ()
    plan_dropped: Action | None = None
    #: the panel over the board's foot (the hint, or in a replay what an AI weighed) and the one
    #: over its head (what others did since our last decision); None: closed
    hint_panel: PanelWords | None = None
    since_panel: PanelWords | None = None
    #: the play the plays list is asked to highlight (None: no line), and how many times it was
    #: asked: the list moves its highlight when that count changes, and else only by its keys
    list_play: Action | None = None
    list_asked: int = 0
    #: where the table asks a board's cursor to go, by the board's id: the cell and how many times
    #: that board was asked; a board moves its cursor when the count changes, and else only by its
    #: own keys and clicks (``point_cursor``)
    cursor_asks: Mapping[str, tuple[Any, int]] = field(default_factory=frozen_map)
    #: what the person points at, as the table's widgets report it: the cell under each board's
    #: cursor (by the board's id), the plays list's highlighted play, the id of the focused widget
    #: of the table; the status line and what Enter plays are worked out from these, never from
    #: the widgets
    cursors: Mapping[str, Any] = field(default_factory=frozen_map)
    highlighted: Action | None = None
    focus: str | None = None
    #: the spinner's frame (it turns while an AI thinks), and the seat whose action is on show
    #: while the table pauses after it (``ActionPause``)
    spin: int = 0
    pausing: int | None = None
    #: why the host cannot save the match now ("": it can; the save notice shows it)
    unsaved: str = ""
    #: the match log as this seat reads it, oldest first: each line in the table's words and
    #: whether it is marked as another's doing (the log draws itself from it)
    log: tuple[LogLine, ...] = ()
    #: the moves the match holds, as the host's latest view said (an undo makes them fewer)
    moves: int = 0
    #: a replay's move shown and its number of moves (None: a match, not a replay)
    replay_at: tuple[int, int] | None = None
    #: a replay's move shown, in words, where it logged nothing (``ReplayClient.silent_step``)
    replay_step: str = ""
    #: whether practice is judging the move chosen before it goes
    checking: bool = False
    #: the key that readies the hint's play was pressed while the hint was still coming: its play
    #: is readied as it shows, and until then Enter plays nothing and the status line offers none
    hint_waited: bool = False
    #: a window is open over the table (a question, a chooser, the rules): its keys act, not the
    #: table's, and the status line says so (it went on offering "enter: place a camel here" under
    #: "End the turn with 2 actions unused?", whose Enter answered the question)
    covered: bool = False

    def viewing(self, view: dict[str, Any], world: State | None) -> Self:
        """A new state showing the view the bus carried (read from here on as the game's view
        type) and a world consistent with it; a game whose state holds what the view puts on its
        board works that out here, so the two change together."""
        return dataclasses.replace(self, view=view, world=world)  # type: ignore[arg-type]  # (checked by the contract test)

    # -- names and words --------------------------------------------------------------------

    def seat_name(self, seat: int | None) -> str:
        """The seat's player as every line of the table names it (``brief_name``: "AI 2", not
        "AI 2 (normal)"), "(you)" after ours (``you``): plain text, to go into a ``Text`` (or
        through ``seat_label``), never into markup."""
        if seat is None:
            return NOBODY()
        name = self.brief_name(seat)
        kind = self.seat_kinds[seat] if 0 <= seat < len(self.seat_kinds) else ""
        if is_away(kind):
            return AWAY(name=name)
        if self.stood_in(seat):
            return AI_STANDING_IN(name=name)
        return YOURS(name=name) if seat == self.you else name

    @property
    def you(self) -> int | None:
        """The seat the table calls "you": ours; in a replay the watcher's own in its own view,
        and nobody in another's, whose log names every seat ("AI 2 (you)" in AI 2's view read as
        the watcher's own, and "New season: you lead" there as AI 2 leading beside "Root plays")."""
        if not self.replaying:
            return self.seat
        return self.own if self.seat == self.own else None

    def decider_name(self, seat: int, decider: str, *, level: bool = False) -> str:
        """The seat's player as the maker of a move ``decider`` decided (``saves.deciders``):
        their name, or "Bob's stand-in" (``level``: with the stand-in's level); never "(you)".
        Plain text, as ``seat_name``."""
        name = self.names[seat] if 0 <= seat < len(self.names) else PLAYER(n=seat + 1)
        return decided_name(name, decider, level=level)

    def stood_in(self, seat: int) -> bool:
        """Whether an AI plays ``seat`` in its person's place now (live: the table's kinds; in a
        replay: at the move shown)."""
        return 0 <= seat < len(self.seat_kinds) and self.seat_kinds[seat] == STANDING_IN

    def short_name(self, seat: int, width: int | None = None) -> str:
        """The seat's player where room is short: "You" for ours, else their name as the table
        names it (``brief_name``: "AI 2", not "AI 2 (normal)") fit to ``width`` cells
        (``fit_name``), the same everywhere on the table; in a replay another seat's view names
        that seat, as ``whose`` does ("You 10" in AI 2's view read as the watcher's own cards)."""
        if seat == self.you:
            return YOU()
        return fit_name(self.brief_name(seat), width)

    def brief_name(self, seat: int) -> str:
        """The seat's name as the table says it (``seats.seat_called``): an AI seat's without its
        level ("AI 2", not "AI 2 (normal)"); a person's whole, brackets and all."""
        name = self.names[seat] if 0 <= seat < len(self.names) else PLAYER(n=seat + 1)
        return seat_called(name, self.seat_kinds[seat] if 0 <= seat < len(self.seat_kinds) else "")

    def log_line(self, line: str) -> str:
        """A line of the log, the "since your last turn" panel or a hint's words as this table
        shows it: an AI seat named as the players' table names it (``brief_name``), "AI 2
        rolls", not "AI 2 (normal) rolls" under a table that says "AI 2"."""
        for seat, name in enumerate(self.names):
            brief = self.brief_name(seat)
            if brief != name:
                line = line.replace(name, brief)
        return line

    def whose(self) -> str:
        """Whose the seat's own things are, as a title says it ("Your hand"): in a replay of
        another seat's view, that seat's by name ("AI 2's hand" under "AI 2 (normal)'s view" read
        "Your hand")."""
        if self.replaying and self.seat is not None and self.seat != self.you:
            return f"{fit_name(self.brief_name(self.seat), 16)}'s"
        return "Your"

    def player_name(self, seat: int, width: int | None = None) -> str:
        """``short_name`` as a players table or a season line shows it: marked where an AI plays
        the seat in its person's place ("Bob·AI", "You·AI"), the name cut first to keep the mark."""
        if not self.stood_in(seat):
            return self.short_name(seat, width)
        room = None if width is None else max(1, width - len(STAND_IN_MARK(name="")))
        return STAND_IN_MARK(name=self.short_name(seat, room))

    def seat_label(self, seat: int | None, style: str = "") -> Text:
        """``seat_name`` as a ``Text``: what a table cell, a title or a panel shows (a game's final
        table too), ours "You" as the players' tables say it (a final table read "Root (you)",
        the login's name, where every other screen said "You")."""
        name = self.seat_name(seat)
        if seat is not None and seat == self.you and name == YOURS(name=self.brief_name(seat)):
            name = YOU()
        return Text(name, style=style)

    def played_by_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (their turn is not "thinking"); an unknown or open
        seat is not."""
        if not 0 <= seat < len(self.seat_kinds):
            return False
        if is_away(self.seat_kinds[seat]):
            return True
        try:
            return SeatSpec.parse(self.seat_kinds[seat]).is_person
        except ValueError:
            return False

    def others_are_people(self) -> bool:
        """Whether a person plays a seat other than ours (or will: an open seat)."""
        return any(
            seat != self.seat and (self.played_by_person(seat) or waits_for_a_person(kind))
            for seat, kind in enumerate(self.seat_kinds)
        )

    def others_stood_in(self) -> bool:
        """Whether an AI plays a seat other than ours in its person's place: the host takes back
        nothing past its moves (they show something of that person's hand), and that person
        reads the log when they come back."""
        return any(seat != self.seat and self.stood_in(seat) for seat in range(len(self.seat_kinds)))

    def open_seat(self, seat: int) -> bool:
        """Whether ``seat`` waits for a person to take it (from the lobby)."""
        return seat < len(self.seat_kinds) and waits_for_a_person(self.seat_kinds[seat])

    def words(self, text: str, name_width: int | None = None) -> str:
        """A game's text with its seat fields filled in for this seat ("you" for ``you``), each seat
        as the table names it (``brief_name``), fitted to ``name_width`` cells (``fit_name``); a
        seat an AI plays in its person's place as the stand-in, as the log names it ("Steal meat
        from [b]z[/b]" stood in the plays list beside "takes meat from [b]z[/b]'s stand-in")."""
        names = [fit_name(self.brief_name(seat), name_width) for seat in range(len(self.names))]
        for seat in range(len(names)):
            if self.stood_in(seat):  # (the name cut, never what plays it)
                room = None if name_width is None else max(1, name_width - cell_len(STAND_IN_OF(name="")))
                names[seat] = STAND_IN_OF(name=fit_name(self.brief_name(seat), room))
        return render(text, names, self.you)

    def describe(self, action: Action, name_width: int | None = None) -> str:
        """In the game's words, from a world built out of this seat's view only (a spectator,
        who has no seat's view, is never offered actions to read); ``name_width``: as ``words``'s
        (a line of a fixed height: "enter: Steal cloth from <40 letters> at…" lost the space)."""
        if self.world is None:
            return " ".join(map(str, action))
        return self.words(self.world.describe(action, self.seat), name_width)


def fit_name(name: str, width: int | None) -> str:
    """``name`` whole when it fits in ``width`` cells; else its stable short form: an AI seat's
    name without its level ("AI 2 (normal)" becomes "AI 2"), then cut with an ellipsis, never
    where what is left would read as a label ("You…" of "Youssef" is "Yo…") or end inside
    brackets ("Alice (you…" of "Alice (youth club)" is "Alice…")."""
    if width is None or len(name) <= width:
        return name
    name = LEVEL_SUFFIX.sub("", name)
    if len(name) <= width:
        return name
    head = name[: width - 1].rstrip()
    while head and (reads_as_label(head) or head.count("(") > head.count(")")):
        head = (head[: head.rfind("(")] if head.count("(") > head.count(")") else head[:-1]).rstrip()
    return head + "…"
