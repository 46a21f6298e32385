"""Trades between AI seats in Caravans of Ahldarahd: how many proposals they make and accept, and
whether trading helps (trading seats against the same level with trading switched off).

    python benchmarks/ahldarahd_trades.py --seats ai:normal --rounds 30            # 30 games, all trading
    python benchmarks/ahldarahd_trades.py --seats ai:normal,ai:normal/notrade --rounds 5

AI seats propose by the engine's suggested proposals only (``GameAI.considered``). A seat
written ``SPEC/notrade`` plays SPEC but never proposes and declines every offer; every search
in the run knows it (the filter sits in the rules' legal actions of this process), so the
trading seats do not waste proposals on it. With one seat kind, ``--rounds`` games are played
with every seat that kind, one seed each; with two kinds, the arena's line-ups: every
combination with both kinds, in every rotation, one seed per line-up and round. AI seats search
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

os.environ.setdefault("CARAVAN_TUI_AI_BUDGET", "iterations")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ai.arena import wilson_interval  # noqa: E402
from ai.matches import decision_seed, seat_policy  # noqa: E402
from caravan_tui.games import get_game  # noqa: E402
from caravan_tui.games.ahldarahd import rules  # noqa: E402
from caravan_tui.games.ahldarahd.trading import traded  # noqa: E402
from caravan_tui.seats import SeatSpec  # noqa: E402

NO_TRADE: set[int] = set()  # seats of the match being played that do not trade
_compute_legal = rules.AhldarahdState._compute_legal


def _legal_without_trades(self):
    actions = _compute_legal(self)
    if self.turn in NO_TRADE:
        if self.phase == rules.ANSWER:
            return [rules.DECLINE]
        if self.phase == rules.BUILD:
            return [a for a in actions if a[0] != "offer"]
    return actions


rules.AhldarahdState._compute_legal = _legal_without_trades


def lineups(kinds: list[str], players: int) -> list[tuple[str, ...]]:
    if len(kinds) == 1:
        return [(kinds[0],) * players]
    return [c for c in combinations_with_replacement(kinds, players) if len(set(c)) > 1]


def play(specs: list[str], seed: int, options: dict) -> dict:
    game = get_game("ahldarahd")
    NO_TRADE.clear()
    NO_TRADE.update(i for i, s in enumerate(specs) if s.endswith("/notrade"))
    policies = [seat_policy(SeatSpec.parse(s.removesuffix("/notrade"))) for s in specs]
    state = game.new(len(specs), seed=seed, options=game.resolve_options(options))
    made, accepted, failed, declined = Counter(), Counter(), Counter(), Counter()
    moves = 0
    while not state.is_over():
        seat = state.to_move()
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
                        wins += 1 if r["outcome"][i] > r["outcome"][j] else 0.5 if r["outcome"][i] == r["outcome"][j] else 0
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
