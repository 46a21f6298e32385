"""An AI seat's turn, as its hint's (``tests/test_camel_no_step_undone.py``): Camel Caravan seats
moved a camel out and back and then ended the turn, 327 times in a match of 200 turns (two normal
seats at 200 iterations, seed 0: the match ran to the 200-turn safety end). A seat that has taken
steps of its turn makes, in place of a move whose line comes back to a board the turn already had,
one about as good whose line does not; the seat is handed its views at those steps wherever it
plays (a headless match, a hosted one)."""

from __future__ import annotations

import asyncio
from typing import Any

from test_camel_no_step_undone import BACK_AGAIN, GAME, OUT, VIEW

from caravan_tui.ai.explain import Weighed, _board
from caravan_tui.ai.matches import play_match
from caravan_tui.ai.policies import make_policy, seat_pick
from caravan_tui.bus import Act, Bus, Update, YourTurn, host_address, seat_address
from caravan_tui.match.policy_seat import PolicySeat
from caravan_tui.seats import SeatSpec

WAIT = 10


def _out() -> Any:
    """The newcomer's position once the camel went out onto the meat (1 action of 4 left)."""
    world = GAME.from_view(VIEW, 0)
    world.apply(OUT, False)
    return world


def test_a_seat_does_not_search_its_camel_back_where_the_turn_began():
    world = _out()
    policy = make_policy(SeatSpec.ai("normal"), iterations=200)
    legal = world.legal_actions()
    alone = policy.choose(GAME.id, world.view(0), 0, 0, legal)
    assert alone == BACK_AGAIN  # (the search's own pick: the board the turn began with)
    made = policy.choose(GAME.id, world.view(0), 0, 0, legal, None, [VIEW])
    assert made != BACK_AGAIN and made in legal
    world.apply(made, False)
    assert _board(world.view(0), GAME.ai.step_fields) != _board(VIEW, GAME.ai.step_fields)


def test_the_seat_s_pick_goes_below_one_about_as_good_but_not_below_a_far_worse_one():
    world = _out()
    stats = {BACK_AGAIN: (120, 120 * 0.59), ("end_turn",): (100, 100 * 0.585)}
    weighed = Weighed(stats, {BACK_AGAIN: (BACK_AGAIN,), ("end_turn",): (("end_turn",),)})
    view = world.view(0)
    assert seat_pick(GAME.id, view, 0, weighed, BACK_AGAIN, False)[0] == BACK_AGAIN
    action, found = seat_pick(GAME.id, view, 0, weighed, BACK_AGAIN, False, [VIEW])
    assert action == ("end_turn",) and [candidate.action for candidate in found] == [("end_turn",), BACK_AGAIN]
    far = weighed._replace(stats={**stats, ("end_turn",): (100, 100 * 0.2)})
    assert seat_pick(GAME.id, view, 0, far, BACK_AGAIN, False, [VIEW])[0] == BACK_AGAIN


class Recorder:
    """A policy that plays the first legal move and keeps what each call was handed."""

    def __init__(self) -> None:
        self.handed: list[list[dict[str, Any]]] = []

    def choose(self, game_id, view, seat, seed, legal=None, progress=None, passed=()):
        self.handed.append(list(passed))
        return legal[0] if legal else GAME.from_view(view, seat).legal_actions()[0]


def test_a_headless_match_hands_each_seat_the_steps_of_its_turn(monkeypatch):
    recorders = [Recorder(), Recorder()]
    monkeypatch.setattr("caravan_tui.ai.matches.seat_policy", lambda spec, iterations: recorders.pop(0))
    kept = list(recorders)
    record = play_match(GAME.id, [SeatSpec("greedy"), SeatSpec("greedy")], 3)
    state = GAME.new(2, seed=3, options=record.options)
    calls = [0, 0]
    run: list[dict[str, Any]] = []
    mover = -1
    for action in record.actions:
        seat = state.to_move()
        run = run if seat == mover else []
        mover = seat
        assert kept[seat].handed[calls[seat]] == run
        calls[seat] += 1
        run = [*run, state.view(seat)]
        state.apply(action, False)
    assert any(len(handed) == 3 for handed in kept[0].handed)  # (a whole turn of four steps)


async def test_a_hosted_seat_is_handed_its_earlier_steps_and_loses_the_undone_ones():
    bus = Bus()
    seat = PolicySeat(bus, "m", GAME.id, 0, SeatSpec("random"))
    recorder = Recorder()
    seat.policy = recorder
    inbox = bus.subscribe(host_address("m"))
    task = asyncio.create_task(seat.run())
    world = GAME.from_view(VIEW, 0)
    legal = world.legal_actions()
    views = {turn: {**VIEW, "left": 4 - turn % 4} for turn in range(12)}

    async def your_turn(turn: int) -> None:
        bus.publish_nowait(seat_address("m", 0), YourTurn("m", 0, turn, views[turn], legal))
        act = await asyncio.wait_for(inbox.get(), WAIT)
        assert isinstance(act, Act) and act.turn == turn

    for turn in (4, 5, 6):
        await your_turn(turn)
    await your_turn(8)  # (another seat moved at 7)
    bus.publish_nowait(seat_address("m", 0), Update("m", 0, 5, views[5], []))  # (taken back to move 5)
    await your_turn(5)
    await your_turn(6)
    seat.stop()
    await asyncio.wait_for(task, WAIT)
    assert recorder.handed == [[], [views[4]], [views[4], views[5]], [], [views[4]], [views[4], views[5]]]
