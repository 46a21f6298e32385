"""The hub over its Unix sockets, without SSH: identities, the lobby, seats bound to identities,
refusals that change nothing, grace and stand-ins, coming back, and a restart (DESIGN §7)."""

from __future__ import annotations

import asyncio
import dataclasses
import math
import os
import random
import re
import socket
import struct
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest

from caravan_tui import hub_protocol as protocol
from caravan_tui import seat_kinds
from caravan_tui.bus import Act, Bus, Chat, MatchInfo, MatchOver, Rejected, Resign, Sync, UndoRequest, Update, YourTurn
from caravan_tui.engine import Event
from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.cards import INDEX, NAMES
from caravan_tui.match.host import LATE, MatchHost
from caravan_tui.saves.codec import decode as decode_snapshot
from caravan_tui.saves.loading import load, replay_snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.screens.lobby import your_seat_words
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.framing import MAX_REQUEST, encode
from caravan_tui.ssh.hosted import RESUMED
from caravan_tui.ssh.hub import BETWEEN_SERVERS, NOT_A_SEAT_CODE, NOT_PLAYED, Hub, guest_identity
from caravan_tui.ssh.records import load_side_log, save_side_log

WAIT = 20  # seconds; only guards against a hung test
GAME = get_game("decktet_caravan")
ANN, BOB, CYD = "SHA256:annannannannannannann", "SHA256:bobbobbobbobbobbobbob", "SHA256:cydcydcydcydcydcyd"


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in strings(item)]
    return []


def shows(words: set[str], card: str) -> bool:
    """Whether any of ``words`` names ``card``: its id (``5ML``, ``5ML@4``) or its name in text."""
    name = re.compile(re.escape(NAMES[INDEX[card]]) + r"(?![A-Za-z])")
    return any(word.partition("@")[0] == card or name.search(word) for word in words)


class Peer:
    """A session's end of a hub socket, keeping every raw byte the hub sent."""

    def __init__(self, hub: Hub, identity: str, guest: bool = False) -> None:
        ours, theirs = socket.socketpair()
        self.sock, self.raw, self.identity = ours, bytearray(), identity
        self.words: set[str] = set()  # every string any frame held, at any depth
        self._theirs, self._hub, self._guest = theirs, hub, guest
        self.messages: asyncio.Queue = asyncio.Queue()

    async def open(self) -> Peer:
        reader, writer = await asyncio.open_unix_connection(sock=self._theirs)
        self.served = asyncio.create_task(self._hub.serve(reader, writer, self.identity, self._guest))
        self.reader, self.writer = await asyncio.open_unix_connection(sock=self.sock)
        self.reading = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            while True:
                header = await self.reader.readexactly(4)
                body = await self.reader.readexactly(struct.unpack(">I", header)[0])
                self.raw += header + body
                frame = msgpack.unpackb(body, strict_map_key=False)
                self.words.update(strings(frame))
                self.messages.put_nowait(protocol.message_from_map(frame))
        except asyncio.IncompleteReadError:
            self.messages.put_nowait(None)

    async def send(self, message) -> None:
        await self.send_raw(encode(message.to_map()))

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def next(self, kind: type, accept=lambda m: True):
        while True:
            msg = await asyncio.wait_for(self.messages.get(), WAIT)
            if msg is None:
                raise AssertionError(f"the hub closed the session while {kind.__name__} was awaited")
            if isinstance(msg, kind) and accept(msg):
                return msg

    def drain(self) -> list:
        msgs = []
        while not self.messages.empty():
            msgs.append(self.messages.get_nowait())
        return msgs

    async def close(self) -> None:
        self.writer.close()
        await asyncio.wait_for(self.served, WAIT)
        self.reading.cancel()


def make_hub(tmp_path, worker, grace: int = 60) -> Hub:
    hub = Hub(tmp_path, worker, iterations=5, grace=grace)
    hub.start()
    return hub


async def named(hub: Hub, identity: str, name: str, guest: bool = False) -> Peer:
    peer = await Peer(hub, identity, guest=guest).open()
    welcome = await peer.next(protocol.Welcome)
    if not welcome.name:
        await peer.send(protocol.SetName(name))
        await peer.next(protocol.Welcome, lambda m: m.name == name)
    return peer


async def create(peer: Peer, seats: list[str], grace: int = 60) -> protocol.Joined:
    await peer.send(protocol.CreateMatch(GAME.id, seats, dict(GAME.quick_options), grace, "easy"))
    return await peer.next(protocol.Joined)


async def ann_and_bob(hub: Hub, grace: int = 60) -> tuple[Peer, Peer, protocol.Joined]:
    """Ann creates a two-seat match and Bob sits down in its open seat."""
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    joined = await create(ann, ["you", "open"], grace)
    await bob.send(protocol.JoinSeat(joined.match, 1))
    await bob.next(protocol.Joined)
    return ann, bob, joined


async def play_turns(peer: Peer, rng: random.Random, until=lambda m: False) -> MatchOver | YourTurn:
    """Answer every YourTurn with a random legal act until the match ends (or ``until``)."""
    while True:
        msg = await peer.next((YourTurn, MatchOver))
        if isinstance(msg, MatchOver) or until(msg):
            return msg
        await peer.send(Act(msg.match, msg.seat, msg.turn, rng.choice(msg.legal)))


async def both(peer: Peer, *wanted: tuple[type, Callable[[Any], bool]]) -> list:
    """The first message of each kind ``wanted`` (kind, accept) that ``peer`` gets, in any order."""
    found: list = [None] * len(wanted)
    while None in found:
        msg = await peer.next(object)
        for i, (kind, accept) in enumerate(wanted):
            if found[i] is None and isinstance(msg, kind) and accept(msg):
                found[i] = msg
    return found


