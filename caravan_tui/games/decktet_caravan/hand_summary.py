"""The end of a hand: a modal table of what each pile scored."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from caravan_tui.screens.base import DialogScreen
from caravan_tui.screens.summary import since_lines
from caravan_tui.widgets.footer import KeysFooter

#: the latest lines of what happened since the seat's last decision a hand's scoring shows under it
#: (the other's last play, which ended the hand, was only in the full log: the table behind it
#: already showed the next hand)
HAND_SINCE_SHOWN = 4


def before_scoring(since: Sequence[str], hand_no: int) -> list[str]:
    """The lines of ``since`` before hand ``hand_no``'s scoring (the log's "Hand N scores: …"):
    the plays that ended it; the scoring is the table above, and the next hand's deal follows."""
    scored = next((i for i, line in enumerate(since) if line.startswith(f"Hand {hand_no} scores:")), len(since))
    return list(since[:scored])


class HandSummaryScreen(DialogScreen[None]):
    """``step``: in a replay, the replay's step (``GameScreen.action_step``): ← and → close the
    summary and step on, as they do over the table (they did nothing: the replay stopped at each
    hand's end until enter or escape). ``since``: what happened since the seat's last decision
    (the "Meanwhile" panel starts afresh after a summary: it says it here)."""

    # the table and the lines under it scroll, the button below them: one line more, folded,
    # pushed "Continue (enter)" off a dialog of 21 rows at 80×24, with no scroll bar
    DEFAULT_CSS = """
    #hand-body { height: auto; max-height: 17; }
    """

    BINDINGS = [
        Binding("enter,escape,space", "dismiss", "Continue"),
        Binding("left", "step(-1)", "Prev", show=False),
        Binding("right", "step(1)", "Next", show=False),
    ]

    def __init__(
        self, summary: RenderableType, step: Callable[[int], None] | None = None, since: Sequence[str] = ()
    ) -> None:
        super().__init__()
        self.summary = summary
        self.step = step
        self.since = tuple(since)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "step" or self.step is not None

    def action_step(self, moves: int) -> None:
        step = self.step
        self.dismiss(None)
        if step is not None:
            step(moves)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="hand-summary"):
            with VerticalScroll(id="hand-body"):
                yield Static(self.summary)
                if self.since:
                    yield since_lines(self.since, HAND_SINCE_SHOWN, id="hand-since")
            yield Button("Continue (enter)", id="continue", compact=True)
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
