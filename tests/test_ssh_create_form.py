"""The create form over SSH at 80×24, read through a terminal emulator (pyte) as a person sees
it: a seat's drop-down opens with every choice whole, framed apart from the form around it."""

from __future__ import annotations

import re

import pytest
from test_ssh_server import ANN, Server, enter_as

from caravan_tui.screens.create_match import SEATS


@pytest.mark.e2e
async def test_a_seats_drop_down_shows_every_choice_framed_apart_from_the_form(tmp_path):
    server = await Server(tmp_path).start()
    try:
        term = await enter_as(server, ANN, "Ann")
        term.press("c")
        await term.wait_for("Create a match")
        term.press("down")  # Camel Caravan: the form's rows move with it
        await term.wait_for("Chain your camels")
        term.press("tab", "tab", "tab")  # Players, Seat 1, Seat 2
        await term.wait_for(lambda text: "▸Seat 2" in text)
        term.press("enter")
        await term.wait_for("Dismiss menu")
        await term.wait_for(SEATS[-1][0])
        framed = [re.search(r"│([^│]*)│", line) for line in term.text.split("\n")]
        inside = [found[1].strip() for found in framed if found]
        assert inside == [label for label, _ in SEATS], term.text  # each choice whole, in its frame
        top = next(row for row, line in enumerate(term.text.split("\n")) if "╭" in line)
        bottom = next(row for row, line in enumerate(term.text.split("\n")) if "╰" in line)
        assert bottom - top == len(SEATS) + 1 and "Dismiss menu" in term.line(23), term.text  # above the footer
    finally:
        await server.stop()


@pytest.mark.thorough
async def test_every_row_of_the_create_form_is_named_and_explained(tmp_path):
    """The bug: "Stand-in" had no words beside it while every other row had, and a game's option
    read "hands" beside "Away grace"."""
    from caravan_tui.games import get_game
    from caravan_tui.screens.create_match import CreateMatchScreen
    from caravan_tui.textual_adapter import screen_lines

    from tables import quick_app

    app = quick_app(tmp_path, 1, home=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(CreateMatchScreen(get_game("decktet_caravan")))
        await pilot.pause()
        app.screen.query_one("#create").scroll_visible(animate=False)
        await pilot.pause()
        lines = screen_lines(app.screen)
        assert any("Stand-in" in line and "the AI that plays for a person away" in line for line in lines), lines
        assert any(line.lstrip("▸ ").startswith("Hands ") for line in lines), lines
