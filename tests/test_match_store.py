"""The store a match host writes through (``saves.backend.MatchStore``), against both backends:
the saves folder and a real PostgreSQL. The same calls give the same match back; the database's
own guarantees (one writer per match across hosts, a lock that dies with its host's connection,
a move that cannot be stored twice) are tested where only it has them."""

import dataclasses
import random

import psycopg
import pytest

from caravan_tui import bus as messages
from caravan_tui.bus import Bus
from caravan_tui.engine import Event
from caravan_tui.match.host import MatchHost, save_problem
from caravan_tui.pgstore import open_database
from caravan_tui.pgstore.db import DatabaseError
from caravan_tui.pgstore.matches import PgMatchStore, Superseded
from caravan_tui.saves.backend import MatchLocked
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.loading import load
from caravan_tui.saves.snapshot import Record, Snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import SeatSpec

GAME = "decktet_caravan"
PERSON = SeatSpec("human")


def a_store(backend, tmp_path, url):
    """A store as one host has it (each call: another host, on the same folder or database)."""
    return SaveStore(tmp_path) if backend == "files" else open_database(url)[0]


@pytest.fixture
def store(backend, tmp_path, url):
    return a_store(backend, tmp_path, url)


def snapshot(match_id="m1", actions=()):
    return Snapshot(
        match_id=match_id,
        game_id=GAME,
        options={},
        players=2,
        seats=["human", "ai:easy"],
        names=["Ann", "AI"],
        seed=5,
        actions=list(actions),
    )


def test_the_calls_give_the_match_back(store):
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("draw",)]))
        store.append(lock, Record("move", 1, 10.0, ("play", 3)))
        store.append(lock, Record("move", 2, 11.0, ("play", 4), [[("play", 4), 0.75, "the best"]]))
        store.append(lock, Record("move", 3, 12.0, ("discard", 1)))
        store.append(lock, Record("undo", 3, 13.0))
        store.append(lock, Record("seats", 3, 14.0, seats=["human", "ai:hard"], names=["Ann", "AI hard"]))
        read = store.read("m1")
        assert read.actions == [("draw",), ("play", 3), ("play", 4)]
        assert read.weighed == {2: [[("play", 4), 0.75, "the best"]]}
        assert (read.seats, read.names, read.status) == (["human", "ai:hard"], ["Ann", "AI hard"], "playing")
        store.append(lock, Record("end", 3, 15.0, status="resigned", result=[0.0, 1.0], resigned=0, state={"a": 1}))
    read = store.read("m1")
    assert (read.status, read.result, read.resigned, read.state) == ("resigned", [0.0, 1.0], 0, {"a": 1})
    assert read.actions == [("draw",), ("play", 3), ("play", 4)]
    assert [e.match_id for e in store.entries()] == ["m1"]
    store.delete("m1")
    assert store.entries() == []
    with pytest.raises(FileNotFoundError):
        store.read("m1")


def test_open_replaces_what_was_stored(tmp_path):
    """The saves folder is read by one host: ``open`` stores the match as that host has it."""
    store = SaveStore(tmp_path)
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("a",), ("b",), ("c",)]))
        store.open(lock, snapshot(actions=[("x",)]))
        store.append(lock, Record("move", 1, 1.0, ("y",)))
    assert store.read("m1").actions == [("x",), ("y",)]


def test_one_writer_per_match_across_hosts(backend, tmp_path, url):
    one, two = a_store(backend, tmp_path, url), a_store(backend, tmp_path, url)
    lock = one.lock("m1")
    with pytest.raises(MatchLocked):
        one.lock("m1")
    with pytest.raises(MatchLocked):
        two.lock("m1")
    two.lock("m2").release()  # another match is free
    lock.release()
    with two.lock("m1"):
        pass


