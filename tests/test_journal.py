"""The save as a journal (issue 33): one small append per move, a torn last record dropped, a
damaged file refused and never overwritten, compaction at the end, and no acknowledged move
lost to a kill at any instant."""

from __future__ import annotations

import random
import textwrap
import threading
import zlib
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_saves import run_until_killed

from caravan_tui import saves
from caravan_tui.bus import Bus
from caravan_tui.games import GAMES
from caravan_tui.match import host as host_module
from caravan_tui.match.host import MatchHost
from caravan_tui.saves import DamagedSave, MatchLocked, Record, SaveStore, Snapshot
from caravan_tui.saves.codec import MAX_RECORD, decode_record, encode_record
from caravan_tui.saves.journal import DamagedJournal, frame, parse
from caravan_tui.saves.loading import checked_entries, load
from caravan_tui.seats import SeatSpec

WAIT = 30  # seconds; only guards against a hung test, never asserted
ROWS = [[("move", 1), 0.75, "it wins the race"], [("move", 2), 0.25, "it blocks"]]


def header(match_id: str = "m") -> Snapshot:
    return Snapshot(
        match_id=match_id,
        game_id="g",
        options={},
        players=2,
        seats=["human", "ai:normal"],
        names=["Ann", "Bot"],
        seed=1,
        created=1000.0,
        updated=1000.0,
    )


def move(turn: int, weighed: bool = True) -> Record:
    return Record("move", turn, 2000.0 + turn, ("move", turn), ROWS if weighed and turn % 2 else [])


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path)


def size(record: Record) -> int:
    """The bytes ``record`` takes in a journal."""
    return len(frame(record, 0)[0])


def appended(data: bytes, *records: Record) -> bytes:
    """The journal ``data`` with ``records`` after it, each in the chain."""
    chain = parse(data).chain
    for record in records:
        framed, chain = frame(record, chain)
        data += framed
    return data


def journal(store: SaveStore, moves: int, match_id: str = "m") -> bytes:
    """A journal of ``moves`` moves written through the interface; its bytes."""
    with store.lock(match_id) as lock:
        store.open(lock, header(match_id))
        for turn in range(moves):
            store.append(lock, move(turn))
    return store.path(match_id).read_bytes()


# -- the format ----------------------------------------------------------------------------------


def test_a_move_is_one_record_appended_and_read_back_with_its_weighed_rows(store):
    data = journal(store, 5)
    parsed = parse(data)
    assert parsed.header.actions == [] and len(parsed.records) == 5 and parsed.whole == len(data)
    saved = store.read("m")
    assert saved.actions == [("move", turn) for turn in range(5)]
    assert saved.weighed == {1: ROWS, 3: ROWS}  # at the moves they were weighed for
    assert saved.updated == 2004.0


def test_an_append_writes_its_record_and_reads_nothing_whatever_the_length(store, monkeypatch):
    """The cost of a move does not grow with the match: the old store re-read and rewrote the
    whole snapshot on every move (O(n²) over a match)."""
    with store.lock("m") as lock:
        store.open(lock, header())
        monkeypatch.setattr(saves.store, "_read", lambda path: pytest.fail("an append read the file"))
        growth = []
        for turn in range(400):
            before = store.path("m").stat().st_size
            store.append(lock, move(turn, weighed=False))
            growth.append(store.path("m").stat().st_size - before)
    assert growth == [size(move(turn, weighed=False)) for turn in range(400)]


def test_undo_seats_and_end_records_fold_in_order(store):
    with store.lock("m") as lock:
        store.open(lock, header())
        for turn in range(4):
            store.append(lock, move(turn))
        store.append(lock, Record("undo", 2, 3000.0))
        store.append(lock, Record("seats", 2, 3001.0, seats=["ai:normal", "ai:normal"], names=["Sub", "Bot"]))
        store.append(lock, move(2))
        saved = store.read("m")
        assert saved.actions == [("move", 0), ("move", 1), ("move", 2)] and saved.weighed == {1: ROWS}
        assert saved.seats == ["ai:normal", "ai:normal"] and saved.names == ["Sub", "Bot"]
        store.append(lock, Record("end", 3, 3002.0, status="over", result=[1.0, 0.0], state={"done": True}))
    parsed = parse(store.path("m").read_bytes())
    assert parsed.records == [] and parsed.header.status == "over"  # compacted: one snapshot
    assert parsed.header.state == {"done": True} and parsed.header.actions == saved.actions


