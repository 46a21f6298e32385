"""The headless command line: selfplay, saves and bench, and how it refuses bad input."""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import signal
import subprocess
import sys
import time
import tomllib
from itertools import islice
from pathlib import Path

import pytest

from caravan_tui import ai
from caravan_tui.ai.arena import run_jobs
from caravan_tui.ai.matches import play_match
from caravan_tui.bench import bench_game, budget_rows, budget_use, format_report, percentile
from caravan_tui.cli import BOOLEANS, _option_text, _options, main
from caravan_tui.games import GAMES, get_game
from caravan_tui.run_file import RunFile
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import parse_seats
from caravan_tui.selfplay import selfplay_jobs, summarise

from tables import processes_end


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


def test_selfplay_command_prints_a_results_table(capsys, tmp_path, monkeypatch):
    out_file = tmp_path / "games.json"
    code = main(
        [
            "selfplay",
            "decktet_caravan",
            "--seats",
            "random,greedy",
            "--games",
            "2",
            "--option",
            "hands=1",
            "--workers",
            "1",
            "--json",
            str(out_file),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert "random" in out and "greedy" in out and "win %" in out and "average moves" in out
    assert "options hands=1\n" in out
    assert "wins by order of play: " in out and " of 2; the first to move " in out
    assert err == ""  # stderr is not a terminal: no progress bar
    matches = json.loads(out_file.read_text())
    assert len(matches) == 2 and matches[0]["game"] == "decktet_caravan" and matches[0]["options"]["hands"] == 1
    # its file replays as arena's does ("it holds no list of matches" of this very list)
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    assert main(["replay", str(out_file), "1", "--save"]) == 0
    assert "as recorded" in capsys.readouterr().out


@pytest.mark.thorough
def test_selfplay_refuses_bad_seats_and_options(capsys):
    for seats in ("random,wizard", "random,ai:hard+depth=9", "random,human"):
        with pytest.raises(SystemExit):
            main(["selfplay", "decktet_caravan", "--seats", seats])
    assert main(["selfplay", "decktet_caravan", "--seats", "random"]) == 2
    assert main(["selfplay", "decktet_caravan", "--option", "hands=99"]) == 2
    assert capsys.readouterr().err.endswith(
        "caravan-tui: error: Decktet Caravan is for 2 players; --seats names 1\n"
        "caravan-tui: error: hands: 99 is not one of 1–15\n"
    )


def test_saves_command_lists_matches_and_damaged_files(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    store = SaveStore()
    store.write(
        Snapshot(
            match_id="m1",
            game_id="decktet_caravan",
            options={"hands": 1},
            players=2,
            seats=["human", "ai:normal"],
            names=["You", "AI"],
            seed=3,
        )
    )
    (store.folder / "broken.msgpack").write_bytes(b"\x00garbage")
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "m1" in out and "Decktet Caravan" in out and "seats: human, ai:normal" in out and "playing" in out
    assert "broken" in out and "damaged" in out


def test_saves_command_keeps_its_columns_apart_and_within_80_columns(capsys, tmp_path, monkeypatch):
    """ "Caravans of Ahldarahd human,ai:easy" ran the game into the seats; a match of five seats
    made a row of 93 columns: the seats stand on a line of their own below it."""
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    SaveStore().write(
        Snapshot(
            match_id="20261129-055052-c6698b",
            game_id="ahldarahd",
            options={},
            players=5,
            seats=["human", "ai:normal", "ai:normal", "ai:normal", "ai:hard"],
            names=["You", "AI 2", "AI 3", "AI 4", "AI 5"],
            seed=3,
        )
    )
    assert main(["saves"]) == 0
    header, row, seats = capsys.readouterr().out.splitlines()
    for column in ("moves", "last played", "status"):
        assert row[header.index(column) - 1] == " ", (column, header, row)
    assert "Caravans of Ahldarahd " in row and row.endswith(" playing")
    assert seats == "  seats: human, ai:normal, ai:normal, ai:normal, ai:hard"
    assert max(len(line) for line in (header, row, seats)) <= 80


@pytest.mark.thorough
def test_bench_measures_every_number():
    result = bench_game(
        "decktet_caravan",
        playout_seconds=0.05,
        search_iterations=30,
        level_positions=1,
        levels=("easy",),
        memory_iterations=20,
        clock_positions=0,
    )
    for key in (
        "clone_us",
        "legal_actions_us",
        "determinize_us",
        "random_playouts_per_s",
        "ismcts_iterations_per_s",
        "search_peak_kib",
    ):
        assert result[key] > 0
    assert math.isfinite(result["apply_us"])  # (clone and apply, less a clone: on a busy machine, maybe below 0)
    assert set(result["ai_move_s"]) == {"easy"} and result["ai_move_s"]["easy"]["moves"] == 1
    report = format_report([result])
    assert "ISMCTS iterations" in report and "AI move, easy" in report
    assert "time used / budget   not measured" in report  # said, not left out


@pytest.mark.thorough
def test_bench_counts_a_planned_move_on_the_clock_only_when_the_clock_cut_it(monkeypatch):
    """Caravanserai's normal level plans: its weights are lines, not visits, so their sum says
    nothing of the budget (every planned move read as cut short by the clock)."""
    import dataclasses

    from caravan_tui.ai.levels import LEVELS

    monkeypatch.setitem(LEVELS, "normal", dataclasses.replace(LEVELS["normal"], seconds=60.0))
    result = bench_game(
        "caravanserai",
        2,
        playout_seconds=0.05,
        search_iterations=30,
        level_positions=2,
        levels=("normal",),
        memory_iterations=20,
        clock_positions=0,
    )
    assert result["ai_move_s"]["normal"]["moves"] == 2 and result["ai_move_s"]["normal"]["on_clock"] == 0


def test_bench_says_which_budget_use_it_could_not_observe():
    levels = {"easy": {}, "normal": {}, "hard": {}}
    budgets = {
        "easy": {"seconds": 0.4, "used": [0.98, 1.01]},
        "normal": {"seconds": None, "used": []},
        "first_move": {"level": "easy", "used": 2.5},
    }
    rows = dict(budget_rows(budgets, levels))
    assert rows["time used, easy"].startswith("0.980–1.010 of its 0.4 s (2 moves")
    assert rows["time used, normal"] == "no clock at this level: nothing to use up"
    assert rows["time used, hard"] == "not measured"
    assert rows["time used, 1st move"].startswith("2.500 of easy's budget")


@pytest.mark.thorough
def test_bench_times_a_level_clock_through_the_workers():
    game = get_game("decktet_caravan")
    state = game.new(2, seed=1, options=game.quick_options)
    found = budget_use("decktet_caravan", [(state, state.to_move())], ("easy",))
    assert found["easy"]["seconds"] == 0.4 and len(found["easy"]["used"]) == 1
    assert math.isfinite(found["easy"]["used"][0]) and found["first_move"]["level"] == "easy"


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 50) == 10.0 and percentile(values, 95) == 19.0 and percentile([3.0], 95) == 3.0


# -- bad input: one line, no traceback, nothing run ------------------------------------------------


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit:
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path, monkeypatch):
    """$CARAVAN_TUI_HOME with a match "m1" being played and a damaged save "broken"; the app is
    never opened (a test that reaches it fails)."""
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path / "home"))
    store = SaveStore()
    store.write(
        Snapshot(
            match_id="m1",
            game_id="decktet_caravan",
            options={"hands": 1},
            players=2,
            seats=["human", "ai:normal"],
            names=["You", "AI"],
            seed=3,
        )
    )
    (store.folder / "broken.msgpack").write_bytes(b"\x00garbage")

    def no_app(**kwargs):
        raise AssertionError(f"the app was opened: {kwargs}")

    monkeypatch.setattr("caravan_tui.app.run_app", no_app)
    record = play_match("decktet_caravan", parse_seats("random,greedy"), seed=2, options={"hands": 1})
    (tmp_path / "arena.json").write_text(
        json.dumps(
            {
                "matches": [
                    {
                        "game": record.game_id,
                        "seed": record.seed,
                        "options": record.options,
                        "seats": record.specs,
                        "scores": record.scores,
                        "actions": record.actions,
                    }
                ]
            }
        )
    )
    (tmp_path / "notes.txt").write_text("not JSON")
    return store