@pytest.mark.postgres
def test_a_host_that_loses_its_connection_loses_its_matches(database_url):
    """Its lock ends with the connection (as when the host is killed): another host takes the
    match, and the first host's next write is refused rather than interleaved."""
    one, two = open_database(database_url, "one")[0], open_database(database_url, "two")[0]
    lock = one.lock("m1")
    one.open(lock, snapshot(actions=[("a",)]))
    one.append(lock, Record("move", 1, 1.0, ("b",)))
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid, 20000) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
            "AND datname = current_database() AND application_name = 'caravan-tui one'"
        )
    with two.lock("m1") as taken:
        assert two.read("m1").actions == [("a",), ("b",)]  # every acknowledged move
        two.open(taken, two.read("m1"))
        with pytest.raises(OSError, match="terminating connection") as cut:  # how it finds out
            one.append(lock, Record("move", 2, 2.0, ("c",)))
        assert save_problem(cut.value) == "the database cannot be reached"  # what people read of it
        with pytest.raises(OSError, match="no longer holds match m1"):  # and on a new connection
            one.append(lock, Record("move", 2, 2.0, ("c",)))
        two.append(taken, Record("move", 2, 2.0, ("d",)))
    assert two.read("m1").actions == [("a",), ("b",), ("d",)]


@pytest.mark.postgres
def test_open_appends_and_never_takes_a_stored_move_away(database_url):
    """A shared match's moves are appended, never replaced: ``open`` adds what the host has
    beyond them and refuses a host that lacks one (it is behind another host)."""
    store = open_database(database_url)[0]
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("a",), ("b",)]))
        store.open(lock, snapshot(actions=[("a",), ("b",), ("c",)]))
        with pytest.raises(Superseded):
            store.open(lock, snapshot(actions=[("x",)]))
        with pytest.raises(Superseded):
            store.open(lock, snapshot(actions=[("a",), ("b",)]))
        store.append(lock, Record("undo", 1, 2.0))
        store.append(lock, Record("move", 1, 3.0, ("d",)))
    assert store.read("m1").actions == [("a",), ("d",)]
    with psycopg.connect(database_url, autocommit=True) as admin:  # the undo is a record: every move stays
        assert admin.execute("SELECT count(*) FROM records WHERE match_id = 'm1'").fetchone() == (5,)


@pytest.mark.postgres
def test_a_log_brought_to_newer_rules_is_stored_after_an_undo(database_url):
    """A loader that upgraded a log may change moves already stored: the match is stored again
    as an undo back to where the two logs part, then the new moves, every old move kept."""
    store = open_database(database_url)[0]
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("a",), ("b",), ("c",)]))
    upgraded = dataclasses.replace(snapshot(actions=[("a",), ("x",), ("c",), ("d",)]), rules=1)
    with store.lock("m1") as lock:
        store.open(lock, upgraded)
    assert store.read("m1").actions == [("a",), ("x",), ("c",), ("d",)]
    with psycopg.connect(database_url, autocommit=True) as admin:
        assert admin.execute("SELECT count(*) FROM records WHERE match_id = 'm1'").fetchone() == (3 + 1 + 3,)


@pytest.mark.postgres
def test_a_write_from_an_older_epoch_is_refused(database_url):
    """Two stores on one connection hold the same (re-entrant) advisory lock, as a stale host
    and the one that took its match over might once the lock was free: the later ``open`` is a
    new epoch, and every write of the earlier one is refused from then on."""
    one = open_database(database_url)[0]
    two = PgMatchStore(one.db)
    first, second = one.lock("m1"), two.lock("m1")
    one.open(first, snapshot(actions=[("a",)]))
    two.open(second, two.read("m1"))
    with pytest.raises(Superseded):
        one.append(first, Record("move", 1, 1.0, ("b",)))
    with pytest.raises(Superseded):
        one.open(first, snapshot(actions=[("a",), ("b",)]))
    two.append(second, Record("move", 1, 1.0, ("c",)))
    assert one.read("m1").actions == [("a",), ("c",)]


