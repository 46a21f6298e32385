"""A list of choices (the table's menu, "how many?") and a question say what their keys are where a
letter picks nothing: escape on the "Meanwhile" panel opened the menu, and the h pressed next did
nothing and said nothing. They say it on a line of their own, under their buttons: as a notice,
"This question: y or n …" was drawn over the question (over SSH, "End the turn with 2 actions
unus▌ This question: …"), and stayed after the question had gone."""

from __future__ import annotations

from textual.app import App

from caravan_tui.screens.dialogs import NOT_A_CHOICE, YES_OR_NO, ChoiceScreen, ConfirmScreen
from caravan_tui.textual_adapter import notices, screen_lines

from tables import wait_for


def shown(app: App) -> str:
    return " ".join(" ".join(screen_lines(app.screen)).split())


async def test_a_letter_that_picks_nothing_says_the_lists_keys():
    app, picked = App(), []
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.push_screen(ChoiceScreen("Menu", ["Resume", "1 black good"], keys=["", "1"]), picked.append)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        assert NOT_A_CHOICE not in shown(app)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and app.screen.said == NOT_A_CHOICE
        assert NOT_A_CHOICE in shown(app) and not notices(app)
        await pilot.press("1")  # (a choice's own key still picks it)
        await wait_for(pilot, lambda: picked == [1], "the choice")


async def test_a_letter_that_answers_nothing_says_the_questions_keys():
    """Over SSH, a u typed at "Stop selling? (y/n)" did nothing and said nothing."""
    app, answers = App(), []
    question = "End the turn with 2 actions unused? Your camels stand where they are; y ends it."
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.push_screen(ConfirmScreen(question), answers.append)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.said == YES_OR_NO
        assert question in shown(app) and YES_OR_NO in shown(app) and not notices(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: answers == [True], "the answer")
        assert YES_OR_NO not in shown(app)