def test_a_long_match_is_compacted_past_the_bound(store, monkeypatch):
    monkeypatch.setattr(saves.store, "COMPACT_AFTER", 10)
    data = journal(store, 35)
    parsed = parse(data)
    # compacted past 10 records (at 11 moves), then past as many as the snapshot's moves (at 23)
    assert len(parsed.header.actions) == 23 and len(parsed.records) == 12
    assert store.read("m").actions == [("move", turn) for turn in range(35)]


# -- torn and damaged files ---------------------------------------------------------------------


def test_every_torn_last_record_is_dropped_back_to_the_last_whole_one(store):
    data = journal(store, 3)
    last = size(move(2))
    for cut in range(len(data) - last, len(data)):
        parsed = parse(data[:cut])
        assert [r.turn for r in parsed.records] == [0, 1] and parsed.whole == len(data) - last
    # a crash that left the file's end unwritten: zeros where the record was to be
    assert len(parse(data + bytes(300)).records) == 3


def test_a_file_of_frame_heads_each_claiming_a_long_record_is_damage_read_in_linear_time(store):
    """Crafted: a frame head every 14 bytes, each with a length whose own checksum holds and
    claiming 200 KiB. Looking for a whole record after the first one read every claimed record
    through: about 9 s a MB, hours for a file of 16 MiB. The search is bounded now, and the
    file is damage (never a tear that would drop whatever it holds)."""
    data = journal(store, 0)
    head = (8 + 200 * 1024).to_bytes(4, "big") + b"C"
    heads = (b"\xc9" + head + zlib.crc32(head).to_bytes(4, "big") + bytes(4)) * (2**20 // 14)
    with pytest.raises(DamagedJournal, match="damaged before its first move"):
        parse(data + heads)


def test_a_torn_header_is_damage_not_a_tear(store):
    data = journal(store, 0)
    with pytest.raises(DamagedSave, match="truncated"):
        parse(data[:-1])


@pytest.mark.thorough
def test_every_bit_flip_before_the_last_record_is_refused_and_one_in_it_is_a_tear(store):
    """Even one in a record's length: a length that ran past the file's end would otherwise
    pass for a torn record and drop every move after it. A flip in the last record after its
    marker is a tear: the save opens at the move before it, and says which change it dropped;
    but a flip of its marker leaves bytes that start no record, and one of its chain a whole
    record out of its place: both refused, and recoverable there."""
    data = journal(store, 3)
    start = len(data) - sum(size(move(turn)) for turn in range(3))
    last = len(data) - size(move(2))
    for byte in range(start, len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[byte] ^= 1 << bit
            if byte > last and byte not in range(last + 10, last + 14):
                parsed = parse(bytes(flipped))
                assert len(parsed.snapshot.actions) == 2 and parsed.torn == "the change after move 2"
                continue
            with pytest.raises(DamagedSave) as caught:
                parse(bytes(flipped))
            assert caught.value.reason and "\n" not in caught.value.reason and len(caught.value.reason) < 200


CRAFTED = [
    (lambda: encode_record(move(0))[:4] + msgpack.packb([1, 2]), "checksum"),
    (lambda: seal({"kind": "move", "turn": 0}), "no 'at' field"),
    (lambda: seal({"kind": "jump", "turn": 0, "at": 1.0}), "'kind' field is not one of"),
    (lambda: seal({"kind": "move", "turn": -1, "at": 1.0}), "'turn' field"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "action": "x"}), "'action' field"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "weighed": [[1, 2]]}), "'weighed' field"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "evil": 1}), "unknown field 'evil'"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "state": {"a": [[[[]]]] * 3}, 1: 2}), "unknown field"),
    (lambda: seal([1] * 10), "not a map"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "action": ["a"] * 100_001}), "more than 100000 items"),
    (lambda: seal({"kind": "move", "turn": 0, "at": 1.0, "action": ["a" * 60_000] * 5}), "more than 256 KiB"),
]


def framed(body: bytes, chain: int) -> tuple[bytes, int]:
    """``body`` framed as ``frame`` frames a record's bytes after ``chain``, whatever it holds;
    and its chain."""
    head = (8 + len(body)).to_bytes(4, "big") + b"C"
    link = zlib.crc32(body, chain)
    return b"\xc9" + head + zlib.crc32(head).to_bytes(4, "big") + link.to_bytes(4, "big") + body, link


