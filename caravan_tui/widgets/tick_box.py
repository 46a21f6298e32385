"""A checkbox whose tick is a mark, not a colour: Textual's reads "▐X▌" on and off alike and
tells them apart by colour only, which ``NO_COLOR`` takes away."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """ "▐X▌" when on, "▐ ▌" when off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = self.tick()

    def tick(self) -> str:
        return "X" if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self.tick()
        super().watch_value()
