"""What the Camel Caravan table holds beyond any seat's state: what each cell shows and which
hold camels (from the latest view), what is being chosen on the board (the supply, a camel or a
good to move), a play that costs two actions waiting for a second Enter, the hint and the cells
the latest opponent's action touched (and those marked at each position of the match reached so far,
so a move taken back takes its marks with it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import TableState, frozen_map

from .board_widget import Face
from .plays import completes, destination
from .views import CamelCaravanView


@dataclass(frozen=True, eq=False)
class CamelCaravanTable(TableState[CamelCaravanView]):
    faces: tuple[Face, ...] = ()  # what each cell shows
    occupied: frozenset[int] = frozenset()  # the cells with any camel
    captions: tuple[str, ...] = ()  # what the board's foot says of each cell (``faces.captions``)
    pick: tuple | None = None  # ("supply",), ("camel", cell) or ("good", cell, good, pos)
    armed: tuple[int, Action] | None = None  # (cell, play) waiting for a second Enter
    hinted: Action | None = None
    flash: frozenset[int] = frozenset()
    #: the cells marked changed at each position reached, by the match's move number
    flashes: Mapping[int, frozenset[int]] = field(default_factory=frozen_map)

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
