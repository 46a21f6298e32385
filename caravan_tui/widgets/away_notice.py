"""Who is away from a shared table, and when an AI takes their seat: "Bob is away: an AI takes
the seat in 42 s", counting down, one line a seat, above the table (hidden while nobody is away;
it ticks only while a countdown runs, so an idle session redraws nothing)."""
from __future__ import annotations

import math
import time

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static


def away_line(name: str, seconds: int | None) -> str:
    if seconds is None:
        return f"{name} is away."
    return f"{name} is away: an AI takes the seat {f'in {seconds} s' if seconds else 'now'}."


class AwayNotice(Static):
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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._away: list[tuple[str, float | None]] = []  # each name, and when the AI takes the seat
        self._ticking: Timer | None = None

    def show_away(self, away: list[tuple[str, int | None]]) -> None:
        """``away``: each away person's name (plain text) and the seconds until an AI takes
        their seat (None: not known, or none will)."""
        now = time.monotonic()
        self._away = [(name, None if seconds is None else now + seconds) for name, seconds in away]
        counting = any(deadline is not None for _, deadline in self._away)
        if counting and self._ticking is None:
            self._ticking = self.set_interval(1.0, self._show)
        elif not counting and self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
        self._show()

    def _show(self) -> None:
        now = time.monotonic()
        lines = [away_line(name, None if deadline is None else max(0, math.ceil(deadline - now)))
                 for name, deadline in self._away]
        self.update(Text("\n".join(lines)))
        self.set_class(bool(lines), "-shown")
