"""Four and five players at 80×24 (Pilot): the players' lines leave the decision panel and the
Enter line five rows. The bug: with four players the Enter line had two rows and a claim that
takes a city was cut ("…: takes the Horses …"), with five one row. The panel is now as tall as
its lines (five players: without its rule above) and the Enter line takes the rest: every play
of every decision met, as Enter would word it, fits the rows the panel leaves, and the panel's
lines stay in sight."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.text import Text
from test_ahldarahd_screen import match_begun, my_turn

from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.seats import SeatSpec

from tables import wait_for

#: the decisions met in a match (15: over 200 plays checked, at least two that take a city)
DECISIONS = 15


@pytest.mark.thorough
@pytest.mark.parametrize("players", [4, 5])
async def test_every_enter_line_is_whole_beside_the_panel_with_four_and_five_players(tmp_path, players):
    rng = random.Random(players)
    names = ["Ann"] + [f"AI {n}" for n in range(2, players + 1)]
    seats = [SeatSpec("human")] + [SeatSpec("random")] * (players - 1)
    checked, cities = 0, 0
    async with match_begun(tmp_path, seats, names, players, {"night_of_the_outsider": True}) as (app, pilot, _):
        for _ in range(DECISIONS):
            await wait_for(pilot, lambda: my_turn(app) or app.runner.host.state.is_over(), "my turn")
            if app.runner.host.state.is_over():
                break
            screen = app.screen
            await pilot.pause()
            panel, status = screen.query_one("#ah-panel"), screen.query_one("#status")
            shown = panel.content.plain.splitlines()
            assert panel.region.bottom <= status.region.y and panel.region.height >= len(shown)
            room = status.region.bottom - panel.region.bottom  # (down to the footer)
            width, console = status.content_region.width, Console()
            world, seat = app.runner.host.state.clone(), screen.seat
            for action in screen.table.legal:
                words = f"enter: {screen.table.words(describe(world, action, brief=True))}"
                assert len(Text(words).wrap(console, width)) <= min(room, screen.STATUS_LINES), (shown, words)
                checked += 1
                cities += ": takes the " in words
            assert " ".join(str(status.render()).split()) == " ".join(screen.status_text().plain.split())
            assert world.turn == seat
            claims = [a for a in screen.table.legal if a[0] in ("free", "claim", "buy")]
            screen.act(rng.choice(claims if claims and rng.random() < 0.8 else screen.table.legal))
    assert checked >= 200 and cities >= 2, (checked, cities)
