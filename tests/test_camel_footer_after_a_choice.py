"""Camel Caravan: after a play chosen from a cell's list of plays ("what do you want to do?"),
the footer still shows the keys of the turn that goes on ("e End turn"): it dropped them, though
the status line said "e end turn", until the focus moved. The play and the host's answer are
told as one state, from one decision to the next, and the footer had read the keys between them,
as the focus came back from the list."""

from __future__ import annotations

import pytest
from test_camel_screen import answer, at_my_turn, choose, free_cells, goods_at, my_turn, next_turn, played

from caravan_tui.games.camel_caravan.board import SPACES
from caravan_tui.widgets.footer import KeysFooter

from tables import wait_for


@pytest.mark.thorough
async def test_the_footer_keeps_end_turn_after_a_play_chosen_from_a_cells_list(tmp_path):
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        view = screen.table.view
        spot = next(c for c in SPACES if c in goods_at(view) and c in free_cells(view))
        await choose(pilot, spot)
        assert await played(pilot, host, 0) == ("place", spot)
        await next_turn(pilot, app)
        turn = host.turn
        await choose(pilot, spot)  # our empty camel on a loose good: pick it up, or move the camel?
        await answer(pilot, "Pick up")
        assert (await played(pilot, host, turn))[0] == "pickup"
        await wait_for(pilot, lambda: my_turn(app) and app.screen is screen, "the turn going on")
        footer = screen.query_one(KeysFooter)
        await wait_for(pilot, footer.caught_up, "the footer showing the screen's keys")
        assert "End turn" in [key.description for key in footer.shown_keys]


@pytest.mark.thorough
async def test_a_spaces_list_of_plays_leaves_the_space_in_sight(tmp_path):
    """The list of a space's plays opened in the middle of the screen, over the space chosen and
    the chain around it: it opens at the bottom for a space in the board's upper half, and at
    the top for one in its lower half."""
    from textual.containers import Vertical

    from caravan_tui.games.camel_caravan.board import SIZE
    from caravan_tui.games.camel_caravan.board_widget import CamelBoard
    from caravan_tui.screens.dialogs import ChoiceScreen

    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        view = screen.table.view
        # (a space in the board's lower half: the list in the middle covered it)
        spot = next(c for c in SPACES if c in goods_at(view) and c in free_cells(view) and c // SIZE >= SIZE // 2)
        await choose(pilot, spot)
        assert await played(pilot, host, 0) == ("place", spot)
        await next_turn(pilot, app)
        await choose(pilot, spot)  # our empty camel on a loose good: pick it up, or move the camel?
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the space's plays")
        await pilot.pause()
        board = screen.query_one(CamelBoard)
        rows = board.region.height // SIZE
        top = board.region.y + (spot // SIZE) * rows
        dialog = app.screen.query_one(".dialog", Vertical).region
        assert dialog.bottom <= top or dialog.y >= top + rows, (dialog, top, rows, spot)
