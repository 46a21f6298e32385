"""A save file changed under its writer loses nothing acknowledged (issue 63): each append first
proves that the file is as its writer left it (its size, and the chain of its last record), so
an older copy written over it in place, a truncation or another program's write is found at the
next move, never at the match's end; the move is kept in memory, the table says the match is not
saved, and the retry keeps the changed file aside byte for byte and writes the match anew. A file
replaced by an identical copy (a folder sync's rename) is taken back, and the table is told. A
recovery from damage is told once, not at every resume."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_match import drain, new_host
from test_save_failures import Clock, updates
from test_save_recovery import damaged_in_the_middle, game_damaged_in_the_middle, header, move

from caravan_tui.bus import Act, Bus, SaveStatus, Update, seat_address
from caravan_tui.engine import State
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost, Retry
from caravan_tui.saves import MatchLocked, Record, SaveStore
from caravan_tui.saves.backend import folded
from caravan_tui.saves.journal import frame, parse, seed
from caravan_tui.saves.loading import replay_snapshot
from caravan_tui.saves.store import CHANGED, TAKEN_BACK, SaveChanged

#: moves a match is played to at most (a short match: the copy comes early, then plenty follow)
MOVES = 40


@pytest.fixture
def store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    return store


def greedy(state: State, seat: int, rng: random.Random) -> tuple:
    """The action whose position the game's own estimate likes best for ``seat`` (of a few)."""
    legal = state.legal_actions()
    best, value = legal[0], -1.0
    for action in rng.sample(legal, min(len(legal), 8)):
        after = state.clone()
        after.apply(action, log=False)
        if (score := after.estimate()[seat]) > value:
            best, value = action, score
    return best


async def play_one(host: MatchHost, rng: random.Random) -> None:
    """One act by the seat to move: seat 0 greedy, the others at random."""
    seat = host.state.to_move()
    action = greedy(host.state, seat, rng) if seat == 0 else rng.choice(host.state.legal_actions())
    await host.handle(Act(host.match_id, seat, host.turn, action))


def notes(host: MatchHost) -> list[str]:
    return [event.text for _, event in host.notes]


def cp(source: bytes, path: os.PathLike, scratch: os.PathLike, *, alone: bool = True) -> None:
    """``cp scratch path`` with ``source`` in ``scratch``: the file at ``path`` written over in
    place (opened, truncated, written: the same file, the same inode). ``alone``: no writer
    runs meanwhile, so the inode is checked (a running writer may put a new file in place of
    the changed one between two looks, as it should)."""
    with open(scratch, "wb") as out:
        out.write(source)
    inode = os.stat(path).st_ino
    shutil.copyfile(scratch, path)
    assert not alone or os.stat(path).st_ino == inode


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES.values()])
async def test_an_older_copy_written_over_the_save_in_place_loses_no_acknowledged_move(game, store, tmp_path):
    bus, clock, rng = Bus(), Clock(), random.Random(5)
    host = new_host(game, bus, store, seed=3)
    host.retry = Retry(sleep=clock.sleep)
    seat0 = bus.subscribe(seat_address(host.match_id, 0))
    path = store.path(host.match_id)
    try:
        for _ in range(3):
            await play_one(host, rng)
        older = path.read_bytes()
        for _ in range(4):
            await play_one(host, rng)
        changed = host.turn
        acknowledged = [u.turn for u in updates(seat0) if not u.unsaved]
        assert acknowledged[-1] == changed and store.read(host.match_id).actions == host.actions

        cp(older, path, tmp_path / "older.msgpack")  # `cp older.msgpack <match>.msgpack`, mid-match
        await play_one(host, rng)  # found at the next move, which is kept in memory and shown unsaved
        assert host.unsaved == CHANGED
        assert [u.unsaved for u in updates(seat0)] == [CHANGED]
        assert path.read_bytes() == older  # nothing written onto a file this writer did not leave
        while host.turn < MOVES and host.status == "playing":
            await play_one(host, rng)  # play goes on from memory

        await clock.tick(host)  # the retry: the changed file kept aside, the match written anew
        assert host.unsaved == ""
        assert SaveStatus(host.match_id, 0, "") in drain(seat0)
        kept = store.folder / f"{host.match_id}.msgpack.damaged"
        assert kept.read_bytes() == older
        assert notes(host)[-1] == (
            f"The save file was changed by another program: it is kept as {kept.name}, "
            f"and the match is saved again with all {host.turn} moves."
        )
        saved = store.read(host.match_id)
        assert saved.actions == host.actions and saved.status == host.status
        assert replay_snapshot(saved).state.to_data() == host.state.to_data()
        if host.status == "playing":
            await play_one(host, rng)  # appended again, acknowledged once on disk
            assert [u.unsaved for u in updates(seat0)] == [""]
            assert store.read(host.match_id).actions == host.actions
    finally:
        host.close()
    resumed = MatchHost.resume(host.match_id, store, Bus())
    resumed.close()
    assert resumed.actions == host.actions and notes(resumed) == []  # told once, at the time


