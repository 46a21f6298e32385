"""What the Camel Caravan table holds beyond any seat's state: what is being chosen on the board
(the supply, a camel or a good to move), a play that costs two actions waiting for a second Enter,
the hint and the cells the latest opponent's action touched."""
from __future__ import annotations

from dataclasses import dataclass, field

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import TableState

from .views import CamelCaravanView


@dataclass(eq=False)
class CamelCaravanTable(TableState[CamelCaravanView]):
    pick: tuple | None = None  # ("supply",), ("camel", cell) or ("good", cell, good, pos)
    armed: tuple[int, Action] | None = None  # (cell, play) waiting for a second Enter
    hinted: Action | None = None
    flash: set[int] = field(default_factory=set)