SELFPLAY = ["selfplay", "decktet_caravan", "--seats", "random,greedy", "--option", "hands=1", "--workers", "1"]
ARENA = ["arena", "decktet_caravan", "--seats", "random,greedy", "--option", "hands=1", "--workers", "1"]
#: (argv, what the home is: "folder", "file", "saves-file" or "locked" (m1 open elsewhere));
#: {tmp} is the test's folder, which holds arena.json (one match) and notes.txt
BAD_INPUT = [
    (SELFPLAY + ["--json", "{tmp}/missing/out.json"], "folder"),
    (SELFPLAY + ["--json", "{tmp}"], "folder"),
    (ARENA + ["--json", "{tmp}/missing/out.json"], "folder"),
    (ARENA + ["--json", "{tmp}"], "folder"),
    (["bench", "decktet_caravan", "--json", "{tmp}"], "folder"),
    (["replay", "{tmp}/arena.json", "0", "--save"], "file"),
    (["replay", "{tmp}/arena.json", "0", "--save"], "saves-file"),
    (["saves"], "file"),
    (["selfplay", "decktet_caravan", "--games", "-1"], "folder"),
    (["selfplay", "decktet_caravan", "--games", "0"], "folder"),
    (["selfplay", "decktet_caravan", "--games", "many"], "folder"),
    (["selfplay", "decktet_caravan", "--workers", "0"], "folder"),
    (["selfplay", "decktet_caravan", "--workers", "-3"], "folder"),
    (["selfplay", "decktet_caravan", "--workers", "100000"], "folder"),  # (it started them all, and hung)
    (["arena", "decktet_caravan", "--workers", "65"], "folder"),
    (["serve", "--host", ""], "folder"),  # (it listened on every interface)
    (["serve", "--host", "999.1.1.1"], "folder"),
    (["arena", "decktet_caravan", "--players", "0"], "folder"),
    (["arena", "decktet_caravan", "--players", "5"], "folder"),
    (["arena", "decktet_caravan", "--iterations", "-1"], "folder"),
    (["arena", "decktet_caravan", "--rounds", "0"], "folder"),
    (["arena", "decktet_caravan", "--seats", "random,random"], "folder"),
    (["selfplay", "decktet_caravan", "--seats", "ai:easy+exploration=nan,random"], "folder"),
    (["selfplay", "decktet_caravan", "--seats", "ai:easy+iterations=0,random"], "folder"),
    (["selfplay", "decktet_caravan", "--seats", "ai:easy+seconds=-1,random"], "folder"),
    (["selfplay", "decktet_caravan", "--seats", "random,greedy,random"], "folder"),
    (["selfplay", "decktet_caravan", "--option", "hands=99"], "folder"),
    (["selfplay", "decktet_caravan", "--option", "speed=3"], "folder"),
    (["selfplay", "decktet_caravan", "--option", "hands"], "folder"),
    (["selfplay", "camel_caravan", "--option", "sixth_camel=maybe"], "folder"),
    (["resume", "nosuchmatch"], "folder"),
    (["resume", "broken"], "folder"),
    (["resume", "m1"], "locked"),
    (["resume", "../m1"], "folder"),
    (["resume"], "file"),
    (["play", "decktet_caravan"], "file"),
    (["play", "chess"], "folder"),
    (["play", "camel_caravan", "--vs", "expert"], "folder"),
    (["play", "camel_caravan", "--vs", "easy,hard", "--players", "4"], "folder"),
    (["play", "decktet_caravan", "--players", "3"], "folder"),
    (["play", "decktet_caravan", "--option", "hands=99"], "folder"),
    (["selfplay", "merchant_lord", "--seats", "random,random", "--option", "start_player=3"], "folder"),
    (["arena", "merchant_lord", "--seats", "random,greedy", "--option", "start_player=4", "--players", "3"], "folder"),
    (
        ["selfplay", "ahldarahd", "--seats", "random,greedy,random,greedy,random", "--option", "neutral_map=yes"],
        "folder",
    ),
    (["arena", "ahldarahd", "--seats", "random,greedy", "--players", "5", "--option", "neutral_map=yes"], "folder"),
    (["play", "ahldarahd", "--players", "5", "--option", "neutral_map=yes"], "folder"),
    (["replay", "nosuchmatch"], "folder"),
    (["replay", "broken"], "folder"),
    (["replay", "m1", "--save"], "folder"),
    (["replay", "{tmp}/nope.json", "0"], "folder"),
    (["replay", "{tmp}/notes.txt", "0"], "folder"),
    (["replay", "{tmp}/arena.json", "1"], "folder"),
    (["replay", "{tmp}/arena.json", "-1"], "folder"),
    (["selfplay", "decktet_caravan", "--seed", "-1"], "folder"),
    (["selfplay", "decktet_caravan", "--seats", "ai:easy+iterations=1000000000000+seconds=none,random"], "folder"),
    (["arena", "decktet_caravan", "--iterations", str(10**12)], "folder"),
    (["serve", "--ai-iterations", str(10**12)], "folder"),
    (["arena", "decktet_caravan", "--seed", str(2**63)], "folder"),
    (SELFPLAY + ["--seed", str(2**63 - 1), "--games", "2"], "folder"),
    (ARENA + ["--seed", str(2**63 - 2), "--rounds", "3"], "folder"),
    (["bench", "--matches", "0"], "folder"),
    (["bench", "--seconds", "-1"], "folder"),
    (["conquer"], "folder"),
]


