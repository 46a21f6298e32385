"""``tools/ahldarahd_weights.py``: the fit that makes Caravans of Ahldarahd's tuned weights."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from caravan_tui.ai.matches import play_match
from caravan_tui.games.ahldarahd.tuned import load
from caravan_tui.seats import SeatSpec

TOOL = Path(__file__).parents[1] / "tools" / "ahldarahd_weights.py"


def recorded(path: Path, seeds: range) -> None:
    matches = []
    for seed in seeds:
        record = play_match("ahldarahd", [SeatSpec.parse("random")] * 3, seed)
        matches.append(
            {
                "game": record.game_id,
                "seed": seed,
                "options": record.options,
                "seats": record.specs,
                "scores": record.scores,
                "actions": [list(action) for action in record.actions],
            }
        )
    path.write_text(json.dumps(matches), encoding="utf-8")


@pytest.mark.thorough
def test_the_fit_lowers_the_training_error_and_writes_weights_the_game_loads(tmp_path: Path) -> None:
    games, out = tmp_path / "games.json", tmp_path / "tuned.json"
    recorded(games, range(1, 5))  # seed 4 is held out
    run = subprocess.run(
        [sys.executable, str(TOOL), str(games), "--rounds", "2", "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "4 matches (seeds 1-4)" in run.stdout
    written = json.loads(out.read_text(encoding="utf-8"))
    load(out.read_text(encoding="utf-8"))
    errors = written["losses"]["score_error"]
    assert errors["tuned"]["training"] < errors["hand"]["training"]
    assert written["made_by"][0].startswith(
        "CARAVAN_TUI_AI_BUDGET=iterations caravan-tui selfplay ahldarahd "
        "--seats random,random,random --games 4 --seed 1"
    )


@pytest.mark.thorough
def test_without_matches_to_check_the_fit_on_it_says_so(tmp_path: Path) -> None:
    games = tmp_path / "games.json"
    recorded(games, range(1, 3))
    run = subprocess.run([sys.executable, str(TOOL), str(games)], capture_output=True, text=True)
    assert run.returncode == 1
    assert "need matches with seeds divisible by 4" in run.stderr
