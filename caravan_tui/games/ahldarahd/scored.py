"""Each seat's points at the end of a Caravans of Ahldarahd match, city by city (§6), for the
table's final scores and its review (``ReviewTerms.scored``): a 7–8–10 loss read as "luck −32%,
the searches' drift −13%", and nowhere that AI 3 had taken more cities."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .maps import COMMODITY_AT


def cities_held(view: Mapping[str, Any], seat: int) -> int:
    """The cities ``seat`` controls, on every map."""
    return sum(1 for row in view["cities"] for holder in row if holder == seat)


def cities_abroad(view: Mapping[str, Any], seat: int) -> int:
    """The cities ``seat`` controls on another map (or the neutral one) whose commodity it also
    controls on its own map: each scores 3 more (§6)."""
    own = view["cities"][seat]
    held_at_home = {COMMODITY_AT[seat][slot] for slot, holder in enumerate(own) if holder == seat}
    return sum(
        1
        for m, row in enumerate(view["cities"])
        if m != seat
        for slot, holder in enumerate(row)
        if holder == seat and COMMODITY_AT[m][slot] in held_at_home
    )


def scored_words(view: dict[str, Any]) -> str | None:
    """ "Points: {p0} 7 (4 cities, 1 abroad +3); {p1} 8 (8 cities); …" None before the end."""
    if view["phase"] != "over":
        return None
    parts = []
    for seat in range(view["players"]):
        abroad = cities_abroad(view, seat)
        made = plural(cities_held(view, seat), "city") + (f", {abroad} abroad +{3 * abroad}" if abroad else "")
        parts.append(f"{who(seat)} {view['scores'][seat]:g} ({made})")
    return f"Points: {'; '.join(parts)}."
