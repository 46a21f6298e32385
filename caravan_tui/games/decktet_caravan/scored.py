"""How a Decktet Caravan match's points came, for its review (``ReviewTerms.scored``): a loss
0–36 with the other out first in 4 hands of 5 (+9, +10, +7 and +10) was reviewed as "the
searches' drift −79%", the going-out bonuses (rules §5) named nowhere."""

from __future__ import annotations

from caravan_tui.engine import seat_field as who
from caravan_tui.words import change, plural

from .views import DecktetCaravanView, hand_result


def scored_words(view: DecktetCaravanView) -> str | None:
    """Who went out first in how many hands and the bonuses it scored, then what the collected
    piles scored each player, with seat fields: "{p1} went out first in 4 hands of 5 (+36 in
    going-out bonuses), {p0} in 1 (+9); the piles scored {p0} −3, {p1} +1." None before a hand
    is scored."""
    results = [hand_result(row) for row in view["history"]]
    if not results:
        return None
    outs = [[result.bonus for result in results if result.out == seat] for seat in (0, 1)]
    order = sorted((0, 1), key=lambda seat: -sum(outs[seat]))
    said: list[str] = []
    for seat in order:
        if outs[seat]:
            hands = len(outs[seat])
            bonus = f"+{sum(outs[seat])}"
            if not said:
                said.append(
                    f"{who(seat)} went out first in {plural(hands, 'hand')} of {len(results)} "
                    f"({bonus} in going-out bonuses)"
                )
            else:
                said.append(f"{who(seat)} in {hands} ({bonus})")
    gone = ", ".join(said) if said else f"nobody went out in {plural(len(results), 'hand')}"
    piles = [sum(result.piles[seat] for result in results) for seat in (0, 1)]
    return f"{gone[:1].upper()}{gone[1:]}; the piles scored {who(0)} {change(piles[0])}, {who(1)} {change(piles[1])}."
