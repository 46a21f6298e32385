"""The whole legend of a board (``l``): headings over rows of a sample and what it means."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text


def legend_rows(text: Text, width: int) -> Callable[[Text | str, str], None]:
    """A function that appends to ``text`` one row: the sample (a plain string is drawn bold)
    padded to ``width``, then its meaning (at least a space after a wider sample)."""

    def row(sample: Text | str, meaning: str) -> None:
        sample = sample if isinstance(sample, Text) else Text(sample, style="bold")
        text.append(" ")
        text.append_text(sample)
        text.append(" " * max(1, width - sample.cell_len) + meaning + "\n")

    return row
