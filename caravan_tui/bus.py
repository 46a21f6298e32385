"""The async message bus and its message types (DESIGN §3).

A small in-process publish/subscribe hub: every address has zero or more subscriber queues and a
message published to an address is put on each of them, in order. Messages are frozen dataclasses
that convert to and from plain msgpack-compatible maps (``{"type": "Act", ...}``), so the same
protocol can later cross a Unix socket or an SSH session unchanged.

Addresses: the host of a match listens on ``host_address(match)``, each seat on
``seat_address(match, seat)``, spectators on ``spectator_address(match)`` (messages with seat
None: the public view).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Collection
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Protocol, Self, TypeAlias, dataclass_transform

from caravan_tui.engine import Action, normalise_action
from caravan_tui.seat_labels import WATCHING

Address: TypeAlias = tuple[Any, ...]


def host_address(match: str) -> Address:
    return ("host", match)


def seat_address(match: str, seat: int) -> Address:
    return ("seat", match, seat)


def spectator_address(match: str) -> Address:
    return ("spectators", match)


MAX_ID = 64  # characters of a match id
MAX_SEATS = 16
MAX_ACTION_ITEMS = 64  # words and numbers in one action, nested ones included
MAX_ACTION_DEPTH = 4
MAX_WORD = 64
MAX_CHAT = 200  # characters of a chat line
MAX_NAME = 40  # characters of a person's name
MAX_WEIGHED = 3  # candidates an AI decision records
MAX_REASON = 320  # characters of a candidate's reason (the AI's longest run past 160, Decktet's)


def action_problem(value: Any) -> str | None:
    """Why ``value`` cannot be an action (a short list of words and whole numbers, perhaps
    nested), or None. Iterative, so no crafted nesting can exhaust the stack."""
    stack, items = [(value, 1)], 0
    while stack:
        current, depth = stack.pop()
        if not isinstance(current, (list, tuple)):
            return "an action is a list"
        if depth > MAX_ACTION_DEPTH:
            return f"an action nests at most {MAX_ACTION_DEPTH} deep"
        for item in current:
            items += 1
            if items > MAX_ACTION_ITEMS:
                return f"an action holds at most {MAX_ACTION_ITEMS} items"
            if isinstance(item, (list, tuple)):
                stack.append((item, depth + 1))
            elif type(item) is str:
                if len(item) > MAX_WORD:
                    return f"an action's words have at most {MAX_WORD} characters"
            elif type(item) is not int or not -(2**31) <= item < 2**31:
                return "an action holds only words and whole numbers"
    return None


def line_problem(value: Any, most: int, what: str) -> str | None:
    """Why ``value`` cannot be shown as one line of text: not a string, empty, longer than
    ``most`` or holding a control character (a terminal escape, say); None if it can."""
    if type(value) is not str or not value.strip() or len(value) > most or not value.isprintable():
        return f"{what} is one line of 1 to {most} printable characters"
    return None


def weighed_problem(value: Any) -> str | None:
    """Why ``value`` cannot be what an AI decision weighed: up to ``MAX_WEIGHED`` rows of
    ``[action, share of the search, reason]``; None if it can."""
    if type(value) is not list or len(value) > MAX_WEIGHED:
        return f"weighed holds at most {MAX_WEIGHED} candidates"
    for row in value:
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            return "a weighed candidate is [action, share, reason]"
        action, share, reason = row
        if problem := action_problem(action):
            return problem
        if type(share) not in (int, float) or not 0 <= share <= 1:
            return "a weighed candidate's share is from 0 to 1"
        if reason != "" and (problem := line_problem(reason, MAX_REASON, "a reason")):
            return problem
    return None


def _whole(low: int, high: int, what: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if type(value) is int and low <= value < high else f"{what} must be a whole number"

    return check


#: field -> what is wrong with a request's value, or None (``Request.problem``)
_REQUEST_FIELDS: dict[str, Callable[[Any], str | None]] = {
    "match": lambda v: None if type(v) is str and 0 < len(v) <= MAX_ID else "match must be a match id",
    "seat": _whole(0, MAX_SEATS, "seat"),
    "turn": _whole(0, 2**31, "turn"),
    "iterations": _whole(0, 2**62, "iterations"),
    "action": action_problem,
    "best": lambda v: None if v is None else action_problem(v),
    "text": lambda v: line_problem(v, MAX_CHAT, "a chat line"),
    "name": lambda v: None if v == "" else line_problem(v, MAX_NAME, "a name"),
    "weighed": weighed_problem,
}


@dataclass_transform(frozen_default=True)
class Message:
    """Base of every bus message: conversion to and from a plain map. Each subclass is made a
    frozen dataclass as it is declared, so a message lists its fields with no decorator (one
    of its own would make it a dataclass twice, which fails)."""

    #: field name -> converter applied by ``from_map`` (msgpack returns lists for tuples).
    _convert: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)

    def to_map(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
        return {"type": type(self).__name__, **data}

    def problem(self) -> str | None:
        """Why the message cannot be trusted as it is, or None (only requests are checked:
        everything else comes from the host)."""
        return None

    @classmethod
    def from_map(cls, m: dict[str, Any]) -> Self:
        data = {k: v for k, v in m.items() if k != "type"}
        try:
            message = cls(**data)
        except TypeError as e:
            raise ValueError(f"bad {cls.__name__} message: {e}") from None
        problem = message.problem()
        if problem:
            raise ValueError(f"bad {cls.__name__} message: {problem}")
        converted = {name: convert(data[name]) for name, convert in cls._convert.items() if data.get(name) is not None}
        return cls(**{**data, **converted}) if converted else message


class Request(Message):
    """A message a seat sends to the host. Anything may arrive at the host's door (a remote
    seat, a bug): ``problem`` checks every field's type and size before the host reads it."""

    def problem(self) -> str | None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "seat" and value is None and isinstance(self, (Sync, Chat)):
                continue  # a spectator
            check = _REQUEST_FIELDS.get(f.name)
            if check is not None and (problem := check(value)):
                return problem
        return None


