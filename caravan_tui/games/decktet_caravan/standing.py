"""On what the AI rates a Decktet Caravan position apart from the banked points: the hint's
"How it stands" says it, so "level on points, but the AI rates your position stronger" never
stands alone. The estimate reads the piles collected this hand, the season in play and the
race to go out (``rules.estimate``): the first of them that bears the rating out is named (the
season in play, which may go either way, whenever there is one). "Stronger … on this hand's
piles: you +3, Bob +7" named the first that differed."""

from __future__ import annotations

from caravan_tui.engine import seat_field as who
from caravan_tui.words import change, plural

from .views import DecktetCaravanView, season_play


def standing_basis(view: DecktetCaravanView, seat: int, stronger: bool) -> str:
    """On what ``seat``'s position, rated ``stronger`` (or weaker) than a level score, rests:
    "on this hand's piles: {p0} +3, {p1} −1", "on the season in play ({p1} played last)", "on
    the race to go out: {p0} 3 cards in hand, {p1} 5", "on the cards in hand" (seat fields, for
    the screen to name)."""
    other = 1 - seat
    piles = view["collected_points"]
    if piles[seat] != piles[other] and (piles[seat] > piles[other]) == stronger:
        return f"on this hand's piles: {who(seat)} {change(piles[seat])}, {who(other)} {change(piles[other])}"
    if view["season"]:
        leader = season_play(view["season"][-1])[0]
        return f"on the season in play ({who(leader)} played last)"
    sizes = view["hand_sizes"]
    if sizes[seat] != sizes[other] and (sizes[seat] < sizes[other]) == stronger:  # (fewer: nearer going out)
        mine = plural(sizes[seat], "card")
        return f"on the race to go out: {who(seat)} {mine} in hand, {who(other)} {sizes[other]}"
    return "on the cards in hand"
