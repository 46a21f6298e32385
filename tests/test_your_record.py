"""Your record, from real finished saves: matches played through the match host as the app
plays them, a person answering every turn, the saves written by the file store."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from textual.widgets import DataTable

from caravan_tui.bus import Act, MatchOver, YourTurn
from caravan_tui.games import get_game
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves.loading import load
from caravan_tui.saves.record import INDEX, SOLO, RecordIndex, record_lines, solo_bests
from caravan_tui.saves.store import SaveStore
from caravan_tui.screens.your_record import YourRecordScreen
from caravan_tui.seats import SeatSpec

from tables import quick_app, wait_for

WAIT = 60
PERSON, RANDOM, GREEDY = SeatSpec("human"), SeatSpec("random"), SeatSpec("greedy")
DECKTET, SOLO_GAME = get_game("decktet_caravan"), get_game("caravanserai")


async def play(store: SaveStore, game, seats: list[SeatSpec], seed: int, moves: int | None = None) -> str:
    """A match played to its end (or for the person's first ``moves`` turns) by a person
    answering every turn with a random legal act; its id."""
    runner = MatchRunner.new(
        game.id, seats, [f"P{seat}" for seat in range(len(seats))], seed, game.quick_options, store
    )
    person = runner.client(0)
    runner.start()
    rng = random.Random(seed)
    try:
        while True:
            msg = await asyncio.wait_for(person.get(), WAIT)
            if isinstance(msg, YourTurn):
                if moves is not None and msg.turn >= moves:
                    break
                await person.send(Act(person.match_id, 0, msg.turn, rng.choice(msg.legal)))
            elif isinstance(msg, MatchOver):
                await runner.wait()
                break
    finally:
        runner.stop()
    return runner.match_id


@pytest.fixture
async def saves(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    for seed in (1, 2, 3):
        await play(store, DECKTET, [PERSON, RANDOM], seed)
    await play(store, DECKTET, [PERSON, GREEDY], 4)
    for seed in (5, 6):
        await play(store, SOLO_GAME, [PERSON], seed)
    await play(store, DECKTET, [PERSON, RANDOM], 7, moves=2)  # unfinished: not in the record
    return store


def finished_saves(store: SaveStore) -> list:
    checked = [load(store, entry.match_id) for entry in store.entries()]
    return [c for c in checked if c.snapshot.status != "playing"]


@pytest.mark.thorough
async def test_the_record_counts_each_game_and_opponent_from_the_finished_saves(saves):
    index = RecordIndex(saves)
    lines = {(line.game, line.against): line for line in record_lines(index.finished())}
    assert index.read == 7  # every save read once
    truth = finished_saves(saves)
    assert set(lines) == {(DECKTET.id, "random"), (DECKTET.id, "greedy"), (SOLO_GAME.id, SOLO)}
    against_random = [c for c in truth if c.snapshot.seats[1:] == ["random"]]
    line = lines[(DECKTET.id, "random")]
    wins = [c.snapshot.result[0] == 1.0 for c in sorted(against_random, key=lambda c: c.snapshot.updated)]
    assert (line.played, line.won) == (3, sum(wins))
    assert line.mean_points == pytest.approx(sum(c.state.scores()[0] for c in against_random) / 3)
    streak = 0
    for won in wins:
        streak = streak + 1 if won else 0
    assert line.streak == streak
    solo = [c for c in truth if c.snapshot.game_id == SOLO_GAME.id]
    bests = solo_bests(index.finished())[SOLO_GAME.id]
    assert [b.points for b in bests] == sorted((c.state.scores()[0] for c in solo), reverse=True)
    assert {b.title for b in bests} == {c.state.view(0).get("title") or "" for c in solo}


@pytest.mark.thorough
async def test_the_index_spares_reading_and_is_never_taken_over_the_saves(saves):
    first = RecordIndex(saves).finished()
    again = RecordIndex(saves)
    assert again.finished() == first and again.read == 0  # all from the index
    path = saves.root / INDEX
    kept = json.loads(path.read_text())
    name, entry = next((n, e) for n, e in kept["saves"].items() if e[1] and not e[1]["won"])
    entry[0] = "0" * 32  # an entry not made from the save as it is now: read again, the lie gone
    entry[1]["won"] = True
    path.write_text(json.dumps(kept))
    redone = RecordIndex(saves)
    assert redone.finished() == first and redone.read == 1
    for damage in ("{not json", json.dumps({"version": 1, "saves": {name: [1, None]}}), ""):
        path.write_text(damage)
        rebuilt = RecordIndex(saves)
        assert rebuilt.finished() == first and rebuilt.read == 7
    path.unlink()
    (saves.folder / name).unlink()  # a save deleted: its match leaves the record
    assert len(RecordIndex(saves).finished()) == len(first) - 1


@pytest.mark.thorough
async def test_home_opens_your_record_and_w_replays_a_best_solo_match(saves):
    app = quick_app(saves.root, iterations=5)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, YourRecordScreen) and app.screen.bests, "the record")
        lines = app.screen.query_one("#record-lines", DataTable)
        assert lines.row_count == 3
        best = app.screen.bests[0]
        assert best.game == SOLO_GAME.id and best.points == max(b.points for b in app.screen.bests)
        app.screen.query_one("#record-bests", DataTable).focus()
        await pilot.press("w")
        await wait_for(pilot, lambda: getattr(app.screen, "replay", None) is not None, "the replay")
        assert app.screen.replay.checked.snapshot.match_id == best.match_id


@pytest.mark.thorough
async def test_a_solo_games_line_says_it_had_no_opponent_and_every_column_is_whole_at_80x24(saves):
    """A solo game read "Won 0, Place 1.0, Streak 0 (best 0)": a loss, a place and a streak it
    never had. Its line says nobody was against you, with its points; at 80 columns each column
    is whole (the longest title read "Caravans of Ahldar")."""
    from caravan_tui.games import GAMES
    from caravan_tui.screens.history import COLUMNS as HISTORY_COLUMNS
    from caravan_tui.screens.your_record import BEST_COLUMNS, COLUMNS
    from caravan_tui.textual_adapter import screen_lines

    for columns in (COLUMNS, HISTORY_COLUMNS, BEST_COLUMNS):  # each cell padded by one each side, the border
        assert sum(width + 2 for _, width in columns) + 2 <= 80, columns
    assert dict(COLUMNS)["Game"] >= max(len(game.title) for game in GAMES.values())
    # ("Chief of the 5 tribe": the best solo result's title was cut)
    assert dict(BEST_COLUMNS)["Title"] >= max(len(t) for game in GAMES.values() for _, t in game.solo_titles)
    app = quick_app(saves.root, iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, YourRecordScreen) and app.screen.bests, "the record")
        await pilot.pause()
        text = "\n".join(screen_lines(app.screen))
        solo = next(line for line in screen_lines(app.screen) if SOLO_GAME.title in line and "solo" in line)
        assert "nobody (solo)" in solo and "—" in solo and "best" not in solo, solo
        assert "Streak" in text and "Points" in text
        # (means, and said so whole on the border: "Points 25.5, Place 1.5" read as a match's)
        assert "Finished matches, by game and opponent · Points, Place: means" in text


async def test_w_is_offered_only_beside_a_best_solo_result(tmp_path):
    """After a match against AIs the record's footer offered "w Replay", and `w` said "You have
    no solo match to replay yet": the matches against others are counted, not listed."""
    from caravan_tui.textual_adapter import screen_lines

    store = SaveStore(tmp_path)
    await play(store, DECKTET, [PERSON, RANDOM], seed=3)
    app = quick_app(store.root, iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, YourRecordScreen) and app.screen.query_one("#record-lines", DataTable).row_count
            ),
            "the record",
        )
        await pilot.pause()
        assert "Replay" not in screen_lines(app.screen)[-1]
        assert app.screen.check_action("replay", ()) is False


