"""How a Merchant Lord match ended, for the result screen: table cards decide, coins then favour
break a tie (§8.4), and the headline says which did."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from caravan_tui.words import tied_scores

from .views import MerchantLordView


def tie_break(table: list[int], coins: list[int], favour: list[int], winner: int) -> str:
    """ "" when the winner has the most table cards alone; else which tie-break made them win."""
    tied = [seat for seat, cards in enumerate(table) if cards == table[winner] and seat != winner]
    if not tied:
        return ""
    if all(coins[seat] < coins[winner] for seat in tied):
        return "on the coins tie-break"
    return "on the favour tie-break (cards and coins tied)"


def tie_headline(view: MerchantLordView, outcome: list[float]) -> str | None:
    """``26–26; {p0} win{p0:s} on the coins tie-break.`` (seat fields for the screen to fill in),
    or None when no tie-break decided the match (or it did not end by its rules)."""
    if view["phase"] != "over" or outcome.count(max(outcome)) != 1:
        return None
    winner = outcome.index(max(outcome))
    how = tie_break(view["table"], view["coins"], view["favour"], winner)
    if not how:
        return None
    table = view["table"]
    score = tied_scores(table, [seat for seat, cards in enumerate(table) if cards == table[winner]])
    return f"{score}; {{p{winner}}} win{{p{winner}:s}} {how}."


def summary_table(view: MerchantLordView, seat_label: Callable[[int], Text]) -> Table:
    """The result screen's table: each player's table cards, coins, favour and merchants placed."""
    table = Table()
    table.add_column("Player", ratio=1)
    # (the numbers their own width, headings on two rows: the names have the rest; "Fitzgerald-
    # Montgome…" was cut in a column of 22 beside "Merchants placed" over a one-digit number)
    for heading in ("Table\ncards", "Coins", "Favour", "Merchants\nplaced"):
        table.add_column(heading, justify="right")
    for seat in range(view["players"]):
        placed = sum(len(view["villages"][seat * 3 + k]) for k in range(3))
        table.add_row(
            seat_label(seat), str(view["table"][seat]), str(view["coins"][seat]), str(view["favour"][seat]), str(placed)
        )
    return table
