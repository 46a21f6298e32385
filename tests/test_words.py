"""Words the players read: one helper each for plurals, articles and scores, and the saves list
that fits names and never cuts a status word."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.screens.saves import SavesScreen, entry_cells, seats_words
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.words import a_or_an, plural, score_run

from tables import wait_for


def test_plurals_articles_and_scores_read_as_english():
    assert plural(2, "city") == "2 cities" and plural(1, "city") == "1 city" and plural(3, "card") == "3 cards"
    assert plural(2, "day") == "2 days" and plural(2, "box") == "2 boxes"
    assert a_or_an("Incense card") == "an Incense card" and a_or_an("Pearls card") == "a Pearls card"
    assert a_or_an("8") == "an 8" and a_or_an("11") == "an 11" and a_or_an("5") == "a 5"
    assert score_run([2, 1, 0]) == "2–1–0"
    assert score_run([-4, -6]) == "−4 – −6" and score_run([5, -7]) == "5 – −7"  # was "-4--6", "5–-7"


def test_the_games_words_use_the_shared_helpers():
    """ "2 citys" (Ahldarahd) and "a Incense card" came from each game's own copy of the rule."""
    from caravan_tui.games.ahldarahd.describe import _thing
    from caravan_tui.games.ahldarahd.terms import plural as ahldarahd_plural
    from caravan_tui.games.merchant_lord.terms import plural as merchant_plural

    assert ahldarahd_plural is plural and merchant_plural is plural
    assert _thing("card", "Incense", 0) == "an Incense card"


async def saves_listed(app, pilot) -> None:
    """From Home, the saves list open with every save listed and drawn."""
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves list")
    await app.screen.listed.wait()
    await pilot.pause()


@pytest.mark.thorough
async def test_the_saves_list_fits_names_at_80_columns_and_never_cuts_the_status(tmp_path):
    store = SaveStore(tmp_path)
    game = get_game("ahldarahd")
    names = ["Tester", "AI 2 (normal)", "AI 3 (normal)"]
    seats = [SeatSpec("human")] * 3  # named as AI seats are; no AI needs to run for a save
    runner = MatchRunner.new(game.id, seats, names, 4, {}, store)
    runner.start()
    runner.stop()
    app = CaravanApp(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await saves_listed(app, pilot)
        table = app.screen.query_one(DataTable)
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[1] == "Tester, AI 2, AI 3"  # the short forms, never "AI 2 (nor…"
        assert row[4] == "playing"
        line = next(line for line in screen_lines(app.screen) if "Caravans of Ahldarahd" in line)
        assert "Tester, AI 2, AI 3" in line and line.rstrip().endswith("playing")  # was "AI 2 (nor…", "playin"
    wide = CaravanApp(store=store)
    async with wide.run_test(size=(120, 24)) as pilot:
        await saves_listed(wide, pilot)
        assert str(wide.screen.query_one(DataTable).get_row_at(0)[1]) == ", ".join(names)  # room: whole
        await pilot.resize_terminal(80, 24)  # the bug: the columns kept their wide widths, Status off screen
        await pilot.pause()
        line = next(line for line in screen_lines(wide.screen) if "Caravans of Ahldarahd" in line)
        assert "Tester, AI 2, AI 3" in line and line.rstrip().endswith("playing")


def test_the_saves_lists_seats_say_how_many_names_they_leave_out():
    """The bug: a 5-player match read "Tester, AI 2 (easy)", as if two played it."""
    five = ["Tester", "AI 2 (easy)", "AI 3 (easy)", "AI 4 (easy)", "AI 5 (easy)"]
    assert seats_words(five, 40) == "Tester, AI 2, AI 3, AI 4, AI 5"  # all, short
    assert seats_words(five, 20) == "Tester, AI 2, AI… +2"
    assert seats_words(["Ann Verylongname Something", "AI 2 (easy)"], 20) == "Ann Verylongname… +1"
    assert seats_words(["Ann", "Bob"], 20) == "Ann vs Bob"
    assert all(len(seats_words(five, width)) <= width for width in range(8, 40))


def test_a_save_from_a_newer_release_is_listed_as_newer_not_damaged():
    """The bug: a save a newer release wrote read "damaged", with Delete beside it, to a player
    who had only gone back a version."""
    from caravan_tui.saves import SaveEntry
    from caravan_tui.saves.codec import NEWER

    newer = SaveEntry("m", None, f"{NEWER} (Decktet Caravan's rules version 99; this version plays up to 1)", 0.0)
    assert entry_cells(newer)[4] == "newer"
    assert entry_cells(SaveEntry("m", None, "checksum mismatch: the save was damaged or altered", 0.0))[4] == "damaged"


def test_ahldarahds_log_never_says_a_face_down_camel_is_still_up():
    """ "wins … for 0 gold (Camel still up)" came right after that player's Camel went face down."""
    import random
    import re

    game = get_game("ahldarahd")
    seen = 0
    for seed in range(6):
        rng, state = random.Random(seed), game.new(3, seed=seed)
        for _ in range(400):
            if state.is_over():
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                won = re.match(r"\{p(\d)\} win\{p\d:s\} .* for 0 gold \((.*)\)\.", event.text)
                if won:
                    seen += 1
                    up = state.camel[int(won[1])]
                    assert (won[2] == "Camel still up") == up, (event.text, up)
    assert seen


async def test_tab_in_the_full_logs_filter_leaves_the_cursor_after_the_name_and_typing_replaces_it():
    from textual.app import App
    from textual.widgets import Input

    from caravan_tui.screens.full_log import FullLogScreen

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FullLogScreen(["Ann plays", "Bartholomew plays"], ["Ann", "Bartholomew"]))
        await pilot.pause()
        field = app.screen.query_one("#log-filter", Input)
        await pilot.press("tab")
        await pilot.press("tab")
        assert field.value == "Bartholomew" and field.cursor_position == len("Bartholomew")
        await pilot.press("tab")  # (after the last name: the whole log again)
        assert field.value == "" and len(app.screen.query_one("#full-log").lines_text) == 2
        await pilot.press("tab")
        assert field.value == "Ann" and field.cursor_position == len("Ann")
        await pilot.press(*"plays")  # (a word typed after tab replaces the name: it read "Annplays")
        assert field.value == "plays" and len(app.screen.query_one("#full-log").lines_text) == 2


