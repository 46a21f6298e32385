"""The review of a finished match from one seat (DESIGN §6, the coach): a progress bar while the
AI workers judge its decisions (``s`` stops them) with the seat's decisions judged so far, the
costliest first, then the chart of the seat's chances over the match, where they went (its play,
the others', luck), the turning points with the better move and why, and every decision with
its cost.

The chart is the one ``review --text`` prints (``ai/review_text.py``), drawn in block
characters on a fixed scale: Textual's ``Sparkline`` stretches its bars between the data's own
lowest and highest values, so a match that stayed between 48% and 52% would read as a landslide
each way. Everything from the save (names, the games' words) is shown as text, never markup.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widgets import ProgressBar, Static

from caravan_tui.ai.review import MAX_TEXT, Judged, Review
from caravan_tui.ai.review_text import (
    EVERY_DECISION,
    account_lines,
    chart_text,
    decision_lines,
    grades_line,
    move_number,
    points_heading,
    summary_line,
    turning_point_lines,
    unlisted_line,
    verdict,
    words,
)
from caravan_tui.ai.worker import AIWorkerError
from caravan_tui.games import GAMES
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.requests import OpenRules
from caravan_tui.seat_labels import PLAYER
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.hanging import HangingLines
from caravan_tui.widgets.key_scroll import KeyScroll

#: how many of the decisions judged so far the screen shows while the rest are judged
WORST_SHOWN = 5


class Progress:
    """What a review tells its screen as it goes: called with ``(done, total)`` after each
    decision judged, and ``each`` with each of the seat's own as it comes (a review judged
    elsewhere, by a hub, sends the counts alone)."""

    def __init__(self, counted: Callable[[int, int], None], each: Callable[[Judged], None]) -> None:
        self.counted, self.each = counted, each

    def __call__(self, done: int, total: int) -> None:
        self.counted(done, total)


#: what makes the review: called with its ``Progress``
Reviewer = Callable[[Progress], Awaitable[Review]]
#: columns the chart may take at 80×24 (its scale's label and the frame take the rest)
CHART_WIDTH = 60


#: the most a review's line holds: a decision's steps (``MAX_TEXT`` at most), its verdict, names
#: (a placement of 20 steps, cut at a notice's length, lost its "— fine: 64%")
LINE_ROOM = 3 * MAX_TEXT


def review_lines(lines: Sequence[str], **kwargs) -> HangingLines:
    """Lines of a review, each wrapped under its own text."""
    return HangingLines(lines, LINE_ROOM, **kwargs)


class ReviewScreen(BaseScreen):
    """``title``: the match in words; ``names``: its seats' names; ``reviewer`` makes (or
    reads back) the review; ``game_id``: its game (None: not known, no decision is shown
    before the review is whole); ``yours``: the seat reviewed is the person's own, "your"."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("s", "stop", "Stop", tooltip="Stop working out the review: nothing of it is kept"),
        # (the game's rules, as at its table and on its result: ``?`` did nothing here, unsaid)
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
    ]
    DEFAULT_CSS = """
    ReviewScreen #review { height: 1fr; padding: 0 1; }
    ReviewScreen #review-title { text-style: bold; color: $accent; }
    ReviewScreen #review-progress { height: auto; margin: 1 0; }
    ReviewScreen .review-heading { text-style: bold; margin-top: 1; }
    ReviewScreen #review-chart { height: auto; }
    """
    AUTO_FOCUS = "#review"

    #: the line over the review: its progress, why it stopped, or its summary once done
    status: var[RenderableType] = var("The AI judges each of your decisions from what you could see then — s stops.")

    #: the decisions to judge (None: not known yet) and how many are judged
    decisions: var[float | None] = var(None)
    judged: var[float] = var(0.0)

    def __init__(
        self, title: str, names: Sequence[str], reviewer: Reviewer, game_id: str | None = None, yours: bool = False
    ) -> None:
        super().__init__()
        self._game_id, self.yours = game_id, yours
        self.title_words, self.names, self.reviewer = title, list(names), reviewer
        self.review: Review | None = None
        self.stopped = False  # (``s``: nothing more to stop, and its key goes)
        self.so_far: list[Judged] = []

    def compose(self) -> ComposeResult:
        with KeyScroll(id="review"):
            yield Static(as_text(f"Review: {self.title_words}", limit=LONG), id="review-title")
            yield ProgressBar(id="review-progress", show_eta=False).data_bind(
                total=ReviewScreen.decisions, progress=ReviewScreen.judged
            )
            yield BoundText(id="review-status").data_bind(text=ReviewScreen.status)
            yield review_lines([], id="review-live")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.judge()

    @work(exclusive=True, group="review")
    async def judge(self) -> None:
        try:
            review = await self.reviewer(Progress(self._judged, self._each))
        except (AIWorkerError, OSError, ValueError) as error:
            self.status = as_text(f"The review failed: {error}", limit=LONG)
            return
        self.show(review)

    def _judged(self, done: int, total: int) -> None:
        self.decisions, self.judged = total, done

    def _each(self, judged: Judged) -> None:
        """A decision of the seat judged: the costliest so far shown while the rest are judged."""
        self.so_far.append(judged)
        if not self.is_mounted or self.review is not None:
            return
        game_id = self._game_id
        if game_id is None:
            return
        partial = Review(game_id, "", judged.seat, len(self.names), 1, 0.0, tuple(self.so_far))
        # (the best move, or one as good as shown, "fine: 44%", is no one's costliest)
        worst = partial.costliest(WORST_SHOWN)
        judged_so_far = len(self.so_far)
        if worst:
            head = f"The costliest of the {judged_so_far} judged so far:"
        elif judged_so_far == 1:  # ("Each of the 1 judged so far")
            head = "The one judged so far was the best move or as good as it."
        else:
            head = f"Each of the {judged_so_far} judged so far was the best move or as good as it."
        lines = [head]
        lines += [
            f"Move {move_number(j)}: {words(partial, j.played, self.names)} — {verdict(partial, j)}" for j in worst
        ]
        self.query_one("#review-live", HangingLines).show(lines)

    def action_stop(self) -> None:
        if self.review is None and not self.stopped:
            self.stopped = True
            self.workers.cancel_group(self, "review")
            self.status = "Stopped: no review was kept. Open it again to start over."
            self.refresh_bindings()  # (the footer offered "s Stop" still, and a second s did nothing)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rules":
            return self._game_id in GAMES
        return action != "stop" or (self.review is None and not self.stopped)

    def action_rules(self) -> None:
        if self._game_id in GAMES:
            self.post_message(OpenRules(GAMES[self._game_id]))

    def show(self, review: Review) -> None:
        """The finished review in place of the progress bar."""
        self.review = review
        self.query_one(ProgressBar).remove()
        self.query_one("#review-live").remove()
        self.status = as_text(summary_line(review), limit=LONG)
        scroll = self.query_one("#review", VerticalScroll)
        seat = self.names[review.seat] if review.seat < len(self.names) else PLAYER(n=review.seat + 1)
        whose = "Your" if self.yours else f"{seat}'s"
        said = account_lines(review, self.names)
        parts = [
            Static(as_text(f"{whose} {review.measure.name} over the match", limit=LONG), classes="review-heading"),
            Static(_lines(chart_text(review, CHART_WIDTH)), id="review-chart"),
            review_lines(said, id="review-split"),
        ]
        points = review.turning_points()
        parts.append(Static(points_heading(review, points).rstrip(":"), classes="review-heading"))
        parts += [
            review_lines(turning_point_lines(review, swing, self.names), classes="review-point") for swing in points
        ]
        unlisted = unlisted_line(review, points)
        if unlisted:
            parts.append(review_lines([unlisted], classes="review-point"))
        parts.append(Static(EVERY_DECISION, classes="review-heading"))
        parts.append(review_lines([grades_line(review)], classes="review-point"))
        parts.append(review_lines(decision_lines(review, self.names), id="review-decisions"))
        scroll.mount_all(parts)
        self.refresh_bindings()


def _lines(lines: Sequence[str]) -> Text:
    """Lines of a review as one text of several lines, each plain (never markup)."""
    return Text("\n".join(plain(line, LONG) for line in lines))
