"""A table builds the world of a view once: the ``YourTurn`` that follows an ``Update`` carries
the same view, and building a world from it again was half of a turn's work."""

from __future__ import annotations

from itertools import pairwise

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class

from tables import Table, quick_app, wait_for


@pytest.mark.thorough
async def test_a_turn_builds_its_views_world_once(tmp_path, monkeypatch):
    game = GAMES["camel_caravan"]
    built: list[dict] = []
    from_view = game.state_class.from_view

    def counted(cls, view, seat):
        built.append(view)
        return from_view(view, seat)

    monkeypatch.setattr(game.state_class, "from_view", classmethod(counted))
    app = quick_app(tmp_path, 10, home=False)
    table = Table(app, game.id, game_screen_class(game), 3, {}, ())
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        for _ in range(2):  # (whoever starts: our turn comes, and again after the other's move)
            while table.runner.host.state.to_move() == 1:
                moves = table.moves()
                await table.bot_plays(lambda legal: legal[0])
                await wait_for(pilot, lambda made=moves: table.moves() > made, "the other's move made")
            await wait_for(pilot, lambda: screen.table.turn is not None, "our turn")
            moves = table.moves()
            screen.act(screen.table.legal[0])
            await wait_for(pilot, lambda made=moves: table.moves() > made, "our move made")
        assert len(built) >= 2
        assert all(view != before for before, view in pairwise(built))  # one world a view
