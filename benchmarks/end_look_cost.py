"""What the look at the end of a match (``ai/safety.py``) costs a decision: on the real positions
the tests keep (``tests/positions``, one a game, each near the end), the CPU time of a ``normal``
search and then of ``policies.allowed`` for an AI's move (its choice) and for a hint (its three
candidates).

    CARAVAN_TUI_AI_BUDGET=iterations python benchmarks/end_look_cost.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from caravan_tui.ai.policies import allowed, search_policy
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec

POSITIONS = Path(__file__).resolve().parent.parent / "tests" / "positions"


def tupled(value: Any) -> Any:
    return tuple(map(tupled, value)) if isinstance(value, list) else value


def main() -> None:
    policy = search_policy(SeatSpec.ai("normal"))
    for path in sorted(POSITIONS.glob("*.json")):
        data = json.loads(path.read_text())
        game = get_game(data["game"])
        state = game.new(data["players"], seed=data["seed"], options=data["options"])
        for action in data["log"]:
            state.apply(tupled(action), False)
        seat = state.to_move()
        assert seat is not None, path  # each position has a seat to move
        view = state.view(seat)
        started = time.process_time()
        stats = policy.search_root(game.id, view, seat, 1)
        searched = time.process_time() - started
        looks = []
        for top in (1, 3):
            started = time.process_time()
            allowed(game.id, view, seat, stats, top, "normal")
            looks.append(time.process_time() - started)
        print(
            f"{path.stem:20s} search {searched * 1000:6.0f} ms · look for a move {looks[0] * 1000:5.0f} ms"
            f" · for a hint {looks[1] * 1000:5.0f} ms"
        )


if __name__ == "__main__":
    main()
