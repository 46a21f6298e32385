"""Who is away from a shared table, and when an AI takes their seat: "Bob is away: an AI plays for
them in 42s", counting down, one line a seat, above the table; and each seat still open for
a person ("Seat 2 is open: …": its creator read nothing of it until their first move was made),
or kept for one ("Seat 2 is kept for Bob: an AI plays it in 42s …", counting down as well).
Hidden while no seat is either; it ticks only while a countdown runs, so an idle session redraws
nothing."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from functools import partial

from rich.text import Text
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Static

from caravan_tui.safe_text import plain
from caravan_tui.seat_kinds import is_away, is_invited, stand_in_after, waits_for_a_person
from caravan_tui.widgets.seat_table import SeatTable, only_spun


def away_line(name: str, seconds: int | None) -> str:
    """(Short enough that a name of ``MAX_NAME`` letters stands whole beside a countdown of two
    digits at 80 columns: "… takes the seat in 28 s." cut it, and gave it back at 9 s.)"""
    if seconds is None:
        return f"{name} is away."
    return f"{name} is away: an AI plays for them {f'in {seconds}s' if seconds else 'now'}."


def open_line(seat: int, kept_for: str | None = None, seconds: int | None = None) -> str:
    """What the table says of ``seat`` while it is open for a person (from 0), or ``kept_for``
    one (a rematch's seat: "open" read as anyone's; an AI takes it after the match's grace, in
    ``seconds`` where that is known, counting down: "after the grace" named no time, and "its
    turns wait" had promised a wait with no end; one line at 80 columns for a name of ten
    letters: a second pushed a player's row off the players table)."""
    if kept_for is None:
        return f"Seat {seat + 1} is open: its turns wait for a person to take it from the lobby."
    if seconds is None:
        return f"Seat {seat + 1} is kept for {kept_for}: after the grace an AI plays it till they come."
    when = f"in {seconds}s" if seconds else "now"
    return f"Seat {seat + 1} is kept for {kept_for}: an AI plays it {when} till they come."


def away_seats(names: Sequence[str], kinds: Sequence[str]) -> list[tuple[str, int | None]]:
    """Each away person's name (plain text) and the seconds until an AI takes their seat, as
    the seats' kinds said it (None: not known, or none will)."""
    return [
        (names[seat], stand_in_after(kind)) for seat, kind in enumerate(kinds) if is_away(kind) and seat < len(names)
    ]


#: a line of the notice, the name in it and the seconds in it (None: none): ``away_line``, ``open_line``
Say = Callable[[str, "int | None"], str]


class AwayNotice(Static):
    """Writes itself from the table's state (``TableState``: the seats' names and kinds, and when
    the kinds were told), bound to the screen's."""

    DEFAULT_CSS = """
    AwayNotice {
        display: none;
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $warning 25%;
    }
    AwayNotice.-shown { display: block; }
    """

    #: the table's state, bound to the screen's (``data_bind``)
    table_state: var[SeatTable | None] = var(None, init=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._told: tuple | None = None  # the seats' names and kinds the deadlines were worked out from
        #: each line's words, the name in it, when the AI takes the seat, and the countdown's first
        #: (widest) seconds: the away seats', then those waiting for a person
        self._lines: list[tuple[Say, str, float | None, int | None]] = []
        self._ticking: Timer | None = None

    def watch_table_state(self, was: SeatTable | None, table: SeatTable | None) -> None:
        if table is None or only_spun(was, table):
            return
        told = (tuple(table.names), tuple(table.seat_kinds), table.kinds_at)
        if told == self._told:
            return
        self._told = told
        lines: list[tuple[Say, str, int | None]] = [
            (away_line, name, seconds) for name, seconds in away_seats(table.names, table.seat_kinds)
        ]
        for seat, kind in enumerate(table.seat_kinds):
            if waits_for_a_person(kind):
                kept = is_invited(kind) and seat < len(table.names)
                say = partial(open_line, seat) if kept else (lambda _name, _seconds, seat=seat: open_line(seat))
                lines.append((say, table.names[seat] if kept else "", stand_in_after(kind)))
        self._lines = [
            (say, name, None if seconds is None else table.kinds_at + seconds, seconds) for say, name, seconds in lines
        ]
        counting = any(deadline is not None for _, _, deadline, _ in self._lines)
        if counting and self._ticking is None:
            self._ticking = self.set_interval(1.0, self._show)
        elif not counting and self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
        self._show()

    def on_resize(self) -> None:
        self._show()

    def _show(self) -> None:
        now = time.monotonic()
        width = self.size.width or self.app.size.width - 2  # (its content, inside its padding)
        lines = []
        for say, name, deadline, first in self._lines:
            seconds = None if deadline is None else max(0, math.ceil(deadline - now))
            # one line a seat: a long name wrapped the countdown's "s." onto a line of its own and
            # pushed the table's last player row out of sight for the whole grace; cut to fit the
            # countdown at its widest, the name stays as it is while the seconds lose a digit
            lines.append(say(plain(name, max(4, width - len(say("", first)))), seconds))
        self.update(Text("\n".join(lines)))
        self.set_class(bool(lines), "-shown")
