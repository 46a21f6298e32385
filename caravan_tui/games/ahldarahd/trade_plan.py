"""Whole trades an AI seat writes (``GameAI.plan``): before searching a build, the seat looks over
every one-for-one trade with each other player — one of its cards, items or gold for one of the
partner's shown cards, items or gold, at every price the two can pay — and, when one brings
both sides some win chance by its own measure, writes it step by step (``trade_with``, the
goods, the gold, ``send``) and lets the partner answer.

The suggested proposals (``offers.suggested_offers``) that the search weighs are a few fixed
shapes at two prices; between two AI seats one in twenty was taken. A trade helps both sides
against the others when each gets what is worth more to it than what it gives: a card that fits
one seat's routes for one that fits the other's, a Right of Passage to the player who builds
there. This finds those, and the price: the one best for the proposer that still leaves the
partner ``PARTNER_GAIN`` better off.

The plan is made in a world consistent with the proposer's view (``Game.from_view``), as the
search is: the partner's answer is foreseen as ``trading.judge`` would give it there, and cards
are asked for only when the partner is known to hold them.
"""
from __future__ import annotations

from typing import NamedTuple

from caravan_tui.engine import Action

from .cards import ITEM_INDEX, ITEM_NAMES, SHAH, cards_of, pick_card
from .evaluation import projected_all, win_chances
from .maps import COMMODITIES, COMMODITY_INDEX
from .offers import apply_trade_step
from .rules import AhldarahdState
from .terms import BUILD, COMPOSE, SEND
from .trading import traded

Plan = tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]]

#: the win chance a trade must bring the proposer, and what it must leave the partner (its
#: acceptance margin, ``evaluation.MARGIN``, and a little more: the partner sees its own hand)
OWN_GAIN = 0.02
PARTNER_GAIN = 0.03
#: the most gold either side puts in
MAX_GOLD = 10
#: the steps a price is written in (``offers.GOLD_STEPS``, largest first)
STEPS = (5, 1)


