"""Fit Caravans of Ahldarahd's evaluation weights to self-play (``evaluation.Weights``).

    CARAVAN_TUI_AI_BUDGET=iterations caravan-tui selfplay ahldarahd \\
        --seats ai:normal,ai:normal,ai:normal --games 64 --seed 31001 --json games.json
    python tools/ahldarahd_weights.py games.json --out caravan_tui/games/ahldarahd/tuned.json

Every ``--every``-th position of the recorded matches is a sample (as in Texel tuning,
positions from self-play labelled by how their match ended). Two stages, each by coordinate
descent (every weight up and down by a step, the step halved when nothing gains): the
projection's weights (the route budget, the confidence per route needed, cards, gold, items)
to the least squared error between each seat's projected lead over the average seat and its
final one; then the softmax's spread to the least cross-entropy between the win chances and
who won (a shared win split). Matches whose seed is a multiple of 4 are held out: the losses
on them, before and after, tell whether the fit generalises. ``--out`` writes the weights with
the commands that made them and those losses: ``games/ahldarahd/tuned.json`` is what
``tuned=yes`` seats play by (docs/ai.md has how they measured).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from caravan_tui.ai.arena import record_problem
from caravan_tui.cli import whole_number
from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.evaluation import (
    HAND,
    Weights,
    board_of,
    projected,
    win_chances,
)

#: the projection's weights, then the spread's; each is fitted within its bounds
PROJECTION = ("gold", "card", "claim_gold", "route_gold", "future_routes", "confidence", "discount", "open_map")
SPREAD = ("spread_end", "spread_growth")
BOUNDS = {
    "gold": (0.0, 1.0),
    "card": (0.0, 1.0),
    "claim_gold": (0.25, 4.0),
    "route_gold": (2.0, 20.0),
    "future_routes": (0.0, 2.0),
    "confidence": (0.0, 1.0),
    "discount": (0.0, 0.5),
    "open_map": (0.0, 2.0),
    "spread_end": (0.1, 5.0),
    "spread_growth": (0.0, 10.0),
}
HELD_OUT = 4


class Sample:
    """A position, its board, and how its match ended."""

    __slots__ = ("state", "board", "scores", "outcome")

    def __init__(self, state, scores: list[float], outcome: list[float]) -> None:
        self.state = state
        self.board = board_of(state)  # kept here: the shared cache is cleared when full
        self.scores = scores
        self.outcome = outcome


def samples(paths: list[str], every: int) -> tuple[list[Sample], list[Sample], list[int], set[str]]:
    """(training, held-out) samples of the recorded matches in ``paths``, their seeds and seats."""
    train: list[Sample] = []
    held: list[Sample] = []
    seeds = []
    seats = set()
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SystemExit(f"{path}: cannot read recorded matches: {error}") from None
        matches = data.get("matches") if isinstance(data, dict) else data
        if not isinstance(matches, list):
            raise SystemExit(f"{path}: holds no list of matches, as selfplay --json and arena --json write")
        for match in matches:
            problem = record_problem(match)
            if problem is not None or match["game"] != "ahldarahd":
                raise SystemExit(f"{path}: match {len(seeds) + 1}: {problem or 'not Caravans of Ahldarahd'}")
            try:
                found = positions(match, every)
            except (ValueError, LookupError, TypeError) as error:  # an action the rules refuse
                raise SystemExit(f"{path}: match {len(seeds) + 1}: {error}") from None
            seeds.append(match["seed"])
            seats.add(",".join(match["seats"]))
            (held if match["seed"] % HELD_OUT == 0 else train).extend(found)
    return train, held, seeds, seats


def positions(match: dict, every: int) -> list[Sample]:
    """Every ``every``-th position of a recorded match where a seat is to move, replayed."""
    state = get_game("ahldarahd").new(len(match["seats"]), seed=match["seed"], options=match["options"])
    found = []
    for number, action in enumerate(normalise_action(a) for a in match["actions"]):
        if number % every == 0:
            found.append(state.clone())
        state.apply(action)
    if not state.is_over():
        raise ValueError("the match does not reach its end")
    scores, outcome = state.scores(), state.outcome()
    return [Sample(position, scores, outcome) for position in found]


def projections(data: list[Sample], w: Weights) -> list[list[float]]:
    """Every seat's projected score in each sample."""
    return [[projected(s.state, seat, s.board, None, w) for seat in range(len(s.scores))] for s in data]


def score_loss(data: list[Sample], w: Weights) -> float:
    """Mean squared error of each seat's projected lead over the average seat against its final
    one (only the differences between seats decide anything)."""
    total = 0.0
    count = 0
    for sample, values in zip(data, projections(data, w)):
        scores = sample.scores
        shift = sum(values) / len(values) - sum(scores) / len(scores)
        for value, final in zip(values, scores):
            total += (value - shift - final) ** 2
        count += len(scores)
    return total / count


