"""Each benchmark still runs against today's code and screens: a short run of each, its report
read back. What they measure is not asserted here (speed belongs to the benchmarks); that they
measure something is. The benchmarks that start servers of their own (and a PostgreSQL of their
own) run whole in the end-to-end run (``pytest -m e2e``); the default run calls their parts in
this process against the run's database."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(script: str, *args: str, timeout: float = 240) -> str:
    env = {**os.environ, "CARAVAN_TUI_AI_BUDGET": "iterations"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.e2e  # a server of its own and two SSH sessions (about 3 CPU-s and 11 s)
def test_ssh_load_sets_up_matches_by_keys_and_times_keys(tmp_path):
    """Two people log in, one creates a match, the other joins it through the lobby (How to play
    first), and keys are timed at the table: the whole path a change to the screens can break."""
    out = tmp_path / "rows.json"
    run("ssh_load.py", "--sessions", "2", "--seconds", "1", "--json", str(out))  # (a key each at least)
    (row,) = json.loads(out.read_text())
    assert row["sessions"] == 2
    assert row["all"]["n"] + row["all"]["misses"] >= 1  # keys were pressed at the table
    assert row["start_ms"]["max"] > 0
    assert row["session_pss_mb"]["playing"]  # the sessions were found among the server's processes


def benchmark(name: str):
    """The benchmark script ``name`` as a module of this process (not run as a script)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def run_here(monkeypatch, capsys):
    """``run_here(script, *args)``: the benchmark's command line run in this process, what it
    printed (a process of its own cost about half a CPU-second to start and import the app)."""

    def run_script(script: str, *args: str) -> str:
        monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
        monkeypatch.setattr(sys, "argv", [f"{script}.py", *args])
        assert benchmark(script).main() in (None, 0)
        return capsys.readouterr().out

    return run_script


@pytest.mark.e2e
@pytest.mark.postgres
def test_pg_hosting_commits_and_takes_over(tmp_path):
    out = tmp_path / "rows.json"
    run("pg_hosting.py", "--matches", "1", "--moves", "10", "--takeovers", "1", "--json", str(out))
    assert json.loads(out.read_text())


@pytest.mark.postgres
def test_pg_hosting_times_the_commits_of_the_files_and_the_database(tmp_path, database_url):
    from caravan_tui.pgstore import open_database
    from caravan_tui.saves.store import SaveStore

    hosting = benchmark("pg_hosting")
    for make_store in (lambda: SaveStore(tmp_path), lambda: open_database(database_url, "bench")[0]):
        row = hosting.commits(make_store, 2, 3)
        assert row["matches"] == 2 and row["moves_per_s"] > 0 and 0 < row["p50_ms"] <= row["p95_ms"]


@pytest.mark.thorough
def test_saves_list_opens_the_list_and_times_its_rows(tmp_path, run_here):
    out = tmp_path / "row.json"
    run_here("saves_list", "--saves", "12", "--json", str(out))
    row = json.loads(out.read_text())
    assert row["saves"] == 12 and 0 < row["first_rows_ms"] <= row["all_rows_ms"]


@pytest.mark.thorough
def test_connect_loop_counts_connections(capsys):
    asyncio.run(benchmark("connect_loop").main(0.2))
    said = capsys.readouterr().out
    assert "tcp:" in said and "ssh:" in said


@pytest.mark.thorough
def test_save_cost_and_explain_cost_report_every_game_they_play(run_here):
    said = run_here("save_cost", "--iterations", "1", "--games", "decktet_caravan")
    assert "opens in" in said
    assert "no random match of these games reached 1000 moves" in said  # (Decktet's end within 200)
    said = run_here("explain_cost", "--positions", "1", "--level", "easy")
    from caravan_tui.games import GAMES

    assert all(game in said for game in GAMES)


@pytest.mark.thorough
def test_review_cost_times_both_matches_and_the_noise(run_here):
    # greedy seats play the matches reviewed (easy seats' whole Ahldarahd match: 14 CPU-s)
    said = run_here("review_cost", "--iterations", "10", "--moves", "20", "--noise", "1", "--seat", "greedy")
    assert "decktet_caravan  20 moves" in said and "ahldarahd" in said and said.count("another seed moves") == 2
    assert said.count("s of CPU") == 2 and said.count("judged: the first at") == 2


