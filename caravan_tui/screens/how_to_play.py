"""The one-screen "How to play" shown the first time a player opens a game: the first two
sections of the game's player rules (the goal and a turn), with the full rules a key away."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Markdown
from textual.widgets.button import ButtonVariant

from caravan_tui.engine import Game
from caravan_tui.screens.base import DialogScreen
from caravan_tui.screens.requests import OpenRules
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.widgets.scrolling import SCROLL_KEYS, scroll

SECTIONS = 2
#: the card's buttons: id, words and key (its words name Enter in the footer where it has the focus)
BUTTONS = (("play", "Play", "enter"), ("never", "Don't show again", "d"), ("rules", "All the rules", "?"))
BUTTON_WORDS = {name: words for name, words, _key in BUTTONS}


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


class CardButton(Button):
    """A card's button whose Enter the footer names: Button's own is unlisted, and with a button
    focused the footer lost "⏎ Play" (``HowToPlayScreen.footer_words`` gives the words)."""

    BINDINGS = [Binding("enter", "press", "Press")]


class HowToPlayScreen(DialogScreen[bool | None]):
    """Dismissed with "Play" (False: shown again next time), "Don't show again" (True) or
    escape (None: back to the match's setup, nothing started). The arrows, PageUp/PageDown,
    Home and End scroll the text, whatever button has the focus; Tab goes from the text to each
    button and back (the buttons out of the focus, it did nothing). Before a match asked for on
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
                for name, words, key in BUTTONS:
                    variant: ButtonVariant = "primary" if name == "play" else "default"
                    yield CardButton(f"{words} ({key})", id=name, variant=variant, compact=True)
        yield KeysFooter()

    @property
    def footer_words(self) -> dict[str, str]:
        """Enter named by the focused button's words ("⏎ Don't show again"), as ``as_said`` reads."""
        focused = self.focused
        return {"press": BUTTON_WORDS[focused.id]} if isinstance(focused, CardButton) and focused.id else {}

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
