"""``ctrl+z`` is undo's second key (people try it first): it asks for the undo where ``u`` does,
says why not where ``u`` does, and the palette lists it beside ``u`` (the footer shows ``u``);
at a table of people, where neither is offered, the palette's "Undo" says why."""

from __future__ import annotations

import pytest

from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.table_keys import NO_UNDO_WITH_PEOPLE
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices

from tables import settled, table_shown, wait_for


@pytest.mark.thorough
async def test_ctrl_z_asks_for_the_undo_as_u_does(tmp_path):
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        palette = {command.title: command.help for command in app.get_system_commands(screen)}
        assert palette["Undo"].endswith("(u, ^z)"), palette["Undo"]
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        await pilot.press("ctrl+z")  # nothing of mine to take back yet: the host says so, as for u
        await wait_for(pilot, lambda: any("no move of yours" in n.message for n in notices(app)), "the answer")


@pytest.mark.thorough
@pytest.mark.parametrize("opponent", ["human", "random"])
async def test_ctrl_z_at_a_table_of_people_says_why_nothing_is_taken_back(tmp_path, opponent):
    runner = MatchRunner.new(
        "decktet_caravan", [SeatSpec("human"), SeatSpec.parse(opponent)], ["Ann", "Bob"], 1, {}, None
    )
    async with table_shown(tmp_path, runner, shared=opponent == "human") as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        await pilot.press("ctrl+z")
        await pilot.pause()
        said = [note.message for note in notices(app)]
        assert (NO_UNDO_WITH_PEOPLE in said) == (opponent == "human")
        # the palette finds "undo" at either table (among people it said "No matches found"),
        # and among people says why there is none
        palette = {command.title: command.help for command in app.get_system_commands(screen)}
        assert (palette["Undo"] == NO_UNDO_WITH_PEOPLE) == (opponent == "human"), palette["Undo"]
