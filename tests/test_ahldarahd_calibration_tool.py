"""``tools/ahldarahd_calibration.py``: how well the win chances behind "How it stands" match who
won (docs/ai.md, "How sure the estimate is")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_ahldarahd_weights_tool import recorded

TOOL = Path(__file__).parents[1] / "tools" / "ahldarahd_calibration.py"


@pytest.mark.thorough
def test_the_table_counts_every_seat_of_every_mid_match_position(tmp_path: Path) -> None:
    games = tmp_path / "games.json"
    recorded(games, range(1, 3))
    run = subprocess.run([sys.executable, str(TOOL), str(games)], capture_output=True, text=True, check=True)
    head, *rows = run.stdout.splitlines()
    positions = int(head.split(", ")[1].split()[0])
    assert head.startswith("2 matches") and positions > 0
    seats = sum(int(row.split("|")[2]) for row in rows[2:])
    assert seats == 3 * positions