@pytest.mark.parametrize("argv,kind", BAD_INPUT, ids=[f"{' '.join(a)} ({k})" for a, k in BAD_INPUT])
def test_bad_input_is_one_line_and_a_failing_exit(argv, kind, home, tmp_path, monkeypatch, capsys):
    if kind == "file":
        monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path / "notes.txt"))
    elif kind == "saves-file":
        (tmp_path / "other").mkdir()
        (tmp_path / "other" / "saves").write_text("")
        monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path / "other"))
    monkeypatch.setattr(ai.arena, "run_jobs", lambda *a: pytest.fail("a match was played"))
    lock = home.lock("m1") if kind == "locked" else None
    try:
        code, out, err = _run([part.replace("{tmp}", str(tmp_path)) for part in argv], capsys)
    finally:
        if lock:
            lock.release()
    lines = err.splitlines()
    assert code not in (0, None)
    assert len(lines) == 1 and lines[0].startswith("caravan-tui: error: ") and lines[0][20:].strip()
    assert "Traceback" not in out + err


def test_messages_read_like_sentences(home, capsys):
    for argv, message in [
        (["selfplay", "decktet_caravan", "--option", "hands=99"], "hands: 99 is not one of 1–15"),
        (
            ["selfplay", "decktet_caravan", "--option", "speed=3"],
            "Decktet Caravan has no option 'speed' (its options: hands)",
        ),
        (
            ["play", "camel_caravan", "--option", "short=yes"],
            "Camel Caravan has no option 'short' (its options: sixth_camel, short_game)",
        ),
        (
            ["play", "camel_caravan", "--option", "x" * 500 + "=1"],
            f"Camel Caravan has no option '{'x' * 39}…' (its options: sixth_camel, short_game)",
        ),
        (["arena", "decktet_caravan", "--players", "3"], "Decktet Caravan is for 2 players, not 3"),
        (["arena", "camel_caravan", "--players", "5"], "Camel Caravan is for 2–4 players, not 5"),
        (["resume", "nosuchmatch"], "there is no saved match nosuchmatch"),
        (
            ["selfplay", "merchant_lord", "--seats", "random,random", "--option", "start_player=3"],
            "the start player, player 3, is not one of the 2 players",
        ),
        (
            ["play", "ahldarahd", "--players", "5", "--option", "neutral_map=yes"],
            "the neutral map needs an unused colour: it is for 2–4 players, not 5",
        ),
    ]:
        assert message in _run(argv, capsys)[2]


