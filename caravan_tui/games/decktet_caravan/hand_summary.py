"""The end of a hand: a modal table of what each pile scored."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets.footer import KeysFooter


class HandSummaryScreen(DialogScreen[None]):
    """``step``: in a replay, the replay's step (``GameScreen.action_step``): ← and → close the
    summary and step on, as they do over the table (they did nothing: the replay stopped at each
    hand's end until enter or escape)."""

    BINDINGS = [
        Binding("enter,escape,space", "dismiss", "Continue"),
        Binding("left", "step(-1)", "Prev", show=False),
        Binding("right", "step(1)", "Next", show=False),
    ]

    def __init__(self, summary: RenderableType, step: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.step = step

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "step" or self.step is not None

    def action_step(self, moves: int) -> None:
        step = self.step
        self.dismiss(None)
        if step is not None:
            step(moves)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="hand-summary"):
            yield Static(self.summary)
            yield Button("Continue (enter)", id="continue", compact=True)
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
