"""A spectator's h said "h (Hint) works at a match's table." (they were at one), and e, a, u
said nothing: each play key, the hint's and the undo's, pressed by a spectator now says they
watch."""

from __future__ import annotations

import pytest

from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.table_keys import WATCHING_PLAYS_NOTHING
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices

from tables import table_shown, wait_for


@pytest.mark.parametrize("key", ["h", "a", "e", "u"])
async def test_a_spectators_play_keys_say_they_watch(tmp_path, key):
    runner = MatchRunner.new("camel_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner, seat=None) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        await pilot.press(key)
        await wait_for(pilot, lambda: any(note.message == WATCHING_PLAYS_NOTHING for note in notices(app)), key)
        assert not [note.message for note in notices(app) if "works at" in note.message]
