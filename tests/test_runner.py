"""MatchRunner: a host, its policy seats and any number of people, for every game (DESIGN §3)."""

from __future__ import annotations

import asyncio
import random

import pytest

from caravan_tui.ai.matches import decision_seed
from caravan_tui.bus import (
    Act,
    Bus,
    MatchInfo,
    MatchOver,
    Resign,
    Thinking,
    Update,
    YourTurn,
    host_address,
    seat_address,
)
from caravan_tui.games import GAMES
from caravan_tui.match.policy_seat import PolicySeat
from caravan_tui.match.runner import MatchRunner, SeatClient
from caravan_tui.seats import SeatSpec

WAIT = 60  # seconds; only guards against a hung test, never asserted
PERSON, RANDOM, GREEDY = SeatSpec("human"), SeatSpec("random"), SeatSpec("greedy")
FIRST = next(iter(GAMES.values()))


def line_ups():
    """Every game at its largest table with one person among AI seats and at its smallest with
    people in every seat, and one table of AI seats alone (the counts between run the same code).
    Caravans of Ahldarahd's five-seat match (3 CPU-s: as much as every other line-up) runs with
    ``-m e2e``."""
    for game in GAMES.values():
        for players, people in sorted({(game.players[-1], 1), (game.players[0], game.players[0])}):
            long = game.id == "ahldarahd" and players == game.players[-1]
            marks = pytest.mark.e2e if long else ()
            yield pytest.param(game, players, people, id=f"{game.id}-{players}p-{people}people", marks=marks)
    yield pytest.param(FIRST, FIRST.players[0], 0, id=f"{FIRST.id}-{FIRST.players[0]}p-0people")


def runner_for(game, seats, seed=7, **kw) -> MatchRunner:
    names = [f"P{seat}" for seat in range(len(seats))]
    return MatchRunner.new(game.id, seats, names, seed, game.quick_options, None, **kw)


async def play_as_person(client: SeatClient, rng: random.Random) -> MatchOver:
    """A scripted person: a random legal action on every turn, until the match ends."""
    while True:
        msg = await asyncio.wait_for(client.get(), WAIT)
        if isinstance(msg, YourTurn):
            await client.send(Act(client.match_id, client.seat, msg.turn, rng.choice(msg.legal)))
        elif isinstance(msg, MatchOver):
            return msg


@pytest.mark.thorough
@pytest.mark.parametrize("game,players,people", list(line_ups()))
async def test_a_match_with_any_number_of_people_runs_to_the_end(game, players, people):
    seats = [PERSON] * people + [RANDOM] * (players - people)
    runner = runner_for(game, seats)
    clients = [runner.client(seat) for seat in range(people)]
    watcher = runner.client(None)
    runner.start()
    try:
        overs = await asyncio.gather(*(play_as_person(c, random.Random(c.seat)) for c in clients))
        await asyncio.wait_for(runner.wait(), WAIT)
    finally:
        runner.stop()
    state = runner.host.state
    assert state.is_over() and runner.host.status == "over"
    assert all(over.outcome == state.outcome() for over in overs)
    seen = [watcher.inbox.get_nowait() for _ in range(watcher.inbox.queue.qsize())]
    assert isinstance(seen[0], MatchInfo) and isinstance(seen[-1], MatchOver)
    assert all(m.view == state.view(None) for m in seen[-2:] if isinstance(m, Update))
    assert set(runner.host.movers) <= set(range(players))


def test_only_a_persons_seat_has_a_client():
    runner = runner_for(FIRST, [PERSON] + [RANDOM] * (FIRST.default_players - 1))
    with pytest.raises(ValueError, match="not a person's seat"):
        runner.client(1)


async def test_a_person_resigning_among_people_hands_the_seat_to_an_ai_stand_in(worker):
    game = FIRST
    seats = [PERSON, PERSON] + [RANDOM] * (game.default_players - 2)
    runner = runner_for(game, seats, worker=worker, iterations=10)
    ann, bob = runner.client(0), runner.client(1)
    runner.start()
    try:
        await ann.send(Resign(ann.match_id, 0))
        info = await next_message(bob, MatchInfo, lambda m: m.seats[0] != "human")
        assert info.seats[0] == "ai:normal" and runner.host.status == "playing"
        over = await play_as_person(bob, random.Random(1))
        await asyncio.wait_for(runner.wait(), WAIT)
    finally:
        runner.stop()
    assert runner.host.status == "over" and over.status == "over"
    assert runner.host.snapshot.seats[0] == "ai:normal"
    assert 0 in runner.host.movers[1:] or runner.host.movers.count(0) > 0


async def next_message(client: SeatClient, kind: type, accept=lambda m: True):
    while True:
        msg = await asyncio.wait_for(client.get(), WAIT)
        if isinstance(msg, kind) and accept(msg):
            return msg