def test_a_good_match_passes_the_checks_and_opens_the_app(home, monkeypatch):
    opened = []
    monkeypatch.setattr("caravan_tui.app.run_app", lambda **kwargs: opened.append(kwargs))
    assert main(["resume"]) == main(["play", "decktet_caravan", "--vs", "easy"]) == main(["replay", "m1"]) == 0
    assert [{k: v for k, v in kw.items() if v is not None and k != "play"} for kw in opened] == [
        {"resume": "m1"},
        {},
        {"replay": "m1"},
    ]
    setup = opened[1]["play"]
    assert (setup.game_id, [str(s) for s in setup.seats]) == ("decktet_caravan", ["human", "ai:easy"])
    with home.lock("m1"):  # the checks let go of the match: the app can lock it
        pass


def test_play_sets_up_the_table_from_the_shell(home, monkeypatch):
    """``--vs`` names each opponent's level (or one for all), ``--players`` the table's size,
    ``--option`` the game's options, ``--name`` yours (remembered)."""
    opened = []
    monkeypatch.setattr("caravan_tui.app.run_app", lambda **kwargs: opened.append(kwargs["play"]))
    assert main(["play", "camel_caravan", "--vs", "normal,hard", "--option", "sixth_camel=yes", "--name", "Quinn"]) == 0
    assert main(["play", "camel_caravan", "--vs", "easy", "--players", "4"]) == 0
    three, four = opened
    assert [str(s) for s in three.seats] == ["human", "ai:normal", "ai:hard"]
    assert three.options == {"sixth_camel": True, "short_game": False} and three.names[0] == "Quinn"
    assert [str(s) for s in four.seats] == ["human"] + ["ai:easy"] * 3 and four.names[0] == "Quinn"


