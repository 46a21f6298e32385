"""One seeded normal-level search from a game's opening, for counting instructions.

Wall-clock speed on a shared machine moves with the load; instructions do not. Run it under
callgrind twice, with N iterations and with 0, and divide the difference by N:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/search_instructions.py GAME N
"""

from __future__ import annotations

import sys

from caravan_tui.ai.ismcts import search
from caravan_tui.ai.levels import get_level, level_for
from caravan_tui.ai.policies import search_settings
from caravan_tui.games import get_game


def main(game_id: str, iterations: int) -> None:
    game = get_game(game_id)
    level = level_for(get_level("normal"), game)
    state = game.new(game.default_players, seed=1, options=game.quick_options)
    seat = state.to_move()
    if seat is None:
        raise ValueError(f"{game.title} is over before its first move")
    world = game.from_view(state.view(seat), seat)
    if iterations:
        search(world, seat, iterations=iterations, seed=1, **search_settings(level, game))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
