"""A part of the table drawn a row at a time, each row kept while it shows the same.

Textual draws a widget's ``render()`` whole after any refresh, and turning a text into cells is
most of what a hand or a season costs a key: a tick changes a row or two of a hand, a play adds
a line to a season. Here each row of the text is drawn as Textual draws it and kept by what it
shows (its characters and their styles), so a refresh draws again only the rows that changed.
For a text whose rows fit the widget's width (its ``render`` wraps them itself).

The text itself is worked out again only after the widget was refreshed, restyled or resized: a
frame draws every widget under the box that holds all of its changes (a key that moves the plays
list's highlight and ticks a card of the hand draws the season between them), and a season asked
for its text each time cost as much as drawing it."""

from __future__ import annotations

from typing import Any, Self

from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

#: rows kept a widget: a hand's or a season's rows, and those of the few looks before
ROWS_KEPT = 128


class KeptRows(Widget):
    """``render`` gives a ``Text`` whose rows fit the widget's width. A base after the widget's own
    (``class Hand(CursorWidget, KeptRows)``): first, its defaults (``can_focus``) would be Widget's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rows: list[Text] = []  # the rows of the last render
        self._row_strips: LRUCache[Any, Strip] = LRUCache(ROWS_KEPT)

    #: the size the rows were worked out at (None: to be worked out again)
    _rows_at: Size | None = None

    def refresh(self, *regions: Region, **kwargs: Any) -> Self:
        self._rows_at = None
        return super().refresh(*regions, **kwargs)

    def notify_style_update(self) -> None:
        self._rows_at = None
        super().notify_style_update()

    def refresh_changed_rows(self) -> None:
        """Repaint the rows whose text changed (the focus's look of a hand: its cursor, its dimmed
        cards), and no other: the whole widget if its rows were not worked out at this size."""
        if self._rows_at != self.size:
            self.refresh()
            return
        rendered = self.render()
        rows = list(rendered.split("\n")) if isinstance(rendered, Text) else []
        if len(rows) != len(self._rows):
            self.refresh()
            return
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, (row, was) in enumerate(zip(rows, self._rows)) if not same(row, was)]
        self._rows = rows
        if changed:
            super().refresh(*changed)  # (the rows worked out now stand)

    def replace_row(self, y: int, row: Text) -> None:
        """Row ``y`` is now ``row`` (the rest as they are): repainted alone if it changed, the whole
        widget if its rows were not worked out at this size."""
        if self._rows_at != self.size or y >= len(self._rows):
            self.refresh()
        elif not same(row, self._rows[y]):
            self._rows[y] = row
            super().refresh(Region(0, y, self.size.width, 1))  # (the rows worked out stand)

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._rows_at != self.size:
            rendered = self.render()
            self._rows = list(rendered.split("\n")) if isinstance(rendered, Text) else []
            self._rows_at = self.size
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` as Textual draws it in the whole text, kept (text selected with the mouse:
        Textual's own drawing, which marks it)."""
        if self.text_selection is not None or not self._rows:
            return super().render_line(y)
        width, style = self.size.width, self.visual_style
        if y >= len(self._rows):
            return Strip.blank(width, style.rich_style)
        row = self._rows[y]
        key = (row.plain, tuple(row.spans), row.style, width, style)
        strip = self._row_strips.get(key)
        if strip is None:
            strip = Visual.to_strips(self, visualize(self, row, markup=False), width, 1, style)[0]
            self._row_strips[key] = strip
        return strip


def same(row: Text, was: Text) -> bool:
    """Whether two rows draw alike (their characters and styles)."""
    return row.plain == was.plain and row.spans == was.spans and row.style == was.style