def test_play_takes_a_seed_to_deal_the_same_match_again(home, monkeypatch, capsys):
    """``--option seed=7`` was refused and ``play`` had no other way to name the deal."""
    opened = []
    monkeypatch.setattr("caravan_tui.app.run_app", lambda **kwargs: opened.append(kwargs["play"]))
    assert main(["play", "camel_caravan", "--seed", "7"]) == main(["play", "camel_caravan", "--seed", "7"]) == 0
    assert [setup.seed for setup in opened] == [7, 7]
    assert "must be a whole number" in _run(["play", "camel_caravan", "--seed", "-1"], capsys)[2]


def test_json_problems_are_found_before_any_match_is_played(tmp_path, monkeypatch, capsys):
    played = []
    monkeypatch.setattr(ai.arena, "run_jobs", lambda *args: played.append(args) or [])
    (tmp_path / "old.json").write_text("keep me")
    for command in (SELFPLAY, ARENA):
        assert main(command + ["--json", str(tmp_path / "no" / "such" / "folder.json")]) == 2
        assert main(command + ["--json", str(tmp_path)]) == 2
    assert played == [] and (tmp_path / "old.json").read_text() == "keep me"
    assert capsys.readouterr().err.count("cannot write") == 4


def test_the_json_file_is_rewritten_whole(tmp_path, capsys):
    out_file = tmp_path / "games.json"
    out_file.write_text("x" * 100_000)  # longer than the new contents
    assert main(SELFPLAY + ["--games", "1", "--json", str(out_file)]) == 0
    assert len(json.loads(out_file.read_text())) == 1


@pytest.mark.parametrize("command", [ARENA + ["--rounds", "2"], SELFPLAY + ["--games", "4"]])
def test_a_run_stopped_midway_keeps_the_matches_it_finished(command, tmp_path, monkeypatch):
    """ctrl+c after two matches: the file holds those two, whole (it was written at the end only)."""
    real, started = ai.arena._run, []

    def run(job):
        started.append(job)
        if len(started) == 3:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(ai.arena, "_run", run)
    out_file = tmp_path / "run.json"
    with pytest.raises(KeyboardInterrupt):
        main(command + ["--json", str(out_file)])
    kept = json.loads(out_file.read_text())
    matches = kept["matches"] if isinstance(kept, dict) else kept
    assert [match["seed"] for match in matches] == [job.seed for job in started[:2]]
    assert not (tmp_path / "run.json.part").exists()


