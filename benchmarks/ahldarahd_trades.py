"""Trades between AI seats in Caravans of Ahldarahd: how many proposals they make and accept, and
whether trading helps (trading seats against the same level with trading switched off).

    python benchmarks/ahldarahd_trades.py --seats ai:normal --rounds 30            # 30 games, all trading
    python benchmarks/ahldarahd_trades.py --seats ai:normal,ai:normal/notrade --rounds 5

AI seats propose by the engine's suggested proposals only (``GameAI.considered``). A seat
written ``SPEC/notrade`` plays SPEC but never proposes and declines every offer, as a person who
never trades would: it declines without searching, and when building it plays the move its
search visited most among those that are not proposals. The other seats do not know it never
trades (a declined proposal costs them what it costs against such a person). With one seat kind,
``--rounds`` games are played with every seat that kind, one seed each; with two kinds, the
arena's line-ups: every combination with both kinds, in every rotation, one seed per line-up and
round. AI seats search
their iteration budget only (``CARAVAN_TUI_AI_BUDGET=iterations``), so a run replays exactly.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from caravan_tui.ai.arena import wilson_interval
from caravan_tui.ai.ismcts import most_visited
from caravan_tui.ai.matches import decision_seed, seat_policy
from caravan_tui.ai.policies import Policy, SearchPolicy
from caravan_tui.engine import Action
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.rules import AhldarahdState
from caravan_tui.games.ahldarahd.trading import traded
from caravan_tui.seats import SeatSpec

PROPOSALS = ("offer", "trade_with")


class NoTrade:
    """Plays an AI seat that never proposes and declines every offer."""

    def __init__(self, policy: SearchPolicy) -> None:
        self.policy = policy

    def choose(self, game_id: str, view: dict[str, Any], seat: int, seed: int, legal: list[Action]) -> Action:
        if ("decline",) in legal:
            return ("decline",)
        if not any(action[0] in PROPOSALS for action in legal):
            return self.policy.choose(game_id, view, seat, seed, legal)
        stats = self.policy.merge([self.policy.search_root(game_id, view, seat, seed, index)
                                   for index in range(self.policy.level.searches)])
        return most_visited({action: visits for action, (visits, _) in stats.items()
                             if action[0] not in PROPOSALS})


def lineups(kinds: list[str], players: int) -> list[tuple[str, ...]]:
    if len(kinds) == 1:
        return [(kinds[0],) * players]
    return [c for c in combinations_with_replacement(kinds, players) if len(set(c)) > 1]


def play(specs: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    game = get_game("ahldarahd")
    policies: list[NoTrade | Policy] = [
        NoTrade(policy) if s.endswith("/notrade") and isinstance(policy, SearchPolicy) else policy
        for s in specs for policy in [seat_policy(SeatSpec.parse(s.removesuffix("/notrade")))]]
    state = game.new(len(specs), seed=seed, options=game.resolve_options(options))
    if not isinstance(state, AhldarahdState):
        raise TypeError(f"the ahldarahd game plays {type(state).__name__}, not AhldarahdState")
    made, accepted, failed, declined = Counter[int](), Counter[int](), Counter[int](), Counter[int]()
    moves = 0
    while (seat := state.to_move()) is not None:
        action = policies[seat].choose("ahldarahd", state.view(seat), seat, decision_seed(seed, moves, seat),
                                       state.legal_actions())
        kind = action[0]
        if kind == "offer":
            made[seat] += 1
        elif kind == "accept":
            if traded(state) is None:
                failed[seat] += 1  # the seat lacks a requested card: nothing moves
            else:
                accepted[seat] += 1
        elif kind == "decline":
            declined[seat] += 1
        state.apply(action, False)
        moves += 1
    return {"seed": seed, "seats": specs, "scores": state.scores(), "outcome": state.outcome(), "moves": moves,
            "made": [made[i] for i in range(len(specs))], "accepted": [accepted[i] for i in range(len(specs))],
            "declined": [declined[i] for i in range(len(specs))],
            "failed": [failed[i] for i in range(len(specs))]}


def main() -> int:
    os.environ.setdefault("CARAVAN_TUI_AI_BUDGET", "iterations")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True, help="one or two seat kinds, comma-separated (SPEC or SPEC/notrade)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    kinds = args.seats.split(",")
    records = []
    started = time.perf_counter()
    number = 0
    for _ in range(args.rounds):
        for lineup in lineups(kinds, args.players):
            for shift in range(args.players if len(kinds) > 1 else 1):  # one kind: rotating changes nothing
                specs = list(lineup[shift:] + lineup[:shift])
                records.append(play(specs, args.seed + number, {}))
                r = records[-1]
                print(f"{len(records):3} seed {r['seed']} {','.join(specs)} scores {r['scores']} "
                      f"made {r['made']} accepted {r['accepted']} ({time.perf_counter() - started:.0f} s)",
                      flush=True)
            number += 1
    games = len(records)
    made = sum(sum(r["made"]) for r in records)
    accepted = sum(sum(r["accepted"]) for r in records)
    failed = sum(sum(r["failed"]) for r in records)
    print(f"\n{games} games at {args.players} players, seats {args.seats}")
    print(f"proposals made per game {made / games:.2f}, accepted per game {accepted / games:.2f} "
          f"({accepted}/{made}; {failed} acceptances failed)")
    summary = {"games": games, "made": made, "accepted": accepted, "failed": failed}
    if len(kinds) == 2:
        a, b = kinds
        wins = n = 0.0
        for r in records:
            for i, x in enumerate(r["seats"]):
                for j, y in enumerate(r["seats"]):
                    if x == a and y == b:
                        n += 1
                        mine, theirs = r["outcome"][i], r["outcome"][j]
                        wins += 1 if mine > theirs else 0.5 if mine == theirs else 0
        low, high = wilson_interval(wins, int(n))
        print(f"{a} vs {b}: {wins:g}/{n:g} pairings ({wins / n:.0%}), 95% interval {low:.0%}–{high:.0%}")
        for kind in kinds:
            points = [s for r in records for s, k in zip(r["scores"], r["seats"]) if k == kind]
            print(f"  {kind}: mean points {sum(points) / len(points):.2f}")
        summary.update({"pairings": n, "wins": wins, "interval": [low, high]})
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"summary": summary, "games": records}, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
