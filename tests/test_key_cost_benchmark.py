"""benchmarks/key_cost.py still runs against today's table: every kind of key it times is
pressed and reported (what they cost is the benchmark's to say, not a test's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.thorough
def test_key_cost_times_every_kind_of_key(tmp_path):
    out = tmp_path / "row.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "key_cost.py"),
            "--repeat",
            "1",
            "--settle",
            "0.1",
            "--json",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, "CARAVAN_TUI_AI_BUDGET": "iterations"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    row = json.loads(out.read_text())
    assert all(row[kind]["n"] >= 1 and row[kind]["frames"] >= 1 for kind in ("nav", "chat", "escape", "play")), row
    assert all(row[kind]["missed"] == 0 for kind in ("nav", "chat", "escape", "play")), row  # (each key drawn)
