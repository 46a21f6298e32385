"""How well Decktet Caravan's win chances match who won: seeded matches between two searches of
the normal level (at ``--play`` iterations a move, for speed), the leaf evaluation's chance
(``State.estimate``) at every decision and, at every ``--every``-th, the figure the hint's "How it
stands" reads (the normal search's mean for its move, at the hint's 1,500 iterations), beside
who won in the end (a draw counts half).

    python tools/decktet_calibration.py --matches 30 --seed 1 --json a.json
    python tools/decktet_calibration.py --table a.json b.json

Each decision is a sample for the seat making it; each chance goes into a bucket a tenth wide,
beside the share of those seats that won.
"""

from __future__ import annotations

import argparse
import sys

from sampled import add_arguments, gathered  # (run as a script: its folder is on the path)

from caravan_tui.ai.ismcts import search
from caravan_tui.ai.levels import LEVELS, level_for
from caravan_tui.ai.matches import decision_seed
from caravan_tui.ai.policies import search_settings
from caravan_tui.cli import whole_number
from caravan_tui.games import get_game

GAME = "decktet_caravan"


def samples(seed: int, play: int, iterations: int, every: int, hands: int = 5) -> list[dict[str, float | None]]:
    """Each decision of one match, for its mover: its hand number, the search's figure (None where
    not weighed), the estimate, whether it won, the cards each held, and how its hand and the match
    ended for it (who went out first: 1 the mover, −1 the other, 0 nobody; the bonus, signed; the
    final margin)."""
    game = get_game(GAME)
    settings = search_settings(level_for(LEVELS["normal"], game), game)
    state = game.new(2, seed=seed, options={"hands": hands})
    found: list[tuple[int, dict[str, float | None]]] = []
    turn = 0
    while (seat := state.to_move()) is not None:
        view = state.view(seat)
        world = game.from_view(view, seat)
        decided = decision_seed(seed, turn, seat)
        result = search(world, seat, iterations=play, seed=decided, **settings)
        figure = None
        if turn % every == 0:
            weighed = search(world, seat, iterations=iterations, seed=decided, **settings)
            figure = weighed.values[weighed.action]
        sizes = view["hand_sizes"]
        row = {"hand": state.hand_no, "figure": figure, "estimate": state.estimate()[seat]}
        row |= {"mine": sizes[seat], "theirs": sizes[1 - seat], "out_now": view["out_player"] is not None}
        found.append((seat, row))
        state.apply(result.action, False)
        turn += 1
    outcome, scores = state.outcome(), state.scores()
    for seat, row in found:
        _, out, bonus, *_ = state.history[int(row["hand"]) - 1]  # type: ignore[arg-type]
        row["out"] = 0 if out is None else 1 if out == seat else -1
        row["bonus"] = bonus * row["out"]
        row["won"], row["final"] = outcome[seat], scores[seat] - scores[1 - seat]
    return [row for _, row in found]


def table(rows: list[dict]) -> str:
    """The figures and the estimates bucketed by tenths, with the share of their seats that won."""
    head = "| chance | search: n | mean | won | estimate: n | mean | won |"
    lines = [f"{len(rows)} decisions", head, "|---" * 7 + "|"]
    for tenth in range(10):
        cells = [f"{tenth / 10:.1f}–{(tenth + 1) / 10:.1f}"]
        for column in ("figure", "estimate"):
            inside = [row for row in rows if row[column] is not None and min(9, int(row[column] * 10)) == tenth]
            if inside:
                mean = sum(row[column] for row in inside) / len(inside)
                won = sum(row["won"] for row in inside) / len(inside)
                cells += [str(len(inside)), f"{mean:.2f}", f"{won:.2f}"]
            else:
                cells += ["0", "", ""]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser, seed=1)
    parser.add_argument("--play", type=whole_number(1), default=100, help="iterations a move (default 100)")
    parser.add_argument("--iterations", type=whole_number(1), default=LEVELS["normal"].iterations)
    parser.add_argument("--every", type=whole_number(1), default=8, help="weigh every Nth decision (default 8)")
    parser.add_argument("--hands", type=whole_number(1, 15), default=5, help="hands a match (default 5)")
    args = parser.parse_args()
    rows = gathered(args, lambda seed: samples(seed, args.play, args.iterations, args.every, args.hands), "decisions")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
