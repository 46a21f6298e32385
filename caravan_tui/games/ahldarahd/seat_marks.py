"""How a player is marked on the Caravans of Ahldarahd table: their colour's initial (R B G Y P)
wherever colour would say it, and the colour repeating it (plain data: the map, the panel and the
players' lines share it without Textual)."""

from __future__ import annotations

from .maps import COLOURS

SEAT_COLOURS = ("#f7768e", "#7aa2f7", "#9ece6a", "#e0af68", "#bb9af7")


def seat_letter(seat: int) -> str:
    """A seat's mark: its colour's initial (R B G Y P)."""
    return COLOURS[seat][0].upper()


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"