def test_a_json_path_that_is_a_link_is_written_through_never_replaced(tmp_path, capsys):
    """The bug: the file went in the link's place (``--json /dev/stdout`` put a file there), and
    what it pointed to was never written."""
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    target.write_text("x" * 100_000)
    link.symlink_to(target)
    assert main(SELFPLAY + ["--games", "2", "--json", str(link)]) == 0
    assert link.is_symlink() and len(json.loads(target.read_text())) == 2


def test_a_json_file_that_cannot_be_written_at_the_end_costs_no_results(tmp_path, monkeypatch, capsys):
    """A full disk at the last write: the results are still printed, then one line naming the
    file, and status 1 (before, the run's results were lost with the write)."""

    def full(self, data, indent=None):
        raise OSError(errno.ENOSPC, "No space left on device", f"{self.path}.part")

    monkeypatch.setattr(RunFile, "write", full)
    out_file = tmp_path / "games.json"
    assert main(SELFPLAY + ["--games", "1", "--json", str(out_file)]) == 1
    said = capsys.readouterr()
    assert said.out.startswith("Decktet Caravan: 1 matches, seeds ")
    assert said.err.endswith(f"\ncaravan-tui: error: cannot write {out_file}: No space left on device\n")


def test_a_json_file_that_is_not_a_regular_file_is_written_at_the_end(capsys):
    assert main(ARENA + ["--rounds", "1", "--json", "/dev/null"]) == 0
    assert "random" in capsys.readouterr().out


def test_boolean_options_take_yes_no_true_false_on_off_1_0_in_any_case():
    camel = GAMES["camel_caravan"]
    for word, value in BOOLEANS.items():
        for written in (word, word.upper(), word.capitalize()):
            assert _options(camel, [f"sixth_camel={written}"], 2)["sixth_camel"] is value
    assert _options(GAMES["decktet_caravan"], ["hands=3"], 2) == {"hands": 3}


def test_options_print_as_name_equals_value():
    assert _option_text({"sixth_camel": True, "short_game": False, "hands": 3}) == (
        "sixth_camel=yes, short_game=no, hands=3"
    )


def test_progress_is_shown_only_on_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(SELFPLAY + ["--games", "2"]) == 0
    assert capsys.readouterr().err.endswith("] 2/2 matches\n")


@pytest.mark.parametrize("workers", [1, 2])
def test_run_jobs_takes_jobs_only_as_they_can_start(workers):
    """Ten billion matches are a generator, not a list; run_jobs keeps a few in flight."""
    taken, leads = [], []

    def jobs():
        for job in islice(
            selfplay_jobs("decktet_caravan", parse_seats("random,greedy"), 10**10, seed=1, options={"hands": 1}), 6
        ):
            taken.append(job.index)
            yield job

    records = run_jobs(jobs(), workers, lambda done: leads.append(len(taken) - done))
    assert [r.seed for r in records] == [1, 2, 3, 4, 5, 6]
    assert max(leads) <= (0 if workers == 1 else 2 * workers)


def test_a_huge_run_starts_at_once(monkeypatch, capsys):
    """The commands hand run_jobs the jobs lazily (here it plays the first two and stops)."""
    real = ai.arena.run_jobs
    monkeypatch.setattr(ai.arena, "run_jobs", lambda jobs, *rest: real(islice(jobs, 2), *rest))
    assert main(SELFPLAY + ["--games", str(10**10)]) == 0
    assert main(ARENA + ["--rounds", str(10**10)]) == 0
    out = capsys.readouterr().out
    assert f"{10**10} matches, seeds 1-{10**10}" in out and "2 matches, seeds 1-1" in out


