"""Each benchmark still runs against today's code and screens: a short run of each, its report
read back. What they measure is not asserted here (speed belongs to the benchmarks); that they
measure something is."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(script: str, *args: str, timeout: float = 240) -> str:
    env = {**os.environ, "CARAVAN_TUI_AI_BUDGET": "iterations"}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_ssh_load_sets_up_matches_by_keys_and_times_keys(tmp_path):
    """Two people log in, one creates a match, the other joins it through the lobby (How to play
    first), and keys are timed at the table: the whole path a change to the screens can break."""
    out = tmp_path / "rows.json"
    run("ssh_load.py", "--sessions", "2", "--seconds", "3", "--json", str(out))
    (row,) = json.loads(out.read_text())
    assert row["sessions"] == 2
    assert row["all"]["n"] + row["all"]["misses"] >= 1  # keys were pressed at the table
    assert row["start_ms"]["max"] > 0
    assert row["session_pss_mb"]["playing"]  # the sessions were found among the server's processes


@pytest.mark.postgres
def test_pg_hosting_commits_and_takes_over(tmp_path):
    out = tmp_path / "rows.json"
    run("pg_hosting.py", "--matches", "1", "--moves", "10", "--takeovers", "1", "--json", str(out))
    assert json.loads(out.read_text())


def test_connect_loop_counts_connections():
    said = run("connect_loop.py", "--seconds", "0.5")
    assert "tcp:" in said and "ssh:" in said


def test_save_cost_and_explain_cost_report_every_game_they_play():
    said = run("save_cost.py", "--iterations", "1", "--games", "decktet_caravan")
    assert "opens in" in said
    said = run("explain_cost.py", "--positions", "1", "--level", "easy")
    from caravan_tui.games import GAMES

    assert all(game in said for game in GAMES)
