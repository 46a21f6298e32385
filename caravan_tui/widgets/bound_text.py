"""A line that shows one of its screen's reactive attributes (``data_bind``): the screen changes
its own data, never the widget's text."""

from __future__ import annotations

from rich.console import RenderableType
from textual.reactive import var
from textual.widgets import Static

from caravan_tui.safe_text import as_text


class BoundText(Static):
    text: var[RenderableType] = var("", init=False)

    def watch_text(self, text: RenderableType) -> None:
        self.update(text)


class NoteText(BoundText):
    """A ``BoundText`` that takes no room until it has something to say (a dialog's word on its
    keys, under its buttons); words given as a string are shown as text, never as markup."""

    def watch_text(self, text: RenderableType) -> None:
        super().watch_text(as_text(text) if isinstance(text, str) else text)
        self.display = bool(text)
