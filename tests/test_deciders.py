"""Who decided each move is part of the record (DESIGN §5): a stand-in's moves stay the
stand-in's in the saved match, its replay from every view, the log after a resume (from the
files or PostgreSQL) and what it weighed; older saves still load; a crafted record is refused."""

from __future__ import annotations

import random
import re
import zlib

import msgpack
import pytest
from rich.text import Text

from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, Bus, MatchInfo, Update, seat_address
from caravan_tui.engine import Event
from caravan_tui.games import GAMES, get_game
from caravan_tui.match.host import MatchHost
from caravan_tui.match.replay import ReplayClient
from caravan_tui.pgstore import open_database
from caravan_tui.saves import DamagedSave, SaveStore, codec
from caravan_tui.saves.backend import folded
from caravan_tui.saves.deciders import decided_by
from caravan_tui.saves.loading import load
from caravan_tui.saves.snapshot import SCHEMA, Record
from caravan_tui.screens.game import GameScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import TablePanel

from tables import wait_for

DECKTET = get_game("decktet_caravan")
PERSON, STAND_IN = SeatSpec("human"), SeatSpec.ai("easy")
REASON = "keeps the high cards"


def a_store(backend, tmp_path, url):
    return SaveStore(tmp_path) if backend == "files" else open_database(url)[0]


async def play(host: MatchHost, moves: int | None, rng: random.Random) -> None:
    """``moves`` moves (None: to the end), random but legal; the stand-in's (seat 1, once an AI
    has it) with what it weighed, as an AI seat sends them."""
    while host.status == "playing" and (moves is None or moves > 0):
        seat = host.state.to_move()
        action = rng.choice(host.state.legal_actions())
        weighed = [[action, 1.0, REASON]] if not host.seats[seat].is_person else []
        await host.handle(Act(host.match_id, seat, host.turn, action, weighed))
        moves = None if moves is None else moves - 1


async def bob_leaves(store, names=("Ann", "Bob")) -> tuple[MatchHost, int]:
    """Ann and Bob play four moves; Bob leaves and an AI stands in for him. The host, and the
    move the stand-in sat down at."""
    host = MatchHost.new(DECKTET.id, [PERSON, PERSON], list(names), 3, DECKTET.quick_options, store, Bus())
    await play(host, 4, random.Random(2))
    sat_down = host.turn
    await host.replace_seat(1, STAND_IN, Event("{p1} leave{p1:s}; an AI plays the seat until {p1} come{p1:s} back."))
    return host, sat_down


def stand_in_turns(host: MatchHost, since: int) -> list[int]:
    return [turn for turn, mover in enumerate(host.movers) if mover == 1 and turn >= since]


def lines_of(client: ReplayClient, turn: int) -> list[str]:
    """The log lines move ``turn`` added, as the replay shows them."""

    def log_at(position: int) -> list[str]:
        client.go_to(position)
        updates = [m for m in drained(client) if isinstance(m, Update)]
        return updates[-1].events

    before = log_at(turn)
    return log_at(turn + 1)[len(before) :]


def drained(client: ReplayClient) -> list:
    return [client.queue.get_nowait() for _ in range(client.queue.qsize())]


async def test_the_replay_names_the_stand_in_for_its_moves_in_every_view(tmp_path):
    store = SaveStore(tmp_path)
    host, sat_down = await bob_leaves(store)
    await play(host, None, random.Random(4))
    host.close()
    stood_in = stand_in_turns(host, sat_down)
    assert stood_in, "the stand-in made no move"
    replayed = load(store, host.match_id)
    assert replayed.snapshot.deciders == {turn: "stand-in:easy" for turn in stood_in}
    assert [decided_by(replayed.snapshot, turn, 1) for turn in range(sat_down)] == ["person"] * sat_down
    # (to Bob himself "Your stand-in …", never "You play …" nor his own name; to Ann in his
    # view, by name: "You play …" there read as her own)
    for seat, own, yours, stand_in in (
        (1, 1, "You ", "Your stand-in "),
        (None, None, "Bob ", "Bob's stand-in "),
        (1, 0, "Bob ", "Bob's stand-in "),
    ):
        client = ReplayClient(replayed, seat, own=own)
        info = next(m for m in drained(client) if isinstance(m, MatchInfo))
        assert info.seats[1] == "stand-in"  # the seat's last move was the stand-in's
        for turn in stood_in:
            lines = lines_of(client, turn)
            assert any(line.startswith(stand_in) for line in lines), (seat, lines)
            assert not any(line.startswith(yours) for line in lines), (seat, lines)
        bobs = next(turn for turn, mover in enumerate(host.movers) if mover == 1)
        assert any(line.startswith(yours.strip()) for line in lines_of(client, bobs))  # his own, before


