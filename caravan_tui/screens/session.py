"""A match running inside the app: its host, the AI seats and the human seat's inbox."""
from __future__ import annotations

import asyncio

from ai.worker import AIWorker
from caravan_tui.bus import Bus, seat_address
from caravan_tui.engine import Game
from caravan_tui.match import MatchHost
from caravan_tui.seats import is_policy_spec, policy_seats
from saves import DamagedSave


class Session:
    """Everything is subscribed before ``start`` so the first messages reach every seat."""

    def __init__(self, host: MatchHost, worker: AIWorker, iterations: int | None = None) -> None:
        self.host = host
        self.bus: Bus = host.bus
        snapshot = host.snapshot
        people = [seat for seat, spec in enumerate(snapshot.seats) if not is_policy_spec(spec)]
        if len(people) != 1:
            raise ValueError("a match in the app needs exactly one seat for you")
        self.seat = people[0]
        self.inbox = self.bus.subscribe(seat_address(snapshot.match_id, self.seat))
        self.ai_seats = policy_seats(self.bus, snapshot, worker, iterations=iterations)
        self._tasks: list[asyncio.Task] = []

    @property
    def game(self) -> Game:
        return self.host.game

    @property
    def match_id(self) -> str:
        return self.host.match_id

    @property
    def names(self) -> list[str]:
        return self.host.snapshot.names

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self.host.run())]
        self._tasks += [asyncio.create_task(seat.run()) for seat in self.ai_seats]

    def stop(self) -> None:
        """Stop serving; the save on disk already holds every move made (a write in progress
        finishes in its thread)."""
        for task in self._tasks:
            task.cancel()
        self.inbox.close()

    def confirm_saved(self) -> tuple[bool, str]:
        """Whether the file on disk holds every move so far (the host autosaves each one)."""
        store = self.host.store
        if store is None:
            return False, "this match has no save file"
        try:
            saved = store.read(self.match_id)
        except (OSError, DamagedSave) as exc:
            return False, str(exc)
        if len(saved.actions) != self.host.turn:
            return False, f"the file holds {len(saved.actions)} of {self.host.turn} moves"
        return True, ""
