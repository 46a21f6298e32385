"""A match created with a seat open for a person started with its creator to move and nothing
saying that it waits for a second person ("Open seat 2" read like a player): until their first
move was made, nothing told them. Above the table a line says so while the seat is open."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.seat_kinds import INVITED, OPEN, invited_kind
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets.away_notice import open_line

from tables import Table, quick_app, settled, wait_for


@asynccontextmanager
async def ann_and_bob(tmp_path):
    """Ann's Decktet Caravan table against Bob at 80×24, once it has the seats' kinds."""
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 3, {}, names=("Ann", "Bob"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen) and screen.table.seat_kinds, "the table")
        yield app, pilot, screen


@pytest.mark.thorough
async def test_a_seat_open_for_a_person_is_said_above_the_table_until_someone_takes_it(tmp_path):
    async with ann_and_bob(tmp_path) as (app, pilot, screen):
        taken = screen.table
        said = open_line(1)
        assert said.startswith("Seat 2 is open") and len(said) <= 78  # (one line at 80 columns)
        assert not any(said in line for line in screen_lines(app.screen))
        screen.table_state = replace(taken, seat_kinds=(taken.seat_kinds[0], OPEN), kinds_at=taken.kinds_at + 1)
        await wait_for(pilot, lambda: any(said in line for line in screen_lines(app.screen)), "the open seat said")
        screen.table_state = replace(taken, kinds_at=taken.kinds_at + 2)  # Bob took it
        await wait_for(pilot, lambda: not any(said in line for line in screen_lines(app.screen)), "the line gone")


@pytest.mark.thorough
async def test_a_seat_kept_for_a_person_says_whom_it_waits_for(tmp_path):
    """Over SSH, a rematch's table read "Seat 2 is open: its turns wait for a person" while the
    seat was kept for Bob (the lobby: "Bob ? (invited)")."""
    async with ann_and_bob(tmp_path) as (app, pilot, screen):
        taken = screen.table
        screen.table_state = replace(taken, seat_kinds=(taken.seat_kinds[0], INVITED), kinds_at=taken.kinds_at + 1)
        said = "Seat 2 is kept for Bob: after the grace an AI plays it till they come."
        assert len(open_line(1, "[bold]x[/]")) <= 78  # (one line at 80 columns)
        await wait_for(pilot, lambda: any(said in line for line in screen_lines(app.screen)), "whom it waits for")
        assert screen.table.others_are_people() and screen.table.open_seat(1)


@pytest.mark.thorough
async def test_a_kept_seats_line_counts_down_to_the_ai(tmp_path):
    """Over SSH, the one who asked for a rematch read "Waiting for Bob to take seat 2" and no
    time: the grace was told of an away seat only. A kept seat's grace counts down too."""
    async with ann_and_bob(tmp_path) as (app, pilot, screen):
        taken = screen.table
        kept = invited_kind(42)
        screen.table_state = replace(taken, seat_kinds=(taken.seat_kinds[0], kept), kinds_at=taken.kinds_at + 1)

        def said() -> str:
            return next((line for line in screen_lines(app.screen) if "Seat 2 is kept for Bob" in line), "")

        await wait_for(pilot, lambda: "an AI plays it in 4" in said(), "the countdown")
        assert said().strip().endswith("s till they come."), said()
        assert screen.table.others_are_people() and screen.table.open_seat(1)
        assert len(open_line(1, "[bold]x[/]", 42)) <= 78  # (one line at 80 columns)
        hostile = replace(screen.table, names=(taken.names[0], "[bold]x[/]"), kinds_at=taken.kinds_at + 2)
        screen.table_state = hostile  # (a name as typed, never markup)
        await wait_for(
            pilot, lambda: "kept for [bold]x[/]: an AI plays it in" in " ".join(screen_lines(app.screen)), "it"
        )
