"""What AI decisions weighed (DESIGN §6, Explanations): recorded at play time in the save, shown
in the replay of the finished match, never while it runs; the hint's panel says why, for every
game."""

from __future__ import annotations

import asyncio
import random
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest

from caravan_tui.ai.policies import BUDGET_ENV
from caravan_tui.ai.worker import AIWorker
from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, Bus, UndoRequest, seat_address, spectator_address
from caravan_tui.engine import SEAT_FIELD
from caravan_tui.games import GAMES, get_game
from caravan_tui.games.caravanserai.ai import prior
from caravan_tui.games.caravanserai.explain import placement
from caravan_tui.games.caravanserai.geometry import QR
from caravan_tui.games.caravanserai.looks import marks as caravanserai_marks
from caravan_tui.games.caravanserai.looks import step_mark
from caravan_tui.match.host import MatchHost
from caravan_tui.match.replay import LESS_SEARCHED, SHARE_MEANS, SPREAD_THIN, ReplayClient
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import DamagedSave, SaveStore, codec
from caravan_tui.saves.loading import checked_entries, load, replay
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.screens.weighed_words import nothing_weighed
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import ActionList, TablePanel

from tables import quick_app, wait_for

SIZE = (80, 24)
DECKTET = get_game("decktet_caravan")
AI, RANDOM, PERSON = SeatSpec.ai("easy"), SeatSpec("random"), SeatSpec("human")
SURE = (
    "Clearly best: ",
    "A close call: ",
    "Probably best: ",
    "The only move worth weighing: ",
    "The only move: ",
    "Either is about as good: ",
    "One of several about as good: ",
    "Slightly better: ",
    "The hint's pick, though the move marked Better expects more: ",
)


async def finished_match(store: SaveStore) -> tuple[MatchRunner, list]:
    """A one-hand Decktet Caravan match, an AI seat (0) against a random one, played to the end;
    everything seat 1 and the spectators were sent."""
    async with AIWorker(max_workers=1) as worker:
        runner = MatchRunner.new(
            DECKTET.id, [AI, RANDOM], ["Ann", "Bob"], 5, DECKTET.quick_options, store, worker=worker, iterations=20
        )
        watching = [
            runner.bus.subscribe(seat_address(runner.match_id, 1)),
            runner.bus.subscribe(spectator_address(runner.match_id)),
        ]
        runner.start()
        await asyncio.wait_for(runner.wait(), 60)
        runner.stop()
    seen = [sub.get_nowait() for sub in watching for _ in range(sub.queue.qsize())]
    return runner, seen


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, MatchRunner, list]:
    """``finished_match`` played once for the tests that only read it (each is given a copy of
    its save: ``finished``); on a loop of its own, in a thread, beside no test's loop."""
    folder = tmp_path_factory.mktemp("finished")
    with ThreadPoolExecutor(1) as apart:
        runner, seen = apart.submit(asyncio.run, finished_match(SaveStore(folder))).result()
    return folder, runner, seen


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path)


@pytest.fixture
def finished(played, store) -> tuple[MatchRunner, list]:
    """The finished match (``played``), its save in the test's own ``store``."""
    folder, runner, seen = played
    shutil.copytree(folder, store.root, dirs_exist_ok=True)
    return runner, seen


@pytest.mark.thorough
def test_ai_decisions_record_what_they_weighed_and_no_one_sees_it_during_play(store, finished):
    runner, seen = finished
    saved = store.read(runner.match_id)
    host = runner.host
    assert saved.status == "over" and saved.weighed
    choices = [turn for turn, mover in enumerate(host.movers) if mover == 0]
    assert set(saved.weighed) <= set(choices) and len(saved.weighed) >= len(choices) // 2
    for turn, rows in saved.weighed.items():
        assert 1 <= len(rows) <= 3 and rows[0][0] == saved.actions[turn]  # the move played first
        assert all(0 < share <= 1 and reason for _, share, reason in rows)
    reasons = {reason for rows in saved.weighed.values() for _, _, reason in rows}
    sent = " ".join(repr(message.to_map()) for message in seen)
    assert not any(reason in sent for reason in reasons)


