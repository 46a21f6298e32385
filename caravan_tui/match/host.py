"""MatchHost: the only writer of a match's State (DESIGN §3).

The host listens on ``host_address(match)``. It checks every request, applies good actions,
keeps the action log (with who took each action and the events it produced), autosaves after
every change and sends each seat its own redacted ``Update``, in that seat's words; the seat to
move gets ``YourTurn``; spectators get the public view. It tells seat kinds apart only where
the rules of play differ: undo and resignation are for people.

The host reaches storage only through ``saves.backend.MatchStore``: it locks the match, opens
it (the whole match, once), then appends one ``Record`` per change (a move and what an AI
weighed for it, an undo, a change of seats, the end) before anyone hears of the change.

A save that fails (a read-only folder, a full disk) does not stop the match: the host keeps
every change in memory, marks itself ``unsaved`` with the reason, which every Update carries
until a write succeeds (so no change is acknowledged as saved before it is on disk), appends
nothing more, and tries again with back-off to store the whole match (``open``); the write that
succeeds is announced by ``SaveStatus``. On a shared store (several servers on one database) a
change is stored before anyone is shown it, a failed write is tried again at once, and so is
the next move or undo while the match is unsaved: a store that refuses the host as stale (another
server opened the match since) leaves every change it made unshown.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from caravan_tui import __version__
from caravan_tui.ai.explain import Candidate, after_plain, in_line, not_back, plain_followed, said_line
from caravan_tui.ai.policies import SearchPolicy, hint, hint_policy, hint_seed
from caravan_tui.ai.review import ITERATIONS, Position, decision_views, judge
from caravan_tui.ai.worker import AIWorker, AIWorkerError
from caravan_tui.bus import (
    MAX_SEATS,
    Act,
    Bus,
    Chat,
    Hint,
    HintRequest,
    MatchInfo,
    MatchOver,
    Message,
    Rejected,
    Request,
    Resign,
    Saved,
    SaveRequest,
    SaveStatus,
    Sync,
    Thinking,
    UndoRequest,
    Update,
    YourTurn,
    host_address,
    seat_address,
    spectator_address,
)
from caravan_tui.engine import Action, Event, Game, IllegalAction, Phrase, State, normalise_action, render, seat_field
from caravan_tui.games import get_game
from caravan_tui.saves.backend import MatchLock, MatchLocked, MatchStore, StoreFailed
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.deciders import (
    AI,
    PERSON,
    is_stand_in,
    level_of,
    own_kind,
    seats_changed,
    stand_in,
    stand_in_name,
)
from caravan_tui.saves.loading import Replayed, load, replay, resignation_result, standing_after_resignation
from caravan_tui.saves.snapshot import Record, Snapshot, new_match_id
from caravan_tui.seats import SeatSpec, names_called
from caravan_tui.words import plural

#: who plays a seat a person gave up (resigned or left) while other people play on
STAND_IN = SeatSpec.ai("normal")
#: chat lines a host keeps to show a seat that (re)joins
CHAT_BACKLOG = 50

SeatChange = Callable[[int, SeatSpec], None]
#: a log line: an event (or a chat line), the seat whose AI stand-in made it (None: made by
#: anyone else), and whether a person decided its move
Line = tuple[Event | Chat, int | None, bool]
#: a chat line with where it was said: the turn, and how many notes the log held then
Said = tuple[int, int, Chat]
#: the turn of a line said after every move (the greatest a side log holds)
LATE = 2**31 - 1
#: characters of the reason a save failed
MAX_SAVE_PROBLEM = 120
#: seconds at most between two tries of a shared store's failed save (people wait on it)
SHARED_RETRY = 1.0


def words_for(event: Event, names: list[str], seat: int | None, by: int | None, by_person: bool = False) -> str:
    """The event in ``seat``'s words; a stand-in's (``by``: the seat it stood in for) under the
    stand-in's name ("Bob's stand-in plays …"), to its person "Your stand-in plays …", never
    "You play …" (their own forty-letter name, cut mid-word in the narrow log, left them to work
    out whose it was); a move a person decided (``by_person``) without an AI's motive
    (``Event.person_text``). The log of a match being played and of its replay both say it so."""
    if by is None:
        return event.render(names, seat, by_person)
    return event.render(stood_in_names(names, by, seat), None if seat == by else seat)


def stood_in_names(names: Sequence[str], stood: int, seat: int | None) -> list[str]:
    """``names`` with seat ``stood`` named as the AI standing in for its person, in ``seat``'s
    words: "your stand-in" to that person, "Bob's stand-in" to anyone else."""
    named = list(names)
    named[stood] = YOUR_STAND_IN if seat == stood else stand_in_name(named[stood])
    return named


#: what the log calls the AI standing in for its reader ("Your stand-in plays …" opening a line,
#: "The match is over: your stand-in wins" within one)
YOUR_STAND_IN = Phrase("your stand-in")


@dataclass(frozen=True)
class Retry:
    """When a failed save is tried again: ``first`` seconds after it, the wait doubling up to
    ``most``; ``sleep`` waits (tests give a clock they drive)."""

    first: float = 0.5
    most: float = 30.0
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep

    def delays(self) -> Iterator[float]:
        delay = self.first
        while True:
            yield delay
            delay = min(delay * 2, self.most)


def save_problem(exc: OSError | ValueError | DamagedSave) -> str:
    """Why a save failed, as one short line for people: "read-only file system"."""
    if isinstance(exc, DamagedSave):
        text = exc.reason
    elif isinstance(exc, StoreFailed):
        text = exc.told
    elif isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror[:1].lower() + exc.strerror[1:]
    else:
        text = str(exc) or type(exc).__name__
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return text if len(text) <= MAX_SAVE_PROBLEM else text[: MAX_SAVE_PROBLEM - 1] + "…"


def in_order(chat: Iterable[Said], notes: list[tuple[int, Event]]) -> list[tuple[int, Event | Chat]]:
    """The ``notes`` and ``chat`` lines in the order they came, each with its turn."""
    said: list[tuple[int, Event | Chat]] = []
    taken = 0
    for turn, notes_before, line in chat:
        said += notes[taken:notes_before]
        taken = max(taken, notes_before)
        said.append((turn, line))
    return said + notes[taken:]


class MatchHost:
    """Owns one match: its State, action log, autosave, undo, hints and resignation.

    Build it with ``new`` or ``resume``; ``await run()`` serves requests until the match ends or
    ``stop()`` is called (``run`` first calls ``start``, which sends every seat its match info
    and ``Update`` and the seat to move its ``YourTurn``). ``on_seat_change`` is called when a
    seat changes hands, before anything is sent to it (a runner starts the stand-in there).

    Requests are handled one at a time, and ``replace_seat`` and the save retries wait their
    turn among them, so the State, the log and the save never see two changes at once.

    ``unsaved``: why the save file does not hold the match as it stands ("" when it does).
    While it is set, a match that ends is still served until a retry writes it.
    """

    def __init__(
        self,
        replayed: Replayed,
        bus: Bus,
        store: MatchStore | None = None,
        *,
        worker: AIWorker | None = None,
        hint_level: str = "normal",
        lock: MatchLock | None = None,
    ) -> None:
        """``lock``: the match's lock in ``store``, held until ``close`` (one writer per match);
        ``new`` and ``resume`` take it and open the match with it."""
        if store is not None and lock is None:
            raise ValueError("a host that saves must hold the match's lock")
        self.lock = lock
        # when a failed save is tried again (a test drives its clock); a shared store's moves wait
        # on it (none is made while the match is unsaved), so it is tried every second or two
        self.retry = Retry(most=SHARED_RETRY) if store is not None and store.shared else Retry()
        self.unsaved = ""
        #: called when a shared store refuses this host as stale (another server opened the
        #: match since): whoever runs the host lets go of the match at once
        self.on_superseded: Callable[[], None] | None = None
        self._retrying: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()  # (``retry_now``: the store is back, the wait is over)
        self.game: Game = replayed.game
        self.snapshot = replayed.snapshot
        self.seats = [SeatSpec.parse(text) for text in self.snapshot.seats]
        self.bus = bus
        self.store = store
        self.worker = worker
        self.hint_level = hint_level
        self.actions = list(self.snapshot.actions)
        #: what each AI decision weighed, by action number: saved, shown only in the replay of
        #: the finished match, never sent to anyone while it runs
        self.weighed = dict(self.snapshot.weighed)
        self.state, self.movers, self.events = replayed.state, replayed.movers, replayed.events
        self.opening = replayed.opening
        #: per person's seat, the log length of the last Update delivered to it (a move under it
        #: is one that person has seen); what was saved before this host started counts as seen
        self.seen: dict[int, int] = {seat: self.turn for seat in self.people()}
        self.on_seat_change: SeatChange | None = None
        self._inbox = bus.subscribe(host_address(self.snapshot.match_id))
        self._started = False
        self._stopped = False
        self._hints: set[asyncio.Task[None]] = set()
        #: per seat, the log lengths at which it was given a hint lately (``_earlier``)
        self._hinted: dict[int, list[int]] = {}
        #: per seat, the line the last hint showed and the log length it was shown at (``_following``)
        self._lines: dict[int, tuple[int, tuple[Action, ...]]] = {}
        self._writing = asyncio.Lock()
        #: the chat said lately, each line where it was said, so a seat that (re)joins reads it in place
        self.chat: deque[Said] = deque(maxlen=CHAT_BACKLOG)
        #: log lines about the match rather than its moves (a seat changing hands, an undo), each
        #: with the turn it came at, so a seat that (re)joins reads them in place; not saved
        self.notes: list[tuple[int, Event]] = []
        #: seats an AI plays in their person's place, each with the turn it sat down at; and who
        #: decided each turn such a stand-in played ("stand-in:LEVEL": its moves read as the
        #: stand-in's, even to the seat's person); saved with the match, so a restart or a
        #: takeover keeps them
        self.standing_in = {seat: min(since, self.turn) for seat, since in self.snapshot.standing_in.items()}
        self.stood_in: dict[int, str] = dict(self.snapshot.deciders)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        names: list[str],
        seed: int,
        options: dict[str, Any] | None,
        store: MatchStore | None,
        bus: Bus,
        *,
        match_id: str | None = None,
        worker: AIWorker | None = None,
        hint_level: str = "normal",
    ) -> MatchHost:
        """A fresh match; stored at once when there is a store (OSError, DamagedSave if not)."""
        game = get_game(game_id)
        if not len(seats) == len(names):
            raise ValueError(f"{len(seats)} seats need {len(seats)} names, not {len(names)}")
        snapshot = Snapshot(
            match_id=match_id or new_match_id(),
            game_id=game_id,
            options=game.resolve_options(options),
            players=len(seats),
            seats=[str(seat) for seat in seats],
            names=list(names),
            seed=seed,
            rules=game.rules_version,
        )
        lock = store.lock(snapshot.match_id) if store is not None else None
        host = cls(replay(game, snapshot), bus, store, worker=worker, hint_level=hint_level, lock=lock)
        try:
            host._open()
        except BaseException:
            host.close()
            raise
        return host

    @classmethod
    def resume(
        cls, match_id: str, store: MatchStore, bus: Bus, *, worker: AIWorker | None = None, hint_level: str = "normal"
    ) -> MatchHost:
        """The saved match, loaded the one checked way: DamagedSave if it cannot be trusted,
        MatchLocked if another window has it open. It is stored again whole, as loaded (brought
        to today's rules, a torn last record left out), and appended to from there; if that
        fails the match is ``unsaved`` and the host tries again as it would after any failure."""
        lock = store.lock(match_id)
        try:
            replayed = load(store, match_id)
            host = cls(replayed, bus, store, worker=worker, hint_level=hint_level, lock=lock)
        except BaseException:
            lock.release()
            raise
        try:
            host._open(played=False)  # (opening a match is not playing it: the saves list keeps its order)
        except (OSError, DamagedSave) as exc:
            host.unsaved = save_problem(exc)
        host._notices()  # (in the log ``start`` sends)
        return host

    # -- properties ---------------------------------------------------------------------------

    @property
    def match_id(self) -> str:
        return self.snapshot.match_id

    @property
    def turn(self) -> int:
        """The number of actions in the log; an ``Act`` must carry it."""
        return len(self.actions)

    @property
    def status(self) -> str:
        return self.snapshot.status

    @property
    def names(self) -> list[str]:
        return self.snapshot.names

    @property
    def called(self) -> list[str]:
        """Each seat's name as the lines of the match say it (``seats.names_called``): "AI 2"."""
        return names_called(self.snapshot.names, self.snapshot.seats)

    def people(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec.is_person]

    # -- running ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Send every seat (and the spectators) the match info and its view with the whole log
        so far, then the seat to move its ``YourTurn`` (or ``MatchOver``)."""
        self._started = True
        if self.unsaved:
            self._retry_later()
        history = self._history()
        for seat in self._audience():
            await self._send(seat, self._info(seat))
            await self._send(seat, self._joined(seat, history))
            await self._prompt(only=seat)

    async def run(self) -> None:
        """Serve requests until the match is over (or resigned) or ``stop()`` is called."""
        if not self._started:
            await self.start()
        try:
            while (self.status == "playing" or self.unsaved) and not self._stopped:
                msg = await self._inbox.get()
                if msg is not None:
                    async with self._writing:
                        await self.handle(msg)
        finally:
            for task in [*self._hints, *([self._retrying] if self._retrying else [])]:
                task.cancel()
            self._inbox.close()
            self.close()

    def close(self) -> None:
        """Let go of the match's save lock (another window may open it now)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def stop(self) -> None:
        self._stopped = True
        self._wake()

    def _wake(self) -> None:
        """Make ``run`` look at whether to go on serving."""
        self._inbox.wake()

    async def handle(self, msg: Message) -> None:
        """Answer one request (``run`` calls this for every message on the host's address). A
        malformed request, or one from no seat of this match, is refused or dropped and changes
        nothing."""
        match, seat = getattr(msg, "match", None), getattr(msg, "seat", None)
        problem = msg.problem() if isinstance(msg, Request) else "not a request"
        if problem is None and match != self.match_id:
            problem = f"this is match {self.match_id}"
        if problem is None and seat is not None and not 0 <= seat < self.snapshot.players:
            return  # no such seat here: nobody to answer
        if problem is not None:
            if type(seat) is int and 0 <= seat < MAX_SEATS and type(match) is str:
                await self.bus.publish(seat_address(match, seat), Rejected(match, seat, self.turn, problem))
            return
        if isinstance(msg, Act):
            await self._act(msg)
        elif isinstance(msg, UndoRequest):
            await self._undo(msg)
        elif isinstance(msg, Resign):
            await self._resign(msg)
        elif isinstance(msg, HintRequest):
            await self._hint(msg)
        elif isinstance(msg, SaveRequest):
            await self._confirm_saved(msg.seat)
        elif isinstance(msg, Sync):
            await self._sync(msg.seat)
        elif isinstance(msg, Thinking):
            relay = Thinking(msg.match, msg.seat, msg.iterations)  # the AI's best move stays private
            for seat in self._audience():
                if seat != msg.seat:
                    await self._send(seat, relay)
        elif isinstance(msg, Chat):
            await self._chat(msg)

    # -- requests -----------------------------------------------------------------------------

    async def _act(self, msg: Act) -> None:
        reason = self._why_not_to_move(msg.seat, msg.turn)
        if reason:
            await self._reject(msg.seat, reason)
            return
        stored_first = self.store is not None and self.store.shared
        if stored_first and self.unsaved:
            await self._save_again()  # a move is one more try, at once: nobody waits out the back-off
        if stored_first and self.unsaved:
            await self._reject(msg.seat, f"not played: {self.unsaved}; try again in a moment")
            return
        action = normalise_action(msg.action)
        before = self.state.clone() if stored_first else self.state
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            await self._reject(msg.seat, str(exc))
            return
        rows = [list(row) for row in msg.weighed] if msg.weighed and not self._is_person(msg.seat) else []
        decider = self._decider(msg.seat)
        records = [Record("move", self.turn, time.time(), action, rows, by=decider)]
        if rows:
            self.weighed[self.turn] = rows
        by = msg.seat if is_stand_in(decider) else None
        if by is not None:
            self.stood_in[self.turn] = decider
        self.actions.append(action)
        self.movers.append(msg.seat)
        self.events.append(events)
        if self.state.is_over():
            self.snapshot.status = "over"
            self.snapshot.result = self.state.outcome()
            records.append(self._end())
        await self._store(*records)
        if stored_first and self.unsaved:  # not stored, so never shown: as if it was not played
            self._take_back_last(before)
            await self._reject(msg.seat, f"not played: {self.unsaved}; try again in a moment")
            return
        await self._broadcast(events, by, decider == PERSON)

    def _decider(self, seat: int) -> str:
        """Who decides ``seat``'s move now: its person, an AI standing in for them, or its AI."""
        if seat in self.standing_in:
            return stand_in(level_of(self.seats[seat]))
        return PERSON if self._is_person(seat) else AI

    def _take_back_last(self, before: State) -> None:
        """Forget the last move, which nobody was shown (``before``: the position before it)."""
        turn = len(self.actions) - 1
        self.state = before
        del self.actions[turn], self.movers[turn], self.events[turn]
        self.weighed.pop(turn, None)
        self.stood_in.pop(turn, None)
        self.snapshot.status, self.snapshot.result = "playing", None

    async def _undo(self, msg: UndoRequest) -> None:
        target = self._undo_target(msg.seat)
        if isinstance(target, str):
            await self._reject(msg.seat, target)
            return
        stored_first = self.store is not None and self.store.shared
        if stored_first and self.unsaved:
            await self._save_again()
        await self._store(Record("undo", target, time.time()))
        if stored_first and self.unsaved:  # not stored, so not taken back (as a move not stored is not played)
            await self._reject(msg.seat, f"not taken back: {self.unsaved}; try again in a moment")
            return
        taken = self.turn - target
        own = sum(1 for mover in self.movers[target:] if mover == msg.seat)
        self._hinted.clear()  # (the moves they were given at are taken back)
        self._lines.clear()
        again = replay(self.game, dataclasses.replace(self.snapshot, actions=self.actions), target)
        # (a step no line of the log said, as the plays list said it: "You undo 1 move." of a
        # Caravanserai direction taken back left the board as it was, and read as a key swallowed)
        # (of a choice after which the rules laid steps by themselves, the choice's own lines: the
        # first of the steps' named a Caravanserai "use the yellow board good", the "Start block
        # 3" taken back with it unsaid)
        first = undone_move(again.state.said_by(self.actions[target])) or again.state.describe(
            self.actions[target], msg.seat
        )
        self.state, self.movers, self.events = again.state, again.movers, again.events
        del self.actions[target:]
        self.weighed = {turn: rows for turn, rows in self.weighed.items() if turn < target}
        self.stood_in = {turn: by for turn, by in self.stood_in.items() if turn < target}
        self.standing_in = {seat: min(since, target) for seat, since in self.standing_in.items()}
        # what was noted and said after the moves taken back came before whatever comes next, in
        # the order it came: a second undo's line, kept at its own earlier turn, was listed above
        # the first's
        self.notes = [(min(at, target), event) for at, event in self.notes]
        self.chat = deque(((min(at, target), before, line) for at, before, line in self.chat), maxlen=CHAT_BACKLOG)
        # ("undo", not "take back": a rules step of Caravanserai's is called so, on the same screen)
        who, es = seat_field(msg.seat), seat_field(msg.seat, "es")
        # (one other seat by name: "1 of the others'" read oddly of one opponent)
        others = seat_field(1 - msg.seat, "'s") if self.snapshot.players == 2 else "the others'"
        what = undone(taken, own, seat_field(msg.seat, "their"), others)
        # which move went, from here on out of the log: "You undo 1 move." read as the line above it
        # (quoted: "You undo 1 move: your yellow good covers the purple board good …" read as the
        # move made again)
        which = f", the first “{first}”" if taken > 1 else f", taking back “{first}”"
        self._note(Event(f"{who} undo{es} {what}{which}."))
        # as the match now stands: the lines of the moves taken back stayed in the log as if
        # played, and the same step read twice around "You undo 1 move."
        await self._whole_logs_again()

    def _undo_target(self, seat: int) -> int | str:
        """The log length to rewind to (``seat``'s previous decision), or why undo is refused:
        never past another person's move, nor past an event that showed ``seat`` something it
        did not know (DESIGN §3), nor a move another person has seen (an Update holding it was
        delivered to their seat), nor a move an AI made in another person's place (a stand-in's
        answer shows something of that person's hand: a pass says it could not beat the card)."""
        if self.status != "playing":
            return "the match is over"
        if not self._is_person(seat):
            return "only a person's seat may undo"
        mine = [i for i, mover in enumerate(self.movers) if mover == seat]
        if not mine:
            return "there is no move of yours to undo"
        target = mine[-1]
        for i in range(target, self.turn):
            mover = self.movers[i]
            if mover != seat and self._is_person(mover):
                return f"cannot undo past {self.called[mover]}'s move"
            if mover != seat and self._played_for_a_person(i):
                return (
                    f"cannot undo past the move {stand_in_name(self.names[mover])} made: "
                    "it showed something of their hand"
                )
            for event in self.events[i]:
                if event.reveals_to(seat):
                    return f"cannot undo past “{event.render(self.called, seat)}”: it showed you what you had not seen"
        witness = next((other for other, seen in self.seen.items() if other != seat and seen > target), None)
        if witness is not None:
            those = "that move: it stands" if self.turn - target == 1 else "those moves: they stand"
            return f"{self.called[witness]} has seen {those}"
        return target

    def _played_for_a_person(self, turn: int) -> bool:
        """Whether an AI made move ``turn`` in its person's place (a stand-in)."""
        return turn in self.stood_in

    async def _resign(self, msg: Resign) -> None:
        if self.status != "playing":
            await self._reject(msg.seat, "the match is over")
            return
        if not self._is_person(msg.seat):
            await self._reject(msg.seat, "only a person's seat may resign")
            return
        who, s = seat_field(msg.seat), seat_field(msg.seat, "s")
        if self.people() != [msg.seat]:
            await self._replace_seat(msg.seat, STAND_IN, Event(f"{who} resign{s}; an AI plays the seat from now on."))
            return
        self.snapshot.status = "resigned"
        self.snapshot.resigned = msg.seat
        self.snapshot.result = resignation_result(
            self.snapshot.players, msg.seat, standing_after_resignation(self.state, msg.seat)
        )
        await self._store(self._end())
        await self._broadcast([Event(f"{who} resign{s}.")])

    async def replace_seat(self, seat: int, spec: SeatSpec, event: Event, name: str | None = None) -> None:
        """Give ``seat`` to ``spec`` (an AI stand-in for a person who resigned or left, or the
        person back from a stand-in), under ``name`` if given; save, and tell everyone; the
        seat to move is prompted again so the new player can act. An AI given a person's seat
        plays it in its person's place, for a while or for good (``saves.deciders.seats_changed``:
        its moves are logged as the stand-in's)."""
        async with self._writing:
            await self._replace_seat(seat, spec, event, name)

    def stand_in_moves(self, seat: int) -> int:
        """How many moves the AI standing in for ``seat`` has made since it sat down."""
        since = self.standing_in.get(seat)
        return 0 if since is None else sum(1 for turn in self.stood_in if turn >= since and self.movers[turn] == seat)

    async def note(self, event: Event) -> None:
        """A line in everyone's log about the match rather than a move (a person away, back)."""
        async with self._writing:
            line = self._note(event)
            for seat in self._audience():
                await self._send(seat, self._update(seat, [(line, None, False)]))

    async def _replace_seat(self, seat: int, spec: SeatSpec, event: Event, name: str | None = None) -> None:
        seats = [*self.snapshot.seats[:seat], str(spec), *self.snapshot.seats[seat + 1 :]]
        seats_changed(self.standing_in, self.snapshot.seats, seats, self.turn)
        self.seats[seat] = spec
        self.snapshot.seats[seat] = str(spec)
        renamed = name is not None and name != self.snapshot.names[seat]
        if name is not None:
            self.snapshot.names[seat] = name
        if self.on_seat_change is not None:
            self.on_seat_change(seat, spec)
        snap = self.snapshot
        await self._store(Record("seats", self.turn, time.time(), seats=list(snap.seats), names=list(snap.names)))
        for other in self._audience():
            await self._send(other, self._info(other))
        if not renamed:
            await self._broadcast([self._note(event)])
            return
        # the lines already shown name the seat as it was called ("Open seat 2 starts…"): each
        # seat's whole log again, in the names now at the table
        self._note(event)
        await self._whole_logs_again()

    async def _hint(self, msg: HintRequest) -> None:
        reason = self._why_not_to_move(msg.seat, msg.turn)
        if reason:
            await self._reject(msg.seat, reason)
            return
        task = asyncio.create_task(self._compute_hint(msg))
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _compute_hint(self, msg: HintRequest) -> None:
        """Search off the event loop; a hint that arrives after the position changed is dropped."""
        game_id, view, seat = self.game.id, self.state.view(msg.seat), msg.seat
        seed = hint_seed(seat, msg.turn)  # (the review's of this decision: the two search alike)
        policy = hint_policy(self.hint_level)
        earlier = self._earlier(seat) if policy.plans(game_id) else []
        following = self._following(seat)  # (the line shown earlier in this decision, followed so far)
        try:
            top = await self._searched(policy, view, seat, seed, earlier, following)
            if (after := after_plain(game_id, view, seat, top)) is not None:
                # (the line after the plain move: the next step's own hint, searched as it will be)
                top = plain_followed(
                    game_id,
                    view,
                    seat,
                    top,
                    await self._searched(policy, after, seat, hint_seed(seat, msg.turn + 1), []),
                )
            top = not_back(game_id, view, seat, top, self._passed(seat))  # (no step of the turn undone)
            top = in_line(top, game_id, view, seat)  # (what the line shown plays later, said so: not "Weaker")
            if top:
                top = await self._standing(seat, view, msg.turn, top)
        except AIWorkerError as exc:
            await self._reject(seat, f"no hint: {exc}")
            return
        if self.turn == msg.turn and self.status == "playing" and top:
            self._lines[seat] = (self.turn, tuple(top[0].line) or (top[0].action,))
            world = self.game.from_view(view, seat)  # worded from the seat's view, as the rest of the hint
            texts = [self._words(world.describe(c.action, seat), seat) for c in top]
            words: list[list[Any]] = [
                [text, c.share, c.value, self._words(c.reason, seat), c.action, c.error, c.own, c.sure]
                for text, c in zip(texts, top)
            ]
            shown = list(said_line(self.game, world, top[0].line))
            await self._send(seat, Hint(self.match_id, seat, msg.turn, top[0].action, texts[0], words, shown))
            self._hinted.setdefault(seat, []).append(msg.turn)

    async def _searched(
        self,
        policy: SearchPolicy,
        view: dict[str, Any],
        seat: int,
        seed: str,
        earlier: Sequence[dict[str, Any]],
        following: Sequence[Action] = (),
    ) -> list[Candidate]:
        """A hint's candidates for ``seat`` at ``view``, searched in the worker where there is one
        (``following``: what is left of the line shown earlier in the decision, ``explain.advised``)."""
        if self.worker is not None:
            return await self.worker.explain(
                policy, self.game.id, view, seat, seed, earlier=earlier, following=following
            )
        return await asyncio.to_thread(
            hint, self.game.id, view, seat, self.hint_level, seed, earlier=earlier, following=following
        )

    async def _standing(self, seat: int, view: dict[str, Any], turn: int, top: list[Candidate]) -> list[Candidate]:
        """``top`` with how the position stands for its first move valued as a review of this
        decision values it (``review.judge``: its search from the view, its seed and budget), for
        "How it stands", so that it reads as the review's "best: N%" of the same decision: a
        planner's own figure for its plan read "78% to win" beside the review's "best: 53%" at
        every decision of a Caravanserai match, and a search's mean for the move "35%" beside
        "best: 43%" in Merchant Lord's. Not where the game's own look found the end (``sure``).
        Alone, a seat's expected pieces are the planner's, as the review's are."""
        if len(self.snapshot.seats) < 2 or top[0].sure:
            return top
        position = Position(turn, view, top[0].action)
        if self.worker is not None:
            (judged,) = await self.worker.review(self.game.id, seat, [position], ITERATIONS)
        else:
            judged = await asyncio.to_thread(judge, self.game.id, seat, position)
        return [top[0]._replace(own=judged.before), *top[1:]]

    def _following(self, seat: int) -> tuple[Action, ...]:
        """What is left of the line the last hint showed ``seat`` in the decision it is making,
        where the moves made since followed it (``explain.kept_to_line`` keeps to it); else (): the
        decision ended since (another seat moved, or chance showed something, as a review cuts
        decisions: a line made before a roll is no plan after it)."""
        turn, line = self._lines.get(seat, (self.turn + 1, ()))
        if turn > self.turn or any(mover != seat for mover in self.movers[turn : self.turn]):
            return ()
        if any(event.reveals is True for events in self.events[turn : self.turn] for event in events):
            return ()
        made = [normalise_action(action) for action in self.actions[turn : self.turn]]
        return line[len(made) :] if list(line[: len(made)]) == made else ()

    def _earlier(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s views where the decision it is in the middle of began and where it was
        given a hint since (none: it has taken no step of it yet): a hint plans from them first,
        in whichever process it runs (``SearchPolicy._plan``). Where the decision began is found
        in the log, so a restart keeps it; where hints were given, while this host runs."""
        first = self._decision_start(seat)
        hinted = self._hinted[seat] = [turn for turn in self._hinted.get(seat, []) if first < turn < self.turn]
        return self._decision_views(seat, first, [turn - first for turn in hinted])

    def _passed(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s views at every step of the decision it is in the middle of, its start first
        (none: it has taken no step of it yet, or the game counts no steps, ``GameAI.step_fields``):
        a hint does not take the board back to one of them where another move is about as good
        (``explain.not_back``)."""
        if not self.game.ai.step_fields:
            return []
        first = self._decision_start(seat)
        return self._decision_views(seat, first, range(self.turn - first))

    def _decision_start(self, seat: int) -> int:
        """The move at which ``seat``'s run of moves up to now began (now: none yet)."""
        first = self.turn
        while first and self.movers[first - 1] == seat:
            first -= 1
        return first

    def _decision_views(self, seat: int, first: int, steps: Sequence[int]) -> list[dict[str, Any]]:
        """``review.decision_views`` of ``seat``'s decision begun at move ``first``, at ``steps``."""
        if first == self.turn:
            return []
        logged = dataclasses.replace(self.snapshot, actions=self.actions)
        state = replay(self.game, logged, first, log=False).state
        return decision_views(self.game, state, self.actions[first:], seat, steps)

    async def _chat(self, msg: Chat) -> None:
        """Pass a chat line on to everyone, under the seat's name (a spectator's line keeps the
        name its hub gave it)."""
        name = self.names[msg.seat] if msg.seat is not None else msg.name or "a spectator"
        line = Chat(self.match_id, msg.seat, msg.text, name)
        self.chat.append((self.turn, len(self.notes), line))
        for seat in self._audience():
            await self._send(seat, line)

    async def _confirm_saved(self, seat: int) -> None:
        """Whether the file on disk holds this very log (not merely as many moves). While the
        match is unsaved, the request is one more try, at once."""
        if self.unsaved:
            await self._save_again()
        if self.store is None:
            ok, reason = False, "this match has no save file"
        elif self.unsaved:
            ok, reason = False, self.unsaved
        else:
            try:
                saved = await asyncio.to_thread(self.store.read, self.match_id)
                ok = saved.actions == self.actions and saved.seats == self.snapshot.seats
                reason = "" if ok else "the file does not hold this match's moves"
            except (OSError, DamagedSave) as exc:
                ok, reason = False, save_problem(exc)
            if not ok:  # (its file removed or replaced from outside): write it whole again
                self.unsaved = reason
                await self._save_again()
                ok, reason = not self.unsaved, self.unsaved
                if self.unsaved:
                    self._retry_later()
        await self._send(seat, Saved(self.match_id, seat, ok, reason))

    # -- helpers ------------------------------------------------------------------------------

    def _audience(self) -> list[int | None]:
        """Every seat, then the spectators (None)."""
        return [*range(self.snapshot.players), None]

    def _is_person(self, seat: object) -> bool:
        return isinstance(seat, int) and 0 <= seat < len(self.seats) and self.seats[seat].is_person

    def _words(self, text: str, seat: int | None) -> str:
        """A hint's ``text`` in ``seat``'s words, a seat an AI plays in its person's place named
        as the stand-in, as the log names its moves: "risk: Bob can steal the salt" of the AI
        that played on after Bob resigned warned of a person who was gone."""
        names = self.called
        for stood in self.standing_in:
            names = stood_in_names(names, stood, seat)
        return render(text, names, seat)

    def _why_not_to_move(self, seat: int, turn: int) -> str | None:
        if self.status != "playing":
            return "the match is over"
        to_move = self.state.to_move()
        if seat != to_move:
            who = self.called[to_move] if to_move is not None else "nobody"
            return f"it is {who}'s turn"
        if turn != self.turn:
            age = "stale" if turn < self.turn else "from the future"
            return f"turn {turn} is {age}; the match is at turn {self.turn}"
        return None

    async def _send(self, seat: int | None, msg: Message) -> None:
        address = spectator_address(self.match_id) if seat is None else seat_address(self.match_id, seat)
        delivered = await self.bus.publish(address, msg)
        if delivered and isinstance(msg, Update) and seat is not None and self._is_person(seat):
            self.seen[seat] = msg.turn

    async def _reject(self, seat: int, reason: str) -> None:
        await self._send(seat, Rejected(self.match_id, seat, self.turn, reason))

    async def announce(self) -> None:
        """Every seat's match info again: who sits where changed outside the match (a person
        left their seat for a while, or came back)."""
        for seat in self._audience():
            await self._send(seat, self._info(seat))

    def _info(self, seat: int | None) -> MatchInfo:
        snap = self.snapshot
        return MatchInfo(self.match_id, seat, self.game.id, list(snap.names), list(snap.seats), dict(snap.options))

    def _update(self, seat: int | None, lines: list[Line], whole_log: bool = False) -> Update:
        shown = [line for line in lines if isinstance(line[0], Chat) or line[0].visible_to(seat)]
        texts = [
            line.words(seat) if isinstance(line, Chat) else words_for(line, self.called, seat, by, by_person)
            for line, by, by_person in shown
        ]
        # (the seat's own next turn too, where the rules played it whole within its move: a match
        # that ended after one showed that last turn nowhere, its dice gone to the market unsaid)
        own = self.movers[-1:] == [seat]  # (the lines are the seat's own move's)
        laid = (
            i
            for i, (line, _, _) in enumerate(shown)
            if isinstance(line, Event) and line.laid_for is not None and (line.laid_for != seat or own)
        )
        laid_from = None if whole_log else next(laid, None)
        return Update(
            self.match_id, seat, self.turn, self.state.view(seat), texts, whole_log, self.unsaved, laid_from=laid_from
        )

    def _joined(self, seat: int | None, history: list[Line]) -> Update:
        """The whole log for a seat (re)joining, with its view just after its last move (before
        its first, the match's start) where others have moved since (``Update.since``): the cells
        Camel Caravan marked as changed since our turn were gone after a save and resume. In the
        middle of the seat's turn, its view after its move before the others' and as its turn
        began (``Update.until``): a save in the middle of a turn lost them too."""
        update = self._update(seat, history, whole_log=True)
        if seat is None:
            return update
        begun = self.turn  # (the seat's moves that end the log: the turn it is in the middle of)
        if self.state.to_move() == seat:
            while begun and self.movers[begun - 1] == seat:
                begun -= 1
        last = next((i for i in range(begun - 1, -1, -1) if self.movers[i] == seat), -1)  # (-1: none yet)
        if last == begun - 1:  # (nobody else moved since)
            return update
        since, *passed = self._views(last + 1, begun, seat)
        until = passed[-1] if begun < self.turn else None
        return dataclasses.replace(update, since=since, until=until, passed=passed)

    def _views(self, first: int, last: int, seat: int) -> list[dict[str, Any]]:
        """``seat``'s view after the match's first ``first`` moves, and after each move after
        them up to the ``last``-th."""
        played = dataclasses.replace(self.snapshot, actions=self.actions)
        state = replay(self.game, played, first, log=False).state
        views = [state.view(seat)]
        for action in self.actions[first:last]:
            state.apply(action, log=False)
            views.append(state.view(seat))
        return views

    async def _broadcast(self, events: list[Event], by: int | None = None, by_person: bool = False) -> None:
        """Each seat its own Update, then ``YourTurn`` to the seat to move or ``MatchOver`` to all."""
        for seat in self._audience():
            await self._send(seat, self._update(seat, [(event, by, by_person) for event in events]))
        await self._prompt()

    async def _prompt(self, only: int | Literal["all"] | None = "all") -> None:
        if self.status != "playing":
            snap = self.snapshot
            over = MatchOver(self.match_id, self.state.scores(), list(snap.result or []), snap.status)
            for seat in self._audience() if only == "all" else (only,):
                await self._send(seat, over)
            return
        seat = self.state.to_move()
        if seat is not None and only in ("all", seat):
            legal = self.state.legal_actions()
            undo = isinstance(self._undo_target(seat), int)
            await self._send(seat, YourTurn(self.match_id, seat, self.turn, self.state.view(seat), legal, undo))

    async def _whole_logs_again(self) -> None:
        """Every seat's (and spectator's) whole log again, as the match now stands, then the
        prompt: the lines already shown no longer hold (a rename, an undo)."""
        history = self._history()
        for other in self._audience():
            await self._send(other, self._update(other, history, whole_log=True))
        await self._prompt()

    async def _sync(self, seat: int | None) -> None:
        """A seat (re)joining: its match info, its view with the whole log so far (the chat
        lately said in it, where it was said), and its ``YourTurn`` (or ``MatchOver``)."""
        if seat is None or 0 <= seat < self.snapshot.players:
            await self._send(seat, self._info(seat))
            await self._send(seat, self._joined(seat, self._history()))
            await self._prompt(only=seat)

    def _note(self, event: Event) -> Event:
        self.notes.append((self.turn, event))
        return event

    def _history(self) -> list[Line]:
        """The setup's events, then each action's (a stand-in's marked), with the notes and the
        chat where they came."""
        history: list[Line] = [(event, None, False) for event in self.opening]
        notes = sorted(in_order(self.chat, self.notes), key=lambda note: note[0])
        for turn, events in enumerate(self.events):
            history += [(event, None, False) for at, event in notes if at == turn]
            by = self.movers[turn] if turn in self.stood_in else None
            by_person = by is None and own_kind(self.snapshot.seats, self.standing_in, self.movers[turn]) == PERSON
            history += [(event, by, by_person) for event in events]
        return history + [(event, None, False) for at, event in notes if at >= len(self.events)]

    def _snapshot(self, played: bool) -> Snapshot:
        """The whole match; ``played``: stored because it was played (not only opened), so its
        last-played time is now."""
        snap = self.snapshot
        snap.actions = list(self.actions)
        snap.weighed = dict(self.weighed)
        snap.deciders = dict(self.stood_in)
        snap.standing_in = dict(self.standing_in)
        snap.state = self.state.to_data()
        if played:
            snap.updated = time.time()
        snap.rules, snap.app_version = self.game.rules_version, __version__  # (the release that writes it)
        return snap

    def _end(self) -> Record:
        """The record of the match ending as the snapshot now says (over, or resigned)."""
        snap = self.snapshot
        return Record(
            "end",
            self.turn,
            time.time(),
            status=snap.status,
            result=snap.result,
            resigned=snap.resigned,
            state=self.state.to_data(),
        )

    def _open(self, played: bool = True) -> None:
        """Store the whole match (a new one, one resumed, or everything again after a failure)."""
        if self.store is not None and self.lock is not None:
            self.store.open(self.lock, self._snapshot(played))

    async def _store(self, *records: Record) -> None:
        """Append ``records`` in a thread (each append fsyncs); the host handles one request at
        a time. While the match is ``unsaved`` nothing is appended (the file is behind: the
        retry stores the whole match). A failure leaves the match ``unsaved`` (the next Update
        says so) and retries follow."""
        if self.store is None or self.lock is None or self.unsaved:
            return
        store, lock = self.store, self.lock

        def append() -> None:
            for record in records:
                store.append(lock, record)

        try:
            await asyncio.to_thread(append)
        except (OSError, ValueError, DamagedSave) as exc:
            self._failed(exc)
            if store.shared:  # one more try at once, through ``open`` (a lock taken back after a cut, say)
                try:
                    await asyncio.to_thread(self._open)
                    self.unsaved = ""
                except (OSError, ValueError, DamagedSave) as again:
                    self._failed(again)
            if self.unsaved:
                self._retry_later()
        else:
            await self._tell_notices()  # (its file taken back, say)

    def _failed(self, exc: OSError | ValueError | DamagedSave) -> None:
        """The match is ``unsaved`` because of ``exc``; a shared store's refusal of this host as
        stale is passed on (``on_superseded``)."""
        self.unsaved = save_problem(exc)
        stale = isinstance(exc, MatchLocked) and self.store is not None and self.store.shared
        if stale and self.on_superseded is not None:
            self.on_superseded()

    def _notices(self) -> list[Event]:
        """What the store found in the match's file to tell the people at the table, each once,
        as notes in the log (a file store: the last change torn and left out, a recovery from
        damage, its file changed by another program and kept aside, or taken back)."""
        notices = getattr(self.lock, "notices", None)
        if not notices:
            return []
        lines = [self._note(Event(str(text))) for text in notices]
        notices.clear()
        return lines

    async def _tell_notices(self) -> None:
        for line in self._notices():
            for seat in self._audience():
                await self._send(seat, self._update(seat, [(line, None, False)]))

    def _retry_later(self) -> None:
        if self._retrying is None or self._retrying.done():
            self._retrying = asyncio.create_task(self._retry_saves())

    def retry_now(self) -> None:
        """The store is known to be back (another write through it just succeeded): a match
        waiting out its back-off tries its save again at once."""
        if self.unsaved:
            self._poked.set()
            self._retry_later()

    async def _retry_saves(self) -> None:
        """Try the save again after each of the back-off's delays (or at once, ``retry_now``),
        until one writes everything."""
        for delay in self.retry.delays():
            if not self._poked.is_set():
                waits = [asyncio.ensure_future(self.retry.sleep(delay)), asyncio.ensure_future(self._poked.wait())]
                try:
                    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for wait in waits:
                        wait.cancel()
            self._poked.clear()
            async with self._writing:
                if self.unsaved:
                    await self._save_again()
                if not self.unsaved:
                    self._wake()  # a match that ended may stop now
                    return

    async def _save_again(self) -> None:
        """Store the whole match once more; tell everyone if that changed the save's state."""
        before = self.unsaved
        try:
            await asyncio.to_thread(self._open)
        except (OSError, ValueError, DamagedSave) as exc:
            self._failed(exc)
        else:
            self.unsaved = ""
            await self._tell_notices()
        if self.unsaved != before:
            for seat in self._audience():
                await self._send(seat, SaveStatus(self.match_id, seat, self.unsaved))
            if not self.unsaved and self.store is not None and self.store.shared:
                await self._prompt()  # moves were refused meanwhile: the seat to move (an AI's too) plays now


def undone_move(events: Sequence[Event]) -> str | None:
    """The first move an undo takes back, as everyone's log said it (its first line every seat
    saw, as a person decided it), without its full stop; None where none was everyone's."""
    line = next((event for event in events if event.seats is None), None)
    if line is None:
        return None
    return (line.person_text if line.person_text is not None else line.text).rstrip(".")


def undone(taken: int, own: int, their: str, others: str = "the others'") -> str:
    """An undo's moves in words: "2 moves"; where the others' moves since went too, whose were
    whose ("1 of your moves and 11 of the others'": "12 moves" read as twelve of one's own;
    ``others``: theirs in words, "AI 2's" of one other seat)."""
    if own == taken:
        return plural(taken, "move")
    return f"{own} of {their} moves and {taken - own} of {others}"
