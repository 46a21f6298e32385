"""The others' actions shown one at a time (DESIGN §6): after each a pause, which a key cuts
short, and then no more pauses until our turn."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress


class ActionPause:
    """A table's pauses between the others' actions: ``mover`` is the seat whose action was
    shown last (a game sets it as each view arrives), ``pausing`` the seat whose action is on
    show; ``told`` is given that seat as a pause starts and None as it ends (the table's state
    holds it: ``TableState.pausing``)."""

    def __init__(self, told: Callable[[int | None], None]) -> None:
        self.told = told
        self.mover: int | None = None
        self.pausing: int | None = None
        self.skipping = False  # no pauses until our turn
        self._wake = asyncio.Event()  # ends the current pause early

    async def linger(self, seconds: float) -> None:
        if self.skipping or seconds <= 0:
            return
        self._wake.clear()
        self.pausing = self.mover
        self.told(self.pausing)
        with suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
        self.pausing = None
        self.told(None)

    def skip(self) -> bool:
        """A key pressed while an action is on show: the rest of the others' actions show at
        once (True: the key did that, and must do nothing else — an Enter meant to skip must not
        act on our next turn)."""
        if self.pausing is None:
            return False
        self.skipping = True
        self._wake.set()
        return True

    def our_turn(self) -> None:
        self.skipping = False
