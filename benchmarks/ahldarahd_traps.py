"""Trap offers in Caravans of Ahldarahd: is any trade an AI seat allows itself to propose one
that a normal search, from the partner's own view, values below declining?

    python benchmarks/ahldarahd_traps.py --positions 60 --seed 1

Build positions come from seeded random play without trades (3 players). At each, every
suggested proposal (``offers.suggested_offers``) is sent on a copy and weighed by a normal search
from the partner's view: its value of accepting less declining, in win chance (the search
charges accepting ``evaluation.MARGIN``). The proposals are split by whether AI seats may make
them (``ai.vetoed``), and a seat's decision at each position is made at ``--level`` (normal
by default; its CPU time measured, the veto included): the proposals it makes are counted with
the traps among them. ``--decisions-only`` weighs only those.
AI seats search their iteration budget only, so a run replays exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from caravan_tui.ai.matches import decision_seed
from caravan_tui.ai.policies import search_policy
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.ai import (
    ANSWER_BELOW,
    ANSWER_ITERATIONS,
    ANSWER_WORLDS,
    answer_value,
    hand_seen,
    judged_losing,
    vetoed,
)
from caravan_tui.games.ahldarahd.rules import AhldarahdState
from caravan_tui.games.ahldarahd.terms import BUILD
from caravan_tui.seats import SeatSpec

#: a proposal is a trap when accepting is valued below declining by more than this
TRAP = 0.05


def positions(count: int, seed: int) -> Iterator[AhldarahdState]:
    """Build decisions with proposals on offer, from seeded random play (no trades)."""
    game = get_game("ahldarahd")
    rng = random.Random(seed)
    match = seed
    while True:
        state = game.new(3, seed=match, options=game.resolve_options({}))
        if not isinstance(state, AhldarahdState):
            raise TypeError(f"the ahldarahd game plays {type(state).__name__}")
        match += 1
        while not state.is_over():
            if (
                state.phase == BUILD
                and state.proposals > 0
                and rng.random() < 0.15
                and any(a[0] == "offer" for a in state.legal_actions())
            ):
                yield state
                count -= 1
                if not count:
                    return
            calm = [a for a in state.legal_actions() if a[0] not in ("offer", "trade_with")]
            state.apply(rng.choice(calm), False)


def sent_state(state: AhldarahdState, action: tuple) -> AhldarahdState:
    """``state`` with the proposal ``action`` sent (on a copy): its partner is to answer."""
    sent = state.clone()
    sent.apply(action, False)
    if not isinstance(sent, AhldarahdState):
        raise TypeError("not an Ahldarahd state")
    return sent


def main() -> int:
    os.environ.setdefault("CARAVAN_TUI_AI_BUDGET", "iterations")
    from ahldarahd_trades import weigh_answer  # (a sibling script; after the budget is set)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--level", default="normal", help="the level whose decision is made at each position")
    parser.add_argument(
        "--decisions-only",
        action="store_true",
        help="weigh only the proposals the decisions make, not every one on offer",
    )
    parser.add_argument(
        "--answer-worlds", type=int, default=ANSWER_WORLDS, help="the veto's worlds (ai.ANSWER_WORLDS), to try another"
    )
    parser.add_argument(
        "--answer-iterations",
        type=int,
        default=ANSWER_ITERATIONS,
        help="the iterations of each of the veto's searches (ai.ANSWER_ITERATIONS)",
    )
    args = parser.parse_args()
    game = get_game("ahldarahd")
    rows: list[dict[str, Any]] = []
    decisions: list[float] = []  # the level's CPU seconds to decide each position, its veto included
    decider = search_policy(SeatSpec.ai(args.level))
    for number, state in enumerate(positions(args.positions, args.seed)):
        seat = state.to_move()
        if seat is None:
            raise TypeError("an Ahldarahd build decision")
        world = game.from_view(state.view(seat), seat)
        if not isinstance(world, AhldarahdState):
            raise TypeError("an Ahldarahd build decision")
        for action in [] if args.decisions_only else [a for a in state.legal_actions() if a[0] == "offer"]:
            value = weigh_answer(sent_state(state, action), decision_seed(args.seed, number, seat))
            started = time.process_time()
            losing = judged_losing(world, seat, action)
            answer = answer_value(world, seat, action, args.answer_worlds, args.answer_iterations)
            spent = time.process_time() - started
            allowed = not losing and answer >= -ANSWER_BELOW  # as ai.vetoed, with both parts' figures
            rows.append(
                {
                    "position": number,
                    "offer": list(action),
                    "allowed": allowed,
                    "losing": losing,
                    "answer": answer,
                    "value": value,
                    "seconds": spent,
                    "made": False,
                    "seen": hand_seen(world, seat, action[1]),
                }
            )
            print(
                f"{number:3} {'allowed' if allowed else 'vetoed '} {value:+.3f} (veto's search {answer:+.3f}, "
                f"evaluation {'losing' if losing else 'fine'}, {spent:.2f} s) {action}",
                flush=True,
            )
        started = time.process_time()
        made = decider.choose("ahldarahd", state.view(seat), seat, decision_seed(args.seed, number, seat))
        decisions.append(time.process_time() - started)
        if made[0] != "offer":
            continue
        row = next((r for r in rows if r["position"] == number and tuple(r["offer"]) == made), None)
        if row is None:  # (--decisions-only) the proposal made, weighed as above
            row = {
                "position": number,
                "offer": list(made),
                "allowed": not vetoed(world, seat, made),
                "value": weigh_answer(sent_state(state, made), decision_seed(args.seed, number, seat)),
                "seconds": 0.0,
                "made": False,
                "seen": hand_seen(world, seat, made[1]),
            }
            rows.append(row)
        row["made"] = True
        print(
            f"{number:3} a{'n' if args.level == 'easy' else ''} {args.level} decision proposes {made} "
            f"({row['value']:+.3f}, {decisions[-1]:.2f} s)",
            flush=True,
        )
    vetoes = [sum(r["seconds"] for r in rows if r["position"] == number) for number in range(len(decisions))]
    print(
        f"{args.level} decision's CPU time: mean {sum(decisions) / len(decisions):.3f} s, "
        f"median {statistics.median(decisions):.3f} s, most {max(decisions):.3f} s, "
        f"in all {sum(decisions):.1f} s; the veto of every proposal on offer: mean "
        f"{sum(vetoes) / len(vetoes):.2f} s, most {max(vetoes):.2f} s"
    )
    print(
        f"veto's CPU time a proposal: mean {sum(r['seconds'] for r in rows) / max(1, len(rows)):.2f} s, "
        f"most {max((r['seconds'] for r in rows), default=0.0):.2f} s"
    )
    print(
        f"offers whose partner's hand the proposer's view fixes (one world searched): "
        f"{sum(1 for r in rows if r['seen'])} of {len(rows)}"
    )
    proposed = [float(r["value"]) for r in rows if r["made"]]
    print(
        f"proposals {args.level} decisions made: {len(proposed)} at {len(decisions)} positions, "
        f"{sum(1 for r in rows if r['made'] and not r['allowed'])} of them vetoed, "
        f"{sum(1 for v in proposed if v < -TRAP)} traps" + (f" (worst {min(proposed):+.3f})" if proposed else "")
    )
    for allowed in (True, False):
        part = [float(r["value"]) for r in rows if r["allowed"] == allowed]
        if part:
            print(
                f"{'allowed' if allowed else 'vetoed'}: {len(part)} proposals, accepting less declining at worst "
                f"{min(part):+.3f}, mean {sum(part) / len(part):+.3f}, below -{TRAP} in "
                f"{sum(1 for v in part if v < -TRAP)}"
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