def _actions(actions: list[Any]) -> list[Action]:
    return [normalise_action(a) for a in actions]


def _strings(items: list[Any]) -> list[str]:
    return [str(s) for s in items]


def _floats(items: list[Any]) -> list[float]:
    return [float(x) for x in items]


class YourTurn(Message):
    """Host → seat: you are to move at ``turn``; ``legal`` lists every legal action; ``undo``:
    whether the host would take back to the seat's previous decision now (the footer dims the key
    where it would not)."""

    match: str
    seat: int
    turn: int
    view: dict[str, Any]
    legal: list[Action]
    undo: bool = True
    _convert: ClassVar[dict[str, Any]] = {"legal": _actions}


def _weighed(rows: list[Any]) -> list[list[Any]]:
    return [[normalise_action(action), float(share), reason] for action, share, reason in rows]


class Act(Request):
    """Seat → host: play ``action`` at ``turn`` (the number of actions in the log). An AI seat
    adds what its search weighed, ``[action, share, reason]`` rows (the host keeps them for the
    replay of the finished match; it ignores them from a person's seat)."""

    match: str
    seat: int
    turn: int
    action: Action
    weighed: list[list[Any]] = field(default_factory=list)
    _convert: ClassVar[dict[str, Any]] = {"action": normalise_action, "weighed": _weighed}


class Rejected(Message):
    """Host → seat: a request was refused and nothing changed."""

    match: str
    seat: int
    turn: int
    reason: str


class MatchInfo(Message):
    """Host → seat: what a client needs to show the match: the game, the players' names, each
    seat's kind (``SeatSpec`` written form) and the options. Sent first, and again when a seat
    changes hands (a person replaced by an AI stand-in)."""

    match: str
    seat: int | None
    game: str
    names: list[str]
    seats: list[str]
    options: dict[str, Any]
    _convert: ClassVar[dict[str, Any]] = {"names": _strings, "seats": _strings}