async def test_the_host_keeps_no_weighing_from_a_person_and_undo_drops_what_it_takes_back():
    bus = Bus()
    host = MatchHost.new(DECKTET.id, [PERSON, AI], ["Ann", "Bob"], 3, DECKTET.quick_options, None, bus)
    rng = random.Random(1)
    while host.turn < 6 and host.status == "playing":
        seat = host.state.to_move()
        action = rng.choice(host.state.legal_actions())
        await host.handle(Act(host.match_id, seat, host.turn, action, [[action, 0.5, "a reason"]]))
    assert set(host.weighed) == {turn for turn, mover in enumerate(host.movers) if mover == 1}
    await host.handle(UndoRequest(host.match_id, 0))
    assert all(turn < host.turn for turn in host.weighed)


@pytest.mark.thorough
async def test_the_replay_of_a_finished_match_shows_what_each_ai_decision_weighed(store, finished):
    runner, _ = finished
    saved = store.read(runner.match_id)
    turn = min(saved.weighed)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(runner.match_id, seat=1, position=turn)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.replaying
        panel = screen.query_one("#hint-panel", TablePanel)
        assert not panel.showing  # the move before the AI's
        await pilot.press("right")
        await wait_for(pilot, lambda: panel.showing, "what the AI weighed")
        text = panel.text
        assert panel.border_title == "What Ann weighed"  # (the side column's short title: the whole one is cut there)
        notes = ("The other " in text) + any(note in text for note in (SHARE_MEANS, SPREAD_THIN, LESS_SEARCHED))
        assert text.count("% of the search") == len(saved.weighed[turn]) + notes
        assert text.startswith("Played: ")
        assert saved.weighed[turn][0][2] and not SEAT_FIELD.search(text)
        await pilot.press("h")
        assert not panel.showing
        await pilot.press("h")
        assert panel.showing and panel.text == text
        person = next(k for k, mover in enumerate(runner.host.movers) if mover == 1 and k > turn)
        app.screen.client.go_to(person + 1)  # a random seat's move weighed nothing: the panel says so in its place
        await wait_for(pilot, lambda: panel.text != text, "the panel at a move no AI weighed")
        assert panel.showing and str(panel.border_title) == "Nothing weighed"  # (fits the side column)
        assert panel.text == "This move was not an AI's decision: step (← →) to one of its moves."
        await pilot.press("h")
        assert not panel.showing
        app.screen.client.go_to(turn + 1)  # put away, it stays away
        await wait_for(pilot, lambda: (screen.table.replay_at or (0,))[0] == turn + 1, "the step")
        assert not panel.showing


@pytest.mark.thorough
def test_nothing_weighed_is_shown_before_the_match_is_over(store, finished):
    runner, _ = finished
    replayed = load(store, runner.match_id)
    turn = min(replayed.snapshot.weighed)
    assert ReplayClient(replayed, 1).weighed(turn + 1) is not None
    replayed.snapshot.status = "playing"  # the same record in a match still running
    assert ReplayClient(replayed, 1).weighed(turn + 1) is None


@pytest.mark.thorough
def test_an_ais_move_it_had_no_choice_in_says_so(store, finished):
    """The bug: a forced AI pass read "This move was not an AI's decision"."""
    runner, _ = finished
    replayed = load(store, runner.match_id)
    forced = []
    for turn, mover in enumerate(replayed.movers):
        if mover == 0 and turn not in replayed.snapshot.weighed:
            before = replay(replayed.game, replayed.snapshot, turn).state
            forced.append((turn, len(before.legal_actions())))
    assert forced, "the AI had no forced move in this match"
    for turn, choices in forced:
        client = ReplayClient(replayed, 1, turn + 1)
        said = nothing_weighed(client)
        assert said == (
            "Ann had only this move: there was nothing to weigh."
            if choices == 1
            else "The save keeps nothing of what Ann weighed at this move."
        ), said
    person = next(turn for turn, mover in enumerate(replayed.movers) if mover == 1)
    assert nothing_weighed(ReplayClient(replayed, 1, person + 1)).startswith("This move was not an AI's decision")
    # a person's move: theirs, not "not an AI's decision" (read as no decision at all)
    replayed.snapshot.seats[1] = "human"
    said = nothing_weighed(ReplayClient(replayed, 1, person + 1))
    assert said == "Bob made this move, not an AI: step (← →) to an AI's move.", said


@pytest.mark.thorough
async def test_a_save_from_before_the_record_still_loads_and_replays(store, finished):
    runner, _ = finished
    saved = store.read(runner.match_id)
    fields = {name: getattr(saved, name) for name in codec._FIELDS if name != "weighed"}
    store.path("old").write_bytes(
        codec._seal(msgpack.packb({**fields, "match_id": "old"}, use_bin_type=True), codec.SCHEMA)
    )
    old = load(store, "old")
    assert old.snapshot.weighed == {} and old.snapshot.actions == saved.actions
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay("old", seat=0)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.replaying
        await pilot.press("end")
        await wait_for(
            pilot,
            lambda: screen.client.position == len(saved.actions) and screen.table.view == old.state.view(0),
            "the last move",
        )
        assert screen.table.view == old.state.view(0)
        assert not screen.query_one("#hint-panel", TablePanel).showing


