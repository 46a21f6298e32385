"""``?`` on the result screen and on the review did nothing and said nothing, where ``h`` and
``u`` said where they work: it opens the rules of the game played, as at its table."""

from __future__ import annotations

from test_app import make_app

from caravan_tui.ai.review import Review
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.screens.rules import RulesScreen
from caravan_tui.screens.summary import MatchOverScreen

from tables import wait_for


async def test_question_mark_on_the_result_opens_the_games_rules(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(MatchOverScreen("Ann wins!", "Ann: 3   Bob: 1", None, game="caravanserai"))
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.game.id == "caravanserai"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the result again")


async def test_a_result_of_no_known_game_offers_no_rules(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MatchOverScreen("Ann wins!", "Ann: 3   Bob: 1", None)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.check_action("rules", ()) is False


async def test_question_mark_on_the_review_opens_the_games_rules(tmp_path):
    async def reviewer(progress):
        return Review("camel_caravan", "m1", 0, 2, 10, 0.0, ())

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen("a match", ["Ann", "Bob"], reviewer, "camel_caravan")
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.review is not None, "the review")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.game.id == "camel_caravan"
