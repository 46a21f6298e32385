"""A damaged save is recovered, not lost (issue 53): a torn tail of any shape opens at the last
whole move and the person is told once; damage further in is refused in one line and offered as
a recovery (the saves list, ``caravan-tui saves --recover``), the damaged file kept; the records
are chained, so none can be removed, repeated, moved or brought in unnoticed; and the lock is
the save file's own, so removing the lock file lets no second writer in."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caravan_tui import saves
from caravan_tui.bus import Act, Bus
from caravan_tui.cli import main
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from caravan_tui.saves import DamagedSave, MatchLocked, Record, SaveStore, Snapshot
from caravan_tui.saves.backend import folded
from caravan_tui.saves.codec import encode, encode_record
from caravan_tui.saves.journal import DamagedJournal, frame, parse, seed
from caravan_tui.saves.loading import load
from caravan_tui.saves.store import SaveReplaced

REPO = Path(__file__).resolve().parents[1]


def header(match_id: str = "m", seed_: int = 1) -> Snapshot:
    return Snapshot(
        match_id=match_id,
        game_id="g",
        options={},
        players=2,
        seats=["human", "ai:normal"],
        names=["Ann", "Bot"],
        seed=seed_,
        created=1000.0,
        updated=1000.0,
    )


def move(turn: int) -> Record:
    return Record("move", turn, 2000.0 + turn, ("move", turn))


def frames(head: Snapshot, records: list[Record]) -> list[bytes]:
    """``head``'s bytes, then each record's frame in the chain."""
    data = encode(head)
    out, chain = [data], seed(data)
    for record in records:
        framed, chain = frame(record, chain)
        out.append(framed)
    return out


@pytest.fixture
def store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    return store


def put(store: SaveStore, data: bytes, match_id: str = "m") -> None:
    store.path(match_id).write_bytes(data)


# -- tears of every shape, in every game ---------------------------------------------------------


def game_journal(store: SaveStore, game_id: str, moves: int = 6) -> tuple[bytes, int]:
    """A match of ``game_id`` with ``moves`` random moves appended; its bytes and its moves."""
    game = GAMES[game_id]
    options = game.resolve_options(game.quick_options)
    players = game.default_players
    snapshot = Snapshot(
        match_id=game_id,
        game_id=game_id,
        options=options,
        players=players,
        seats=["human"] + ["ai:easy"] * (players - 1),
        names=[f"P{i}" for i in range(players)],
        seed=7,
        rules=game.rules_version,
    )
    state = game.new(players, seed=7, options=options)
    rng = random.Random(7)
    with store.lock(game_id) as lock:
        store.open(lock, snapshot)
        turn = 0
        while turn < moves and not state.is_over():
            action = rng.choice(state.legal_actions())
            state.apply(action, False)
            store.append(lock, Record("move", turn, 2000.0 + turn, action))
            turn += 1
    return store.path(game_id).read_bytes(), turn


def tears(data: bytes, last: int) -> dict[str, bytes]:
    """Every shape a torn last record (of ``last`` bytes at the end of ``data``) takes."""
    start = len(data) - last
    shapes = {}
    for kept in (4, 9, last // 2, last - 3):
        shapes[f"first {kept} bytes"] = data[: start + kept]
        shapes[f"first {kept} bytes, then zeros"] = data[: start + kept] + bytes(last - kept)
    shapes["zeros from its start"] = data[:start] + bytes(last)
    body = bytearray(data)
    body[-5] ^= 0xFF
    shapes["a whole length, a body that fails its check"] = bytes(body)
    return shapes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_tear_of_the_last_record_opens_at_the_last_whole_move(store, game_id):
    data, moves = game_journal(store, game_id)
    last = len(data) - parse(data[: len(data) - 1]).whole  # (its last record, torn by one byte)
    whole = load(store, game_id).snapshot.actions
    for shape, torn in tears(data, last).items():
        put(store, torn, game_id)
        parsed = parse(torn)
        assert parsed.torn == f"the change after move {moves - 1}", shape
        assert load(store, game_id).snapshot.actions == whole[:-1], shape


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_person_is_told_once_that_the_last_change_was_not_saved(store, game_id):
    data, moves = game_journal(store, game_id, moves=4)
    last = len(data) - parse(data[: len(data) - 1]).whole
    put(store, data[: len(data) - last // 2] + bytes(last // 2), game_id)  # a crash with delayed allocation
    host = MatchHost.resume(game_id, store, Bus())
    host.close()
    told = [event.text for _, event in host.notes]
    assert told == [
        f"The last change was not saved: the save ends partway through the change after move "
        f"{moves - 1}; the match goes on from there."
    ]
    assert host.turn == moves - 1
    again = MatchHost.resume(game_id, store, Bus())
    again.close()
    assert again.notes == []  # stored whole again: said once


def test_a_damaged_length_with_whole_records_inside_its_span_is_damage_not_a_tear(store):
    parts = frames(header(), [move(turn) for turn in range(4)])
    first = bytearray(parts[1])
    head = (len(b"".join(parts)) + 100).to_bytes(4, "big") + b"C"  # more than the file holds, checked
    first[1:6], first[6:10] = head, zlib.crc32(head).to_bytes(4, "big")
    with pytest.raises(DamagedJournal, match="damaged before its first move") as caught:
        parse(parts[0] + bytes(first) + b"".join(parts[2:]))
    assert caught.value.moves == 0 and caught.value.lost == 4


def test_messages_count_moves_not_records(store):
    """10 moves, an undo to move 8, a change of seats, 3 moves: the record of move 10 is the
    thirteenth; damaged, with a whole record after it, the save is refused "after move 9"."""
    records = [move(turn) for turn in range(10)] + [
        Record("undo", 8, 3000.0),
        Record("seats", 8, 3001.0, seats=["ai:normal"] * 2, names=["Sub", "Bot"]),
        move(8),
        move(9),
        move(10),
    ]
    parts = frames(header(), records)
    damaged = bytearray(parts[-2])
    damaged[-3] ^= 0xFF
    with pytest.raises(DamagedJournal) as caught:
        parse(b"".join(parts[:-2]) + bytes(damaged) + parts[-1])
    assert caught.value.reason == "the save is damaged after move 9: a change there fails its checksum"
    assert caught.value.offer() == (
        "open at move 9, the last whole move before the damage (2 later changes are unreadable)"
    )


# -- the chain ---------------------------------------------------------------------------------


def spliced(parts: list[bytes], at: int, other: bytes) -> bytes:
    return b"".join(parts[:at] + [other] + parts[at + 1 :])


def test_a_record_removed_repeated_moved_or_brought_in_is_refused_at_that_record():
    parts = frames(header(), [move(turn) for turn in range(6)])
    other = frames(header("m", seed_=2), [move(turn) for turn in range(6)])
    cases = {
        "removed": (b"".join(parts[:3] + parts[4:]), 2, "move 4 does not follow"),
        "repeated": (b"".join(parts[:4] + parts[3:]), 3, "move 3 does not follow"),
        "moved": (b"".join(parts[:3] + [parts[4], parts[3]] + parts[5:]), 2, "move 4 does not follow"),
        "brought in from another match": (spliced(parts, 3, other[3]), 2, "move 3 does not follow"),
        "the last one repeated": (b"".join(parts + parts[-1:]), 6, "move 6 does not follow"),
    }
    for case, (data, moves, reason) in cases.items():
        with pytest.raises(DamagedJournal, match=reason) as caught:
            parse(data)
        assert caught.value.moves == moves, case
        assert f"damaged after move {moves}:" in caught.value.reason, case


def test_an_undo_to_move_0_from_another_save_does_not_open_as_a_match_with_no_moves():
    parts = frames(header(), [move(turn) for turn in range(5)])
    other = frames(header("m", seed_=2), [move(0), Record("undo", 0, 3000.0)])
    with pytest.raises(DamagedJournal, match="an undo to move 0 does not follow the change before it"):
        parse(b"".join(parts) + other[-1])


def old_frame(record: Record) -> bytes:
    """``record`` as saves were framed before the chain."""
    body = encode_record(record)
    length = (4 + len(body)).to_bytes(4, "big")
    return b"\xc6" + length + zlib.crc32(length).to_bytes(4, "big") + body


def test_a_journal_from_before_the_chain_still_opens_and_tears_as_before(store):
    data = encode(header()) + b"".join(old_frame(move(turn)) for turn in range(4))
    assert parse(data).snapshot.actions == [("move", turn) for turn in range(4)]
    torn = data[:-7] + bytes(7)
    assert parse(torn).snapshot.actions == [("move", turn) for turn in range(3)] and parse(torn).torn
    put(store, data)
    with store.lock("m") as lock:  # a host opens it: written anew, in the chain
        store.open(lock, store.read("m"))
        store.append(lock, move(4))
    assert store.read("m").actions == [("move", turn) for turn in range(5)]
    chained = b"".join(frames(header(), [move(0), move(1)]))
    with pytest.raises(DamagedJournal, match="another save format"):
        parse(chained + old_frame(move(2)) + frames(header(), [move(0)])[1])


# -- recovery ----------------------------------------------------------------------------------


def damaged_in_the_middle(store: SaveStore, match_id: str = "m") -> bytes:
    """6 moves, the third record's body damaged: the whole part is 2 moves, 4 changes lost."""
    parts = frames(header(match_id), [move(turn) for turn in range(6)])
    third = bytearray(parts[3])
    third[-2] ^= 0xFF
    data = b"".join(parts[:3]) + bytes(third) + b"".join(parts[4:])
    put(store, data, match_id)
    return data


