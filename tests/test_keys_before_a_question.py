"""A key pressed before a yes/no question was asked is no answer to it. On a busy machine a
Caravanserai question ("only one way on is left … Play it?") came up seconds after the Enter that
asked it; the Enter pressed again meanwhile, as nothing seemed to happen, answered it unseen and
ended the turn. A key's ``time`` is when the terminal gave it: one given before the question
was asked is said to be no answer, and the question waits."""

from __future__ import annotations

from textual.events import Key

from caravan_tui.screens.dialogs import NOT_AN_ANSWER, ConfirmScreen

from tables import BareApp, quick_app, wait_for


async def test_an_enter_given_before_the_question_does_not_answer_it(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    answers: list[bool | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        early = Key("enter", "\r")  # (given by the terminal now, read by the app once asked)
        await app.push_screen(ConfirmScreen("Play it?", yes="Play it", yes_first=True), answers.append)
        await pilot.pause()
        app.post_message(early)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not answers
        assert app.screen.said == NOT_AN_ANSWER
        await pilot.press("enter")  # (given once it was asked: its answer)
        await wait_for(pilot, lambda: answers == [True], "the answer")


async def test_a_dialogs_note_shows_brackets_as_typed():
    """The line under a dialog's buttons is text, never markup."""
    from caravan_tui.widgets.bound_text import NoteText

    async with BareApp().run_test() as pilot:
        await pilot.app.push_screen(ConfirmScreen("Play it?"))
        note = pilot.app.screen.query_one(NoteText)
        pilot.app.screen.said = "[b]not bold[/b] [red"
        await pilot.pause()
        assert note.display and str(note.render()) == "[b]not bold[/b] [red"
