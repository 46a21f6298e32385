"""MatchHost and PolicySeat over the bus, on Decktet Caravan."""
from __future__ import annotations

import asyncio
import random

import pytest

from ai.worker import AIWorker
from caravan_tui.bus import (
    Act,
    Bus,
    Hint,
    HintRequest,
    MatchOver,
    Message,
    Rejected,
    Resign,
    Subscription,
    Sync,
    Thinking,
    UndoRequest,
    Update,
    YourTurn,
    host_address,
    seat_address,
)
from caravan_tui.engine import IllegalAction
from caravan_tui.match import MatchHost
from ai.matches import decision_seed
from caravan_tui.seats import PolicySeat, policy_seats
from caravan_tui.games.decktet_caravan.cards import IDS, NAMES
from saves.store import SaveStore

GAME_NAMES = dict(zip(IDS, NAMES))

GAME = "decktet_caravan"
WAIT = 20  # seconds; only guards against a hung test, never asserted


def new_host(bus, store, seats=("human", "human"), hands=1, seed=7, **kw) -> MatchHost:
    return MatchHost.new(GAME, 2, list(seats), ["Ann", "Bob"], seed, {"hands": hands}, store, bus, **kw)


def listen(bus: Bus, host: MatchHost) -> list[Subscription]:
    return [bus.subscribe(seat_address(host.match_id, seat)) for seat in range(2)]


def drain(sub: Subscription) -> list[Message]:
    msgs = []
    while not sub.empty():
        msgs.append(sub.get_nowait())
    return msgs


async def next_of(sub: Subscription, kind: type) -> Message:
    while True:
        msg = await asyncio.wait_for(sub.get(), WAIT)
        if isinstance(msg, kind):
            return msg


async def play(host: MatchHost, rng: random.Random) -> list:
    """One random legal act by the seat to move, through ``handle``; returns its events."""
    seat = host.state.to_move()
    action = rng.choice(host.state.legal_actions())
    await host.handle(Act(host.match_id, seat, host.turn, action))
    return host.events[-1]


def strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, (list, tuple)):
        return set().union(*map(strings, value)) if value else set()
    return set()


@pytest.fixture
def bus() -> Bus:
    return Bus()


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path)


# -- rejected requests change nothing --------------------------------------------------------


BAD_ACTS = {
    "wrong seat": lambda h: Act(h.match_id, 1 - h.state.to_move(), h.turn, h.state.legal_actions()[0]),
    "stale turn": lambda h: Act(h.match_id, h.state.to_move(), h.turn - 1, h.state.legal_actions()[0]),
    "future turn": lambda h: Act(h.match_id, h.state.to_move(), h.turn + 1, h.state.legal_actions()[0]),
    "foreign match": lambda h: Act("another", h.state.to_move(), h.turn, h.state.legal_actions()[0]),
    "illegal action": lambda h: Act(h.match_id, h.state.to_move(), h.turn, ("bandit", "NV")),
    "not an action": lambda h: Act(h.match_id, h.state.to_move(), h.turn, ["fly", 3]),
}


@pytest.mark.parametrize("case", BAD_ACTS)
async def test_bad_act_is_rejected_and_changes_nothing(bus, store, case):
    host = new_host(bus, store)
    await play(host, random.Random(1))
    await play(host, random.Random(2))
    subs = listen(bus, host)
    foreign = [bus.subscribe(seat_address("another", seat)) for seat in range(2)]
    path = store.path(host.match_id)
    before = (host.state.to_data(), list(host.actions), path.read_bytes())

    msg = BAD_ACTS[case](host)
    await host.handle(msg)

    assert (host.state.to_data(), host.actions, path.read_bytes()) == before
    replies = drain((foreign if case == "foreign match" else subs)[msg.seat])
    assert [type(m) for m in replies] == [Rejected]
    assert replies[0].reason
    assert drain(subs[0]) + drain(subs[1]) == []


async def test_illegal_act_reason_is_the_games_message(bus):
    host = new_host(bus, None)
    seat = host.state.to_move()
    sub = bus.subscribe(seat_address(host.match_id, seat))
    await host.handle(Act(host.match_id, seat, 0, ("caravan", "NV")))  # a lone Crown is no caravan
    reply = sub.get_nowait()
    assert isinstance(reply, Rejected) and reply.turn == 0
    with pytest.raises(IllegalAction) as exc:
        host.state.apply(("caravan", "NV"))
    assert reply.reason == str(exc.value)


