"""What Caravanserai's plan values say between seats: matches whose two seats both play the hint's
plan (``policies.hint`` at each turn start, its line played), the hint's figure at every turn
start beside who won in the end (a shared win counts half). docs/ai.md has a table it printed,
and ``calibration.line_won`` is made of it: run it without that map to measure it again.

    CARAVAN_TUI_AI_BUDGET=iterations python tools/caravanserai_calibration.py --matches 120 --seed 7001 --json a.json
    python tools/caravanserai_calibration.py --table a.json b.json
"""

from __future__ import annotations

import argparse
import sys

from sampled import add_arguments, gathered  # (run as a script: its folder is on the path)

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game

GAME = get_game("caravanserai")


def samples(seed: int) -> list[dict[str, float]]:
    """Each turn start of one match between the hint's plans: the seat, the hint's figure (what
    "How it stands" reads), and the seat's result."""
    state, found, move = GAME.new(2, seed=seed, options={}), [], 0
    while (seat := state.to_move()) is not None:
        turns = state.turns
        top = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, move))[0]
        found.append({"seat": seat, "figure": top.value if top.own is None else top.own})
        for action in top.line:
            if state.to_move() != seat or state.turns != turns or action not in state.legal_actions():
                break
            state.apply(action, False)
            move += 1
        while state.to_move() == seat and state.turns == turns:  # (the line ran out mid-turn)
            state.apply(hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, move))[0].action, False)
            move += 1
    outcome = state.outcome()
    return [row | {"won": outcome[int(row["seat"])]} for row in found]


def table(rows: list[dict]) -> str:
    """The figures bucketed by tenths, with the share of their seats that won."""
    lines = [f"{len(rows)} turns", "| value shown | turns | mean | won |", "|---|---|---|---|"]
    for tenth in range(10):
        inside = [row for row in rows if min(9, int(row["figure"] * 10)) == tenth]
        if inside:
            mean = sum(row["figure"] for row in inside) / len(inside)
            won = sum(row["won"] for row in inside) / len(inside)
            lines.append(f"| {tenth / 10:.1f}–{(tenth + 1) / 10:.1f} | {len(inside)} | {mean:.2f} | {won:.2f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser, seed=7001)
    rows = gathered(parser.parse_args(), samples, "turns")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
