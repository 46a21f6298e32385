"""The replay viewer: a saved match played back move by move, on each game's own screen."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, MatchInfo, MatchOver, Rejected, Request, Update, YourTurn
from caravan_tui.games import GAMES
from caravan_tui.match.replay import ReplayClient
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.saves.loading import load, replay
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines

from tables import games_checked_by_default, wait_for

SIZE = (80, 24)


async def replay_shown(app: CaravanApp, pilot, match_id: str) -> GameScreen:
    """The replay of ``match_id`` from seat 0's view, opened and shown."""
    app.open_replay(match_id, seat=0)
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view is not None, "it")
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def record_a_match(
    game, store: SaveStore, moves: int = 30, names=("Ann", "Bob", "Cyd", "Dee")
) -> tuple[str, dict[int, tuple[dict, list[str]]]]:
    """Seat 0 a scripted person, the others random; what seat 0 saw at each turn: its view and
    its whole log. The match stops after ``moves`` actions (or at its end)."""
    seats = [SeatSpec("human")] + [SeatSpec("random")] * (game.default_players - 1)
    runner = MatchRunner.new(game.id, seats, list(names[: len(seats)]), 4, game.quick_options, store)
    me = runner.client(0)
    runner.start()
    seen, log, rng = {}, [], random.Random(4)
    try:
        while True:
            msg = await asyncio.wait_for(me.get(), 20)
            if isinstance(msg, Update):
                log = list(msg.events) if msg.whole_log else log + msg.events
                seen[msg.turn] = (msg.view, log)
                if msg.turn >= moves:
                    break
            elif isinstance(msg, YourTurn):
                await me.send(Act(me.match_id, 0, msg.turn, rng.choice(msg.legal)))
            elif isinstance(msg, MatchOver):
                break
    finally:
        runner.stop()
    return runner.match_id, seen


# the replay (its client, its keys, the views) is the kit's; by default the two games whose screens
# have replay code of their own: Decktet Caravan's hand and Caravanserai's marks of the last move
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("decktet_caravan", "caravanserai"))
async def test_a_replay_steps_forward_and_back_through_what_the_seat_saw(tmp_path, game_id):
    game = GAMES[game_id]
    store = SaveStore(tmp_path)
    match_id, seen = await record_a_match(game, store)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(match_id, seat=0)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.replaying and screen.client.position == 0

        async def shows(turn: int) -> None:
            await wait_for(
                pilot,
                lambda: screen.client.position == turn and screen.table.view == seen[turn][0],
                f"move {turn} as the seat saw it",
            )
            assert screen.table.view == seen[turn][0]
            assert screen.query_one("#log").lines_text == seen[turn][1]
            drawn = "\n".join(line for line in screen_lines(app.screen))
            assert f"move {turn}/" in drawn and "Ann's view" in drawn  # the status line, whole at 80 columns

        await shows(0)
        for turn in range(1, 4):
            await pilot.press("right")
            await shows(turn)
        await pilot.press("left", "left")
        await shows(1)
        await pilot.press("end")
        await shows(max(seen))
        await pilot.press("h", "u")  # a replay offers no hint and no undo, and changes nothing
        over = store.read(match_id).status != "playing"
        await pilot.press("v")  # the next view, at the same move: an AI's only once the match is over
        await pilot.pause()
        assert app.screen is not screen and app.screen.client.position == max(seen)
        assert app.screen.seat == (1 if over else None)
        assert store.read(match_id).actions == store.read(match_id).actions[: max(seen)]


@pytest.mark.thorough
async def test_the_replay_of_a_match_being_played_never_shows_an_ais_view(tmp_path):
    """The bug: `w` on a match still being played, then `v`, showed the AI's whole hand to the
    person about to play on against it (what the AI weighed was already hidden until the end)."""
    game = GAMES["decktet_caravan"]
    store = SaveStore(tmp_path)
    match_id, _ = await record_a_match(game, store, moves=3)
    checked = load(store, match_id)
    assert checked.snapshot.status == "playing"
    assert ReplayClient(checked, 0).views() == [0, None]
    assert ReplayClient(checked, 1).seat is None  # asked for the AI's view: the public one
    finished = dataclasses.replace(checked, snapshot=dataclasses.replace(checked.snapshot, status="over"))
    assert ReplayClient(finished, 1).seat == 1 and ReplayClient(finished, 1).views() == [0, 1, None]
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(match_id, seat=0)
        await pilot.pause()
        seats = []
        for _ in range(3):
            await pilot.press("v")
            await pilot.pause()
            seats.append(app.screen.seat)
        assert seats == [None, 0, None]


@pytest.mark.thorough
async def test_the_replays_status_line_cuts_a_name_only_where_it_has_no_room(tmp_path):
    """The bug: "move 15/15 · Bartholomew L…'s view" at 120 columns, with room to spare."""
    game = GAMES["decktet_caravan"]
    store = SaveStore(tmp_path)
    match_id, _ = await record_a_match(game, store, moves=3, names=("Bartholomew Longname", "Bob"))
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await replay_shown(app, pilot, match_id)
        assert app.screen.status_text().plain.endswith("move 0/3 · Bartholomew Longname's view")
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        status = app.screen.query_one("#status")
        line = app.screen.status_text().plain
        assert len(line) <= status.content_size.width and line.endswith("'s view")  # cut to fit


