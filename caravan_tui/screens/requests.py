"""What a screen asks of its app, as Textual messages (``post_message``): a screen never calls
the app by name, and the local app and the SSH session's app each answer in their own way."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from caravan_tui.bus import MatchOver
from caravan_tui.bus import Message as BusMessage
from caravan_tui.engine import Game

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen
    from caravan_tui.screens.new_match import MatchSetup


class GoHome(Message):
    """Leave the table for home (locally) or the lobby (over SSH)."""


class Rematch(Message):
    """The same match again."""


class OpenRules(Message):
    def __init__(self, game: Game | None = None) -> None:
        super().__init__()
        self.game = game


class MatchEnded(Message):
    def __init__(self, screen: GameScreen, over: MatchOver) -> None:
        super().__init__()
        self.screen, self.over = screen, over


class NewMatch(Message):
    """Open the new-match form (locally) or the create-match form (over SSH)."""


class OpenSaves(Message):
    pass


class ResumeMatch(Message):
    """``match_id``: a saved match, or "latest", the most recent unfinished one."""

    def __init__(self, match_id: str) -> None:
        super().__init__()
        self.match_id = match_id


class BeginMatch(Message):
    def __init__(self, setup: MatchSetup) -> None:
        super().__init__()
        self.setup = setup


class OpenReplay(Message):
    def __init__(self, match_id: str, seat: int | None) -> None:
        super().__init__()
        self.match_id, self.seat = match_id, seat


class ChangeReplayView(Message):
    def __init__(self, screen: GameScreen) -> None:
        super().__init__()
        self.screen = screen


class ToHub(Message):
    """A request for the hub (join a seat, watch, create a match)."""

    def __init__(self, request: BusMessage) -> None:
        super().__init__()
        self.request = request
