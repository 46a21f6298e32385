"""Tab on the rules and on How to play, as a newcomer met them at 80×24: a key that did nothing
and said nothing, or moved the focus and lost the reader's place; and `?`, which closes the
rules, unnamed in their footer."""

from __future__ import annotations

import pytest
from test_playthrough_findings import contents_opened, rules_read
from textual.app import App

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES, get_game
from caravan_tui.saves import SaveStore
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.screens.rules import ONLY_THE_TEXT, RulesScreen
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets.footer import KeysFooter

from tables import wait_for

SIZE = (80, 24)


def footer_said(app: App) -> list[tuple[str, str]]:
    """The footer's keys as it shows them: (key, words)."""
    return [(entry.key_display, entry.description) for entry in app.screen.query_one(KeysFooter).shown_keys]


@pytest.mark.thorough
async def test_tab_from_the_contents_keeps_the_readers_place_in_the_text():
    """PageDown three times with the contents open, then Tab: the focus went to the text and the
    text jumped back to its title (Textual scrolled the focused text into view from its top)."""
    game = get_game("ahldarahd")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        contents = await contents_opened(pilot, viewer)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await wait_for(pilot, lambda: viewer.scroll_y > 0, "the text paged")
        read = viewer.scroll_y
        await pilot.press("tab")
        await wait_for(pilot, lambda: app.screen.focused is viewer.document, "the text with the focus")
        await pilot.pause()
        assert viewer.scroll_y == read
        await pilot.press("shift+tab")
        await wait_for(pilot, lambda: app.screen.focused is contents, "the contents with the focus")
        assert viewer.scroll_y == read


@pytest.mark.thorough
async def test_tab_with_the_contents_closed_says_what_takes_the_focus():
    """With the contents closed the text is all that takes the focus: Tab did nothing, unsaid."""
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, get_game("camel_caravan"))
        await pilot.press("tab")
        await wait_for(pilot, lambda: any(n.message == ONLY_THE_TEXT for n in notices(app)), "what Tab says")
        assert app.screen.focused is viewer.document


@pytest.mark.thorough
async def test_the_rules_footer_names_the_question_mark_that_closes_them():
    """`?` closes the rules (it opened them), and the footer read "esc Back t Contents" alone."""
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await rules_read(app, pilot, get_game("merchant_lord"))
        assert footer_said(app)[:3] == [("esc", "Back"), ("?", "Back"), ("t", "Contents")]
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not isinstance(app.screen, RulesScreen), "the rules closed")


@pytest.mark.thorough
async def test_tab_on_how_to_play_walks_its_buttons_and_enter_presses_the_focused_one(tmp_path):
    """How to play's Tab did nothing (its buttons took no focus). It goes from the text to each
    button, shown reversed, and back; the footer's Enter says what the focused button does."""
    app = CaravanApp(store=SaveStore(tmp_path))
    closed: list = []
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HowToPlayScreen(GAMES["caravanserai"]), closed.append)
        await pilot.pause()
        card = app.screen
        assert card.focused is card.query_one("#how-to-play-text") and ("⏎", "Play") in footer_said(app)
        for name, words in (("play", "Play"), ("never", "Don't show again"), ("rules", "All the rules")):
            await pilot.press("tab")
            await wait_for(pilot, lambda name=name: card.focused is card.query_one(f"#{name}"), f"#{name} focused")
            assert "reverse" in str(card.focused.styles.text_style)
            assert [said for key, said in footer_said(app) if key == "⏎"] == [words]
        await pilot.press("tab")
        await wait_for(pilot, lambda: card.focused is card.query_one("#how-to-play-text"), "the text again")
        await pilot.press("shift+tab", "shift+tab")
        await wait_for(pilot, lambda: card.focused is card.query_one("#never"), "Don't show again focused")
        await pilot.press("enter")
        await wait_for(pilot, lambda: closed == [True], "the card closed by Don't show again")
