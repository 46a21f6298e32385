"""MatchHost: the only writer of a match's State (DESIGN §3).

The host listens on ``host_address(match)``. It checks every request, applies good actions,
keeps the action log (with who took each action and the events it produced), autosaves after
every change and sends each seat its own redacted ``Update``; the seat to move gets ``YourTurn``.
It cannot tell seat kinds apart, except that undo needs to know which seats are people.
"""
from __future__ import annotations

import asyncio
import time

from ai.policies import hint
from ai.worker import AIWorker, AIWorkerError
from caravan_tui.bus import (
    Act,
    Bus,
    Hint,
    HintRequest,
    MatchOver,
    Message,
    Rejected,
    Resign,
    Sync,
    Thinking,
    UndoRequest,
    Update,
    YourTurn,
    host_address,
    seat_address,
)
from caravan_tui.engine import Event, Game, IllegalAction, State, normalise_action
from caravan_tui.games import get_game
from ai.matches import decision_seed
from caravan_tui.seats import is_policy_spec
from saves.codec import DamagedSave
from saves.snapshot import Snapshot, new_match_id
from saves.store import SaveStore



class MatchHost:
    """Owns one match: its State, action log, autosave, undo, hints and resignation.

    Build it with ``new`` or ``resume``; ``await run()`` serves requests until the match ends or
    ``stop()`` is called (``run`` first calls ``start``, which sends every seat its ``Update``
    and the seat to move its ``YourTurn``).
    """

    def __init__(
        self,
        game: Game,
        snapshot: Snapshot,
        bus: Bus,
        store: SaveStore | None = None,
        *,
        worker: AIWorker | None = None,
        hint_level: str = "normal",
    ) -> None:
        """``snapshot`` describes the match (its state field is ignored: the log is replayed)."""
        self.game = game
        self.snapshot = snapshot
        self.bus = bus
        self.store = store
        self.worker = worker
        self.hint_level = hint_level
        self.actions = list(snapshot.actions)
        self.state, self.movers, self.events = self._replay(len(self.actions))
        self._inbox = bus.subscribe(host_address(snapshot.match_id))
        self._started = False
        self._stopped = False
        self._hints: set[asyncio.Task] = set()

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game_id: str,
        players: int,
        seats: list[str],
        names: list[str],
        seed: int,
        options: dict | None,
        store: SaveStore | None,
        bus: Bus,
        *,
        match_id: str | None = None,
        worker: AIWorker | None = None,
        hint_level: str = "normal",
    ) -> MatchHost:
        """A fresh match; saved at once when there is a store."""
        game = get_game(game_id)
        if not len(seats) == len(names) == players:
            raise ValueError(f"{players} players need {players} seats and names")
        snapshot = Snapshot(
            match_id=match_id or new_match_id(),
            game_id=game_id,
            options=game.resolve_options(options),
            players=players,
            seats=list(seats),
            names=list(names),
            seed=seed,
        )
        host = cls(game, snapshot, bus, store, worker=worker, hint_level=hint_level)
        host._save()
        return host

    @classmethod
    def resume(
        cls,
        match_id: str,
        store: SaveStore,
        bus: Bus,
        *,
        worker: AIWorker | None = None,
        hint_level: str = "normal",
    ) -> MatchHost:
        """The saved match, rebuilt by replaying its log; DamagedSave if that is impossible."""
        snapshot = store.read(match_id)
        try:
            game = get_game(snapshot.game_id)
        except KeyError:
            raise DamagedSave(f"unknown game {snapshot.game_id!r}") from None
        try:
            return cls(game, snapshot, bus, store, worker=worker, hint_level=hint_level)
        except ValueError as exc:  # an IllegalAction in the log, or options the game refuses
            raise DamagedSave(f"the action log cannot be replayed: {exc}") from None

    def _replay(self, n: int) -> tuple[State, list[int], list[list[Event]]]:
        """The state after the first ``n`` logged actions, with who took each and its events."""
        snap = self.snapshot
        state = self.game.new(snap.players, seed=snap.seed, options=snap.options)
        self.opening = state.opening_events()
        movers, events = [], []
        for action in self.actions[:n]:
            movers.append(state.to_move())
            events.append(state.apply(action))
        return state, movers, events

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

    # -- running ------------------------------------------------------------------------------

    def start(self) -> None:
        """Send every seat its view with the whole log so far (the setup and every action's events
        it may see), then the seat to move its ``YourTurn`` (or ``MatchOver``)."""
        self._started = True
        history = self.opening + [event for events in self.events for event in events]
        for seat in self._seats():
            self._send(seat, self._update(seat, history))
            self._prompt(only=seat)

    async def run(self) -> None:
        """Serve requests until the match is over (or resigned) or ``stop()`` is called."""
        if not self._started:
            self.start()
        try:
            while self.status == "playing" and not self._stopped:
                msg = await self._inbox.get()
                if msg is not None:
                    await self.handle(msg)
        finally:
            for task in self._hints:
                task.cancel()
            self._inbox.close()

    def stop(self) -> None:
        self._stopped = True
        self._inbox.queue.put_nowait(None)  # wake ``run``

    async def handle(self, msg: Message) -> None:
        """Answer one request (``run`` calls this for every message on the host's address)."""
        if getattr(msg, "match", None) != self.match_id:
            seat = getattr(msg, "seat", None)
            if seat is not None:
                self._send(seat, Rejected(msg.match, seat, self.turn, f"this is match {self.match_id}"),
                           match=msg.match)
            return
        if isinstance(msg, Act):
            await self._act(msg)
        elif isinstance(msg, UndoRequest):
            await self._undo(msg)
        elif isinstance(msg, Resign):
            await self._resign(msg)
        elif isinstance(msg, HintRequest):
            self._hint(msg)
        elif isinstance(msg, Sync):
            self._sync(msg.seat)
        elif isinstance(msg, Thinking):
            relay = Thinking(msg.match, msg.seat, msg.iterations)  # the AI's best move stays private
            for seat in self._seats():
                if seat != msg.seat:
                    self._send(seat, relay)

    # -- requests -----------------------------------------------------------------------------

    async def _act(self, msg: Act) -> None:
        reason = self._why_not_to_move(msg.seat, msg.turn)
        if reason:
            self._reject(msg.seat, reason)
            return
        action = normalise_action(msg.action)
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self._reject(msg.seat, str(exc))
            return
        self.actions.append(action)
        self.movers.append(msg.seat)
        self.events.append(events)
        if self.state.is_over():
            self.snapshot.status = "over"
            self.snapshot.result = self.state.outcome()
        await self._save_async()
        self._broadcast(events)

    async def _undo(self, msg: UndoRequest) -> None:
        target = self._undo_target(msg.seat)
        if isinstance(target, str):
            self._reject(msg.seat, target)
            return
        taken = self.turn - target
        self.state, self.movers, self.events = self._replay(target)
        del self.actions[target:]
        await self._save_async()
        name = self.snapshot.names[msg.seat]
        self._broadcast([Event(f"{name} takes back {taken} move{'s' if taken > 1 else ''}.")])

    def _undo_target(self, seat: int) -> int | str:
        """The log length to rewind to (``seat``'s previous decision), or why undo is refused."""
        if self.status != "playing":
            return "the match is over"
        if seat not in self._seats() or not self._is_person(seat):
            return "only a person's seat may undo"
        mine = [i for i, mover in enumerate(self.movers) if mover == seat]
        if not mine:
            return "there is no move of yours to take back"
        target = mine[-1]
        for i in range(target, self.turn):
            mover = self.movers[i]
            if mover != seat and self._is_person(mover):
                return f"cannot take back past {self.snapshot.names[mover]}'s move"
            if any(event.reveals for event in self.events[i]):
                return "cannot take back: hidden cards or chance have been revealed since"
        return target

    async def _resign(self, msg: Resign) -> None:
        if self.status != "playing":
            self._reject(msg.seat, "the match is over")
            return
        others = self.snapshot.players - 1
        self.snapshot.status = "resigned"
        self.snapshot.result = [0.0 if s == msg.seat else 1.0 / others for s in self._seats()]
        await self._save_async()
        event = Event(f"{self.snapshot.names[msg.seat]} resigns.")
        self._broadcast([event])

    def _hint(self, msg: HintRequest) -> None:
        reason = self._why_not_to_move(msg.seat, msg.turn)
        if reason:
            self._reject(msg.seat, reason)
            return
        task = asyncio.create_task(self._compute_hint(msg))
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _compute_hint(self, msg: HintRequest) -> None:
        """Search off the event loop; a hint that arrives after the position changed is dropped."""
        game_id, view, seat = self.snapshot.game_id, self.state.view(msg.seat), msg.seat
        seed = decision_seed(self.snapshot.seed, msg.turn, seat)
        try:
            if self.worker is not None:
                action = await self.worker.choose(f"ai:{self.hint_level}", game_id, view, seat, seed)
            else:
                action = await asyncio.to_thread(hint, game_id, view, seat, self.hint_level, seed)
        except AIWorkerError as exc:
            self._reject(seat, f"no hint: {exc}")
            return
        if self.turn == msg.turn and self.status == "playing":
            text = self.state.describe(action, seat)
            self._send(seat, Hint(self.match_id, seat, msg.turn, action, text))

    # -- helpers ------------------------------------------------------------------------------

    def _seats(self) -> range:
        return range(self.snapshot.players)

    def _is_person(self, seat: int) -> bool:
        return not is_policy_spec(self.snapshot.seats[seat])

    def _why_not_to_move(self, seat: int, turn: int) -> str | None:
        if self.status != "playing":
            return "the match is over"
        to_move = self.state.to_move()
        if seat != to_move:
            names = self.snapshot.names
            who = names[to_move] if to_move is not None else "nobody"
            return f"it is {who}'s turn, not {names[seat] if seat in self._seats() else seat!r}'s"
        if turn != self.turn:
            age = "stale" if turn < self.turn else "from the future"
            return f"turn {turn} is {age}; the match is at turn {self.turn}"
        return None

    def _send(self, seat: int, msg: Message, *, match: str | None = None) -> None:
        self.bus.publish_nowait(seat_address(match or self.match_id, seat), msg)

    def _reject(self, seat: int, reason: str) -> None:
        self._send(seat, Rejected(self.match_id, seat, self.turn, reason))

    def _update(self, seat: int, events: list[Event]) -> Update:
        texts = [event.text for event in events if event.visible_to(seat)]
        return Update(self.match_id, seat, self.turn, self.state.view(seat), texts)

    def _broadcast(self, events: list[Event]) -> None:
        """Each seat its own Update, then ``YourTurn`` to the seat to move or ``MatchOver`` to all."""
        for seat in self._seats():
            self._send(seat, self._update(seat, events))
        self._prompt()

    def _prompt(self, only: int | None = None) -> None:
        if self.status != "playing":
            over = MatchOver(self.match_id, self.state.scores(), list(self.snapshot.result or []))
            for seat in self._seats() if only is None else (only,):
                self._send(seat, over)
            return
        seat = self.state.to_move()
        if seat is not None and only in (None, seat):
            legal = self.state.legal_actions()
            self._send(seat, YourTurn(self.match_id, seat, self.turn, self.state.view(seat), legal))

    def _sync(self, seat: int) -> None:
        if seat in self._seats():
            self._send(seat, self._update(seat, []))
            self._prompt(only=seat)

    def _snapshot(self) -> Snapshot:
        snap = self.snapshot
        snap.actions = list(self.actions)
        snap.state = self.state.to_data()
        snap.updated = time.time()
        return snap

    def _save(self) -> None:
        if self.store is not None:
            self.store.write(self._snapshot())

    async def _save_async(self) -> None:
        """Write in a thread (the write fsyncs); the host handles one request at a time."""
        if self.store is not None:
            await asyncio.to_thread(self.store.write, self._snapshot())
