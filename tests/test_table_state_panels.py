"""The panels over the board draw themselves from the table's state (issue 49: "every panel is
a widget that composes or renders itself from it — nothing outside a widget sets its text")."""

from __future__ import annotations

import dataclasses

import pytest

from caravan_tui.games import GAMES
from caravan_tui.games.ahldarahd.map_text import map_look as ahldarahd_map_look
from caravan_tui.games.camel_caravan.looks import board_look as camel_board_look
from caravan_tui.games.caravanserai.looks import board_look as caravanserai_board_look
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.base import WIDE_WIDTH
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.widgets import TablePanel
from caravan_tui.widgets.wrapping import WrappedText

from tables import BareApp, Table, settled, wait_for


@pytest.mark.thorough
async def test_the_since_panel_is_the_tables_and_shows_again_where_a_wider_screen_puts_it(tmp_path):
    """The bug: the panel was a Static the screen filled; a terminal grown wide mounted a new one
    over the side column, empty, and what others did was gone before it was read."""
    assert not hasattr(TablePanel, "show") and not hasattr(TablePanel, "hide")  # (no text from outside)
    app = BareApp(store=SaveStore(tmp_path))
    # (a table whose panels go over its board at 80 columns: Decktet's go beside it)
    table = Table(app, "ahldarahd", game_screen_class(GAMES["ahldarahd"]), 1, {})
    screen = table.screen
    words = PanelWords("Since your last turn (any key closes)", ("• Bot plays a 7.", "• Bot passes."))
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        screen.open_panel("since", words)
        since = screen.query_one("#since-panel", TablePanel)
        await wait_for(pilot, lambda: since.display and "Bot passes" in since.text, "the panel")
        assert since.parent is screen.query_one("#board")
        await pilot.resize_terminal(WIDE_WIDTH, 30)
        # (while the screen moves it, there is a moment with no panel, then one not yet composed)
        await wait_for(
            pilot,
            lambda: [panel.parent for panel in screen.query("#since-panel")] == [screen.query_one("#side")],
            "the panel over the side column",
        )
        moved = screen.query_one("#since-panel", TablePanel)
        await wait_for(
            pilot,
            lambda: moved.display and bool(moved.query(WrappedText)) and "Bot passes" in moved.text,
            "the same words there",
        )
        assert moved.shown == screen.table.since_panel == words
        await pilot.press("x")  # any key closes it: the table's state says so, and the panel follows
        assert screen.table.since_panel is None
        await wait_for(pilot, lambda: not moved.display, "the panel closed")


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", ["camel_caravan", "caravanserai", "merchant_lord", "ahldarahd", "decktet_caravan"])
async def test_the_boards_draw_themselves_from_the_tables_state(tmp_path, game_id):
    """Nothing outside a board sets what it shows: each is given a look, a function of the table's
    state, and draws what it gives whenever the state changes (a cell the last move changed, a
    die ticked to reroll)."""
    from test_table_snapshots import prefix_to_my_turn

    from caravan_tui.games.merchant_lord.builder import Selection
    from caravan_tui.widgets.cursor import CursorWidget

    game = GAMES[game_id]
    app = BareApp(store=SaveStore(tmp_path))
    moves = 12 if game_id == "decktet_caravan" else 0  # (a season with plays in it)
    table = Table(app, game_id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, moves))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "the table")
        boards = list(screen.query("#board CursorWidget").results(CursorWidget))
        assert boards and all(board.look_of is not None and not hasattr(board, "show") for board in boards)
        if game_id == "merchant_lord":
            dice = screen.query_one("#ml-dice")
            assert screen.table.phase == "favour" and not dice.ticked
            screen.table_state = dataclasses.replace(screen.table, sel=Selection(reroll=frozenset({0})))
            assert dice.ticked == {"0"}
            return
        if game_id == "decktet_caravan":  # the season highlights the play the table says
            season = screen.query_one("#dc-season")
            assert season.look_of is not None and not hasattr(season, "show")
            screen.table_state = dataclasses.replace(screen.table, flash=0)
            assert season.plays and season.plays[0][2] == "bold reverse"
            return
        if game_id == "ahldarahd":  # the map on show is the table's: the board follows it
            board = boards[0]
            other = (screen.table.shown_map + 1) % len(screen.table.view["routes"])
            screen.table_state = dataclasses.replace(screen.table, shown_map=other)
            assert board.colour == other and board.look == ahldarahd_map_look(screen.table)
            return
        board = boards[0]
        # each look is a function of the table's state alone
        look = camel_board_look if game_id == "camel_caravan" else caravanserai_board_look
        assert board.look == look(screen.table) and str(board.border_title)
        cell = board.cursor
        screen.table_state = dataclasses.replace(screen.table, flash=frozenset({cell}))
        assert board.flash == {cell} and board.look == look(screen.table)


def test_a_hint_that_comes_closes_the_since_panel_and_one_asked_for_leaves_it():
    """Camel Caravan, `h` pressed before our turn: the "since" panel opened as the turn came, then
    the hint; the three panels stacked in the side column left the plays an empty frame and the
    hint cut at the footer. The hint that comes closes it (the log keeps its lines)."""
    from caravan_tui.screens.table_client import panel_opened
    from caravan_tui.screens.table_panels import ASKING, PanelWords
    from caravan_tui.screens.table_seat import TableState

    since = PanelWords("Meanwhile (keys hide)", ("AI 2 moves.",))
    table = panel_opened(TableState(seat=0), "since", since)
    asking = panel_opened(table, "hint", ASKING)
    assert asking.since_panel == since and asking.hint_panel == ASKING
    hint = PanelWords("Hint", ("Probably best: End the turn",))
    shown = panel_opened(asking, "hint", hint)
    assert shown.since_panel is None and shown.hint_panel == hint