@pytest.mark.thorough
def test_a_reader_that_leaves_early_ends_the_command_quietly(tmp_path):
    """caravan-tui saves | head: no BrokenPipeError, nothing on stderr."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [sys.executable, "-c", "import sys; from caravan_tui.cli import main; sys.exit(main(['saves']))"],
            stdout=write,
            stderr=subprocess.PIPE,
            cwd=Path(__file__).parents[1],
            timeout=60,
            env={**os.environ, "CARAVAN_TUI_HOME": str(tmp_path)},
        )
    finally:
        os.close(write)
    assert result.returncode == 1 and result.stderr == b""


def test_version_is_the_one_pyproject_sets(capsys):
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text())["project"]["version"]
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"caravan-tui {declared}"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"seed": "2"}, "its seed '2' is not a whole number from 0 to 9223372036854775807"),
        ({"seed": -1}, "its seed -1 is not a whole number"),
        ({"seed": 2**64}, "its seed 18446744073709551616 is not a whole number"),
        ({"seed": 2.0}, "its seed 2.0 is not a whole number"),
        ({"seed": True}, "its seed True is not a whole number"),
        ({"seats": "random,greedy"}, "its seats are not a list of seats"),
        ({"seats": ["random"]}, "Decktet Caravan is for 2 players, not 1"),
        ({"seats": ["random", "greedy", "random"]}, "Decktet Caravan is for 2 players, not 3"),
        ({"seats": ["random", "nobody"]}, "seat 2: 'nobody' is not a seat"),
        ({"seats": ["random", 7]}, "seat 2: 7 is not a seat"),
        ({"seats": ["human", "greedy"]}, "seat 1 is human, a person's seat"),
        ({"seats": ["random", "ai:easy+iterations=1000000000000"]}, "seat 2: level 'easy': iterations must be"),
        ({"options": {"hands": 99}}, "hands: 99 is not one of 1–15"),
        ({"options": [["hands", 1]]}, "its options are not a map"),
        ({"scores": [1]}, "its scores are not a list of 2, one per seat"),
        ({"actions": "all of them"}, "its actions are not a list of actions"),
        ({"game": "chess"}, "there is no game 'chess'"),
        ({"seed": None, "drop": "seed"}, "it has no 'seed' field"),
    ],
)
def test_a_recorded_match_must_be_what_arena_json_writes(change, why, home, tmp_path, capsys):
    """replay FILE INDEX sets a match up from a file anyone may have written: a seed, seats and
    options are checked before the match is set up, and the reason is one line."""
    data = json.loads((tmp_path / "arena.json").read_text())
    match = data["matches"][0]
    match.update(change)
    match.pop(change.get("drop"), None)
    match.pop("drop", None)
    (tmp_path / "arena.json").write_text(json.dumps(data))
    code, out, err = _run(["replay", str(tmp_path / "arena.json"), "0", "--save"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"caravan-tui: error: cannot replay match 0 of {tmp_path / 'arena.json'}: {why}")
    assert err.count("\n") == 1 and len(home.entries()) == 2  # m1 and the damaged one: nothing saved


def test_a_recorded_match_replays_and_saves(home, tmp_path, capsys):
    code, out, err = _run(["replay", str(tmp_path / "arena.json"), "0", "--save"], capsys)
    assert (code, err) == (0, "") and "seed 2: scores" in out and "(as recorded)" in out
    saved = out.split("saved as ")[1].strip()
    assert home.read(saved).seats == ["random", "greedy"]
    # named as a match the app sets up names them: a review said "ai:easy's Right of Passage"
    assert home.read(saved).names == ["AI 1 (random)", "AI 2 (greedy)"]


def test_a_file_of_no_matches_is_refused(home, tmp_path, capsys):
    for text in ('{"matches": {"0": {}}}', "7", '"matches"'):
        (tmp_path / "other.json").write_text(text)
        code, _, err = _run(["replay", str(tmp_path / "other.json"), "0"], capsys)
        assert code == 2 and "it holds no list of matches" in err
    (tmp_path / "other.json").write_text("[]")  # (a list, as selfplay writes: of none)
    code, _, err = _run(["replay", str(tmp_path / "other.json"), "0"], capsys)
    assert code == 2 and "it holds 0 matches" in err


def test_resume_refuses_a_lock_file_that_is_a_link(home, tmp_path, capsys):
    (home.folder / ".m1.lock").symlink_to(tmp_path / "elsewhere.lock")
    code, _, err = _run(["resume", "m1"], capsys)
    assert code == 2 and err == (
        "caravan-tui: error: cannot resume m1: its lock file .m1.lock is a link; remove it to open the match\n"
    )
    assert not (tmp_path / "elsewhere.lock").exists()


# -- files that never end or never open ------------------------------------------------------------


def _python(code: str, home: Path) -> subprocess.CompletedProcess:
    """``code`` run in a process of its own. A read that would never end is cut short: the
    process gets 1 GiB of address space, and the test a minute."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[1],
        timeout=60,
        preexec_fn=limit,
        env={**os.environ, "CARAVAN_TUI_HOME": str(home)},
    )


