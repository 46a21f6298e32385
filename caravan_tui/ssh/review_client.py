"""A session's side of the reviews the hub makes (``ssh/reviews.py``): what the review screen
awaits while the hub judges, its progress as it comes, and the review checked as a file's would
be once it arrives. Leaving the screen stops the hub's review."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from caravan_tui.ai.review import Review
from caravan_tui.bus import Message
from caravan_tui.hub_protocol import Reviewed, Reviewing, ReviewMatch


class HubReviewer:
    """The reviews this session waits for, by match; ``send`` sends a request to the hub."""

    def __init__(self, send: Callable[[Message], None]) -> None:
        self.send = send
        self.waiting: dict[str, tuple[asyncio.Future[dict[str, Any]], Callable[[int, int], None]]] = {}

    async def review(self, match_id: str, judged: Callable[[int, int], None]) -> Review:
        """The hub's review of ``match_id`` (ValueError: it has none, or what came is not one)."""
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[match_id] = (answer, judged)
        self.send(ReviewMatch(match_id))
        try:
            data = await answer
        except asyncio.CancelledError:
            self.send(ReviewMatch(match_id, stop=True))
            raise
        finally:
            self.waiting.pop(match_id, None)
        return Review.from_data(data)

    def heard(self, message: Reviewing | Reviewed) -> None:
        """Progress or an answer from the hub, for the review waiting for it (others drop)."""
        waiting = self.waiting.get(message.match)
        if waiting is None or waiting[0].done():
            return
        answer, judged = waiting
        if isinstance(message, Reviewing):
            judged(message.done, message.total)
        elif message.failed:
            answer.set_exception(ValueError(message.failed))
        else:
            answer.set_result(message.review)
