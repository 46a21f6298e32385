"""What a reroll is worth before it is rolled: every outcome of the dice rolled again, with its
chance, and the best sale each leaves (``dice_value``). The prior ranks rerolls by the sale
expected after them (ranked by what the kept dice alone allow, rolling every die came first
wherever nothing sold yet, and keeping a 2 and a 4 that a card's halves want never did), and a
hint's reason says what the favour buys ("a 61% chance to tuck a card (now: …)").
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from .evaluation import max_tucks
from .sales import CACHE_LIMIT, UNIT, unpack

if TYPE_CHECKING:
    from .rules import MerchantLordState


def _outcomes(k: int) -> tuple[tuple[int, float], ...]:
    """Every multiset ``k`` dice can show, packed, with its chance."""
    out = []
    for values in combinations_with_replacement(range(1, 7), k):
        ways = factorial(k)
        for value in set(values):
            ways //= factorial(values.count(value))
        out.append((sum(UNIT[v] for v in values), ways / 6**k))
    return tuple(out)


#: OUTCOMES[k]: what k dice rolled again can show (at most 6 dice: 462 multisets)
OUTCOMES = tuple(_outcomes(k) for k in range(7))


def dice_value(state: MerchantLordState, seat: int, dice: int) -> float:
    """The best single sale ``dice`` allow now: 3 per card it can tuck, plus the coins."""
    best = 0.0
    hand = state.hand[seat]
    for v, rest in state.sellable_villages(dice):
        if v // 3 == seat:
            value = 1.0 + state.vownc[v] + 0.2 * state.vownf[v] + 3.0 * max_tucks(rest, hand)
        else:
            value = 1.0 + state.vopp[v] - 0.5 * state.vownc[v]
        if value > best:
            best = value
    return best


def most_tucked(state: MerchantLordState, seat: int, dice: int) -> int:
    """The most cards one sale of ``dice`` can tuck now (at an open village of ``seat``'s)."""
    hand = state.hand[seat]
    return max((max_tucks(rest, hand) for v, rest in state.sellable_villages(dice) if v // 3 == seat), default=0)


#: the best sale of a set of dice, and the best sale expected after a reroll, by what they depend
#: on (``RerollOdds.table``): the search meets the same tables and dice in iteration after iteration
_VALUES: dict[tuple, float] = {}
_EXPECTED: dict[tuple, float] = {}
_TUCKED: dict[tuple, int] = {}


class RerollOdds:
    """The rerolls of ``seat``'s unplaced ``dice`` in ``state``, each weighed over its outcomes;
    the best sale of each set of dice is worked out once for a table (``value``)."""

    __slots__ = ("state", "seat", "dice", "table", "now")

    def __init__(self, state: MerchantLordState, seat: int, dice: int) -> None:
        self.state, self.seat, self.dice = state, seat, dice
        #: all a best sale depends on but the dice: whose it is, their hand, the open villages
        self.table = (
            seat,
            state.hand[seat],
            tuple(state.vseller),
            tuple(state.vstall),
            tuple(state.vownc),
            tuple(state.vownf),
            tuple(state.vopp),
        )
        if max(len(_VALUES), len(_EXPECTED), len(_TUCKED)) > CACHE_LIMIT:
            _VALUES.clear()
            _EXPECTED.clear()
            _TUCKED.clear()
        self.now = self.value(dice)

    def value(self, dice: int) -> float:
        key = (self.table, dice)
        found = _VALUES.get(key)
        if found is None:
            found = _VALUES[key] = dice_value(self.state, self.seat, dice)
        return found

    def expected(self, kept: int, rolled: int) -> float:
        """Rolling ``rolled`` dice again and keeping ``kept``: the best sale expected after it."""
        key = (self.table, kept, rolled)
        found = _EXPECTED.get(key)
        if found is None:
            value = self.value
            found = _EXPECTED[key] = sum(chance * value(kept + outcome) for outcome, chance in OUTCOMES[rolled])
        return found

    def chances(self, kept: int, rolled: int) -> tuple[float, float]:
        """Rolling ``rolled`` dice again and keeping ``kept``: the chance of a better sale than
        now, and of a sale that tucks more cards than now (a hint's words)."""
        tucked = self.tucked(self.dice)
        better = more = 0.0
        for outcome, chance in OUTCOMES[rolled]:
            if self.value(kept + outcome) > self.now:
                better += chance
            if self.tucked(kept + outcome) > tucked:
                more += chance
        return better, more

    def tucked(self, dice: int) -> int:
        key = (self.table, dice)
        found = _TUCKED.get(key)
        if found is None:
            found = _TUCKED[key] = most_tucked(self.state, self.seat, dice)
        return found

    def rerolls(self) -> list[tuple[int, int]]:
        """Every reroll as (the dice kept, how many rolled)."""
        values = unpack(self.dice)
        out = []
        for mask in range(1, 1 << len(values)):
            kept = self.dice
            for i, value in enumerate(values):
                if mask >> i & 1:
                    kept -= UNIT[value]
            out.append((kept, mask.bit_count()))
        return out
