"""Dice multisets and the canonical actions built from them (rules §9.3).

A multiset of die values is packed into one int, 5 bits per value (value v in bits 5(v-1)..):
``fits(need, have)`` is then one subtraction (each field has a guard bit, so no borrow crosses
fields; a field never exceeds 15 — at most 11 stalls of one value, at most 6 dice).
Sales, tuck sets and rerolls depend only on such multisets and the hand, so they are cached
globally (bounded caches, cleared when full).
"""

from __future__ import annotations

from itertools import product

from .cards import DIE, HALVES, IDS, cards_of

FIELD = 5
UNIT = (0,) + tuple(1 << FIELD * (v - 1) for v in range(1, 7))  # UNIT[v]: one die of value v
GUARD = sum(16 << FIELD * i for i in range(6))
FIELD_MASK = 31
CACHE_LIMIT = 200_000

END_FAVOUR = ("end_favour",)
END_SELLING = ("end_selling",)
SKIP = ("skip",)
END_BUYING = ("end_buying",)


def pack(values) -> int:
    packed = 0
    for value in values:
        packed += UNIT[value]
    return packed


def unpack(packed: int) -> list[int]:
    """The values of a packed multiset, ascending."""
    out = []
    for value in range(1, 7):
        out.extend([value] * (packed >> FIELD * (value - 1) & FIELD_MASK))
    return out


def count(packed: int, value: int) -> int:
    return packed >> FIELD * (value - 1) & FIELD_MASK


def size(packed: int) -> int:
    total = 0
    while packed:
        total += packed & FIELD_MASK
        packed >>= FIELD
    return total


def fits(need: int, have: int) -> bool:
    """``need`` ⊆ ``have`` as multisets."""
    return ((have | GUARD) - need) & GUARD == GUARD


HALF_UNITS = tuple((UNIT[d[0]], UNIT[d[1]]) for d in DIE)

_TUCKS: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], ...]] = {}


def tuck_sets(leftover: int, hand: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every set of distinct hand cards, each on one half, whose stall values fit ``leftover``
    (the empty set first): ((card, half), ...) with cards ascending."""
    if not leftover or not hand:
        return ((),)
    key = (leftover, hand)
    found = _TUCKS.get(key)
    if found is not None:
        return found
    cards = [c for c in cards_of(hand) if fits(HALF_UNITS[c][0], leftover) or fits(HALF_UNITS[c][1], leftover)]
    out: list[tuple[tuple[int, int], ...]] = [()]

    def grow(start: int, left: int, chosen: tuple) -> None:
        for j in range(start, len(cards)):
            card = cards[j]
            for half in (0, 1):
                unit = HALF_UNITS[card][half]
                if ((left | GUARD) - unit) & GUARD == GUARD:
                    more = chosen + ((card, half),)
                    out.append(more)
                    if left != unit:
                        grow(j + 1, left - unit, more)

    grow(0, leftover, ())
    found = tuple(out)
    if len(_TUCKS) > CACHE_LIMIT:
        _TUCKS.clear()
    _TUCKS[key] = found
    return found


def tucks_key(tucks: tuple[tuple[int, int], ...]) -> tuple[tuple[str, str], ...]:
    """The action form of a tuck set: ((card id, "L"/"R"), ...)."""
    return tuple((IDS[c], HALVES[h]) for c, h in tucks)


_SALES: dict[tuple[str, int, int], tuple] = {}


def sale_actions(village_id: str, leftover: int, hand: int) -> tuple:
    """The SALE actions at one open village the seller owns, given the dice left after its
    stalls and the seller's hand, sorted."""
    key = (village_id, leftover, hand)
    found = _SALES.get(key)
    if found is None:
        found = tuple(sorted(("sell", village_id, tucks_key(t)) for t in tuck_sets(leftover, hand)))
        if len(_SALES) > CACHE_LIMIT:
            _SALES.clear()
        _SALES[key] = found
    return found


_REROLLS: dict[int, tuple] = {}


def reroll_actions(dice: int) -> tuple:
    """REROLL actions for a packed multiset of dice: every non-empty sub-multiset, as
    ("reroll", v, v, ...) with values ascending; sorted."""
    found = _REROLLS.get(dice)
    if found is None:
        ranges = [range(count(dice, v) + 1) for v in range(1, 7)]
        out = []
        for counts in product(*ranges):
            if any(counts):
                values = []
                for v, c in enumerate(counts, 1):
                    values.extend([v] * c)
                out.append(("reroll", *values))
        found = _REROLLS[dice] = tuple(sorted(out))
    return found


def adjust_actions(dice: int) -> tuple:
    """ADJUST actions: (value, -1) and (value, +1) for each value showing."""
    return tuple(("adjust", v, d) for v in range(1, 7) if count(dice, v) for d in (-1, 1))


def adjusted(value: int, delta: int) -> int:
    """A die changed by ±1, wrapping 6+1 → 1 and 1-1 → 6."""
    return (value - 1 + delta) % 6 + 1
