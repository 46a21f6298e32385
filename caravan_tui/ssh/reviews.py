"""Reviews of the finished matches people played on this server (DESIGN §6, the coach): judged
in the hub's AI workers (one decision per worker at a time, so the hosted matches' AI seats
keep playing), progress sent to the session as it goes, kept where the server keeps the rest
(``Keeping.reviews``: beside its saves, or with the matches in the database every server
shares). One review at a time a session; it stops when the session asks or ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from caravan_tui.ai.review import ITERATIONS
from caravan_tui.ai.worker import AIWorker, AIWorkerError
from caravan_tui.bus import Message
from caravan_tui.hub_protocol import Reviewed, Reviewing, ReviewMatch
from caravan_tui.match_review import review_of
from caravan_tui.saves.backend import MatchStore
from caravan_tui.saves.reviews import Shelf
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.ssh.finished import FinishedMatches, read_ended

log = logging.getLogger(__name__)

#: sends a message to a session at once, in order, without waiting for it to be read
Send = Callable[[object, Message], None]


class HubReviews:
    """The reviews under way, one per session (keyed by the session object)."""

    def __init__(
        self,
        shelf: Shelf,
        store: MatchStore,
        finished: FinishedMatches,
        worker: AIWorker,
        iterations: int | None,
        send: Send,
    ) -> None:
        self.shelf, self.store, self.finished, self.worker = shelf, store, finished, worker
        self.iterations = iterations or ITERATIONS
        self.send = send
        self.running: dict[object, asyncio.Task[None]] = {}

    async def ask(self, session: object, identity: str, request: ReviewMatch) -> None:
        """Start the review ``request`` asks for (the one under way stops first), or stop it."""
        self.drop(session)
        if request.stop:
            return
        try:
            mine = await asyncio.to_thread(self.finished.rows, identity)
        except OSError:
            mine = []
        row = next((row for row in mine if row.match == request.match), None)
        read = await asyncio.to_thread(read_ended, self.store, request.match) if row is not None else None
        if row is None or read is None:
            self.send(session, Reviewed(request.match, {}, "you have no finished match of that name to review"))
            return
        self.running[session] = asyncio.create_task(
            self._review(session, read[0].snapshot, row.yours, row.gave_up is True)
        )

    def drop(self, session: object) -> None:
        """Stop ``session``'s review, if one is under way."""
        task = self.running.pop(session, None)
        if task is not None:
            task.cancel()

    async def _review(self, session: object, snapshot: Snapshot, seat: int, gave_up: bool) -> None:
        match_id = snapshot.match_id
        try:
            review = await review_of(
                snapshot,
                seat,
                self.shelf,
                self.worker,
                self.iterations,
                lambda done, total: self.send(session, Reviewing(match_id, done, total)),
                gave_up=gave_up,
            )
        except (AIWorkerError, OSError, ValueError) as error:
            log.warning("the review of %s failed: %s", match_id, error)
            self.send(session, Reviewed(match_id, {}, "the server could not review it; try again later"))
        else:
            self.send(session, Reviewed(match_id, review.to_data()))
        finally:
            if self.running.get(session) is asyncio.current_task():
                del self.running[session]
