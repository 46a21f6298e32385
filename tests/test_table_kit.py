"""What every game's table shares (DESIGN §6, the table kit), checked for every game."""
from __future__ import annotations

import socket

import pytest

from caravan_tui.app import CaravanApp, ClientApp
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.game import SPINNER
from caravan_tui.seats import SeatSpec
from saves import SaveStore
from tables import wait_for

SIZE = (80, 24)


async def table_drawn(app, game_id: str, shared: bool) -> list[str]:
    """The lines of seat 0's table at a new match between people, at 80×24 (the spinner
    blanked: it turns with the clock)."""
    game = GAMES[game_id]
    players = min(game.players)
    runner = MatchRunner.new(game_id, [SeatSpec("human")] * players, [f"P{n}" for n in range(players)], 1, {}, None)
    client = runner.client(0)
    client.shared = shared  # what a session's client over SSH says of itself
    screen = game_screen_class(game)(client)
    app.move_pause, app.flash_seconds = 0.0, 0.05
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            await wait_for(pilot, lambda: screen.view is not None and screen.names, "the table")
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
        finally:
            runner.stop()
    return ["".join(" " if c in SPINNER else c for c in line) for line in lines]


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_hosted_table_draws_as_the_local_one_but_for_the_chat_key(tmp_path, game_id):
    local = await table_drawn(CaravanApp(store=SaveStore(tmp_path)), game_id, shared=False)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        hosted = await table_drawn(ClientApp(ours), game_id, shared=True)
    assert hosted[:-1] == local[:-1]  # (a game's own styles once fell away over SSH)
    assert "Chat" in hosted[-1] and "Chat" not in local[-1]
