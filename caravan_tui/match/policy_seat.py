"""Bus seats played by a policy (DESIGN §3, §4).

A ``PolicySeat`` answers each ``YourTurn`` on its address with an ``Act`` (an AI seat's carries
what its search weighed, for the replay of the finished match). Random and greedy
choose in-process; AI searches run in an ``AIWorker`` so the event loop never blocks.
A person's seat is a ``SeatClient`` (a game screen, here or over SSH) speaking the same messages.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from caravan_tui.ai.matches import decision_seed
from caravan_tui.ai.policies import make_policy
from caravan_tui.ai.worker import AIWorker, Progress, Question
from caravan_tui.bus import (
    MAX_REASON,
    Act,
    Bus,
    MatchOver,
    Thinking,
    Update,
    YourTurn,
    host_address,
    seat_address,
    weighed_problem,
)
from caravan_tui.safe_text import cut_words
from caravan_tui.seats import SeatSpec

GREEDY = SeatSpec("greedy")


class PolicySeat:
    """A seat played by ``make_policy(spec)``. Subscribes at construction, so no message sent
    before ``run()`` starts is lost. ``iterations`` overrides an AI level's budget."""

    def __init__(
        self,
        bus: Bus,
        match_id: str,
        game_id: str,
        seat: int,
        spec: SeatSpec,
        *,
        worker: AIWorker | None = None,
        seed: int = 0,
        iterations: int | None = None,
    ) -> None:
        self.searches = spec.kind == "ai"
        if self.searches and worker is None:
            raise ValueError(f"an {spec} seat needs an AIWorker")
        self.bus = bus
        self.match_id = match_id
        self.game_id = game_id
        self.seat = seat
        self.spec = spec
        self.policy = make_policy(spec, iterations=iterations if self.searches else None)
        self.worker = worker
        self.seed = seed
        self._inbox = bus.subscribe(seat_address(match_id, seat))
        self._turn: int | None = None  # the turn of the decision being made
        self._steps: list[tuple[int, dict[str, Any]]] = []  # (turn, view) of each decision it was asked
        self._task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        """Play until ``MatchOver`` or ``stop()``. A decision in progress is dropped when an
        ``Update`` shows the position moved on without it (an undo, say)."""
        try:
            while True:
                msg = await self._inbox.get()
                if msg is None or isinstance(msg, MatchOver):
                    return
                if isinstance(msg, YourTurn) and not (msg.turn == self._turn and self._busy()):
                    self._cancel()
                    self._turn = msg.turn
                    self._task = asyncio.create_task(self._decide(msg))
                elif isinstance(msg, Update):
                    self._steps = [step for step in self._steps if step[0] < msg.turn]  # (an undo drops its steps)
                    if msg.turn != self._turn:
                        self._cancel()
        finally:
            self._cancel()
            self._inbox.close()

    def stop(self) -> None:
        self._inbox.wake()  # ``run`` stops

    def _busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def _cancel(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    def _passed(self, msg: YourTurn) -> list[dict[str, Any]]:
        """The seat's views at the steps of the decision it is in the middle of at ``msg``
        (``Policy.choose``'s ``passed``): those of its moves just before, none made by another
        between them."""
        self._steps = [step for step in self._steps if step[0] < msg.turn]
        passed: list[dict[str, Any]] = []
        turn = msg.turn
        for before, view in reversed(self._steps):
            if before != turn - 1:
                break
            passed.insert(0, view)
            turn = before
        self._steps.append((msg.turn, msg.view))
        return passed

    async def _decide(self, msg: YourTurn) -> None:
        seed = decision_seed(self.seed, msg.turn, self.seat)
        args = (self.game_id, msg.view, self.seat, seed, msg.legal)
        passed = self._passed(msg)
        worker = self.worker if self.searches else None  # a seat that searches has one (``__init__``)
        weighed: list[list[Any]] = []
        if worker is not None:
            try:
                decision = await worker.decide(self.policy, Question(*args, passed), on_progress=self._progress)
                action = decision.action
                weighed = [[c.action, c.share, cut_words(c.reason, MAX_REASON)] for c in decision.weighed]
                if weighed_problem(weighed):  # a reason the host would refuse must not cost the move
                    weighed = []
            except Exception:  # a failed search costs one move's strength, never the match
                logging.getLogger(__name__).exception("AI search failed; playing greedily this move")
                action = make_policy(GREEDY).choose(*args)
        else:
            action = self.policy.choose(*args, None, passed)
        await self.bus.publish(host_address(self.match_id), Act(self.match_id, self.seat, msg.turn, action, weighed))

    def _progress(self, progress: Progress) -> None:
        thinking = Thinking(self.match_id, self.seat, progress.iterations, progress.action)
        self.bus.publish_nowait(host_address(self.match_id), thinking)