@pytest.mark.thorough
@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES.values()])
async def test_the_hint_panel_shows_three_moves_with_their_reasons_and_how_sure(store, game, monkeypatch):
    # the hint searches its level's iterations, not until its clock: on a machine loaded by other
    # work the clock (0.8 s) cut Caravanserai's search to one move weighed, and the panel showed one
    monkeypatch.setenv(BUDGET_ENV, "iterations")
    seats = [PERSON] + [SeatSpec.ai("easy")] * (game.default_players - 1)
    names = ["Tester", "Bot", "Cyd", "Dee"][: len(seats)]
    app = quick_app(store.root, 5, home=False)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup(game.id, seats, names, dict(game.quick_options), 2))
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.turn is not None, "my turn"
        )
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.table.turn is not None
        if ("end_favour",) in screen.table.legal:  # (Merchant Lord opens on dice no reroll can better a sale of:
            screen.act(("end_favour",))  # only "spend no more favour" is worth weighing; the hint comes at the sale)
            await wait_for(
                pilot,
                lambda: screen.table.turn is not None and ("end_favour",) not in screen.table.legal,
                "the sale",
            )
        await pilot.press("h")
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: screen.table.hint_candidates, "the hint")
        text = panel.text
        rows = screen.table.hint_candidates
        reasons = [row[3] for row in rows]
        assert len(rows) == 3 and len(set(reasons)) == 3 and all(reasons)
        assert text.startswith(SURE) and reasons[0] in text  # an alternative's reason, but what it shares with it:
        assert all(any(part in text for part in reason.split("; ")) for reason in reasons[1:])
        # (no figure but where "How it stands" is near even, which says its own)
        said = [line for line in text.splitlines() if not line.startswith("How it stands:")]
        assert "%" not in "\n".join(said) and not SEAT_FIELD.search(text)
        assert panel.showing and screen.table.hint_plan[0] == screen.query_one(ActionList).hinted


@pytest.mark.thorough
async def test_a_caravanserai_hint_previews_its_whole_placement_on_the_board(store):
    app = quick_app(store.root, 5, home=False)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup("caravanserai", [PERSON], ["Tester"], {}, 3))
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.turn is not None, "my turn"
        )
        screen = app.screen
        screen.act(screen.table.legal[0])  # the starting camel: the next decision begins a placement
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_cells, "the hint on the board")
        world = screen.table.world.clone()
        plan = placement(world, 0, screen.table.hint_plan, prior)
        for action in plan:
            world.apply(action, False)
        assert world.last is not None and world.last[0] == 0  # the placement ended with its camel
        laid = world.last[2]
        assert len(plan) >= len(screen.table.hint_plan) >= 1
        stood = {(action[2], action[3]) for action in plan if action[0] == "stand"}  # the goods it then stands
        assert set(screen.table.hint_cells) == {QR[cell] for cell, _ in laid} | stood and len(laid) >= 1
        marks = caravanserai_marks(screen.table)  # (numbered in the order the plan fills them)
        assert [str(marks[cell]) for cell in screen.table.hint_cells] == [
            step_mark(step) for step in range(1, len(screen.table.hint_cells) + 1)
        ]


# -- a save's record is hostile: bounded on load, refused in one line, never a crash in the replay --


def random_finished(seats: list[str], seed: int = 1):
    """A one-hand Decktet Caravan match of random moves, played to the end, saved as ``seats``;
    who made each move."""
    state = DECKTET.new(len(seats), seed=seed, options=DECKTET.quick_options)
    rng, actions, movers = random.Random(seed), [], []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        movers.append(state.to_move())
        state.apply(action)
        actions.append(action)
    snapshot = Snapshot(
        match_id="m",
        game_id=DECKTET.id,
        options=DECKTET.resolve_options(DECKTET.quick_options),
        players=len(seats),
        seats=seats,
        names=["Ann", "Bob"],
        seed=seed,
        actions=actions,
        state=state.to_data(),
        status="over",
        result=state.outcome(),
    )
    return snapshot, movers