async def eventually(condition, what: str = "the condition") -> None:
    for _ in range(int(WAIT / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def saved(hub: Hub, match_id: str):
    """The saved match with its position replayed (a save keeps the log; the position is
    rebuilt from it)."""
    loaded = load(SaveStore(hub.root), match_id)
    return dataclasses.replace(loaded.snapshot, state=loaded.state.to_data())


async def test_a_name_is_asked_once_per_key_and_kept(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann = await Peer(hub, ANN).open()
    assert (await ann.next(protocol.Welcome)).name == ""
    await ann.send(protocol.CreateMatch(GAME.id, ["you", "open"]))
    assert "name first" in (await ann.next(protocol.Refused)).reason
    for bad in ("", "x" * 41, "Ann\x1b[2J"):
        await ann.send_raw(encode({"type": "SetName", "name": bad}))
        assert "printable" in (await ann.next(protocol.Refused)).reason
    await ann.send(protocol.SetName("Ann"))
    assert (await ann.next(protocol.Welcome)).name == "Ann"
    assert (await ann.next(protocol.Lobby)).online == ["Ann"]
    bob = await Peer(hub, BOB).open()
    await bob.next(protocol.Welcome)
    await bob.send(protocol.SetName("ann"))
    assert "taken" in (await bob.next(protocol.Refused)).reason
    await ann.close()
    again = await Peer(hub, ANN).open()
    assert (await again.next(protocol.Welcome)).name == "Ann"
    guest = await Peer(hub, "guest:0123456789ab", guest=True).open()
    assert (await guest.next(protocol.Welcome)).name == ""
    await guest.send(protocol.SetName("Visitor"))
    await guest.next(protocol.Welcome, lambda m: m.name == "Visitor")
    assert "guest:0123456789ab" not in hub.identities.names
    hub.stop()


async def test_what_the_hub_keeps_out_of_reach_ends_a_login_in_one_line_and_refuses_a_request(
    tmp_path, worker, monkeypatch
):
    """The bug: with the database down, the name lookup of a person logging in raised outside
    the session's handling: nothing was sent, the session hung with an empty lobby for good."""
    hub = make_hub(tmp_path, worker)
    try:

        def down(*args, **kwargs):
            raise OSError("the database: connection is bad: socket /run/pg/.s.PGSQL.5432")

        monkeypatch.setattr(hub.identities, "name", down)
        peer = await Peer(hub, ANN).open()
        goodbye = await asyncio.wait_for(peer.messages.get(), WAIT)
        assert isinstance(goodbye, protocol.Goodbye) and "try again in a moment" in goodbye.reason
        assert await asyncio.wait_for(peer.messages.get(), WAIT) is None  # and the session ends
        await asyncio.wait_for(peer.served, WAIT)
        monkeypatch.undo()

        monkeypatch.setattr(hub.identities, "lookalike", down)
        peer = await Peer(hub, BOB).open()
        await peer.next(protocol.Welcome)
        await peer.send(protocol.SetName("Bob"))
        refused = await peer.next(protocol.Refused)
        assert refused.reason.startswith("not possible now: ") and not peer.served.done()  # the session goes on
        monkeypatch.undo()
        await peer.send(protocol.SetName("Bob"))
        assert (await peer.next(protocol.Welcome, lambda m: m.name == "Bob")).name == "Bob"
        await peer.close()
    finally:
        hub.stop()


async def test_joining_the_seat_one_sits_at_changes_nothing(tmp_path, worker):
    """The bug: a person carried to the match's server by a link is seated on arrival, and the
    lobby's JoinSeat followed: they were detached and seated again, their log said "You are
    back. You are back. You are away." while they sat there, and the table opened twice."""
    hub = make_hub(tmp_path, worker)
    try:
        ann, bob, joined = await ann_and_bob(hub)
        ann.drain()
        await ann.send(protocol.JoinSeat(joined.match, 0))
        await ann.send(Chat(joined.match, 0, "still here"))
        said = []
        while not (said and isinstance(said[-1], Chat) and said[-1].text == "still here"):  # the join came first
            said.append(await asyncio.wait_for(ann.messages.get(), WAIT))
        assert not [m for m in said if isinstance(m, (protocol.Joined, protocol.Left))]
        assert not [m for m in said if isinstance(m, Update) and any("away" in e.text for e in m.events)]
        assert hub.matches[joined.match].seated[0] is not None
        await ann.close()
        await bob.close()
    finally:
        hub.stop()


async def test_a_match_between_servers_is_said_to_be_so_to_who_asks_for_it(tmp_path, worker):
    """The bug: a person brought back to the lobby when their match's server stopped, told that
    enter takes them back once another server has taken the match over, pressed it a moment too
    soon and read "that match is not being played" (its save still being played, no server
    hosting it yet)."""
    hub = make_hub(tmp_path, worker)
    try:
        people = [SeatSpec("human")] * 2
        between = MatchHost.new("decktet_caravan", people, ["Ann", "Bob"], 7, {}, SaveStore(hub.root), Bus())
        ann = await named(hub, ANN, "Ann")
        for asked in (protocol.JoinSeat(between.match_id, 0), protocol.Watch(between.match_id)):
            await ann.send(asked)
            assert (await ann.next(protocol.Refused)).reason == BETWEEN_SERVERS
        await ann.send(protocol.JoinSeat("no-such-match", 0))
        assert (await ann.next(protocol.Refused)).reason == NOT_PLAYED
        assert between.match_id not in hub.matches
        await ann.close()
    finally:
        hub.stop()


@pytest.mark.thorough
async def test_two_people_play_a_match_and_no_message_shows_the_other_hand(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    joined = await create(ann, ["you", "open"])
    lobby = await bob.next(protocol.Lobby, lambda m: m.matches)
    row = protocol.LobbyRow.from_map(lobby.matches[0])
    assert (row.match, row.free, row.names[0]) == (joined.match, [1], "Ann")
    await bob.send(protocol.JoinSeat(joined.match, 1))
    assert (await bob.next(protocol.Joined)).seat == 1
    info = await bob.next(MatchInfo)
    assert info.names == ["Ann", "Bob"] and info.seats == ["remote", "remote"]  # no fingerprints
    peers = {0: ann, 1: bob}
    rng = random.Random(5)
    while True:
        state = saved(hub, joined.match).state
        for seat, peer in peers.items():
            hidden = state["hands"][1 - seat] + state["aside"]
            assert not any(shows(peer.words, card) for card in hidden)
            assert all(shows(peer.words, card) for card in state["hands"][seat])
        msgs = {seat: peer.drain() for seat, peer in peers.items()}
        turns = [m for ms in msgs.values() for m in ms if isinstance(m, YourTurn)]
        if any(isinstance(m, MatchOver) for ms in msgs.values() for m in ms):
            break
        for turn in turns[-1:]:
            await peers[turn.seat].send(Act(turn.match, turn.seat, turn.turn, rng.choice(turn.legal)))
        await asyncio.sleep(0.02)
    assert saved(hub, joined.match).status == "over"
    await bob.close()  # Bob leaves the finished match: he is not "away" from it
    assert (await ann.next(MatchInfo)).seats == ["remote", "remote"]
    hub.stop()


async def test_the_people_at_a_table_are_told_who_starts_watching(tmp_path, worker):
    """Someone watching read the table's chat, and its people were told nothing of it."""
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)
    cyd = await named(hub, CYD, "cyd")
    await cyd.send(protocol.Watch(joined.match))
    assert (await cyd.next(protocol.Joined)).seat is None
    for peer in (ann, bob):
        told = await peer.next(protocol.Told)
        assert (told.text, told.title) == ("cyd is watching this match.", "Watching")
    hub.stop()


async def test_bad_input_is_refused_and_changes_nothing(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.Watch(joined.match))
    assert (await cyd.next(protocol.Joined)).seat is None
    await asyncio.sleep(0.2)
    before = SaveStore(hub.root).path(joined.match).read_bytes()
    mover = saved(hub, joined.match).state["turn"] % 2  # not needed exactly: both seats are tried
    for peer in (ann, bob, cyd):
        peer.drain()
    attempts = [
        (ann, b"\x00\x00\x00\x03abc"),  # not msgpack
        (ann, encode([1, 2, 3])[0:0] + struct.pack(">I", 1) + b"\x93"),  # truncated array
        (ann, encode({"type": "Nope"})),
        (ann, encode({"type": "Thinking", "match": joined.match, "seat": 0, "iterations": 5})),
        (ann, encode({"type": "Act", "match": joined.match, "seat": 1, "turn": 0, "action": ["pass"]})),
        (ann, encode({"type": "Act", "match": "elsewhere", "seat": 0, "turn": 0, "action": ["pass"]})),
        (ann, encode({"type": "Act", "match": joined.match, "seat": 0, "turn": 0, "action": [[[[["x"]]]]]})),
        (ann, encode({"type": "JoinSeat", "match": joined.match, "seat": 1})),
        (bob, encode({"type": "Resign", "match": joined.match, "seat": 0})),
        (cyd, encode({"type": "Act", "match": joined.match, "seat": mover, "turn": 0, "action": ["pass"]})),
        (cyd, encode({"type": "UndoRequest", "match": joined.match, "seat": 0})),
        (cyd, encode({"type": "JoinSeat", "match": joined.match, "seat": 0})),
        (cyd, encode({"type": "CreateMatch", "game": GAME.id, "seats": ["you", "you"], "options": {}})),
        (cyd, encode({"type": "CreateMatch", "game": GAME.id, "seats": ["you", "ai:easy"], "options": {"x": [1]}})),
        (cyd, encode({"type": "CreateMatch", "game": GAME.id, "seats": ["you"], "stand_in": ["x"]})),
    ]
    for peer, data in attempts:
        await peer.send_raw(data)
        refusal = await peer.next(protocol.Refused)
        assert 0 < len(refusal.reason) <= 160
    await asyncio.sleep(0.2)
    assert SaveStore(hub.root).path(joined.match).read_bytes() == before
    assert [len(m.record.owners) for m in hub.matches.values()] == [2]
    await ann.send_raw(struct.pack(">I", MAX_REQUEST + 1))  # a frame too long: the session ends
    assert "over the" in (await ann.next(protocol.Refused)).reason
    await asyncio.wait_for(ann.served, WAIT)
    await bob.send(Sync(joined.match, 1))
    assert isinstance(await bob.next(Update), Update)  # the others play on
    hub.stop()


async def test_a_dropped_seat_is_kept_stood_in_for_after_the_grace_and_given_back(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub, grace=1)
    rng = random.Random(2)
    stood_in = []

    def stand_in_played() -> bool:
        stood_in.append(0 in load(SaveStore(hub.root), joined.match).movers[len(before) :])
        return stood_in[-1]

    before: list = []
    bob_task = asyncio.create_task(play_turns(bob, rng, until=lambda m: before and stand_in_played()))
    await play_turns(ann, rng, until=lambda m: m.turn >= 2)
    before[:] = saved(hub, joined.match).actions
    await ann.close()
    assert saved(hub, joined.match).seats[0] == f"remote:{ANN}"  # kept through the grace
    pending = await asyncio.wait_for(bob_task, WAIT)  # Bob waits once the stand-in has played
    assert isinstance(pending, YourTurn) and saved(hub, joined.match).seats[0] == "ai:easy"
    # the lobby says the stand-in plays the seat now ("(away)" read as a seat still waiting)
    row = hub.matches[joined.match].row(ANN)
    assert row.kinds[0] == seat_kinds.STANDING_IN
    assert your_seat_words(row, 0) == (
        "You play seat 1 (away): an AI plays it now, until you are back. Enter takes you back to it."
    )
    back = await Peer(hub, ANN).open()
    assert (await back.next(protocol.Welcome)).name == "Ann"
    assert (await back.next(protocol.Joined)).seat == 0  # straight back into the seat
    update = await back.next(Update, lambda m: m.whole_log)
    stood_in = update.events[update.events.index("You leave; an AI plays the seat until your return.") :]
    assert re.fullmatch(r"You are back; your stand-in made \d+ moves? \(in the log\)\.", stood_in[-1])
    # the stand-in's moves are its own, never "You play …" (to Ann: "Your stand-in …", not her name)
    assert any(line.startswith("Your stand-in ") for line in stood_in)
    assert not any(line.startswith(("You ", "Ann's stand-in")) for line in stood_in[1:-1])
    assert {"away:1", "stand-in"} <= bob.words  # Bob's table: the grace's countdown, then the stand-in
    assert saved(hub, joined.match).seats[0] == f"remote:{ANN}"
    await bob.send(Act(pending.match, 1, pending.turn, rng.choice(pending.legal)))
    await asyncio.gather(play_turns(back, rng), play_turns(bob, rng))
    snap = saved(hub, joined.match)
    assert snap.actions[: len(before)] == before and snap.status == "over"
    hub.stop()


async def test_a_restarted_hub_resumes_its_matches_and_lists_them(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)
    rng = random.Random(1)
    bob_plays = asyncio.create_task(play_turns(bob, rng))
    await play_turns(ann, rng, until=lambda m: m.turn >= 3)
    bob_plays.cancel()  # Bob stops playing: the match waits for him from here on
    await ann.send(Chat(joined.match, 0, "back after the restart"))
    await ann.next(Chat)
    await ann.close()
    await hub.matches[joined.match].runner.stand_in(0, SeatSpec.ai("easy"), until_back=True)  # her grace ran out
    side_log = tmp_path / "hosted" / "log" / f"{joined.match}.json"
    await eventually(lambda: side_log.exists() and "AI plays the seat" in side_log.read_text())
    before = list(saved(hub, joined.match).actions)
    hub.stop()  # as good as a crash: the save holds every move, the lock goes with the process
    again = make_hub(tmp_path, worker)
    assert list(again.matches) == [joined.match]
    cyd = await named(again, CYD, "Cyd")
    row = protocol.LobbyRow.from_map((await cyd.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert row.match == joined.match and row.kinds == ["away", "away"]
    back = await Peer(again, ANN).open()
    await back.next(protocol.Joined)
    update = await back.next(Update, lambda m: m.whole_log)  # the notes and chat outlive the server, in order
    said, left, restarted = (
        update.events.index(line)
        for line in ("You say: back after the restart", "You leave; an AI plays the seat until your return.", RESUMED)
    )
    assert said < left < restarted  # (the restart said, or "away" then "back" read as walking off)
    bob = await Peer(again, BOB).open()
    await bob.next(protocol.Joined)
    over, _ = await asyncio.gather(play_turns(back, random.Random(2)), play_turns(bob, random.Random(3)))
    assert isinstance(over, MatchOver) and saved(again, joined.match).actions[: len(before)] == before
    again.stop()


async def test_chat_reaches_everyone_under_the_speakers_name_and_spectators_cannot_act(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, cyd = await named(hub, ANN, "Ann"), await named(hub, CYD, "Cyd")
    joined = await create(ann, ["you", "ai:easy"])
    await cyd.send(protocol.Watch(joined.match))
    await cyd.next(protocol.Joined)
    await ann.send(Chat(joined.match, 0, "three camels for your salt?", name="Cyd"))
    line = await cyd.next(Chat)
    assert (line.name, line.text, line.seat) == ("Ann", "three camels for your salt?", 0)
    await cyd.send(Chat(joined.match, None, "nice", name="Ann"))
    assert (await ann.next(Chat, lambda m: m.seat is None)).name == "Cyd"
    await cyd.send(Resign(joined.match, 0))
    assert "spectators" in (await cyd.next(protocol.Refused)).reason
    await cyd.send(protocol.LeaveMatch(joined.match))
    await cyd.next(protocol.Lobby)
    await ann.send(Resign(joined.match, 0))
    assert (await ann.next(protocol.Left)).reason == "you resigned"
    await ann.next(protocol.Lobby)
    await eventually(lambda: saved(hub, joined.match).status == "resigned")
    hub.stop()


def read_log(log: list[str], msg, seat: int | None) -> None:
    """``log`` as the table at ``seat`` shows it once ``msg`` arrived."""
    if isinstance(msg, Update):
        log[:] = list(msg.events) if msg.whole_log else log + list(msg.events)
    elif isinstance(msg, Chat):
        log.append(msg.words(seat))


async def talk_and_play(peer: Peer, seat: int, log: list[str], say: str, after: int, until: int) -> None:
    """Play ``peer``'s turns, saying ``say`` on its first turn from ``after`` on, until its turn
    ``until`` (left unplayed), keeping its log."""
    rng = random.Random(seat)
    while True:
        msg = await peer.next(object)
        read_log(log, msg, seat)
        if isinstance(msg, YourTurn):
            if msg.turn >= until:
                return
            if say and msg.turn >= after:
                await peer.send(Chat(msg.match, seat, say))
                say = ""
            await peer.send(Act(msg.match, seat, msg.turn, rng.choice(msg.legal)))


async def test_chat_said_before_a_reconnect_reads_in_its_place_in_the_log(tmp_path, worker):
    """The bug: coming back, the chat said before came after the whole log, out of its place."""
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.Watch(joined.match))
    await cyd.next(protocol.Joined)
    live: list[str] = []
    bob_plays = asyncio.create_task(talk_and_play(bob, 1, [], "salt for camels?", 3, 10**6))
    await talk_and_play(ann, 0, live, "hello", 0, 8)
    bob_plays.cancel()
    assert "You say: hello" in live and "Bob says: salt for camels?" in live
    await ann.close()  # on her turn: the match waits for her, and Cyd wonders
    await cyd.next(Update, lambda m: "Ann is away." in m.events)
    await cyd.send(Chat(joined.match, None, "where did Ann go?"))
    await cyd.next(Chat)
    back = await Peer(hub, ANN).open()
    await back.next(protocol.Joined)
    whole = (await back.next(Update, lambda m: m.whole_log)).events
    live = [line.replace("Open seat 2", "Bob") for line in live]  # (his seat's name before he sat down)
    assert whole[: len(live)] == live  # as she read it live, chat in its place among the moves
    assert whole[len(live) :] == ["You are away.", "Cyd (watching) says: where did Ann go?", "You are back."]
    hub.stop()


async def test_undo_never_crosses_another_persons_move(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)
    peers, rng = {0: ann, 1: bob}, random.Random(4)
    for _ in range(2):  # each plays once
        mover = load(SaveStore(hub.root), joined.match).state.to_move()
        turn = await peers[mover].next(YourTurn, lambda m: m.turn == len(saved(hub, joined.match).actions))
        await peers[mover].send(Act(turn.match, mover, turn.turn, rng.choice(turn.legal)))
        await eventually(lambda turn=turn: len(saved(hub, joined.match).actions) == turn.turn + 1)
    first = load(SaveStore(hub.root), joined.match).movers[0]
    await peers[first].send(UndoRequest(joined.match, first))
    rejected = await peers[first].next(Rejected)
    assert "cannot undo past" in rejected.reason and len(saved(hub, joined.match).actions) == 2
    hub.stop()


async def test_the_same_key_from_another_terminal_takes_the_seat_over(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann = await named(hub, ANN, "Ann")
    joined = await create(ann, ["you", "ai:easy"])
    again = await Peer(hub, ANN).open()
    assert (await again.next(protocol.Joined)).seat == 0
    assert "another terminal" in (await ann.next(protocol.Left)).reason
    await ann.next(protocol.Lobby)
    await ann.send(Sync(joined.match, 0))
    assert "not in that match" in (await ann.next(protocol.Refused)).reason  # the old terminal speaks for nobody
    await again.send(Sync(joined.match, 0))
    await again.next(Update, lambda m: m.whole_log)
    hub.stop()


CHAT_LINE = '{"type": "Chat", "match": "m1", "seat": 0, "text": "hi", "name": "Ann"}'


def chat_log(*lines: str, at: str = "") -> str:
    """A side log holding these chat lines (JSON), said where ``at`` says, and no notes."""
    return '{"chat": [' + ", ".join(lines) + '], "notes": []' + (f', "chat_at": {at}' if at else "") + "}"


@pytest.mark.parametrize(
    "data, reason",
    [
        ("[1, 2]", "not a match's side log"),
        ('{"chat": [1], "notes": []}', "not a list of chat lines"),
        (chat_log(CHAT_LINE.replace('"hi"', '"\\u001b[2J"')), "chat line"),
        (chat_log(CHAT_LINE.replace('"m1"', '"other"')), "another match"),
        (chat_log(CHAT_LINE.replace('"seat": 0', '"seat": 5')), "another match"),
        (chat_log(*[CHAT_LINE] * 51), "not a list of chat lines"),
        ('{"chat": [], "notes": [[-1, "Ann leaves."]]}', "notes are not"),
        ('{"chat": [], "notes": [[3, "Ann\\nleaves."]]}', "notes are not"),
        ('{"chat": [], "notes": [[3]]}', "notes are not"),
        (chat_log(CHAT_LINE, at="[]"), "chat_at is not"),
        (chat_log(CHAT_LINE, at="[[2, 1]]"), "chat_at is not"),  # after a note there is not
        (chat_log(CHAT_LINE, at="[[-1, 0]]"), "chat_at is not"),
        (chat_log(CHAT_LINE, at='[["2", 0]]'), "chat_at is not"),
    ],
)
def test_a_crafted_side_log_is_refused_with_its_reason(tmp_path, data, reason):
    path = tmp_path / "m1.json"
    path.write_text(data)
    with pytest.raises(ValueError, match=reason):
        load_side_log(path, "m1", 2)


def test_the_side_log_reads_back_as_it_was_kept(tmp_path):
    chat = [(2, 0, Chat("m1", 0, "salt for camels?", "Ann")), (4, 1, Chat("m1", None, "go on", "Cyd"))]
    notes = [(4, Event("{p0} leave{p0:s}; an AI plays the seat until {p0} come{p0:s} back."))]
    save_side_log(tmp_path / "m1.json", chat, notes)
    assert load_side_log(tmp_path / "m1.json", "m1", 2) == (chat, notes)
    assert load_side_log(tmp_path / "none.json", "m1", 2) == ([], [])
    (tmp_path / "old.json").write_text(chat_log(CHAT_LINE))  # kept before where it was said was
    assert load_side_log(tmp_path / "old.json", "m1", 2) == ([(LATE, 0, Chat("m1", 0, "hi", "Ann"))], [])


async def test_a_person_who_leaves_their_seat_reads_away_at_the_table_until_they_come_back(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub, grace=60)
    await ann.next(MatchInfo, lambda m: m.seats[1] == "remote")  # Bob sat down
    await bob.send(protocol.LeaveMatch(joined.match))
    info, _ = await both(
        ann, (MatchInfo, lambda m: seat_kinds.is_away(m.seats[1])), (Update, lambda m: m.events == ["Bob is away."])
    )  # (in either order)
    assert info.seats[0] == "remote" and info.names[1] == "Bob"
    assert 0 < seat_kinds.stand_in_after(info.seats[1]) <= 60  # the grace counts down at Ann's table
    await bob.send(protocol.JoinSeat(joined.match, 1))
    # back; a drop inside the grace leaves its lines in the log
    await both(ann, (MatchInfo, lambda m: m.seats[1] == "remote"), (Update, lambda m: m.events == ["Bob is back."]))
    hub.stop()


@pytest.fixture
def memory_path(tmp_path):
    """A folder in memory where the system has one (/dev/shm): hundreds of saves, each fsynced,
    in a few seconds; else ``tmp_path``."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="caravan-test-") as folder:
        yield Path(folder)


@pytest.mark.thorough
async def test_a_session_ending_at_any_point_of_the_seat_hand_off_leaves_the_seat_to_someone(memory_path, worker):
    """Ann comes back to her seat (an AI stands in for her) again and again, and her session
    ends at a random point of each hand-off, from before she sits to after she has the seat:
    at every turn of the event loop her seat has her, her grace, or a stand-in (Bob stays at
    the table)."""
    hub = make_hub(memory_path, worker)
    ann, _bob, joined = await ann_and_bob(hub, grace=0)
    hosted = hub.matches[joined.match]
    await ann.close()
    rng, nobody, watching = random.Random(37), [], True

    def phase() -> str:
        """Where Ann's session is: before she sits, while the seat changes hands, after it has."""
        at = hosted.seated.get(0)
        if at is None or at.identity != ANN:
            return "before"
        return "during" if hosted._seat_change.locked() else "after"

    async def watch() -> None:
        while watching:
            if hosted.who_plays(0) == "nobody":
                nobody.append(trial)
            await asyncio.sleep(0)

    async def settled() -> None:
        """Until the stand-in has sat down again."""
        while (standing := hosted._grace.get(0)) is not None:
            await standing
        async with hosted._seat_change:
            assert hosted.who_plays(0) == "stand-in" and not hosted.host.seats[0].is_person

    trial, phases = 0, []
    watcher = asyncio.create_task(watch())
    for trial in range(200):
        await settled()
        target = rng.choice(["before", "during", "after"])
        extra = rng.randrange(2 if target == "before" else 8)  # (a session sits within a few turns)
        ours, theirs = socket.socketpair()  # (what the hub says to it is not read: no time spent on it)
        served = asyncio.create_task(hub.serve(*await asyncio.open_unix_connection(sock=theirs), ANN))
        for _ in range(100_000):  # (a bound, not a wait: it ends when the phase comes)
            if phase() == target or served.done():
                break
            await asyncio.sleep(0)
        for _ in range(extra):
            await asyncio.sleep(0)
        phases.append(phase())
        served.cancel()  # as a session's end does (pty_session)
        await asyncio.gather(served, return_exceptions=True)
        ours.close()
        assert hosted.who_plays(0) in ("grace", "stand-in"), f"trial {trial}: {hosted.who_plays(0)}"
    await settled()
    watching = False
    await watcher
    assert nobody == []
    assert all(phases.count(p) >= 20 for p in ("before", "during", "after")), phases
    assert saved(hub, joined.match).seats[0] == "ai:easy" and saved(hub, joined.match).status == "playing"
    hub.stop()


async def test_a_match_nobody_is_at_waits_for_its_people_and_resumes_when_one_comes_back(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub, grace=0)
    hosted, rng = hub.matches[joined.match], random.Random(6)
    # Bob plays until his first turn with Ann's stand-in at the table (played on, a quick
    # stand-in and Bob could finish the match before he leaves)
    stood_in = lambda m: saved(hub, joined.match).seats[0] == "ai:easy"  # noqa: E731
    bob_plays = asyncio.create_task(play_turns(bob, rng, until=stood_in))
    await play_turns(ann, rng, until=lambda m: m.turn >= 2)
    await ann.close()  # Bob is still at the table: an AI stands in for Ann
    assert isinstance(await asyncio.wait_for(bob_plays, WAIT), YourTurn)
    await bob.close()  # the last person leaves: the stand-in stops, and the match waits
    await eventually(lambda: saved(hub, joined.match).seats == [f"remote:{ANN}", f"remote:{BOB}"], "the seats kept")
    async with hosted._seat_change:  # (no seat change under way)
        assert [hosted.who_plays(seat) for seat in (0, 1)] == ["waits", "waits"]
        assert not hosted.runner.ai_seats and not hosted.seated  # nobody who could move
    before = saved(hub, joined.match)
    assert before.status == "playing" and len(before.actions) == hosted.host.turn
    cyd = await named(hub, CYD, "Cyd")
    row = protocol.LobbyRow.from_map((await cyd.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert (row.match, row.kinds, row.waiting) == (joined.match, ["away", "away"], True)
    back = await Peer(hub, BOB).open()  # one comes back: Ann's stand-in plays again, Bob plays on
    assert (await back.next(protocol.Joined)).seat == 1
    update = await back.next(Update, lambda m: m.whole_log)
    assert "Nobody is at the table: the AI standing in for Ann stops, and the match waits." in update.events
    over = await play_turns(back, rng)
    snap = saved(hub, joined.match)
    assert isinstance(over, MatchOver) and snap.status == "over"
    assert snap.actions[: len(before.actions)] == before.actions
    assert 0 in load(SaveStore(hub.root), joined.match).movers[len(before.actions) :]  # the stand-in played
    hub.stop()


@pytest.mark.thorough
async def test_a_match_whose_ais_finish_it_is_played_out_once_everyone_has_left(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    await ann.send(protocol.CreateMatch(GAME.id, ["you", "open"], dict(GAME.quick_options), 0, "easy", True))
    joined = await ann.next(protocol.Joined)
    await bob.send(protocol.JoinSeat(joined.match, 1))
    await bob.next(protocol.Joined)
    await ann.close()
    await bob.close()
    await eventually(lambda: saved(hub, joined.match).status == "over", "the AIs to finish the match")
    assert saved(hub, joined.match).seats == ["ai:easy", "ai:easy"]
    hub.stop()


async def test_a_guest_who_drops_takes_their_seat_back_with_its_code_from_the_stand_in(tmp_path, worker, caplog):
    """Over SSH, a guest's dropped line cost them the match: an AI played their seat for good,
    and their next visit (someone new) had no way back. The seat comes with a code, told to the
    guest alone; their seat waits the grace and a stand-in plays it until they are back, as a
    key's does; a later visit that enters the code takes it back under the seat's name. A wrong
    code changes nothing, and nobody else ever reads the code (nor the record, nor the log)."""
    caplog.set_level("DEBUG")
    hub = make_hub(tmp_path, worker)
    ann = await named(hub, ANN, "Ann")
    joined = await create(ann, ["you", "open"], grace=0)
    guest = await named(hub, guest_identity(), "Visitor", guest=True)
    await guest.send(protocol.JoinSeat(joined.match, 1))
    code = (await guest.next(protocol.Joined)).code
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code), code
    hosted = hub.matches[joined.match]
    assert (hosted.row(guest.identity).code, hosted.row(ANN).code, hosted.row(None).code) == (code, "", "")
    await guest.close()
    await eventually(lambda: saved(hub, joined.match).seats[1] == "ai:easy", "the stand-in in the guest's seat")
    assert hosted.record.owners == [ANN, guest.identity]  # kept for them
    await ann.next(Update, lambda m: "Visitor leaves; an AI plays the seat until their return." in m.events)
    assert hosted.row(ANN).kinds == ["person", seat_kinds.STANDING_IN]
    rng, stood_in = random.Random(3), False
    while not stood_in:  # Ann plays until the stand-in has made a move for the guest
        msg = await ann.next((YourTurn, Update))
        if isinstance(msg, YourTurn):
            await ann.send(Act(msg.match, msg.seat, msg.turn, rng.choice(msg.legal)))
        stood_in = 1 in load(SaveStore(hub.root), joined.match).movers
    other = await named(hub, guest_identity(), "Otto", guest=True)
    await other.send(protocol.SetName("Visitor"))  # the seat's name is not another visit's
    said = (await other.next(protocol.Refused)).reason
    assert said == f"Visitor {protocol.HELD_BY_A_SEAT}: {protocol.SEAT_CODE_WAY}", said
    wrong = "ABCD-EFGH" if code != "ABCD-EFGH" else "HGFE-DCBA"
    for typed in (wrong, "not a code"):
        await other.send(protocol.TakeSeatBack(typed))
        refused = (await other.next(protocol.Refused)).reason
        assert refused == NOT_A_SEAT_CODE
    await other.send(protocol.TakeSeatBack(wrong))
    await other.next(protocol.Refused)
    await other.send(protocol.TakeSeatBack(code))  # the fourth at once: too soon, even the right code
    assert (await other.next(protocol.Refused)).reason == "too many requests: wait a moment"
    assert hosted.record.owners == [ANN, guest.identity]  # nothing changed
    back = await Peer(hub, guest_identity(), guest=True).open()  # the guest's next visit, as yet unnamed
    assert not (await back.next(protocol.Welcome)).name
    await back.send(protocol.AskLeaderboard())  # (anything else waits for a name)
    assert (await back.next(protocol.Refused)).reason == "choose a name first"
    # the seat's code in place of a name (the name's question asks for it: "Visitor is taken by a
    # seat being played: if it is yours, its seat code takes it back"), in any case, no dash
    await back.send(protocol.TakeSeatBack(code.lower().replace("-", " ")))
    welcome = await back.next(protocol.Welcome)  # (the guest who played the seat: their finished matches too)
    assert (welcome.name, welcome.identity) == ("Visitor", guest.identity)
    retaken = await back.next(protocol.Joined)
    assert (retaken.seat, retaken.code) == (1, code)
    update = await back.next(Update, lambda m: m.whole_log)
    assert re.fullmatch(r"You are back; your stand-in made \d+ moves? \(in the log\)\.", update.events[-1])
    assert hosted.record.owners == [ANN, guest.identity]
    assert saved(hub, joined.match).seats[1] == f"remote:{guest.identity}"
    await ann.next(Update, lambda m: any(line.startswith("Visitor is back") for line in m.events))
    hub.stop()
    for peer in (ann, other):
        assert not any(code in word for word in peer.words), "another person read the code"
    kept = "".join(path.read_text() for path in (tmp_path / "hosted").rglob("*.json"))
    assert "codes" in kept and code not in kept and code.replace("-", "") not in kept
    assert code not in caplog.text


async def test_a_lobby_change_after_a_quiet_while_goes_out_at_once(tmp_path, worker, monkeypatch):
    """The bug: every change waited ``LOBBY_DELAY`` before reaching the lobbies, so a lobby said
    an AI was to move a second or two after its move was on the table. A change after a quiet
    while goes at once; the ones soon after it wait, together."""
    from caravan_tui.ssh import hub as hub_module

    monkeypatch.setattr(hub_module, "LOBBY_DELAY", 10 * WAIT)  # (waiting it would time out)
    hub = make_hub(tmp_path, worker)
    cyd = await named(hub, CYD, "Cyd")
    await cyd.next(protocol.Lobby)
    hub._lobby_sent = -math.inf  # (a quiet while since the last lobby)
    ann = await named(hub, ANN, "Ann")
    await cyd.next(protocol.Lobby, lambda m: "Ann" in m.online)
    await create(ann, ["you", "open"])
    assert hub._lobby_due is not None  # (soon after: it waits)
    hub.stop()


async def test_a_rematch_keeps_the_game_options_and_seats_and_invites_its_people_but_not_its_spectators(
    tmp_path, worker
):
    hub = make_hub(tmp_path, worker)
    ann, bob, first = await ann_and_bob(hub)
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.Watch(first.match))
    await cyd.next(protocol.Joined)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    await cyd.send(protocol.PlayAgain(first.match))  # a spectator did not play it
    assert "only those who played" in (await cyd.next(protocol.Refused)).reason
    for peer in (ann, bob, cyd):
        await peer.send(protocol.LeaveMatch(first.match))
        await peer.next(protocol.Lobby)
    await ann.send(protocol.PlayAgain(first.match))
    again = await ann.next(protocol.Joined)
    assert (again.match != first.match, again.seat, again.game) == (True, 0, GAME.id)
    # Ann's table says whom the seat waits for ("Seat 2 is open" read as anyone's), and how long
    kept = (await ann.next(MatchInfo)).seats[1]
    assert seat_kinds.is_invited(kept) and 0 < seat_kinds.stand_in_after(kept) <= 60, kept
    before, now = saved(hub, first.match), saved(hub, again.match)
    assert (now.options, now.names, now.seats) == (before.options, ["Ann", "Bob"], [f"remote:{ANN}", "remote"])
    row = protocol.LobbyRow.from_map((await bob.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert (row.match, row.invited, row.free) == (again.match, True, [1])  # Bob's seat is kept for him
    row = protocol.LobbyRow.from_map((await cyd.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert (row.invited, row.free, row.kinds[1]) == (False, [], "invited")
    assert row.ratings[1] == hub.standings.shown(GAME.id, BOB) != ""  # the invited person's rating, as Ann's
    await cyd.send(protocol.JoinSeat(again.match, 1))
    assert "kept for" in (await cyd.next(protocol.Refused)).reason
    await bob.send(protocol.JoinSeat(again.match, 1))
    assert (await bob.next(protocol.Joined)).seat == 1
    assert saved(hub, again.match).seats == [f"remote:{ANN}", f"remote:{BOB}"]
    hub.stop()


def hub_on(backend: str, tmp_path, worker, url: str | None) -> Hub:
    """A hub on the files under ``tmp_path``, or on the database at ``url``; another made the
    same way is that hub restarted."""
    if backend == "files":
        return make_hub(tmp_path, worker)
    from caravan_tui.pgstore import open_database

    store, keeping = open_database(url)
    hub = Hub(tmp_path, worker, iterations=5, store=store, keeping=keeping)
    hub.start()
    return hub


async def finished_by_ann_and_bob(hub: Hub) -> tuple[Peer, Peer, protocol.Joined]:
    """Ann and Bob play a match to its end, then go back to the lobby."""
    ann, bob, first = await ann_and_bob(hub)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    for peer in (ann, bob):
        await peer.send(protocol.LeaveMatch(first.match))
        await peer.next(protocol.Lobby)
    return ann, bob, first


@pytest.mark.thorough
async def test_two_asking_for_a_rematch_make_one_and_both_sit_in_it(tmp_path, worker):
    """The bug: each ``r`` made a rematch of its own, each waiting alone for the other."""
    hub = make_hub(tmp_path, worker)
    ann, bob, first = await finished_by_ann_and_bob(hub)
    await ann.send(protocol.PlayAgain(first.match))
    await bob.send(protocol.PlayAgain(first.match))
    theirs = await asyncio.gather(ann.next(protocol.Joined), bob.next(protocol.Joined))
    assert [(joined.match, joined.seat) for joined in theirs] == [(theirs[0].match, 0), (theirs[0].match, 1)]
    assert [m.match_id for m in hub.matches.values() if not m.over] == [theirs[0].match]
    assert hub.keeping.record(first.match).rematch == theirs[0].match
    assert saved(hub, theirs[0].match).seats == [f"remote:{ANN}", f"remote:{BOB}"]
    hub.stop()


async def test_a_rematch_s_kept_seat_outlives_a_restart_and_the_second_ask_after_it_joins(
    backend, tmp_path, worker, url
):
    hub = hub_on(backend, tmp_path, worker, url)
    ann, bob, first = await finished_by_ann_and_bob(hub)
    await bob.close()
    await ann.send(protocol.PlayAgain(first.match))
    again = await ann.next(protocol.Joined)
    await ann.close()
    hub.stop()

    hub = hub_on(backend, tmp_path, worker, url)  # restarted: what was promised is kept
    assert list(hub.matches) == [again.match]
    cyd = await named(hub, CYD, "Cyd")
    row = protocol.LobbyRow.from_map((await cyd.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert (row.match, row.kinds, row.free, row.invited) == (again.match, ["away", "invited"], [], False)
    await cyd.send(protocol.JoinSeat(again.match, 1))  # never offered to another key, nor taken by one
    assert "kept for" in (await cyd.next(protocol.Refused)).reason
    bob = await named(hub, BOB, "Bob")
    row = protocol.LobbyRow.from_map((await bob.next(protocol.Lobby, lambda m: m.matches)).matches[0])
    assert (row.kinds, row.free, row.invited) == (["away", "open"], [1], True)
    await bob.send(protocol.PlayAgain(first.match))  # his own ``r``, after the restart: the same rematch
    assert ((joined := await bob.next(protocol.Joined)).match, joined.seat) == (again.match, 1)
    record = hub.keeping.record(again.match)
    assert (record.owners, record.invited) == ([ANN, BOB], {})
    assert hub.store.read(again.match).seats == [f"remote:{ANN}", f"remote:{BOB}"]
    hub.stop()


@pytest.mark.thorough
async def test_a_rematch_s_kept_seat_declined_is_played_by_an_ai_and_the_asker_is_told(tmp_path, worker):
    """The bug: a rematch asked for by one person waited for the other for ever, who had no way
    to say no. Bob declines it from the lobby: an AI plays his seat from then on, and Ann is told
    so in a notice as well as her log (the log alone, under the moves, went unread); only the
    person a seat is kept for may decline it. Ann's record of the match names the AI she played,
    not Bob, who played none of it, as the log does ("AI 2 (easy)" beside the table's "Bob · AI
    standing in" named it two ways)."""
    hub = make_hub(tmp_path, worker)
    ann, bob, first = await finished_by_ann_and_bob(hub)
    await ann.send(protocol.PlayAgain(first.match))
    again = await ann.next(protocol.Joined)
    await bob.next(protocol.Lobby, lambda m: any(protocol.LobbyRow.from_map(row).invited for row in m.matches))
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.DeclineRematch(again.match))
    assert (await cyd.next(protocol.Refused)).reason == "no seat is kept for you in that match"
    await bob.send(protocol.DeclineRematch(again.match))
    mine = await bob.next(protocol.Told)
    assert (mine.text, mine.title) == ("You decline the rematch: an AI plays seat 2 from now on.", "Done")
    row = protocol.LobbyRow.from_map(
        (await bob.next(protocol.Lobby, lambda m: not any(r["invited"] for r in m.matches))).matches[0]
    )
    assert (row.match, row.free, row.kinds[1]) == (again.match, [], seat_kinds.STANDING_IN)
    update, told, turn = await both(
        ann,
        (Update, lambda m: any("rematch" in line for line in m.events)),
        (protocol.Told, lambda m: True),
        (YourTurn, lambda m: True),
    )
    assert "Bob declines the rematch: an AI plays the seat from now on." in update.events
    assert (told.text, told.title) == ("Bob declines the rematch: an AI plays seat 2 from now on.", "Rematch declined")
    assert saved(hub, again.match).seats == [f"remote:{ANN}", "ai:easy"]
    assert hub.keeping.record(again.match).invited == {}
    await bob.send(protocol.JoinSeat(again.match, 1))
    assert (await bob.next(protocol.Refused)).reason == "that seat is not free"
    await ann.send(Act(turn.match, turn.seat, turn.turn, turn.legal[0]))
    await play_turns(ann, random.Random(3))
    rows = {row.match: row for row in hub.finished.rows(ANN)}
    assert rows[again.match].names == ["Ann", "Bob's stand-in (AI easy)"]
    assert rows[first.match].names == ["Ann", "Bob"]
    hub.stop()


async def test_a_rematch_s_kept_seat_not_taken_within_the_grace_is_played_by_an_ai_until_its_person_takes_it(
    tmp_path, worker
):
    """The bug: the seat kept for Bob waited for him for ever while Ann's turns came and went.
    After the match's grace an AI plays it; Bob's Enter in the lobby still takes it."""
    hub = make_hub(tmp_path, worker)
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    first = await create(ann, ["you", "open"], grace=1)
    await bob.send(protocol.JoinSeat(first.match, 1))
    await bob.next(protocol.Joined)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    for peer in (ann, bob):
        await peer.send(protocol.LeaveMatch(first.match))
        await peer.next(protocol.Lobby)
    await ann.send(protocol.PlayAgain(first.match))
    again = await ann.next(protocol.Joined)
    told = await ann.next(MatchInfo, lambda m: m.match == again.match)
    assert told.seats[1] in ("invited:1", "invited:0"), told.seats  # (the table counts it down)
    update = await ann.next(Update, lambda m: any("not taken" in line for line in m.events))
    assert "Bob has not taken their seat: an AI plays it until Bob takes it." in update.events
    assert saved(hub, again.match).seats == [f"remote:{ANN}", "ai:easy"]
    assert hub.keeping.record(again.match).invited == {1: BOB}
    await bob.send(protocol.JoinSeat(again.match, 1))
    assert (await bob.next(protocol.Joined)).seat == 1
    assert saved(hub, again.match).seats == [f"remote:{ANN}", f"remote:{BOB}"]
    assert hub.keeping.record(again.match).owners == [ANN, BOB]
    hub.stop()


async def test_a_seat_kept_for_a_guest_is_open_to_anyone_once_they_leave(tmp_path, worker):
    """A guest's next visit is someone new: a rematch's seat kept for them would wait for good."""
    hub = make_hub(tmp_path, worker)
    ann = await named(hub, ANN, "Ann")
    first = await create(ann, ["you", "open"])
    guest = await named(hub, "guest:0123456789ab", "Visitor", guest=True)
    await guest.send(protocol.JoinSeat(first.match, 1))
    await guest.next(protocol.Joined)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(guest, random.Random(2)))
    await ann.send(protocol.PlayAgain(first.match))
    again = await ann.next(protocol.Joined, lambda m: m.match != first.match)
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.JoinSeat(again.match, 1))
    assert "kept for" in (await cyd.next(protocol.Refused)).reason
    await guest.close()
    assert hub.keeping.record(again.match).invited == {}
    await cyd.send(protocol.JoinSeat(again.match, 1))
    assert (await cyd.next(protocol.Joined)).seat == 1
    hub.stop()


async def test_a_finished_match_s_replay_goes_only_to_those_who_played_it(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    ann, bob, first = await ann_and_bob(hub)
    cyd = await named(hub, CYD, "Cyd")  # (asks, so that Ann's turns are not skipped waiting for a refusal)
    await cyd.send(protocol.WatchReplay(first.match))
    assert (await cyd.next(protocol.Refused)).reason == "that match is still being played"
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    for match in (first.match, "no-such-match"):  # one Cyd did not play, and none at all
        await cyd.send(protocol.WatchReplay(match))
        assert (await cyd.next(protocol.Refused)).reason == "you have no finished match of that name to replay"
    await ann.send(protocol.WatchReplay(first.match))
    replay = await ann.next(protocol.Replay)
    got = replay_snapshot(decode_snapshot(replay.snapshot)).snapshot
    assert (replay.match, got.status, got.names, got.actions) == (
        first.match,
        saved(hub, first.match).status,
        ["Ann", "Bob"],
        saved(hub, first.match).actions,
    )
    assert got.status != "playing"
    hub.stop()


@pytest.mark.thorough
async def test_a_finished_match_s_review_goes_only_to_those_who_played_it_with_its_progress(tmp_path, worker):
    from caravan_tui.ai.review import Review
    from caravan_tui.match_review import DRAWS_SHARE

    hub = make_hub(tmp_path, worker)
    ann, bob, first = await ann_and_bob(hub)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    cyd = await named(hub, CYD, "Cyd")
    await cyd.send(protocol.ReviewMatch(first.match))
    assert (await cyd.next(protocol.Reviewed)).failed == "you have no finished match of that name to review"
    await bob.send(protocol.ReviewMatch(first.match))
    progress = await bob.next(protocol.Reviewing)
    review = Review.from_data((await bob.next(protocol.Reviewed, lambda m: not m.failed)).review)
    assert (review.match_id, review.seat, review.iterations) == (first.match, 1, 5)
    judged = len(review.decisions) + len(review.others)  # (and a share kept for the draws weighed after them)
    assert progress.total == judged + max(1, round(judged * DRAWS_SHARE)) and review.decisions
    assert (tmp_path / "reviews" / f"{first.match}.seat2.msgpack").is_file()  # kept beside the server's saves
    hub.stop()


async def test_a_persons_quick_lookups_pass_and_a_flood_is_refused_in_one_line(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann = await named(hub, ANN, "Ann")
    await named(hub, BOB, "Bob")
    for whose in ("", "Bob", "Ann"):  # own record, then someone's, then back: within a second
        await ann.send(protocol.AskHistory(whose))
        answer = await ann.next((protocol.History, protocol.Refused))
        assert isinstance(answer, protocol.History) and answer.name == (whose or "Ann"), answer
    for _ in range(20):
        await ann.send(protocol.AskHistory("Bob"))
    answers = [await ann.next((protocol.History, protocol.Refused)) for _ in range(20)]
    refused = [a.reason for a in answers if isinstance(a, protocol.Refused)]
    assert len(refused) >= 15 and set(refused) == {"too many requests: wait a moment"}
    hub.stop()


async def test_a_person_brought_back_from_a_server_that_went_reads_why_in_the_lobby_though_the_match_is_here(
    tmp_path, worker
):
    """The bug (once in a loaded run of ``tests/test_hosts.py``): Bob, at a match another server
    hosted over a link, read "the server hosting this match stopped: … enter in the lobby takes
    you back to it" and was seated again with no key pressed when his own server had taken the
    match over before his session was back at its hub (the hub seats a person arriving anew in
    their seat); when it had not, he was in the lobby. Either way now: the lobby, the match's
    row there, Enter."""
    from types import SimpleNamespace

    from caravan_tui.pgstore.link import GONE, Route

    hub = make_hub(tmp_path, worker)
    ann, bob, joined = await ann_and_bob(hub)  # the match this server took over, Bob's seat kept
    await bob.close()
    far_end: list[asyncio.StreamWriter] = []

    async def far_server_that_dies(*_where_and_who) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        ours, theirs = socket.socketpair()
        _, far_writer = await asyncio.open_unix_connection(sock=theirs)
        far_writer.write(encode({"type": "Joined", "match": joined.match}))  # Bob at its table, there
        far_end.append(far_writer)
        return await asyncio.open_unix_connection(sock=ours)

    async def host_of(match_id: str) -> None:
        return None  # (here)

    links = SimpleNamespace(hub=hub, _open=far_server_that_dies, host_of=host_of, remote_rows=[], online=[])
    links.lobby_changed, links.ping, links.quiet = asyncio.Event(), 60, 60
    ours, theirs = socket.socketpair()
    session_reader, session_writer = await asyncio.open_unix_connection(sock=ours)
    route_reader, route_writer = await asyncio.open_unix_connection(sock=theirs)
    routed = asyncio.create_task(Route(links, route_reader, route_writer, BOB, False).run(("far", 1)))
    try:

        async def frame() -> dict[str, Any]:
            header = await asyncio.wait_for(session_reader.readexactly(4), WAIT)
            body = await asyncio.wait_for(session_reader.readexactly(struct.unpack(">I", header)[0]), WAIT)
            return msgpack.unpackb(body, strict_map_key=False)

        assert (await frame())["type"] == "Joined"
        far_end[0].close()  # the far server is killed
        assert protocol.message_from_map(await frame()) == protocol.Left(joined.match, GONE)
        lobby = await frame()
        assert lobby["type"] == "Lobby", lobby  # (was: Joined, at once)
        (row,) = [protocol.LobbyRow.from_map(row) for row in lobby["matches"]]
        assert (row.match, row.yours) == (joined.match, 1)  # "You play seat 2": Enter takes him back
        session_writer.write(encode(protocol.JoinSeat(joined.match, 1).to_map()))
        while (answer := await frame())["type"] != "Joined":
            assert answer["type"] == "Lobby", answer
    finally:
        session_writer.close()
        routed.cancel()
        await ann.close()
        hub.stop()


async def ann_and_a_guest(hub: Hub) -> tuple[Peer, Peer, protocol.Joined]:
    """Ann creates a two-seat match and a guest, Gus, sits down in its open seat (the seat's code
    in ``Joined.code``)."""
    ann = await named(hub, ANN, "Ann")
    joined = await create(ann, ["you", "open"])
    gus = await named(hub, guest_identity(), "Gus", guest=True)
    await gus.send(protocol.JoinSeat(joined.match, 1))
    return ann, gus, await gus.next(protocol.Joined)


async def test_a_guest_s_seat_code_outlives_a_restart_and_takes_the_seat_back(tmp_path, worker):
    """Over SSH, a guest read "the match is saved" as the server stopped, and "1 match resumed"
    as it came back, of a match they never saw again (their next visit is someone new). The
    stop tells them their seat's code; the record keeps its hash; after the restart a new
    visit entering it is back at the seat."""
    hub = make_hub(tmp_path, worker)
    _, gus, joined = await ann_and_a_guest(hub)
    assert hub.farewell(ANN) == protocol.STOPPING_SAVED
    farewell = hub.farewell(gus.identity)
    assert farewell == protocol.STOPPING_GUEST.format(code=joined.code) and joined.code in farewell
    assert hub.farewell(guest_identity()) == protocol.STOPPING  # (a guest at no match)
    hub.stop()
    again = make_hub(tmp_path, worker)
    assert again.matches[joined.match].row(gus.identity).code == ""  # (only its hash was kept)
    back = await named(again, guest_identity(), "Guy", guest=True)
    await back.send(protocol.TakeSeatBack("ZZZZ-ZZZZ" if joined.code != "ZZZZ-ZZZZ" else "YYYY-YYYY"))
    await back.next(protocol.Refused)
    await back.send(protocol.TakeSeatBack(joined.code))
    welcome = await back.next(protocol.Welcome)
    assert (welcome.name, welcome.identity) == ("Gus", gus.identity)  # (Gus's finished matches with him)
    assert (await back.next(protocol.Joined)).code == joined.code  # (known again once entered)
    assert isinstance(await back.next(Update), Update)
    assert again.matches[joined.match].record.owners == [ANN, gus.identity]
    # stopped again, the connection that took the seat back is told its code (it read "connect
    # again later" alone: the server asked after the identity it connected as, seatless)
    assert again.farewell(back.identity) == protocol.STOPPING_GUEST.format(code=joined.code)
    ann = await Peer(again, ANN).open()  # Ann back too: the match plays on with both
    await ann.next(protocol.Joined)
    over, _ = await asyncio.gather(play_turns(back, random.Random(2)), play_turns(ann, random.Random(3)))
    assert isinstance(over, MatchOver)
    await back.send(protocol.TakeSeatBack(joined.code))  # the match is over: the code opens nothing
    await back.next(protocol.Refused)
    again.stop()


@pytest.mark.thorough
async def test_a_person_who_resigned_finds_the_match_among_their_finished_ones_once_it_ends(tmp_path, worker):
    """Over SSH, Ann resigned a match a guest then played to its end (unrated: one person with a
    key): her lobby's finished matches left it out, and `v` said there was none to review, while
    her record listed it. The lobby is read again for the match's people when it ends, and a
    seat given up is one of theirs."""
    hub = make_hub(tmp_path, worker)
    gus = await named(hub, guest_identity(), "Gus", guest=True)
    joined = await create(gus, ["you", "open"])
    ann = await named(hub, ANN, "Ann")
    await ann.send(protocol.JoinSeat(joined.match, 1))
    await ann.next(protocol.Joined)
    await ann.send(Resign(joined.match, 1))
    await ann.next(protocol.Left)
    await ann.next(protocol.Lobby)
    await play_turns(gus, random.Random(5))
    await gus.send(protocol.LeaveMatch(joined.match))  # (the match is done once nobody is at it)
    lobby = await ann.next(protocol.Lobby, lambda m: bool(m.finished))
    assert [protocol.FinishedRow.from_map(row).match for row in lobby.finished] == [joined.match]
    hub.stop()


async def test_a_guest_who_left_is_named_as_leaving_in_the_others_record(tmp_path, worker):
    """Over SSH, a guest's seat went to an AI for good ("Gus leaves; an AI plays the seat from now
    on."), and Ann's record read "Gus resigned": a guest who gives a seat up leaves it (the
    next visit is someone new); Ann's own result first, as the ratings count it (his seat last)."""
    from caravan_tui.screens.lobby import finished_words

    hub = make_hub(tmp_path, worker)
    ann, gus, joined = await ann_and_a_guest(hub)
    await gus.send(Resign(joined.match, 1))
    await gus.next(protocol.Left)
    await play_turns(ann, random.Random(6))
    await ann.send(protocol.AskHistory())
    (row,) = [protocol.FinishedRow.from_map(row) for row in (await ann.next(protocol.History)).matches]
    assert (row.resigned, row.left) == (1, True) and finished_words(row) == "You won, Gus left"
    hub.stop()


async def test_a_guest_back_after_a_restart_takes_their_own_name_again_and_no_other_guest_does(tmp_path, worker):
    """Over several servers, a guest's connection outlives the server that hosted their match:
    another takes it over, and the guest comes back to it under the same identity. The server's
    stop had ended their seat's session, and coming back they read "Gus is taken: choose another
    name": the name their seat shows held it against Gus himself. It is theirs again, and so is
    the seat; a guest of another visit, who cannot be told from someone borrowing the name, is
    still refused it (their seat's code is their way back: ``TakeSeatBack``)."""
    hub = make_hub(tmp_path, worker)
    _, gus, _ = await ann_and_a_guest(hub)
    await gus.close()
    hub.stop()
    again = make_hub(tmp_path, worker)
    back = await Peer(again, gus.identity, guest=True).open()
    await back.next(protocol.Welcome)
    await back.send(protocol.SetName("Gus"))
    answer = await back.next((protocol.Welcome, protocol.Refused))
    assert isinstance(answer, protocol.Welcome) and answer.name == "Gus", answer
    assert (await back.next(protocol.Joined)).seat == 1
    other = await Peer(again, guest_identity(), guest=True).open()
    await other.next(protocol.Welcome)
    await other.send(protocol.SetName("Gus"))
    assert (await other.next(protocol.Refused)).reason == "Gus is taken: choose another name"
    again.stop()


async def test_a_guests_record_asked_for_says_guests_keep_none(tmp_path, worker):
    """Over SSH, "n Someone" with the name of a guest who had just played read "nobody here keeps
    the name [b]z[/b]", as if no such person were there."""
    hub = make_hub(tmp_path, worker)
    await ann_and_a_guest(hub)  # (Gus, a guest, at the table)
    asker = await named(hub, guest_identity(), "Cy", guest=True)
    await asker.send(protocol.AskHistory("gus"))
    assert (
        await asker.next(protocol.Refused)
    ).reason == "gus plays as a guest: a guest's record is theirs alone to see"
    await asker.send(protocol.AskHistory("Nobody"))
    assert (await asker.next(protocol.Refused)).reason == "nobody here keeps the name Nobody"
    hub.stop()