class Update(Message):
    """Host → seat: the seat's own view after a change, with the events it may see, in words
    for that seat (its own seat reads "you"). ``whole_log``: ``events`` is the whole log so far
    and replaces what the seat has shown (a reconnect, a step in a replay).

    An Update with ``unsaved`` empty is the acknowledgment that the save file holds the match as
    it shows it (every move up to ``turn``); otherwise ``unsaved`` says why the host could not
    write it: the change is kept in the host's memory only, until a ``SaveStatus`` says it is
    written.

    ``since``: with a whole log at a (re)join, the seat's view just after its last move (before
    its first, the start), where others have moved since (else None): the table marks what they
    changed, as it did live. ``until``: where the seat is in the middle of its turn, its view as
    the turn began (``since`` is then its view after its move before the others'): what the
    others changed lies between the two, what the seat did since after them. ``passed``: the
    seat's view after each of the others' moves after ``since`` (the last is ``until``, or the
    view where the seat is not in the middle of its turn), so that each move's changes are marked,
    as they were live: a cell an AI used and left as it was lost its mark."""

    match: str
    seat: int | None
    turn: int
    view: dict[str, Any]
    events: list[str]
    whole_log: bool = False
    unsaved: str = ""
    since: dict[str, Any] | None = None
    until: dict[str, Any] | None = None
    passed: list[dict[str, Any]] = field(default_factory=list)
    #: where among ``events`` of the seat's own move a turn the rules played begins (another
    #: seat's, or the seat's own next: ``Event.laid_for``): what happened since that move, though
    #: logged within it
    laid_from: int | None = None
    _convert: ClassVar[dict[str, Any]] = {"events": _strings}


class MatchOver(Message):
    """Host → every seat: the match ended (``outcome`` per seat in [0, 1]); ``status`` is "over"
    or "resigned"."""

    match: str
    scores: list[float]
    outcome: list[float]
    status: str = "over"
    _convert: ClassVar[dict[str, Any]] = {"scores": _floats, "outcome": _floats}


class HintRequest(Request):
    """Seat → host: suggest a move for ``turn``; answered by ``Hint`` or ``Rejected``."""

    match: str
    seat: int
    turn: int


class Hint(Message):
    """Host → seat: the AI's suggestion, to show, not to play; ``candidates`` are the search's
    top moves in words, ``[text, share of the search, expected result, reason, action, standard
    error of the expected result or None, the move's own mean where the expected result is where
    its line leads or None, whether the game's own look found the end (``Candidate.sure``)]``,
    the suggestion first; ``plan`` the whole line the search means the
    seat to play from here while it goes on deciding (the suggestion first: a multi-step turn)."""

    match: str
    seat: int
    turn: int
    action: Action
    text: str
    candidates: list[list[Any]] = field(default_factory=list)
    plan: list[Action] = field(default_factory=list)
    _convert: ClassVar[dict[str, Any]] = {"action": normalise_action, "plan": _actions}


class UndoRequest(Request):
    """Seat → host: take back to this seat's previous decision; answered by ``Update`` or ``Rejected``."""

    match: str
    seat: int


class Resign(Request):
    """Seat → host: give up. The only person of a match ends it (status "resigned"); among
    several people, an AI stand-in takes the seat and the match goes on."""

    match: str
    seat: int


class SaveRequest(Request):
    """Seat → host: confirm that the save file holds every move; answered by ``Saved``."""

    match: str
    seat: int


class Saved(Message):
    """Host → seat: whether the save file holds the whole log (``reason`` says why not)."""

    match: str
    seat: int
    ok: bool
    reason: str = ""


class SaveStatus(Message):
    """Host → every seat and the spectators: the save file's state changed with no new
    ``Update`` to say so. ``unsaved`` empty: a retry wrote everything the last Update showed
    (the acknowledgment of every move so far); otherwise why the last retry failed."""

    match: str
    seat: int | None
    unsaved: str = ""


class Sync(Request):
    """Seat → host: (re)send me my current ``Update`` and, if I am to move, my ``YourTurn``
    (``seat`` None: a spectator's)."""

    match: str
    seat: int | None


class Thinking(Request):
    """AI progress: seat → host, relayed by the host to the other seats (without ``best``)."""

    match: str
    seat: int
    iterations: int
    best: Action | None = None
    _convert: ClassVar[dict[str, Any]] = {"best": normalise_action}


class Chat(Request):
    """A chat line in a match (people play trading games by talking): seat → host, relayed by
    the host to every seat and the spectators. ``seat`` None: a spectator. ``name`` says who
    spoke; whoever passes a person's line on sets it (the hub, for a remote person), never the
    speaker."""

    match: str
    seat: int | None
    text: str
    name: str = ""

    def words(self, seat: int | None) -> str:
        """The log's line for it, read from ``seat`` (None: a spectator)."""
        if self.seat is None:
            return f"{WATCHING(name=self.name)} says: {self.text}"
        return f"{'You say' if self.seat == seat else self.name + ' says'}: {self.text}"

    @staticmethod
    def said_by(line: str, folded: Collection[str]) -> bool:
        """Whether the log's ``line`` is chat (``words``) of someone whose name, casefolded, is
        among ``folded``."""
        said = line.casefold()
        return any(said.startswith((f"{name} says: ", f"{WATCHING(name=name)} says: ")) for name in folded)


