"""Trades between AI seats in Caravans of Ahldarahd: how many proposals they make and accept, and
whether trading helps (trading seats against the same level with trading switched off).

    python benchmarks/ahldarahd_trades.py --seats ai:normal --rounds 30            # 30 games, all trading
    python benchmarks/ahldarahd_trades.py --seats ai:normal,ai:normal/notrade --rounds 5
    python benchmarks/ahldarahd_trades.py --seats ai:normal/shark,ai:normal/notrade,ai:normal --rounds 40
    python benchmarks/ahldarahd_trades.py --seats ai:normal+iterations=20 --paired --rounds 40

AI seats propose by the engine's suggested proposals only (``GameAI.considered``). A seat
written ``SPEC/notrade`` plays SPEC but never proposes and declines every offer, as a person who
never trades would: it declines without searching, and when building it plays the move its
search visited most among those that are not proposals. The other seats do not know it never
trades (a declined proposal costs them what it costs against such a person). A seat written
``SPEC/shark`` plays as ``SPEC/notrade`` except that, building, it first proposes the one-for-one
trade its own evaluation likes most for itself among those its partner would take
(``games/ahldarahd/shark.py``), written step by step.

With one seat kind, ``--rounds`` games are played with every seat that kind, one seed each; with
two kinds, the arena's line-ups: every combination with both kinds, in every rotation; with three
kinds at 3 players, both orders around the table in every rotation. One seed per line-up and
round (its rotations share it). The pairings of
every two kinds are counted (at 3 players a pairing goes by who won the match).

``--exploit`` isolates what the shark gains from its partners: with the seats ``SPEC/shark,
SPEC/notrade,SPEC``, each round plays one seed with the shark in each seat and trading AIs in
the others, and the same games with the twin in the shark's place. The AIs' decisions are seeded
by the deal, the seat and the move number, so where the shark proposes nothing the two games
are the same (a proposal, even declined, adds moves and so reseeds every later decision); a
pairing is the shark's result in its game against the twin's in the other (its
share of the win, then its points), so a trade that merely costs a third seat counts for
nothing.

Trading's effect is reported only over the games where a trade was accepted (how many is
said): where none was, a trading seat and its never-trading twin make the same moves on the same
deal, and counting those identical games as evidence only narrows the interval around 50%. The
same goes for ``--exploit``: a pairing counts only where an offer of the shark's was accepted.
Each run also says how many builds had a trade both sides gain from by the builder's own
estimate (``games/ahldarahd/mutual.py``), and in how many the builder proposed at once; the
trades accepted a game; and, over the games with one, the mean win share of the seats that
proposed an accepted trade, of their partners and of the others.

``--paired`` counts the shark only where its offer was accepted, many times a game: in self-play
between ``SPEC`` seats (one kind in ``--seats``), at a seat's first build decision (at most
``--per-game`` a game: it stops there) where the shark's trade from that seat's view (``shark.best_trade``) is
accepted by its partner's own policy and goes through, the match is played on twice from there on
the same seeds (decisions seeded by the move count from that position; the bank's chance carried
by the state): once with the trade made, once without. Both are played on by ``SPEC/notrade``
seats (no later trade: the trading AI's own look for trades is most of a playout's cost), so the
two differ by that one trade.
A pairing is the seat's result with the trade against without (share of the win, then points);
the self-play game then goes on as if nothing was sampled. Pairings from one game share its
history, so the interval (which treats them as independent) is somewhat too narrow; how many
games gave them is said.

``--judge`` weighs every proposal made by a seat that is neither ``/shark`` nor ``/notrade`` (an
AI's own proposal) by a normal search from the partner's view: accepting against declining, in
win chance (the search charges accepting ``evaluation.MARGIN``); one it finds a trap (below
``-TRAP``) is weighed again by a search of ``DEEP`` iterations, which settles where normal's
budget may not. AI seats search their iteration
budget only (``CARAVAN_TUI_AI_BUDGET=iterations``), so a run replays exactly.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise
from pathlib import Path
from typing import Any

from caravan_tui.ai.arena import wilson_interval
from caravan_tui.ai.ismcts import most_visited
from caravan_tui.ai.matches import decision_seed, seat_policy
from caravan_tui.ai.policies import Policy, SearchPolicy, search_policy
from caravan_tui.engine import Action
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.mutual import mutual_trade
from caravan_tui.games.ahldarahd.proposal import steps
from caravan_tui.games.ahldarahd.rules import AhldarahdState
from caravan_tui.games.ahldarahd.shark import best_trade
from caravan_tui.games.ahldarahd.terms import ANSWER, BUILD, COMPOSE
from caravan_tui.games.ahldarahd.trading import traded
from caravan_tui.seats import SeatSpec

PROPOSALS = ("offer", "trade_with")
#: a proposal is a trap when a normal search from the partner's view values accepting it below
#: declining by more than this (win chance; its 0.02 charge for accepting included)
TRAP = 0.05
#: a proposal the normal search judges a trap is weighed again by a search of this many
#: iterations (normal's settings otherwise): the judge's own seeds agree to 0.001, but its
#: budget errs by up to 0.06 where a deeper search settles (docs/ai.md, "The trap at 87019")
DEEP = 4000


class NoTrade:
    """Plays an AI seat that never proposes and declines every offer."""

    def __init__(self, policy: SearchPolicy) -> None:
        self.policy = dataclasses.replace(policy, tweaks=(*policy.tweaks, ("plan", False)))  # it searches

    def choose(self, game_id: str, view: dict[str, Any], seat: int, seed: int, legal: list[Action]) -> Action:
        if ("decline",) in legal:
            return ("decline",)
        if not any(action[0] in PROPOSALS for action in legal):
            return self.policy.choose(game_id, view, seat, seed, legal)
        stats = self.policy.merge(
            [self.policy.search_root(game_id, view, seat, seed, index) for index in range(self.policy.level.searches)]
        )
        return most_visited({action: visits for action, (visits, _) in stats.items() if action[0] not in PROPOSALS})


class Shark(NoTrade):
    """Plays as ``NoTrade``, but building it first proposes its one-sided trade, if it finds one
    (``shark.best_trade``, seeded by the decision), step by step."""

    def __init__(self, policy: SearchPolicy) -> None:
        super().__init__(policy)
        self.writing: list[Action] = []

    def choose(self, game_id: str, view: dict[str, Any], seat: int, seed: int, legal: list[Action]) -> Action:
        game = get_game(game_id)
        world = game.from_view(view, seat)
        if not isinstance(world, AhldarahdState):
            raise TypeError("the shark plays Caravans of Ahldarahd")
        if world.phase == COMPOSE:
            return self.writing.pop(0) if self.writing else ("cancel",)
        if world.phase == BUILD and any(action[0] == "trade_with" for action in legal):
            pick = best_trade(world, seat, random.Random(seed))
            if pick is not None:
                self.writing = steps(pick.proposal)
                return self.writing.pop(0)
        return super().choose(game_id, view, seat, seed, legal)


def lineups(kinds: list[str], players: int) -> list[tuple[str, ...]]:
    if len(kinds) == 1:
        return [(kinds[0],) * players]
    if len(kinds) == players == 3:  # both orders around the table, each rotated below: all six
        return [tuple(kinds), (kinds[0], kinds[2], kinds[1])]
    return [c for c in combinations_with_replacement(kinds, players) if len(set(c)) > 1]


def rotations(kinds: list[str], players: int) -> list[list[list[str]]]:
    """A round's games, a group for each line-up (one seed): its every rotation (one kind: one
    game)."""
    return [
        [list(lineup[shift:] + lineup[:shift]) for shift in range(players if len(kinds) > 1 else 1)]
        for lineup in lineups(kinds, players)
    ]


def exploit_games(kinds: list[str], players: int) -> list[list[str]]:
    """A round of ``--exploit``: for each seat, the shark there among trading AIs, then its twin."""
    shark, twin, ai = kinds
    return [
        [shark if i == seat else ai for i in range(players)]
        if who == shark
        else [twin if i == seat else ai for i in range(players)]
        for seat in range(players)
        for who in (shark, twin)
    ]


def exploited(records: list[dict[str, Any]]) -> tuple[float, int]:
    """The shark's pairings won against its twin in ``--exploit`` games: each shark game against
    the game after it, the twin in the same seat on the same deal (by share of the win, then
    points); a shark game whose twin game was not played (a stopped run) counts for nothing."""
    wins, pairs = 0.0, 0
    for game, other in pairwise(records):
        seat = next((i for i, k in enumerate(game["seats"]) if seat_kind(k)[0] == "shark"), None)
        if seat is None or game["seed"] != other["seed"] or seat_kind(other["seats"][seat])[0] != "notrade":
            continue
        if not any(proposer == seat for _, proposer, _ in game.get("trades", ())):
            continue  # no offer of the shark's accepted: the two games differ by chance alone
        mine = (game["outcome"][seat], game["scores"][seat])
        theirs = (other["outcome"][seat], other["scores"][seat])
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        pairs += 1
    return wins, pairs


def accepted_shark_trade(state: AhldarahdState, seat: int, seed: int, spec: str) -> AhldarahdState | None:
    """``state`` (``seat`` building) after the shark's trade from ``seat``'s view, written and
    answered by its partner as ``spec`` plays (seeded by ``seed``), where the partner accepted it
    and it went through; None otherwise."""
    game = get_game("ahldarahd")
    pick = best_trade(game.from_view(state.view(seat), seat), seat, random.Random(seed))  # type: ignore[arg-type]
    if pick is None:
        return None
    made = state.clone()
    for step in steps(pick.proposal):
        made.apply(step, False)
    partner = made.to_move()
    if made.phase != ANSWER or partner is None:
        return None
    answer = policy_of(spec).choose("ahldarahd", made.view(partner), partner, seed, made.legal_actions())
    if answer != ("accept",) or traded(made) is None:
        return None
    made.apply(answer, False)
    return made


def playout(state: AhldarahdState, seat: int, spec: str, seed: int) -> tuple[float, float]:
    """``seat``'s (share of the win, points) at the end of the match played on from ``state``
    by ``spec/notrade`` seats, decision k seeded by ``seed``, k and the seat."""
    policies = [policy_of(f"{spec}/notrade") for _ in range(state.n)]
    state = state.clone()
    moves = 0
    while (mover := state.to_move()) is not None:
        action = policies[mover].choose(
            "ahldarahd", state.view(mover), mover, decision_seed(seed, moves, mover), state.legal_actions()
        )
        state.apply(action, False)
        moves += 1
    return state.outcome()[seat], state.scores()[seat]


def paired(spec: str, players: int, seed: int, per_game: int) -> dict[str, Any]:
    """One self-play game between ``spec`` seats, up to its ``per_game``-th pairing, and its
    pairings (``--paired``): for each, the seat, the turn and its (share, points) with the trade
    and without."""
    game = get_game("ahldarahd")
    policies = [policy_of(spec) for _ in range(players)]
    state = game.new(players, seed=seed, options=game.resolve_options({}))
    if not isinstance(state, AhldarahdState):
        raise TypeError(f"the ahldarahd game plays {type(state).__name__}, not AhldarahdState")
    pairs: list[dict[str, Any]] = []
    looked = moves = 0
    seen: set[tuple[int, int]] = set()
    while (seat := state.to_move()) is not None and len(pairs) < per_game:
        legal = state.legal_actions()
        decision = decision_seed(seed, moves, seat)
        if (
            state.phase == BUILD
            and (state.turn_no, seat) not in seen
            and any(action[0] == "trade_with" for action in legal)
        ):
            seen.add((state.turn_no, seat))
            looked += 1
            made = accepted_shark_trade(state, seat, decision, spec)
            if made is not None:
                with_trade, without = playout(made, seat, spec, decision), playout(state, seat, spec, decision)
                pairs.append({"seat": seat, "turn": state.turn_no, "with": with_trade, "without": without})
        state.apply(policies[seat].choose("ahldarahd", state.view(seat), seat, decision, legal), False)
        moves += 1
    return {"seed": seed, "spec": spec, "builds": looked, "pairs": pairs}


def paired_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Print and return the ``--paired`` figures: the trade made against not made, for the seat
    that made it, over every pairing."""
    pairs = [p for r in records for p in r["pairs"]]
    builds = sum(r["builds"] for r in records)
    games = sum(1 for r in records if r["pairs"])
    wins = sum(1.0 if p["with"] > p["without"] else 0.5 if p["with"] == p["without"] else 0.0 for p in pairs)
    same = sum(1 for p in pairs if p["with"] == p["without"])
    print(
        f"\n{len(records)} self-play games, {builds} builds looked at, {len(pairs)} with a shark offer accepted "
        f"(from {games} games)"
    )
    summary: dict[str, Any] = {"games": len(records), "builds": builds, "pairings": len(pairs), "from games": games}
    if not pairs:
        return summary
    low, high = wilson_interval(wins, len(pairs))
    gain = sum(p["with"][0] - p["without"][0] for p in pairs) / len(pairs)
    points = sum(p["with"][1] - p["without"][1] for p in pairs) / len(pairs)
    print(
        f"the trade made against not made, for the seat that made it: {wins:g}/{len(pairs)} pairings "
        f"({wins / len(pairs):.1%}), 95% interval {low:.1%}–{high:.1%}; {same} the same result both ways; "
        f"win share {gain:+.3f} and points {points:+.2f} a trade on average"
    )
    summary.update(wins=wins, interval=[low, high], same=same, share=gain, points=points)
    return summary