def crafted(store: SaveStore, snapshot: Snapshot, match_id: str = "crafted") -> str:
    """``snapshot`` written as a file with a valid checksum, unchecked (as an attacker writes it)."""
    fields = {name: getattr(snapshot, name) for name in codec._FIELDS} | {"match_id": match_id}
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path(match_id).write_bytes(codec._seal(msgpack.packb(fields, use_bin_type=True), codec.SCHEMA))
    return match_id


def ai_moves(movers: list[int], seat: int = 0) -> list[int]:
    return [move for move, mover in enumerate(movers) if mover == seat]


def row(snapshot: Snapshot, move: int, share: float = 0.5, reason: str = "keeps {p1}'s hand guessing") -> list:
    return [list(snapshot.actions[move]), share, reason]


def weighed_cases():
    """(what a crafted file records, given the match and who moved) -> the one line that refuses it."""
    return {
        "99,999 rows at one move": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], 0.001, "")] * 99_999},
            "holds at most 3 candidates",
        ),
        "a reason of 64 K characters": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], reason="x" * 65_000)]},
            "a reason is one line of 1 to 320 printable characters",
        ),
        "700% of the search": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], share=7.0)]},
            "share is from 0 to 1",
        ),
        "a share below nothing": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], share=-0.5)]},
            "share is from 0 to 1",
        ),
        "a seat field of 5,000 digits": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], reason="{p" + "9" * 150 + "} waits")]},
            "names a seat the match does not have",
        ),
        "a seat the match does not have": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], reason="{p2} waits")]},
            "names a seat the match does not have",
        ),
        "a move past the log": (lambda s, m: {len(s.actions): [row(s, 0)]}, "names move"),
        "a person's move": (
            lambda s, m: {ai_moves(m, 1)[0]: [row(s, ai_moves(m, 1)[0])]},
            "which a person made \\(seat 2\\)",
        ),
        "a reason that moves the cursor": (
            lambda s, m: {ai_moves(m)[0]: [row(s, ai_moves(m)[0], reason="\x1b[2J")]},
            "printable characters",
        ),
    }


@pytest.mark.thorough
@pytest.mark.parametrize("case", list(weighed_cases()))
def test_a_crafted_record_of_what_was_weighed_is_refused_on_load_in_one_line(store, case):
    snapshot, movers = random_finished(["ai:easy", "human"])
    records, reason = weighed_cases()[case]
    match_id = crafted(store, replace(snapshot, weighed=records(snapshot, movers)))
    with pytest.raises(DamagedSave, match=reason) as refused:
        load(store, match_id)
    assert "\n" not in refused.value.reason and len(refused.value.reason) < 200
    [entry] = checked_entries(store)  # the saves list shows it damaged, with the same line
    assert entry.snapshot is None and entry.error == refused.value.reason


def test_a_record_an_ai_could_have_made_loads_and_a_stand_in_may_have_made_it_at_a_remote_seat(store):
    snapshot, movers = random_finished(["ai:easy", "remote:bob"])
    weighed = {
        move: [row(snapshot, move, 0.75), [list(snapshot.actions[move]), 0.25, ""]] for move in range(len(movers))
    }
    loaded = load(store, crafted(store, replace(snapshot, weighed=weighed)))
    assert sorted(loaded.snapshot.weighed) == list(range(len(movers)))  # the remote seat's moves too


def test_a_reason_that_cannot_be_rendered_shows_as_written():
    """The replay never raises on a reason: one naming seat 10^5000 (a file the loader would
    refuse, reaching the replay another way) is shown as it was written."""
    snapshot, movers = random_finished(["ai:easy", "human"])
    move, field = ai_moves(movers)[0], "{p" + "9" * 5000 + "}"
    snapshot.weighed = {move: [row(snapshot, move, 0.5, f"{field} is far away")]}
    mover, lines = ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)
    assert mover == 0 and lines[0].endswith(f"— 50% of the search: {field} is far away")


@pytest.mark.thorough
async def test_the_replay_from_the_ais_own_seat_names_it_and_never_says_you(store, finished):
    """Watched from the deciding AI's own seat, the panel still names it: "What Ann weighed",
    not "What Ann (you) weighed", and its reasons never say "you" or "your"."""
    import re

    runner, _ = finished
    saved = store.read(runner.match_id)
    turn = min(saved.weighed)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(runner.match_id, seat=0, position=turn + 1)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted, "the replay")
        await pilot.pause()
        panel = app.screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.showing, "what Ann weighed")
        assert panel.border_title == "What Ann weighed"  # (the side column's short title: the whole one is cut there)
        assert not re.search(r"\byour?\b", panel.text, re.IGNORECASE), panel.text
        # its hand is named too ("Your hand" under "AI 2 (normal)'s view"), and nothing in it is dimmed
        await wait_for(pilot, lambda: any("Ann's hand (" in line for line in screen_lines(app.screen)), "Ann's hand")
        assert not any("can't play" in line for line in screen_lines(app.screen))
        # and so is its row of the players' table ("You 10" in AI 2's view read as the watcher's cards)
        assert app.screen.table.short_name(0) == "Ann" and app.screen.table.short_name(1) != "You"