async def host_with_moves(store: SaveStore, moves: int = 4) -> tuple[MatchHost, Clock, random.Random]:
    game = GAMES["decktet_caravan"]
    clock, rng = Clock(), random.Random(2)
    host = new_host(game, Bus(), store, seed=9)
    host.retry = Retry(sleep=clock.sleep)
    for _ in range(moves):
        await play_one(host, rng)
    return host, clock, rng


@pytest.mark.parametrize("change", ["cut short", "cut to a whole record", "emptied", "written to", "zeros after it"])
async def test_a_save_changed_in_place_is_refused_at_the_next_move_kept_aside_and_written_anew(store, change):
    host, clock, rng = await host_with_moves(store)
    path = store.path(host.match_id)
    try:
        data = path.read_bytes()
        changed = {
            "cut short": data[:-5],
            "cut to a whole record": data[: -len(frame(parse(data).records[-1], 0)[0])],
            "emptied": b"",
            "written to": data + b"a line another program wrote\n",
            "zeros after it": data + bytes(64),
        }[change]
        with open(path, "r+b") as file:  # in place
            file.truncate(0)
            file.write(changed)
        await play_one(host, rng)
        assert host.unsaved == CHANGED and path.read_bytes() == changed
        await clock.tick(host)
        assert host.unsaved == ""
        assert (store.folder / f"{host.match_id}.msgpack.damaged").read_bytes() == changed
        assert store.read(host.match_id).actions == host.actions and host.turn == 5
    finally:
        host.close()


def test_a_file_of_the_same_size_with_another_history_is_refused_before_any_record(store, tmp_path):
    """With no record yet after the snapshot, the chain is the whole snapshot's CRC."""
    other = header(seed_=2)
    with store.lock("m") as lock:
        store.open(lock, header(seed_=1))
        path = store.path("m")
        mine = path.read_bytes()
        theirs = SaveStore(tmp_path / "other")
        with theirs.lock("m") as their_lock:
            theirs.open(their_lock, other)
        foreign = theirs.path("m").read_bytes()
        assert len(foreign) == len(mine) and foreign != mine
        cp(foreign, path, tmp_path / "foreign")
        with pytest.raises(SaveChanged):
            store.append(lock, move(0))
        assert path.read_bytes() == foreign
        store.open(lock, header(seed_=1))  # the host's retry: kept aside, written anew
        store.append(lock, move(0))
    assert store.read("m").actions == [("move", 0)]
    assert (store.folder / "m.msgpack.damaged").read_bytes() == foreign


def test_a_copy_of_the_same_bytes_written_in_place_as_a_record_is_appended_is_found_at_the_next(store):
    """``cp`` read the file before the append and wrote it back after: the record just
    acknowledged is gone from the file; the next append finds it shorter than its writer left it."""
    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        path = store.path("m")
        before = path.read_bytes()
        store.append(lock, move(1))  # acknowledged
        with open(path, "r+b") as file:
            file.truncate(0)
            file.write(before)
        with pytest.raises(SaveChanged):
            store.append(lock, move(2))
        store.open(lock, folded(header(), [move(0), move(1), move(2)]))
    assert store.read("m").actions == [("move", 0), ("move", 1), ("move", 2)]
    assert (store.folder / "m.msgpack.damaged").read_bytes() == before


def test_a_write_from_outside_while_a_record_is_appended_refuses_it(store, monkeypatch):
    from caravan_tui.saves import store as store_module

    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        sync = store_module._sync

        def and_another_program_writes(fd: int) -> None:
            with open(store.path("m"), "ab") as other:
                other.write(b"!")
            sync(fd)

        monkeypatch.setattr(store_module, "_sync", and_another_program_writes)
        with pytest.raises(SaveChanged):
            store.append(lock, move(1))


