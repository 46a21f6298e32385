"""The one-screen "How to play" shown the first time a player opens a game: the first two
sections of the game's player rules (the goal and a turn), with the full rules a key away."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Markdown

from caravan_tui.engine import Game
from caravan_tui.screens.base import DialogScreen
from caravan_tui.screens.requests import OpenRules
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.widgets.scrolling import SCROLL_KEYS, scroll

SECTIONS = 2


def how_to_play(rules: str) -> str:
    """The title and the first ``SECTIONS`` level-2 sections of a player rules page."""
    kept, sections = [], 0
    for line in rules.splitlines():
        if line.startswith("## "):
            sections += 1
            if sections > SECTIONS:
                break
        kept.append(line)
    return "\n".join(kept).strip()


class HowToPlayScreen(DialogScreen[bool | None]):
    """Dismissed with "Play" (False: shown again next time), "Don't show again" (True) or
    escape (None: back to the match's setup, nothing started). The arrows, PageUp/PageDown,
    Home and End scroll the text, whatever button has the focus. Before a match asked for on
    the command line (``back`` False) there is no setup to go back to: escape closes the card
    and the match begins, as Enter does ("Back" went home and dropped the match asked for, and
    home's Continue then had none)."""

    BINDINGS = [
        Binding("enter", "close(False)", "Play"),
        Binding("d", "close(True)", "Don't show again"),
        Binding("escape", "close(None)", "Back"),
        Binding("escape", "close(False)", "Play", show=False),
        Binding("question_mark", "rules", "All the rules", key_display="?"),
        Binding("space", "scroll('page_down')", "Page down", show=False),
        *SCROLL_KEYS,
    ]

    def __init__(self, game: Game, back: bool = True) -> None:
        super().__init__()
        self.game = game
        self.back = back

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape's two bindings: back to the setup where there is one, else on to the match."""
        if action == "close" and parameters == (None,):
            return self.back
        return super().check_action(action, parameters)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="how-to-play"):
            with KeyScroll(id="how-to-play-text"):
                yield Markdown(how_to_play(self.game.rules))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play (enter)", id="play", variant="primary", compact=True)
                yield Button("Don't show again (d)", id="never", compact=True)
                yield Button("All the rules (?)", id="rules", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        """The buttons are for the mouse; their keys are the screen's, so the footer names Enter
        ("⏎ Play"): a focused button's own Enter left it out."""
        for button in self.query(Button):
            button.can_focus = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rules":
            self.action_rules()
        else:
            self.dismiss(event.button.id == "never")

    def action_close(self, never: bool | None) -> None:
        self.dismiss(never)

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one("#how-to-play-text", VerticalScroll), where)

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.game))
