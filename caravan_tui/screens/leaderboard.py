"""A server's leaderboard: each game's best rated players (DESIGN §7), as the hub sent them.
Everything in it came over the network: names are shown as text, each field checked."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from caravan_tui.bus import MAX_NAME
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import Leaderboard
from caravan_tui.safe_text import plain
from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.widgets.scrolling import SCROLL_KEYS

if TYPE_CHECKING:
    from caravan_tui.app import TableApp

MAX_LEADERS = 20  # rows shown for each game


def leaderboard_lines(board: Leaderboard) -> list[str]:
    """One heading a game, then "1. Ann  1043  (12 matches)" a player; a row not of that shape
    is left out."""
    lines: list[str] = []
    for item in board.games if isinstance(board.games, list) else []:
        if not (isinstance(item, list) and len(item) == 2 and item[0] in GAMES and isinstance(item[1], list)):
            continue
        lines.append(GAMES[item[0]].title)
        rows = [
            row
            for row in item[1][:MAX_LEADERS]
            if isinstance(row, list)
            and len(row) == 3
            and isinstance(row[0], str)
            and isinstance(row[1], str)
            and type(row[2]) is int
        ]
        lines += [
            f"  {place}. {plain(name, MAX_NAME)}  {plain(rating, 6)}  ({matches} match{'' if matches == 1 else 'es'})"
            for place, (name, rating, matches) in enumerate(rows, 1)
        ]
        if not rows:
            lines.append("  Nobody's rating has settled yet.")
    return lines


class LeaderboardScreen(DialogScreen[None]):
    BINDINGS = [Binding("escape,q", "close", "Back"), *SCROLL_KEYS]
    DEFAULT_CSS = """
    LeaderboardScreen { align: center middle; }
    LeaderboardScreen > VerticalScroll { width: 100%; height: 100%; border: round $secondary; padding: 0 1; }
    """

    def __init__(self, board: Leaderboard) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        with KeyScroll() as box:
            box.border_title = "Leaderboard · ratings settle after about ten matches with people"
            yield Static(Text("\n".join(leaderboard_lines(self.board))), id="leaders")
        yield KeysFooter()

    def on_mount(self) -> None:
        cast("TableApp", self.app).pass_held_keys()  # (typed while the hub answered: the board's, in order)

    def action_close(self) -> None:
        self.dismiss(None)
