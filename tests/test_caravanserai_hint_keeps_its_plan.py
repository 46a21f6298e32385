"""A hint asked at every step of a placement keeps to the plan the first one showed.

The bug: a person asked for a hint at each step of a Caravanserai placement and followed every
one. The first planned "head east"; one asked in the middle said "head north-east": the planner
remembers the rest of the placement it chose only in the worker process that planned it, the
app's pool has two, and the other one planned afresh from the middle and chose another way. The
review, which judges the placement whole from its start, then graded it an inaccuracy. A hint in
the middle of a decision now plans first from the decision's start (found in the log) and
from where hints were asked since.
"""

from __future__ import annotations

import asyncio

import pytest

from caravan_tui import bus as messages
from caravan_tui.ai.review import decisions_of, judge
from caravan_tui.bus import Bus, seat_address
from caravan_tui.games import get_game
from caravan_tui.games.caravanserai import planner
from caravan_tui.games.caravanserai.rules import STAND
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec

GAME, SEED, OPTIONS = "caravanserai", 12, {"variant": "basic"}
#: both caravans started: seat 0's first placement, where a plan made from its second step heads
#: elsewhere than the rest of the plan made at its start
LOG = [("start", -4, 1), ("start", 2, -5)]


async def hint_plan(host: MatchHost, heard: asyncio.Queue) -> tuple:  # type: ignore[type-arg]
    """The plan of the hint for the seat to move, asked as the table asks it."""
    await host.handle(messages.HintRequest(host.match_id, 0, host.turn))
    while not isinstance(shown := await asyncio.wait_for(heard.get(), 120), messages.Hint):
        pass
    return tuple(tuple(step) for step in shown.plan)


@pytest.mark.thorough
async def test_a_hint_in_the_middle_of_a_placement_goes_on_with_the_first_ones_plan() -> None:
    bus = Bus()
    host = MatchHost.new(GAME, [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, bus)
    for action in LOG:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    heard = bus.subscribe(seat_address(host.match_id, 0))
    planner._CACHE.clear()
    first = await hint_plan(host, heard)
    shown, turns = first, host.state.turns
    while True:
        await host.handle(messages.Act(host.match_id, 0, host.turn, shown[0]))
        if host.state.stage == STAND or host.state.turns != turns:
            break  # (the placement is over: its stands are another decision)
        planner._CACHE.clear()  # (the other process of the pool answers: it never planned this turn)
        shown = await hint_plan(host, heard)
        assert shown == first[host.turn - len(LOG) :]
    made = host.actions[len(LOG) :]
    assert len(made) > 1 and tuple(made) == first[: len(made)]
    game = get_game(GAME)
    (placement,) = [p for p in decisions_of(game, 2, SEED, OPTIONS, host.actions, 0).decisions if p.turn == len(LOG)]
    planner._CACHE.clear()
    judged = judge(GAME, 0, placement)
    assert judged.was_best and judged.loss == 0


@pytest.mark.thorough
async def test_a_worker_process_started_afresh_goes_on_with_the_plan_too() -> None:
    """As the app asks: through the pool, whose process is started again between the two hints."""
    from caravan_tui.ai.worker import AIWorker

    bus = Bus()
    async with AIWorker(max_workers=1) as pool:
        host = MatchHost.new(GAME, [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, bus, worker=pool)
        for action in LOG:
            await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
        heard = bus.subscribe(seat_address(host.match_id, 0))
        first = await hint_plan(host, heard)
        await host.handle(messages.Act(host.match_id, 0, host.turn, first[0]))
        pool.close()  # (the next hint starts a new process, which never planned this turn)
        assert await hint_plan(host, heard) == first[1:]


@pytest.mark.thorough
async def test_a_hint_goes_on_with_the_plan_of_the_first_one_asked_after_the_placement_began() -> None:
    """Heading one way by oneself, where the plan of the placement's start heads another, then
    asking: the next hint goes on with the plan that one showed, not with one made afresh."""
    bus = Bus()
    host = MatchHost.new(GAME, [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, bus)
    for action in [*LOG, ("dir", 0)]:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    heard = bus.subscribe(seat_address(host.match_id, 0))
    planner._CACHE.clear()
    first = await hint_plan(host, heard)
    await host.handle(messages.Act(host.match_id, 0, host.turn, first[0]))
    planner._CACHE.clear()
    assert await hint_plan(host, heard) == first[1:]