@pytest.mark.thorough
async def test_h_in_a_solo_replay_says_why_nothing_is_weighed(store):
    game = get_game("caravanserai")
    runner = MatchRunner.new(game.id, [PERSON], ["Ann"], 3, {}, store)
    runner.start()
    runner.stop()
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(runner.match_id, seat=0)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.replaying, "the replay")
        await pilot.pause()
        # the footer offers no "h Why" where no AI decided a move (it showed at every move, to no end)
        assert "Why" not in screen_lines(app.screen)[-1]
        await pilot.press("h")  # (said in the panel: a notice of four seconds went before it was read)
        panel = app.screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.showing and "No AI played" in panel.text, "a reason")
        await pilot.press("h")
        await wait_for(pilot, lambda: not panel.showing, "the reason put away")


def test_the_replay_marks_the_move_played_and_says_where_the_rest_of_the_search_went():
    """Camel Caravan's replay: a played steal "— 4% of the search" beside two moves at 1% left
    94% of the search unexplained, and nothing said which of them was played."""
    snapshot, movers = random_finished(["ai:easy", "human"])
    move = ai_moves(movers)[0]
    state = replay(DECKTET, snapshot, move).state
    other = next(action for action in state.legal_actions() if list(action) != list(snapshot.actions[move]))
    snapshot.weighed = {move: [row(snapshot, move, 0.04, ""), [list(other), 0.02, ""]]}
    _mover, lines = ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)
    assert lines[0].startswith("Played: ") and lines[0].endswith("— 4% of the search")
    assert not lines[1].startswith("Played: ") and lines[1].endswith("— 2% of the search")
    assert lines[2] == (  # (spread, each less than the played: "1%" over "the other 97%" read as hardly looked at)
        "The other 94% of the search: spread over the moves not listed, each tried less than these or ruled out "
        "by its checks."
    )
    # (the most searched, but little of all: "Played: … — 3% of the search" read as hardly looked at)
    assert lines[3] == SPREAD_THIN
    # the rest as the shares above are shown: "2% + 2% + 1%" and "the other 96%" made 101%
    snapshot.weighed = {move: [row(snapshot, move, 0.016, ""), [list(other), 0.016, ""]]}
    shown = ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)[1]
    assert shown[1].endswith("— 2% of the search") and shown[0].endswith("— 2% of the search"), shown
    assert shown[2].startswith("The other 96% of the search"), shown  # (it read 97%: 2% + 2% + 97%)
    snapshot.weighed = {move: [row(snapshot, move, 0.97, "")]}
    # (3% not listed: nothing to say of it; what the share is, said under it: "— 5% of the search"
    # read as neither good nor bad)
    assert ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)[1][1:] == [SHARE_MEANS]
    # a move played that the search spent less on than another: what the share means ("Played: …
    # 2% of the search" read as a move the AI hardly looked at)
    snapshot.weighed = {move: [row(snapshot, move, 0.30, ""), [list(other), 0.68, ""]]}
    lines = ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)[1]
    assert lines[-1] == LESS_SEARCHED and lines[0].startswith("Played: ")


def test_a_share_too_small_to_show_as_a_percent_is_under_one():
    """A Decktet Caravan replay's opening lead: its search spread over hundreds of caravans, and
    every move listed read "0% of the search", the one played too."""
    snapshot, movers = random_finished(["ai:easy", "human"])
    move = ai_moves(movers)[0]
    snapshot.weighed = {move: [row(snapshot, move, 0.004, "leads a caravan")]}
    _mover, lines = ReplayClient(replay(DECKTET, snapshot), 1).weighed(move + 1)
    assert lines[0].endswith("— under 1% of the search: leads a caravan") and "0% of the search" not in lines[0]
    # (and the rest: "The other 100% of the search" beside it read as if it had none at all)
    assert lines[1].startswith("Over 99% of the search: spread over the moves not listed"), lines