def seat_kind(spec: str) -> tuple[str, str]:
    """("notrade" | "shark" | "", the seat spec without the suffix)."""
    for kind in ("notrade", "shark"):
        if spec.endswith("/" + kind):
            return kind, spec.removesuffix("/" + kind)
    return "", spec


def policy_of(spec: str) -> NoTrade | Policy:
    kind, base = seat_kind(spec)
    policy = seat_policy(SeatSpec.parse(base))
    if kind and not isinstance(policy, SearchPolicy):
        raise SystemExit(f"{spec}: only AI seats can be written /{kind}")
    if kind == "shark":
        return Shark(policy)  # type: ignore[arg-type]
    return NoTrade(policy) if kind == "notrade" else policy  # type: ignore[arg-type]


JUDGE = search_policy(SeatSpec.ai("normal"))


def weigh_answer(state: AhldarahdState, seed: int, iterations: int | None = None) -> float:
    """A normal search's value (at ``iterations`` if given), for the partner, of accepting the
    pending proposal less declining it, from the partner's view."""
    partner = state.partner
    judge = JUDGE if iterations is None else search_policy(SeatSpec.ai("normal"), iterations=iterations)
    stats = judge.search_root("ahldarahd", state.view(partner), partner, seed)
    value = {action[0]: reward / visits for action, (visits, reward) in stats.items() if visits}
    return value.get("accept", 0.0) - value.get("decline", 0.0)