async def test_a_resigned_match_is_placed_behind_the_winner_whatever_the_scores(tmp_path):
    """A Caravanserai match resigned at 0–0 ("AI 2 wins") counted as first place: "Won 0" beside
    "Place 1.7" over three lost matches."""
    from caravan_tui.bus import Resign
    from caravan_tui.saves.record import finished_of

    store = SaveStore(tmp_path)
    runner = MatchRunner.new(SOLO_GAME.id, [PERSON, RANDOM], ["P0", "P1"], 3, {}, store)
    person = runner.client(0)
    runner.start()
    try:
        while not isinstance(await asyncio.wait_for(person.get(), WAIT), YourTurn):
            pass
        await person.send(Resign(person.match_id, 0))
        await asyncio.wait_for(runner.wait(), WAIT)
    finally:
        runner.stop()
    done = finished_of(load(store, runner.match_id))
    assert done is not None and done.points == 0.0 and not done.won
    assert done.place == 2


def test_seats_behind_the_winner_are_placed_by_the_games_tie_breaks(tmp_path):
    """Merchant Lord, three players at random (seed 1): two behind the winner on 5 table cards
    each, one ahead on coins (3 to 2). Both were "second"; by the rules' scoring order (§8.4:
    table cards, then coins) the one with fewer coins is third."""
    from caravan_tui.saves.record import finished_of
    from caravan_tui.saves.snapshot import Snapshot

    game = get_game("merchant_lord")
    state, rng, actions = game.new(3, seed=1, options=game.quick_options), random.Random(1), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    assert state.scores()[:2] == [5.0, 5.0] and state.coins[:2] == [3, 2] and state.outcome()[2] == 1.0
    store = SaveStore(tmp_path)
    places = []
    for you in (0, 1):
        seats = ["ai:easy"] * 3
        seats[you] = "human"
        snapshot = Snapshot(
            f"m{you}",
            game.id,
            dict(game.quick_options),
            3,
            seats,
            ["A", "B", "C"],
            1,
            list(actions),
            status="over",
            result=state.outcome(),
        )
        store.write(snapshot)
        done = finished_of(load(store, snapshot.match_id))
        assert done is not None
        places.append(done.place)
    assert places == [2, 3]


def test_a_record_writes_a_negative_mean_with_a_minus_sign():
    """ "-9.0" in Your record's Points column, beside tables that write "−9"."""
    from caravan_tui.saves.record import RecordLine
    from caravan_tui.screens.your_record import line_cells

    cells = line_cells(RecordLine("decktet_caravan", "AI (normal)", 1, 0, -9.0, 2.0, 0, 0))
    assert "−9.0" in cells and not any(cell.startswith("-") for cell in cells)
