"""The caravans at the end of a Caravanserai match, for its review (``ReviewTerms.scored``): a
30–32 loss read as percentages and a third seat's skipped turns, and a solo caravan one piece
short of a title was never told what it reached or how far the next title was."""

from __future__ import annotations

from typing import Any

from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .rules import TITLES, title


def scored_words(view: dict[str, Any]) -> str | None:
    """ "Caravans: {p0} 30, {p1} 18, {p2} 32."; solo "Your caravan: 39, Xiansheng; 1 piece more
    for Tribal chief (40)." None before the end."""
    if not view["over"]:
        return None
    lengths = [len(caravan) for caravan in view["caravans"]]
    if len(lengths) > 1:
        return "Caravans: " + ", ".join(f"{who(seat)} {length}" for seat, length in enumerate(lengths)) + "."
    length = lengths[0]
    reached = title(length) or "no title"
    higher = [(least, name) for least, name in TITLES if least > length]
    if not higher:
        return f"Your caravan: {length}, {reached}, the highest title."
    least, name = higher[-1]
    return f"Your caravan: {length}, {reached}; {plural(least - length, 'piece')} more for {name} ({least})."