# -- autosave, resume, redaction -------------------------------------------------------------


async def test_every_act_autosaves_and_resume_continues(bus, store):
    host = new_host(bus, store, seed=11)
    rng = random.Random(3)
    assert store.read(host.match_id).actions == []
    resumed_at = None
    while host.status == "playing":
        await play(host, rng)
        saved = store.read(host.match_id)
        assert saved.actions == host.actions
        assert saved.state == host.state.to_data()
        if host.turn == 6:
            resumed_at = MatchHost.resume(host.match_id, store, Bus())
            assert resumed_at.state.to_data() == host.state.to_data()
            assert resumed_at.actions == host.actions and resumed_at.turn == 6
            assert resumed_at.movers == host.movers
    saved = store.read(host.match_id)
    assert (saved.status, saved.result) == ("over", host.state.outcome())

    # The resumed host, fed the same actions, reaches the same end.
    for action, seat in zip(host.actions[6:], host.movers[6:]):
        await resumed_at.handle(Act(host.match_id, seat, resumed_at.turn, action))
    assert resumed_at.state.to_data() == host.state.to_data()
    assert resumed_at.status == "over"


async def test_updates_carry_only_the_seats_own_view_and_events(bus):
    host = new_host(bus, None, hands=2, seed=5)
    subs = listen(bus, host)
    rng = random.Random(4)
    private_lines = 0
    while host.status == "playing":
        events = await play(host, rng)
        for seat, sub in enumerate(subs):
            update = next(m for m in drain(sub) if isinstance(m, Update))
            other_hand = set(host.state.view(1 - seat)["hand"])
            assert update.view == host.state.view(seat)
            assert update.events == [e.text for e in events if e.visible_to(seat)]
            current = {k: v for k, v in update.to_map().items() if k != "view"}
            current["view"] = {k: v for k, v in update.view.items() if k != "history"}  # past hands' up cards
            assert not other_hand & strings(current)
            private_lines += sum(e.seats == (seat,) for e in events)
    assert private_lines == 2  # each seat saw its own deal of hand 2, and only its own


async def test_start_and_sync_send_view_and_your_turn(bus):
    host = new_host(bus, None)
    subs = listen(bus, host)
    host.start()
    mover = host.state.to_move()
    assert [type(m) for m in drain(subs[mover])] == [Update, YourTurn]
    assert [type(m) for m in drain(subs[1 - mover])] == [Update]
    await host.handle(Sync(host.match_id, mover))
    turn = drain(subs[mover])[1]
    assert (turn.turn, turn.legal) == (0, host.state.legal_actions())


# -- full matches over the bus ---------------------------------------------------------------


async def test_random_seat_and_scripted_person_finish_a_match(bus, store):
    host = new_host(bus, store, seats=("human", "random"), seed=21)
    me = bus.subscribe(seat_address(host.match_id, 0))
    (ai_seat,) = policy_seats(bus, host.snapshot)
    tasks = [asyncio.create_task(ai_seat.run()), asyncio.create_task(host.run())]
    rng = random.Random(0)
    while True:
        msg = await asyncio.wait_for(me.get(), WAIT)
        if isinstance(msg, YourTurn):
            await bus.publish(host_address(host.match_id), Act(host.match_id, 0, msg.turn, rng.choice(msg.legal)))
        elif isinstance(msg, Update):
            assert set(msg.view["hand"]).isdisjoint(host.state.view(1)["hand"])
        elif isinstance(msg, MatchOver):
            break
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    assert msg.outcome == host.state.outcome() and msg.scores == host.state.scores()
    assert store.read(host.match_id).status == "over"
    assert set(host.movers) == {0, 1}


async def run_policy_match(seed: int) -> list:
    bus = Bus()
    host = new_host(bus, None, seats=("random", "greedy"), seed=seed)
    tasks = [asyncio.create_task(seat.run()) for seat in policy_seats(bus, host.snapshot)]
    await asyncio.wait_for(host.run(), WAIT)
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    return host.actions


async def test_policy_seats_replay_reproducibly():
    assert await run_policy_match(3) == await run_policy_match(3)
    assert decision_seed(3, 10, 1) == decision_seed(3, 10, 1) != decision_seed(3, 11, 1)


