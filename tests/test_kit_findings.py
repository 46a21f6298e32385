"""What newcomers found in the kit's screens at 80×24 (issue 49): the new-match dialog's list of
games shows every game, and a review's turning points hang their wrapped lines under their text."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from caravan_tui.ai.review import Judged, Review
from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens.new_match import NewMatchScreen
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.textual_adapter import screen_lines

from tables import wait_for

SIZE = (80, 24)


@pytest.mark.thorough
async def test_the_new_match_list_shows_all_five_games_and_the_highlighted_ones_summary(tmp_path):
    """The bug: each game's line wrapped its summary onto two rows, and the list's six rows
    showed two games and a half; the others were there only for whoever scrolled."""
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen), "new match")
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        shown = screen_lines(app.screen)
        assert len(GAMES) == 5 and games.max_scroll_y == 0
        for game in GAMES.values():
            assert sum(game.title in line for line in shown) == 1, game.title
        for index, game in enumerate(GAMES.values()):
            if index:
                await pilot.press("down")
                await pilot.pause()
            said = " ".join(" ".join(screen_lines(app.screen)).split())
            assert game.summary in said, game.title  # (whole: it wraps, it is not cut)


@pytest.mark.thorough
async def test_a_turning_points_wrapped_lines_hang_under_their_text(tmp_path):
    """The bug: "  Better: …" and "  Yours: …" wrapped their second row to the first column,
    under nothing, where it read as a line of its own."""
    better = "Caravan 5☀S≈V 6☀S∿Y 7☀M∿K — it keeps both Crowns for the next season and leaves Bob a pile he must beat"
    yours = "it went out first, but it left three cards in the season that Bob collects when he passes"
    point = Judged(
        turn=4,
        action=("pass",),
        played="Pass",
        played_reason=yours,
        best=("caravan", "5YK"),
        better=better,
        better_reason="",
        before=0.62,
        after=0.31,
        seat=0,
        end=4,
    )
    review = Review("decktet_caravan", "m1", 0, 2, 10, 0.0, (point,))

    async def reviewer(progress):
        return review

    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen("a match", ["Ann", "Bob"], reviewer)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.review is not None and screen.query(".review-point"), "the review")
        point = screen.query(".review-point").first()
        point.scroll_visible(animate=False)
        await pilot.pause()
        region = point.region  # (its rows alone: the scroll's bar beside them is none of its text)
        rows = [row[region.x : region.right] for row in screen_lines(screen)]
        for label, text in (("Better: ", better), ("Yours: ", yours)):
            first = next(i for i, row in enumerate(rows) if label in row)
            hang = rows[first].index(label) + len(label)
            below = rows[first + 1]
            assert len(below) - len(below.lstrip()) == hang, (rows[first], below)  # under the text
            said = " ".join((rows[first][hang:] + " " + below[hang:]).split())
            assert said.startswith(" ".join(text.split())[: len(said) - 1])
