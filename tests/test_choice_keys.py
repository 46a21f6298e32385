"""A list of choices (the table's menu, "how many?") says what its keys are where a letter picks
nothing: escape on the "Meanwhile" panel opened the menu, and the h pressed next did nothing and
said nothing."""

from __future__ import annotations

from textual.app import App

from caravan_tui.screens.dialogs import NOT_A_CHOICE, ChoiceScreen
from caravan_tui.textual_adapter import notices

from tables import wait_for


async def test_a_letter_that_picks_nothing_says_the_lists_keys():
    app, picked = App(), []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceScreen("Menu", ["Resume", "1 black good"], keys=["", "1"]), picked.append)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and NOT_A_CHOICE in [n.message for n in notices(app)]
        await pilot.press("1")  # (a choice's own key still picks it)
        await wait_for(pilot, lambda: picked == [1], "the choice")


async def test_a_letter_that_answers_nothing_says_the_questions_keys():
    """Over SSH, a u typed at "Stop selling? (y/n)" did nothing and said nothing."""
    from caravan_tui.screens.dialogs import YES_OR_NO, ConfirmScreen

    app, answers = App(), []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmScreen("Stop selling?"), answers.append)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and YES_OR_NO in [n.message for n in notices(app)]
        await pilot.press("y")
        await wait_for(pilot, lambda: answers == [True], "the answer")
