"""Saves against an attacker (issue 13, items 1, 4, 5): crafted files, an untrusted saves folder,
and two windows on one match."""

from __future__ import annotations

import contextlib
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import msgpack
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from caravan_tui.games import get_game
from caravan_tui.saves import SCHEMA, DamagedSave, MatchLocked, SaveStore, Snapshot, codec, decode, encode
from caravan_tui.saves.codec import MAX_DEPTH, MAX_FILE, MAX_ITEMS, MAX_NAME, MAX_TEXT, MAX_TIME, MAX_TOTAL
from caravan_tui.saves.loading import checked_entries, replay_snapshot
from caravan_tui.saves.store import _TEMP, STALE

REPO = Path(__file__).resolve().parents[1]


@contextmanager
def deadline(seconds: int = 10):
    """Fail instead of hanging: a blocking open or a runaway loop is interrupted."""

    def expire(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def real_save(game_id: str, players: int, seed: int, moves: int | None = None) -> Snapshot:
    """A match of random legal moves: played to the end, or for ``moves`` moves."""
    game = get_game(game_id)
    options = game.resolve_options({})
    state = game.new(players, seed=seed, options=options)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (moves is None or len(actions) < moves):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    over = state.is_over()
    return Snapshot(
        match_id=f"{game_id}-{seed}",
        game_id=game_id,
        options=options,
        players=players,
        seats=["human"] + ["ai:normal"] * (players - 1),
        names=[f"P{i}" for i in range(players)],
        seed=seed,
        actions=actions,
        state=state.to_data(),
        status="over" if over else "playing",
        result=state.outcome() if over else None,
    )


REAL = [
    real_save("decktet_caravan", 2, 1),
    real_save("decktet_caravan", 2, 2, moves=9),
    real_save("camel_caravan", 3, 3),
    real_save("camel_caravan", 4, 4, moves=40),
]
FIELDS = [{name: getattr(s, name) for name in codec._FIELDS} for s in REAL]


class Raw(bytes):
    """Bytes that are already msgpack: nesting deeper than msgpack will pack, lengths that lie."""


def pack(value) -> bytes:
    """msgpack of ``value``, which may hold Raw parts."""
    packer = msgpack.Packer(use_bin_type=True)
    if isinstance(value, Raw):
        return bytes(value)
    if isinstance(value, dict):
        return packer.pack_map_header(len(value)) + b"".join(pack(k) + pack(v) for k, v in value.items())
    if type(value) in (list, tuple):  # not ExtType, a named tuple
        return packer.pack_array_header(len(value)) + b"".join(map(pack, value))
    return packer.pack(value)


def seal(fields, schema: int = SCHEMA) -> bytes:
    """A save with a valid checksum over ``fields`` (a map, or a payload already packed)."""
    return codec._seal(fields if isinstance(fields, bytes) else pack(fields), schema)


def nested(depth: int, inner: bytes = b"\xc0", kind: str = "list") -> Raw:
    """``depth`` one-item lists (or maps) around ``inner``."""
    head = b"\x91" if kind == "list" else b"\x81\xa1k"
    return Raw(head * depth + inner)


def long_list(n: int) -> Raw:
    return Raw(b"\xdd" + n.to_bytes(4, "big") + b"\xc0" * n)


# -- the property test ---------------------------------------------------------------------------

huge = st.sampled_from([2**63, 2**64 - 1, 1e20, 1e308, math.inf, -math.inf, math.nan, -1.0])
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=8),
    huge,
    st.just(msgpack.ExtType(5, b"x")),
    st.just(msgpack.Timestamp(1)),
)
keys = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(), st.text(max_size=8), st.binary(max_size=4)
)
plain = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4), max_leaves=12
)
hostile = st.one_of(
    plain,
    st.builds(nested, st.integers(1, 3000), st.just(b"\xc0"), st.sampled_from(["list", "map"])),
    st.sampled_from(
        [
            long_list(MAX_ITEMS + 1),
            Raw(pack([long_list(MAX_ITEMS)] * (MAX_TOTAL // MAX_ITEMS + 1))),  # too many items in all
            Raw(b"\xdd\xff\xff\xff\xff\xc0"),  # a length that lies
            Raw(pack("x" * (MAX_TEXT + 1))),
            Raw(pack(b"x" * (MAX_TEXT + 1))),
            Raw(pack(["n" * (MAX_NAME + 1)] * 2)),
            Raw(b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00"),  # NaN, as a double
        ]
    ),
)


@st.composite
def mutated_saves(draw) -> tuple[str, bytes]:
    """A real save of either game, then damaged or crafted in one of several ways."""
    index = draw(st.integers(0, len(REAL) - 1))
    fields = dict(FIELDS[index])
    data = encode(REAL[index])
    how = draw(
        st.sampled_from(
            ["flip", "truncate", "stray", "field", "drop", "action", "state", "option", "reflip", "envelope"]
        )
    )
    if how == "flip":  # bit flips anywhere: the checksum catches them
        damaged = bytearray(data)
        for spot in draw(st.lists(st.integers(0, len(data) * 8 - 1), min_size=1, max_size=3, unique=True)):
            damaged[spot // 8] ^= 1 << spot % 8
        return how, bytes(damaged)
    if how == "truncate":
        return how, data[: draw(st.integers(0, len(data) - 1))]
    if how == "stray":
        return how, data + draw(st.binary(min_size=1, max_size=8))
    if how == "reflip":  # bit flips in the payload, under a valid checksum
        payload = bytearray(pack(fields))
        for spot in draw(st.lists(st.integers(0, len(payload) * 8 - 1), min_size=1, max_size=3, unique=True)):
            payload[spot // 8] ^= 1 << spot % 8
        return how, seal(bytes(payload))
    if how == "envelope":
        envelope = msgpack.unpackb(data)
        envelope[draw(st.sampled_from(["format", "schema", "sha256", "payload", "extra"]))] = draw(hostile)
        return how, pack(envelope)
    if how == "field":  # a field of the wrong type, size, range or nesting
        fields[draw(st.sampled_from(sorted(fields)))] = draw(hostile)
    elif how == "drop":
        del fields[draw(st.sampled_from(sorted(fields)))]
    elif how == "action":
        actions = list(fields["actions"])
        spot = draw(st.integers(0, len(actions)))
        actions[spot : spot + draw(st.integers(0, 1))] = [draw(hostile)]
        fields["actions"] = actions
    elif how == "state":
        fields["state"] = {**fields["state"], draw(keys | st.sampled_from(sorted(fields["state"]))): draw(hostile)}
    else:  # "option": a key or a value of the wrong kind
        fields["options"] = {**fields["options"], draw(keys): draw(hostile)}
    return how, seal(fields)


@pytest.mark.thorough
@settings(max_examples=150, deadline=None, database=None)
@given(mutated_saves())
def test_a_mutated_save_decodes_well_formed_or_is_damaged(case):
    how, data = case
    with deadline():
        try:
            snapshot = decode(data)
        except DamagedSave as exc:
            assert exc.reason and "\n" not in exc.reason and len(exc.reason) < 200
            event(f"{how}: damaged")
            return
    event(f"{how}: decoded")
    # Whatever decode returns is well-formed: it saves again, and its times can be shown.
    assert decode(encode(snapshot)) == snapshot
    datetime.fromtimestamp(snapshot.created), datetime.fromtimestamp(snapshot.updated)
    assert all(type(k) is str for k in snapshot.options)
    assert len(snapshot.seats) == len(snapshot.names) == snapshot.players
    # Loading (the replay) trusts it or says why: a match consistent with its log, or damaged.
    with deadline():
        try:
            replayed = replay_snapshot(snapshot)
        except DamagedSave as exc:
            assert exc.reason and "\n" not in exc.reason
            event(f"{how}: decoded, then refused by the replay")
            return
    event(f"{how}: loaded")
    assert replayed.state.is_over() == (snapshot.status == "over")
    assert replayed.snapshot.actions == snapshot.actions


@pytest.mark.thorough
@settings(max_examples=100, deadline=None, database=None)
@given(mutated_saves())
def test_the_saves_list_never_raises_on_a_mutated_save(tmp_path_factory, case):
    _, data = case
    store = SaveStore(tmp_path_factory.mktemp("home"))
    store.folder.mkdir()
    (store.folder / "x.msgpack").write_bytes(data)
    with deadline():
        [entry] = checked_entries(store)
    assert (entry.snapshot is None) != (entry.error is None)


def test_real_saves_round_trip_and_stay_far_below_the_caps():
    for snapshot in REAL:
        data = encode(snapshot)
        assert decode(data) == decode(encode(decode(data)))
        assert len(data) * 100 < MAX_FILE
        assert len(snapshot.actions) * 100 < MAX_ITEMS


# -- one test per class of crafted save ------------------------------------------------------------


def crafted(**changes) -> bytes:
    """The first real save, re-sealed with ``changes`` to its fields."""
    return seal({**FIELDS[0], **changes})


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        # nesting, at any depth and in any field
        ({"actions": [["play", nested(600)]]}, "'actions' field is nested more than 32 levels deep"),
        ({"actions": [nested(MAX_DEPTH)]}, "'actions' field is nested more than"),
        ({"state": {"a": nested(40, kind="map")}}, "'state' field is nested more than"),
        ({"state": {"a": nested(5000)}}, "contents are unreadable"),  # past msgpack's own stack
        ({"options": {"a": nested(3)}}, "'options' field is not a map from names"),
        ({"result": nested(3)}, "'result' field is not a list of numbers or nil"),
        # sizes
        ({"actions": long_list(MAX_ITEMS + 1)}, f"list or map of more than {MAX_ITEMS} items"),
        ({"state": {f"k{i}": long_list(MAX_ITEMS) for i in range(11)}}, f"more than {MAX_TOTAL} items in all"),
        ({"state": {"a": "x" * (MAX_TEXT + 1)}}, f"'state' field holds a string of more than {MAX_TEXT}"),
        ({"actions": [["play", "x" * (MAX_TEXT + 1)]]}, "'actions' field holds a string of more than"),
        ({"names": ["Ada", "n" * (MAX_NAME + 1)]}, "'names' field is not a list of strings of at most 256"),
        ({"seats": ["human", "ai:" + "x" * MAX_NAME]}, "'seats' field is not a list of strings"),
        ({"match_id": "m" * (MAX_NAME + 1)}, "'match_id' field is not a string of at most"),
        # timestamps
        ({"updated": math.nan}, "'updated' field is not a time from 1970 to 3000"),
        ({"updated": 1e20}, "'updated' field is not a time"),
        ({"created": 2**63}, "'created' field is not a time"),
        ({"created": -1.0}, "'created' field is not a time"),
        ({"updated": math.inf}, "'updated' field is not a time"),
        ({"created": MAX_TIME}, "'created' field is not a time"),
        # options
        ({"options": {1: 2}}, "'options' field is not a map from names"),
        ({"options": {"hands": [1, 2]}}, "'options' field is not a map from names"),
        ({"options": {"hands": math.nan}}, "'options' field is not a map from names"),
        ({"options": {"hands": 2**63}}, "'options' field is not a map from names"),
        # state
        ({"state": {1: "a"}}, "'state' field is not a map with string keys"),
        ({"state": {"a": {1.5: 2}}}, "'state' field has a map key that is not a string or an integer"),
        ({"state": {"a": msgpack.ExtType(1, b"")}}, "'state' field is not plain data"),
        ({"state": {"a": msgpack.Timestamp(0)}}, "'state' field is not plain data"),
        ({"state": {"a": [math.nan]}}, "'state' field holds a number that is not finite"),
        ({"state": {"a": 2**64 - 1}}, "'state' field holds an integer beyond 64 bits"),
        # players, seats, names, result, integers
        ({"players": 0}, "'players' field is not an integer from 1 to 16"),
        ({"players": 17}, "'players' field is not an integer from 1 to 16"),
        ({"players": 1}, "seats and names do not match its number of players"),
        ({"result": [1.0]}, "result does not have one score per player"),
        ({"result": [math.nan, 1.0]}, "'result' field is not a list of numbers or nil"),
        ({"result": [1e400, 0]}, "'result' field is not a list of numbers or nil"),
        ({"resigned": 2}, "resigned seat is not one of its players"),
        (
            {"resigned": 0, "status": "playing", "result": None},
            "names a seat that resigned but says the match is 'playing'",
        ),
        ({"resigned": 1, "status": "over"}, "names a seat that resigned but says the match is 'over'"),
        ({"resigned": "0"}, "'resigned' field is not a seat number or nil"),
        ({"seed": 2**63}, "'seed' field is not a 64-bit integer"),
        ({"actions": [["play", 2**64 - 1]]}, "'actions' field holds an integer beyond 64 bits"),
        ({"actions": [["play", True]]}, "'actions' field is not a list of actions"),
        ({"status": ["over"]}, "'status' field is not one of playing, over, resigned"),
    ],
)
def test_crafted_saves_are_refused_with_a_reason(changes, reason):
    with pytest.raises(DamagedSave, match=reason.replace("(", r"\(")):
        decode(crafted(**changes))


def test_a_610_byte_log_nested_deep_is_refused():
    with pytest.raises(DamagedSave, match="nested more than"):
        decode(crafted(actions=[nested(600)]))


def test_nesting_up_to_the_cap_is_accepted():
    part, depth = decode(crafted(actions=[nested(MAX_DEPTH - 1, pack("a"))])).actions[0], 1
    while type(part) is tuple:
        part, depth = part[0], depth + 1
    assert (part, depth) == ("a", MAX_DEPTH)  # counting the log itself
    decode(crafted(state={"a": nested(MAX_DEPTH - 1, kind="map")}))


def test_a_save_must_say_who_resigned_and_keeps_it():
    fields = dict(FIELDS[0])
    del fields["resigned"]
    with pytest.raises(DamagedSave, match="no 'resigned' field"):
        decode(seal(fields))
    assert decode(encode(Snapshot(**{**fields, "status": "resigned", "result": None, "resigned": 1}))).resigned == 1


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"options": {1: 2}}, "'options' field"),
        ({"updated": math.nan}, "'updated' field"),
        ({"actions": [("a", 2**63)]}, "'actions' field holds an integer beyond 64 bits"),
        ({"actions": [("a", 2**70)]}, "cannot save match"),  # msgpack itself cannot pack it
        ({"state": {"a": {1, 2}}}, "cannot save match"),
        ({"names": ["Ada", "x" * 300]}, "'names' field"),
        ({"state": {"blob": ["x" * MAX_TEXT] * (MAX_FILE // MAX_TEXT + 1)}}, "the file is larger than any save"),
    ],
)
def test_encode_refuses_what_decode_would(changes, reason):
    with pytest.raises(ValueError, match=reason):
        encode(Snapshot(**{**FIELDS[0], **changes}))


# -- the saves folder ------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    store.write(REAL[0])
    return store


def listed(store: SaveStore) -> dict[str, str | None]:
    with deadline():
        return {e.match_id: e.error for e in store.entries()}


def test_a_fifo_named_like_a_save_neither_blocks_nor_is_overwritten(store):
    os.mkfifo(store.folder / "x.msgpack")
    assert listed(store) == {REAL[0].match_id: None, "x": "not a regular file"}
    with deadline(), pytest.raises(DamagedSave, match="not a regular file"):
        store.read("x")
    with deadline(), pytest.raises(DamagedSave, match=r"x\.msgpack is damaged .*untouched"):
        store.write(Snapshot(**{**FIELDS[0], "match_id": "x"}))
    assert (store.folder / "x.msgpack").is_fifo()


def test_a_link_to_dev_zero_is_not_read(store):
    (store.folder / "x.msgpack").symlink_to("/dev/zero")
    assert listed(store)["x"] == "not a regular file"


def test_a_directory_named_like_a_save_is_listed(store):
    (store.folder / "x.msgpack").mkdir()
    assert listed(store)["x"] == "not a regular file"


def test_an_oversized_file_is_read_no_further_than_the_cap(store):
    with open(store.folder / "x.msgpack", "wb") as file:
        file.truncate(50 * MAX_FILE)  # sparse: costs no disk
    assert listed(store)["x"] == f"the file is larger than any save (over {MAX_FILE // 2**20} MiB)"


def test_links_to_saves_are_followed_and_dangling_ones_listed(store):
    (store.folder / "again.msgpack").symlink_to(store.path(REAL[0].match_id))
    (store.folder / "gone.msgpack").symlink_to(store.folder / "nowhere")
    entries = listed(store)
    assert entries["again"] == f"the file is named again but holds match {REAL[0].match_id}"
    assert entries["gone"].startswith("cannot read the file: ")


def test_odd_names_and_file_times_are_listed_not_raised(store):
    for name in (".msgpack", ".hidden.msgpack", "a:b.msgpack"):
        (store.folder / name).write_bytes(b"")
    with contextlib.suppress(OSError):  # a file system that refuses such a time cannot hold one either
        os.utime(store.path(REAL[0].match_id), (1e15, 1e15))
    entries = store.entries()
    assert {e.match_id for e in entries} == {REAL[0].match_id, "", ".hidden", "a:b"}
    for entry in entries:
        datetime.fromtimestamp(entry.modified)
        assert 0 <= entry.modified < MAX_TIME


def test_a_saves_folder_that_is_a_file_is_an_error_not_no_saves(tmp_path):
    (tmp_path / "saves").write_text("")
    with pytest.raises(NotADirectoryError, match="cannot list the saves"):
        SaveStore(tmp_path).entries()
    (tmp_path / "home").write_text("")
    with pytest.raises(NotADirectoryError, match="cannot list the saves"):
        SaveStore(tmp_path / "home").entries()
    assert SaveStore(tmp_path / "nothing-yet").entries() == []


def test_write_names_its_temp_files_as_cleanup_expects():
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(20):
            fd, temp = tempfile.mkstemp(prefix=".20250101-120000-3f9a1c-", suffix=".tmp", dir=folder)
            os.close(fd)
            found = _TEMP.fullmatch(Path(temp).name)
            assert found and found["match_id"] == "20250101-120000-3f9a1c"


def test_stale_temp_files_are_removed_and_nothing_else(store):
    folder, old = store.folder, time.time() - STALE - 5

    def make(name: str, stale: bool, kind: str = "file") -> None:
        path = folder / name
        if kind == "dir":
            path.mkdir()
        elif kind == "link":
            path.symlink_to(folder / "notes.txt")
        else:
            path.write_bytes(b"partial")
        if stale:
            os.utime(path, (old, old), follow_symlinks=False)

    make("notes.txt", stale=True)
    for name in (".m-abcd1234.tmp", ".other-zz_9xy01.tmp"):
        make(name, stale=True)  # a crash's leftovers: removed when the saves are listed
    for name in (".m-fresh123.tmp", ".m-b-fresh123.tmp", ".other-fresh123.tmp"):
        make(name, stale=False)  # maybe being written right now: kept
    for name in (".m-short.tmp", ".m-abcd1234.tmp.bak", "m-abcd1234.tmp", ".m-ABCD1234.tmp", ".m.lock", "x.tmp"):
        make(name, stale=True)  # not this program's temp files
    make(".d-abcd1234.tmp", stale=True, kind="dir")
    make(".l-abcd1234.tmp", stale=True, kind="link")
    others = {
        "notes.txt",
        ".m-short.tmp",
        ".m-abcd1234.tmp.bak",
        "m-abcd1234.tmp",
        ".m-ABCD1234.tmp",
        ".m.lock",
        "x.tmp",
        ".d-abcd1234.tmp",
        ".l-abcd1234.tmp",
        f"{REAL[0].match_id}.msgpack",
    }
    store.entries()
    assert {p.name for p in folder.iterdir()} == others | {
        ".m-fresh123.tmp",
        ".m-b-fresh123.tmp",
        ".other-fresh123.tmp",
    }
    store.write(Snapshot(**{**FIELDS[0], "match_id": "m"}))  # the next write of m removes all of m's
    assert {p.name for p in folder.iterdir()} == others | {".m-b-fresh123.tmp", ".other-fresh123.tmp", "m.msgpack"}


# -- one window per match --------------------------------------------------------------------------


def test_a_match_can_be_locked_once(store):
    match_id = REAL[0].match_id
    with store.lock(match_id) as lock:
        assert lock.path == store.folder / f".{match_id}.lock"
        with pytest.raises(MatchLocked, match=r"this match \(.*\) is open in another window"):
            store.lock(match_id)
        with store.lock("another"):  # other matches are free
            pass
        old = time.time() - STALE - 5
        os.utime(lock.path, (old, old))
        assert [e.match_id for e in store.entries()] == [match_id]  # neither listed nor cleaned up
        assert lock.path.exists()
    again = store.lock(match_id)  # released at the end of the with block
    again.release()
    again.release()  # releasing twice is harmless
    store.lock(match_id).release()
    assert isinstance(MatchLocked("x"), OSError)
    with pytest.raises(ValueError, match="invalid match id"):
        store.lock("../x")


@pytest.mark.parametrize("target", ["outside/made.lock", "outside/existing", "{folder}/.other.lock"])
def test_a_lock_file_that_is_a_link_is_refused_never_followed(store, tmp_path, target):
    """``.ID.lock`` pointing elsewhere would make (or lock) a file outside the saves folder."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "existing").write_text("theirs")
    match_id = REAL[0].match_id
    link = store.folder / f".{match_id}.lock"
    link.symlink_to(tmp_path / target if "{" not in target else target.format(folder=store.folder))
    with pytest.raises(OSError, match=f"its lock file .{match_id}.lock is a link; remove it to open the match"):
        store.lock(match_id)
    assert sorted(p.name for p in (tmp_path / "outside").iterdir()) == ["existing"]
    assert (tmp_path / "outside" / "existing").read_text() == "theirs" and link.is_symlink()
    assert not (store.folder / ".other.lock").exists()


def test_a_lock_file_that_is_not_a_file_is_refused(store):
    match_id = REAL[0].match_id
    os.mkfifo(store.folder / f".{match_id}.lock")
    with deadline(), pytest.raises(OSError, match="is not a regular file"):
        store.lock(match_id)


HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from caravan_tui.saves import MatchLocked, SaveStore

    store = SaveStore(Path(sys.argv[1]))
    try:
        lock = store.lock("m")
    except MatchLocked as exc:
        print("refused:", exc, flush=True)
        sys.exit(3)
    print("locked", flush=True)
    sys.stdin.readline()  # hold it until told, or until killed
    """
)


def holder(root: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
    )


@pytest.mark.thorough
def test_another_process_cannot_lock_a_locked_match_until_the_holder_dies(tmp_path):
    store = SaveStore(tmp_path)
    first = holder(tmp_path)
    try:
        with deadline(30):
            assert first.stdout.readline() == "locked\n"
            with pytest.raises(MatchLocked):
                store.lock("m")
            second = holder(tmp_path)
            out, _ = second.communicate()
            assert second.returncode == 3 and out.startswith("refused: this match (m) is open in another window")
        first.kill()  # dies without releasing anything: the kernel drops the lock
        first.wait()
        store.lock("m").release()
    finally:
        first.kill()
        first.wait()
        first.stdin.close()
        first.stdout.close()
    with store.lock("m"), deadline(30):  # and the other way round
        third = holder(tmp_path)
        third.communicate()
        assert third.returncode == 3
