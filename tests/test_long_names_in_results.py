"""A 40-letter name in a match's final table: Decktet Caravan's read "…SilkRoadCaravanX" over
"y (you)", Camel Caravan's "…SilkRo" over "adCaravanXy (you)", the name folded mid-word; then,
its column as wide as the name, Camel Caravan's Penalty and Score columns fell off an 80-column
screen over SSH. A word longer than ``WORD_ROOM`` folds across the lines of its cell, whole, and
every column stays on the screen; "(you)" is never cut from the name it follows."""

from __future__ import annotations

import random
import re

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
    # (the long name another's: our own seat reads "You" in a final table)
    table = Table(app, game_id, game_screen_class(game), 3, game.quick_options, prefix[:-1], names=("Bo", LONG))
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen), "the table")
        text = drawn(screen.match_summary(state.view(0)))
        lines = text.splitlines()
        assert max(map(len, lines)) <= 76, text  # every column on the screen
        first = next(index for index, line in enumerate(lines) if "MarcoPolo" in line)
        column = next(index for index, cell in enumerate(re.split("[│┃]", lines[first])) if "MarcoPolo" in cell)
        cells = []
        for line in lines[first:]:
            parts = re.split("[│┃]", line)
            if len(parts) <= column or LONG in "".join(cells).replace(" ", ""):
                break
            cells.append(parts[column].strip())
        assert "".join(cells).replace(" ", "").startswith(LONG), text  # whole, over the lines it takes
        assert "…" not in "".join(cells), text
