"""MatchHost over the bus, for every registered game and player count (DESIGN §3)."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

from caravan_tui import bus as messages
from caravan_tui.ai.policies import BUDGET_ENV
from caravan_tui.bus import Bus, Message, Request, Subscription, seat_address, spectator_address
from caravan_tui.engine import Event, IllegalAction
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import MatchLocked, SaveStore
from caravan_tui.saves.loading import replay_snapshot
from caravan_tui.seats import SeatSpec

WAIT = 20  # seconds; only guards against a hung test, never asserted
PERSON, RANDOM = SeatSpec("human"), SeatSpec("random")


def configurations():
    for game in GAMES.values():
        for players in game.players:
            yield pytest.param(game, players, id=f"{game.id}-{players}p")


def default_games():
    return [pytest.param(game, id=game.id) for game in GAMES.values()]


def new_host(game, bus, store=None, *, players=None, seats=None, seed=7, **kw) -> MatchHost:
    players = players or game.default_players
    seats = seats or [PERSON] * players
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"][: len(seats)]
    return MatchHost.new(game.id, list(seats), names, seed, game.quick_options, store, bus, **kw)


def listen(bus: Bus, host: MatchHost) -> list[Subscription]:
    return [bus.subscribe(seat_address(host.match_id, seat)) for seat in range(host.snapshot.players)]


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
    await host.handle(messages.Act(host.match_id, seat, host.turn, action))
    return host.events[-1]


@pytest.fixture
def bus() -> Bus:
    return Bus()


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path)


# -- rejected requests change nothing --------------------------------------------------------

BAD_ACTS = {
    "wrong seat": lambda h: messages.Act(
        h.match_id, (h.state.to_move() + 1) % h.snapshot.players, h.turn, h.state.legal_actions()[0]
    ),
    "stale turn": lambda h: messages.Act(h.match_id, h.state.to_move(), h.turn - 1, h.state.legal_actions()[0]),
    "future turn": lambda h: messages.Act(h.match_id, h.state.to_move(), h.turn + 1, h.state.legal_actions()[0]),
    "foreign match": lambda h: messages.Act("another", h.state.to_move(), h.turn, h.state.legal_actions()[0]),
    "illegal action": lambda h: messages.Act(h.match_id, h.state.to_move(), h.turn, ("no such action", 3)),
    "not an action": lambda h: messages.Act(h.match_id, h.state.to_move(), h.turn, ["fly", 3]),
}


def bad_act_cases():
    """Every bad act for every configuration (a solo game has no other seat to act out of turn)."""
    for config in configurations():
        game, players = config.values
        for case in BAD_ACTS:
            if not (case == "wrong seat" and players == 1):
                yield pytest.param(game, players, case, id=f"{config.id}-{case}")


@pytest.mark.parametrize("game,players,case", list(bad_act_cases()))
async def test_bad_act_is_rejected_and_changes_nothing(bus, store, game, players, case):
    host = new_host(game, bus, store, players=players)
    rng = random.Random(1)
    for _ in range(2):
        await play(host, rng)
    subs = listen(bus, host)
    foreign = [bus.subscribe(seat_address("another", seat)) for seat in range(players)]
    path = store.path(host.match_id)
    before = (host.state.to_data(), list(host.actions), path.read_bytes())

    msg = BAD_ACTS[case](host)
    await host.handle(msg)

    assert (host.state.to_data(), host.actions, path.read_bytes()) == before
    replies = drain((foreign if case == "foreign match" else subs)[msg.seat])
    assert [type(m) for m in replies] == [messages.Rejected]
    assert replies[0].reason
    assert [m for sub in subs for m in drain(sub)] == []


@pytest.mark.parametrize("game", default_games())
async def test_illegal_act_reason_is_the_games_message(bus, game):
    host = new_host(game, bus)
    seat = host.state.to_move()
    sub = bus.subscribe(seat_address(host.match_id, seat))
    await host.handle(messages.Act(host.match_id, seat, 0, ("no such action",)))
    reply = sub.get_nowait()
    assert isinstance(reply, messages.Rejected) and reply.turn == 0
    with pytest.raises(IllegalAction) as exc:
        host.state.apply(("no such action",))
    assert reply.reason == str(exc.value)


# -- autosave, resume, views -----------------------------------------------------------------


@pytest.mark.parametrize("game", default_games())
async def test_every_act_autosaves_and_resume_continues(bus, store, game):
    host = new_host(game, bus, store, seed=11)
    rng = random.Random(3)
    assert store.read(host.match_id).actions == []
    for _ in range(12):
        await play(host, rng)
        saved = store.read(host.match_id)
        # the journal holds the log; the position is replayed from it (no cache until the end)
        assert saved.actions == host.actions and replay_snapshot(saved).state.to_data() == host.state.to_data()
    with pytest.raises(MatchLocked, match="open in another window"):
        MatchHost.resume(host.match_id, store, Bus())
    host.close()
    again = MatchHost.resume(host.match_id, store, Bus())
    assert again.state.to_data() == host.state.to_data()
    assert again.actions == host.actions and again.movers == host.movers
    seat = again.state.to_move()
    action = rng.choice(again.state.legal_actions())
    await again.handle(messages.Act(host.match_id, seat, again.turn, action))
    assert store.read(host.match_id).actions == host.actions + [action]


@pytest.mark.parametrize("game,players", list(configurations()))
async def test_updates_carry_each_seats_own_view_and_events_in_its_words(bus, game, players):
    host = new_host(game, bus, players=players, seed=5)
    subs = listen(bus, host)
    watcher = bus.subscribe(spectator_address(host.match_id))
    rng = random.Random(4)
    while host.status == "playing" and host.turn < 150:
        events = await play(host, rng)
        for seat, sub in [*enumerate(subs), (None, watcher)]:
            update = next(m for m in drain(sub) if isinstance(m, messages.Update))
            assert update.view == host.state.view(seat)
            # (every seat a person's: their moves told without an AI's motive, ``Event.person_text``)
            assert update.events == [e.render(host.names, seat, by_person=True) for e in events if e.visible_to(seat)]
            assert not any("{p" in text for text in update.events)


@pytest.mark.parametrize("game,players", list(configurations()))
async def test_start_and_sync_send_info_view_and_your_turn(bus, game, players):
    host = new_host(game, bus, players=players)
    subs = listen(bus, host)
    await host.start()
    mover = host.state.to_move()
    for seat, sub in enumerate(subs):
        msgs = drain(sub)
        welcome = [messages.MatchInfo, messages.Update]
        assert [type(m) for m in msgs] == welcome + ([messages.YourTurn] if seat == mover else [])
        assert msgs[0].names == host.names and msgs[0].seats == ["human"] * players
    await host.handle(messages.Sync(host.match_id, mover))
    turn = drain(subs[mover])[-1]
    assert (turn.turn, turn.legal) == (0, host.state.legal_actions())


@pytest.mark.parametrize("game", default_games())
async def test_the_first_update_logs_the_setup_each_seat_may_see(bus, game):
    host = new_host(game, bus)
    subs = listen(bus, host)
    await host.start()
    for seat, sub in enumerate(subs):
        update = next(m for m in drain(sub) if isinstance(m, messages.Update))
        assert update.events == [e.render(host.names, seat) for e in host.opening if e.visible_to(seat)]


@pytest.mark.parametrize("game", default_games())
async def test_a_resumed_match_replays_the_whole_visible_log(bus, store, game):
    host = new_host(game, bus, store)
    rng = random.Random(3)
    played = [await play(host, rng) for _ in range(4)]
    host.close()
    again = MatchHost.resume(host.match_id, store, Bus())
    sub = again.bus.subscribe(seat_address(host.match_id, 0))
    await again.start()
    update = next(m for m in drain(sub) if isinstance(m, messages.Update))
    history = again.opening + [e for events in played for e in events]
    assert update.events == [e.render(host.names, 0) for e in history if e.visible_to(0)]


async def test_a_save_request_compares_the_whole_log(bus, store):
    game = next(iter(GAMES.values()))
    host = new_host(game, bus, store)
    sub = bus.subscribe(seat_address(host.match_id, 0))
    await play(host, random.Random(1))
    await host.handle(messages.SaveRequest(host.match_id, 0))
    assert drain(sub)[-1] == messages.Saved(host.match_id, 0, True, "")
    other = store.read(host.match_id)  # a log that is not this host's: a file another program wrote
    other.actions = other.actions[:-1]
    store.write(other)
    await host.handle(messages.SaveRequest(host.match_id, 0))  # found so; the host never writes over it
    replaced = "the save file was replaced by another program; this window no longer writes it"
    assert drain(sub)[-1] == messages.Saved(host.match_id, 0, False, replaced)
    assert host.unsaved == replaced and store.read(host.match_id).actions == other.actions


# -- undo ------------------------------------------------------------------------------------


async def until_to_move(host: MatchHost, rng: random.Random, seat: int = 0) -> None:
    while host.state.to_move() != seat and host.status == "playing":
        await play(host, rng)


@pytest.mark.parametrize("game", default_games())
async def test_undo_returns_to_the_persons_previous_decision_unless_something_was_revealed(bus, store, game):
    seats = [PERSON] + [RANDOM] * (game.default_players - 1)
    for seed in range(6):
        host = new_host(game, Bus(), store, seats=seats, seed=seed)
        rng = random.Random(seed)
        await until_to_move(host, rng)
        mark, before = host.turn, host.state.to_data()
        log_then = list(host._update(0, host._history(), whole_log=True).events)
        await play(host, rng)
        await until_to_move(host, rng)
        sub = host.bus.subscribe(seat_address(host.match_id, 0))
        revealing = [e for events in host.events[mark:] for e in events if e.reveals_to(0)]
        saved = store.path(host.match_id).read_bytes()
        own, taken = host.movers[mark:].count(0), host.turn - mark
        events_then = list(host.events)

        await host.handle(messages.UndoRequest(host.match_id, 0))

        msgs = drain(sub)
        if revealing:
            assert [type(m) for m in msgs] == [messages.Rejected]
            assert msgs[0].reason == (
                f"cannot undo past “{revealing[0].render(host.names, 0)}”: it showed you what you had not seen"
            )
            assert store.path(host.match_id).read_bytes() == saved
        else:
            assert host.turn == mark and host.state.to_data() == before
            assert store.read(host.match_id).actions == host.actions
            assert [type(m) for m in msgs] == [messages.Update, messages.YourTurn]
            # (whose moves went: "You undo 12 moves" for one decision read as twelve of one's own;
            # and which: "You undo 1 move." under a move that stood read as taking that one back)
            moved = next(event for event in events_then[mark] if event.seats is None)
            first = moved.render(host.names, 0, by_person=True).rstrip(".")
            # (quoted as the log said it, "You play …": "“you play …”" read as another line)
            # (of one other seat by name: "1 of the others'" read oddly of one opponent)
            others = f"{host.names[1]}'s" if host.snapshot.players == 2 else "the others'"
            assert msgs[0].events[-1] == (
                f"You undo {own} move{'s' if own > 1 else ''}"
                f"{f', the first “{first}”' if taken > 1 else f', taking back “{first}”'}."
                if own == taken
                else f"You undo {own} of your moves and {taken - own} of {others}, the first “{first}”."
            )
            # the whole log as the match now stands: the moves taken back are gone from it (they
            # stayed, as if played, and the same step read twice around the undo)
            assert msgs[0].whole_log and list(msgs[0].events[:-1]) == log_then


@pytest.mark.thorough
async def test_undo_never_crosses_an_opponents_revealing_move():
    """Found in every game with hidden hands: play, see the reply, undo and play again against
    the same reply. Whatever game shows a seat something new, undo stops there."""
    found = 0
    for game in GAMES.values():
        seats = [PERSON] + [RANDOM] * (game.default_players - 1)
        host = new_host(game, Bus(), seats=seats, seed=3)
        rng = random.Random(3)
        while host.status == "playing":
            events = await play(host, rng)
            mover = host.movers[-1]
            if mover != 0 and any(e.reveals_to(0) and e.reveals is not True for e in events) and 0 in host.movers:
                sub = host.bus.subscribe(seat_address(host.match_id, 0))
                turn = host.turn
                await host.handle(messages.UndoRequest(host.match_id, 0))
                (reply,) = drain(sub)
                assert isinstance(reply, messages.Rejected) and host.turn == turn
                found += 1
                break
    assert found  # at least one registered game hides cards that a move then shows


@pytest.mark.parametrize("game", default_games())
async def test_undo_refusals(bus, game):
    host = new_host(game, bus, seats=[PERSON] * game.default_players, seed=2)
    rng = random.Random(5)
    sub = bus.subscribe(seat_address(host.match_id, 0))
    await host.handle(messages.UndoRequest(host.match_id, 0))
    assert "no move" in drain(sub)[0].reason
    await until_to_move(host, rng)
    await play(host, rng)
    await until_to_move(host, rng, 1)
    await play(host, rng)
    turn = host.turn
    drain(sub)
    await host.handle(messages.UndoRequest(host.match_id, 0))
    (reply,) = drain(sub)
    assert isinstance(reply, messages.Rejected) and host.turn == turn
    assert "Bob's move" in reply.reason or "past “" in reply.reason

    robot = new_host(game, Bus(), seats=[PERSON] + [RANDOM] * (game.default_players - 1))
    sub = robot.bus.subscribe(seat_address(robot.match_id, 1))
    await robot.handle(messages.UndoRequest(robot.match_id, 1))
    assert "only a person" in drain(sub)[0].reason


async def test_a_move_another_person_has_seen_stands(store):
    """Seen: an Update holding the move was delivered to the other person's seat (their screen
    reads its address). A move made while they were away may be taken back; a saved match counts
    every move as seen once it is resumed."""
    bus, rng = Bus(), random.Random(5)
    host = new_host(GAMES["decktet_caravan"], bus, store, seats=[PERSON, PERSON], seed=2)
    await until_to_move(host, rng)  # Ann's turn; nobody reads Bob's seat yet
    ann, mark = bus.subscribe(seat_address(host.match_id, 0)), host.turn
    await play(host, rng)
    await host.handle(messages.UndoRequest(host.match_id, 0))
    assert host.turn == mark  # Bob never saw it
    bob = bus.subscribe(seat_address(host.match_id, 1))
    await host.handle(messages.Sync(host.match_id, 1))  # Bob is back: the whole log so far
    await play(host, rng)
    assert isinstance(drain(bob)[-2], messages.Update)  # he is shown Ann's move (then his turn)
    drain(ann)
    await host.handle(messages.UndoRequest(host.match_id, 0))
    assert [m.reason for m in drain(ann)] == ["Bob has seen that move: it stands"]
    assert host.turn == mark + 1 and len(store.read(host.match_id).actions) == mark + 1

    await host.handle(messages.Act(host.match_id, 1, host.turn, rng.choice(host.state.legal_actions())))
    host.close()
    again = MatchHost.resume(host.match_id, store, Bus())
    sub = again.bus.subscribe(seat_address(again.match_id, 1))
    await again.handle(messages.UndoRequest(again.match_id, 1))
    assert [m.reason for m in drain(sub)] == ["Ann has seen that move: it stands"]


async def test_undo_never_crosses_a_stand_ins_answer_in_a_match_of_people():
    """Issue 48: with Bob away, Ann took back her bandit and the stand-in's pass that had shown
    Bob could not beat it. Alone against AIs, the same two moves may still be taken back."""
    game, found = GAMES["decktet_caravan"], 0
    for seed in range(8):
        solo = new_host(game, Bus(), seats=[PERSON, RANDOM], seed=seed)
        shared = new_host(game, Bus(), seats=[PERSON, PERSON], seed=seed)
        await shared.replace_seat(1, SeatSpec.ai("easy"), Event("Bob steps away."))
        for host in (solo, shared):
            rng = random.Random(seed)
            await until_to_move(host, rng)
            await play(host, rng)
            await until_to_move(host, rng)
        assert solo.actions == shared.actions and 1 in shared.movers
        replies = []
        for host in (solo, shared):
            sub, turn = host.bus.subscribe(seat_address(host.match_id, 0)), host.turn
            await host.handle(messages.UndoRequest(host.match_id, 0))
            replies.append((host.turn < turn, [m.reason for m in drain(sub) if isinstance(m, messages.Rejected)]))
        if replies[0][0]:  # alone against an AI, the answer is taken back with the move
            found += 1
            assert replies[1] == (
                False,
                ["cannot undo past the move Bob's stand-in made: it showed something of their hand"],
            )
    assert found


# -- resign, hints, progress -----------------------------------------------------------------


@pytest.mark.parametrize("game", default_games())
async def test_the_only_person_resigning_ends_the_match(bus, store, game):
    players = game.default_players
    host = new_host(game, bus, store, seats=[RANDOM] * (players - 1) + [PERSON])
    subs = listen(bus, host)
    task = asyncio.create_task(host.run())
    await bus.publish(("host", host.match_id), messages.Resign(host.match_id, players - 1))
    await asyncio.wait_for(task, WAIT)
    expected = [1.0 / (players - 1)] * (players - 1) + [0.0]
    for sub in subs:
        over = await next_of(sub, messages.MatchOver)
        assert (over.outcome, over.status) == (expected, "resigned")
    saved = store.read(host.match_id)
    assert (saved.status, saved.result, saved.resigned) == ("resigned", expected, players - 1)


async def test_bad_resignations_are_refused(bus, store):
    game = next(iter(GAMES.values()))
    host = new_host(game, bus, store, seats=[PERSON] + [RANDOM] * (game.default_players - 1))
    sub = bus.subscribe(seat_address(host.match_id, 1))
    await host.handle(messages.Resign(host.match_id, 1))
    assert "only a person" in drain(sub)[0].reason
    assert host.status == "playing" and store.read(host.match_id).status == "playing"


@pytest.mark.thorough
@pytest.mark.parametrize("game", default_games())
async def test_hint_suggests_a_legal_action_for_the_seat_to_move(bus, game):
    host = new_host(game, bus, hint_level="easy")
    seat = host.state.to_move()
    subs = listen(bus, host)
    if len(subs) > 1:
        await host.handle(messages.HintRequest(host.match_id, (seat + 1) % len(subs), 0))
        assert isinstance(drain(subs[(seat + 1) % len(subs)])[0], messages.Rejected)
    await host.handle(messages.HintRequest(host.match_id, seat, 0))
    hint = await next_of(subs[seat], messages.Hint)
    assert hint.turn == 0 and hint.action in host.state.legal_actions()
    assert "{p" not in hint.text and hint.text and hint.candidates[0][0] == hint.text
    assert all(0 < share <= 1 and 0 <= value <= 1 for _, share, value, *_ in hint.candidates)
    assert hint.plan[0] == hint.action == hint.candidates[0][4]
    assert host.turn == 0


@pytest.mark.thorough
@pytest.mark.parametrize("game", default_games())
async def test_a_hint_is_the_same_whatever_the_seat_could_not_see(bus, game, monkeypatch):
    """The whole hint, the moves' words too, comes from the seat's view: with everything it
    cannot see dealt again, the host sends the same hint. (By iterations only: a level's clock
    cuts a search where a busy machine leaves it, and Caravanserai's planner then weighs fewer
    placements, which is not what this compares.)"""
    monkeypatch.setenv(BUDGET_ENV, "iterations")
    host = new_host(game, bus, hint_level="easy")
    rng = random.Random(4)
    for _ in range(5):
        await play(host, rng)
    seat = host.state.to_move()
    subs = listen(bus, host)
    hints = []
    for redeal in range(3):
        if redeal:
            host.state = host.state.determinize(seat, rng)
        await host.handle(messages.HintRequest(host.match_id, seat, host.turn))
        hints.append(await next_of(subs[seat], messages.Hint))
    assert hints[1:] == hints[:1] * 2


async def test_thinking_is_relayed_without_the_best_move(bus):
    game = next(iter(GAMES.values()))
    host = new_host(game, bus)
    subs = listen(bus, host)
    await host.handle(messages.Thinking(host.match_id, 1, 120, ("pass",)))
    assert drain(subs[0]) == [messages.Thinking(host.match_id, 1, 120, None)]
    assert drain(subs[1]) == []


async def test_stop_ends_run(bus):
    host = new_host(next(iter(GAMES.values())), bus)
    task = asyncio.create_task(host.run())
    await asyncio.sleep(0)
    host.stop()
    await asyncio.wait_for(task, WAIT)
    assert host.status == "playing"


# -- malformed requests at the host's door ---------------------------------------------------

JUNK = [
    None,
    "3",
    [3],
    -1,
    2**70,
    1.5,
    True,
    {"a": 1},
    "x" * 10_000,
    ("pass",) * 10_000,
    [[[[[["deep"]]]]]],
    [b"bytes"],
]


def fuzzed(host: MatchHost):
    """Every request with each field in turn replaced by junk."""
    seat, turn = host.state.to_move(), host.turn
    action = host.state.legal_actions()[0]
    requests = [
        messages.Act(host.match_id, seat, turn, action),
        messages.HintRequest(host.match_id, seat, turn),
        messages.UndoRequest(host.match_id, seat),
        messages.Resign(host.match_id, seat),
        messages.SaveRequest(host.match_id, seat),
        messages.Sync(host.match_id, seat),
        messages.Thinking(host.match_id, seat, 10, action),
    ]
    for request in requests:
        for name in (f.name for f in dataclasses.fields(request)):
            for junk in JUNK:
                yield dataclasses.replace(request, **{name: junk})


@pytest.mark.parametrize("game", default_games())
async def test_malformed_requests_change_nothing_and_the_host_keeps_serving(bus, store, game):
    host = new_host(game, bus, store)
    rng = random.Random(2)
    for _ in range(3):
        await play(host, rng)
    subs = listen(bus, host)
    path = store.path(host.match_id)
    before = (host.state.to_data(), list(host.actions), path.read_bytes(), host.status)
    count = 0
    for request in fuzzed(host):
        if request.problem() is None and not isinstance(
            request, (messages.Sync, messages.SaveRequest, messages.HintRequest, messages.Thinking)
        ):
            continue  # still well-formed (junk equal in kind): the other tests cover those
        await host.handle(request)
        count += 1
        assert (host.state.to_data(), host.actions, path.read_bytes(), host.status) == before
    replies = [m for sub in subs for m in drain(sub)]
    assert all(len(getattr(m, "reason", "")) < 200 for m in replies)
    assert count > 100
    await play(host, rng)  # still serving
    assert len(host.actions) == len(before[1]) + 1


class Hello(Request):
    """A request of another protocol (the hub's, say): it names no match and no seat."""

    name: str


async def test_a_request_that_names_no_match_is_dropped_and_the_host_keeps_serving(bus, store):
    host = new_host(GAMES["camel_caravan"], bus, store)
    subs = listen(bus, host)
    before = (host.state.to_data(), list(host.actions), host.status)
    await host.handle(Hello("Ann"))
    assert (host.state.to_data(), host.actions, host.status) == before
    assert [m for sub in subs for m in drain(sub)] == []
    await play(host, random.Random(3))  # still serving
    assert len(host.actions) == 1


def test_a_remote_request_is_checked_before_it_is_converted():
    from caravan_tui.bus import message_from_map

    deep: list = ["x"]
    for _ in range(5000):
        deep = [deep]
    for bad in (
        {"type": "Act", "match": "m", "seat": 0, "turn": 0, "action": deep},
        {"type": "Act", "match": "m", "seat": "0", "turn": 0, "action": ["pass"]},
        {"type": "Resign", "match": "m", "seat": -1},
        {"type": "Act", "match": "m", "seat": 0, "turn": None, "action": ["pass"]},
    ):
        with pytest.raises(ValueError, match="bad"):
            message_from_map(bad)


async def test_lines_shown_before_a_person_took_an_open_seat_name_them_after():
    """Ann's log read "Open seat 2 starts (chosen at random) …" after Bob had taken seat 2 (the
    seat's name in the lines already sent stayed as it was): each seat's log is sent again,
    whole, in the names now at the table."""
    game = GAMES["camel_caravan"]
    seats = [SeatSpec("remote", who="ann"), SeatSpec("remote")]
    runner = MatchRunner.new(game.id, seats, ["Ann", "Open seat 2"], 1, game.quick_options, None)  # seat 2 starts
    ann = runner.client(0)
    runner.start()
    try:
        first = await next_of(ann, messages.Update)
        assert any(line.startswith("Open seat 2 starts") for line in first.events)
        await runner.give_back(1, SeatSpec("remote", who="bob"), "Bob", joining=True)
        log: list[str] = list(first.events)
        while not log or log[-1] != "Bob joins the match.":
            update = await next_of(ann, messages.Update)
            log = list(update.events) if update.whole_log else log + list(update.events)
        assert not any("Open seat" in line for line in log)
        assert any(line.startswith("Bob starts") for line in log)
    finally:
        runner.stop()
