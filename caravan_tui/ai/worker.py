"""Run policies in worker processes so the caller's asyncio loop (the UI) never blocks.

Workers are started with the ``spawn`` method (safe beside Textual's and asyncio's threads) and
on demand, one per concurrent search. Progress travels back on one ``SimpleQueue`` handed to each
worker at start-up; its writes are synchronous, so every report precedes the result. The event
loop polls it a few times a second while a search runs and once more after it ends.

A search whose caller stopped waiting (a cancelled ``choose``: a match that ended or stopped,
a hint no longer wanted) stops at its next progress check, as every search does once ``close``
is called: a shared array, handed to each worker at start-up, marks the jobs no longer wanted.

A worker waits on a queue it holds both ends of, so its parent's death alone never wakes it: on
Linux the kernel ends it with its parent (PR_SET_PDEATHSIG), so an app or server killed outright
(SIGKILL) leaves no searches behind. The signal follows the thread that started the worker: pools
are started from the caller's event-loop thread, which lives as long as the caller.
"""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.queues import SimpleQueue
from typing import Any, TypeVar

from caravan_tui.engine import Action
from caravan_tui.games import get_game

from .explain import TOP, Candidate, RootStats, Weighed, advised
from .ismcts import ProgressCallback
from .policies import Policy, SearchPolicy, pick, plain_or_best, screened, seat_pick, vetted
from .review import Judged, Position, expected, judge

POLL_SECONDS = 0.1
PR_SET_PDEATHSIG = 1

#: a progress report on the queue: (job, search index, iterations, best action, its text)
Report = tuple[int, int, int, Action, str]
_progress_queue: SimpleQueue[Report] | None = None  # set in each worker process
#: how many jobs' stops the shared array holds: slot 0 stops every search (``close``), slot
#: ``1 + job % STOP_SLOTS`` holds ``job`` once its caller stopped waiting
STOP_SLOTS = 256
_stops: Any = None  # the shared array, set in each worker process
T = TypeVar("T")
#: a search's job: its number, and whether its caller listens to its progress
Job = tuple[int, bool]


class AIWorkerError(RuntimeError):
    """A worker process died (killed, out of memory…) before answering."""


class SearchStopped(Exception):
    """Raised in a worker process: nobody waits for this search any more."""


@dataclass(frozen=True, slots=True)
class Progress:
    """A search's progress: iterations over all its parallel searches, the current best action."""

    iterations: int
    action: Action
    text: str


Listener = Callable[[int, int, Action, str], None]  # (search index, iterations, action, text)


@dataclass(frozen=True, slots=True)
class Question:
    """What an AI seat is asked to decide (``AIWorker.choose``, ``decide``): in game ``game_id``,
    from ``seat``'s view, with the search seeded by ``seed``; ``legal``: the actions, when the
    caller has them (one alone is played without a search); ``passed``: as ``Policy.choose``'s."""

    game_id: str
    view: dict[str, Any]
    seat: int
    seed: int
    legal: list[Action] | None = None
    passed: Sequence[dict[str, Any]] = ()


