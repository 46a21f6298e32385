"""What the calibration tools share: samples gathered match by match from consecutive seeds (each
match's added to ``--json`` as it ends, so a long run can be read, or stopped, midway), or read
back from such files (``--table``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from caravan_tui.cli import whole_number


def add_arguments(parser: argparse.ArgumentParser, seed: int) -> None:
    """``--matches``, ``--seed`` (the first; ``seed`` by default), ``--json`` and ``--table``."""
    parser.add_argument("--matches", type=whole_number(1), default=4)
    parser.add_argument("--seed", type=int, default=seed, help="the first match's seed (then one up each)")
    parser.add_argument("--json", help="also write the samples to this file")
    parser.add_argument("--table", nargs="+", metavar="FILE", help="print the table of samples written before")


def gathered(args: argparse.Namespace, samples: Callable[[int], list[dict]], unit: str) -> list[dict]:
    """The rows of the ``--table`` files, or those ``samples`` gives each match of ``--matches``
    from ``--seed`` (its progress on stderr, in ``unit``s)."""
    if args.table:
        return [row for path in args.table for row in json.loads(Path(path).read_text(encoding="utf-8"))]
    rows: list[dict] = []
    for seed in range(args.seed, args.seed + args.matches):
        rows += samples(seed)
        print(f"match {seed}: {len(rows)} {unit} so far", file=sys.stderr)
        if args.json:
            Path(args.json).write_text(json.dumps(rows), encoding="utf-8")
    return rows
