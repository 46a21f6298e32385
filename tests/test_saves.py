"""Saves: codec round trips, damage detection, the atomic store and log replay (DESIGN §5)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import msgpack
import platformdirs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caravan_tui import __version__
from caravan_tui.games import get_game
from caravan_tui.saves import SCHEMA, DamagedSave, SaveStore, Snapshot, codec, decode, encode, new_match_id
from caravan_tui.saves.backend import MatchLocked
from caravan_tui.saves.loading import checked_entries, latest_unfinished, load, replay_snapshot

REPO = Path(__file__).resolve().parents[1]


def snapshot(match_id: str = "m1", **changes) -> Snapshot:
    base = Snapshot(
        match_id=match_id,
        game_id="decktet_caravan",
        options={"variant": "basic", "hands": 3, "ratio": 0.5, "fast": True, "limit": None},
        players=2,
        seats=["human", "ai:normal"],
        names=["Ada", "Bot"],
        seed=42,
        actions=[("play", "2MK", ("3MV", 4)), ("pass",)],
        state={"turn": 3, "seats": {7: {"hand": [1, 2, 3]}}, "blob": b"\x00\x01"},
        created=1000.0,
        updated=2000.5,
        status="playing",
        result=None,
    )
    return replace(base, **changes)


def played(match_id: str = "g1", seed: int = 7, moves: int = 12) -> Snapshot:
    """A snapshot of a real Decktet Caravan match after ``moves`` random legal actions."""
    state = get_game("decktet_caravan").new(2, seed=seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(moves):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return Snapshot(
        match_id=match_id,
        game_id="decktet_caravan",
        options={},
        players=2,
        seats=["human", "random"],
        names=["Ada", "Random"],
        seed=seed,
        actions=actions,
        state=state.to_data(),
    )


def payload(**changes) -> dict:
    """The field map encode() would pack for snapshot(), with ``changes`` (None: drop the field)."""
    fields = {name: getattr(snapshot(), name) for name in codec._FIELDS}
    fields.update(changes)
    return {k: v for k, v in fields.items() if v is not None or k in ("result", "resigned")}


def seal(fields: dict, schema: int = SCHEMA) -> bytes:
    return codec._seal(msgpack.packb(fields, use_bin_type=True), schema)


# -- codec ---------------------------------------------------------------------------------------


def test_round_trip_restores_tuples_and_int_keys():
    original = snapshot(result=[3.0, 1.5], status="over")
    back = decode(encode(original))
    assert back == original
    assert all(type(a) is tuple for a in back.actions)
    assert back.actions[0][2] == ("3MV", 4)
    assert back.state["seats"][7] == {"hand": [1, 2, 3]}
    assert back.app_version == __version__
    assert (back.format, back.schema) == ("caravan-tui-save", SCHEMA)


action_parts = st.recursive(
    st.one_of(st.text(max_size=5), st.integers(-(2**63), 2**63 - 1)),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=8,
)
plain_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.text(),
        st.binary(),
        st.floats(allow_nan=False, allow_infinity=False),
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.one_of(st.text(max_size=5), st.integers(-99, 99)), inner, max_size=3)
    ),
    max_leaves=10,
)


@settings(max_examples=60, deadline=None, database=None)
@given(
    actions=st.lists(st.lists(action_parts, max_size=4).map(tuple), max_size=6),
    state=st.dictionaries(st.text(max_size=5), plain_values, max_size=4),
    result=st.none() | st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=2, max_size=2),
)
@pytest.mark.thorough
def test_round_trip_property(actions, state, result):
    original = snapshot(actions=actions, state=state, result=result)
    assert decode(encode(original)) == original


def test_new_match_id_is_unique_sortable_and_filename_safe():
    ids = [new_match_id() for _ in range(200)]
    assert len(set(ids)) == len(ids)
    assert all(i.replace("-", "").isalnum() and len(i) <= 24 for i in ids)
    assert sorted(i[:15] for i in ids) == [i[:15] for i in ids]  # time part never goes back


def test_new_match_ids_made_in_one_second_never_repeat_a_suffix(monkeypatch):
    """Two of 200 ids made at once were alike: the three random bytes drawn twice."""
    import secrets
    import time

    drawn, now = iter(["abcdef", "abcdef", "123456"]), time.gmtime()
    monkeypatch.setattr(secrets, "token_hex", lambda _bytes: next(drawn))
    monkeypatch.setattr(time, "gmtime", lambda *_: now)  # (both in one second)
    first, second = new_match_id(), new_match_id()
    assert first.endswith("-abcdef") and second.endswith("-123456")


def test_every_single_bit_flip_is_detected():
    data = encode(snapshot(actions=[("pass",)], state={"x": 1}))
    for index in range(len(data)):
        for bit in range(8):
            damaged = bytearray(data)
            damaged[index] ^= 1 << bit
            with pytest.raises(DamagedSave):
                decode(bytes(damaged))


def test_every_truncation_is_detected():
    data = encode(snapshot())
    for length in range(len(data)):
        with pytest.raises(DamagedSave):
            decode(data[:length])
    with pytest.raises(DamagedSave, match="truncated"):
        decode(data[:-1])
    with pytest.raises(DamagedSave, match="empty"):
        decode(b"")
    with pytest.raises(DamagedSave, match="stray data"):
        decode(data + b"\x00")


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_are_not_a_save(seed):
    data = random.Random(seed).randbytes(random.Random(seed).randrange(1, 300))
    with pytest.raises(DamagedSave, match="not a caravan-tui save"):
        decode(data)


@pytest.mark.parametrize(
    "data",
    [
        msgpack.packb({"format": "other-game-save", "schema": 1, "payload": b""}),
        msgpack.packb({"name": "x"}),
        msgpack.packb([1, 2, 3]),
        msgpack.packb("caravan-tui-save"),
        b'{"format": "caravan-tui-save"}',
    ],
)
def test_foreign_files_are_not_a_save(data):
    with pytest.raises(DamagedSave, match="not a caravan-tui save"):
        decode(data)


def test_checksum_mismatch_and_incomplete_header():
    data = encode(snapshot())
    envelope = msgpack.unpackb(data)
    envelope["payload"] = msgpack.packb({**payload(), "seed": 43})
    with pytest.raises(DamagedSave, match="checksum mismatch"):
        decode(msgpack.packb(envelope))
    del envelope["sha256"]
    with pytest.raises(DamagedSave, match="header is incomplete"):
        decode(msgpack.packb(envelope))


def test_newer_schema_is_refused():
    with pytest.raises(DamagedSave, match=f"newer caravan-tui .*schema {SCHEMA + 1}"):
        decode(seal(payload(), SCHEMA + 1))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seed": None}, "no 'seed' field"),
        ({"players": "2"}, "'players' field is not an integer"),
        ({"players": True}, "'players' field is not an integer"),
        ({"seats": ["human", 3]}, "'seats' field is not a list of strings"),
        ({"actions": [["play", 1.5]]}, "'actions' field is not a list of actions"),
        ({"actions": ["pass"]}, "'actions' field is not a list of actions"),
        ({"state": [1, 2]}, "'state' field is not a map"),
        ({"status": "paused"}, "'status' field is not one of playing, over, resigned"),
        ({"result": ["win", 0]}, "'result' field is not a list of numbers or nil"),
        ({"names": ["Ada"]}, "do not match its number of players"),
    ],
)
def test_missing_or_ill_typed_fields(changes, reason):
    with pytest.raises(DamagedSave, match=reason):
        decode(seal(payload(**changes)))


def test_contents_must_be_a_map():
    with pytest.raises(DamagedSave, match="not a map"):
        decode(codec._seal(msgpack.packb([1, 2]), SCHEMA))


def test_encode_refuses_what_could_not_be_read_back():
    with pytest.raises(ValueError, match="'actions' field"):
        encode(snapshot(actions=[("bid", 1.5)]))


def test_older_schema_is_migrated(monkeypatch):
    old = payload(names=None)  # pretend schema 0 had no player names
    data = seal(old, 0)
    with pytest.raises(DamagedSave, match="too old"):
        decode(data)
    monkeypatch.setitem(codec.MIGRATIONS, 0, lambda p: {**p, "names": ["P1", "P2"]})
    assert decode(data) == snapshot(names=["P1", "P2"], state={})


def test_schema_1_saves_name_the_resigned_seat_and_rebuild_their_state(tmp_path):
    """Schema 1 kept no resigned seat (its result has the loser at 0) and a state cache that the
    rules have since outgrown: it migrates, and loads by replaying its log."""
    store = SaveStore(tmp_path)
    game = played(moves=6)
    old = {name: getattr(game, name) for name in codec._FIELDS if name != "resigned"}
    old.update(status="resigned", result=[0.0, 1.0], state={"from": "an older version"})
    store.path("g1").parent.mkdir(parents=True)
    store.path("g1").write_bytes(seal(old, 1))
    migrated = store.read("g1")
    assert (migrated.resigned, migrated.state, migrated.actions) == (0, {}, game.actions)
    assert load(store, "g1").state.to_data() == game.state


def test_what_ai_decisions_weighed_round_trips_and_a_save_without_it_loads():
    game = played(moves=6)
    weighed = {1: [[game.actions[1], 0.625, "keeps the Huntress"], [("pass",), 0.25, ""]]}
    back = decode(encode(replace(game, weighed=weighed)))
    assert back.weighed == weighed and type(back.weighed[1][0][0]) is tuple
    older = {name: getattr(game, name) for name in codec._FIELDS if name != "weighed"}
    assert decode(seal(older)).weighed == {}


@pytest.mark.parametrize(
    "weighed, problem",
    [
        ([1, 2], "not a map from move numbers"),
        ({-1: []}, "not a map from move numbers"),
        ({"1": []}, "not a map from move numbers"),
        ({1: [["pass", 0.5, "x"]]}, "an action is a list"),
        ({1: [[["pass"], "half", "x"]]}, "share is from 0 to 1"),
        ({1: [[["pass"], 0.5]]}, "is \\[action, share, reason\\]"),
        ({1: [[[["a", 1.5]], 0.5, "x"]]}, "an action holds only words and whole numbers"),
    ],
)
def test_a_damaged_record_of_what_was_weighed_is_refused(weighed, problem):
    with pytest.raises(DamagedSave, match=f"weighed.*{problem}"):
        decode(seal(payload(weighed=weighed)))


# -- store ---------------------------------------------------------------------------------------


def test_write_read_list_delete(tmp_path):
    store = SaveStore(tmp_path)
    assert store.entries() == []
    store.write(snapshot("a"))
    store.write(snapshot("b", seed=5))
    assert store.read("b") == snapshot("b", seed=5)
    assert (tmp_path / "saves" / "a.msgpack").is_file()
    os.utime(store.path("a"), (3000, 3000))
    os.utime(store.path("b"), (2000, 2000))
    entries = store.entries()
    assert [(e.match_id, e.error, e.modified) for e in entries] == [("a", None, 3000), ("b", None, 2000)]
    assert entries[0].snapshot == snapshot("a")
    store.write(snapshot("a", actions=[("pass",)]))  # overwrite a healthy save
    assert store.read("a").actions == [("pass",)]
    with store.lock("a"), pytest.raises(MatchLocked):  # the bug: a window playing it wrote on to no file
        store.delete("a")
    assert store.read("a").actions == [("pass",)]
    store.delete("a")
    store.delete("a")  # already gone: nothing to do
    assert [e.match_id for e in store.entries()] == ["b"]
    with pytest.raises(FileNotFoundError):
        store.read("a")


def test_root_from_env_then_platformdirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path / "home"))
    store = SaveStore()
    store.write(snapshot("x"))
    assert (tmp_path / "home" / "saves" / "x.msgpack").is_file()
    assert SaveStore(tmp_path / "explicit").folder == tmp_path / "explicit" / "saves"
    monkeypatch.delenv("CARAVAN_TUI_HOME")
    assert SaveStore().root == Path(platformdirs.user_data_dir("caravan-tui"))


@pytest.mark.parametrize("bad", ["", "../x", "a/b", "a\\b", ".hidden", "..", "c:x", "a\0b"])
def test_invalid_match_ids_are_refused(tmp_path, bad):
    store = SaveStore(tmp_path)
    with pytest.raises(ValueError, match="invalid match id"):
        store.path(bad)
    with pytest.raises(ValueError, match="invalid match id"):
        store.write(snapshot(bad))


def test_leftover_temp_file_is_ignored(tmp_path):
    store = SaveStore(tmp_path)
    store.write(snapshot("m"))
    newer = encode(snapshot("m", actions=[]))
    (store.folder / ".m-crashed.tmp").write_bytes(newer[: len(newer) // 2])
    assert [(e.match_id, e.error) for e in store.entries()] == [("m", None)]
    assert store.read("m") == snapshot("m")
    store.write(snapshot("m", seed=1))  # and it does not get in the way of the next write
    assert store.read("m").seed == 1


def test_failed_write_keeps_the_previous_save(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.write(snapshot("m"))

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        store.write(snapshot("m", seed=1))
    assert store.read("m") == snapshot("m")
    assert sorted(p.name for p in store.folder.iterdir()) == ["m.msgpack"]  # temp cleaned up


WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from caravan_tui.saves import SaveStore, Snapshot

    store, kill_at = SaveStore(Path(sys.argv[1])), sys.argv[2]
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):  # "fsync": die with the new snapshot in the temp file, not yet renamed
        if kill_at == "fsync" and seed == 1:
            os.kill(os.getpid(), signal.SIGKILL)
        real_fsync(fd)

    def replace(src, dst):  # "replace": die just after the rename, before the folder's fsync
        real_replace(src, dst)
        if kill_at == "replace" and seed == 1:
            os.kill(os.getpid(), signal.SIGKILL)

    os.fsync, os.replace = fsync, replace
    blob = ["x" * 1000] * 2000  # 2 MB, in strings a save allows
    seed = 0
    while True:
        store.write(Snapshot(match_id="m", game_id="g", options={}, players=1, seats=["human"],
                             names=["A"], seed=seed, actions=[("n", seed)],
                             state={"seed": seed, "blob": blob}))
        if seed == 0:
            print("ready", flush=True)
        seed += 1
    """
)