@pytest.mark.postgres
def test_a_second_writer_cannot_store_a_move_at_a_turn_stored(database_url):
    """Two stores on one connection, in one epoch (as if the fence failed): only the key
    (match, seq) stands between them, and the second insert fails instead of forking."""
    one = open_database(database_url)[0]
    two = PgMatchStore(one.db)
    first, second = one.lock("m1"), two.lock("m1")
    one.open(first, snapshot())
    second.opened, second.epoch = True, first.epoch
    one.append(first, Record("move", 0, 1.0, ("a",)))
    with pytest.raises(DatabaseError, match="stored already"):
        two.append(second, Record("move", 0, 1.0, ("b",)))
    assert one.read("m1").actions == [("a",)]


@pytest.mark.postgres
def test_a_database_of_layout_1_keeps_its_moves(database_url):
    """Layout 1 kept a match's moves in ``moves``: a server of layout 2 starting on it copies
    them into the match's records once, and the match reads and plays on as it was."""
    store = open_database(database_url)[0]
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("a",), ("b",)]))
    with psycopg.connect(database_url, autocommit=True) as admin:  # as layout 1 left it
        admin.execute("INSERT INTO moves (match_id, turn, action, at) SELECT match_id, seq, record, 1.0 FROM records")
        admin.execute("DELETE FROM records")
        admin.execute("UPDATE caravan_schema SET version = 1")
    again = open_database(database_url)[0]
    assert again.read("m1").actions == [("a",), ("b",)]
    with again.lock("m1") as lock:
        again.open(lock, again.read("m1"))
        again.append(lock, Record("move", 2, 2.0, ("c",)))
    assert open_database(database_url)[0].read("m1").actions == [("a",), ("b",), ("c",)]


@pytest.mark.postgres
def test_hostile_rows_are_refused_with_their_reason(database_url):
    store = open_database(database_url)[0]
    with store.lock("m1") as lock:
        store.open(lock, snapshot(actions=[("a",), ("b",)]))
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("DELETE FROM records WHERE seq = 0")
    with pytest.raises(DamagedSave, match="missing or out of place"):
        store.read("m1")
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("UPDATE records SET record = '\\x00010203'")
    with pytest.raises(DamagedSave, match="checksum"):
        store.read("m1")
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("UPDATE matches SET header = 'not a save'")
    assert [(e.match_id, e.snapshot, e.error) for e in store.entries()] == [("m1", None, "not a caravan-tui save")]
    with store.lock("m1") as lock, pytest.raises(DamagedSave):
        store.open(lock, snapshot())  # a damaged match is never replaced


# -- the host through either backend ---------------------------------------------------------


async def play_moves(host: MatchHost, count: int, rng: random.Random) -> None:
    for _ in range(count):
        seat = host.state.to_move()
        await host.handle(messages.Act(host.match_id, seat, host.turn, rng.choice(host.state.legal_actions())))


async def test_a_host_resumed_by_another_host_has_every_acknowledged_move(backend, tmp_path, url):
    """A host plays, undoes, hands a seat to a stand-in and stops; another host (another store
    on the same folder or database) resumes the match exactly as the first acknowledged it."""
    bus = Bus()
    host = MatchHost.new(GAME, [PERSON, PERSON], ["Ann", "Bob"], 3, None, a_store(backend, tmp_path, url), bus)
    rng = random.Random(2)
    await play_moves(host, 6, rng)
    mover = host.state.to_move()
    await play_moves(host, 1, rng)
    await host.handle(messages.UndoRequest(host.match_id, mover))
    await host.replace_seat(1, SeatSpec.ai("easy"), Event("Bob steps away."), "Bob (AI)")
    await play_moves(host, 3, rng)
    acknowledged = (list(host.actions), list(host.snapshot.seats), list(host.snapshot.names))
    assert not host.unsaved
    host.close()

    other = a_store(backend, tmp_path, url)
    again = MatchHost.resume(host.match_id, other, Bus())
    try:
        assert (again.actions, again.snapshot.seats, again.snapshot.names) == acknowledged
        assert load(other, host.match_id).state.to_data() == host.state.to_data()
    finally:
        again.close()
