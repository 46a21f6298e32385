"""What whole matches played at 80×24 from a fresh data folder found, each as a person meets it."""
from __future__ import annotations

from textual.app import App
from textual.widgets import MarkdownViewer

from caravan_tui.games import get_game
from caravan_tui.screens.rules import OPENING, RulesScreen, plain_fences
from caravan_tui.textual_adapter import screen_lines

from tables import wait_for

SIZE = (80, 24)


async def test_the_rules_screen_shows_at_once_then_its_text():
    """The bug: ``?`` seemed swallowed (after scrolling How to play, or anywhere): the rules
    screen showed only once its whole text was laid out, seconds on a busy host, so a second
    ``?`` or an escape pressed meanwhile went astray. The screen shows at once, saying the rules
    are opening, and its text follows (a fenced block's language is not guessed)."""
    game = get_game("camel_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen(game))
        assert any(OPENING.strip("*") in line for line in screen_lines(app.screen))
        viewer = app.screen.query_one(MarkdownViewer)
        await wait_for(pilot, lambda: viewer.document.source == plain_fences(game.rules), "the rules")
        assert any(game.title in line for line in screen_lines(app.screen))
        assert not any(OPENING.strip("*") in line for line in screen_lines(app.screen))


def test_a_fenced_block_without_a_language_reads_as_plain_text():
    text = "a\n```\nx = 1\n```\n```python\ny\n```\n"
    assert plain_fences(text) == "a\n```text\nx = 1\n```\n```python\ny\n```"
