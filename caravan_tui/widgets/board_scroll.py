"""A board's scrolling box (a season that grows a line with each play): laid out once a change.

Textual gives a container the virtual size its children take at each layout, and its reactive
asks for a layout again whenever that changes: a box whose content grew was laid out twice, the
second time for nothing (its children were placed by the first). Scrollbars that come or go ask
for their own layout (``show_vertical_scrollbar``), so only the idle second one is spared."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive


class BoardScroll(VerticalScroll):
    virtual_size = Reactive(Size(0, 0), layout=False)
