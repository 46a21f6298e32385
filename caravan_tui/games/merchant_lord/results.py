"""How a Merchant Lord match ended, for the result screen: table cards decide, coins then favour
break a tie (§8.4), and the headline says which did."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from caravan_tui.words import longest_word

from .views import MerchantLordView


def summary_table(view: MerchantLordView, seat_label: Callable[[int], Text]) -> Table:
    """The result screen's table: each player's table cards, coins, favour and merchants placed."""
    table = Table()
    names = longest_word(map(seat_label, range(view["players"])))
    table.add_column("Player", ratio=1, overflow="fold", min_width=names)
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
