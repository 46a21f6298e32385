"""The review screen at 80×24: opened from the saves list and the result screen, a progress bar
while the AI workers judge, then the chart and the turning points; kept, so it opens at once
the second time; stopped with s."""

from __future__ import annotations

import pytest
from test_review import finished, snapshot_of
from textual.widgets import Button, ProgressBar, Static

from caravan_tui.ai.worker import AIWorker
from caravan_tui.saves import SaveStore
from caravan_tui.screens.requests import OpenReview
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.widgets.footer import KeysFooter

from tables import quick_app, wait_for

SIZE = (80, 24)


def saved_app(tmp_path, iterations: int = 30):
    SaveStore(tmp_path).write(snapshot_of(finished("decktet_caravan")))
    return quick_app(tmp_path, iterations)


def shown(screen: ReviewScreen) -> str:
    return "\n".join(str(static.render()) for static in screen.query(Static))


async def reviewed_from_the_saves(pilot, app) -> ReviewScreen:
    """The saves list, then ``v`` on its match: the review screen once its review is whole."""
    app.open_saves()
    await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves list")
    await pilot.press("v")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
    screen = app.screen
    await wait_for(pilot, lambda: screen.review is not None, "the review", timeout=60)
    return screen


@pytest.mark.thorough
async def test_the_saves_list_opens_the_review_and_it_opens_at_once_the_second_time(tmp_path, monkeypatch):
    app = saved_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed_from_the_saves(pilot, app)
        text = shown(screen)
        assert "Turning points" in text and "Every decision" in text and "│" in text
        # (the one person's seat is "your", as the table says "You": "from Root's seat" named the
        # machine's user, whom no table showed)
        assert "from your seat" in text and "Your win chance over the match" in text and "Ann" not in text, text
        assert not screen.query(ProgressBar)
        assert screen.query_one("#review-chart").size.width <= SIZE[0]
        await pilot.press("escape")

        async def never(*args, **kwargs):
            raise AssertionError("a kept review was judged again")

        monkeypatch.setattr(AIWorker, "review", never)
        await pilot.press("v")
        await wait_for(
            pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None, "the kept review"
        )
        assert shown(app.screen) == text
        kept = tmp_path / "reviews" / "m1.seat1.msgpack"
        assert kept.is_file()
        await pilot.press("escape", "d", "y")  # deleting the save deletes its review
        await wait_for(pilot, lambda: not (tmp_path / "saves" / "m1.msgpack").exists(), "the save deleted")
        assert not kept.exists()


@pytest.mark.thorough
async def test_a_stopped_review_keeps_nothing(tmp_path):
    app = saved_app(tmp_path, iterations=800)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenReview("m1", 0))
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        await pilot.press("s")
        await wait_for(pilot, lambda: "Stopped" in shown(app.screen), "the review stopped")
        assert app.screen.review is None
        assert not (tmp_path / "reviews").exists() or not any((tmp_path / "reviews").iterdir())
        # nothing more to stop: the footer no longer offers s (a second s did nothing, said nothing)
        footer = app.screen.query_one(KeysFooter)
        await wait_for(pilot, lambda: "Stop" not in [key.description for key in footer.shown_keys], "s gone")


async def test_the_result_screen_offers_the_review_of_the_seat_played():
    offered = MatchOverScreen("You win!", "You: 5   Bot: 3", None, review=OpenReview("m1", 0))
    plain = MatchOverScreen("You win!", "You: 5   Bot: 3", None)
    from textual.app import App

    asked: list[OpenReview] = []

    class Host(App):
        def on_open_review(self, request: OpenReview) -> None:
            asked.append(request)

    async with Host().run_test(size=SIZE) as pilot:
        await pilot.app.push_screen(offered)
        assert offered.query_one("#review", Button)
        await pilot.press("v")
        await pilot.pause()
        assert asked == [OpenReview("m1", 0)]
        await pilot.app.push_screen(plain)
        assert not plain.query("#review")
        await pilot.press("v")
        await pilot.pause()
        assert len(asked) == 1


async def test_the_result_screen_offers_the_replay_of_the_seat_played():
    """The replay of a match just played was only under Load (or the lobby's finished matches):
    ``w`` on its result opens it from the seat played; a spectator's result has none."""
    from textual.app import App

    from caravan_tui.screens.requests import OpenReplay

    offered = MatchOverScreen("You win!", "You: 5   Bot: 3", None, review=OpenReview("m1", 1))
    plain = MatchOverScreen("You win!", "You: 5   Bot: 3", None)
    asked: list[OpenReplay] = []

    class Host(App):
        def on_open_replay(self, request: OpenReplay) -> None:
            asked.append(request)

    async with Host().run_test(size=SIZE) as pilot:
        await pilot.app.push_screen(offered)
        assert str(offered.query_one("#replay", Button).label) == "Replay (w)"
        await pilot.press("w")
        await pilot.pause()
        assert asked == [OpenReplay("m1", 1)]
        await pilot.app.push_screen(plain)
        assert not plain.query("#replay")
        await pilot.press("w")
        await pilot.pause()
        assert len(asked) == 1


