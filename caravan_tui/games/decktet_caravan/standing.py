"""On what the AI rates a Decktet Caravan position apart from the banked points: the hint's
"How it stands" says it, so "level on points, but the AI rates your position stronger" never
stands alone. The estimate reads the piles collected this hand, the season in play and the
race to go out (``rules.estimate``); the first of them that differs is named."""
from __future__ import annotations

from collections.abc import Callable

from caravan_tui.words import change, plural

from .views import DecktetCaravanView, season_play


def standing_basis(view: DecktetCaravanView, seat: int, name: Callable[[int], str]) -> str:
    """"on this hand's piles: You +3, Bob −1", "on the season in play (Bob played last)",
    "on the race to go out: You 3 cards in hand, Bob 5", "on the cards in hand, and You to lead"."""
    other = 1 - seat
    piles = view["collected_points"]
    if piles[seat] != piles[other]:
        return f"on this hand's piles: {name(seat)} {change(piles[seat])}, {name(other)} {change(piles[other])}"
    if view["season"]:
        leader = season_play(view["season"][-1])[0]
        return f"on the season in play ({name(leader)} played last)"
    sizes = view["hand_sizes"]
    if sizes[seat] != sizes[other]:
        mine = plural(sizes[seat], "card")
        return f"on the race to go out: {name(seat)} {mine} in hand, {name(other)} {sizes[other]}"
    mover = view["to_move"]
    return "on the cards in hand" if mover is None else f"on the cards in hand, and {name(mover)} to lead"
