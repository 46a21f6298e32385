"""A board's scrolling box (a season that grows a line with each play): laid out once a change,
its foot saying what it holds above the lines shown.

Textual gives a container the virtual size its children take at each layout, and its reactive
asks for a layout again whenever that changes: a box whose content grew was laid out twice, the
second time for nothing (its children were placed by the first). Scrollbars that come or go ask
for their own layout (``show_vertical_scrollbar``), so only the idle second one is spared."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive

#: the foot of a box kept scrolled to its end while lines lie above (a season's first play, the
#: caravan being answered, went out of sight with nothing but a scrollbar's cell to say so, and
#: the box takes no focus to scroll: the log has every play)
MORE_ABOVE = "more above ↑ · ctrl+l: whole log"


class BoardScroll(VerticalScroll):
    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_more()

    def watch_virtual_size(self, size: Size) -> None:
        self._say_more()

    def on_resize(self) -> None:
        self._say_more()

    def _say_more(self) -> None:
        """The foot says "more above" while the box's first line is out of sight (set only where
        it changes: each setting repaints the border)."""
        foot = MORE_ABOVE if round(self.scroll_y) > 0 else ""
        if (self.border_subtitle or "") != foot:
            self.border_subtitle = foot
