"""The whole legend of the Caravans of Ahldarahd table (``l``): the map's tokens and strokes,
the market line's words ("chips": the Night's), the players' columns and the short forms of the
items, in lines of at most 27 cells (the side
panel's width at 80 columns)."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.widgets.legend import legend_rows

from .map_widget import CURSOR_GLYPH, CURSOR_STYLE, LAND_STYLE, SEA_STYLE
from .maps import CODES, COMMODITIES


def legend_text() -> Text:
    text = Text("")

    def heading(words: str) -> None:
        text.append(words + "\n", style="bold underline")

    row = legend_rows(text, 7)
    heading("The map")
    row(Text("≈≈", style=SEA_STYLE), "a sea route")
    row(Text("─╱╲", style=LAND_STYLE), "a land route")
    row(Text(CURSOR_GLYPH * 2, style=CURSOR_STYLE), "the cursor's route")
    row("10", "its cost, unclaimed")
    row("B10", "blue's route")
    row(" Sa ", "a city nobody holds")
    row("Sa:R", "red holds it")
    heading("Cities")
    for first in range(0, len(CODES), 2):
        pair = [f"{CODES[k]} {COMMODITIES[k]:<9}" for k in (first, first + 1)]
        text.append(" " + " ".join(pair).rstrip() + "\n")
    heading("The market")
    row("deck", "cards left to turn")
    text.append("        up; the turn that\n        empties it is last\n")
    row("chips", "black chips in the")
    text.append("        bank (the Night\n        option): one drawn\n        with gold brings a\n        Night\n")
    row("up:", "cards to bid for")
    heading("Players")
    row("Cam", "Camel up or dn: a")
    text.append("        paid win: dn, and\n        dn bids only 0\n")
    row("Hd", "cards in hand")
    row("Ci Pt", "cities, points")
    row("RoP:BG", "Rights of Passage")
    text.append("        (R:BG where it is\n        narrow)\n")
    # (as the table writes them, and where it is narrow)
    row("Shah Sh", "the Shah")
    row("Eyes Ey", "Eyes of Shamesh")
    row("Pirate PQ", "Pirate Queen")
    heading("Keys")
    text.append(" arrows, enter: a route\n m / M the next map\n tab the plays list\n")
    text.append(" the panel: its own keys")
    return text
