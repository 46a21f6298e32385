"""Text wrapped to a width at its spaces and also after a hyphen between two letters, as a
printed page breaks a long name. Rich and Textual wrap at spaces only: a hyphenated word longer
than a narrow panel was cut mid-word ("Annabella Wintergreen-Throckmo / rton" in a log 27
columns wide). A word still longer than the line, hyphen or not, is cut where the line ends.

Some spaces never break: within a name with its number ("AI 2", "Round 5") and within a list
of dice ("5 3 3 2"): "AI / 2 rolls" read as a die, "4 6 / 6 6" as two groups."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Static

#: a unit the line may break after: a word, or the part of one up to a hyphen between letters, or
#: a capitalised word with its number, or single digits in a row, with the spaces after it (and,
#: first on a line, the spaces before it)
UNIT = re.compile(r"\s*(?:[^\s-]*[^\W\d_]-(?=[^\W\d_])|[A-Z][A-Za-z]* \d+(?![\w-])\S*|\d(?: \d\b)+\S*|\S+)\s*")


def wrapped(text: Text, width: int) -> Text:
    """``text`` with its lines broken to fit ``width`` cells (its styles kept), as Rich would
    wrap it but for the hyphens; ``text`` itself if ``width`` is not positive."""
    if width <= 0:
        return text
    rows = [row for line in text.split("\n", allow_blank=True) for row in line.divide(breaks(line.plain, width))]
    for row in rows:
        row.rstrip()
    return Text("\n").join(rows)


def breaks(plain: str, width: int) -> list[int]:
    """Where the line ``plain`` breaks to fit ``width`` cells."""
    found: list[int] = []
    used = 0  # cells on the row so far
    for unit in UNIT.finditer(plain):
        start, word = unit.start(), unit.group()
        if used and used + cell_len(word.rstrip()) > width:
            found.append(start)
            used = 0
        while cell_len(word.rstrip()) > width - used:  # (too long for a row of its own: cut)
            cut = _cells_fit(word, width - used)
            start, word = start + cut, word[cut:]
            found.append(start)
            used = 0
        used += cell_len(word)
    return found


def _cells_fit(word: str, cells: int) -> int:
    """How many of ``word``'s characters fit in ``cells`` cells (at least one)."""
    total = 0
    for index, character in enumerate(word):
        total += cell_len(character)
        if total > cells:
            return max(index, 1)
    return len(word)


class WrappedStatic(Static):
    """Text that wraps after hyphens too (``wrapped``), at the width it is laid out at."""

    def __init__(self, text: Text | None = None, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.text = text or Text()

    def show(self, text: Text) -> None:
        self.text = text
        self.update(wrapped(text, self.size.width))

    def on_resize(self, event: events.Resize) -> None:
        self.update(wrapped(self.text, event.size.width))
