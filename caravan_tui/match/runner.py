"""MatchRunner: one match with its host, its AI seats and any number (0…n) of people's seats.

A person's seat is a ``SeatClient``: the messages for that seat and a way to send requests to
the host, nothing more, so a screen in this process and one over SSH work the same way.
"""

from __future__ import annotations

import asyncio
from typing import Any

from caravan_tui.ai.worker import AIWorker
from caravan_tui.bus import Bus, Message, host_address, seat_address, spectator_address
from caravan_tui.engine import Event, seat_field
from caravan_tui.match.host import STAND_IN, MatchHost
from caravan_tui.match.policy_seat import PolicySeat
from caravan_tui.saves.backend import MatchStore
from caravan_tui.seats import SeatSpec


class SeatClient:
    """One seat's end of the bus (``seat`` None: a spectator) in a match of ``players`` seats.
    Subscribes at construction, so nothing the host sends after that is lost."""

    shared = False

    def __init__(self, bus: Bus, match_id: str, game_id: str, players: int, seat: int | None) -> None:
        self.bus, self.match_id, self.game_id, self.players, self.seat = bus, match_id, game_id, players, seat
        address = spectator_address(match_id) if seat is None else seat_address(match_id, seat)
        self.inbox = bus.subscribe(address)

    async def get(self) -> Message:
        return await self.inbox.get()

    def waiting(self) -> bool:
        return not self.inbox.empty()

    async def send(self, message: Message) -> None:
        await self.bus.publish(host_address(self.match_id), message)

    def close(self) -> None:
        self.inbox.close()


