"""The practice option (off by default, in the preferences): before a move the search rates a
blunder, the table asks "Sure? The AI rates this as costing about N"; the person decides.

The move is judged as a review judges it (``ai/review.py``: from the seat's view, the move
against the search's best, graded by the game's thresholds), in the AI workers, with a smaller
budget so that a move waits a moment, not a search of its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.ai.review import Position
from caravan_tui.ai.review_text import loss_words
from caravan_tui.ai.worker import AIWorker, AIWorkerError
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ConfirmScreen

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen

#: a practice check's search budget a decision (the review's is 1,500)
ITERATIONS = 400


class Practice:
    """Checks a person's moves before they go (``GameScreen.act`` asks it)."""

    def __init__(self, worker: AIWorker, iterations: int = ITERATIONS) -> None:
        self.worker, self.iterations = worker, iterations
        self.checking: Action | None = None  # the move being judged, until it goes or is dropped

    def check(self, screen: GameScreen, action: Action) -> None:
        """Judge ``action`` for ``screen``'s seat, then play it unless it is a blunder the person
        thinks again about. A move chosen while one is judged waits for the person to choose it
        again once that one is done, and says so (a newer one silently replaced the first: an
        Enter pressed meanwhile, for the next action of a turn, lost the move before it)."""
        if self.checking is not None:
            screen.notify(f"Practice is still checking “{screen.describe(self.checking)}”: choose this move again "
                          "once that one is played.", title="One move at a time", severity="warning")
            return
        self.checking = action
        screen.run_worker(self._check(screen, action), group="practice", exclusive=True)

    async def _check(self, screen: GameScreen, action: Action) -> None:
        try:
            await self._judged(screen, action)
        finally:
            self.checking = None

    async def _judged(self, screen: GameScreen, action: Action) -> None:
        turn, view, seat = screen.table.turn, screen.table.view, screen.seat
        if turn is None or view is None or seat is None:
            return
        try:
            (judged,) = await self.worker.review(screen.game.id, seat, [Position(turn, dict(view), action)],
                                                 self.iterations)
        except AIWorkerError:
            judged = None  # the move goes as chosen: the check is a help, not a gate
        if screen.table.turn != turn:
            return  # the position changed meanwhile (an undo, a resignation)
        measure = screen.game.ai.review.measure(len(view["scores"]))
        cost = 0.0 if judged is None else judged.loss * measure.scale
        if cost >= measure.blunder:
            question = f"Sure? The AI rates this as costing about {loss_words(measure, cost)} of {measure.name}."
            if not await screen.app.push_screen_wait(ConfirmScreen(question, yes="Play it", no="Think again")):
                return
        if screen.table.turn == turn:
            screen.practised = action
            screen.act(action)
