"""A frame that draws only what changed sends the terminal every change: a change that starts
inside a widget (a hand's row, inside its frame) is drawn from the widget's first column, where
the screen's cut for it is. The bug: the hint's stars in Decktet Caravan's hand reached the
table's state and a full drawing (a resize showed them) but not the terminal, where the rows
that changed began one column into the hand and nothing else in their frame began further left."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caravan_tui.games import GAMES
from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.screens import game_screen_class
from caravan_tui.textual_adapter import SentFrames

from tables import Table, quick_app, settled, wait_for


@pytest.mark.thorough
@pytest.mark.usefixtures("pause_frames")  # (it reads the frames sent to the terminal)
async def test_a_change_inside_a_widget_alone_reaches_the_terminal(tmp_path):
    game, options = GAMES["decktet_caravan"], {"hands": 1}
    seed = next(seed for seed in range(100) if game.new(2, seed=seed, options=options).to_move() == 0)
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "decktet_caravan", game_screen_class(game), seed, options)
    screen = table.screen
    frames = SentFrames()
    try:
        async with app.run_test(size=(80, 24)) as pilot, table:
            await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "my turn")
            grid = screen.query_one(CardGrid)
            stars = frozenset(card for card, _ in grid.chips[1:4])
            for shown in (stars, frozenset()):  # the stars, then none: the hand's rows alone change
                await pilot.pause()
                frames.updates.clear()
                screen.table_state = replace(screen.table, hinted_cards=shown)
                await wait_for(pilot, lambda shown=shown: grid.marked == shown, "the hand's marks")
                await pilot.pause()
                for index, (card, _) in enumerate(grid.chips[1:4], 1):
                    row = grid.content_region.y + index // 2  # (two cards a row)
                    pieces = frames.sent(row, grid.region.x)
                    assert pieces and ("★" in pieces[-1]) == bool(shown), (card, row, pieces)
    finally:
        frames.stop()
