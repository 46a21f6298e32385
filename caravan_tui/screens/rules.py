"""A game's rules (its markdown) in a viewer."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import MarkdownViewer

from caravan_tui.engine import Game
from caravan_tui.screens.base import BaseScreen
from caravan_tui.widgets.footer import KeysFooter


class RulesScreen(BaseScreen):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("t", "toggle_contents", "Contents"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.title = f"Rules — {game.title}"

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.game.rules, show_table_of_contents=False, id="rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_toggle_contents(self) -> None:
        """Show or hide the contents; hidden with the focus in them, the focus goes back to the
        text (else no widget has it, and the arrows scroll nothing)."""
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if not viewer.show_table_of_contents:  # (once hidden: hiding them clears the focus)
            self.call_after_refresh(viewer.document.focus)