class MatchRunner:
    """Starts a host and a ``PolicySeat`` for every seat no person plays; ``client(seat)`` gives
    a person (or a spectator) their end. Take every client before ``start``."""

    def __init__(self, host: MatchHost, worker: AIWorker | None = None, *, iterations: int | None = None) -> None:
        self.host = host
        self.bus = host.bus
        self.worker = worker
        self.iterations = iterations
        self.ai_seats: dict[int, PolicySeat] = {}
        self.clients: list[SeatClient] = []
        self._tasks: list[asyncio.Task[None]] = []
        for seat, spec in enumerate(host.seats):
            if not spec.is_person:
                self.ai_seats[seat] = self._policy_seat(seat, spec)
        host.on_seat_change = self._seat_changed

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        names: list[str],
        seed: int,
        options: dict[str, Any] | None,
        store: MatchStore | None,
        *,
        worker: AIWorker | None = None,
        match_id: str | None = None,
        iterations: int | None = None,
    ) -> MatchRunner:
        host = MatchHost.new(game_id, seats, names, seed, options, store, Bus(), match_id=match_id, worker=worker)
        return cls(host, worker, iterations=iterations)

    @classmethod
    def resume(
        cls, match_id: str, store: MatchStore, *, worker: AIWorker | None = None, iterations: int | None = None
    ) -> MatchRunner:
        """The saved match, loaded the one checked way (DamagedSave if it cannot be trusted)."""
        return cls(MatchHost.resume(match_id, store, Bus(), worker=worker), worker, iterations=iterations)

    @property
    def match_id(self) -> str:
        return self.host.match_id

    def people(self) -> list[int]:
        return self.host.people()

    def client(self, seat: int | None, *, coming_back: bool = False) -> SeatClient:
        """The end of ``seat`` for a person playing it, or of a spectator (None); ``coming_back``:
        for the seat's person, whose seat an AI stand-in is about to give back (their end is
        there first, so nothing the host sends after the hand-over is lost)."""
        if seat is not None and not (coming_back and 0 <= seat < len(self.host.seats)) and seat not in self.people():
            raise ValueError(f"seat {seat + 1 if isinstance(seat, int) else seat!r} is not a person's seat")
        client = SeatClient(self.bus, self.match_id, self.host.game.id, self.host.snapshot.players, seat)
        self.clients.append(client)
        return client

    def release(self, client: SeatClient) -> None:
        """A person (or spectator) left: their end stops receiving."""
        client.close()
        if client in self.clients:
            self.clients.remove(client)

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self.host.run()))
        self._tasks += [asyncio.create_task(seat.run()) for seat in self.ai_seats.values()]

    async def wait(self) -> None:
        """Until the host stops serving (the match ended, or ``stop``)."""
        await self._tasks[0]

    async def stand_in(self, seat: int, spec: SeatSpec = STAND_IN, *, until_back: bool = False) -> None:
        """A person left a match others play on: an AI (``spec``) plays their seat from now on,
        or, ``until_back``, until they come back (``give_back``)."""
        who, s = seat_field(seat), seat_field(seat, "s")
        # (not the name again: a 40-letter one, twice in a line, took five rows of a narrow log)
        until = f"until {seat_field(seat, 'their')} return" if until_back else "from now on"
        await self.host.replace_seat(seat, spec, Event(f"{who} leave{s}; an AI plays the seat {until}."))

    async def stand_in_for_invited(self, seat: int, spec: SeatSpec, *, declined: bool = False) -> None:
        """A seat kept for a person (a rematch's) that they have not taken within the grace: an
        AI (``spec``) plays it until they take it; or, ``declined``, from now on."""
        who, s, has, their = seat_field(seat), seat_field(seat, "s"), seat_field(seat, "has"), seat_field(seat, "their")
        text = (
            f"{who} decline{s} the rematch: an AI plays the seat from now on."
            if declined
            else f"{who} {has} not taken {their} seat: an AI plays it until {who} take{s} it."
        )
        await self.host.replace_seat(seat, spec, Event(text))

    async def hold(self, seat: int, spec: SeatSpec) -> None:
        """Nobody is left at the table: the AI standing in for ``seat``'s person stops, and the
        seat is theirs again (``spec``, e.g. ``remote:WHO``), waiting for them."""
        if not spec.is_person:
            raise ValueError(f"{spec} is not a person's seat")
        text = f"Nobody is at the table: the AI standing in for {seat_field(seat)} stops, and the match waits."
        await self.host.replace_seat(seat, spec, Event(text))

    async def give_back(self, seat: int, spec: SeatSpec, name: str | None = None, *, joining: bool = False) -> None:
        """A person (``spec``, e.g. ``remote:WHO``) takes ``seat``: back from an AI stand-in, or,
        ``joining``, a seat left open for a person; ``name`` is the name they play under."""
        if not spec.is_person:
            raise ValueError(f"{spec} is not a person's seat")
        who, s, verb, whose = seat_field(seat), seat_field(seat, "s"), seat_field(seat, "is"), seat_field(seat, "'s")
        moves = self.host.stand_in_moves(seat)  # (the person is told what was played for them)
        played = f"; {whose} stand-in made {moves} move{'s' if moves > 1 else ''} (in the log)" if moves else ""
        text = f"{who} join{s} the match." if joining else f"{who} {verb} back{played}."
        await self.host.replace_seat(seat, spec, Event(text), name)

    def stop(self) -> None:
        """Stop serving; the save on disk holds every move made (a write in progress finishes in
        its thread), unless the host is ``unsaved``: then what its retries had not yet written is lost."""
        for task in self._tasks:
            task.cancel()
        self.host.close()
        for seat in self.ai_seats.values():
            seat.stop()
        for client in self.clients:
            client.close()

    def _policy_seat(self, seat: int, spec: SeatSpec) -> PolicySeat:
        return PolicySeat(
            self.bus,
            self.match_id,
            self.host.game.id,
            seat,
            spec,
            worker=self.worker,
            seed=self.host.snapshot.seed,
            iterations=self.iterations,
        )

    def _seat_changed(self, seat: int, spec: SeatSpec) -> None:
        old = self.ai_seats.pop(seat, None)
        if old is not None:
            old.stop()
        if not spec.is_person:
            self.ai_seats[seat] = self._policy_seat(seat, spec)
            if self._tasks:
                self._tasks.append(asyncio.create_task(self.ai_seats[seat].run()))
