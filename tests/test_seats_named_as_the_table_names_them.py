"""An AI seat is "AI 2" at the table, on the result screen and in the review, never "AI 2
(normal)" in one place and "AI 2" in another; a record's column of rating changes says so."""

from __future__ import annotations

import dataclasses

from test_review import finished, snapshot_of
from textual.widgets import Static

from caravan_tui.bus import MatchOver
from caravan_tui.saves import SaveStore
from caravan_tui.screens.history import COLUMNS
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.textual_adapter import screen_lines

from tables import quick_app, wait_for

SIZE = (80, 24)


async def test_the_review_names_an_ai_seat_as_the_table_did(tmp_path):
    """The bug: the review said "AI 2 (easy)'s" where the table had said "AI 2"."""
    kept = dataclasses.replace(snapshot_of(finished("decktet_caravan")), names=["Ann", "AI 2 (easy)"])
    SaveStore(tmp_path).write(kept)
    app = quick_app(tmp_path, 30)
    async with app.run_test(size=SIZE) as pilot:
        app.open_saves()
        await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves list")
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        screen = app.screen
        await wait_for(pilot, lambda: screen.review is not None, "the review", timeout=60)
        assert screen.names == ["Ann", "AI 2"]
        text = "\n".join(str(static.render()) for static in screen.query(Static))
        assert "(easy)" not in text


async def test_the_result_screen_names_an_ai_seat_as_the_table_did(tmp_path):
    """The bug: "AI 2 (easy) wins!" over a table that had said "AI 2" all match."""
    from caravan_tui.games.merchant_lord.screen import MerchantLordScreen
    from caravan_tui.screens.new_match import MatchSetup

    app = quick_app(tmp_path, 4)
    async with app.run_test(size=SIZE) as pilot:
        setup = MatchSetup("merchant_lord", ["human", "ai:easy"], ["Tester", "AI 2 (easy)"], {"start_player": 1}, 3)
        app.start_match(setup)
        await wait_for(pilot, lambda: isinstance(app.screen, MerchantLordScreen), "the table")
        screen = app.screen
        await wait_for(pilot, lambda: "rolls" in "\n".join(screen_lines(screen)), "the log's first roll")
        assert "(easy)" not in "\n".join(screen_lines(screen))  # (the log said "AI 2 (easy) rolls")
        screen.handle(MatchOver(app.runner.match_id, [3.0, 13.0], [0.0, 1.0]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        shown = "\n".join(screen_lines(app.screen))  # (the headline, the scores and the final table)
        assert "(easy)" not in shown and "AI 2" in shown, shown


def test_a_records_column_of_what_each_match_did_to_the_rating_reads_as_a_change():
    """ "Rating" over "−81" read as a rating of −81."""
    labels = [label for label, _width in COLUMNS]
    assert "Change" in labels and "Rating" not in labels