async def run_policy_match(seed: int) -> list:
    runner = runner_for(FIRST, [RANDOM, GREEDY] + [RANDOM] * (FIRST.default_players - 2), seed=seed)
    runner.start()
    await asyncio.wait_for(runner.wait(), WAIT)
    runner.stop()
    return runner.host.actions


async def test_policy_seats_replay_reproducibly():
    assert await run_policy_match(3) == await run_policy_match(3)
    assert decision_seed(3, 10, 1) == decision_seed(3, 10, 1) != decision_seed(3, 11, 1)


# a whole match a game: the games whose matches are long (Merchant Lord, Camel Caravan, Caravans of
# Ahldarahd: 8 of the 9 CPU-s) in the end-to-end run
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, id=g.id, marks=() if g.id in ("decktet_caravan", "caravanserai") else pytest.mark.e2e)
        for g in GAMES.values()
    ],
)
@pytest.mark.thorough
async def test_a_search_seat_finishes_a_match_in_the_worker(game, worker):
    seats = [SeatSpec.ai("easy")] + [RANDOM] * (game.default_players - 1)
    runner = runner_for(game, seats, seed=9, worker=worker, iterations=5)
    watch = runner.bus.subscribe(seat_address(runner.match_id, 1))
    runner.start()
    await asyncio.wait_for(runner.wait(), 120)
    runner.stop()
    assert worker._pool is not None  # the search ran in the worker
    assert runner.host.status == "over" and 0 in runner.host.movers
    seen = [watch.get_nowait() for _ in range(watch.queue.qsize())]
    assert [type(m) for m in seen].count(MatchOver) == 1
    assert all(m.best is None for m in seen if isinstance(m, Thinking))


def test_search_seat_needs_a_worker():
    with pytest.raises(ValueError, match="AIWorker"):
        PolicySeat(Bus(), "m", FIRST.id, 0, SeatSpec.ai("easy"))


async def test_policy_seat_drops_a_decision_the_position_left_behind():
    bus = Bus()
    state = FIRST.new(FIRST.default_players, seed=1, options=FIRST.quick_options)
    seat = PolicySeat(bus, "m", FIRST.id, 1, RANDOM)
    inbox = bus.subscribe(host_address("m"))
    task = asyncio.create_task(seat.run())
    view, legal = state.view(1), state.legal_actions()[:1]
    bus.publish_nowait(seat_address("m", 1), YourTurn("m", 1, 4, view, legal))
    bus.publish_nowait(seat_address("m", 1), Update("m", 1, 3, view, []))
    bus.publish_nowait(seat_address("m", 1), YourTurn("m", 1, 3, view, legal))
    act = await asyncio.wait_for(inbox.get(), WAIT)
    assert isinstance(act, Act) and act.turn == 3
    seat.stop()
    await asyncio.wait_for(task, WAIT)
    assert inbox.empty()


class BrokenWorker:
    """A worker whose every search fails, as a crashed or misconfigured process pool would."""

    async def choose(self, *args, **kwargs):
        raise RuntimeError("the search process could not start")


async def test_a_failing_search_falls_back_to_a_legal_move_instead_of_stalling():
    seats = [SeatSpec.ai("easy")] + [RANDOM] * (FIRST.default_players - 1)
    runner = runner_for(FIRST, seats, worker=BrokenWorker())
    runner.start()
    try:
        await asyncio.wait_for(runner.wait(), WAIT)
    finally:
        runner.stop()
    assert runner.host.status == "over" and 0 in runner.host.movers


@pytest.mark.thorough
@pytest.mark.parametrize("end", ["stopped", "resigned"])
async def test_a_match_that_ends_while_its_ai_thinks_stops_the_ai_s_search(worker, end):
    """A hosted match stopped (the server stops, nobody needs it) or over (its person resigned)
    while its AI seat searches leaves no search running on in the workers (it would keep them
    busy to its budget: here about 50 s)."""
    game = GAMES["decktet_caravan"]
    runner = runner_for(game, [PERSON, SeatSpec.ai("normal")], worker=worker, iterations=100_000)
    ann = runner.client(0)
    runner.start()
    rng = random.Random(1)
    try:
        while not isinstance(msg := await asyncio.wait_for(ann.get(), WAIT), Thinking):
            if isinstance(msg, YourTurn):
                await ann.send(Act(ann.match_id, 0, msg.turn, rng.choice(msg.legal)))
        assert worker.busy
        if end == "resigned":
            await ann.send(Resign(ann.match_id, 0))
            await next_message(ann, MatchOver)
        else:
            runner.stop()
        deadline = asyncio.get_running_loop().time() + 10
        while worker.busy and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        assert not worker.busy, "the AI's search ran on after its match ended"
    finally:
        runner.stop()
