"""Trades both sides gain from: the one-for-one trade (a few gold amounts, a card, an item, for
another) that a seat's own estimate, made from its view, says raises both its win chance and its
partner's, at the expense of the other players. An AI seat proposes one such trade first in its
build (``ai.plan``), at most once a build and never one a partner declined before in the match,
nor one the seat declined itself, offered the other way round: the search alone almost never did
(0.07 proposals a game to people in one measure, none accepted), since it models every partner as
a rival in a race.

The estimate is the one the seat searches with (``evaluation.projected_all`` from its view: the
others' hidden cards valued by their number only), averaged over worlds redealt from what the
seat can see, so whether the partner holds a requested card is a chance, never a peek. No trap
either: in each world the partner's own judgement (``trading.judge``, on its hand there) must not
expect to lose by it on average. A trade that gives away a Right of Passage must also beat
selling it to the bank now: a hint starred trading one's own to the rival bidding for it, for 4
gold while the bank paid 5.

Requiring the partner to gain what its search charges for accepting (``MARGIN``), so that no
such trade is declined at once, was tried and not kept: against easy seats, which took those
trades as often as the others, normal won 40.5 of 60 pairings with it and 45 of 60 without
(benchmarks/results/ai-ahldarahd.md). A hint says instead where the partner may decline
(``explain._proposal``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from caravan_tui.engine import Action

from .cards import COMMODITY_MASK, ITEM_NAMES
from .evaluation import projected_all, win_chances
from .maps import COLOURS, COMMODITIES
from .proposal import Drafts, Proposal, one_for_one, one_step, refusal_key, sides, steps
from .terms import BUILD, COMPOSE, MAX_PROPOSALS
from .trading import judge, traded

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: worlds redealt from the proposer's view over which the gains are averaged
WORLDS = 3
#: the least gain in win chance, for each side, that makes a trade worth proposing as mutual
GAIN = 0.01


@dataclass(frozen=True)
class Mutual:
    proposal: Proposal
    mine: float  # the proposer's expected gain in win chance, by its own estimate
    theirs: float  # the partner's, by the same estimate


def mutual_trade(state: AhldarahdState, seat: int) -> Mutual | None:
    """The one-for-one trade of ``seat``'s, building with no proposal made yet this build, by
    which both it and its partner gain at least ``GAIN`` on average by ``seat``'s estimate (the
    one it gains most from); None if there is none."""
    if state.phase != BUILD or state.turn != seat or state.proposals < MAX_PROPOSALS:
        return None
    rng = random.Random(0)  # the same worlds for every trade: a decision stays reproducible
    worlds = [Drafts(state.determinize(seat, rng)) for _ in range(WORLDS)]
    befores = [win_chances(w.world, projected_all(w.world, seat)) for w in worlds]
    sales: dict[object, list[list[float]]] = {
        f"RoP {COLOURS[k]}": _sold(worlds, befores, seat, k) for k in range(state.n) if state.rop[k] == seat
    }
    for k in range(10):
        if state.hand[seat] & COMMODITY_MASK[k]:
            sales[COMMODITIES[k]] = _claimed(worlds, befores, seat, COMMODITIES[k])
    best: Mutual | None = None
    for partner in range(state.n):
        if partner == seat:
            continue
        for give in sides(state, seat, True):
            for ask in sides(state, partner, False):
                if give[0] == ask[0] == "gold":
                    continue
                proposal = one_for_one(partner, give, ask)
                found = _weighed(state, seat, proposal, worlds, sales.get(give[1], befores))
                if found is not None and (best is None or found.mine > best.mine):
                    best = found
    return best


def _sold(worlds: list[Drafts], befores: list[list[float]], seat: int, map_: int) -> list[list[float]]:
    """Each world's win chances, by ``seat``'s estimate, with the better for ``seat`` of holding
    its Right of Passage of ``map_`` (``befores``) and selling it to the bank now: the baseline of
    a trade that gives it away."""
    out = []
    for drafts, held in zip(worlds, befores):
        sold = drafts.world.clone()
        sold.apply(("sell_rop", COLOURS[map_]), log=False)
        chances = win_chances(sold, projected_all(sold, seat))
        out.append(chances if chances[seat] > held[seat] else held)
    return out


def _claimed(worlds: list[Drafts], befores: list[list[float]], seat: int, commodity: str) -> list[list[float]]:
    """Each world's win chances, by ``seat``'s estimate, with the best for ``seat`` of holding its
    card of ``commodity`` (``befores``) and claiming a route with it now: the baseline of a trade
    that gives it away. A hint proposed trading away, for a gold, the red Salt card whose claim
    in the same build took the Horses city (+3 gold, a point)."""
    out = []
    for drafts, held in zip(worlds, befores):
        best = held
        for action in drafts.world.legal_actions():
            if action[0] == "claim" and action[3] == commodity:
                claimed = drafts.world.clone()
                claimed.apply(action, log=False)
                chances = win_chances(claimed, projected_all(claimed, seat))
                if chances[seat] > best[seat]:
                    best = chances
        out.append(best)
    return out


def _weighed(
    state: AhldarahdState, seat: int, proposal: Proposal, worlds: list[Drafts], befores: list[list[float]]
) -> Mutual | None:
    """``proposal`` as a mutual trade, its gains measured from ``befores`` (each world's chances
    without it), or None if either side gains too little."""
    partner = proposal.partner
    mine = theirs = judged = 0.0
    for drafts, before in zip(worlds, befores):
        sent = drafts.sent(proposal)
        if sent is None or (seat, *refusal_key(sent)) in state.declined or _declined_mirror(state, seat, sent):
            return None
        after = traded(sent)
        if after is None:
            continue  # the partner lacks the card asked for here: nothing would move
        chances = win_chances(after, projected_all(after, seat))
        mine += chances[seat] - before[seat]
        theirs += chances[partner] - before[partner]
        judged += judge(sent).gain
    n = len(worlds)
    if mine / n < GAIN or theirs / n < GAIN or judged < 0.0:
        return None
    return Mutual(proposal, mine / n, theirs / n)


def _declined_mirror(state: AhldarahdState, seat: int, sent: AhldarahdState) -> bool:
    """Whether ``seat`` itself declined this very trade in the match, offered the other way round
    by its partner: a hint said "Decline" to AI 3's 4 gold for a Dates card (its search weighs
    the answer) and, a move later, proposed the same trade to AI 3 (this estimate alone does)."""
    partner, give_gold, ask_gold, give, ask = refusal_key(sent)
    return (partner, seat, ask_gold, give_gold, ask, give) in state.declined


def next_step(state: AhldarahdState, seat: int) -> tuple[Action, ...] | None:
    """What ``seat`` plays toward its mutual trade (``mutual_trade``), then the steps after it:
    building, the one-step offer when the engine suggests exactly it, else the draft from its
    first step; writing a draft, the rest of it while the draft is still the start of the trade
    it would choose before the draft began. None where it has none."""
    if state.phase == BUILD:
        found = mutual_trade(state, seat)
        if found is None:
            return None
        offer = one_step(found.proposal)
        return (offer,) if offer in state.legal_actions() else tuple(steps(found.proposal))
    if state.phase != COMPOSE or state.turn != seat or not state.drafted or state.drafted[seat] != 1:
        return None
    found = mutual_trade(_before_draft(state, seat), seat)
    if found is None or found.proposal.partner != state.partner:
        return None
    plan = steps(found.proposal)
    done = steps(_draft(state))[:-1]
    return tuple(plan[len(done) :]) if plan[: len(done)] == done and len(done) < len(plan) else None


def _draft(state: AhldarahdState) -> Proposal:
    """The draft being written, as a proposal."""
    return Proposal(
        state.partner,
        state.g_gold,
        [COMMODITIES[c % 10] for c in state.g_cards],
        [ITEM_NAMES[i] for i in state.g_items],
        state.a_gold,
        [COMMODITIES[k] for k in state.a_cards],
        [ITEM_NAMES[i] for i in state.a_items],
    )


def _before_draft(state: AhldarahdState, seat: int) -> AhldarahdState:
    """``state`` as it was before ``seat`` began its draft (its only proposal this build)."""
    world = state.clone()
    world._clear_draft()
    world.phase = BUILD
    world.proposals += 1
    world.drafted = tuple(0 if s == seat else k for s, k in enumerate(world.drafted))
    world._legal = None
    return world