OFFER = "open at move 2, the last whole move before the damage (4 later changes are unreadable)"


def test_a_save_damaged_in_its_middle_is_refused_and_recovered_with_the_damaged_file_kept(store):
    data = damaged_in_the_middle(store)
    [entry] = store.entries()
    assert entry.error == "the save is damaged after move 2: a change there fails its checksum"
    assert entry.recovery == OFFER
    recovered = store.recover("m")
    assert (recovered.moves, recovered.lost, recovered.kept.name) == (2, 4, "m.msgpack.damaged")
    assert recovered.kept.read_bytes() == data
    assert store.read("m").actions == [("move", 0), ("move", 1)]
    assert [(e.match_id, e.error) for e in store.entries()] == [("m", None)]  # the kept file is not listed
    with pytest.raises(DamagedSave, match="not damaged"):
        store.recover("m")
    damaged_in_the_middle(store)
    assert store.recover("m").kept.name == "m.msgpack.damaged-2"  # the first one is never overwritten
    assert recovered.kept.read_bytes() == data


def test_a_save_whose_snapshot_is_damaged_offers_no_recovery(store):
    put(store, encode(header())[:-4] + b"\xff\xff\xff\xff")
    [entry] = store.entries()
    assert entry.error and entry.recovery is None
    with pytest.raises(DamagedSave, match="nothing before the damage can be read"):
        store.recover("m")
    assert not store.path("m").with_name("m.msgpack.damaged").exists()


