"""What the Camel Caravan table holds beyond any seat's state: what each cell shows and which
hold camels (from the latest view), what is being chosen on the board (the supply, a camel or a
good to move), a play that costs two actions waiting for a second Enter, the hint and the cells
the latest opponent's action touched."""

from __future__ import annotations

from dataclasses import dataclass

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import TableState

from .board_widget import Face
from .plays import completes, destination
from .views import CamelCaravanView


@dataclass(frozen=True, eq=False)
class CamelCaravanTable(TableState[CamelCaravanView]):
    faces: tuple[Face, ...] = ()  # what each cell shows
    occupied: frozenset[int] = frozenset()  # the cells with any camel
    pick: tuple | None = None  # ("supply",), ("camel", cell) or ("good", cell, good, pos)
    armed: tuple[int, Action] | None = None  # (cell, play) waiting for a second Enter
    hinted: Action | None = None
    flash: frozenset[int] = frozenset()

    def cost(self, action: Action) -> int:
        """The actions a play spends: two to place or move a camel onto camels, else one."""
        if action[0] in ("place", "move_camel") and destination(action) in self.occupied:
            return 2
        return 1

    def targets(self, pick: tuple) -> list[int]:
        """Where the chosen supply, camel or good may go."""
        return [
            cell
            for action in self.legal
            if (cell := destination(action)) is not None and completes(pick, cell) == action
        ]
