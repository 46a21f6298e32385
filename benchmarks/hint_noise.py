"""How close a hint's top two moves really are: a whole match in which seat 0 takes the reviewed
level's hint at every decision and seat 1 is normal; at each of seat 0's decisions with more than
one move, the top two's shares, expected results, visits and standard errors, the hint's words
with and without the search's noise, and the two moves' difference in more searches with other
seeds (the search's noise, measured). One JSON line a decision.

    CARAVAN_TUI_AI_BUDGET=iterations nice -n 10 python benchmarks/hint_noise.py merchant_lord 7 3
"""

from __future__ import annotations

import json
import sys

from caravan_tui.ai.explain import Weighed, advised, confidence
from caravan_tui.ai.policies import hint_policy, hint_seed, search_policy, vetted
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec


def main(game_id: str, seed: int, seeds: int) -> None:
    state = get_game(game_id).new(2, seed=seed)
    other, policy = search_policy(SeatSpec.ai("normal")), hint_policy()
    turn = 0
    while not state.is_over():
        seat, legal = state.to_move(), state.legal_actions()
        assert seat is not None
        view = state.view(seat)
        if seat == 1 or len(legal) == 1:
            action = legal[0] if len(legal) == 1 else other.choose(game_id, view, seat, seed * 1000 + turn)
        else:
            weighed = Weighed.merge(
                [policy.weigh_root(game_id, view, seat, hint_seed(seat, turn), i) for i in range(policy.level.searches)]
            )
            top = advised(game_id, view, seat, vetted(game_id, view, seat, weighed, level="normal"))
            action = top[0].action
            if len(top) >= 2:
                first, second = top[0].action, top[1].action
                differences = []
                for index in range(seeds):
                    stats = policy.weigh_root(game_id, view, seat, f"noise/{turn}/{index}").stats
                    if stats.get(first, (0, 0))[0] and stats.get(second, (0, 0))[0]:
                        differences.append(stats[first][1] / stats[first][0] - stats[second][1] / stats[second][0])
                shares, values = [c.share for c in top], [c.value for c in top]
                row = {
                    "turn": turn,
                    "moves": len(legal),
                    "shares": [round(x, 3) for x in shares[:2]],
                    "values": [round(x, 4) for x in values[:2]],
                    "visits": [weighed.stats[first][0], weighed.stats[second][0]],
                    "errors": [None if c.error is None else round(c.error, 4) for c in top[:2]],
                    "words": confidence(shares, values, len(legal), [c.error for c in top]),
                    "fixed_margin": confidence(shares, values, len(legal)),
                    "other_seeds": [round(x, 4) for x in differences],
                    "moves_shown": [state.describe(first, seat), state.describe(second, seat)],
                }
                print(json.dumps(row), flush=True)
        state.apply(action, False)
        turn += 1


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 3)