def run_until_killed(script: str, *args: str, ready: str, delay: float | None = None) -> str:
    """Run ``script`` (Python, given ``args``) until it is SIGKILLed: by itself (``delay`` None)
    or ``delay`` seconds after it printed its ``ready`` line; what it printed after that line."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    writer = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert writer.stdout.readline() == f"{ready}\n"
        if delay is not None:
            time.sleep(delay)  # not to wait for something: the kill is to land anywhere
            writer.send_signal(signal.SIGKILL)
        said = writer.stdout.read()
        writer.wait(timeout=60)
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL
    return said


def run_writer(root: Path, kill_at: str, delay: float | None = None) -> None:
    """Run WRITER until it dies at ``kill_at``, or SIGKILL it ``delay`` seconds into its loop."""
    run_until_killed(WRITER, str(root), kill_at, ready="ready", delay=delay)


@pytest.mark.thorough
@pytest.mark.parametrize(("kill_at", "seed"), [("fsync", 0), ("replace", 1)])
def test_writer_killed_mid_write_leaves_a_loadable_save(tmp_path, kill_at, seed):
    run_writer(tmp_path, kill_at)
    store = SaveStore(tmp_path)
    assert any(p.suffix == ".tmp" for p in store.folder.iterdir()) == (kill_at == "fsync")
    assert store.read("m").state["seed"] == seed
    assert [(e.match_id, e.error) for e in store.entries()] == [("m", None)]
    store.write(replace(store.read("m"), seed=9))  # a leftover temp file does not block saving
    assert store.read("m").seed == 9


@pytest.mark.thorough
@pytest.mark.parametrize("delay", [0.0, 0.05])
def test_writer_killed_at_any_time_leaves_a_loadable_save(tmp_path, delay):
    run_writer(tmp_path, "random", delay)
    store = SaveStore(tmp_path)
    saved = store.read("m")
    assert saved.actions == [("n", saved.seed)] and saved.state["seed"] == saved.seed
    assert [(e.match_id, e.error) for e in store.entries()] == [("m", None)]


def test_damaged_files_are_listed_with_a_reason(tmp_path):
    store = SaveStore(tmp_path)
    store.write(snapshot("good"))
    data = encode(snapshot("x"))
    flipped = bytearray(data)
    flipped[len(data) - 20] ^= 0x04
    files = {
        "truncated": data[: len(data) // 2],
        "random": random.Random(1).randbytes(500),
        "flipped": bytes(flipped),
        "foreign": msgpack.packb({"format": "chess-save", "moves": ["e4"]}),
        "empty": b"",
        "renamed": encode(snapshot("other")),
    }
    for name, content in files.items():
        (store.folder / f"{name}.msgpack").write_bytes(content)
    (store.folder / "notes.txt").write_text("not a save, not listed")
    entries = {e.match_id: e for e in store.entries()}
    assert set(entries) == {"good", *files}
    reasons = {name: entries[name].error for name in files}
    assert reasons == {
        "truncated": "the save is truncated",
        "random": "not a caravan-tui save",
        "flipped": "checksum mismatch: the save was damaged or altered",
        "foreign": "not a caravan-tui save",
        "empty": "the file is empty",
        "renamed": "the file is named renamed but holds match other",
    }
    assert all(entries[name].snapshot is None for name in files)
    assert entries["good"].error is None


def test_unreadable_file_is_listed_not_raised(tmp_path):
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    (store.folder / "dir.msgpack").mkdir()
    [entry] = store.entries()
    assert entry.match_id == "dir" and entry.snapshot is None and entry.error == "not a regular file"


def test_damaged_file_is_never_overwritten(tmp_path):
    store = SaveStore(tmp_path)
    damaged = encode(snapshot("m"))[:-5]
    store.folder.mkdir(parents=True)
    store.path("m").write_bytes(damaged)
    with pytest.raises(DamagedSave, match=r"m\.msgpack is damaged .*truncated.*untouched"):
        store.write(snapshot("m"))
    assert store.path("m").read_bytes() == damaged
    assert [p.name for p in store.folder.iterdir()] == ["m.msgpack"]


def test_latest_unfinished(tmp_path):
    store = SaveStore(tmp_path)
    assert latest_unfinished(store) is None
    store.write(replace(played("old"), updated=10.0))
    store.write(replace(played("new"), updated=30.0))
    store.write(replace(played("lie"), updated=40.0, status="over", result=[1.0, 0.0]))  # not finished
    done = played("done", moves=10_000)
    store.write(
        replace(done, updated=50.0, status="over", result=get_game("decktet_caravan").from_data(done.state).outcome())
    )
    store.write(replace(played("quit"), updated=60.0, status="resigned", resigned=0, result=[0.0, 1.0]))
    (store.folder / "junk.msgpack").write_bytes(b"junk")
    assert latest_unfinished(store).match_id == "new"
    damaged = {entry.match_id: entry.error for entry in checked_entries(store) if entry.error}
    assert set(damaged) == {"lie", "junk"} and "not finished" in damaged["lie"]


def test_the_list_is_in_the_order_matches_were_last_played_and_scores_every_save(tmp_path):
    """The bug: the list went by when each file was last written (opening a match writes it)
    while it showed, and Continue chose by, when each was last played; and a save stored with
    records since its last snapshot had no position to score."""
    store = SaveStore(tmp_path)
    store.write(replace(played("older"), updated=10.0))
    store.write(replace(played("newer"), updated=30.0))
    os.utime(store.path("older"), (99.0, 99.0))  # written last (opened, say), played first
    os.utime(store.path("newer"), (50.0, 50.0))
    (store.folder / "junk.msgpack").write_bytes(b"junk")
    os.utime(store.folder / "junk.msgpack", (20.0, 20.0))
    entries = checked_entries(store)
    assert [e.match_id for e in entries] == ["newer", "junk", "older"]
    assert latest_unfinished(store).match_id == entries[0].match_id
    bare = replace(played("bare"), updated=40.0, state={})  # (its records folded, no position kept)
    store.write(bare)
    scored = next(e.snapshot for e in checked_entries(store) if e.match_id == "bare")
    assert scored.state == replay_snapshot(bare).state.to_data()


# -- replay --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_load_replays_a_real_game(tmp_path, seed):
    store = SaveStore(tmp_path)
    saved = played(seed=seed, moves=15)
    assert len(saved.actions) > 3
    store.write(saved)
    replayed = load(store, "g1")
    snap, state = replayed.snapshot, replayed.state
    assert snap == replace(decode(encode(saved)), rules=1)  # loaded: known to follow today's rules
    assert codec.plain(state.to_data()) == codec.plain(saved.state)
    assert state.legal_actions()  # and play can go on from here
    state.apply(state.legal_actions()[0])


def test_load_replays_a_finished_game(tmp_path):
    store = SaveStore(tmp_path)
    saved = played(seed=4, moves=10_000)
    state = get_game("decktet_caravan").from_data(saved.state)
    store.write(replace(saved, status="over", result=state.outcome()))
    assert load(store, "g1").state.is_over()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda s: replace(s, state=played(seed=8).state), "does not give the saved position .*differs in"),
        (lambda s: replace(s, actions=s.actions[:-1]), "does not give the saved position"),
        (lambda s: replace(s, actions=[*s.actions, ("no-such-move",)]), "move 13 of 13 .* is not legal"),
        (lambda s: replace(s, game_id="chess"), "unknown game 'chess'"),
        (lambda s: replace(s, options={"no_such_option": 1}), "cannot be set up again"),
        (lambda s: replace(s, seats=["human", "ai:easy+prior=this:s"]), "prior must be yes or no"),
        (lambda s: replace(s, seats=["human", "ai:expert"]), "no AI level 'expert'"),
        (
            lambda s: replace(s, seats=["human", "ai:easy+iterations=1000000000000+seconds=none"]),
            "a seat cannot be read: level 'easy': iterations must be a whole number from 1 to 100000",
        ),
        (lambda s: replace(s, status="over", result=[1.0, 0.0]), "not finished"),
        (lambda s: replace(s, result=[1.0, 0.0]), "unfinished match has a result"),
        (lambda s: replace(s, status="resigned", result=[5.0, -3.0], resigned=0), "does not follow"),
        (
            lambda s: replace(s, status="resigned", result=[1.0, 0.0], resigned=1),
            "seat 2 resigned, but the program plays it: only a person's seat may resign",
        ),
        (lambda s: replace(s, status="resigned", result=[0.0, 1.0]), "not which one"),
    ],
)
def test_load_detects_a_log_that_does_not_replay(tmp_path, change, reason):
    store = SaveStore(tmp_path)
    store.write(change(played(seed=7, moves=12)))
    with pytest.raises(DamagedSave, match=reason):
        load(store, "g1")
