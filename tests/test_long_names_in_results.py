"""A 40-letter name in a match's final table: Decktet Caravan's read "…SilkRoadCaravanX" over
"y (you)", Camel Caravan's "…SilkRo" over "adCaravanXy (you)", the name folded mid-word. A name
too long for its column is cut with "…"; "(you)" goes on a line of its own."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class

from tables import Table, quick_app, settled, wait_for

LONG = "MarcoPoloOfVeniceAndTheSilkRoadCaravanXy"


def drawn(renderable) -> str:
    console = Console(width=76, record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_long_name_in_the_final_table_is_never_split_mid_word(tmp_path, game_id):
    game = GAMES[game_id]
    app = quick_app(tmp_path, 5, home=False)
    state = game.new(2, seed=3, options=game.quick_options)
    rng, prefix = random.Random(3), []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        prefix.append(action)
    table = Table(app, game_id, game_screen_class(game), 3, game.quick_options, prefix[:-1], names=(LONG, "Bo"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen), "the table")
        text = drawn(screen.match_summary(state.view(0)))
        rows = [row for row in text.splitlines() if "MarcoPolo" in row or "(you)" in row or "Xy" in row]
        assert rows, text
        for row in rows:  # the name whole, or cut with "…"; never its tail on a row of its own
            assert LONG in row or "MarcoPolo" not in row or "…" in row, text
            assert not any(part.startswith(("Xy", "y (you)", "adCaravan")) for part in row.split()), text
