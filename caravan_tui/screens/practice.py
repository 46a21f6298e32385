"""The practice option (off by default, in the preferences): before a move the review of that
position would call a blunder, the table asks "Sure? …" and names the better move; the person
decides.

One judge: the move is judged exactly as a review judges a decision of one move
(``ai/review.py``: from the seat's view, at the review's budget and seed, the move against the
search's best) and graded by the review's own function (``Review.grade``), in the AI workers; a
test checks that practice asks before every move a review grades a blunder. A step that only
begins a move of several steps (a proposal written step by step) is judged as that step.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.ai.review import ITERATIONS, Judged, Position, Review
from caravan_tui.ai.review_text import verdict, words
from caravan_tui.ai.worker import AIWorker, AIWorkerError
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ConfirmScreen

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen


def question(game_id: str, players: int, judged: Judged, names: list[str]) -> str | None:
    """What practice asks before ``judged``'s move: None unless the review grades it a blunder."""
    review = Review(game_id, "", judged.seat, players, 1, 0.0, (judged,))
    if review.grade(judged) != "blunder":
        return None
    better = words(review, judged.better, names)
    why = f" — {words(review, judged.better_reason, names)}" if judged.better_reason else ""
    return f"Sure? The AI rates this as {verdict(review, judged)}. Better: {better}{why}."


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
        asked = None if judged is None else question(screen.game.id, len(view["scores"]), judged,
                                                     list(screen.table.names))
        if asked is not None and not await screen.app.push_screen_wait(
                ConfirmScreen(asked, yes="Play it", no="Think again")):
            return
        if screen.table.turn == turn:
            screen.practised = action
            screen.act(action)