async def test_search_seat_finishes_a_match(bus):
    host = new_host(bus, None, seats=("ai:easy", "random"), seed=9)
    async with AIWorker(max_workers=1) as worker:
        seats = policy_seats(bus, host.snapshot, worker, iterations=20)
        watch = bus.subscribe(seat_address(host.match_id, 1))
        tasks = [asyncio.create_task(seat.run()) for seat in seats]
        await asyncio.wait_for(host.run(), 60)
        await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
        assert worker._pool is not None  # the search ran in the worker
    assert host.status == "over" and 0 in host.movers
    seen = drain(watch)
    assert [type(m) for m in seen].count(MatchOver) == 1
    assert all(m.best is None for m in seen if isinstance(m, Thinking))


def test_search_seat_needs_a_worker(bus):
    with pytest.raises(ValueError, match="AIWorker"):
        PolicySeat(bus, "m", GAME, 0, "ai:easy")


async def test_policy_seat_drops_a_decision_the_position_left_behind(bus):
    host = new_host(bus, None, seats=("human", "random"))
    seat = PolicySeat(bus, host.match_id, GAME, 1, "random")
    inbox = bus.subscribe(host_address(host.match_id))
    task = asyncio.create_task(seat.run())
    view = host.state.view(1)
    bus.publish_nowait(seat_address(host.match_id, 1), YourTurn(host.match_id, 1, 4, view, [("pass",)]))
    bus.publish_nowait(seat_address(host.match_id, 1), Update(host.match_id, 1, 3, view, []))
    bus.publish_nowait(seat_address(host.match_id, 1), YourTurn(host.match_id, 1, 3, view, [("pass",)]))
    act = await next_of(inbox, Act)
    assert act.turn == 3
    seat.stop()
    await asyncio.wait_for(task, WAIT)
    assert inbox.empty()


# -- undo ------------------------------------------------------------------------------------


async def until_person_to_move(host: MatchHost, rng: random.Random, person: int = 0) -> None:
    while host.state.to_move() != person:
        await play(host, rng)


async def test_undo_returns_to_the_persons_previous_decision(bus, store):
    host = new_host(bus, store, seats=("human", "random"), seed=2)
    rng = random.Random(5)
    await until_person_to_move(host, rng)
    mark, before = host.turn, host.state.to_data()
    await play(host, rng)  # the person
    await until_person_to_move(host, rng)  # the AI answers
    subs = listen(bus, host)

    await host.handle(UndoRequest(host.match_id, 0))

    assert host.turn == mark and host.state.to_data() == before
    assert store.read(host.match_id).actions == host.actions == host.actions[:mark]
    msgs = drain(subs[0])
    assert [type(m) for m in msgs] == [Update, YourTurn]
    assert msgs[0].turn == msgs[1].turn == mark and msgs[0].view == host.state.view(0)
    assert "takes back" in msgs[0].events[0]
    assert [type(m) for m in drain(subs[1])] == [Update]

    # While the AI is to move, undo also goes back to the person's last decision.
    await play(host, rng)
    await host.handle(UndoRequest(host.match_id, 0))
    assert host.turn == mark and host.state.to_data() == before


async def test_undo_is_refused_across_a_reveal(bus, store):
    host = new_host(bus, store, seats=("human", "random"), hands=2, seed=8)
    rng = random.Random(6)
    while not any(event.reveals for event in await play(host, rng)):
        pass
    subs = listen(bus, host)
    before = (host.state.to_data(), list(host.actions), store.path(host.match_id).read_bytes())

    await host.handle(UndoRequest(host.match_id, 0))

    (reply,) = drain(subs[0])
    assert isinstance(reply, Rejected) and "revealed" in reply.reason
    assert (host.state.to_data(), host.actions, store.path(host.match_id).read_bytes()) == before


@pytest.mark.parametrize(
    "seats, asker, reason",
    [
        (("human", "human"), 0, "past Bob's move"),
        (("human", "random"), 1, "only a person"),
    ],
)
async def test_undo_refusals(bus, seats, asker, reason):
    host = new_host(bus, None, seats=seats, seed=2)
    rng = random.Random(5)
    await until_person_to_move(host, rng)
    await play(host, rng)
    await play(host, rng)
    sub = bus.subscribe(seat_address(host.match_id, asker))
    turn = host.turn
    await host.handle(UndoRequest(host.match_id, asker))
    (reply,) = drain(sub)
    assert isinstance(reply, Rejected) and reason in reply.reason
    assert host.turn == turn


