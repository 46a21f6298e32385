"""How well Caravans of Ahldarahd's win chances (``evaluation.estimate``, what the hint's "How it
stands" and the review's chances are made of) match who won, at mid-match positions of recorded
matches.

    CARAVAN_TUI_AI_BUDGET=iterations caravan-tui selfplay ahldarahd \\
        --seats ai:normal+iterations=100,ai:normal+iterations=100,ai:normal+iterations=100 \\
        --games 24 --seed 65101 --json games.json
    python tools/ahldarahd_calibration.py games.json

Every ``--every``-th position whose deck still holds between 15% and 85% of its cards is a
sample; each seat's chance there goes into a bucket a tenth wide, beside the share of those
seats that won (a shared win counts its share). docs/ai.md has a table it printed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from ahldarahd_weights import positions  # (run as a script: its folder is on the path)

from caravan_tui.cli import whole_number
from caravan_tui.games.ahldarahd.evaluation import estimate, time_left

#: the part of a match looked at: the deck's fraction left
MID = (0.15, 0.85)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="selfplay or arena --json files")
    parser.add_argument("--every", type=whole_number(1), default=3, help="sample every Nth position (default 3)")
    args = parser.parse_args()
    buckets = [[0, 0.0, 0.0] for _ in range(10)]  # seats, their chances, their wins
    matches = samples = 0
    loss = 0.0
    for path in args.games:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for match in data.get("matches", []) if isinstance(data, dict) else data:
            matches += 1
            for sample in positions(match, args.every):
                if not MID[0] <= time_left(sample.state) <= MID[1]:
                    continue
                samples += 1
                for chance, won in zip(estimate(sample.state), sample.outcome):
                    bucket = buckets[min(9, int(chance * 10))]
                    bucket[0] += 1
                    bucket[1] += chance
                    bucket[2] += won
                    loss -= won * math.log(max(chance, 1e-9))
    print(f"{matches} matches, {samples} mid-match positions, cross-entropy of who won {loss / max(samples, 1):.3f}")
    print("| chance shown | seats | mean chance | won |")
    print("|---|---|---|---|")
    for number, (seats, chances, wins) in enumerate(buckets):
        if seats:
            print(
                f"| {number / 10:.1f}–{(number + 1) / 10:.1f} | {seats} | {chances / seats:.2f} | {wins / seats:.2f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