@pytest.mark.e2e
@pytest.mark.postgres
def test_hosting_soak_applies_each_fault_and_finds_the_record_whole(tmp_path):
    """A short soak: both servers faulted at random while their matches play; any violation of
    the record (a row gone or changed, a log cut back without an undo) makes the script fail."""
    out = tmp_path / "soak.json"
    run(
        "hosting_soak.py",
        "--seconds",
        "12",
        "--matches",
        "2",
        "--pause",
        "0.5",
        "2",
        "--max-stall",
        "2",
        "--seed",
        "7",
        "--start-within",
        "90",
        "--json",
        str(out),
        timeout=240,
    )
    said = json.loads(out.read_text())
    assert sum(said["faults"].values()) >= 1 and said["moves_stored"] >= 1
    assert said["violations"] == [] and said["fault_errors"] == []


@pytest.mark.postgres
def test_the_soak_sees_a_stored_move_replaced_or_deleted_and_lets_an_undo_pass(database_url):
    from caravan_tui.pgstore import open_database
    from caravan_tui.saves.codec import encode_record
    from caravan_tui.saves.snapshot import Record

    soak = benchmark("hosting_soak")
    store, keeping = open_database(database_url, "test")
    match_id = soak.make_match(store, keeping, random.Random(1))
    watcher = soak.Watcher(database_url)

    def database(sql: str, *values) -> None:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(sql, values)

    def move(turn: int, card: int) -> bytes:
        return encode_record(Record("move", turn, 1.0, ("play", card, "caravan", 2)))

    for turn in range(3):
        database(
            "INSERT INTO records (match_id, seq, record, epoch) VALUES (%s, %s, %s, 1)",
            match_id,
            turn,
            move(turn, turn),
        )
    watcher.poll()
    database(
        "INSERT INTO records (match_id, seq, record, epoch) VALUES (%s, 3, %s, 1)",
        match_id,
        encode_record(Record("undo", 1, 1.0)),
    )  # the log cut back by an undo: no violation
    watcher.poll()
    assert watcher.violations == [] and watcher.seen[match_id].log == [("play", 0, "caravan", 2)]

    database("UPDATE records SET record = %s WHERE match_id = %s AND seq = 1", move(1, 9), match_id)
    watcher.poll()
    database("DELETE FROM records WHERE match_id = %s AND seq = 3", match_id)
    watcher.poll()
    assert [(v["seq"], v["what"].split(" (")[0]) for v in watcher.violations] == [
        (1, "a row seen before changed"),
        (3, "a row seen before is gone"),
    ]
    assert {v["match"] for v in watcher.violations} == {match_id}


@pytest.mark.thorough
def test_your_record_times_the_record_with_and_without_its_index(tmp_path, run_here):
    out = tmp_path / "record.json"
    run_here("your_record", "--matches", "16", "--json", str(out))
    row = json.loads(out.read_text())
    assert row["finished"] == 16 and row["no_index_s"] > 0 and row["index_s"] > 0


@pytest.mark.thorough
def test_review_drift_sums_the_accounts_both_ways_and_leaves_the_game_as_it_was(run_here):
    from caravan_tui.games import GAMES

    game = GAMES["merchant_lord"]
    quick = ("--seeds", "1", "--iterations", "10", "--seat", "greedy", "--moves", "40")
    said = run_here("review_drift", *quick, "--compare")
    assert "merchant_lord as the levels are, 1 matches" in said and "merchant_lord own means, 1 matches" in said
    assert said.count("|drift|") == 4 and GAMES["merchant_lord"] is game


@pytest.mark.thorough
def test_camel_prior_cost_times_the_recorded_calls_and_prints_the_moves_digest(run_here):
    from caravan_tui.games import GAMES

    game = GAMES["camel_caravan"]
    said = run_here("camel_prior_cost", "--iterations", "2", "--repeat", "1", "--matches", "1")
    assert "moves digest " in said and "calls of the prior" in said and "us a call" in said
    assert GAMES["camel_caravan"] is game
