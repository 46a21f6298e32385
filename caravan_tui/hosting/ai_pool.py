"""The hub's one AI worker pool (DESIGN §7), whose processes end with the server however it
ends: killed outright (SIGKILL) included, when nothing of the server runs to stop them.

A pool worker waits on a queue it holds both ends of, so the server's death alone never wakes
it; on Linux the kernel ends it instead (PR_SET_PDEATHSIG). Elsewhere it is an ordinary pool.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor

from ai.worker import AIWorker, _init_worker

PR_SET_PDEATHSIG = 1


def _init_hosted_worker(progress_queue) -> None:
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # the server died before we could ask
            os._exit(0)
    _init_worker(progress_queue)


class HostedAIWorker(AIWorker):
    """An ``AIWorker`` whose processes die with the process that started them (its event-loop
    thread starts them, and lives as long as the server)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._queue = self._context.SimpleQueue()
            self._pool = ProcessPoolExecutor(
                self._max_workers, mp_context=self._context,
                initializer=_init_hosted_worker, initargs=(self._queue,),
            )
        return self._pool
