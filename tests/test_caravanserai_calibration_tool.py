"""``tools/caravanserai_calibration.py``: what Caravanserai's plan values say, at every turn start
of matches between the hint's plans (docs/ai.md, "What a plan's value says")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).parents[1] / "tools" / "caravanserai_calibration.py"


@pytest.mark.thorough
def test_one_match_counts_every_turn_start_with_its_result(tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    env = os.environ | {"CARAVAN_TUI_AI_BUDGET": "iterations"}
    run = subprocess.run(
        [sys.executable, str(TOOL), "--matches", "1", "--json", str(out)], capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr
    rows = json.loads(out.read_text())
    head, *table = run.stdout.splitlines()
    assert head == f"{len(rows)} turns" and len(rows) > 10
    assert sum(int(line.split("|")[2]) for line in table[2:]) == len(rows)
    assert {row["seat"] for row in rows} == {0, 1} and all(0 <= row["figure"] <= 1 for row in rows)
    won = {row["seat"]: row["won"] for row in rows}
    assert sorted(won.values()) in ([0.0, 1.0], [0.5, 0.5])