def win_loss(data: list[Sample], w: Weights, values: list[list[float]]) -> float:
    """Mean cross-entropy of the win chances against who won."""
    total = 0.0
    for sample, projection in zip(data, values):
        chances = win_chances(sample.state, projection, w)
        total -= sum(o * math.log(max(c, 1e-9)) for o, c in zip(sample.outcome, chances) if o)
    return total / len(data)


def moved(w: Weights, name: str, index: int | None, factor: float) -> Weights:
    """``w`` with one weight (one entry of a tuple weight) times ``factor``, kept in its bounds
    (``w`` itself where the change would make the confidence rise with the routes needed)."""
    low, high = BOUNDS[name]
    value = getattr(w, name)
    if index is None:
        moved_to = value * factor if value else factor - 1.0  # from 0, a step up is the step itself
        return w._replace(**{name: min(high, max(low, moved_to))})
    entries = list(value)
    entries[index] = min(high, max(low, entries[index] * factor))
    if entries != sorted(entries, reverse=True):
        return w  # a city needing more routes is never surer
    return w._replace(**{name: tuple(entries)})


def descend(w: Weights, names: tuple[str, ...], loss, rounds: int) -> Weights:
    """Coordinate descent on ``names`` from ``w``: multiply each by (1 ± step) while it lowers
    ``loss``; halve the step after a round that gained nothing."""
    best = loss(w)
    step = 0.3
    for number in range(rounds):
        gained = False
        for name in names:
            indices = range(len(getattr(w, name))) if isinstance(getattr(w, name), tuple) else [None]
            for index in indices:
                for factor in (1 + step, 1 / (1 + step)):
                    trial = moved(w, name, index, factor)
                    value = loss(trial)
                    if value < best - 1e-9:
                        w, best, gained = trial, value, True
                        break
        print(f"  round {number + 1}: loss {best:.5f} (step {step:.3f})", flush=True)
        if not gained:
            step /= 2
            if step < 0.01:
                break
    return w


def made_by(args: argparse.Namespace, seeds: list[int], seats: set[str]) -> list[str]:
    """The commands that make these weights again: the self-play (where one run could have
    played the matches: one line-up, seeds in a row) and this fit."""
    fit = " ".join(
        [
            "python tools/ahldarahd_weights.py",
            *(Path(p).name for p in args.games),
            f"--every {args.every} --rounds {args.rounds} --out {args.out}",
        ]
    )
    low, high = min(seeds), max(seeds)
    if len(seats) != 1 or sorted(seeds) != list(range(low, high + 1)):
        return [fit]
    (line_up,) = seats
    played = (
        f"CARAVAN_TUI_AI_BUDGET=iterations caravan-tui selfplay ahldarahd --seats {line_up} "
        f"--games {len(seeds)} --seed {low} --json {Path(args.games[0]).name}"
    )
    return [played, fit] if len(args.games) == 1 else [fit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="selfplay or arena --json files")
    parser.add_argument("--every", type=whole_number(1), default=2, help="sample every Nth position (default 2)")
    parser.add_argument("--rounds", type=whole_number(1), default=30, help="rounds of descent at most, per stage")
    parser.add_argument("--out", help="write the fitted weights here as JSON")
    args = parser.parse_args()
    started = time.perf_counter()
    train, held, seeds, seats = samples(args.games, args.every)
    if not train or not held:
        raise SystemExit(f"need matches with seeds divisible by {HELD_OUT} and others: the fit is checked on the first")
    print(
        f"{len(seeds)} matches (seeds {min(seeds)}-{max(seeds)}), {len(train)} training positions, "
        f"{len(held)} held out (seeds divisible by {HELD_OUT}), read in {time.perf_counter() - started:.0f} s"
    )
    print("projection, squared error of each seat's lead:")
    w = descend(HAND, PROJECTION, lambda trial: score_loss(train, trial), args.rounds)

    train_values = projections(train, w)
    print("spread, cross-entropy of who won:")
    w = descend(w, SPREAD, lambda trial: win_loss(train, trial, train_values), args.rounds)
    report = {
        "score_error": {
            "hand": {"training": score_loss(train, HAND), "held_out": score_loss(held, HAND)},
            "tuned": {"training": score_loss(train, w), "held_out": score_loss(held, w)},
        },
        "win_cross_entropy": {
            "hand": {"held_out": win_loss(held, HAND, projections(held, HAND))},
            "tuned": {"held_out": win_loss(held, w, projections(held, w))},
        },
    }
    print(json.dumps(report, indent=1))
    if args.out:
        Path(args.out).write_text(
            json.dumps(
                {
                    "weights": w._asdict(),
                    "fitted_on": f"{len(seeds)} matches, seeds {min(seeds)}-{max(seeds)}, "
                    f"those divisible by {HELD_OUT} held out",
                    "made_by": made_by(args, seeds, seats),
                    "losses": report,
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
