"""The headless command line: selfplay, saves and bench."""
from __future__ import annotations

import json

import pytest

from ai.arena import run_jobs
from ai.matches import play_match
from caravan_tui.bench import bench_game, format_report, percentile
from caravan_tui.cli import main
from caravan_tui.seats import parse_seats
from caravan_tui.selfplay import selfplay_jobs, summarise
from saves.snapshot import Snapshot
from saves.store import SaveStore


def test_selfplay_rotates_seats_and_replays_from_its_seed():
    jobs = selfplay_jobs("decktet_caravan", parse_seats("random,greedy"), 4, seed=5, options={"hands": 1})
    records = run_jobs(jobs, workers=1)
    assert [r.specs for r in records] == [["random", "greedy"], ["greedy", "random"]] * 2
    assert [r.seed for r in records] == [5, 6, 7, 8]
    again = play_match("decktet_caravan", parse_seats(",".join(records[1].specs)), records[1].seed, {"hands": 1})
    assert again.actions == records[1].actions and again.scores == records[1].scores
    rows, moves = summarise(records)
    assert {row.spec: row.matches for row in rows} == {"random": 4, "greedy": 4}
    assert sum(row.wins for row in rows) == pytest.approx(4)
    assert moves == sum(r.moves for r in records) / 4


def test_selfplay_command_prints_a_results_table(capsys, tmp_path):
    out_file = tmp_path / "games.json"
    code = main(["selfplay", "decktet_caravan", "--seats", "random,greedy", "--games", "2",
                 "--option", "hands=1", "--workers", "1", "--json", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0
    assert "random" in out and "greedy" in out and "win %" in out and "average moves" in out
    assert len(json.loads(out_file.read_text())) == 2


def test_selfplay_refuses_bad_seats_and_options(capsys):
    for seats in ("random,wizard", "random,ai:hard+depth=9", "random,human"):
        with pytest.raises(SystemExit):
            main(["selfplay", "decktet_caravan", "--seats", seats])
    assert main(["selfplay", "decktet_caravan", "--seats", "random"]) == 2
    assert main(["selfplay", "decktet_caravan", "--option", "hands=99"]) == 2
    assert "not one of" in capsys.readouterr().err


def test_saves_command_lists_matches_and_damaged_files(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    store = SaveStore()
    store.write(Snapshot(match_id="m1", game_id="decktet_caravan", options={"hands": 1}, players=2,
                         seats=["human", "ai:normal"], names=["You", "AI"], seed=3))
    (store.folder / "broken.msgpack").write_bytes(b"\x00garbage")
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "m1" in out and "Decktet Caravan" in out and "human,ai:normal" in out and "playing" in out
    assert "broken" in out and "damaged" in out


def test_bench_measures_every_number():
    result = bench_game("decktet_caravan", playout_seconds=0.05, search_iterations=30,
                        level_positions=1, levels=("easy",), memory_iterations=20)
    for key in ("clone_us", "legal_actions_us", "apply_us", "determinize_us",
                "random_playouts_per_s", "ismcts_iterations_per_s", "search_peak_kib"):
        assert result[key] > 0
    assert set(result["ai_move_s"]) == {"easy"} and result["ai_move_s"]["easy"]["moves"] == 1
    report = format_report([result])
    assert "ISMCTS iterations" in report and "AI move, easy" in report


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 50) == 10.0 and percentile(values, 95) == 19.0 and percentile([3.0], 95) == 3.0