class Trade(NamedTuple):
    partner: int
    give: tuple[str, str] | None  # ("card", commodity) or ("item", item name)
    ask: tuple[str, str] | None
    gold: int  # gold the proposer pays (negative: asks)

    def steps(self) -> list[Action]:
        """The draft that writes this trade, after ``trade_with``."""
        out: list[Action] = []
        if self.give:
            out.append((f"give_{self.give[0]}", self.give[1]))
        for side, amount in (("give_gold", max(self.gold, 0)), ("ask_gold", max(-self.gold, 0))):
            for step in STEPS:
                out.extend([(side, step)] * (amount // step))
                amount %= step
        if self.ask:
            out.append((f"ask_{self.ask[0]}", self.ask[1]))
        out.append(SEND)
        return out


def _goods(state: AhldarahdState, seat: int, shown_only: bool) -> list[tuple[str, str] | None]:
    """What ``seat`` could put into a trade, as its partner would name it: a card per commodity
    (only those the table has seen, for the partner's side), each item but the Shah (worth
    nothing either way, ``evaluation.item_worth``), and nothing."""
    hand = state.known[seat] & state.hand[seat] if shown_only else state.hand[seat]
    commodities = sorted({card % 10 for card in cards_of(hand)})
    goods: list[tuple[str, str] | None] = [("card", COMMODITIES[k]) for k in commodities]
    goods.extend(("item", ITEM_NAMES[i]) for i in state.items_of(seat) if i != SHAH)
    goods.append(None)
    return goods


def _drafted(state: AhldarahdState, trade: Trade) -> AhldarahdState:
    """A copy of ``state`` (the proposer building) with ``trade`` written and sent."""
    world = state.clone()
    world._legal = None
    world._clear_draft()
    world.partner = trade.partner
    world.g_gold, world.a_gold = max(trade.gold, 0), max(-trade.gold, 0)
    seat = state.order[state.pos]
    for side, goods in (("give", trade.give), ("ask", trade.ask)):
        if goods is None:
            continue
        kind, name = goods
        if kind == "item":
            item = ITEM_INDEX[name]
            if side == "give":
                world.g_items = (item,)
            else:
                world.a_items = (item,)
        elif side == "give":
            world.g_cards = (pick_card(world.hand[seat], world.known[seat], COMMODITY_INDEX[name]),)
        else:
            world.a_cards = (COMMODITY_INDEX[name],)
    return world


class _Judge:
    """Win chances before and after a trade: the proposer's by its own view, the partner's by
    the partner's view of the world the proposer searches (``trading.judge``)."""

    def __init__(self, state: AhldarahdState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.before = [win_chances(state, projected_all(state, q))[q] for q in range(state.n)]

    def gains(self, trade: Trade) -> tuple[float, float] | None:
        """(the proposer's gain, the partner's), or None if the trade cannot happen."""
        after = traded(_drafted(self.state, trade))
        if after is None:
            return None
        seat, q = self.seat, trade.partner
        return (win_chances(after, projected_all(after, seat))[seat] - self.before[seat],
                win_chances(after, projected_all(after, q))[q] - self.before[q])


def _refused(state: AhldarahdState, trade: Trade) -> bool:
    """Whether the partner declined, this build, the same goods for as much gold or more."""
    give = () if trade.give is None else (" ".join(trade.give),)
    ask = () if trade.ask is None else (" ".join(trade.ask),)
    paid, asked = max(trade.gold, 0), max(-trade.gold, 0)
    return any(p == trade.partner and g == give and a == ask and paid <= gg and asked >= ag
               for p, gg, ag, g, a in state.refused)


def _priced(judge: _Judge, partner: int, give, ask) -> tuple[float, Trade] | None:
    """The price of these goods best for the proposer that leaves the partner ``PARTNER_GAIN``
    better off, with the proposer's gain; None if no price does both. The partner's gain grows
    with the gold it gets, so the lowest price it takes is found by halving."""
    state, seat = judge.state, judge.seat
    low, high = -min(MAX_GOLD, state.gold[partner]), min(MAX_GOLD, state.gold[seat])
    if give is None:
        low = max(low, 1)  # a side gives something
    if ask is None:
        high = min(high, -1)
    found: tuple[float, Trade] | None = None
    while low <= high:
        price = (low + high) // 2
        trade = Trade(partner, give, ask, price)
        gains = judge.gains(trade)
        if gains is None:
            return None
        mine, theirs = gains
        if theirs >= PARTNER_GAIN:
            if mine >= OWN_GAIN and not _refused(state, trade):
                found = (mine, trade)
            high = price - 1
        else:
            low = price + 1
    return found


def best_trade(state: AhldarahdState, seat: int, partner: int | None = None) -> Trade | None:
    """The trade ``seat`` (building) would propose, to ``partner`` or anyone; None for none."""
    judge = _Judge(state, seat)
    mine = _goods(state, seat, False)
    best: tuple[float, Trade] | None = None
    for q in range(state.n):
        if q == seat or (partner is not None and q != partner):
            continue
        for ask in _goods(state, q, True):
            for give in mine:
                if give is None and ask is None:
                    continue
                found = _priced(judge, q, give, ask)
                if found is not None and (best is None or found[0] > best[0]):
                    best = found
    return None if best is None else best[1]


def _next_step(state: AhldarahdState, trade: Trade) -> Action | None:
    """The next step toward ``trade`` from the draft so far; None if the draft is not on its way
    there (a person's own, or a changed mind)."""
    seat = state.order[state.pos]
    steps = trade.steps()
    world = state.clone()
    world._legal = None
    world._clear_draft()
    world.phase = COMPOSE
    world.partner = trade.partner
    for step in steps:
        if _draft_of(world) == _draft_of(state):
            return step
        apply_trade_step(world, seat, step, None)
    return None


def _draft_of(state: AhldarahdState) -> tuple:
    return (state.g_gold, state.a_gold, tuple(c % 10 for c in state.g_cards), state.a_cards, state.g_items,
            state.a_items)


def trade_plan(state: AhldarahdState, seat: int, index: int, iterations: int | None,
               seconds: float | None) -> Plan | None:
    """``GameAI.plan``: a build with a trade worth writing (``best_trade``) starts it, a draft on
    its way goes on; every other position is searched. Search number ``index`` > 0 weighs
    nothing where this plans (the trade is chosen once)."""
    if state.phase == BUILD and state.proposals > 0:
        trade = best_trade(state, seat)
        if trade is None:
            return None
        first: Action = ("trade_with", trade.partner)
        line = (first, *trade.steps())
    elif state.phase == COMPOSE and state.turn == seat:
        base = state.clone()
        base._clear_draft()
        base.phase = BUILD
        trade = best_trade(base, seat, state.partner)
        step = None if trade is None else _next_step(state, trade)
        if step is None:
            return None
        first = step
        line = (step,)
    else:
        return None
    if index > 0:
        return {}, {}
    return {first: (1, 0.0)}, {first: line}