@pytest.mark.thorough
async def test_the_decisions_judged_so_far_show_as_they_come_the_costliest_first(tmp_path):
    """A long review shows its work: while the rest are judged, the seat's decisions judged so
    far, the costliest first."""
    import asyncio

    from caravan_tui.ai.review import Judged, Review
    from caravan_tui.textual_adapter import screen_lines

    def judged(turn: int, before: float, after: float) -> Judged:
        return Judged(turn, ("a",), f"move at {turn}", "", ("b",), "b", "", before, after, 0, turn)

    go_on, seen_alone = asyncio.Event(), asyncio.Event()

    async def reviewer(progress):
        progress(1, 4)
        progress.each(judged(4, 0.55, 0.55))  # (the best move: it cost nothing)
        await seen_alone.wait()
        for done, each in enumerate((judged(0, 0.5, 0.48), judged(2, 0.6, 0.3)), 2):
            progress(done, 4)
            progress.each(each)
        await go_on.wait()
        return Review("decktet_caravan", "m1", 0, 2, 10, 0.0, (judged(0, 0.5, 0.48), judged(2, 0.6, 0.3)))

    app = quick_app(tmp_path, 30)
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen("a match", ["Ann", "Bob"], reviewer, "decktet_caravan")
        await app.push_screen(screen)
        live = screen.query_one("#review-live")
        await wait_for(pilot, lambda: len(live.lines) == 1, "the first decision judged")
        assert live.lines == ["The one judged so far was the best move or as good as it."]  # (none costly)
        seen_alone.set()
        await wait_for(pilot, lambda: len(live.lines) == 3, "the decisions judged so far")
        status = screen.query_one("#review-status")
        rows = [row.strip() for row in screen_lines(screen)[status.region.y : status.region.bottom]]
        assert rows == [
            "The AI judges each of your decisions from what you could see then — s stops."
        ]  # (not "— s" / "stops.")
        assert live.lines == [
            "The costliest of the 3 judged so far:",
            "Move 3: move at 2 — a blunder: 60% → 30% (−30%)",
            "Move 1: move at 0 — fine: 50% → 48% (−2%)",
        ]
        go_on.set()
        await wait_for(pilot, lambda: screen.review is not None, "the whole review")
        assert not screen.query("#review-live")


@pytest.mark.thorough
async def test_the_charts_legend_lines_are_whole_at_80_columns(tmp_path):
    """At 80 columns the marks' legend wrapped and left "you" alone on a line of its own."""
    from caravan_tui.textual_adapter import screen_lines

    app = saved_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed_from_the_saves(pilot, app)
        await pilot.pause()
        chart = screen.query_one("#review-chart")
        rows = [line.strip() for line in screen_lines(screen)[chart.region.y : chart.region.bottom]]
        legend = [row for row in rows if row.startswith(("your ", "marks:"))]
        assert any(row.startswith("marks:") for row in legend), rows
        under = rows[rows.index(legend[0]) :]
        assert under == legend, rows  # each legend line whole on its row: nothing wrapped under them
        assert all(len(row.split()) > 1 for row in under), rows


async def test_a_decision_has_one_number_its_moves_while_the_review_runs_and_once_it_is_whole(tmp_path):
    """The bug: "Move 3" in the list shown while the review ran, "2." in the finished list and
    "Decision 2 (move 3)" at the turning point. The move's number is the one the replay finds it
    by ("move 3/…" shows the table after it): the same everywhere."""
    import asyncio

    from caravan_tui.ai.review import Judged, Review

    def judged(turn: int, before: float, after: float) -> Judged:
        return Judged(turn, ("a",), f"move at {turn}", "", ("b",), "b", "", before, after, 0, turn)

    decisions = (judged(0, 0.5, 0.48), judged(2, 0.6, 0.3))
    go_on = asyncio.Event()

    async def reviewer(progress):
        for done, each in enumerate(decisions, 1):
            progress(done, 2)
            progress.each(each)
        await go_on.wait()
        return Review("decktet_caravan", "m1", 0, 2, 10, 0.0, decisions)

    app = quick_app(tmp_path, 30)
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen("a match", ["Ann", "Bob"], reviewer, "decktet_caravan")
        await app.push_screen(screen)
        live = screen.query_one("#review-live")
        await wait_for(pilot, lambda: len(live.lines) == 3, "the decisions judged so far")
        assert live.lines[1].startswith("Move 3: move at 2")
        go_on.set()
        await wait_for(pilot, lambda: screen.review is not None and screen.query("#review-decisions"), "the review")
        every = [line.strip() for line in screen.query_one("#review-decisions").lines]
        assert every == [
            "Move 1: move at 0 — fine: 50% → 48% (−2%)",
            "Move 3: move at 2 — a blunder: 60% → 30% (−30%)",
        ]
        points = [line for part in screen.query(".review-point") for line in part.lines]
        assert points[0].startswith("Move 3: you played move at 2"), points
        assert not any("Decision" in line for line in points), points


