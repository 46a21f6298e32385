"""What the hub and a person's session say to each other besides playing (DESIGN §7): who you
are, the lobby, creating, joining, watching and leaving a match. Plain msgpack maps like the
bus's messages, checked field by field the same way (``Request.problem``).

A session may send the requests in ``FROM_SESSION`` and nothing else; the hub sends the rest
and every bus message of the match the session is in.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field, fields
from typing import Any, Self

from caravan_tui.ai.levels import LEVELS
from caravan_tui.bus import (
    CHAT_MESSAGES,
    MAX_ID,
    MAX_NAME,
    MAX_SEATS,
    MESSAGES,
    Act,
    Chat,
    HintRequest,
    Message,
    Request,
    Resign,
    SaveRequest,
    Sync,
    UndoRequest,
    line_problem,
)
from caravan_tui.bus import message_from_map as _from_map
from caravan_tui.seat_kinds import MAX_GRACE, OPEN, YOU

SEAT_CHOICES = (YOU, OPEN, *(f"ai:{level}" for level in LEVELS))
MAX_OPTIONS = 16
#: bytes of a replay sent to a session (a larger save is refused, in one line)
MAX_REPLAY = 4 * 1024 * 1024
MAX_REPORT = 8000  # characters of a crash report (its last lines: where it failed)
#: all a person sees of a failure in their session (the hub logs the report)
CRASHED = "Something went wrong; the match is safe."
MAX_REASON = 120  #: characters of a ban's or an action's reason
MAX_MUTE = 7 * 24 * 60  #: minutes a mute lasts at most
MAX_CODE = 32  #: characters of a seat code as typed (``ssh.seat_codes``: eight letters, a dash, spaces)
#: what a guest's result and record say where a rating would be (ratings follow keys: a guest is
#: someone new each visit, so the hub rates none and sends them no ``Rated`` of their own)
GUEST_UNRATED = "Guests are not rated: connect with an SSH key to get a rating."
#: the last line a person reads as the server stops (each one line: what happened, what to do)
STOPPING_SAVED = "The server is stopping; your match is saved: connect again later to play on."
STOPPING = "The server is stopping: connect again later."
#: the same to a guest at a match, with their seat's code: a new visit is someone new, and the
#: code is their way back to the seat ("the match is saved" was a promise no guest could keep)
STOPPING_GUEST = (
    "The server is stopping; your match is saved: connect again later, and k in the lobby with "
    "your seat code {code} takes your seat back."
)
#: what a "?" rating is, said where one is shown (a newcomer's first ratings all read "?")
UNSETTLED_WORDS = "A rating marked ? is provisional: it settles after about ten matches with people."


class Welcome(Message):
    """Hub → session: who you are here. ``name`` empty: none chosen yet (ask for one).
    ``grace``: what the server offers first as a new match's grace; ``introduced``: the games
    whose "How to play" this person dismissed for good (it comes first at the others);
    ``operator``: this key is one of the server's operators (``--admin-keys``); ``web``: the
    server has a seat from a browser (``serve --web``), so the lobby offers a sign-in link."""

    identity: str
    name: str
    guest: bool
    grace: int = 60
    introduced: list[str] = field(default_factory=list)
    operator: bool = False
    web: bool = False


class SetName(Request):
    """Session → hub: the name I play under (kept for my key; a guest's is forgotten)."""

    name: str

    def problem(self) -> str | None:
        return line_problem(self.name, MAX_NAME, "a name")


class Lobby(Message):
    """Hub → session: the matches being played (``LobbyRow`` maps), who is online, and the
    finished matches you played, the last to end first (``FinishedRow`` maps)."""

    matches: list
    online: list[str]
    finished: list = field(default_factory=list)


class PlainRow:
    """A row the hub sends as a plain map of its fields (for frozen dataclasses); the receiver
    checks what it reads."""

    def to_map(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]  # a dataclass

    @classmethod
    def from_map(cls, data: dict) -> Self:
        return cls(**data)


@dataclass(frozen=True)
class FinishedRow(PlainRow):
    """A finished match you played, as a plain map: its game, the seats' names, its result
    (each seat's share of the win), how it ended ("over" or "resigned"), when (seconds since the
    epoch), and your seat; ``gave_up``: you resigned it (an AI played the seat on: its result
    is the AI's, not yours); ``kinds``: each seat's kind as saved ("ai:normal"), so that a
    screen names an AI seat as its table did ("AI 2")."""

    match: str
    game: str
    names: list[str]
    result: list[float]
    status: str
    ended: float
    yours: int
    rating: int | None = None  # what the match did to the rating of the seat's person (None: not rated)
    gave_up: bool = False
    kinds: list[str] = field(default_factory=list)
    #: the seat whose person resigned it: the resignation ended it, or an AI played it on (None: none)
    resigned: int | None = None
    #: that seat's person was a guest, who left (by a resignation or a dropped connection alike)
    left: bool = False


@dataclass(frozen=True)
class LobbyRow(PlainRow):
    """One match in the lobby, as a plain map (``to_map``/``from_map``). ``kinds`` per seat:
    "open" (waiting for a person), "person", "away" (its person dropped: the grace runs, or the
    match waits for its people), "stand-in" (an AI plays it in place of its person, until they
    are back, or for good once they left or resigned)
    or "ai"; ``yours``: the seat you hold, if any; ``unsaved``: why the server cannot
    save the match just now ("" when it can); ``waiting``: nobody is at the table, and the match
    waits for its people to come back; ``invited``: a rematch whose free seat is kept for you
    (a seat kept for someone else reads "invited"); ``ratings``: each seat's person's rating
    in the game ("?" until it settles, "" for a seat no rated person holds)."""

    match: str
    game: str
    names: list[str]
    kinds: list[str]
    to_move: int | None
    turn: int
    watchers: int
    yours: int | None = None
    unsaved: str = ""
    waiting: bool = False
    invited: bool = False
    ratings: list[str] = field(default_factory=list)
    code: str = ""  # your seat's code, a guest's way back to it ("": none, or not yours)

    @property
    def free(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == "open"]


class CreateMatch(Request):
    """Session → hub: host a new match of ``game``; ``seats`` one per player, each of
    ``SEAT_CHOICES`` (exactly one "you"); ``grace``: seconds a person who drops keeps their
    seat before ``stand_in`` (an AI level) plays it, while someone is still at the table (a
    match nobody is at waits for its people); ``ai_finish``: stand-ins play on even then, and
    finish the match."""

    game: str
    seats: list
    options: dict = field(default_factory=dict)
    grace: int = 60
    stand_in: str = "normal"
    ai_finish: bool = False

    def problem(self) -> str | None:
        if type(self.game) is not str or len(self.game) > MAX_ID:
            return "game must be a game id"
        if type(self.seats) is not list or not 0 < len(self.seats) <= MAX_SEATS:
            return f"seats is a list of 1 to {MAX_SEATS} seats"
        if any(type(seat) is not str or seat not in SEAT_CHOICES for seat in self.seats):
            return f"each seat is one of {', '.join(SEAT_CHOICES)}"
        if self.seats.count(YOU) != 1:
            return "exactly one seat is yours"
        if (
            type(self.options) is not dict
            or len(self.options) > MAX_OPTIONS
            or not all(
                type(k) is str and len(k) <= MAX_ID and type(v) in (str, int, bool) and _small(v)
                for k, v in self.options.items()
            )
        ):
            return "options map names to words, whole numbers or yes/no"
        if type(self.grace) is not int or not 0 <= self.grace <= MAX_GRACE:
            return f"grace is a whole number of seconds from 0 to {MAX_GRACE}"
        if type(self.stand_in) is not str or self.stand_in not in LEVELS:
            return f"stand_in is an AI level: {', '.join(LEVELS)}"
        if type(self.ai_finish) is not bool:
            return "ai_finish is yes or no"
        return None


class JoinSeat(Request):
    """Session → hub: take ``seat`` of ``match`` (a free seat, or my own, back)."""

    match: str
    seat: int


class TakeSeatBack(Request):
    """Session → hub: a guest's seat code (``ssh.seat_codes``): give me back the seat it was
    given with, as a key gives its person theirs."""

    code: str

    def problem(self) -> str | None:
        return line_problem(self.code, MAX_CODE, "a seat code")


class Introduced(Request):
    """Session → hub: I have read the "How to play" of ``game`` and need it no more (kept for my
    key, as the name is; a guest's is forgotten)."""

    game: str

    def problem(self) -> str | None:
        return None if type(self.game) is str and len(self.game) <= MAX_ID else "game must be a game id"


class PlayAgain(Request):
    """Session → hub: a rematch of ``match``, a finished match I played: the same game, options
    and seats, its other people invited to theirs."""

    match: str


class DeclineRematch(Request):
    """Session → hub: I will not take the seat kept for me in ``match`` (a rematch another asked
    for): an AI plays it from now on."""

    match: str


class Watch(Request):
    """Session → hub: watch ``match`` as a spectator (the public view)."""

    match: str


class WatchReplay(Request):
    """Session → hub: the replay of ``match``, a finished match I played."""

    match: str


class Replay(Message):
    """Hub → session: the whole save of ``match``, a finished match you played (``saves.codec``
    bytes: nothing is hidden any more). The session checks it as it would a file."""

    match: str
    snapshot: bytes


class ReviewMatch(Request):
    """Session → hub: the review of ``match``, a finished match I played, from my seat
    (``stop``: stop the one under way)."""

    match: str
    stop: bool = False

    def problem(self) -> str | None:
        return super().problem() or (None if type(self.stop) is bool else "stop must be true or false")


class Reviewing(Message):
    """Hub → session: ``done`` of the ``total`` decisions of the review of ``match`` judged."""

    match: str
    done: int
    total: int


class Reviewed(Message):
    """Hub → session: the review of ``match`` (``ai.review.Review.to_data``: the session checks
    it as it would a file), or why there is none (``failed``)."""

    match: str
    review: dict[str, Any]
    failed: str = ""


class LeaveMatch(Request):
    """Session → hub: I left the match's screen (a person keeps their seat: see the grace)."""

    match: str


class Joined(Message):
    """Hub → session: you are in ``match`` at ``seat`` (None: watching); its messages follow.
    ``code``: a guest's seat code, their way back to the seat on a later visit ("": none)."""

    match: str
    seat: int | None
    game: str
    players: int
    code: str = ""


class Left(Message):
    """Hub → session: you are no longer in ``match`` (``reason`` says why)."""

    match: str
    reason: str


class Moderate(Request):
    """Session → hub, from an operator: ``action`` (``moderation.ACTIONS`` but "unban", which
    is offline: ``caravan-tui admin``) to ``target``, a person's name ("close": a match id);
    ``minutes``: how long a mute lasts; ``reason``: said to them and kept in the log."""

    action: str
    target: str
    minutes: int = 0
    reason: str = ""

    def problem(self) -> str | None:
        if self.action not in ("kick", "ban", "mute", "close"):
            return "action is kick, ban, mute or close"
        if line_problem(self.target, MAX_NAME + 24, "a target") is not None:
            return f"the target is a name or a match, one line of 1 to {MAX_NAME + 24} printable characters"
        if type(self.minutes) is not int or not 0 <= self.minutes <= MAX_MUTE:
            return f"a mute lasts 1 to {MAX_MUTE} minutes"
        return reason_problem(self.reason)


class Ignore(Request):
    """Session → hub: show me no chat from ``name`` (``on`` False: show it again); for this
    session, whatever the operators do."""

    name: str
    on: bool = True

    def problem(self) -> str | None:
        return line_problem(self.name, MAX_NAME, "a name") or (None if type(self.on) is bool else "on is yes or no")


class Told(Message):
    """Hub → session: something done, said in one line (an operator's action, a mute); ``title``
    the notice's: "Done" for what the person did, another word for what was done to them."""

    text: str
    title: str = "Done"


class Rated(Message):
    """Hub → session: what ``match``, just over, did to its people's ratings: ``changes``, one
    ``[name, points, rating, played]`` each (the points gained or lost, the rating now: "?" until
    it settles; the percentage of the seat's moves its person made, a stand-in the rest);
    ``outcome``: each seat's share of the win, as the match ended (a person who had resigned
    was told the match was over, not who won it); ``gave_up``: the seats whose people resigned,
    an AI playing them on (where that AI came out first, the others read its win above their
    own gain)."""

    match: str
    changes: list
    outcome: list = field(default_factory=list)
    gave_up: list = field(default_factory=list)


class AskHistory(Request):
    """Session → hub: the finished matches of ``name`` ("": mine), of ``game`` ("": every
    game), against someone whose name holds ``against`` ("": anyone)."""

    name: str = ""
    game: str = ""
    against: str = ""

    def problem(self) -> str | None:
        for value, most in ((self.name, MAX_NAME), (self.game, MAX_ID), (self.against, MAX_NAME)):
            if value != "" and line_problem(value, most, "") is not None:
                return f"a filter is one line of at most {most} printable characters"
        return None


class History(Message):
    """Hub → session: the finished matches ``name`` played (``FinishedRow`` maps, the last to
    end first) as asked for (``game``, ``against``), and their ``ratings``, one ``[game,
    rating, matches]`` each."""

    name: str
    game: str
    against: str
    matches: list
    ratings: list


class AskLeaderboard(Request):
    """Session → hub: each game's best rated players."""


class Leaderboard(Message):
    """Hub → session: ``games``, one ``[game, [[name, rating, matches], …]]`` each, best first."""

    games: list


#: the words of a refused name a running match's seat shows (``Refused``): a guest's own, back
#: after a drop, is asked for its seat code there and then
HELD_BY_A_SEAT = "is taken by a seat being played"
#: and the way back it says
SEAT_CODE_WAY = "if it is yours, its seat code takes it back"


class Refused(Message):
    """Hub → session: a request was refused and nothing changed."""

    reason: str


class Goodbye(Message):
    """Hub → session: the session ends now; ``reason`` is the line the person reads as it
    closes (not "the server closed the connection")."""

    reason: str


class Crashed(Request):
    """Session → hub: my code failed (``report``: its traceback, for the server's log; the person
    saw one line, never this)."""

    report: str

    @classmethod
    def of(cls, error: BaseException) -> Crashed:
        report = "".join(traceback.format_exception(error))
        return cls(report[-MAX_REPORT:])

    def problem(self) -> str | None:
        if type(self.report) is not str or len(self.report) > MAX_REPORT:
            return f"a report is text of at most {MAX_REPORT} characters"
        return None


class AskWebLink(Request):
    """Session → hub: a one-time link that signs a browser in as me (``caravan_tui.web``)."""


class WebLink(Message):
    """Hub → session: ``url`` signs a browser in as you, once, within ``minutes``."""

    url: str
    minutes: int


#: what a session may send: the requests of a person at a match, and the lobby's
FROM_SESSION: dict[str, type[Message]] = {
    cls.__name__: cls
    for cls in (
        Act,
        HintRequest,
        UndoRequest,
        Resign,
        SaveRequest,
        Sync,
        Chat,
        SetName,
        CreateMatch,
        JoinSeat,
        Watch,
        LeaveMatch,
        Crashed,
        Introduced,
        PlayAgain,
        DeclineRematch,
        WatchReplay,
        ReviewMatch,
        AskLeaderboard,
        Moderate,
        Ignore,
        AskHistory,
        TakeSeatBack,
    )
}
#: every message a session may receive from the hub
TO_SESSION: dict[str, type[Message]] = {
    **MESSAGES,
    **CHAT_MESSAGES,
    **{
        cls.__name__: cls
        for cls in (
            Welcome,
            Lobby,
            Joined,
            Left,
            Refused,
            Replay,
            Goodbye,
            Reviewing,
            Reviewed,
            Rated,
            Leaderboard,
            Told,
            History,
        )
    },
}


def reason_problem(reason: object) -> str | None:
    return None if reason == "" else line_problem(reason, MAX_REASON, "a reason")


def request_from_map(m: Any) -> Message:
    """The request a session sent, checked field by field; ValueError for anything else."""
    return _from_map(m, FROM_SESSION)


def message_from_map(m: Any) -> Message:
    """A message from the hub (a session's side)."""
    return _from_map(m, TO_SESSION)


def _small(value: Any) -> bool:
    return len(value) <= MAX_ID if type(value) is str else (type(value) is bool or -(2**31) <= value < 2**31)


#: the web seat's sign-in link (``caravan_tui.web``)
FROM_SESSION[AskWebLink.__name__] = AskWebLink
TO_SESSION[WebLink.__name__] = WebLink
