"""A seat an AI plays in its person's place (they dropped) takes nothing back from the host: its
moves stand, and that person reads them when they come back. The footer offers ``u Undo`` beside
such a seat only where the host said it would take back, so a key it shows can act; it showed
"u Undo" at every turn and said why not when pressed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.widgets.footer import KeysFooter

from tables import Table, quick_app, settled, wait_for


def footer_offers(app, description: str) -> bool:
    return any(entry.description == description for entry in app.screen.query_one(KeysFooter).shown_keys)


@pytest.mark.thorough
async def test_undo_is_offered_beside_a_stand_in_only_where_the_host_would_take_back(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {}, names=("Ann", "Bob"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        if screen.table.turn is None:  # (Bob starts: he places a camel and his turn ends)
            await table.bot_plays(lambda legal: next(a for a in legal if a[0] == "place"))
            await wait_for(pilot, lambda: screen.table.turn is not None, "Ann's turn")
        footer = screen.query_one(KeysFooter)
        await wait_for(pilot, footer.caught_up, "the footer")
        assert not footer_offers(app, "Undo")  # Bob is at the table: he sees each move at once
        kinds = list(screen.table.seat_kinds)
        kinds[1] = STANDING_IN  # Bob dropped; an AI plays his seat, and his moves stand
        for undo, offered in ((False, False), (True, True)):
            screen.table_state = replace(screen.table, seat_kinds=tuple(kinds), undo=undo)
            await pilot.pause()
            await wait_for(pilot, footer.caught_up, "the footer")
            assert footer_offers(app, "Undo") is offered, (undo, [e.description for e in footer.shown_keys])
        screen.table_state = replace(screen.table, turn=None)  # not our turn: the stand-in's move comes first
        await pilot.pause()
        await wait_for(pilot, footer.caught_up, "the footer")
        assert not footer_offers(app, "Undo")