def seal(fields) -> bytes:
    body = msgpack.packb(fields, use_bin_type=True)
    return zlib.crc32(body).to_bytes(4, "big") + body


@pytest.mark.parametrize(("crafted", "reason"), CRAFTED)
def test_a_crafted_record_is_refused_with_one_line(store, crafted, reason):
    """With a whole record after it (a damaged last record that fails its own check is a tear)."""
    data = journal(store, 2)
    bad, chain = framed(crafted(), parse(data).chain)
    data += bad + frame(move(2), chain)[0]
    with pytest.raises(DamagedSave, match=reason) as caught:
        parse(data)
    assert "\n" not in caught.value.reason
    if len(crafted()) <= MAX_RECORD:
        with pytest.raises(DamagedSave, match=reason):
            decode_record(crafted())


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        (move(5), "move 6 comes after 2 moves"),
        (Record("undo", 3, 1.0), "takes moves back to move 3 of 2"),
        (Record("seats", 2, 1.0, seats=["human"], names=["A"]), "seats after move 2 to ones that are not its players"),
        (Record("end", 1, 1.0, status="over"), "ends the match at move 1 of 2"),
    ],
)
def test_a_record_that_does_not_follow_is_refused(store, record, reason):
    path = store.path("m")
    path.parent.mkdir(parents=True)
    data = appended(journal(store, 2), record)
    path.write_bytes(data)
    with pytest.raises(DamagedSave, match=reason):
        store.read("m")


def test_nothing_may_follow_the_end(store):
    data = journal(store, 1)
    end = Record("end", 1, 1.0, status="over", result=[1.0, 0.0])
    store.path("m").write_bytes(appended(data, end, move(1)))
    with pytest.raises(DamagedSave, match="after the match ended"):
        store.read("m")


def test_stray_bytes_after_the_records_are_damage(store):
    data = journal(store, 2)
    store.path("m").write_bytes(data + b"\x01garbage")
    with pytest.raises(DamagedSave, match="damaged after move 2: unreadable bytes"):
        store.read("m")


def test_a_damaged_journal_is_never_overwritten(store):
    data = journal(store, 3)
    first = len(data) - sum(size(move(turn)) for turn in range(3))
    damaged = data[: first + 20] + b"\xff\xff\xff" + data[first + 23 :]  # the first record's bytes changed
    store.path("m").write_bytes(damaged)
    with store.lock("m") as lock, pytest.raises(DamagedSave, match=r"m\.msgpack is damaged .*untouched"):
        store.open(lock, header())
    assert store.path("m").read_bytes() == damaged
    assert [(e.match_id, e.error is not None) for e in store.entries()] == [("m", True)]


def test_appends_need_the_match_locked_and_opened(store, tmp_path):
    with store.lock("m") as lock:
        with pytest.raises(OSError, match="not open for writing"):
            store.append(lock, move(0))
        with pytest.raises(ValueError, match="not locked in"):
            SaveStore(tmp_path / "other").open(lock, header())
        with pytest.raises(ValueError, match="the lock is of match m, not n"):
            store.open(lock, header("n"))
        with pytest.raises(MatchLocked):
            store.lock("m")  # a second writer, in this process
        store.open(lock, header())
    with pytest.raises(ValueError, match="not locked"):
        store.append(lock, move(0))  # released: no more appends


# -- a host's match, killed at any instant -------------------------------------------------------


WRITER = textwrap.dedent(
    """
    import os, random, signal, sys
    from pathlib import Path
    from caravan_tui.saves import Record, SaveStore, Snapshot

    store, tear = SaveStore(Path(sys.argv[1])), int(sys.argv[2])
    real_write = os.write

    def write(fd, data):  # "tear": die with half of the record at the file's end
        if tear and len(data) > 8 and turn == tear:
            real_write(fd, data[: len(data) // 2])
            os.kill(os.getpid(), signal.SIGKILL)
        return real_write(fd, data)

    os.write = write
    rows = [[("move", 1), 0.5, "x" * 150]] * 3  # (as many and as long as an AI seat may record)
    lock, turn = store.lock("m"), -1
    store.open(lock, Snapshot(match_id="m", game_id="g", options={}, players=1, seats=["ai:normal"],
                              names=["A"], seed=0))
    turn = 0
    while True:
        store.append(lock, Record("move", turn, 1.0, ("move", turn), rows))
        print(turn, flush=True)  # acknowledged
        turn += 1
    """
)