async def test_a_decision_whose_cost_rounds_to_nothing_is_not_listed_among_the_costliest(tmp_path):
    """While a review runs, "The costliest … judged so far" lists only decisions that cost
    something as shown: a move 44.4% → 44.2% reads "fine: 44%", no cost, and was listed there."""
    from caravan_tui.ai.review import Judged

    def judged(turn: int, before: float, after: float) -> Judged:
        return Judged(turn, ("a",), f"move at {turn}", "", ("b",), "b", "", before, after, 0, turn)

    async def reviewer(progress):
        progress(1, 2)
        progress.each(judged(30, 0.444, 0.442))
        await asyncio.Event().wait()  # (the rest never comes: the test reads the screen meanwhile)

    import asyncio

    app = quick_app(tmp_path, 30)
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen("a match", ["Ann", "Bob"], reviewer, "camel_caravan")
        await app.push_screen(screen)
        live = screen.query_one("#review-live")
        await wait_for(pilot, lambda: bool(live.lines), "the first decision judged")
        assert live.lines == ["The one judged so far was the best move or as good as it."]


def test_a_sentence_with_a_colon_wraps_from_the_left_edge_not_under_its_colon():
    """The plain words of a lost review ("No decision of yours cost enough to count as an inaccuracy: you lost this
    on the draw, …") hung their rest under the colon, a column of 34 at 80×24; a label ("Seen: ",
    "The searches' drift: ") still has its text hang under it."""
    from rich.console import Console

    from caravan_tui.ai.review_text import wrapped
    from caravan_tui.widgets.hanging import hanging

    line = (
        "No decision of yours cost enough to count as an inaccuracy: you lost this on the draw, −99% (the worst "
        "after your move 187, −61%: Refill: a demand marker on spaces 1, 2, 7, 8)."
    )
    rows = hanging([line], 78, Console(width=78)).plain.split("\n")
    assert len(rows) == 3 and not rows[1].startswith(" ") and not wrapped([line])[1].startswith(" ")
    label = "The searches' drift: how far your chances moved between your decisions where you saw nothing new"
    assert hanging([label], 78, Console(width=78)).plain.split("\n")[1].startswith(" " * 21)


def test_a_decision_of_many_steps_keeps_its_verdict_on_the_screen():
    """Caravanserai: a placement of twenty steps read "… use the white board good, then …" on the
    review screen, its "— fine: 64%" cut with the line at a notice's length (the text review had
    it whole). A review's line is as long as its steps and verdict."""
    from caravan_tui.ai.review import MAX_TEXT
    from caravan_tui.screens.review import review_lines

    steps = ", then ".join(f"Use the white board good on (1,-{n}) as this piece" for n in range(40))[: MAX_TEXT - 10]
    line = f"  Move 3: {steps} — fine: 64%"
    assert len(line) > 1000 and review_lines([line]).lines == [line]


@pytest.mark.thorough
async def test_the_review_screen_on_a_servers_folder_ends_where_its_person_resigned(tmp_path):
    """The app opened on a server's folder read a seat the server keeps as given up (its person
    resigned and an AI played on) as the person's to the end, as `review --text` no longer does."""
    from caravan_tui.ssh.records import HostedRecord

    (tmp_path / "hosted").mkdir()
    HostedRecord("m1", [None, "SHA256:bob"], 60, "normal", left={0: "SHA256:ann"}).save(tmp_path / "hosted")
    app = saved_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenReview("m1", 0))
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        screen = app.screen
        await wait_for(pilot, lambda: screen.review is not None, "the review", timeout=60)
        assert "You resigned after your move" in " ".join(shown(screen).split())


def test_a_review_line_with_no_label_wraps_under_its_own_indent():
    """Decktet Caravan's review at 80×24: "  AI 2 played Caravan 4≈V♣L 5☾M♣L A☾M→6: the Sailor, the
    Forest, the Ace of" went on with "Moons (as 6)" at the left edge, under no text of its own."""
    from rich.console import Console

    from caravan_tui.widgets.hanging import hanging

    line = "  AI 2 played Caravan 4≈V♣L 5☾M♣L A☾M→6: the Sailor, the Forest, the Ace of Moons (as 6)"
    rows = hanging([line], 60, Console(width=60)).plain.split("\n")
    assert len(rows) == 2 and rows[0].startswith("  AI 2 played") and rows[1].startswith("  ") and rows[1].strip()