def die_with_parent(parent: int) -> None:
    """A pool worker's first step: on Linux, ask the kernel to end this process when its parent
    (the process ``parent``) dies, however it dies; end at once if it has died already."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the parent died before we could ask
            os._exit(0)


@contextmanager
def interrupts_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile: a worker process started then inherits the mask
    through its spawn, so a ctrl+c at the server's terminal, which reaches the whole process
    group, never interrupts its start-up (a hint's worker, still importing, printed a
    KeyboardInterrupt traceback as the only words of a server stopping). The signal still
    reaches the parent's other threads, the event loop's among them."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _init_worker(parent: int, progress_queue: SimpleQueue[Report], stops: Any) -> None:
    global _progress_queue, _stops
    # ctrl+c reaches every process of the terminal's group: the parent decides what it means
    # (a server stops and closes the pool); a worker's own KeyboardInterrupt would only print
    # a traceback and break the pool
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
    _progress_queue, _stops = progress_queue, stops
    import caravan_tui.games  # noqa: F401  (load the registry before the first search)


def _stopped(job: int) -> bool:
    """Whether the search of ``job`` is no longer wanted (in a worker process)."""
    return _stops is not None and bool(_stops[0] or _stops[1 + job % STOP_SLOTS] == job)


def _reporter(job: Job, index: int, game_id: str, view: dict[str, Any], seat: int) -> ProgressCallback:
    """A search progress callback: it stops the search (``SearchStopped``) once its caller
    stopped waiting, and forwards at most one report per POLL_SECONDS when someone listens."""
    number, listened = job
    queue = _progress_queue
    if queue is None:
        raise RuntimeError("search progress is reported from a worker process only")
    world = get_game(game_id).from_view(view, seat) if listened else None
    last = -POLL_SECONDS

    def report(iterations: int, action: Action) -> None:
        nonlocal last
        if _stopped(number):
            raise SearchStopped(f"job {number}")
        if world is None:
            return
        now = time.monotonic()
        if now - last >= POLL_SECONDS:
            last = now
            queue.put((number, index, iterations, action, world.describe(action, seat)))

    return report


def _choose(policy: Policy, job: Job | None, asked: Question) -> Action:
    progress = None if job is None else _reporter(job, 0, asked.game_id, asked.view, asked.seat)
    return policy.choose(asked.game_id, asked.view, asked.seat, asked.seed, asked.legal, progress, asked.passed)


def _search_root(
    policy: SearchPolicy, job: Job | None, index: int, game_id: str, view: dict[str, Any], seat: int, seed: int
) -> RootStats:
    progress = None if job is None else _reporter(job, index, game_id, view, seat)
    return policy.search_root(game_id, view, seat, seed, index, progress)


def _weigh_root(
    policy: SearchPolicy,
    job: Job | None,
    index: int,
    game_id: str,
    view: dict[str, Any],
    seat: int,
    seed: int | str,
    earlier: Sequence[dict[str, Any]] = (),
) -> Weighed:
    progress = None if job is None else _reporter(job, index, game_id, view, seat)
    return policy.weigh_root(game_id, view, seat, seed, index, progress, earlier=earlier)


@dataclass(frozen=True, slots=True)
class Decision:
    """An AI seat's action and, when a search chose it, what that search weighed (its top
    candidates with their reasons, the action first)."""

    action: Action
    weighed: list[Candidate]


class AIWorker:
    """A small pool of worker processes choosing actions for AI seats and hints.

    ``max_workers`` should cover root parallelism (``Level.searches``); two suit a two-core
    machine. A crashed worker raises ``AIWorkerError``; the next call starts a fresh pool.
    A cancelled ``choose`` (``decide``, ``root_stats``, ``explain``) stops its searches too, at
    their next progress check; a review's decision being judged ends with its own search.
    """

    def __init__(self, max_workers: int = 2) -> None:
        self._max_workers = max_workers
        self._context = multiprocessing.get_context("spawn")
        self._pool: ProcessPoolExecutor | None = None
        self._queue: SimpleQueue[Report] | None = None
        self._listeners: dict[int, Listener] = {}
        self._jobs = itertools.count(1)  # (0 would read as stopped in a fresh array)
        self._stops: Any = None  # the pool's shared array of the jobs no longer wanted
        self._unfinished: set[Future[Any]] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._queue = self._context.SimpleQueue()
            self._stops = self._context.RawArray("q", STOP_SLOTS + 1)
            self._pool = ProcessPoolExecutor(
                self._max_workers,
                mp_context=self._context,
                initializer=_init_worker,
                initargs=(os.getpid(), self._queue, self._stops),
            )
        return self._pool

    async def choose(
        self, policy: Policy, asked: Question, on_progress: Callable[[Progress], None] | None = None
    ) -> Action:
        """``policy``'s action, computed in a worker process; ``on_progress`` is called on this
        loop while the search runs."""
        if asked.legal is not None and len(asked.legal) == 1:
            return asked.legal[0]
        if isinstance(policy, SearchPolicy) and policy.level.searches > 1:
            stats = await self.root_stats(policy, asked.game_id, asked.view, asked.seat, asked.seed, on_progress)
            if not screened(get_game(asked.game_id)):
                return SearchPolicy.best(stats)
            pool = self._executor()  # (the veto and the look may search: not on this loop)
            return (
                await self._gather(
                    pool,
                    self._submit(
                        pool,
                        lambda: [pool.submit(pick, asked.game_id, asked.view, asked.seat, stats, policy.level.name)],
                    ),
                    None,
                )
            )[0]
        pool = self._executor()
        with self._listening(on_progress) as job:
            chosen = self._submit(pool, lambda: [pool.submit(_choose, policy, job, asked)])
            return (await self._gather(pool, chosen, job))[0]

    async def root_stats(
        self,
        policy: SearchPolicy,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> RootStats:
        """The level's searches run in parallel, their root statistics merged; the visits sum to
        the iterations searched (what ``choose`` picks from, after the game's veto and its look at
        the end of the match: ``pick``, and
        how a caller tells whether the clock or the iteration budget ended them)."""
        pool = self._executor()
        with self._listening(on_progress) as job:
            roots = self._submit(
                pool,
                lambda: [
                    pool.submit(_search_root, policy, job, index, game_id, view, seat, seed)
                    for index in range(policy.level.searches)
                ],
            )
            return SearchPolicy.merge(await self._gather(pool, roots, job))

    async def decide(
        self, policy: Policy, asked: Question, on_progress: Callable[[Progress], None] | None = None
    ) -> Decision:
        """Like ``choose``, and for a search also its top candidates with their reasons (the same
        action as ``choose``'s: the searches are the same). A forced move weighs nothing."""
        if not isinstance(policy, SearchPolicy) or (asked.legal is not None and len(asked.legal) == 1):
            return Decision(await self.choose(policy, asked, on_progress), [])
        pool = self._executor()
        with self._listening(on_progress) as job:
            weighed = await self._weigh(pool, policy, job, asked.game_id, asked.view, asked.seat, asked.seed)
        action = plain_or_best(asked.game_id, asked.view, asked.seat, weighed.stats)  # (vetted: ``pick``'s move)
        lines = policy.level_for(asked.game_id).lines
        asking = (asked.game_id, asked.view, asked.seat, weighed, action, lines, asked.passed)
        try:
            picked = await self._gather(pool, self._submit(pool, lambda: [pool.submit(seat_pick, *asking)]), None)
        except Exception:  # the move stands without its record
            logging.getLogger(__name__).exception("explaining an AI decision failed")
            return Decision(action, [])
        # the move made first, as the replay reads it (a hint puts a move whose line leads further
        # first, ``explain.led_first``; a seat that does not follow lines makes ``pick``'s, and its
        # record says so)
        return Decision(*picked[0])

    async def _weigh(
        self,
        pool: ProcessPoolExecutor,
        policy: SearchPolicy,
        job: Job | None,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int | str,
        top: int = TOP,
        earlier: Sequence[dict[str, Any]] = (),
    ) -> Weighed:
        """The level's searches, run in parallel, their weighing merged, its ``top`` candidates all
        moves AI seats may make (``policies.vetted``: the game's veto and its look at the end of the
        match, asked in a worker); ``earlier``: as ``SearchPolicy.weigh_root``'s."""
        futures = self._submit(
            pool,
            lambda: [
                pool.submit(_weigh_root, policy, job, index, game_id, view, seat, seed, earlier)
                for index in range(policy.level.searches)
            ],
        )
        weighed = Weighed.merge(await self._gather(pool, futures, job))
        if not screened(get_game(game_id)):
            return weighed
        return (
            await self._gather(
                pool,
                self._submit(pool, lambda: [pool.submit(vetted, game_id, view, seat, weighed, top, policy.level.name)]),
                None,
            )
        )[0]

    @contextmanager
    def _listening(self, on_progress: Callable[[Progress], None] | None) -> Iterator[Job]:
        """A new job, its progress reports going to ``on_progress`` while the block runs
        (nothing listened to without ``on_progress``; the job still stops when not waited for)."""
        job = next(self._jobs)
        if on_progress is not None:
            self._listeners[job] = _aggregator(on_progress)
        try:
            yield job, on_progress is not None
        finally:
            self._listeners.pop(job, None)

    async def explain(
        self,
        policy: SearchPolicy,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int | str,
        top: int = TOP,
        earlier: Sequence[dict[str, Any]] = (),
        following: Sequence[Action] = (),
    ) -> list[Candidate]:
        """A hint: the search's ``top`` candidates for ``seat`` with their reasons, its choice
        first (``explain.advised``: where the search cannot tell it from the game's plain move,
        that one), computed in worker processes, one per search of the level; ``earlier``: the
        seat's views where the decision it is in the middle of began and was hinted since
        (``review.decision_views``); ``following``: what is left of the line shown earlier in it."""
        pool = self._executor()
        with self._listening(None) as job:
            weighed = await self._weigh(pool, policy, job, game_id, view, seat, seed, top, earlier)
        found = await self._gather(
            pool,
            self._submit(pool, lambda: [pool.submit(advised, game_id, view, seat, weighed, top, tuple(following))]),
            None,
        )
        return found[0]

    async def review(
        self,
        game_id: str,
        seat: int,
        positions: list[Position],
        iterations: int,
        on_judged: Callable[[int, int], None] | None = None,
        on_result: Callable[[Judged], None] | None = None,
    ) -> list[Judged]:
        """Each decision of a review of ``seat`` judged (``ai.review.judge``), one per worker at a
        time, so that AI seats' searches asked for meanwhile wait for one decision, not the whole
        review; ``on_judged(done, total)`` after each, ``on_result`` with each as it comes.
        Cancelling stops the review: decisions not started are never sent, and each one being
        judged ends with its own search."""
        return await self._each(judge, game_id, seat, positions, iterations, on_judged, on_result)

    async def expect(
        self,
        game_id: str,
        seat: int,
        positions: list[Position],
        iterations: int,
        on_done: Callable[[int, int], None] | None = None,
    ) -> list[float]:
        """Each of a draw's other outcomes valued for a review of ``seat`` (``ai.review.expected``),
        as ``review`` judges decisions."""
        return await self._each(expected, game_id, seat, positions, iterations, on_done)

    async def _each(
        self,
        work: Callable[[str, int, Position, int], T],
        game_id: str,
        seat: int,
        positions: list[Position],
        iterations: int,
        on_done: Callable[[int, int], None] | None = None,
        on_result: Callable[[T], None] | None = None,
    ) -> list[T]:
        """``work`` done for each of ``positions`` (see ``review``), in their order."""
        pool = self._executor()
        waiting = iter(enumerate(positions))
        results: list[T | None] = [None] * len(positions)
        running: dict[asyncio.Future[T], tuple[int, Future[T]]] = {}

        def send_next() -> None:
            for index, position in waiting:
                future = pool.submit(work, game_id, seat, position, iterations)  # (a broken pool: below)
                running[asyncio.wrap_future(future)] = (index, future)
                return

        try:
            for _ in range(self._max_workers):
                send_next()
            done = 0
            while running:
                finished, _pending = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                for future in finished:
                    index = running.pop(future)[0]
                    results[index] = result = future.result()
                    if on_result is not None:
                        on_result(result)
                    done += 1
                    if on_done is not None:
                        on_done(done, len(positions))
                    send_next()
        except BrokenProcessPool as error:
            self._discard_pool(pool)
            raise AIWorkerError(f"an AI worker process died: {error}") from error
        finally:
            for _index, sent in running.values():
                sent.cancel()
        return [result for result in results if result is not None]

    def _submit(self, pool: ProcessPoolExecutor, submit: Callable[[], list[Future[T]]]) -> list[Future[T]]:
        """The futures ``submit`` starts on ``pool``; AIWorkerError if the pool is broken."""
        try:
            with interrupts_blocked():  # (a worker it starts is born with ctrl+c blocked)
                futures = submit()
        except BrokenProcessPool as error:
            self._discard_pool(pool)
            raise AIWorkerError(f"the AI worker pool is broken: {error}") from error
        for future in futures:
            self._unfinished.add(future)
            future.add_done_callback(self._unfinished.discard)
        return futures

    @property
    def busy(self) -> bool:
        """Whether a job it was given is still queued or running (a search whose caller stopped
        waiting, until it reaches its next progress check)."""
        return bool(self._unfinished)

    async def _gather(self, pool: ProcessPoolExecutor, futures: list[Future[T]], job: Job | None) -> list[T]:
        """The results of ``futures``; when the caller stops waiting (cancelled), ``job``'s
        searches stop (those not started never start)."""
        waiting = asyncio.gather(*(asyncio.wrap_future(f) for f in futures))
        results: list[T] | None = None
        try:
            while job is not None and job[1] and not waiting.done():
                await asyncio.wait([waiting], timeout=POLL_SECONDS)
                self._drain()
            results = await waiting
            return results
        except BrokenProcessPool as error:
            self._discard_pool(pool)
            raise AIWorkerError(f"an AI worker process died: {error}") from error
        except SearchStopped as error:  # (``close`` while the caller still waited)
            raise AIWorkerError("the AI workers are stopping") from error
        finally:
            # not waited for to its end: a cancel that reached the gather itself leaves it done,
            # with a CancelledError for its result, not cancelled (so ``cancelled()`` missed it)
            if results is None:
                if not waiting.done():
                    waiting.cancel()
                # (its outcome read, whenever it comes: a server stopped mid-search printed
                # "_GatheringFuture exception was never retrieved … CancelledError")
                waiting.add_done_callback(_read)
                if job is not None:
                    self._stop(job[0])

    def _stop(self, job: int) -> None:
        """Stop the searches of ``job`` at their next progress check."""
        if self._stops is not None:
            self._stops[1 + job % STOP_SLOTS] = job

    def _drain(self) -> None:
        """Hand queued progress reports to their listeners (reports of finished jobs drop)."""
        while self._queue is not None and not self._queue.empty():
            job, index, iterations, action, text = self._queue.get()
            listener = self._listeners.get(job)
            if listener is not None:
                listener(index, iterations, action, text)

    def _discard_pool(self, pool: ProcessPoolExecutor) -> None:
        """Drop a broken pool (unless another call already replaced it)."""
        if self._pool is pool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._close_queue()

    def close(self) -> None:
        """Stop the workers: a running search stops at its next progress check (a server asked
        to stop must not wait out an AI's budget); a decision a review is judging ends first."""
        if self._pool is not None:
            if self._stops is not None:
                self._stops[0] = 1
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
            self._close_queue()

    def _close_queue(self) -> None:
        """Close the progress queue of the pool just shut down (made with it, in ``_executor``)."""
        if self._queue is not None:
            self._queue.close()
            self._queue = None
        self._stops = None

    async def __aenter__(self) -> AIWorker:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.close)


def _aggregator(on_progress: Callable[[Progress], None]) -> Listener:
    """Combine parallel searches' reports: iterations summed, best action of the first search."""
    latest: dict[int, tuple[int, Action, str]] = {}

    def listen(index: int, iterations: int, action: Action, text: str) -> None:
        latest[index] = (iterations, action, text)
        _, action, text = latest.get(0, latest[index])
        on_progress(Progress(sum(n for n, _, _ in latest.values()), action, text))

    return listen


def _read(done: asyncio.Future[Any]) -> None:
    """A future no one awaits any more, its outcome read so that asyncio logs no error of it."""
    if not done.cancelled():
        done.exception()
