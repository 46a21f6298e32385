"""The heuristic outcome for cut-off searches (``State.estimate``) and the sale values the prior
uses.

Each seat's projected score is its table cards, plus what it can still sell this round (its
phase-2 turn not yet over: the best single sale the dice it shows now allow, by the cards it
tucks and what it pays, and the market favour of the dice left: ``best_sale``), plus what its
hand, coins (every 5 toward a purchase counts as a hand card, the rest half as much), favour and
extra dice are worth toward later cards — less the closer the leader is to 9 (the race). The
projected scores become win chances by a softmax whose spread shrinks as the end nears; once
someone has 9 table cards and the sales of the final round are over, the ranking (with its coin
and favour tie-breaks) is the estimate.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .sales import GUARD, size, tuck_sets
from .terms import BUY, OVER, PLACE, PRICE, SELLING_PHASES, TARGET

if TYPE_CHECKING:
    from .rules import MerchantLordState

#: The weights of ``projected``: a hand card is worth hand + hand_ahead while the leader is 4+
#: cards from 9, falling to hand at 9; 5 coins are worth coin hand cards (1.0: buying is neutral
#: for a one-ply look, so the search decides), and each coin short of the next 5 coin_rest / 5
#: of that.
#: Tried one at a time, greedy one-ply vs the same with these weights, 2 players, 200-300 games:
#: tuck 0.6 / 1.0, hand 0.5, hand_ahead 0.2 / 0.7, die 0 / 0.6, favour 0.03 / 0.05 and a hand cap
#: all scored 0.46-0.52 (even); favour 0 scored 0.42, coin_rest 0 0.25, coin 0.4-0.8 (always
#: buy) 0.43-0.46 and coin 1.5 (never buy) 0.09.
WEIGHTS = {"tuck": 0.9, "hand": 0.2, "hand_ahead": 0.4, "coin": 1.0, "coin_rest": 0.5, "favour": 0.015, "die": 0.25}

_MAX_TUCKS: dict[tuple[int, int], int] = {}


def max_tucks(leftover: int, hand: int) -> int:
    """The most cards one sale can tuck with ``leftover`` dice after the stalls."""
    key = (leftover, hand)
    best = _MAX_TUCKS.get(key)
    if best is None:
        best = max(len(t) for t in tuck_sets(leftover, hand))
        if len(_MAX_TUCKS) > 200_000:
            _MAX_TUCKS.clear()
        _MAX_TUCKS[key] = best
    return best


def best_sale(state: MerchantLordState, seat: int, dice: int, coin: float) -> float:
    """What selling the ``dice`` ``seat`` shows now is still worth to it this turn, in projected
    table cards: the best single sale (the cards it tucks at an own open village, the coins,
    each worth ``coin``, and favour it pays, at an own village or an opponent's) with the market
    favour of the dice it leaves, or, where none is better, the market favour of them all (its
    dice go to the market: §7.3). Counting only the tucks, the estimate saw the market favour of
    a turn that could sell nowhere (paid at once) and not the coins of a sale still to make: a
    favour change that left the dice no sale looked better than keeping a 2-coin sale (the AI
    turned a 6 into a 1 for 2 favour and then sold nowhere)."""
    w = WEIGHTS
    favour = w["favour"]
    best = favour * size(dice)
    hand = state.hand[seat]
    vstall, vseller = state.vstall, state.vseller
    guarded = dice | GUARD
    for v in range(3 * state.n):
        if vseller[v] < 0:
            left = guarded - vstall[v]
            if left & GUARD == GUARD:
                left ^= GUARD
                value = favour * size(left)
                if v // 3 == seat:
                    value += w["tuck"] * max_tucks(left, hand) + coin * state.vownc[v] + favour * state.vownf[v]
                else:
                    value += coin * state.vopp[v]
                if value > best:
                    best = value
    return best


def still_to_sell(state: MerchantLordState) -> list[int]:
    """Seats whose phase-2 turn this round has not reached its sales' end."""
    phase = state.phase
    if phase in SELLING_PHASES:
        first = state.pos
    elif phase == PLACE:
        first = state.pos + 1
    else:
        return []
    n, start = state.n, state.start
    return [(start + k) % n for k in range(first, n)]


def projected(state: MerchantLordState) -> list[float]:
    """Each seat's projected table cards (see the module doc)."""
    lead = max(state.table)
    final = lead >= TARGET
    hand_worth, coin, ahead = _worths(lead)
    values = [float(t) for t in state.table]
    for seat in still_to_sell(state):
        values[seat] += best_sale(state, seat, state._unplaced(seat), coin)
    if state.phase == PLACE and state.pfp and state.turn is not None:  # a placement: the seat to move's
        values[state.turn] += min(state.pfp, state.hand[state.turn].bit_count())
    for seat in range(state.n):
        if final:
            values[seat] += 0.01 * state.coins[seat] + 0.0001 * state.favour[seat]
        else:
            held = state.hand[seat].bit_count()
            values[seat] += _held(held, state.coins[seat], state.favour[seat], state.ndice[seat], hand_worth, ahead)
    return values


def projected_after(
    state: MerchantLordState, seat: int, added: int, coins: tuple[int, ...], favour: tuple[int, ...]
) -> list[float]:
    """``projected`` once ``seat``'s turn of selling is over, the round going on: ``added`` cards
    of its hand tucked, ``coins`` and ``favour`` each seat's after it; the seats still to sell
    after it as they stand. A deciding turn that leaves the match going was worth the position as
    it stood whatever it laid (``last_turn.DecidingTurn``): a hint kept its favour and gave up a
    sure eighth card, "No more favour: sell … 26% of the win" where the tuck made 54%."""
    lead = max(*state.table, state.table[seat] + added)
    hand_worth, coin, ahead = _worths(lead)
    values = [float(t) for t in state.table]
    values[seat] += added
    for q in still_to_sell(state):
        if q != seat:
            values[q] += best_sale(state, q, state._unplaced(q), coin)
    for q in range(state.n):
        held = state.hand[q].bit_count() - (added if q == seat else 0)
        values[q] += _held(held, coins[q], favour[q], state.ndice[q], hand_worth, ahead)
    return values


def _worths(lead: int) -> tuple[float, float, float]:
    """A hand card's worth, a coin's and how far ahead the race is (1 from 4 cards short of 9),
    in projected table cards, the leader at ``lead`` table cards."""
    ahead = min(1.0, max(0, TARGET - lead) / 4.0)
    hand_worth = WEIGHTS["hand"] + WEIGHTS["hand_ahead"] * ahead
    coin = 0.01 if lead >= TARGET else WEIGHTS["coin"] * hand_worth / PRICE
    return hand_worth, coin, ahead


def _held(hand: int, coins: int, favour: int, ndice: int, hand_worth: float, ahead: float) -> float:
    """What a seat's hand of ``hand`` cards, coins, favour and dice are worth toward later cards
    (the race not yet over; ``_worths``)."""
    w = WEIGHTS
    return (
        hand_worth * hand
        + w["coin"] * hand_worth * (coins // PRICE + w["coin_rest"] * (coins % PRICE) / PRICE)
        + w["favour"] * favour
        + w["die"] * ahead * (ndice - 4)
    )


def estimate(state: MerchantLordState) -> list[float]:
    if state.phase == OVER:
        return state.outcome()
    lead = max(state.table)
    if lead >= TARGET and state.phase == BUY:
        return state.outcome()  # table cards are final; buying only lowers coins
    return shares(projected(state), lead)


def shares(values: list[float], lead: int) -> list[float]:
    """Projected scores as win chances, the leader at ``lead`` table cards: a softmax whose
    spread shrinks as the end nears."""
    spread = 0.35 + 0.3 * max(0, TARGET - lead)
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