async def test_a_file_replaced_by_an_identical_copy_is_taken_back_and_the_table_told(store, tmp_path):
    host, _, rng = await host_with_moves(store)
    seat0 = host.bus.subscribe(seat_address(host.match_id, 0))
    path = store.path(host.match_id)
    try:
        copy = tmp_path / "synced"
        copy.write_bytes(path.read_bytes())
        os.replace(copy, path)  # a folder sync writes the same bytes anew and renames them over
        await play_one(host, rng)
        assert host.unsaved == ""  # saved in the copy, never shown unsaved
        assert notes(host)[-1] == TAKEN_BACK
        told = [u for u in drain(seat0) if isinstance(u, Update)]
        assert any(TAKEN_BACK in line for u in told for line in u.events)
        assert all(not u.unsaved for u in told)
        assert store.read(host.match_id).actions == host.actions
        with pytest.raises(MatchLocked):  # held: no second writer gets in
            store.lock(host.match_id)
        await play_one(host, rng)
        assert store.read(host.match_id).actions == host.actions and notes(host).count(TAKEN_BACK) == 1
    finally:
        host.close()


def test_an_identical_copy_renamed_over_before_a_reopen_is_taken_back_too(store, tmp_path):
    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        path = store.path("m")
        copy = tmp_path / "synced"
        copy.write_bytes(path.read_bytes())
        lock.close_journal()  # (as a retry does before it opens again)
        os.replace(copy, path)
        store.open(lock, store.read("m"))
        assert lock.notices == [TAKEN_BACK]
        store.append(lock, move(1))
    assert store.read("m").actions == [("move", 0), ("move", 1)]


def test_a_recovery_is_told_at_the_next_resume_only(store):
    game_damaged_in_the_middle(store)
    store.recover("decktet_caravan")
    first = MatchHost.resume("decktet_caravan", store, Bus())
    first.close()
    assert len(notes(first)) == 1 and notes(first)[0].startswith("This match was recovered from a damaged save")
    for _ in range(2):
        again = MatchHost.resume("decktet_caravan", store, Bus())
        again.close()
        assert notes(again) == []
    assert (store.folder / "decktet_caravan.msgpack.damaged").exists()  # still kept


def test_two_recoveries_before_the_match_is_opened_are_each_told_once(store):
    damaged_in_the_middle(store)
    store.recover("m")
    recovered = store.path("m").read_bytes()
    chain, parts = seed(recovered), []
    for turn in range(2, 6):
        framed, chain = frame(move(turn), chain)
        parts.append(framed)
    parts[1] = parts[1][:-2] + bytes([parts[1][-2] ^ 0xFF]) + parts[1][-1:]
    store.path("m").write_bytes(recovered + b"".join(parts))  # damaged again, after move 3
    store.recover("m")
    told = []
    for _ in range(3):
        with store.lock("m") as lock:
            store.open(lock, store.read("m"))
            told.append(list(lock.notices))
    assert told == [
        [
            "This match was recovered from a damaged save at move 2: 4 later changes could not be read "
            "(kept in m.msgpack.damaged).",
            "This match was recovered from a damaged save at move 3: 3 later changes could not be read "
            "(kept in m.msgpack.damaged-2).",
        ],
        [],
        [],
    ]


def test_a_file_changed_as_the_match_ends_is_not_compacted_but_kept_aside(store, monkeypatch):
    """At the end no next move would find a change out: compaction reads the file and proves it."""
    end = Record("end", 2, 3000.0, status="over", result=[1.0, 0.0], state={})
    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        store.append(lock, move(1))
        parsed = store._parsed

        def written_to_as_it_is_read(match_id: str):
            with open(store.path(match_id), "ab") as other:
                other.write(b"another program")
            return parsed(match_id)

        monkeypatch.setattr(store, "_parsed", written_to_as_it_is_read)
        with pytest.raises(SaveChanged):
            store.append(lock, end)
        monkeypatch.undo()
        changed = store.path("m").read_bytes()
        store.open(lock, folded(header(), [move(0), move(1), end]))
    assert store.read("m").status == "over" and store.read("m").actions == [("move", 0), ("move", 1)]
    assert (store.folder / "m.msgpack.damaged").read_bytes() == changed


