"""The arena: schedules, the win-rate matrix, ratings, and replays from recorded seeds."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from caravan_tui.ai.arena import (
    Z95,
    format_standings,
    lineups,
    run_jobs,
    schedule,
    standings,
    to_json,
    wilson_interval,
    wins_by_turn,
)
from caravan_tui.ai.matches import MatchRecord, first_mover, play_match, replay
from caravan_tui.cli import main
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import parse_seats
from caravan_tui.selfplay import title_of

OPTIONS = {"hands": 1}


def test_schedule_rotates_every_line_up_through_every_seat_on_the_same_deal():
    jobs = list(schedule("decktet_caravan", parse_seats("random,greedy,ai:easy"), 2, rounds=2, seed=10))
    assert len(jobs) == 3 * 2 * 2 and [j.index for j in jobs] == list(range(12))
    assert [j.seed for j in jobs] == [seed for seed in range(10, 16) for _ in range(2)]
    assert all(jobs[i].specs == jobs[i + 1].specs[::-1] for i in range(0, 12, 2))
    firsts = {}
    for job in jobs:
        firsts.setdefault(frozenset(job.specs), []).append(job.specs[0])
    assert all(sorted(Counter(seats).values()) == [2, 2] for seats in firsts.values())
    four = list(schedule("decktet_caravan", parse_seats("random,greedy"), 4, rounds=1, seed=0))
    assert all(len(set(j.specs)) == 2 and len(j.specs) == 4 for j in four)
    assert [j.seed for j in four] == [0] * 4 + [1] * 4 + [2] * 4
    assert len(jobs) == 2 * len(lineups(parse_seats("random,greedy,ai:easy"), 2)) * 2  # the CLI's count
    assert len(four) == 1 * len(lineups(parse_seats("random,greedy"), 4)) * 4


def test_both_seat_orders_play_one_seed_and_points_are_averaged_per_seat():
    """Duplicate play: the swapped line-up replays the same seed, hence the same deal."""
    first, second = schedule("decktet_caravan", parse_seats("random,greedy"), 2, rounds=1, seed=3, options=OPTIONS)
    records = run_jobs([first, second], workers=1)
    assert records[0].seed == records[1].seed == 3
    assert records[0].specs == records[1].specs[::-1]
    table = standings(["random", "greedy"], records)
    assert table.mean_points("greedy") == (records[0].scores[1] + records[1].scores[0]) / 2


def test_wilson_interval_known_values_and_symmetry():
    low, high = wilson_interval(10, 10)
    assert (low, high) == pytest.approx((10 / (10 + Z95**2), 1.0))
    assert wilson_interval(21.5, 30) == pytest.approx((0.5383, 0.8459), abs=1e-4)
    low, high = wilson_interval(3, 10)
    assert (1 - high, 1 - low) == pytest.approx(wilson_interval(7, 10))


def test_tiny_tournament_matrix_is_consistent_and_reproducible():
    jobs = list(schedule("decktet_caravan", parse_seats("random,greedy"), 2, rounds=3, seed=1, options=OPTIONS))
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
    record = play_match("decktet_caravan", parse_seats("greedy,random"), seed=4, options=OPTIONS)
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
    assert (
        main(
            [
                "arena",
                "decktet_caravan",
                "--seats",
                "random,greedy",
                "--rounds",
                "1",
                "--option",
                "hands=1",
                "--workers",
                "1",
                "--json",
                str(out_file),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "win rate of row vs column" in out and "rating" in out and "mean points" in out
    data = json.loads(out_file.read_text())
    assert len(data["matches"]) == 2 and set(data["ratings"]) == set(data["mean_points"]) == {"random", "greedy"}
    assert main(["replay", str(out_file), "1", "--save"]) == 0
    assert "as recorded" in capsys.readouterr().out
    [entry] = SaveStore().entries()
    assert entry.snapshot.status == "over" and entry.snapshot.actions == [
        tuple(a) for a in data["matches"][1]["actions"]
    ]


def test_arena_records_and_prints_each_seats_time_and_decisions(capsys, tmp_path):
    out_file = tmp_path / "arena.json"
    assert (
        main(
            [
                "arena",
                "decktet_caravan",
                "--seats",
                "random,ai:easy",
                "--rounds",
                "1",
                "--iterations",
                "20",
                "--option",
                "hands=1",
                "--workers",
                "1",
                "--json",
                str(out_file),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "s/move" in out
    data = json.loads(out_file.read_text())
    for seat in ("random", "ai:easy"):
        places = [(match, match["seats"].index(seat)) for match in data["matches"]]
        assert data["decisions"][seat] == sum(match["decisions"][i] for match, i in places) > 0
        assert data["think"][seat] == pytest.approx(sum(match["think"][i] for match, i in places))
        assert data["seconds_per_move"][seat] == pytest.approx(data["think"][seat] / data["decisions"][seat])
        row = [line for line in out.splitlines() if line.startswith(seat + " ")][-1]  # the ratings table
        assert row.split()[-1] == f"{data['seconds_per_move'][seat]:.4f}"
    assert all(sum(match["decisions"]) == match["moves"] for match in data["matches"])


def test_solo_selfplay_reports_scores_and_titles_not_wins(capsys, tmp_path):
    out_file = tmp_path / "solo.json"
    assert (
        main(
            [
                "selfplay",
                "caravanserai",
                "--seats",
                "greedy",
                "--games",
                "3",
                "--seed",
                "2",
                "--workers",
                "1",
                "--json",
                str(out_file),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "win" not in out and "mean score" in out
    scores = [match["scores"][0] for match in json.loads(out_file.read_text())]
    row = next(line for line in out.splitlines() if line.startswith("greedy "))
    assert row.split()[1:4] == ["3", f"{sum(scores) / 3:.2f}", f"{min(scores):g}-{max(scores):g}"]
    titles = next(line for line in out.splitlines() if line.startswith("titles, greedy: "))
    counts = {
        name: int(count)
        for name, count in (part.rsplit(" ", 1) for part in titles.removeprefix("titles, greedy: ").split(" · "))
    }
    assert sum(counts.values()) == 3
    assert counts["none"] == sum(score < 25 for score in scores)
    assert counts["Camel driver"] == sum(25 <= score < 30 for score in scores)


def test_a_solo_score_earns_the_highest_title_it_reaches():
    titles = ((40, "Tribal chief"), (25, "Camel driver"))
    assert [title_of(score, titles) for score in (24, 25, 39, 40, 99)] == [
        None,
        "Camel driver",
        "Camel driver",
        "Tribal chief",
        "Tribal chief",
    ]


def test_wins_by_seat_position_show_the_first_seats_advantage():
    """Two seats of one strength, each seat order played: the first position's share of the wins
    is what moving first is worth, with its interval."""

    def record(specs, outcome):
        return MatchRecord("decktet_caravan", 1, {}, specs, [0.0, 0.0], outcome, 2, [0.0, 0.0], [1, 1])

    records = [
        record(["a", "b"], [1.0, 0.0]),
        record(["b", "a"], [1.0, 0.0]),
        record(["a", "b"], [0.5, 0.5]),
        record(["b", "a"], [0.0, 1.0]),
    ]
    table = standings(["a", "b"], records)
    assert table.by_position == [2.5, 1.5] and table.matches == 4
    share, interval = table.first_seat()
    assert share == 2.5 / 4 and interval == wilson_interval(2.5, 4)
    assert "wins by seat position: 2.5 · 1.5 of 4; the first seat 62% [" in format_standings(table)
    assert to_json(table, records)["wins_by_position"] == [2.5, 1.5]
    assert standings(["a", "b"], []).first_seat() is None


def test_wins_by_order_of_play_count_from_the_seat_the_game_drew_to_start():
    """Camel Caravan draws its start player: seed 1 starts seat 2, seed 2 seat 1. A win is
    counted for the place its seat had in the order of play, not for its seat number."""

    def record(seed, outcome):
        return MatchRecord("camel_caravan", seed, {}, ["a", "b"], [0.0, 0.0], outcome, 2, [0.0, 0.0], [1, 1])

    seat_two_starts, seat_one_starts = record(1, [0.0, 1.0]), record(2, [0.0, 1.0])
    assert first_mover(seat_two_starts) == 1 and first_mover(seat_one_starts) == 0
    assert wins_by_turn([seat_two_starts, seat_one_starts]) == [1.0, 1.0]
    assert wins_by_turn([seat_two_starts, record(3, [0.5, 0.5])]) == [1.5, 0.5]
    table = standings(["a", "b"], [seat_two_starts, seat_one_starts])
    assert table.by_position == [0.0, 2.0] and table.by_turn == [1.0, 1.0]
    text = format_standings(table)
    assert "wins by seat position: 0 · 2 of 2; the first seat 0% [" in text
    assert "wins by order of play: 1 · 1 of 2; the first to move 50% [" in text
    assert to_json(table, [seat_two_starts, seat_one_starts])["wins_by_turn"] == [1.0, 1.0]