@pytest.mark.thorough
async def test_a_step_past_either_end_of_a_replay_says_where_it_stands_and_the_keys_on(tmp_path):
    """The bug: ← at a replay's first move did nothing and said nothing (and Home and End, which
    go to either end, are not in the footer)."""
    from caravan_tui.screens.game import REPLAY_END, REPLAY_START
    from caravan_tui.textual_adapter import notices

    store = SaveStore(tmp_path)
    match_id, _ = await record_a_match(GAMES["decktet_caravan"], store, moves=3)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await replay_shown(app, pilot, match_id)
        await pilot.press("left")
        await wait_for(pilot, lambda: any(n.message == REPLAY_START for n in notices(app)), "the start said")
        await pilot.press("end", "right")
        await wait_for(pilot, lambda: any(n.message == REPLAY_END for n in notices(app)), "the end said")
        assert screen.client.position == screen.client.length


@pytest.mark.thorough
async def test_a_play_key_or_an_undo_key_in_a_replay_says_it_plays_nothing(tmp_path):
    """Over SSH, ``e`` (end the turn) and ``u`` in a Camel Caravan replay left the screen as it
    was and said nothing."""
    from caravan_tui.screens.table_keys import REPLAY_PLAYS_NOTHING
    from caravan_tui.textual_adapter import notices

    store = SaveStore(tmp_path)
    match_id, _ = await record_a_match(GAMES["camel_caravan"], store, moves=3)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await replay_shown(app, pilot, match_id)
        position = screen.client.position
        for key in ("e", "u"):
            app.clear_notifications()
            await pilot.press(key)
            await wait_for(pilot, lambda: [n.message for n in notices(app)] == [REPLAY_PLAYS_NOTHING], key)
        assert app.screen is screen and screen.client.position == position


@pytest.mark.thorough
async def test_the_saves_list_opens_the_replay(tmp_path):
    game = next(iter(GAMES.values()))
    store = SaveStore(tmp_path)
    match_id, _ = await record_a_match(game, store, moves=3)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_saves()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await app.screen.listed.wait()
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.replaying
        assert app.screen.client.match_id == match_id and app.screen.seat == 0
        await wait_for(pilot, lambda: "Back" in screen_lines(app.screen)[-1], "the keys")
        footer = screen_lines(app.screen)[-1]
        assert "esc Back" in footer and "Menu" not in footer  # (it said "esc Menu", and no menu opened)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)


class Hello(Request):
    """A request of another protocol (the hub's, say): it names no seat."""

    name: str


async def test_a_replay_refuses_its_seats_requests_and_ignores_any_other():
    game = GAMES["camel_caravan"]
    snapshot = Snapshot(
        match_id="m",
        game_id=game.id,
        options=game.resolve_options(game.quick_options),
        players=2,
        seats=["human", "random"],
        names=["Ann", "Bob"],
        seed=1,
    )
    client = ReplayClient(replay(game, snapshot), seat=0)
    assert [type(client.queue.get_nowait()) for _ in range(2)] == [MatchInfo, Update]
    await client.send(Hello("Ann"))
    await client.send(Act("m", 1, 0, ("pass",)))  # another seat's
    await client.send(Act("m", 0, 0, ("pass",)))
    assert [type(client.queue.get_nowait()) for _ in range(client.queue.qsize())] == [Rejected]


@pytest.mark.thorough
def test_a_replay_that_fails_says_so_in_one_line_and_exits_non_zero(tmp_path, monkeypatch, capsys):
    """``caravan-tui replay MATCH``: a failure inside the app is one line on stderr and exit 1 (it
    used to print a traceback full of the save's data, and exit 0); the traceback is kept in a
    file for a bug report."""
    from caravan_tui.app import FAILURE_LOG
    from caravan_tui.cli import main

    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    game = GAMES["decktet_caravan"]
    state = game.new(2, seed=1, options=game.quick_options)
    SaveStore().write(
        Snapshot(
            match_id="m",
            game_id=game.id,
            options=game.resolve_options(game.quick_options),
            players=2,
            seats=["human", "ai:easy"],
            names=["Ann", "Bob"],
            seed=1,
            state=state.to_data(),
        )
    )

    def fail(self, position):
        raise RuntimeError("a record the replay cannot read")

    async def give_up(pilot) -> None:  # (only if the app did not fail: the test then fails, not hangs)
        for _ in range(200):
            if pilot.app.return_code is not None:  # it failed, as it should: nothing to wait for
                return
            await pilot.pause(0.1)
        pilot.app.exit()

    run = CaravanApp.run
    monkeypatch.setattr(ReplayClient, "weighed", fail)
    monkeypatch.setattr(CaravanApp, "run", lambda self: run(self, headless=True, size=SIZE, auto_pilot=give_up))
    assert main(["replay", "m"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("caravan-tui: error: the replay stopped: RuntimeError: a record the replay cannot read")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "RuntimeError: a record the replay cannot read" in (tmp_path / FAILURE_LOG).read_text()


@pytest.mark.thorough
async def test_a_jump_marks_what_the_last_move_shown_changed_not_all_since_the_frame_before(tmp_path):
    """Caravanserai: after End, the "*" (changed last move) starred nearly the whole caravan,
    every cell changed since the frame shown before the jump; after ← → only the last move's."""
    from caravan_tui.games.caravanserai.picture import Picture

    game = GAMES["caravanserai"]
    store = SaveStore(tmp_path)
    match_id, seen = await record_a_match(game, store, moves=22)
    end = max(seen)
    before, after = Picture(seen[end - 1][0]), Picture(seen[end][0])
    last_move = frozenset(cell for cell in after.cells if before.key(cell) != after.key(cell))
    assert len(last_move) == 2  # (the last move changed two cells)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(match_id, seat=0)
        screen = app.screen
        await wait_for(pilot, lambda: screen.table.view == seen[0][0], "the start")
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.table.view == seen[end][0], "the end")
        assert screen.table.flash == last_move
        await pilot.press("left", "right")
        await wait_for(pilot, lambda: screen.client.position == end and screen.table.view == seen[end][0], "back")
        assert screen.table.flash == last_move
