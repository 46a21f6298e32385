"""Where each seat's points came from at the end of a Camel Caravan match, for its review
(``ReviewTerms.scored``): a 29–36 loss read as "your errors −49%, luck +19%, the searches' drift
−5%", and nowhere that AI 3 had delivered more goods."""

from __future__ import annotations

from typing import Any

from caravan_tui.engine import seat_field as who
from caravan_tui.words import MINUS, plural

from .board import GOODS, VALUE, penalty


def scored_words(view: dict[str, Any]) -> str | None:
    """Each seat's score as the rules make it (§5): "Points: {p0} 24 (5 goods delivered 21,
    demand markers 6, −3 for goods still carried); {p1} 36 (…)." None before the match is over."""
    if not view["over"]:
        return None
    parts = []
    for seat, score in enumerate(view["scores"]):
        delivered = view["delivered"][seat]
        goods = sum(delivered.values())
        worth = sum(VALUE[GOODS.index(good)] * count for good, count in delivered.items())
        made = [f"{plural(goods, 'good')} delivered {worth}" if goods else "no good delivered"]
        made.append(f"demand markers {view['markers'][seat]}")
        lost = penalty(len(view["loaded"][seat]))
        if lost:
            made.append(f"{MINUS}{lost} for goods still carried")
        parts.append(f"{who(seat)} {score:g} ({', '.join(made)})")
    return f"Points: {'; '.join(parts)}."
