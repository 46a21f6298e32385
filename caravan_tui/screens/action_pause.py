"""The others' actions shown one at a time (DESIGN §6): after each a pause, which a key pressed
during it cuts short, and then no more pauses until our turn."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress

from caravan_tui.textual_adapter import message_clock


class ActionPause:
    """A table's pauses between the others' actions: ``mover`` is the seat whose action was
    shown last (a game sets it as each view arrives). The seat whose action is on show is the
    table's state (``TableState.pausing``), not a copy of it here: ``shown`` reads it, ``told``
    sets it (the seat as a pause starts, None as it ends), so a key is held back exactly while
    the table says an action is on show."""

    def __init__(self, shown: Callable[[], int | None], told: Callable[[int | None], None]) -> None:
        self.shown, self.told = shown, told
        self.mover: int | None = None
        self.skipping = False  # no pauses until our turn
        self._wake = asyncio.Event()  # ends the current pause early
        self.began = 0.0  # when the current pause began (``message_clock``)

    @property
    def pausing(self) -> int | None:
        """The seat whose action is on show (None: no pause), as the table's state says."""
        return self.shown()

    async def linger(self, seconds: float) -> None:
        if self.skipping or seconds <= 0:
            return
        self._wake.clear()
        self.began = message_clock()
        self.told(self.mover)
        with suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
        self.told(None)

    def skip(self, pressed: float) -> bool:
        """A key pressed (at ``pressed``, a key's ``time``) while an action is on show: the rest
        of the others' actions show at once (True: the key did that, and must do nothing else —
        an Enter meant to skip must not act on our next turn). A key pressed before the action
        came on show is no answer to it, and does what it does: typed as the table opened (over
        SSH, the ? typed with the d that leaves How to play), it was held for the table and came
        to it while an AI's first action was on show, and was lost."""
        if self.pausing is None or pressed < self.began:
            return False
        self.skipping = True
        self._wake.set()
        return True

    def our_turn(self) -> None:
        self.skipping = False
