"""Where a review says the seat's chances went: its play, the others', luck and the searches'
drift (``Review.account``), summed over seeded matches of one game, with the game's levels as
they are and, with ``--compare``, the same matches' reviews with moves valued by their own mean
instead of where their line leads (``Level.lines`` off). Drift is what moved between two of the
seat's decisions where it saw nothing new: the searches valuing the same positions differently,
no one's doing; a review whose drift outweighs its luck cannot say why a match went as it did.

    python benchmarks/review_drift.py --game merchant_lord --seeds 3
    python benchmarks/review_drift.py --game merchant_lord --seeds 3 --compare --iterations 500
"""

from __future__ import annotations

import argparse
import dataclasses

from caravan_tui.ai.matches import MatchRecord, play_match
from caravan_tui.ai.review import ITERATIONS, review
from caravan_tui.engine import Game
from caravan_tui.games import GAMES, get_game
from caravan_tui.seats import SeatSpec

KINDS = ("yours", "others", "luck", "drift")


def valued_by_own_means(game_id: str) -> Game:
    """The game, in this process, its levels valuing moves by their own mean; returns the game as
    it was."""
    game = get_game(game_id)
    levels = {name: {**changes, "lines": False} for name, changes in game.ai.levels.items()}
    GAMES[game_id] = dataclasses.replace(game, ai=dataclasses.replace(game.ai, levels=levels))
    return game


def totals(game_id: str, record: MatchRecord, players: int, iterations: int, moves: int | None) -> dict[str, float]:
    """Seat 0's review of ``record`` (of its first ``moves``, None: all, to the match's result):
    each kind of swing summed, in points as shown, and the drift's size (its swings' absolute
    values summed)."""
    game = get_game(game_id)
    outcome = game.new(players, seed=record.seed, options=record.options)
    for action in record.actions:
        outcome.apply(action, False)
    result, actions = outcome.outcome()[0], record.actions[:moves]
    judged = review(game_id, "drift", players, record.seed, record.options, actions, 0, result, iterations)
    account = judged.account()
    found = {kind: account.total(kind) for kind in KINDS}
    found["|drift|"] = sum(abs(swing.change) for swing in account.swings if swing.kind == "drift")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="merchant_lord")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--seat", type=SeatSpec.parse, default=SeatSpec.ai("normal"))
    parser.add_argument("--moves", type=int, default=None, help="review only the first moves (default: all)")
    parser.add_argument("--compare", action="store_true", help="also with moves valued by their own mean")
    args = parser.parse_args()
    runs = ["as the levels are"] + (["own means"] if args.compare else [])
    sums = {label: dict.fromkeys((*KINDS, "|drift|"), 0.0) for label in runs}
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        record = play_match(args.game, [args.seat] * args.players, seed, iterations=100)
        for label in runs:
            game = valued_by_own_means(args.game) if label == "own means" else None
            found = totals(args.game, record, args.players, args.iterations, args.moves)
            if game is not None:
                GAMES[args.game] = game
            print(f"  seed {seed}, {label}: " + ", ".join(f"{kind} {v:+.1f}" for kind, v in found.items()), flush=True)
            for kind, value in found.items():
                sums[label][kind] += value
    for label in runs:
        print(
            f"{args.game} {label}, {args.seeds} matches at {args.iterations} iterations: "
            + ", ".join(f"{kind} {value:+.1f}" for kind, value in sums[label].items()),
            flush=True,
        )


if __name__ == "__main__":
    main()
