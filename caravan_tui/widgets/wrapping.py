"""Text wrapped to a width at its spaces and also after a hyphen between two letters, as a
printed page breaks a long name. Rich and Textual wrap at spaces only: a hyphenated word longer
than a narrow panel was cut mid-word ("Annabella Wintergreen-Throckmo / rton" in a log 27
columns wide). A word still longer than the line, hyphen or not, is cut where the line ends (beginning on the
line before where that has room for a part of it).

Some spaces never break: within a name with its number ("AI 2", "Round 5") and within a list
of dice ("5 3 3 2"): "AI / 2 rolls" read as a die, "4 6 / 6 6" as two groups."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

#: a unit the line may break after: a word, or the part of one up to a hyphen between letters, or
#: a capitalised word with its number, or single digits in a row, with the spaces after it (and,
#: first on a line, the spaces before it)
UNIT = re.compile(r"\s*(?:[^\s-]*[^\W\d_]-(?=[^\W\d_])|[A-Z][A-Za-z]* \d+(?![\w-])\S*|\d(?: \d\b)+\S*|\S+)\s*")

#: the fewest cells of a word too long for any row that begin it on a row's end ("the M" /
#: "arcoPolo…" reads as two words)
LEAST_PART = 4


def wrapped(text: Text, width: int, hang: int = 0) -> Text:
    """``text`` with its lines broken to fit ``width`` cells (its styles kept), as Rich would
    wrap it but for the hyphens; ``text`` itself if ``width`` is not positive. ``hang``: the
    cells each line's later rows are set in by, as a log sets its entries' under their bullet."""
    if width <= 0:
        return text
    hang = hang if hang < width else 0
    rows: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        for index, row in enumerate(line.divide(breaks(line.plain, width, hang))):
            row.rstrip()
            rows.append(Text(" " * hang) + row if index and hang else row)
    return Text("\n").join(rows)


def breaks(plain: str, width: int, hang: int = 0) -> list[int]:
    """Where the line ``plain`` breaks to fit ``width`` cells, its rows after the first
    ``hang`` cells narrower."""
    found: list[int] = []
    used, room = 0, width  # cells on the row so far, and the row's width
    for unit in UNIT.finditer(plain):
        start, word = unit.start(), unit.group()
        cells = cell_len(word.rstrip())
        # a word no row holds is cut anyway: it starts where the row has room for a part of it
        # (before it a log's bullet stood alone: "•" / "MarcoPoloTheGreatVenetianT…")
        if used and used + cells > room and (cells <= width - hang or room - used < LEAST_PART):
            found.append(start)
            used, room = 0, width - hang
        while cell_len(word.rstrip()) > room - used:  # (too long for a row of its own: cut)
            cut = _cells_fit(word, room - used)
            start, word = start + cut, word[cut:]
            found.append(start)
            used, room = 0, width - hang
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


class WrappedText(Widget):
    """Text that wraps after hyphens too (``wrapped``), at the width it is drawn at: wrapped as
    it renders and as its height is measured, never ahead of a layout. (Wrapped as its text was
    set and again on a resize, it showed a moment at the width before a scrollbar came: "leave
    the" / "blue" / "Metals card…", one word to a row, until the resize was handled.)"""

    DEFAULT_CSS = "WrappedText { height: auto; }"

    def __init__(self, text: Text | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = text or Text()

    def show(self, text: Text) -> None:
        self.text = text
        self.refresh(layout=True)

    def render(self) -> Text:
        return wrapped(self.text, self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(wrapped(self.text, width).plain.split("\n")) if self.text.plain else 0
