"""The base of every full screen: the notice shown when the terminal is below 80×24."""
from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown (by the app's breakpoint classes) while the terminal is smaller than 80×24."""

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is smaller than {MIN_WIDTH}×{MIN_HEIGHT}: please enlarge it "
            "(some of the table may be cut off).", id="too-small")


class BaseScreen(Screen):
    def on_mount(self) -> None:
        self.mount(TooSmall())
