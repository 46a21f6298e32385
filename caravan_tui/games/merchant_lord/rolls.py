"""What a reroll is worth before it is rolled: every outcome of the dice rolled again, with its
chance, and the best sale each leaves (``dice_value``). The prior ranks rerolls by the sale
expected after them (ranked by what the kept dice alone allow, rolling every die came first
wherever nothing sold yet, and keeping a 2 and a 4 that a card's halves want never did), and a
hint's reason says what the favour buys ("a 61% chance to tuck a card (now: …)").

What a hint says a reroll may bring counts every sale the dice allow one after another
(``every_sale``; rules §7.2.3): counting the best single sale only, 1 1 2 5 with the 1-6, 2-5 and
3-4 villages open read "no chance of a better sale", where a 1 rolled into a 6 sells at the 2-5
and the 1-6 villages both. The veto on favour for nothing (``ai.vetoed``, ``may_pay``) counts
every sale as well: the one-sale view refused a turn of a die that makes a second sale, and a
reroll that may bring one. It asks what a reroll is expected to sell for, not only
whether some roll sells for more: a reroll of the 1 and the 5 a sure 2-coin sale needs, with "a
1% chance of a better sale", was a hint, "about as good" as selling.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from .cards import ONE_TIME, OWN_COINS, OWN_FAVOUR
from .evaluation import max_tucks
from .sales import CACHE_LIMIT, HALF_UNITS, UNIT, adjusted, tuck_sets, unpack

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
    """The best single sale ``dice`` allow now: 3 per card it can tuck, plus the coins (what the
    prior ranks favour moves by: a cheap look for every node the search meets)."""
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


def every_sale(state: MerchantLordState, seat: int, dice: int) -> tuple[float, int]:
    """What ``dice`` sell now, every sale counted (§7.2.3: any number of sales, one after
    another, each at another open village): the best total of the sales' values (each valued as
    ``dice_value`` values one) and the most cards the sales tuck."""
    return _every_sale(state, seat, dice, state.hand[seat], 0)


def _every_sale(state: MerchantLordState, seat: int, dice: int, hand: int, sold: int) -> tuple[float, int]:
    """``every_sale`` with ``hand`` left and the villages of the bit set ``sold`` sold at."""
    best, most = 0.0, 0
    for v, rest in state.sellable_villages(dice):
        if sold >> v & 1:
            continue
        if v // 3 != seat:
            value, tucked = _every_sale(state, seat, rest, hand, sold | 1 << v)
            best = max(best, _sale_worth(state, seat, v, ()) + value)
            most = max(most, tucked)
            continue
        base = _sale_worth(state, seat, v, ())  # (what its tucks add: ``_tucks_worth``)
        for tucks in tuck_sets(rest, hand):
            used, cards = tucked_units(tucks)
            value, tucked = _every_sale(state, seat, rest - used, hand & ~cards, sold | 1 << v)
            best = max(best, base + _tucks_worth(tucks) + value)
            most = max(most, len(tucks) + tucked)
    return best, most


def _sale_worth(state: MerchantLordState, seat: int, v: int, tucks: tuple) -> float:
    """One sale's value in ``every_sale``'s sums: at an own village its coins, a fifth of its
    favour and 3 per card tucked, with what the halves tucked bring (``HALF_WORTH``: a 2 rolled
    to tuck a 2-coin half in place of a 1-coin one sells for more, where the hint said "no
    chance"); at another's its coins, less half of what its owner gains."""
    if v // 3 != seat:
        return 1.0 + state.vopp[v] - 0.5 * state.vownc[v]
    return 1.0 + state.vownc[v] + 0.2 * state.vownf[v] + _tucks_worth(tucks)


def _tucks_worth(tucks: tuple) -> float:
    """What the cards ``tucks`` tuck add to an own village's sale in ``_sale_worth``: 3 a card,
    and what its half brings (``HALF_WORTH``)."""
    return sum(3.0 + HALF_WORTH[card][half] for card, half in tucks)


#: what a one-time reward is worth beside a coin (rules §7.4.4-5): a card drawn, a die more from
#: the next round, a card from hand placed (a table card, where one can be placed)
REWARD_WORTH = {"FM": 1.0, "FC": 1.0, "FP": 2.0, None: 0.0}
#: what each half of each card brings its owner when tucked (§7.4.1-2): its coins, a fifth of its
#: favour and its one-time reward
HALF_WORTH = tuple(
    tuple(OWN_COINS[card][half] + 0.2 * OWN_FAVOUR[card][half] + REWARD_WORTH[ONE_TIME[card][half]] for half in (0, 1))
    for card in range(len(OWN_COINS))
)


def tucked_pay(tucks: tuple) -> tuple[int, int]:
    """The coins and favour the halves ``tucks`` add to their village's sale (§7.3.1)."""
    coins = favour = 0
    for card, half in tucks:
        coins += OWN_COINS[card][half]
        favour += OWN_FAVOUR[card][half]
    return coins, favour


def tucked_units(tucks: tuple) -> tuple[int, int]:
    """The stall units ``tucks`` fill and the bit set of their cards."""
    used, cards = 0, 0
    for card, half in tucks:
        used += HALF_UNITS[card][half]
        cards |= 1 << card
    return used, cards


def best_sales(state: MerchantLordState, seat: int, dice: int) -> list[tuple[int, tuple]]:
    """The sales that make ``every_sale``'s best total, in order: (village, tucks) each (a hint
    says them: "now: 2 coins at …" beside odds that counted a second sale read as one sale)."""
    hand, sold = state.hand[seat], 0
    sales: list[tuple[int, tuple]] = []
    while True:
        target = _every_sale(state, seat, dice, hand, sold)[0]
        if target <= 0:
            return sales
        found = None
        for v, rest in state.sellable_villages(dice):
            if sold >> v & 1:
                continue
            for tucks in tuck_sets(rest, hand) if v // 3 == seat else ((),):
                used, cards = tucked_units(tucks)
                then = _every_sale(state, seat, rest - used, hand & ~cards, sold | 1 << v)[0]
                if abs(_sale_worth(state, seat, v, tucks) + then - target) <= SAME:
                    found = (v, tucks, rest - used, cards)
                    break
            if found:
                break
        assert found is not None  # (the best total is some first sale's and the rest's best)
        v, tucks, dice, cards = found
        sales.append((v, tucks))
        hand &= ~cards
        sold |= 1 << v


#: two sums of the values above closer than this are the same (they add up to 462 chances)
SAME = 1e-9

#: the best sale of a set of dice, and the best sale expected after a reroll, by what they depend
#: on (``RerollOdds.table``): the search meets the same tables and dice in iteration after iteration
_VALUES: dict[tuple, float] = {}
_EXPECTED: dict[tuple, float] = {}
_EVERY: dict[tuple, tuple[float, int]] = {}
_EXPECTED_EVERY: dict[tuple, float] = {}
_TURNED: dict[tuple, tuple[float, ...]] = {}

#: the most turns of a die (rules §7.1 ADJUST, ``ADJUST_COST`` favour each) looked through, one
#: after another, for a sale or a tuck that only several make
TURNS_LOOKED = 3


def turn_paths(dice: int, turns: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """Every set of dice ``dice`` become by at most ``turns`` turns of a die, one after another,
    with the fewest turns that make it, in order: (the value turned, +1 or −1) each."""
    paths: dict[int, tuple[tuple[int, int], ...]] = {dice: ()}
    level = [dice]
    for _ in range(turns):
        following = []
        for at in level:
            for value in set(unpack(at)):
                for delta in (1, -1):
                    then = at - UNIT[value] + UNIT[adjusted(value, delta)]
                    if then not in paths:
                        paths[then] = (*paths[at], (value, delta))
                        following.append(then)
        level = following
    return paths


def turned(dice: int, turns: int) -> list[list[int]]:
    """What ``dice`` become by turns of a die, level by level: ``dice``, then every set one turn
    makes, then every set two make that neither level made, … ``turns`` deep."""
    levels: list[list[int]] = [[] for _ in range(turns + 1)]
    for then, path in turn_paths(dice, turns).items():
        levels[len(path)].append(then)
    return levels


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
        if max(len(_VALUES), len(_EXPECTED), len(_EVERY), len(_EXPECTED_EVERY), len(_TURNED)) > CACHE_LIMIT:
            for cache in (_VALUES, _EXPECTED, _EVERY, _EXPECTED_EVERY, _TURNED):
                cache.clear()
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

    def every(self, dice: int) -> tuple[float, int]:
        """What ``dice`` sell, every sale counted (``every_sale``)."""
        key = (self.table, dice)
        found = _EVERY.get(key)
        if found is None:
            found = _EVERY[key] = every_sale(self.state, self.seat, dice)
        return found

    def chances(self, kept: int, rolled: int) -> tuple[float, float]:
        """Rolling ``rolled`` dice again and keeping ``kept``: the chance that the dice sell for
        more than now, and that their sales tuck more cards than now, every sale counted (a
        hint's words)."""
        value, tucked = self.every(self.dice)
        better = more = 0.0
        for outcome, chance in OUTCOMES[rolled]:
            then = self.every(kept + outcome)
            if then[0] > value:
                better += chance
            if then[1] > tucked:
                more += chance
        return better, more

    def expected_every(self, kept: int, rolled: int) -> float:
        """Rolling ``rolled`` dice again and keeping ``kept``: what the dice are expected to sell
        for after it, every sale counted (``every``)."""
        key = (self.table, kept, rolled)
        found = _EXPECTED_EVERY.get(key)
        if found is None:
            every = self.every
            found = _EXPECTED_EVERY[key] = sum(
                chance * every(kept + outcome)[0] for outcome, chance in OUTCOMES[rolled]
            )
        return found

    def losing(self, kept: int, rolled: int) -> float:
        """Rolling ``rolled`` dice again and keeping ``kept``: the chance that the dice sell for
        less than now, every sale counted (a reroll of a die a sale needs may lose the sale)."""
        value = self.every(self.dice)[0]
        return sum(chance for outcome, chance in OUTCOMES[rolled] if self.every(kept + outcome)[0] < value)

    def nothing(self, kept: int, rolled: int) -> float:
        """Rolling ``rolled`` dice again and keeping ``kept``: the chance that the dice sell nowhere,
        where they sell now (0 where they do not)."""
        if self.every(self.dice)[0] <= 0:
            return 0.0
        return sum(chance for outcome, chance in OUTCOMES[rolled] if self.every(kept + outcome)[0] <= 0)

    def may_pay(self, kept: int, rolled: int, price: float = 0.0) -> bool:
        """Whether rolling ``rolled`` dice again, ``kept`` kept, is expected to make the dice sell
        for more than now by more than ``price`` (in the values ``dice_value`` gives: a coin is 1),
        every sale counted (``expected_every``): a reroll that may bring more but is expected to
        bring less (the dice of the sale now rolled away) does not pay. A sum over every roll
        that only gives back the sale now is not more (a reroll with "no chance to sell for
        more" passed by the last bit of a float)."""
        return self.expected_every(kept, rolled) > self.every(self.dice)[0] + price + SAME

    def turned_best(self, dice: int, turns: int) -> tuple[float, ...]:
        """The most ``dice`` sell for after at most 0, 1, … ``turns`` turns of a die, every sale
        counted: two turns of a 3 into a 5 made a second sale that one turn did not."""
        key = (self.table, dice, turns)
        found = _TURNED.get(key)
        if found is None:
            best, most = [], 0.0
            for level in turned(dice, turns):
                most = max([most, *(self.every(then)[0] for then in level)])
                best.append(most)
            found = _TURNED[key] = tuple(best)
        return found

    def tucked(self, dice: int) -> int:
        """The most cards the sales of ``dice`` tuck, every sale counted."""
        return self.every(dice)[1]

    def rerolls(self) -> list[tuple[int, int]]:
        """Every reroll as (the dice kept, how many rolled)."""
        return rerolls_of(self.dice)


def rerolls_of(dice: int) -> list[tuple[int, int]]:
    """Every reroll of ``dice`` as (the dice kept, how many rolled), one per subset of the dice
    (a kept multiset as often as subsets keep it)."""
    values = unpack(dice)
    out = []
    for mask in range(1, 1 << len(values)):
        kept = dice
        for i, value in enumerate(values):
            if mask >> i & 1:
                kept -= UNIT[value]
        out.append((kept, mask.bit_count()))
    return out
