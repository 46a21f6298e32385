"""The message bus: msgpack round trips, addressing, ordering."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from caravan_tui import bus as messages
from caravan_tui.bus import MESSAGES, Bus, host_address, message_from_map, seat_address

VIEW = {"hand": ["2MK", "NV"], "scores": [0, 3], "up": ["1K", "NM"], "to_move": 1}

SAMPLES = [
    messages.YourTurn("m1", 0, 4, VIEW, [("play", ("2MK", 2), ("3MV", 3)), ("pass",)]),
    messages.Act("m1", 1, 4, ("play", ("2MK", 2), ("3MV", 3))),
    messages.Act("m1", 1, 6, ("pass",), [[("pass",), 0.625, "keeps both Crowns"], [("play", ("NV", 10)), 0.25, ""]]),
    messages.Rejected("m1", 1, 4, "not your turn"),
    messages.MatchInfo("m1", 0, "some_game", ["North", "South"], ["human", "ai:normal"], {"hands": 1}),
    messages.Update("m1", 0, 5, VIEW, ["North plays the Author", "South passes"]),
    messages.Update("m1", None, 5, VIEW, ["North passes"]),
    messages.Update("m1", 1, 6, VIEW, ["South passes"], unsaved="read-only file system"),
    messages.MatchOver("m1", [12.0, 7.0], [1.0, 0.0]),
    messages.MatchOver("m1", [2.0, 7.0], [0.0, 1.0], "resigned"),
    messages.HintRequest("m1", 0, 5),
    messages.Hint("m1", 0, 5, ("pass",), "pass"),
    messages.Hint(
        "m1", 0, 5, ("dir", 2), "north-west", [["north-west", 0.5, 0.6, "lays 2 wool"]], [("dir", 2), ("camel",)]
    ),
    messages.UndoRequest("m1", 0),
    messages.Resign("m1", 1),
    messages.SaveRequest("m1", 0),
    messages.Saved("m1", 0, False, "the file does not hold this match's moves"),
    messages.SaveStatus("m1", 0, "no space left on device"),
    messages.SaveStatus("m1", None),
    messages.Sync("m1", 0),
    messages.Thinking("m1", 1, 250, ("play", ("NV", 10))),
    messages.Thinking("m1", 1, 0),
]


def test_samples_cover_every_message_type():
    assert {type(m).__name__ for m in SAMPLES} == set(MESSAGES)


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: type(m).__name__)
def test_message_round_trips_through_msgpack(msg):
    packed = msgpack.packb(msg.to_map())
    back = message_from_map(msgpack.unpackb(packed, strict_map_key=False))
    assert back == msg
    assert type(back) is type(msg)


def test_actions_come_back_as_tuples():
    back = message_from_map(msgpack.unpackb(msgpack.packb(SAMPLES[0].to_map())))
    assert all(isinstance(a, tuple) for a in back.legal)
    assert back.legal[0][1] == ("2MK", 2)


def test_to_map_names_the_type():
    assert messages.Act("m", 0, 1, ("pass",)).to_map() == {
        "type": "Act",
        "match": "m",
        "seat": 0,
        "turn": 1,
        "action": ("pass",),
        "weighed": [],
    }


@pytest.mark.parametrize("bad", [{"type": "Nope"}, {"seat": 1}, ["Act"], {"type": 3}])
def test_unknown_message_is_a_clear_error(bad):
    with pytest.raises(ValueError, match=r"unknown message type|is a map"):
        message_from_map(bad)


def test_missing_field_is_a_clear_error():
    with pytest.raises(ValueError, match="bad Act message"):
        message_from_map({"type": "Act", "match": "m", "seat": 0})


async def test_publish_reaches_every_subscriber_of_the_address_in_order():
    bus = Bus()
    a, b = bus.subscribe(seat_address("m", 0)), bus.subscribe(seat_address("m", 0))
    other = bus.subscribe(seat_address("m", 1))
    first, second = messages.Resign("m", 0), messages.Sync("m", 0)
    assert await bus.publish(seat_address("m", 0), first) == 2
    assert bus.publish_nowait(("seat", "m", 0), second) == 2
    assert [await a.get(), await a.get()] == [first, second]
    assert [b.get_nowait(), b.get_nowait()] == [first, second]
    assert other.empty()


async def test_unsubscribed_address_drops_messages():
    bus = Bus()
    sub = bus.subscribe(host_address("m"))
    sub.close()
    assert await bus.publish(host_address("m"), messages.Resign("m", 0)) == 0
    assert sub.empty()


async def test_subscription_is_an_async_iterator():
    bus = Bus()
    sub = bus.subscribe(host_address("m"))
    msgs = [messages.Sync("m", 0), messages.Sync("m", 1)]
    for m in msgs:
        bus.publish_nowait(host_address("m"), m)
    got = []
    async for m in sub:
        got.append(m)
        if len(got) == 2:
            break
    assert got == msgs
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(sub.get(), 0.01)
