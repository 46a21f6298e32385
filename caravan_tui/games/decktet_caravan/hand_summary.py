"""The end of a hand: a modal table of what each pile scored."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets.footer import KeysFooter


class HandSummaryScreen(DialogScreen[None]):
    BINDINGS = [Binding("enter,escape,space", "dismiss", "Continue")]

    def __init__(self, summary: RenderableType) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="hand-summary"):
            yield Static(self.summary)
            yield Button("Continue (enter)", id="continue", compact=True)
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