@pytest.mark.parametrize("kind", ["files", pytest.param("postgres", marks=pytest.mark.postgres)])
async def test_a_resumed_match_still_names_the_stand_in(kind, tmp_path, request):
    """After a restart (files) or a takeover (another host on the same database), the log says
    which moves the stand-in made, and the stand-in's next move is recorded as its own."""
    url = request.getfixturevalue("database_url") if kind == "postgres" else None
    host, sat_down = await bob_leaves(a_store(kind, tmp_path, url))
    rng = random.Random(6)
    while not stand_in_turns(host, sat_down):
        await play(host, 1, rng)
    host.close()

    bus = Bus()
    again = MatchHost.resume(host.match_id, a_store(kind, tmp_path, url), bus)
    try:
        assert again.standing_in == {1: sat_down}
        bob, ann = bus.subscribe(seat_address(host.match_id, 1)), bus.subscribe(seat_address(host.match_id, 0))
        await again.start()
        for inbox, stand_in in ((bob, "Your stand-in "), (ann, "Bob's stand-in ")):
            log = next(m for m in drained_inbox(inbox) if isinstance(m, Update)).events
            assert any(line.startswith(stand_in) for line in log), log
        while again.state.to_move() != 1:
            await play(again, 1, rng)
        turn = again.turn
        await play(again, 1, rng)
        assert again.stood_in[turn] == "stand-in:easy"
    finally:
        again.close()
    assert turn in a_store(kind, tmp_path, url).read(host.match_id).deciders


def drained_inbox(inbox) -> list:
    return [inbox.get_nowait() for _ in range(inbox.queue.qsize())]


@pytest.mark.thorough
async def test_what_the_stand_in_weighed_names_it_and_a_hostile_name_stays_text(tmp_path):
    store = SaveStore(tmp_path)
    host, sat_down = await bob_leaves(store, names=("Ann", "[b]Bob[/b]"))
    await play(host, None, random.Random(4))
    host.close()
    turn = stand_in_turns(host, sat_down)[0]
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(host.match_id, seat=1, position=turn + 1)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted, "the replay")
        panel = app.screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.showing, "what the stand-in weighed")
        title = Text.from_markup(panel.border_title).plain  # (as the border shows it)
        assert title == "What [b]Bob[/b]'s stand-in weighed"  # (the side column's short title)
        assert REASON in panel.text
        assert app.screen.table.seat_name(1) == "[b]Bob[/b] · AI standing in"


def test_a_record_from_before_who_decided_loads_as_its_seats_own_kind():
    """Older records name no decider: a move reads as its seat's; a change of seats that gave a
    person's seat to an AI still says an AI stands in there from then on."""
    old = Record("move", 0, 1.0, ("pass",))
    assert codec.decode_record(codec.encode_record(old)).by == ""
    assert b"by" not in codec.encode_record(old)  # written as before: older readers take it
    header = codec.decode(codec.encode(snapshot := _snapshot()))
    records = [
        Record("move", 0, 2.0, ("pass",)),
        Record("seats", 1, 3.0, seats=["human", "ai:normal"], names=["Ann", "Bob"]),
    ]
    read = folded(header, records)
    assert read.deciders == {} and read.standing_in == {1: 1}
    assert decided_by(read, 0, 1) == "person"
    fields = {name: getattr(snapshot, name) for name in codec._FIELDS if name not in ("deciders", "standing_in")}
    older = codec.decode(codec._seal(msgpack.packb(fields, use_bin_type=True), SCHEMA))
    assert (older.deciders, older.standing_in) == ({}, {})


def _snapshot():
    from caravan_tui.saves.snapshot import Snapshot

    return Snapshot(
        match_id="m1", game_id=DECKTET.id, options={}, players=2, seats=["human", "human"], names=["Ann", "Bob"], seed=5
    )


@pytest.mark.parametrize("by", ["stand-in:[red]boss\nline", "you", "stand-in:", "", 7, ["person"], "stand-in:god"])
def test_a_crafted_decider_is_refused_in_one_line(by):
    body = msgpack.packb({"kind": "move", "turn": 0, "at": 1.0, "action": ["pass"], "by": by})
    with pytest.raises(DamagedSave) as refused:
        codec.decode_record(zlib.crc32(body).to_bytes(4, "big") + body)
    assert "\n" not in refused.value.reason and "[red]" not in refused.value.reason
    assert "'by' field is not person, ai or stand-in:LEVEL" in refused.value.reason


@pytest.mark.parametrize(
    ("deciders", "why"),
    [
        ({0: "person"}, "which the seat says already"),
        ({3: "stand-in:easy"}, "names move 4, but the log has 1"),
        ({0: "stand-in:?"}, "is not person, ai or stand-in"),
    ],
)
def test_a_crafted_record_of_deciders_is_refused(deciders, why):
    snapshot = _snapshot()
    snapshot.actions, snapshot.deciders = [("pass",)], deciders
    with pytest.raises(ValueError, match="who decided its moves") as refused:
        codec.encode(snapshot)
    assert why in str(refused.value)


