"""How Camel Caravan's matches end, from `selfplay --json` or `arena --json` files: the turns
played once the bag is empty (the next delivery ends the game), how many of them a seat ended
without an action (idle), how many matches ended by a delivery rather than at a safety end, and
in how many a seat locked itself out (every camel loaded, none to place: no good of its can
move again).

    CARAVAN_TUI_AI_BUDGET=iterations caravan-tui selfplay camel_caravan --seats ai:easy,ai:easy \\
        --games 40 --seed 63001 --option short_game=yes --json easy.json
    python tools/camel_endgame.py easy.json
"""

from __future__ import annotations

import argparse
import json
import statistics

from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.rules import CamelCaravanState


def matches(data: object) -> list[dict]:
    """The matches of a selfplay file (a list) or an arena file (its ``matches``)."""
    found = data.get("matches", []) if isinstance(data, dict) else data
    return (
        [m for m in found if isinstance(m, dict) and m.get("game") == "camel_caravan"]
        if isinstance(found, list)
        else []
    )


def endgame(match: dict) -> tuple[int, int, bool, bool]:
    """(turns once the bag was empty, the idle ones among them, ended by a delivery, a seat
    locked itself out)."""
    state = get_game("camel_caravan").new(len(match["seats"]), seed=match["seed"], options=match["options"])
    assert isinstance(state, CamelCaravanState)
    turns = idle = 0
    last_mover = None
    locked = False
    for action in map(normalise_action, match["actions"]):
        mover = state.to_move()
        locked = locked or any(state.loads[p] and not state.empties[p] and not state.supply[p] for p in range(state.n))
        if not any(state.bag) and mover != last_mover:
            turns += 1
            idle += action[0] == "end_turn"
        last_mover = mover
        state.apply(action, False)
    return turns, idle, bool(match["actions"]) and match["actions"][-1][0] == "move_good", locked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    for path in parser.parse_args().files:
        with open(path, encoding="utf-8") as file:
            found = [endgame(match) for match in matches(json.load(file))]
        if not found:
            print(f"{path}: no Camel Caravan matches")
            continue
        turns = [t for t, _, _, _ in found]
        idle = sum(i for _, i, _, _ in found)
        delivered = sum(d for _, _, d, _ in found)
        locked = sum(k for _, _, _, k in found)
        print(
            f"{path}: {len(found)} matches, {delivered} ended by a delivery, {locked} with a seat locked out; "
            f"turns with the bag empty {sum(turns)} (median {statistics.median(turns):g}, most {max(turns)}), "
            f"idle {idle} ({100 * idle / max(1, sum(turns)):.0f}%)"
        )


if __name__ == "__main__":
    main()
