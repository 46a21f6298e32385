"""The arena: schedules, the win-rate matrix, ratings, and replays from recorded seeds."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from ai.arena import run_jobs, schedule, standings
from ai.matches import play_match, replay
from caravan_tui.cli import main
from saves.store import SaveStore

OPTIONS = {"hands": 1}


def test_schedule_rotates_every_line_up_through_every_seat():
    jobs = schedule("decktet_caravan", ["random", "greedy", "ai:easy"], 2, rounds=2, seed=10)
    assert len(jobs) == 3 * 2 * 2 and [j.seed for j in jobs] == list(range(10, 22))
    firsts = {}
    for job in jobs:
        firsts.setdefault(frozenset(job.specs), []).append(job.specs[0])
    assert all(sorted(Counter(seats).values()) == [2, 2] for seats in firsts.values())
    four = schedule("decktet_caravan", ["random", "greedy"], 4, rounds=1, seed=0)
    assert all(len(set(j.specs)) == 2 and len(j.specs) == 4 for j in four)


def test_tiny_tournament_matrix_is_consistent_and_reproducible():
    jobs = schedule("decktet_caravan", ["random", "greedy"], 2, rounds=3, seed=1, options=OPTIONS)
    records = run_jobs(jobs, workers=1)
    table = standings(["random", "greedy"], records)
    assert table.games["random"]["greedy"] == table.games["greedy"]["random"] == 6
    assert table.wins["random"]["greedy"] + table.wins["greedy"]["random"] == pytest.approx(6)
    low, high = table.interval("greedy", "random")
    assert 0.0 <= low <= table.rate("greedy", "random") <= high <= 1.0
    ratings = table.elo()
    rate = table.rate("greedy", "random")
    gap = ratings["greedy"] - ratings["random"]
    assert gap == pytest.approx(0, abs=1e-6) if rate == 0.5 else (gap > 0) == (rate > 0.5)
    again = run_jobs(jobs, workers=2)
    assert [r.actions for r in again] == [r.actions for r in records]


def test_a_recorded_match_replays_to_its_result():
    record = play_match("decktet_caravan", ["greedy", "random"], seed=4, options=OPTIONS)
    state = replay(record)
    assert state.is_over() and state.scores() == record.scores and state.outcome() == record.outcome


def test_ratings_order_a_dominant_seat_first():
    table = standings(["a", "b"], [])
    table.games = {"a": {"a": 0, "b": 10}, "b": {"a": 10, "b": 0}}
    table.wins = {"a": {"a": 0, "b": 9}, "b": {"a": 1, "b": 0}}
    ratings = table.elo()
    assert ratings["a"] > ratings["b"] and sum(ratings.values()) / 2 == pytest.approx(1500, abs=1)


def test_arena_and_replay_commands(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    out_file = tmp_path / "arena.json"
    assert main(["arena", "decktet_caravan", "--seats", "random,greedy", "--rounds", "1",
                 "--option", "hands=1", "--workers", "1", "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "win rate of row vs column" in out and "rating" in out
    data = json.loads(out_file.read_text())
    assert len(data["matches"]) == 2 and set(data["ratings"]) == {"random", "greedy"}
    assert main(["replay", str(out_file), "1", "--save"]) == 0
    assert "as recorded" in capsys.readouterr().out
    [entry] = SaveStore().entries()
    assert entry.snapshot.status == "over" and entry.snapshot.actions == [
        tuple(a) for a in data["matches"][1]["actions"]]