async def test_a_stand_in_named_at_an_ai_seats_move_is_refused(tmp_path):
    store = SaveStore(tmp_path)
    host = MatchHost.new(
        DECKTET.id, [PERSON, SeatSpec("random")], ["Ann", "Rex"], 3, DECKTET.quick_options, store, Bus()
    )
    await play(host, 4, random.Random(2))
    ais = next(turn for turn, mover in enumerate(host.movers) if mover == 1)
    host.stood_in[ais] = "stand-in:easy"  # a crafted save: the random seat's move as a stand-in's
    host._open()
    host.close()
    with pytest.raises(DamagedSave, match=f"a stand-in decided move {ais + 1}, which an AI seat made"):
        load(store, host.match_id)


@pytest.mark.thorough
@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES.values() if 2 in g.players])
async def test_every_games_players_table_marks_the_stand_in(tmp_path, game):
    """A replay at a move Bob's stand-in made: the table marks his seat ("Bob·AI")."""
    store = SaveStore(tmp_path)
    host = MatchHost.new(game.id, [PERSON, PERSON], ["Ann", "Bob"], 3, game.quick_options, store, Bus())
    rng = random.Random(2)
    await play(host, 2, rng)
    sat_down = host.turn
    await host.replace_seat(1, STAND_IN, Event("{p1} leave{p1:s}."))
    while not stand_in_turns(host, sat_down):
        await play(host, 1, rng)
    host.close()
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=(100, 40)) as pilot:
        app.open_replay(host.match_id, seat=0, position=host.turn)
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view is not None, "the replay"
        )
        drawn = "\n".join(line for line in screen_lines(app.screen))
        assert "Bob·AI" in drawn, drawn


def test_an_undo_takes_back_who_decided_the_moves_it_takes_back():
    header = _snapshot()
    header.seats = ["human", "ai:easy"]
    header.standing_in = {1: 0}
    records = [
        Record("move", 0, 2.0, ("pass",), by="person"),
        Record("move", 1, 3.0, ("pass",), by="stand-in:easy"),
        Record("move", 2, 4.0, ("pass",), by="person"),
    ]
    assert folded(header, records).deciders == {1: "stand-in:easy"}
    assert folded(header, [*records, Record("undo", 1, 5.0)]).deciders == {}


async def test_the_replay_of_a_seat_given_up_names_the_ai_that_played_it_on_in_every_line_after(tmp_path):
    """Bob gave his seat up and an AI played it to a win: his replay read "You went out: +6 …
    The match is over: you win" of the AI's end (Ann's last play and the hand's end are her
    moves, which only the stand-in's own lines had named). Where he was only away, and came back
    or not, the seat stays his."""
    store = SaveStore(tmp_path)
    host, sat_down = await bob_leaves(store)
    await play(host, None, random.Random(4))
    host.close()
    replayed = load(store, host.match_id)
    first = stand_in_turns(host, sat_down)[0]

    def lines(client: ReplayClient) -> list[str]:
        return [m for m in drained(client) if isinstance(m, Update)][-1].events

    given_up = ReplayClient(replayed, 1, own=1, given_up=True)
    assert given_up.played_on == first
    after = lines(given_up)[len(lines(ReplayClient(replayed, 1, first, own=1, given_up=True))) :]
    assert after[-1] == "The match is over: your stand-in wins."
    assert not [line for line in after if re.search(r"\byou\b", line.replace("our stand-in", ""), re.I)], after
    # in Ann's view, to Bob: "Bob's stand-in", as its own moves read there
    assert lines(ReplayClient(replayed, 0, own=1, given_up=True))[-1] == "The match is over: Bob's stand-in wins."
    assert lines(ReplayClient(replayed, 1, own=1))[-1] == "The match is over: you win."


async def test_what_a_stand_in_weighed_names_its_seat_as_the_stand_in(tmp_path):
    """Bob's replay of a match he resigned: "What Bob's stand-in weighed" read "ends the game:
    Bob wins, 59 to 29" of the AI's own winning move."""
    store = SaveStore(tmp_path)
    host, sat_down = await bob_leaves(store)
    await play(host, None, random.Random(4))
    host.close()
    replayed = load(store, host.match_id)
    turn = stand_in_turns(host, sat_down)[-1]
    action = list(replayed.snapshot.actions[turn])
    replayed.snapshot.weighed[turn] = [[action, 1.0, "ends the game: {p1} win{p1:s}"]]
    _mover, lines = ReplayClient(replayed, 1, own=1, given_up=True).weighed(turn + 1)
    assert lines[0].endswith("ends the game: Bob's stand-in wins"), lines
    before = next(turn for turn, mover in enumerate(host.movers) if mover == 1)  # (Bob's own, before)
    replayed.snapshot.weighed[before] = [[list(replayed.snapshot.actions[before]), 1.0, "{p1} win{p1:s}"]]
    assert ReplayClient(replayed, 1, own=1).weighed(before + 1)[1][0].endswith(": Bob wins")  # (his own, by name)
