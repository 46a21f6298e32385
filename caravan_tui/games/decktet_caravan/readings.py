"""What ticked cards may mean: the plays a player may have had in mind (only the engine says
which, if any, is legal now)."""

from __future__ import annotations

from itertools import permutations

from caravan_tui.engine import Action

from .cards import INDEX, RANKS, WILD_MASK


def readings(cards: tuple[str, ...]) -> list[Action]:
    """A bandit of Aces and Crowns, or the caravan readings of the cards in rank order (an Ace
    or Crown standing in for each missing rank); failing those, the cards as they are."""
    ids = sorted(cards, key=lambda c: (RANKS[INDEX[c]], INDEX[c]))
    wilds = [c for c in ids if (1 << INDEX[c]) & WILD_MASK]
    numbers = [c for c in ids if c not in wilds]
    found: list[Action] = []
    if not numbers and len(wilds) <= 2:
        found.append(("bandit",) + tuple(wilds))
    ranks = [RANKS[INDEX[c]] for c in numbers]
    n = len(ids)
    if numbers and len(set(ranks)) == len(ranks):
        for start in range(2, 11 - n):
            span = range(start, start + n)
            free = [r for r in span if r not in ranks]
            if not set(ranks) <= set(span) or len(free) != len(wilds):
                continue
            by_rank = {RANKS[INDEX[c]]: c for c in numbers}
            for order in permutations(wilds):
                stand = dict(zip(free, order))
                found.append(("caravan",) + tuple(by_rank[r] if r in by_rank else f"{stand[r]}@{r}" for r in span))
    if not found:
        found.append(("caravan",) + tuple(numbers) + tuple(wilds))
    return list(dict.fromkeys(found))
