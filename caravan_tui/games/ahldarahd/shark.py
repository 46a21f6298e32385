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

from caravan_tui.engine import IllegalAction

from .cards import COMMODITY_MASK, ITEM_NAMES
from .evaluation import projected_all, win_chances
from .maps import COMMODITIES
from .proposal import Proposal, steps
from .trading import judge, traded

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: the gold amounts the shark gives or asks
GOLD = (1, 2, 4, 7)
#: the least average gain (win chance) a trade must bring the shark
WORTH = 0.01


@dataclass(frozen=True)
class Pick:
    proposal: Proposal
    gain: float  # the shark's average gain, counting 0 where the trade fails or is refused
    taken: float  # the share of the worlds in which the partner would take it


def _sides(world: AhldarahdState, seat: int, giving: bool) -> list[tuple[str, object]]:
    sides: list[tuple[str, object]] = [("gold", g) for g in GOLD if g <= world.gold[seat]]
    sides += [("card", COMMODITIES[k]) for k in range(10) if not giving or world.hand[seat] & COMMODITY_MASK[k]]
    return sides + [("item", ITEM_NAMES[i]) for i in world.items_of(seat)]


def _proposal(partner: int, give: tuple[str, object], ask: tuple[str, object]) -> Proposal:
    p = Proposal(partner)
    for (kind, value), giving in ((give, True), (ask, False)):
        if kind == "gold":
            setattr(p, "give_gold" if giving else "ask_gold", value)
        else:
            getattr(p, f"{'give' if giving else 'ask'}_{kind}s").append(value)
    return p


def _sent(world: AhldarahdState, proposal: Proposal) -> AhldarahdState | None:
    """``world`` with ``proposal`` written and sent (awaiting the answer), or None if refused."""
    sent = world.clone()
    try:
        for step in steps(proposal):
            sent.apply(step, log=False)
    except IllegalAction:
        return None
    return sent


def _refusal_key(sent: AhldarahdState) -> tuple:
    """The proposal as ``state.refused`` records a declined one (``offers._decline``)."""
    give = tuple(sorted([f"card {COMMODITIES[c % 10]}" for c in sent.g_cards]
                        + [f"item {ITEM_NAMES[i]}" for i in sent.g_items]))
    ask = tuple(sorted([f"card {COMMODITIES[k]}" for k in sent.a_cards]
                       + [f"item {ITEM_NAMES[i]}" for i in sent.a_items]))
    return (sent.partner, sent.g_gold, sent.a_gold, give, ask)


def best_trade(world: AhldarahdState, seat: int, rng: random.Random, samples: int = 3) -> Pick | None:
    """The shark's trade from ``world`` (its view, ``seat`` building with proposals left), or
    None when none brings it ``WORTH`` on average."""
    worlds = [world.determinize(seat, rng) for _ in range(samples)]
    befores = [win_chances(w, projected_all(w, seat))[seat] for w in worlds]
    best: Pick | None = None
    for partner in range(world.n):
        if partner == seat:
            continue
        for give in _sides(world, seat, True):
            for ask in _sides(world, partner, False):
                if give[0] == ask[0] == "gold":
                    continue
                proposal = _proposal(partner, give, ask)
                gain = taken = 0.0
                for w, before in zip(worlds, befores):
                    sent = _sent(w, proposal)
                    if sent is None or _refusal_key(sent) in w.refused:
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
