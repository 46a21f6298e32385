"""``tools/camel_end_losses.py``: the hunt for Camel Caravan moves that lose at once near the
bag's end, checked against the real positions it found (``tests/positions``)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_safety import position

TOOL = Path(__file__).parents[1] / "tools" / "camel_end_losses.py"


def tool():
    spec = importlib.util.spec_from_file_location("camel_end_losses", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.e2e  # the exact look the hunt takes, over every way the other's turn can go: about 14 CPU-s
def test_the_exact_look_sees_the_pick_up_that_lets_the_other_empty_the_bag() -> None:
    """Seed 301, sixth camel, short game: the pick-up with the seat's last action loses (the other
    player sends a camel to a good, picks it up, the refill empties the bag, it delivers);
    ending the turn does not."""
    hunt = tool()
    _, state, losing = position("camel_caravan_301_refill")
    seat = state.to_move()
    assert hunt.losing_moves(state, seat, losing) == (True, ("end_turn",))
    assert hunt.losing_moves(state, seat, ("end_turn",)) == (False, None)


@pytest.mark.e2e  # two whole matches searched in a process of its own: about 45 s
def test_a_short_hunt_runs_and_reports_each_match() -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(TOOL),
            "--seeds",
            "5",
            "6",
            "--iterations",
            "5",
            "--looks",
            "2",
            "--option",
            "short_game=yes",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env={"CARAVAN_TUI_AI_BUDGET": "iterations", "PATH": ""},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report["seed"] == 5 and report["decisions"] == 2 and isinstance(report["found"], list)