def _command(argv: list[str], home: Path) -> subprocess.CompletedProcess:
    """The command as a person runs it, in a process of its own (see ``_python``)."""
    return _python(f"import sys; from caravan_tui.cli import main; sys.exit(main({argv!r}))", home)


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["replay", "/dev/zero", "0"], "cannot replay match 0 of /dev/zero: it is not a regular file"),
        (["replay", "{fifo}", "0"], "it is not a regular file"),
        (["replay", "{huge}", "0"], "it is larger than 16 MiB"),
        (["serve", "--authorized-keys", "/dev/zero"], "cannot read /dev/zero: it is not a regular file"),
        (["serve", "--authorized-keys", "{fifo}"], "it is not a regular file"),
        (["serve", "--authorized-keys", "{huge}"], "it is larger than 1 MiB"),
    ],
)
@pytest.mark.thorough
def test_a_file_that_never_ends_or_never_opens_is_refused_at_once(argv, why, tmp_path):
    """replay FILE and --authorized-keys read regular files only, and only so much of them:
    /dev/zero would fill the memory, a FIFO with no writer would keep the command waiting."""
    os.mkfifo(tmp_path / "fifo")
    with open(tmp_path / "huge", "wb") as file:
        file.truncate(16 * 2**20 + 1)  # sparse: costs no disk; over both caps
    argv = [part.format(fifo=tmp_path / "fifo", huge=tmp_path / "huge") for part in argv]
    result = _command(argv, tmp_path / "home")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("caravan-tui: error: ") and result.stderr.count("\n") == 1
    assert why in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_preferences_that_never_end_or_never_open_mean_the_defaults(kind, tmp_path):
    """play reads the remembered name before the app opens: a FIFO or a device in its place is
    not read."""
    path = tmp_path / "preferences.json"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    code = f"from caravan_tui.preferences import Preferences; print(repr(Preferences.load({str(tmp_path)!r}).name))"
    result = _python(code, tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "''\n", "")


# -- a command killed outright -----------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except (OSError, ValueError):
            continue
        if entry.isdigit() and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
@pytest.mark.parametrize(
    "command",
    [
        ["selfplay", "camel_caravan", "--seats", "ai:normal,ai:normal", "--games", "100"],
        ["arena", "camel_caravan", "--seats", "ai:normal,ai:easy", "--rounds", "100"],
    ],
)
@pytest.mark.thorough
def test_pool_workers_end_with_a_command_killed_outright(command, tmp_path):
    """A long selfplay or arena run SIGKILLed (it cannot clean up) leaves no searches behind."""
    parent = subprocess.Popen(
        [sys.executable, "-c", f"import sys; from caravan_tui.cli import main; sys.exit(main({command!r}))"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=Path(__file__).parents[1],
        env={**os.environ, "CARAVAN_TUI_HOME": str(tmp_path)},
    )
    try:
        for _ in range(600):
            workers = _children(parent.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the command started no pool workers")
    finally:
        parent.kill()
        parent.wait()
    if processes_end(workers, polls=200):
        return
    for pid in workers:  # leave nothing behind, whatever the outcome
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    raise AssertionError(f"pool workers {workers} outlived the command")


@pytest.mark.parametrize("command", ["play", "selfplay", "arena", "bench"])
def test_a_commands_help_at_80_columns_keeps_every_game_id_whole(command, monkeypatch):
    """`play --help` at 80 columns cut "me" / "rchant_lord" across two lines: the id a newcomer
    must type."""
    from caravan_tui.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser()
    sub = next(action for action in parser._subparsers._group_actions).choices[command]  # type: ignore[union-attr]
    text = sub.format_help()
    assert all(len(line) <= 80 for line in text.splitlines())
    for game in GAMES:
        assert game in text, (game, text)