def run_writer(root: Path, tear: int = 0, delay: float = 0.0) -> int:
    """Run WRITER until it tears its record ``tear`` or is SIGKILLed ``delay`` seconds after its
    first acknowledgement; the number of moves it acknowledged."""
    return 1 + len(run_until_killed(WRITER, str(root), str(tear), ready="0", delay=None if tear else delay).split())


@pytest.mark.thorough
@pytest.mark.parametrize("delay", [0.0, 0.02, 0.1])
def test_a_writer_killed_at_any_instant_loses_no_acknowledged_move(tmp_path, delay):
    acknowledged = run_writer(tmp_path, delay=delay)
    saved = SaveStore(tmp_path).read("m")
    assert len(saved.actions) >= acknowledged
    assert saved.actions == [("move", turn) for turn in range(len(saved.actions))]


@pytest.mark.thorough
def test_a_writer_killed_mid_append_leaves_a_torn_record_that_is_dropped(tmp_path):
    assert run_writer(tmp_path, tear=7) == 7
    store = SaveStore(tmp_path)
    assert parse(store.path("m").read_bytes()).whole < store.path("m").stat().st_size  # torn
    assert len(store.read("m").actions) == 7
    assert [(e.match_id, e.error) for e in store.entries()] == [("m", None)]
    with store.lock("m") as lock:  # a host opens it again and plays on from the last whole record
        store.open(lock, store.read("m"))
        store.append(lock, Record("move", 7, 1.0, ("move", 7)))
    parsed = parse(store.path("m").read_bytes())
    assert parsed.whole == store.path("m").stat().st_size and len(store.read("m").actions) == 8


# -- through the match host -------------------------------------------------------------------


async def test_a_host_resumes_a_torn_journal_and_plays_on(store):
    game = GAMES["camel_caravan"]
    seats = [SeatSpec("random")] * game.default_players
    host = MatchHost.new(game.id, seats, ["A", "B", "C", "D"][: len(seats)], 5, {}, store, Bus())
    rng = random.Random(5)
    for _ in range(6):
        seat = host.state.to_move()
        await host.handle(host_module.Act(host.match_id, seat, host.turn, rng.choice(host.state.legal_actions())))
    host.close()
    path = store.path(host.match_id)
    path.write_bytes(path.read_bytes()[:-5])  # the sixth move's record torn
    assert [e.error for e in checked_entries(store)] == [None]
    again = MatchHost.resume(host.match_id, store, Bus())
    assert again.actions == host.actions[:5] and not again.unsaved
    assert parse(path.read_bytes()).whole == path.stat().st_size  # stored whole again
    seat = again.state.to_move()
    await again.handle(host_module.Act(again.match_id, seat, again.turn, again.state.legal_actions()[0]))
    again.close()
    assert load(store, host.match_id).snapshot.actions == again.actions


@pytest.mark.thorough
@settings(max_examples=100, deadline=None, database=None)
@given(st.data())
def test_a_mutated_journal_is_refused_or_read_as_a_prefix_of_its_moves(tmp_path_factory, data):
    """Bytes changed, cut out or added anywhere after the snapshot: the file is refused with one
    line, or it reads as its first moves (a cut at the end is a tear), never as other moves."""
    store = SaveStore(tmp_path_factory.mktemp("home"))
    original = journal(store, 4)
    start = len(original) - sum(size(move(turn)) for turn in range(4))
    spot = data.draw(st.integers(start, len(original)))
    span = data.draw(st.integers(0, 16))
    stuff = data.draw(st.binary(max_size=16))
    mutated = original[:spot] + stuff + original[spot + span :]
    store.path("m").write_bytes(mutated)
    try:
        actions = store.read("m").actions
    except DamagedSave as exc:
        assert exc.reason and "\n" not in exc.reason and len(exc.reason) < 200
        return
    assert actions == [("move", turn) for turn in range(len(actions))]
    assert len(actions) == 4 or mutated != original


def test_letting_go_of_a_match_waits_for_the_append_under_way(store, monkeypatch):
    """A runner stopped as its host's last append is in its thread: the file is closed after
    the append, never under it (a closed descriptor's number can be another file's by then)."""
    real_sync, inside, go = saves.store._sync, threading.Event(), threading.Event()

    def sync(fd: int) -> None:
        inside.set()
        go.wait(WAIT)
        real_sync(fd)

    lock = store.lock("m")
    store.open(lock, header())
    monkeypatch.setattr(saves.store, "_sync", sync)
    failed: list[BaseException] = []

    def append() -> None:
        try:
            store.append(lock, move(0))
        except BaseException as exc:
            failed.append(exc)

    appending = threading.Thread(target=append)
    appending.start()
    assert inside.wait(WAIT)
    releasing = threading.Thread(target=lock.release)
    releasing.start()
    go.set()
    appending.join(WAIT)
    releasing.join(WAIT)
    assert failed == [] and store.read("m").actions == [("move", 0)]


