"""What the hub keeps beside the saves (names, hosted records, side logs, the connection log),
against both backends: the server's files and a real PostgreSQL shared by two hosts."""

import psycopg
import pytest

from caravan_tui.bus import Chat
from caravan_tui.engine import Event
from caravan_tui.games import get_game
from caravan_tui.pgstore import open_database
from caravan_tui.pgstore.db import Database
from caravan_tui.pgstore.keeping import NameTaken, PgKeeping
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.ssh.finished import FinishedMatches
from caravan_tui.ssh.keeping import FileKeeping
from caravan_tui.ssh.records import HostedRecord

ANN, BOB = "SHA256:" + "a" * 43, "SHA256:" + "b" * 43


def _host(backend, tmp_path, url):
    if backend == "files":
        return FileKeeping(tmp_path)
    db = Database(url)
    db.create_tables()
    return PgKeeping(db, host="host-1")


@pytest.fixture
def keeping(backend, tmp_path, url):
    return _host(backend, tmp_path, url)


def _match_row(url, match_id, status="playing"):
    """A match's row, as its host stores it first (the records sit beside it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO matches (id, header, status, updated) VALUES (%s, '', %s, 0)", (match_id, status))


def test_a_name_kept_is_found_again_and_look_alikes_are_found(keeping, backend, tmp_path, url):
    keeping.names.keep(ANN, "Ann")
    again = _host(backend, tmp_path, url)  # a restart, or another host on the database
    assert again.names.name(ANN) == "Ann"
    assert again.names.name(BOB) == ""
    assert again.names.lookalike("\uff21\uff2e\uff2e", besides=BOB) == "Ann"  # fullwidth, other case
    assert again.names.lookalike("Ann", besides=ANN) is None  # your own name is yours
    keeping.names.keep(ANN, "Anna")
    assert _host(backend, tmp_path, url).names.name(ANN) == "Anna"


@pytest.mark.postgres
def test_two_hosts_cannot_both_keep_names_that_look_alike(database_url):
    """Each host checked and found the name free; the database's unique skeleton refuses the
    second (without the index both rows would be kept)."""
    one, two = _host("postgres", None, database_url), _host("postgres", None, database_url)
    one.names.keep(ANN, "Alice")
    with pytest.raises(NameTaken):
        two.names.keep(BOB, "\u0410lice")  # a Cyrillic A
    assert two.names.name(BOB) == ""
    with pytest.raises(OSError):
        two.names.keep(BOB, "ALICE")
    two.names.keep(BOB, "Bob")
    one.names.keep(ANN, "\uff21lice")  # one's own name may change to a look-alike of itself
    assert two.names.name(ANN) == "\uff21lice"


def test_hosted_records_and_side_logs_read_back(keeping, backend, url):
    if backend == "postgres":
        _match_row(url, "m1")
    record = HostedRecord("m1", [ANN, None], 60, "normal")
    keeping.keep_record(record)
    assert keeping.records() == [("m1", record)]
    # each chat line where it was said: before the note, then after it (and the next line after that)
    chat = [
        (2, 0, Chat("m1", 0, "hello", "Ann")),
        (3, 1, Chat("m1", None, "hi all", "a spectator")),
        (5, 2, Chat("m1", 1, "back", "Bob")),
    ]
    notes = [(3, Event("Ann steps away; an AI plays the seat.")), (5, Event("Bob is back."))]
    keeping.keep_side_log("m1", chat, notes)
    assert keeping.side_log("m1", 2) == (chat, notes)
    keeping.keep_side_log("m1", chat[:1], [])
    assert keeping.side_log("m1", 2) == (chat[:1], [])
    assert keeping.side_log("m2", 2) == ([], [])


def test_a_record_s_promises_outlive_a_restart_and_a_match_has_one_rematch(keeping, backend, tmp_path, url):
    """A rematch's seat kept for Bob, stand-ins that finish the match (lost on the database before)
    and the one rematch of a finished match: kept, and read back by a restarted host."""
    if backend == "postgres":
        _match_row(url, "m1", status="over")
        _match_row(url, "m2")
    keeping.keep_record(HostedRecord("m1", [ANN, BOB], 60, "normal"))
    keeping.keep_record(HostedRecord("m2", [ANN, None], 30, "easy", ai_finish=True, invited={1: BOB}))
    again = _host(backend, tmp_path, url)
    assert again.record("m2") == HostedRecord("m2", [ANN, None], 30, "easy", True, {1: BOB})
    resigned = HostedRecord("m2", [None, None], 30, "easy", True, {1: BOB}, left={0: ANN}, closed="a test table")
    keeping.keep_record(resigned)  # whose result a seat given up is, and a match an operator closed
    assert _host(backend, tmp_path, url).record("m2") == resigned
    assert again.keep_rematch("m1", "m2") == "m2"
    assert keeping.keep_rematch("m1", "m3") == "m2"  # asked again, by any host: the first stands
    stale = HostedRecord("m1", [ANN, BOB], 60, "normal")  # as read before the rematch was asked for
    keeping.keep_record(stale)
    assert _host(backend, tmp_path, url).record("m1").rematch == "m2"


@pytest.mark.parametrize(
    ("promises", "reason"),
    [
        ({"invited": [None]}, "one identity or none per seat"),
        ({"invited": [ANN, "\x1b[2J"]}, "one identity or none per seat"),
        ({"invited": [BOB, None]}, "keeps a seat someone holds"),
        ({"rematch": "../m1"}, "not a match id"),
        ({"rematch": 7}, "not a match id"),
        ({"left": [ANN]}, "given up are not one identity or none per seat"),
        ({"left": ["\x1b[2J", None]}, "given up are not one identity or none per seat"),
        ({"closed": "two\nlines"}, "closing is not one line"),
    ],
)
def test_crafted_promises_are_refused_with_their_reason(promises, reason):
    with pytest.raises(ValueError, match=reason):
        HostedRecord.from_data({"match_id": "m1", "owners": [ANN, None], "grace": 60, "stand_in": "easy", **promises})


@pytest.mark.postgres
def test_hostile_rows_are_refused_with_their_reason(database_url):
    keeping = _host("postgres", None, database_url)
    _match_row(database_url, "m1")
    _match_row(database_url, "m2")
    _match_row(database_url, "m3", status="over")
    keeping.keep_record(HostedRecord("m2", [ANN], 60, "normal"))
    keeping.keep_record(HostedRecord("m3", [ANN], 60, "normal"))
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("""UPDATE matches SET owners = '["\\u001b[2J"]', grace = 5, stand_in = 'normal' WHERE id = 'm1'""")
        conn.execute("INSERT INTO side_log VALUES ('m2', 0, 'chat', NULL, 7, 'Eve', 'hi')")  # no seat 8
        conn.execute("INSERT INTO identities VALUES (%s, %s, 'x', 'x')", (BOB, "\u001b]0;owned\u0007"))
    assert keeping.records() == [
        ("m1", "its seat owners are not identities"),
        ("m2", HostedRecord("m2", [ANN], 60, "normal")),
    ]  # m3 is over
    with pytest.raises(ValueError, match="another match"):
        keeping.side_log("m2", 2)
    assert keeping.names.name(BOB) == ""


def test_the_connection_log_keeps_every_line(keeping, backend, tmp_path, url):
    keeping.log_connection("c1", "127.0.0.1", None, 0.0, "open")
    keeping.log_connection("c1", "127.0.0.1", ANN, 1.25, "the person left")
    if backend == "files":
        lines = [line.split("\t")[1:] for line in (tmp_path / "connections.log").read_text().splitlines()]
    else:
        with psycopg.connect(url) as conn:
            lines = [
                [c, a, i or "-", f"{t:.1f}s", e]
                for c, a, i, t, e in conn.execute(
                    "SELECT connection, address, identity, open_for, event FROM connections WHERE host = 'host-1' "
                    "ORDER BY at"
                )
            ]
    assert lines == [["c1", "127.0.0.1", "-", "0.0s", "open"], ["c1", "127.0.0.1", ANN, "1.2s", "the person left"]]


def test_a_person_s_finished_matches_are_listed_with_their_seat_the_last_to_end_first(backend, tmp_path, url):
    """Over files or the database alike: the matches over that Ann held a seat of, with that seat;
    not a match still being played, nor one she had no seat of."""
    store, kept = (SaveStore(tmp_path), FileKeeping(tmp_path)) if backend == "files" else open_database(url)
    game = get_game("decktet_caravan")
    for number, (owners, over) in enumerate(
        [([ANN, None], True), ([BOB, ANN], True), ([ANN, BOB], False), ([BOB, None], True)]
    ):
        state, actions = game.new(2, seed=number, options={"hands": 1}), []
        while over and not state.is_over():
            actions.append(state.legal_actions()[0])
            state.apply(actions[-1], False)
        with store.lock(f"m{number}") as lock:
            store.open(
                lock,
                Snapshot(
                    match_id=f"m{number}",
                    game_id=game.id,
                    options={"hands": 1},
                    players=2,
                    seats=["ai:easy", "ai:easy"],
                    names=["One", "Two"],
                    seed=number,
                    actions=actions,
                    state=state.to_data(),
                    updated=1000.0 + number,
                    status="over" if over else "playing",
                    result=state.outcome() if over else None,
                    rules=game.rules_version,
                ),
            )
        kept.keep_record(HostedRecord(f"m{number}", owners, 60, "easy"))
    rows = FinishedMatches(store, kept).rows(ANN)
    assert [(row.match, row.yours, row.status, row.names) for row in rows] == [
        ("m1", 1, "over", ["One", "Two"]),
        ("m0", 0, "over", ["One", "Two"]),
    ]
    assert FinishedMatches(store, kept).rows("SHA256:" + "c" * 43) == []
    # a record read back whether its match is over (a rematch's) or not; none for no such match
    assert [kept.record(f"m{n}").owners for n in (1, 2)] == [[BOB, ANN], [ANN, BOB]]
    assert kept.record("m9") is None
