"""Each game's table at 80×24, as text, compared with a committed snapshot: a layout change that
cuts a line, hides a key or pushes a panel off the screen shows as a diff.

Text rather than SVG (the plain characters a player reads, without colours or fonts): a diff
reads in a terminal. The positions are fixed (seed, size, the moves before), no AI seat plays,
and the clock and spinner are not on these screens, so the text is the same on every run.

After a deliberate change to a table, write the snapshots again and review the diff:
``CARAVAN_TUI_SNAPSHOTS=update .venv/bin/python -m pytest tests/test_table_snapshots.py``."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.textual_adapter import screen_lines

from tables import Table, settled, wait_for

SIZE = (80, 24)
FOLDER = Path(__file__).with_name("snapshots")
UPDATE = os.environ.get("CARAVAN_TUI_SNAPSHOTS") == "update"


def prefix_to_my_turn(game, seed: int, moves: int) -> tuple:
    """``moves`` seeded random actions, then as many more as it takes for seat 0 (the screen's)
    to decide: the moves before the snapshot's position."""
    rng, state, actions = random.Random(seed), game.new(2, seed=seed, options=game.quick_options), []
    while (len(actions) < moves or state.to_move() != 0) and not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        actions.append(action)
    return tuple(actions)


POSITIONS = [pytest.param(game_id, moves, id=f"{game_id}-{moves}")
             for game_id in GAMES for moves in (0, 12)]


def screen_text(app) -> str:
    return "\n".join(line.rstrip() for line in screen_lines(app.screen)) + "\n"


@pytest.mark.parametrize(("game_id", "moves"), POSITIONS)
async def test_each_table_at_80_by_24_matches_its_snapshot(tmp_path, game_id, moves):
    game = GAMES[game_id]
    app = CaravanApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, game_id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, moves))
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: screen.turn is not None and settled(screen), "my turn")
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        text = screen_text(app)
        shown = [binding.description for _, binding, _, _ in screen.active_bindings.values() if binding.show]
    footer = text.splitlines()[-1]
    cut = [description for description in shown if f" {description} " not in f" {footer} "]
    assert not cut, f"the footer at 80 columns cuts or hides {cut}: {footer!r}"
    path = FOLDER / f"{game_id}-{moves}.txt"
    if UPDATE or not path.exists():
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"no snapshot yet: wrote {path.name}; review it and commit it")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs: review, then update the snapshots"