WRITER = textwrap.dedent(
    """
    import signal
    import sys
    from pathlib import Path
    from caravan_tui.saves import Record, SaveStore, Snapshot
    from caravan_tui.saves.backend import folded
    from caravan_tui.saves.store import SaveChanged

    store = SaveStore(Path(sys.argv[1]))
    lock = store.lock("m")
    head = Snapshot(match_id="m", game_id="g", options={}, players=1, seats=["ai:normal"], names=["A"], seed=0)
    store.open(lock, head)
    records, asked_to_stop = [], []
    signal.signal(signal.SIGTERM, lambda *_: asked_to_stop.append(True))
    while True:
        last = bool(asked_to_stop)  # a move begun after the request: the last one
        records.append(Record("move", len(records), 1.0, ("move", len(records))))
        try:
            store.append(lock, records[-1])
        except SaveChanged:  # as the host does: the whole match from memory, the changed file kept aside
            store.open(lock, folded(head, records))
        print(len(records) - 1, flush=True)  # acknowledged
        if last:
            break
    """
)


@pytest.mark.thorough
def test_copies_written_over_a_save_as_it_is_appended_to_lose_no_acknowledged_move(store, tmp_path):
    """A real writer in another process, and ``cp`` of older and of current bytes over its file
    while it appends: every move it acknowledged is in the file in the end."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(store.root)], stdout=subprocess.PIPE, env=env, text=True
    )
    path, scratch, acknowledged, copies = store.path("m"), tmp_path / "copy", -1, 0
    try:

        def ack() -> None:
            nonlocal acknowledged
            assert writer.stdout.readline() == f"{acknowledged + 1}\n"
            acknowledged += 1

        for copy in range(12):  # (a store keeps 20 changed files of a match at most)
            ack()
            older = path.read_bytes()
            for _ in range(3):
                ack()
            # older bytes, or the current ones in flight
            cp(older if copy % 2 else path.read_bytes(), path, scratch, alone=False)
            copies += 1
        # the writer runs ahead of what has been read here, so the last copy may have come after
        # every move it has appended: asked to stop, it makes one more move, begun after the copy,
        # which finds the change (the next move always does) and writes the match anew
        writer.send_signal(signal.SIGTERM)
        assert writer.wait(timeout=60) == 0
        acknowledged += len(writer.stdout.read().split())
    finally:
        if writer.poll() is None:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
        writer.stdout.close()
    saved = store.read("m").actions
    assert len(saved) >= acknowledged + 1 and saved == [("move", turn) for turn in range(len(saved))]
    assert copies == 12


def test_a_copy_written_over_the_save_while_it_is_opened_anew_is_kept_aside_not_called_damaged(
    store, tmp_path, monkeypatch
):
    """The writer found its file changed and opened the match anew; a second copy, written in
    place as ``open`` read the file, left it empty at that moment: ``open`` called the save
    damaged and the writer stopped (the writer beside ``cp`` above met it on a busy machine).
    It looks again: the file is changed, kept aside, and the match written anew whole."""
    from caravan_tui.saves import Snapshot
    from caravan_tui.saves.codec import DamagedSave

    lock, path = store.lock("m"), store.path("m")
    head = Snapshot(match_id="m", game_id="g", options={}, players=1, seats=["ai:normal"], names=["A"], seed=0)
    records = [Record("move", turn, 1.0, ("move", turn)) for turn in range(3)]
    store.open(lock, head)
    store.append(lock, records[0])
    older = path.read_bytes()
    for record in records[1:]:
        store.append(lock, record)
    read = SaveStore._stored

    def read_as_the_copy_lands(self: SaveStore, match_id: str):
        monkeypatch.setattr(SaveStore, "_stored", read)
        cp(older, path, tmp_path / "copy")
        raise DamagedSave("m.msgpack is damaged (the file is empty); it was left untouched")

    monkeypatch.setattr(SaveStore, "_stored", read_as_the_copy_lands)
    store.open(lock, folded(head, records))
    assert store.read("m").actions == [("move", turn) for turn in range(3)]
    assert any("changed by another program" in notice for notice in lock.notices)
    lock.release()