#: the match protocol: every seat and screen speaks these
MESSAGES: dict[str, type[Message]] = {
    cls.__name__: cls
    for cls in (
        YourTurn,
        Act,
        Rejected,
        MatchInfo,
        Update,
        MatchOver,
        HintRequest,
        Hint,
        UndoRequest,
        Resign,
        SaveRequest,
        Saved,
        SaveStatus,
        Sync,
        Thinking,
    )
}
#: what people say to each other in a hosted match (not part of playing it)
CHAT_MESSAGES: dict[str, type[Message]] = {"Chat": Chat}


def message_from_map(m: dict[str, Any], known: dict[str, type[Message]] = MESSAGES) -> Message:
    """The message a ``to_map()`` map describes, of one of the ``known`` types; ValueError for
    anything else."""
    if not isinstance(m, dict):
        raise ValueError(f"a bus message is a map, not {type(m).__name__}")
    kind = m.get("type")
    cls = known.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown message type {_short(kind)}; known: {', '.join(sorted(known))}")
    return cls.from_map(m)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…'"


class Subscription:
    """One subscriber's inbox at an address: an asyncio queue, also usable with ``async for``."""

    def __init__(self, bus: Bus, address: Address) -> None:
        self.bus = bus
        self.address = address
        self.queue: asyncio.Queue[Message] = asyncio.Queue()

    async def get(self) -> Message:
        return await self.queue.get()

    def get_nowait(self) -> Message:
        return self.queue.get_nowait()

    def empty(self) -> bool:
        return self.queue.empty()

    def close(self) -> None:
        self.bus.unsubscribe(self)

    def wake(self) -> None:
        """Make the reader waiting in ``get`` look up: it receives None, the one thing on an inbox
        that is not a message. Only the inbox's owner wakes it (stopping itself), so ``get`` is
        typed for the messages everyone else reads."""
        self.queue.put_nowait(None)  # type: ignore[arg-type]  # the owner's own stop signal

    def __aiter__(self) -> AsyncIterator[Message]:
        return self

    async def __anext__(self) -> Message:
        return await self.queue.get()


class Bus:
    """Publish/subscribe by address. Queues are unbounded, so publishing never waits; a message
    sent to an address without subscribers is dropped (a seat that joins late sends ``Sync``)."""

    def __init__(self) -> None:
        self._subs: dict[Address, list[Subscription]] = {}

    def subscribe(self, address: Address) -> Subscription:
        sub = Subscription(self, tuple(address))
        self._subs.setdefault(sub.address, []).append(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.address, [])
        if sub in subs:
            subs.remove(sub)
        if not subs:
            self._subs.pop(sub.address, None)

    def publish_nowait(self, address: Address, msg: Message) -> int:
        """Deliver ``msg`` to every subscriber of ``address``; returns how many received it."""
        subs = self._subs.get(tuple(address), [])
        for sub in subs:
            sub.queue.put_nowait(msg)
        return len(subs)

    async def publish(self, address: Address, msg: Message) -> int:
        """As ``publish_nowait``; awaitable so a transport that must wait can replace this bus."""
        return self.publish_nowait(address, msg)


class SeatEnd(Protocol):
    """One seat's end of a match (``seat`` None: a spectator), whoever holds the match: a
    ``SeatClient`` on this process's bus, a ``RemoteSeatClient`` over the hub's socket, or a
    ``ReplayClient`` stepping through a saved match. A game screen speaks only to this."""

    match_id: str
    game_id: str
    players: int
    seat: int | None
    #: other people sit at this table (a match hosted over SSH): chat, a bell when the turn comes back
    shared: bool

    async def get(self) -> Message | None:
        """The next message for this seat; None once the match has gone away."""
        ...

    def waiting(self) -> bool:
        """Whether a message is here already (``get`` returns it at once)."""
        ...

    async def send(self, message: Message) -> None: ...

    def close(self) -> None: ...
