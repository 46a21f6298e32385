"""The whole legend of a board (``l``): headings over rows of a sample and what it means."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from caravan_tui.widgets.wrapping import wrapped

#: the cells of a legend's line in the side column at 80 columns (its frame and scrollbar off)
LINE = 28


def legend_rows(text: Text, width: int) -> Callable[[Text | str, str], None]:
    """A function that appends to ``text`` one row: the sample (a plain string is drawn bold)
    padded to ``width``, then its meaning (at least a space after a wider sample), wrapped to
    ``LINE`` under itself: wrapped by the panel, its rest began under the samples ("it", "take",
    "actions" read as marks of their own)."""

    def row(sample: Text | str, meaning: str) -> None:
        sample = sample if isinstance(sample, Text) else Text(sample, style="bold")
        text.append(" ")
        text.append_text(sample)
        gap = max(1, width - sample.cell_len)
        indent = 1 + sample.cell_len + gap
        lines = wrapped(Text(meaning), max(LINE - indent, 8)).plain.split("\n")
        text.append(" " * gap + ("\n" + " " * indent).join(lines) + "\n")

    return row