async def test_undo_with_no_move_yet_is_refused(bus):
    host = new_host(bus, None, seats=("human", "random"))
    sub = bus.subscribe(seat_address(host.match_id, 0))
    await host.handle(UndoRequest(host.match_id, 0))
    (reply,) = drain(sub)
    assert isinstance(reply, Rejected) and "no move" in reply.reason


# -- resign, hints, progress -----------------------------------------------------------------


async def test_resign_ends_the_match(bus, store):
    host = new_host(bus, store)
    subs = listen(bus, host)
    task = asyncio.create_task(host.run())
    await bus.publish(host_address(host.match_id), Resign(host.match_id, 1))
    await asyncio.wait_for(task, WAIT)
    for sub in subs:
        over = await next_of(sub, MatchOver)
        assert over.outcome == [1.0, 0.0]
    saved = store.read(host.match_id)
    assert (saved.status, saved.result) == ("resigned", [1.0, 0.0])


async def test_hint_suggests_a_legal_action_for_the_seat_to_move(bus):
    host = new_host(bus, None, hint_level="easy")
    seat = host.state.to_move()
    subs = listen(bus, host)
    await host.handle(HintRequest(host.match_id, 1 - seat, 0))
    assert isinstance(drain(subs[1 - seat])[0], Rejected)
    await host.handle(HintRequest(host.match_id, seat, 0))
    hint = await next_of(subs[seat], Hint)
    assert hint.turn == 0 and hint.action in host.state.legal_actions()
    assert hint.text == host.state.describe(hint.action, seat)
    assert host.turn == 0


async def test_thinking_is_relayed_without_the_best_move(bus):
    host = new_host(bus, None)
    subs = listen(bus, host)
    await host.handle(Thinking(host.match_id, 1, 120, ("caravan", "2MK")))
    assert drain(subs[0]) == [Thinking(host.match_id, 1, 120, None)]
    assert drain(subs[1]) == []


async def test_stop_ends_run(bus):
    host = new_host(bus, None)
    task = asyncio.create_task(host.run())
    await asyncio.sleep(0)
    host.stop()
    await asyncio.wait_for(task, WAIT)
    assert host.status == "playing"


async def test_the_first_update_logs_the_setup_each_seat_may_see(bus, tmp_path):
    host = new_host(bus, SaveStore(tmp_path))
    subs = listen(bus, host)
    host.start()
    first = [next(m for m in drain(sub) if isinstance(m, Update)) for sub in subs]
    for seat, update in enumerate(first):
        assert any(text.startswith("Hand 1 of 1: up cards") for text in update.events)
        dealt = [text for text in update.events if text.startswith("You are dealt")]
        assert len(dealt) == 1  # its own deal only, never the other seat's
        own = host.state.view(seat)["hand"]
        assert all(GAME_NAMES[card] in dealt[0] for card in own)


async def test_a_resumed_match_replays_the_whole_visible_log(bus, tmp_path):
    store = SaveStore(tmp_path)
    host = new_host(bus, store)
    rng = random.Random(3)
    played = [await play(host, rng) for _ in range(4)]
    again = MatchHost.resume(host.match_id, store, Bus())
    sub = again.bus.subscribe(seat_address(host.match_id, 0))
    again.start()
    update = next(m for m in drain(sub) if isinstance(m, Update))
    visible = [e.text for events in played for e in events if e.visible_to(0)]
    assert update.events == [e.text for e in again.opening if e.visible_to(0)] + visible


class BrokenWorker:
    """A worker whose every search fails, as a crashed or misconfigured process pool would."""

    async def choose(self, *args, **kwargs):
        raise RuntimeError("the search process could not start")


async def test_a_failing_search_falls_back_to_a_legal_move_instead_of_stalling(bus, tmp_path):
    host = new_host(bus, None, seats=("ai:easy", "human"))
    seat = PolicySeat(bus, host.match_id, GAME, 0, "ai:easy", worker=BrokenWorker(), seed=host.snapshot.seed)
    human = bus.subscribe(seat_address(host.match_id, 1))
    tasks = [asyncio.create_task(seat.run()), asyncio.create_task(host.run())]
    try:
        if host.state.to_move() == 1:  # the human leads: make one move so the AI must answer
            turn = await next_of(human, YourTurn)
            await bus.publish(host_address(host.match_id), Act(host.match_id, 1, turn.turn, turn.legal[0]))
        await next_of(human, YourTurn)  # reached only if the broken AI seat still moved
        assert 0 in host.movers
    finally:
        seat.stop()
        host.stop()
        await asyncio.gather(*tasks)
