"""The saves list reads the saves off the screen's thread: its first rows show while later saves
are still being read, and keys are answered meanwhile."""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual.widgets import DataTable

from caravan_tui.games import get_game
from caravan_tui.saves import SaveStore, Snapshot
from caravan_tui.screens import saves as saves_screen
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.home import HomeScreen
from caravan_tui.screens.saves import SavesScreen

from tables import quick_app, wait_for


def saved(store: SaveStore, count: int) -> None:
    game = get_game("decktet_caravan")
    for number in range(count):
        snapshot = Snapshot(
            f"m{number}",
            game.id,
            game.resolve_options({}),
            2,
            ["human", "ai:easy"],
            ["Ann", "AI 2"],
            number,
            rules=game.rules_version,
        )
        with store.lock(snapshot.match_id) as lock:
            store.open(lock, snapshot)


async def saves_shown(app, pilot) -> SavesScreen:
    """The saved matches, opened from Home with its key (``l``)."""
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
    await app.screen.looked.wait()
    await pilot.press("l")
    assert isinstance(app.screen, SavesScreen)
    return app.screen


@pytest.mark.thorough
async def test_keys_work_while_the_saves_are_still_being_read(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    saved(store, 3)
    gate, held = threading.Event(), threading.Event()
    check = saves_screen.checked_entry

    def slow_after_the_first(entry):  # the second save takes as long as the test wants
        if entry.match_id != "m2":
            held.set()
            assert gate.wait(30)
        return check(entry)

    monkeypatch.setattr(saves_screen, "checked_entry", slow_after_the_first)
    app = quick_app(tmp_path, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await saves_shown(app, pilot)
        await asyncio.to_thread(held.wait, 30)
        await wait_for(pilot, lambda: screen.query_one(DataTable).row_count == 1, "the newest save's row")
        assert not screen.listed.is_set()  # the others are still being read
        await pilot.press("d")  # a key for the row shown: answered now
        assert isinstance(app.screen, ConfirmScreen) and "m2" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen
        gate.set()
        await screen.listed.wait()
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == 3
        assert [str(screen.query_one(DataTable).get_row_at(row)[4]) for row in range(3)] == ["playing"] * 3


@pytest.mark.thorough
async def test_enter_on_a_finished_match_says_it_opens_the_result(tmp_path):
    """The saves list offered "⏎ Resume" over a finished match, and Enter opened its result."""
    from caravan_tui.textual_adapter import screen_lines

    store = SaveStore(tmp_path)
    saved(store, 2)
    app = quick_app(tmp_path, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await saves_shown(app, pilot)
        await screen.listed.wait()
        await pilot.pause()
        table = screen.query_one(DataTable)
        first = screen._current()
        assert first is not None and first.snapshot is not None and table.cursor_row == 0
        assert "⏎ Resume" in screen_lines(app.screen)[-1]
        first.snapshot.status = "over"
        await pilot.press("down", "up")
        await wait_for(pilot, lambda: "⏎ Result" in screen_lines(app.screen)[-1], "the result offered")
        assert "Resume" not in screen_lines(app.screen)[-1]
        await pilot.press("down")
        await wait_for(pilot, lambda: "⏎ Resume" in screen_lines(app.screen)[-1], "resume for the other")
