"""The Camel Caravan players' table under the board and the final table of the match."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from caravan_tui.words import longest_word, signed

from .board import GOOD_INDEX, VALUE, penalty
from .faces import player_style
from .views import CamelCaravanView

#: the players' table's width before its panel is laid out (its width at 80 columns)
PLAYERS_WIDTH = 47
#: the fewest cells of the name column, and the most a name needs
NAME_LEAST, NAME_MOST = 4, 40
#: the columns but the name: heading and least width
COLUMNS = (("Pts", 0), ("Goods", 5), ("♦", 0), ("Theft", 5), ("Supply", 6))


def players_table(view: CamelCaravanView, name: Callable[[int, int], str], width: int = PLAYERS_WIDTH) -> Table:
    """Per player: score now (with the penalty for goods still carried), goods delivered (how
    many), demand markers, unused theft markers and camels in supply. Every column but the
    name keeps to one line, so the headers read whole at 80 columns; ``name(seat, width)`` fits
    a name to the room the other columns leave in ``width`` (whole where it fits, never cut in
    the middle of an AI's level; 13 cells cut a name where the row had 9 more)."""
    rows = []
    for seat in range(view["players"]):
        carried = penalty(len(view["loaded"][seat]))
        points = Text(signed(view["scores"][seat]))  # one minus sign: "−2 (−3)", not "-2 (−3)"
        if carried:
            points.append(f" (−{carried})", style="dim")
        delivered = sum(view["delivered"][seat].values())
        thefts = view["thefts"][seat]
        rows.append(
            [
                points,
                Text(str(delivered)) if delivered else Text("–", style="dim"),
                Text(str(view["markers"][seat])),
                # ("used" read wrong of a marker given away)
                Text("✓" * thefts) if thefts else Text("none", style="dim"),
                Text(str(view["supply"][seat])),
            ]
        )
    others = [
        max(least, len(heading), *(row[i].cell_len for row in rows)) for i, (heading, least) in enumerate(COLUMNS)
    ]
    number = len(str(view["players"]))
    # (the columns' gaps, and a blank cell before the panel beside it)
    room = max(NAME_LEAST, min(NAME_MOST, width - number - sum(others) - len(COLUMNS) - 2))
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, header_style="bold", expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=room)
    for heading, least in COLUMNS:
        table.add_column(
            heading, justify="left" if heading == "Theft" else "right", no_wrap=True, min_width=least or None
        )
    for seat, row in enumerate(rows):
        table.add_row(Text(str(seat + 1), style=player_style(seat)), Text(name(seat, room)), *row)
    return table


def scores_table(view: CamelCaravanView, label: Callable[[int], Text]) -> Table:
    """The end of the match: each player's points from goods delivered (and how many goods:
    the table during play counts goods), demand markers, penalty and score."""
    table = Table()
    table.add_column("Player", overflow="fold", min_width=longest_word(map(label, range(view["players"]))))
    for heading in ("Goods (pts)", "Demand", "Penalty", "Score"):
        table.add_column(heading, justify="right")
    for seat in range(view["players"]):
        delivered = view["delivered"][seat]
        goods = sum(VALUE[GOOD_INDEX[g]] * n for g, n in delivered.items())
        carried = penalty(len(view["loaded"][seat]))
        table.add_row(
            label(seat),
            f"{sum(delivered.values())} ({goods})",
            str(view["markers"][seat]),
            f"−{carried}" if carried else "0",
            signed(view["scores"][seat]),
        )
    return table
