"""What a screen asks of its app, as Textual messages (``post_message``): a screen never calls
the app by name, and the local app and the SSH session's app each answer in their own way."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass
class OpenRules(Message):
    """A game's rules (None: a picker of the games, starting on ``first`` where given)."""

    game: Game | None = None
    first: Game | None = None


@dataclass
class MatchEnded(Message):
    screen: GameScreen
    over: MatchOver


class NewMatch(Message):
    """Open the new-match form (locally) or the create-match form (over SSH)."""


class OpenSaves(Message):
    pass


class OpenRecord(Message):
    """Your record: the finished matches in the saves."""


@dataclass
class ResumeMatch(Message):
    """``match_id``: a saved match, or "latest", the most recent unfinished one."""

    match_id: str


@dataclass
class BeginMatch(Message):
    setup: MatchSetup


@dataclass
class OpenReplay(Message):
    match_id: str
    seat: int | None


@dataclass
class OpenReview(Message):
    """The review of a finished match from ``seat``'s view (``screens/review.py``)."""

    match_id: str
    seat: int


@dataclass
class ChangeReplayView(Message):
    screen: GameScreen


@dataclass
class ToHub(Message):
    """A request for the hub (join a seat, watch, create a match)."""

    request: BusMessage