def game_damaged_in_the_middle(store: SaveStore) -> int:
    """A Decktet Caravan match of 6 moves whose third record is damaged; its moves."""
    data, moves = game_journal(store, "decktet_caravan", moves=6)
    parsed, cut = parse(data), bytearray(data)
    start = len(data) - sum(len(frame(r, 0)[0]) for r in parsed.records[2:])  # the third record
    cut[start + 20] ^= 0xFF
    put(store, bytes(cut), "decktet_caravan")
    return moves


def test_a_recovered_match_says_what_was_lost_in_its_log(store):
    moves = game_damaged_in_the_middle(store)
    with pytest.raises(DamagedSave, match="after move 2"):
        load(store, "decktet_caravan")
    store.recover("decktet_caravan")
    host = MatchHost.resume("decktet_caravan", store, Bus())
    host.close()
    assert host.turn == 2
    assert [event.text for _, event in host.notes] == [
        f"This match was recovered from a damaged save at move 2: {moves - 2} later changes could not be read "
        "(kept in decktet_caravan.msgpack.damaged)."
    ]


def test_a_save_is_not_recovered_under_a_host_that_plays_it(store):
    damaged_in_the_middle(store)
    with store.lock("m"), pytest.raises(MatchLocked):
        store.recover("m")


def test_the_saves_command_offers_the_recovery_and_recover_does_it(store, capsys, monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(store.root))
    data = damaged_in_the_middle(store)
    assert main(["saves"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[1].split()[-1] == "damaged" and "fails its checksum" in listed[2]
    assert listed[3].startswith("  caravan-tui saves --recover m: open at move 2, the last whole move")
    assert " ".join(line.strip() for line in listed[3:]) == f"caravan-tui saves --recover m: {OFFER}"
    assert max(map(len, listed)) <= 80
    assert main(["saves", "--recover", "m"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("recovered m: it opens at move 2 (4 later changes could not be read); the damaged file")
    assert (store.folder / "m.msgpack.damaged").read_bytes() == data
    assert main(["saves", "--recover", "m"]) == 2
    assert main(["saves", "--recover", "nothing"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "caravan-tui: error: cannot recover m: it is not damaged: it opens as it is",
        "caravan-tui: error: there is no saved match nothing (caravan-tui saves lists them)",
    ]


@pytest.mark.thorough
async def test_the_saves_list_recovers_a_damaged_save(store):
    from textual.widgets import DataTable

    from caravan_tui.screens.dialogs import ConfirmScreen
    from caravan_tui.screens.saves import SavesScreen

    from tables import quick_app

    game_damaged_in_the_middle(store)
    app = quick_app(store.root, 30)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_saves()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await app.screen.listed.wait()
        table = app.screen.query_one(DataTable)
        assert str(table.get_row_at(0)[4]) == "damaged"
        await pilot.press("r")
        assert isinstance(app.screen, ConfirmScreen) and "open at move 2, the last whole move" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await app.screen.listed.wait()
        assert str(app.screen.query_one(DataTable).get_row_at(0)[4]) != "damaged"
    assert (store.folder / "decktet_caravan.msgpack.damaged").exists()


# -- one writer ----------------------------------------------------------------------------------


def test_removing_the_lock_file_lets_no_second_writer_in(store, monkeypatch):
    monkeypatch.setattr(saves.store, "COMPACT_AFTER", 2)
    with store.lock("m") as lock:
        store.open(lock, header())
        for turn in range(12):  # compacted every few moves: the lock moves with the file
            store.append(lock, move(turn))
            (store.folder / ".m.lock").unlink(missing_ok=True)
            with pytest.raises(MatchLocked):
                store.lock("m")
            with pytest.raises(MatchLocked):
                store.delete("m")
    assert store.read("m").actions == [("move", turn) for turn in range(12)]


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    import caravan_tui.saves.store
    from caravan_tui import saves
    from caravan_tui.saves import Record, SaveStore, Snapshot

    saves.store.COMPACT_AFTER = 3  # the file is replaced every few moves
    store = SaveStore(Path(sys.argv[1]))
    lock = store.lock("m")
    store.open(lock, Snapshot(match_id="m", game_id="g", options={}, players=1, seats=["ai:normal"],
                              names=["A"], seed=0))
    turn = 0
    while True:
        store.append(lock, Record("move", turn, 1.0, ("move", turn)))
        print(turn, flush=True)  # acknowledged
        turn += 1
    """
)


@pytest.mark.thorough
def test_with_the_lock_file_removed_mid_match_no_second_process_gets_in(store):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(store.root)], stdout=subprocess.PIPE, env=env, text=True
    )
    acknowledged = 0
    try:
        for _ in range(150):  # each try lands as the writer appends, compacts or locks its new file
            assert writer.stdout.readline() == f"{acknowledged}\n"
            acknowledged += 1
            (store.folder / ".m.lock").unlink(missing_ok=True)
            with pytest.raises(MatchLocked):
                store.lock("m").release()
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    saved = store.read("m").actions
    assert len(saved) >= acknowledged and saved == [("move", turn) for turn in range(len(saved))]


def test_a_writer_whose_file_was_replaced_stops_and_never_writes_on(store):
    outside = b"".join(frames(header(), [move(turn) for turn in range(5)]))
    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        temp = store.folder / "elsewhere"
        temp.write_bytes(outside)
        os.replace(temp, store.path("m"))  # a folder sync, another program
        with pytest.raises(SaveReplaced, match="replaced by another program"):
            store.append(lock, move(1))
        with pytest.raises(SaveReplaced):
            store.open(lock, folded(header(), [move(0), move(1)]))
        assert store.path("m").read_bytes() == outside


async def test_a_host_whose_file_was_replaced_tells_the_people_and_stops_saving(store):
    data, _ = game_journal(store, "decktet_caravan", moves=2)
    host = MatchHost.resume("decktet_caravan", store, Bus())
    try:
        replacement = store.folder / "copy"
        replacement.write_bytes(data)
        os.replace(replacement, store.path("decktet_caravan"))
        seat = host.state.to_move()
        await host.handle(Act(host.match_id, seat, host.turn, host.state.legal_actions()[0]))
        assert "replaced by another program" in host.unsaved
        assert store.path("decktet_caravan").read_bytes() == data
    finally:
        host.close()


# -- open never replaces a stored move -----------------------------------------------------------


def test_open_refuses_a_log_that_drops_moves_of_a_finished_match(store):
    with store.lock("m") as lock:
        store.open(lock, header())
        for turn in range(3):
            store.append(lock, move(turn))
        store.append(lock, Record("end", 3, 3000.0, status="over", result=[1.0, 0.0]))
        before = store.path("m").read_bytes()
        with pytest.raises(OSError, match="holds a finished match with moves this one does not"):
            store.open(lock, folded(header(), [move(0), Record("move", 1, 1.0, ("other", 1))]))
    assert store.path("m").read_bytes() == before


def test_open_stores_a_log_that_took_moves_back_as_an_undo_and_what_follows(store):
    """The host could not store an undo (a full disk), then stores the whole match again."""
    with store.lock("m") as lock:
        store.open(lock, header())
        for turn in range(4):
            store.append(lock, move(turn))
        again = folded(header(), [move(0), move(1), Record("move", 2, 1.0, ("other", 2))])
        store.open(lock, again)
        store.append(lock, Record("move", 3, 1.0, ("other", 3)))
    parsed = parse(store.path("m").read_bytes())
    assert parsed.header.actions == [("move", turn) for turn in range(4)]  # every stored move kept
    assert [r.kind for r in parsed.records] == ["undo", "move", "move"]
    assert parsed.snapshot.actions == [("move", 0), ("move", 1), ("other", 2), ("other", 3)]


def test_open_replaces_a_log_brought_to_newer_rules(store):
    with store.lock("m") as lock:
        store.open(lock, header())
        store.append(lock, move(0))
        upgraded = folded(header(), [Record("move", 0, 1.0, ("put in",)), move(1)])
        upgraded.rules = 1
        store.open(lock, upgraded)
    assert store.read("m").actions == [("put in",), ("move", 1)]


# -- any damage, at random ------------------------------------------------------------------------


RECORDS = st.lists(st.sampled_from(["move", "move", "move", "undo", "seats"]), min_size=1, max_size=12)


def journal_of(kinds: list[str], match_seed: int) -> tuple[list[bytes], list[tuple]]:
    """A journal of those kinds of changes; its parts and every position it held (by prefix)."""
    snapshot = header(seed_=match_seed)
    records: list[Record] = []
    for kind in kinds:
        moves = len(snapshot.actions)
        record = {
            "move": Record("move", moves, 2000.0, ("move", moves, match_seed)),
            "undo": Record("undo", max(moves - 1, 0), 2000.0),
            "seats": Record("seats", moves, 2000.0, seats=["ai:easy", "ai:normal"], names=["Sub", "Bot"]),
        }[kind]
        snapshot = folded(snapshot, [record])
        records.append(record)
    held = [folded(header(seed_=match_seed), records[:n]) for n in range(len(records) + 1)]
    return frames(header(seed_=match_seed), records), [(s.actions, s.seats) for s in held]


DAMAGE = st.sampled_from(["cut", "cut and zeros", "flip", "drop", "repeat", "swap", "splice", "length", "bytes"])


@pytest.mark.thorough
@settings(max_examples=150, deadline=None, database=None)
@given(RECORDS, DAMAGE, st.data())
def test_a_randomly_damaged_journal_opens_where_the_match_was_is_refused_in_one_line_or_is_recoverable(
    kinds, damage, data
):
    parts, held = journal_of(kinds, 1)
    body = b"".join(parts)
    start = len(parts[0])
    at = data.draw(st.integers(start, len(body) - 1))
    record = data.draw(st.integers(1, len(parts) - 1))
    if damage == "cut":
        mutated = body[:at]
    elif damage == "cut and zeros":
        mutated = body[:at] + bytes(len(body) - at)
    elif damage == "flip":
        mutated = body[:at] + bytes([body[at] ^ (1 << data.draw(st.integers(0, 7)))]) + body[at + 1 :]
    elif damage == "drop":
        mutated = b"".join(parts[:record] + parts[record + 1 :])
    elif damage == "repeat":
        mutated = b"".join(parts[: record + 1] + parts[record:])
    elif damage == "swap":
        other = data.draw(st.integers(1, len(parts) - 1))
        swapped = list(parts)
        swapped[record], swapped[other] = swapped[other], swapped[record]
        mutated = b"".join(swapped)
    elif damage == "splice":
        foreign, _ = journal_of(kinds, 2)
        mutated = b"".join(parts[:record] + [foreign[min(record, len(foreign) - 1)]] + parts[record + 1 :])
    elif damage == "length":
        mutated = body[:at] + b"\xc9\x7f\xff\xff\xffC" + body[at:]
    else:
        mutated = body[:at] + data.draw(st.binary(min_size=1, max_size=24)) + body[at:]
    try:
        parsed = parse(mutated)
    except DamagedJournal as exc:  # refused, and recoverable at a position the match held
        assert "\n" not in exc.reason and len(exc.reason) < 200
        assert (exc.snapshot.actions, exc.snapshot.seats) in held and exc.lost >= 1
        assert exc.offer().startswith(f"open at move {exc.moves}, ")
        return
    except DamagedSave as exc:  # refused: its snapshot itself
        assert "\n" not in exc.reason and len(exc.reason) < 200
        return
    assert (parsed.snapshot.actions, parsed.snapshot.seats) in held
