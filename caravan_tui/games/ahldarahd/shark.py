"""A trading adversary for measuring the AI's trades (docs/ai.md, "AI trading, restated"): the
one-for-one trades a seat's own evaluation likes most for itself, among those its partner would
take. Nothing here plays in the app; ``benchmarks/ahldarahd_trades.py`` seats it as ``/shark``.

For each other player and each pair of one thing given (gold, a card of a commodity the seat
holds, an item) and one thing asked (gold, any card of a commodity, an item), the trade is played
in a few determinizations of the seat's view: where it goes through and the partner's own
judgement (``trading.judge``, on its own hand in that world) would take it, the seat's gain is its
win chance after the trade less before, by its own evaluation (the others' hidden cards valued by
their number only); elsewhere the gain is 0. The trade worth the most on average is the shark's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .evaluation import projected_all, win_chances
from .proposal import Drafts, Proposal, one_for_one, refusal_key, sides
from .trading import judge, traded

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: the least average gain (win chance) a trade must bring the shark
WORTH = 0.01


@dataclass(frozen=True)
class Pick:
    proposal: Proposal
    gain: float  # the shark's average gain, counting 0 where the trade fails or is refused
    taken: float  # the share of the worlds in which the partner would take it


def best_trade(world: AhldarahdState, seat: int, rng: random.Random, samples: int = 3) -> Pick | None:
    """The shark's trade from ``world`` (its view, ``seat`` building with proposals left), or
    None when none brings it ``WORTH`` on average."""
    worlds = [Drafts(world.determinize(seat, rng)) for _ in range(samples)]
    befores = [win_chances(w.world, projected_all(w.world, seat))[seat] for w in worlds]
    best: Pick | None = None
    for partner in range(world.n):
        if partner == seat:
            continue
        for give in sides(world, seat, True):
            for ask in sides(world, partner, False):
                if give[0] == ask[0] == "gold":
                    continue
                proposal = one_for_one(partner, give, ask)
                gain = taken = 0.0
                for w, before in zip(worlds, befores):
                    sent = w.sent(proposal)
                    if sent is None or refusal_key(sent) in w.world.refused:
                        break
                    after = traded(sent)
                    if after is None or not judge(sent).good:
                        continue
                    taken += 1
                    gain += win_chances(after, projected_all(after, seat))[seat] - before
                else:
                    pick = Pick(proposal, gain / samples, taken / samples)
                    if pick.gain >= WORTH and (best is None or pick.gain > best.gain):
                        best = pick
    return best