def play(specs: list[str], seed: int, options: dict[str, Any], weigh: bool = False) -> dict[str, Any]:
    game = get_game("ahldarahd")
    policies = [policy_of(s) for s in specs]
    state = game.new(len(specs), seed=seed, options=game.resolve_options(options))
    if not isinstance(state, AhldarahdState):
        raise TypeError(f"the ahldarahd game plays {type(state).__name__}, not AhldarahdState")
    made, accepted, failed, declined = Counter[int](), Counter[int](), Counter[int](), Counter[int]()
    received = Counter[int]()  # proposals made to each seat
    moves = 0
    trades: list[list[int]] = []  # [turn, proposer, partner] for every trade accepted that went through
    # [seat, a mutual trade found, a proposal made at once, the mutual trade's partner (-1: none),
    # the proposal's partner (-1: none)] a build
    builds: list[list[int]] = []
    seen: set[tuple[int, int]] = set()
    # [proposer, partner, accepting less declining, accepted, and where that is below -TRAP, the
    # same at DEEP iterations]
    answers: list[list[Any]] = []
    while (seat := state.to_move()) is not None:
        if weigh and state.phase == ANSWER and not seat_kind(specs[state.order[state.pos]])[0]:
            value = weigh_answer(state, decision_seed(seed, moves, seat))
            answers.append([state.order[state.pos], seat, value, None])
            if value < -TRAP:
                answers[-1].append(weigh_answer(state, decision_seed(seed, moves, seat), DEEP))
        first = state.phase == BUILD and (state.turn_no, seat) not in seen
        if first:
            seen.add((state.turn_no, seat))
            found = mutual_trade(game.from_view(state.view(seat), seat), seat)  # type: ignore[arg-type]
        action = policies[seat].choose(
            "ahldarahd", state.view(seat), seat, decision_seed(seed, moves, seat), state.legal_actions()
        )
        kind = action[0]
        if first:
            proposed = kind in PROPOSALS
            partner = -1 if found is None else found.proposal.partner
            builds.append([seat, int(found is not None), int(proposed), partner, action[1] if proposed else -1])
        if kind in PROPOSALS:
            made[seat] += 1
            received[action[1]] += 1
        elif kind == "accept":
            if answers and answers[-1][3] is None and state.phase == ANSWER:
                answers[-1][3] = True
            if traded(state) is None:
                failed[seat] += 1  # the seat lacks a requested card: nothing moves
            else:
                accepted[seat] += 1
                trades.append([state.turn_no, state.order[state.pos], seat])
        elif kind == "decline":
            if answers and answers[-1][3] is None:
                answers[-1][3] = False
            declined[seat] += 1
        state.apply(action, False)
        moves += 1
    return {
        "seed": seed,
        "seats": specs,
        "scores": state.scores(),
        "outcome": state.outcome(),
        "moves": moves,
        "made": [made[i] for i in range(len(specs))],
        "accepted": [accepted[i] for i in range(len(specs))],
        "declined": [declined[i] for i in range(len(specs))],
        "received": [received[i] for i in range(len(specs))],
        "failed": [failed[i] for i in range(len(specs))],
        "answers": answers,
        "trades": trades,
        "builds": builds,
    }