class Watched:
    """A lock that says when someone first tries to take it."""

    def __init__(self, lock, tried: threading.Event) -> None:
        self.lock, self.tried = lock, tried

    def __enter__(self):
        self.tried.set()
        return self.lock.__enter__()

    def __exit__(self, *exc_info):
        return self.lock.__exit__(*exc_info)


def test_letting_go_of_a_match_waits_for_its_compaction_under_way(store, monkeypatch):
    """A match's end compacts its file in the append's thread, and the lock moves to the new
    file. A hub stopped meanwhile let go of the lock under it: the old file was closed twice
    ("Bad file descriptor"), or the new one stayed open and locked, and no window could open
    the match again."""
    real_replace, inside, go, tried = saves.store.replace_file, threading.Event(), threading.Event(), threading.Event()

    def replace_file(*args, **kwargs):
        inside.set()
        go.wait(WAIT)
        return real_replace(*args, **kwargs)

    lock = store.lock("m")
    store.open(lock, header())
    store.append(lock, move(0))
    monkeypatch.setattr(saves.store, "replace_file", replace_file)
    failed: list[BaseException] = []

    def end() -> None:
        try:
            store.append(lock, Record("end", 1, 3000.0, status="over", result=[1.0, 0.0], state={"done": True}))
        except BaseException as exc:
            failed.append(exc)

    def release() -> None:
        lock.release()
        tried.set()

    ending = threading.Thread(target=end)
    ending.start()
    assert inside.wait(WAIT)
    lock.busy = Watched(lock.busy, tried)
    releasing = threading.Thread(target=release)
    releasing.start()
    assert tried.wait(WAIT)  # the release waits for the compaction, or (the bug) is done already
    go.set()
    ending.join(WAIT)
    releasing.join(WAIT)
    assert failed == [] and (lock.held, lock.save_fd, lock.journal) == (False, None, None)
    store.lock("m").release()  # not held by anyone: another window opens it
    assert store.read("m").status == "over"


def test_a_match_whose_last_move_was_saved_but_not_its_end_loads_as_over(store):
    """A kill between the last move's record and the end's: the game says it is over."""
    game = GAMES["decktet_caravan"]
    state = game.new(2, seed=3, options=game.resolve_options(game.quick_options))
    snapshot = Snapshot(
        match_id="m",
        game_id=game.id,
        options=game.resolve_options(game.quick_options),
        players=2,
        seats=["ai:easy"] * 2,
        names=["A", "B"],
        seed=3,
        rules=game.rules_version,
    )
    rng = random.Random(3)
    with store.lock("m") as lock:
        store.open(lock, snapshot)
        turn = 0
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            state.apply(action, False)
            store.append(lock, Record("move", turn, 1.0, action))
            turn += 1
    loaded = load(store, "m")
    assert loaded.snapshot.status == "over" and loaded.snapshot.result == state.outcome()
    assert [e.error for e in checked_entries(store)] == [None]


async def test_opening_a_match_keeps_its_last_played_time_and_a_move_moves_it(store):
    """The bug: opening a match (a finished one to look at its table, too) stored it with the
    time it was opened, and the saves list, newest first, changed order under the cursor."""
    game = GAMES["decktet_caravan"]
    host = MatchHost.new(game.id, [SeatSpec("random")] * 2, ["A", "B"], 5, {}, store, Bus())
    seat = host.state.to_move()
    await host.handle(host_module.Act(host.match_id, seat, host.turn, host.state.legal_actions()[0]))
    host.close()
    played = load(store, host.match_id).snapshot.updated
    again = MatchHost.resume(host.match_id, store, Bus())
    again.close()
    assert load(store, host.match_id).snapshot.updated == played
    again = MatchHost.resume(host.match_id, store, Bus())
    seat = again.state.to_move()
    await again.handle(host_module.Act(again.match_id, seat, again.turn, again.state.legal_actions()[0]))
    again.close()
    assert load(store, host.match_id).snapshot.updated > played
