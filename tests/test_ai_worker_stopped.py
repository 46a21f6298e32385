"""A search no one waits for any more leaves nothing for asyncio to complain of: a server stopped
while an AI seat searched printed "_GatheringFuture exception was never retrieved …
CancelledError" on its console (its searches cancelled, and the seat's wait for them with it)."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import Future

import pytest

from caravan_tui.ai.worker import AIWorker


@pytest.mark.thorough
async def test_a_search_cancelled_with_its_caller_logs_no_unread_error():
    caught: list[str] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, context: caught.append(context["message"]))
    worker = AIWorker(1)  # (no pool started: the search's futures stand in for a pool's)
    searches: list[Future] = [Future(), Future()]
    waiting = asyncio.create_task(worker._gather(None, searches, (1, True)))  # type: ignore[arg-type]
    await asyncio.sleep(0.01)
    searches[0].cancel()  # (the pool shut down under it)
    for _ in range(3):
        await asyncio.sleep(0)
    waiting.cancel()  # (and the seat stopped waiting)
    results = await asyncio.gather(waiting, return_exceptions=True)
    assert isinstance(results[0], asyncio.CancelledError)
    searches[1].cancel()
    del waiting, results
    for _ in range(3):
        await asyncio.sleep(0)
    gc.collect()
    await asyncio.sleep(0)
    assert caught == []
