"""The Camel Caravan players' table under the board and the final table of the match."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from caravan_tui.words import signed

from .board import GOOD_INDEX, VALUE, penalty
from .faces import player_style
from .views import CamelCaravanView

#: the players' table's name column: "AI 2 (normal)" whole
NAME_WIDTH = 13


def players_table(view: CamelCaravanView, name: Callable[[int, int], str]) -> Table:
    """Per player: score now (with the penalty for goods still carried), goods delivered (how
    many), demand markers, unused theft markers and camels in supply. Every column but the
    name keeps to one line, so the headers read whole at 80 columns; ``name(seat, width)`` fits
    a name to its column (whole where it fits, never cut in the middle of an AI's level)."""
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, header_style="bold", expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=NAME_WIDTH)
    table.add_column("Pts", justify="right", no_wrap=True)
    table.add_column("Goods", justify="right", no_wrap=True, min_width=5)
    table.add_column("♦", justify="right", no_wrap=True)
    table.add_column("Theft", no_wrap=True, min_width=5)
    table.add_column("Supply", justify="right", no_wrap=True, min_width=6)
    for seat in range(view["players"]):
        carried = penalty(len(view["loaded"][seat]))
        points = Text(signed(view["scores"][seat]))  # one minus sign: "−2 (−3)", not "-2 (−3)"
        if carried:
            points.append(f" (−{carried})", style="dim")
        delivered = sum(view["delivered"][seat].values())
        thefts = view["thefts"][seat]
        table.add_row(
            Text(str(seat + 1), style=player_style(seat)),
            Text(name(seat, NAME_WIDTH)),
            points,
            str(delivered) if delivered else Text("–", style="dim"),
            str(view["markers"][seat]),
            "✓" * thefts if thefts else Text("none", style="dim"),  # ("used" read wrong of a marker given away)
            str(view["supply"][seat]),
        )
    return table


def scores_table(view: CamelCaravanView, label: Callable[[int], Text]) -> Table:
    """The end of the match: each player's points from goods delivered (and how many goods:
    the table during play counts goods), demand markers, penalty and score."""
    table = Table()
    table.add_column("Player", overflow="fold")
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