async def test_the_full_logs_seat_filter_keeps_only_that_seats_own_name():
    """The filter "You" kept an AI's line that went on "; you may make one last play"; a name
    matched inside another ("Ann" in "Annabel") too. A typed word still matches in any case."""
    from textual.app import App

    from caravan_tui.screens.full_log import FullLogScreen

    rolls = "Round 2: the caravans arrive. AI 2 rolls 4 2 6 3; you roll 3 5 5 6."
    laid = "The rules then laid for you, the only way on: 1 white good."
    lines = ["You play 3♣.", "AI 2 goes out; you may make one last play.", "Annabel plays 5♣.", "Ann plays 2♣."]
    lines += [rolls, laid]
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FullLogScreen(lines, ["You", "Ann", "Annabel"]))
        await pilot.pause()
        log = app.screen.query_one("#full-log")
        await pilot.press("tab")
        # (your rolls in a round another seat starts: they showed only in the rounds you started;
        # the steps the rules laid for you: a filter on "You" left them all out)
        mine = ["You play 3♣.", rolls, laid]
        await wait_for(pilot, lambda: log.lines_text == mine, f"only your lines: {log.lines_text}")
        await pilot.press("tab")
        await wait_for(pilot, lambda: log.lines_text == ["Ann plays 2♣."], f"only Ann's line: {log.lines_text}")
        await pilot.press("ctrl+u", "y", "o", "u")  # a word typed: any case
        await wait_for(pilot, lambda: len(log.lines_text) == 4, f"the lines with the word: {log.lines_text}")


async def test_the_full_logs_filter_keeps_keys_typed_in_one_burst():
    """The bug (Textual issue #6605): a Backspace and a letter that arrive together, as a quick
    typist's or an SSH connection's keys do, lost both: the letter landed first and the
    Backspace, gone round the screen and the app, removed it. Here the keys are all queued at
    once, none waiting for the screen, as the terminal's input thread passes them on."""
    from textual import events
    from textual.app import App
    from textual.widgets import Input

    from caravan_tui.screens.full_log import FullLogScreen

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FullLogScreen(["Ann buys", "Ann sells", "Bob buys"], ["Ann", "Bob"]))
        await pilot.pause()
        field = app.screen.query_one("#log-filter", Input)
        for key in ("a", "n", "x", "backspace", "n", "home", "delete", "A", "end", "space", "s"):
            app.post_message(events.Key(key, " " if key == "space" else key if len(key) == 1 else None))
        await wait_for(pilot, lambda: field.value == "Ann s", "the burst typed")
        await pilot.pause()
        assert field.value == "Ann s" and str(app.screen.query_one("#log-count").render()).startswith("1 of 3 entries")


def test_a_quoted_line_opens_with_you_capitalised():
    """An undo quoted the log's "You play Bandit …" as "taking back “you play Bandit …”"."""
    from caravan_tui.engine import render

    text = "{p0} undo{p0:es} 1 move, taking back “{p0} play{p0:s} Bandit C☀S”."
    assert render(text, ["Ann", "Bob"], 0) == "You undo 1 move, taking back “You play Bandit C☀S”."
    assert render(text, ["Ann", "Bob"], 1) == "Ann undoes 1 move, taking back “Ann plays Bandit C☀S”."
    assert render("Bob passes to {p0}.", ["Ann", "Bob"], 0) == "Bob passes to you."