def main() -> int:
    os.environ.setdefault("CARAVAN_TUI_AI_BUDGET", "iterations")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seats",
        help="one or two seat kinds, or three at 3 players, comma-separated (SPEC, SPEC/notrade or SPEC/shark)",
    )
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--exploit",
        action="store_true",
        help="SPEC/shark,SPEC/notrade,SPEC: the shark or its twin among trading AIs, on the same deals",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="SPEC: self-play, the shark's accepted trades played on with and without (one pairing each)",
    )
    parser.add_argument("--per-game", type=int, default=3, help="--paired: pairings sampled a game at most")
    parser.add_argument(
        "--judge", action="store_true", help="weigh every AI proposal by a normal search from the partner's view"
    )
    parser.add_argument("--json", metavar="FILE", help="keep every game here (written after each)")
    parser.add_argument(
        "--read",
        metavar="FILE",
        nargs="+",
        help="play nothing: the summary of the games kept in these files (a run stopped early)",
    )
    args = parser.parse_args()
    if args.read:
        records = [r for path in args.read for r in json.loads(Path(path).read_text(encoding="utf-8"))["games"]]
        if records and "pairs" in records[0]:
            paired_summary(records)
            return 0
        kinds = list(dict.fromkeys(k for r in records for k in r["seats"]))
        summarize(records, sorted(kinds, key=lambda k: seat_kind(k)[0] != "shark"), any(r["answers"] for r in records))
        return 0
    if not args.seats:
        parser.error("--seats is needed to play")
    kinds = args.seats.split(",")
    if args.exploit and [seat_kind(k)[0] for k in kinds] != ["shark", "notrade", ""]:
        parser.error("--exploit plays the seats SPEC/shark,SPEC/notrade,SPEC")
    records = []
    started = time.perf_counter()
    if args.paired:
        if len(kinds) != 1 or seat_kind(kinds[0])[0]:
            parser.error("--paired plays one seat kind, SPEC")
        for number in range(args.rounds):
            records.append(paired(kinds[0], args.players, args.seed + number, args.per_game))
            if args.json:
                write(args.json, {"games": records})
            print(
                f"{number + 1:3} seed {args.seed + number}: {len(records[-1]['pairs'])} pairings "
                f"({sum(len(r['pairs']) for r in records)} in all; {time.perf_counter() - started:.0f} s)",
                flush=True,
            )
        summary = paired_summary(records)
        if args.json:
            write(args.json, {"summary": summary, "games": records})
        return 0
    groups = [exploit_games(kinds, args.players)] if args.exploit else rotations(kinds, args.players)
    for number, group in enumerate(group for _ in range(args.rounds) for group in groups):
        for specs in group:  # one seed
            records.append(play(specs, args.seed + number, {}, args.judge))
            r = records[-1]
            if args.json:  # after every game, so a run stopped early keeps what it played
                write(args.json, {"games": records})
            print(
                f"{len(records):3} seed {r['seed']} {','.join(specs)} scores {r['scores']} "
                f"made {r['made']} accepted {r['accepted']} ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    summary = summarize(records, kinds, args.judge)
    if args.json:
        write(args.json, {"summary": summary, "games": records})
    return 0


def summarize(records: list[dict[str, Any]], kinds: list[str], judged: bool) -> dict[str, Any]:
    """Print the run's figures; return them."""
    games = len(records)
    made = sum(sum(r["made"]) for r in records)
    accepted = sum(sum(r["accepted"]) for r in records)
    failed = sum(sum(r["failed"]) for r in records)
    print(f"\n{games} games at {len(records[0]['seats'])} players, seats {','.join(kinds)}")
    print(
        f"proposals made per game {made / games:.2f}, accepted per game {accepted / games:.2f} "
        f"({accepted}/{made}; {failed} acceptances failed)"
    )
    summary: dict[str, Any] = {"games": games, "made": made, "accepted": accepted, "failed": failed}
    summary["mutual"] = mutual_line(records)
    summary["gained"] = gained_line(records)
    traded_records = [r for r in records if r.get("trades")]
    print(f"games with a trade accepted: {len(traded_records)} of {games}")
    for a, b in combinations(kinds, 2):
        wins = n = 0.0
        for r in traded_records:
            for i, x in enumerate(r["seats"]):
                for j, y in enumerate(r["seats"]):
                    if x == a and y == b:
                        n += 1
                        mine, theirs = r["outcome"][i], r["outcome"][j]
                        wins += 1 if mine > theirs else 0.5 if mine == theirs else 0
        if not n:
            continue  # never at one table (``--exploit``)
        low, high = wilson_interval(wins, int(n))
        print(
            f"{a} vs {b}, over games with a trade accepted: {wins:g}/{n:g} pairings ({wins / n:.1%}), "
            f"95% interval {low:.1%}–{high:.1%}"
        )
        summary[f"{a} vs {b}"] = {"pairings": n, "wins": wins, "interval": [low, high]}
    if all(sum(1 for k in r["seats"] if seat_kind(k)[0]) == 1 for r in records) and len(kinds) == 3:
        wins, pairs = exploited(records)
        if not pairs:
            print("--exploit: no pairing where the shark had a trade accepted")
            return summary
        low, high = wilson_interval(wins, pairs)
        print(
            f"--exploit: the shark against its twin, each among trading AIs on the same deal, over the "
            f"{pairs} games where the shark's offer was accepted: {wins:g}/{pairs} "
            f"({wins / pairs:.1%}), 95% interval {low:.1%}–{high:.1%}"
        )
        summary["exploit"] = {"pairings": pairs, "wins": wins, "interval": [low, high]}
    for kind in kinds if len(kinds) > 1 else []:
        got = [(r["received"][i], 1) for r in records if "received" in r for i, k in enumerate(r["seats"]) if k == kind]
        if got:
            print(
                f"  {kind}: proposals received per game {sum(g for g, _ in got) / len(got):.2f}, "
                f"in {sum(1 for g, _ in got if g)} of {len(got)} games"
            )
        points = [s for r in records for s, k in zip(r["scores"], r["seats"]) if k == kind]
        print(f"  {kind}: mean points {sum(points) / len(points):.2f}")
    if judged:
        answers = [a for r in records for a in r["answers"]]
        worst = min((a[2] for a in answers), default=0.0)
        below = sum(1 for a in answers if a[2] < -TRAP)
        deep = [a[4] for a in answers if len(a) > 4]
        print(
            f"AI proposals weighed {len(answers)}: accepting less declining, for the partner, "
            f"at worst {worst:+.3f}; below -{TRAP} in {below}; accepted {sum(1 for a in answers if a[3])}"
        )
        if deep:
            print(
                f"  those below -{TRAP} weighed again at {DEEP} iterations: {' '.join(f'{v:+.3f}' for v in deep)} "
                f"({sum(1 for v in deep if v < -TRAP)} below -{TRAP})"
            )
        summary["answers"] = {
            "weighed": len(answers),
            "worst": worst,
            "traps": below,
            "deep": deep,
            "deep traps": sum(1 for v in deep if v < -TRAP),
        }
    return summary


def mutual_line(records: list[dict[str, Any]]) -> dict[str, int]:
    """Print and return how many builds of AI seats (neither ``/notrade`` nor ``/shark``) had a
    trade both sides gain from (``mutual``), and in how many of those the seat proposed at once;
    with ``/notrade`` seats at the table, how many of those trades were with one of them (as a
    person who never proposes) and proposed to it."""
    builds = [b for r in records for b in r.get("builds", ()) if not seat_kind(r["seats"][b[0]])[0]]  # AI seats
    found = [b for b in builds if b[1]]
    offered = sum(1 for b in found if b[2])
    print(f"builds {len(builds)}: a trade both sides gain from in {len(found)}, proposed at once in {offered}")
    counts = {"builds": len(builds), "found": len(found), "offered": offered}
    people = [  # AI builds whose mutual trade is with a never-trading seat (as a newcomer who declines)
        b
        for r in records
        for b in r.get("builds", ())
        if b[1] and len(b) > 3 and not seat_kind(r["seats"][b[0]])[0] and seat_kind(r["seats"][b[3]])[0] == "notrade"
    ]
    if any(seat_kind(k)[0] == "notrade" for r in records for k in r["seats"]):
        to_them = sum(1 for b in people if b[4] == b[3])
        print(f"  of those, with a never-trading seat (a person who declines): {len(people)}, proposed to it {to_them}")
        counts.update(person=len(people), to_person=to_them)
    return counts


def gained_line(records: list[dict[str, Any]]) -> dict[str, float]:
    """Print and return, over games with a trade accepted, the mean win share of the seats that
    proposed an accepted trade, of those that accepted one, and of the others."""
    shares: dict[str, list[float]] = {"proposer": [], "partner": [], "others": []}
    for r in records:
        if not r.get("trades"):
            continue
        proposers = {t[1] for t in r["trades"]}
        partners = {t[2] for t in r["trades"]}
        for seat, share in enumerate(r["outcome"]):
            role = "proposer" if seat in proposers else "partner" if seat in partners else "others"
            shares[role].append(share)
    games = sum(1 for r in records if r.get("trades"))
    trades = sum(len(r.get("trades", ())) for r in records)
    means = {role: sum(v) / len(v) if v else float("nan") for role, v in shares.items()}
    print(
        f"trades accepted per game {trades / len(records):.2f}; over the {games} games with one, mean win "
        f"share: proposers {means['proposer']:.2f} ({len(shares['proposer'])}), partners "
        f"{means['partner']:.2f} ({len(shares['partner'])}), the others {means['others']:.2f} "
        f"({len(shares['others'])}); a fair share is {1 / len(records[0]['seats']):.2f}"
    )
    return means


def write(path: str, data: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(data, out)


if __name__ == "__main__":
    sys.exit(main())
