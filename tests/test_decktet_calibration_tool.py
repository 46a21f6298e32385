"""``tools/decktet_calibration.py``: how well the win chances behind "How it stands" match who
won (docs/ai.md, Decktet Caravan)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).parents[1] / "tools" / "decktet_calibration.py"


@pytest.mark.thorough
def test_the_table_counts_every_decision_and_every_weighed_one(tmp_path: Path) -> None:
    found = tmp_path / "samples.json"
    command = [sys.executable, str(TOOL), "--matches", "1", "--hands", "1", "--play", "2", "--iterations", "5"]
    run = subprocess.run([*command, "--every", "4", "--json", str(found)], capture_output=True, text=True, check=True)
    head, _, _, *rows = run.stdout.splitlines()
    samples = json.loads(found.read_text(encoding="utf-8"))
    assert head == f"{len(samples)} decisions" and len(rows) == 10
    weighed = sum(int(row.split("|")[2]) for row in rows)
    assert weighed == (len(samples) + 3) // 4  # (every 4th decision, the first included)
    assert sum(int(row.split("|")[5]) for row in rows) == len(samples)
    assert {sample["won"] for sample in samples} <= {0.0, 0.5, 1.0}
    # the table of samples written before is the same table
    again = subprocess.run(
        [sys.executable, str(TOOL), "--table", str(found)], capture_output=True, text=True, check=True
    )
    assert again.stdout == run.stdout
