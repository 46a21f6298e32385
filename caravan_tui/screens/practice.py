"""The practice option (off by default, in the preferences): before a move the review of that
position would call a blunder, the table asks "Sure? …" and names the better move; the person
decides. A move it would call a mistake goes, and practice says so as it goes.

One judge: the move is judged exactly as a review judges that decision (``ai/review.py``: from
the seat's view, at the review's budget and seed, the move against the search's best) and graded
by the review's own function (``Review.grade``), in the AI workers; a test checks that practice
asks before every move the review grades a blunder. A decision of several steps (a proposal
written step by step, a placement laid piece by piece) is judged whole, as the review judges it,
before the step that completes it: the steps before it go unasked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from caravan_tui.ai.review import ITERATIONS, Judged, Position, Review, ends_decision
from caravan_tui.ai.review_text import verdict, words
from caravan_tui.ai.worker import AIWorker, AIWorkerError
from caravan_tui.engine import Action
from caravan_tui.games import get_game
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.words import mid_sentence

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen


def question(game_id: str, players: int, judged: Judged, names: list[str]) -> str | None:
    """What practice asks before ``judged``'s move: None unless the review grades it a blunder."""
    review = Review(game_id, "", judged.seat, players, 1, 0.0, (judged,))
    if review.grade(judged) != "blunder":
        return None
    better = words(review, judged.better, names)
    why = f" — {mid_sentence(words(review, judged.better_reason, names))}" if judged.better_reason else ""
    return f"Sure? The AI rates this as {verdict(review, judged)}. Better: {better}{why}."


def let_go(game_id: str, players: int, judged: Judged) -> str | None:
    """What practice says of a move it lets go that the review grades a mistake: practice asks
    only before a blunder, and a person whose turn the review later called "a mistake: 67% →
    51%" took it for a check that did nothing all match. None for any other grade."""
    review = Review(game_id, "", judged.seat, players, 1, 0.0, (judged,))
    if review.grade(judged) != "mistake":
        return None
    return f"Played: the AI rates it {verdict(review, judged)}. Practice asks only before a blunder."


class Practice:
    """Checks a person's moves before they go (``GameScreen.act`` asks it)."""

    def __init__(self, worker: AIWorker, iterations: int = ITERATIONS) -> None:
        self.worker, self.iterations = worker, iterations
        self.checking: Action | None = None  # the move being judged, until it goes or is dropped
        #: the decision of several steps under way: where it began, its view there, its steps
        #: and their words so far
        self.begun: tuple[int, dict[str, Any], list[Action], list[str]] | None = None

    def position(self, game_id: str, seat: int, turn: int, view: dict[str, Any], action: Action) -> Position | None:
        """The decision ``action`` completes, as a review would judge it, or None where it only
        goes on with one (it is then remembered, and goes unasked)."""
        game = get_game(game_id)
        world = game.from_view(view, seat)
        said = world.describe(action, seat)
        begun = self.begun
        if begun is not None and begun[0] + len(begun[2]) != turn:
            begun = None  # another seat or chance acted since, or a move was taken back
        if not ends_decision(world, seat, world.apply(action, True), game.composing):
            self.begun = (
                (turn, view, [action], [said])
                if begun is None
                else (begun[0], begun[1], [*begun[2], action], [*begun[3], said])
            )
            return None
        self.begun = None
        if begun is None:
            return Position(turn, view, action)
        steps = (*begun[2], action)
        return Position(begun[0], begun[1], steps[0], -1, steps, turn, view, ", then ".join([*begun[3], said]))

    def check(self, screen: GameScreen, action: Action) -> None:
        """Judge ``action`` for ``screen``'s seat, then play it unless it is a blunder the person
        thinks again about. A move chosen while one is judged waits for the person to choose it
        again once that one is done, and says so (a newer one silently replaced the first: an
        Enter pressed meanwhile, for the next action of a turn, lost the move before it)."""
        if self.checking == action:
            self.say_checking(screen)
            return
        if self.checking is not None:
            screen.notify(
                f"Practice is still checking “{screen.describe(self.checking)}”: choose this move again "
                "once that one is played.",
                title="One move at a time",
                severity="warning",
            )
            return
        self.checking = action
        screen.table_state = replace(screen.table, checking=True)
        screen.run_worker(self._check(screen, action), group="practice", exclusive=True)

    def say_checking(self, screen: GameScreen) -> bool:
        """Whether a move is being checked, and if so says so: a key meant to play (an Enter
        pressed again, a board's second Enter) waits for the check's end, never dropped unsaid."""
        if self.checking is None:
            return False
        screen.notify("Checking your move…", title="Practice")
        return True

    async def _check(self, screen: GameScreen, action: Action) -> None:
        try:
            await self._judged(screen, action)
        finally:
            self.checking = None
            if screen.table.checking:
                screen.table_state = replace(screen.table, checking=False)

    async def _judged(self, screen: GameScreen, action: Action) -> None:
        turn, view, seat = screen.table.turn, screen.table.view, screen.seat
        if turn is None or view is None or seat is None:
            return
        position = self.position(screen.game.id, seat, turn, dict(view), action)
        if position is None:
            screen.practised = action
            screen.act(action)
            return
        try:
            (judged,) = await self.worker.review(screen.game.id, seat, [position], self.iterations)
        except AIWorkerError:
            judged = None  # the move goes as chosen: the check is a help, not a gate
        if screen.table.turn != turn:
            return  # the position changed meanwhile (an undo, a resignation)
        asked = (
            None if judged is None else question(screen.game.id, len(view["scores"]), judged, list(screen.table.names))
        )
        if asked is not None and not await screen.app.push_screen_wait(
            ConfirmScreen(asked, yes="Play it", no="Think again")
        ):
            return
        if screen.table.turn == turn:
            screen.practised = action
            screen.act(action)
            said = None if judged is None else let_go(screen.game.id, len(view["scores"]), judged)
            if said is not None:
                screen.notify(said, title="Practice")
