"""How a Merchant Lord match's table cards came to end it, for its review (``ReviewTerms.scored``):
"How it ended: AI 2's move 95 ended the match: AI 2 buys nothing more" read as AI 2 ending it,
where AI 3's ninth card had made that round the last (rules §8.2)."""

from __future__ import annotations

from typing import Any

from caravan_tui.engine import seat_field as who

from .terms import TARGET


def scored_words(view: dict[str, Any]) -> str | None:
    """Who held 9 table cards or more at the end, which made its round the last, and everyone's
    table cards, with seat fields: "{p2:'s} 9 table cards made round 12 the match's last (9 or
    more end it); table cards: {p0} 7, {p1} 5, {p2} 9." None before the match is over."""
    if view["phase"] != "over":
        return None
    table = view["table"]
    cards = "; table cards: " + ", ".join(f"{who(seat)} {count}" for seat, count in enumerate(table)) + "."
    ended = [seat for seat, count in enumerate(table) if count >= TARGET]
    if not ended:
        return f"No one reached {TARGET} table cards: round {view['round']} was the last the rules allow{cards}"
    held = " and ".join(f"{who(seat, chr(39) + 's')} {table[seat]}" for seat in ended)
    return f"{held} table cards made round {view['round']} the match's last ({TARGET} or more end it){cards}"
