"""A plays list longer than its box says so at its foot: a Decktet Caravan play of two lines cut at
the list's edge ("Caravan 5∿Y⌘K A⌘K→6 7☀S⌘K", really a caravan of four cards, its last on the
line below the edge) read as a shorter, whole play, and nothing said that the list went on."""

from __future__ import annotations

from test_table_snapshots import SIZE, prefix_to_my_turn

from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.widgets.actions import MORE_BELOW, ActionList

from tables import BareApp, Table, settled, wait_for


async def test_the_foot_says_more_below_until_the_last_play_shows(tmp_path) -> None:
    game = GAMES["decktet_caravan"]
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, game.id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, 0))
    async with app.run_test(size=SIZE) as pilot, table:
        screen = app.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        plays = screen.query_one(ActionList)
        assert plays.max_scroll_y > 0  # (more plays than lines)
        await wait_for(pilot, lambda: plays.border_subtitle == MORE_BELOW, "the foot's words")
        plays.scroll_end(animate=False, immediate=True)
        await wait_for(pilot, lambda: not plays.border_subtitle, "the foot's words gone at the end")
        plays.scroll_home(animate=False, immediate=True)
        await wait_for(pilot, lambda: plays.border_subtitle == MORE_BELOW, "the foot's words again")
