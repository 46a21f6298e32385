"""The Caravanserai table's state (``CaravanseraiTable``): the seat's table with what the view puts
on each cell, the hint's plan, the latest news of our turn and where the board is asked to look.
A value: the selection reducer (``selection.py``) gives a new one for each change, never changing
one in place, and the screen assigns it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from rich.text import Text

from caravan_tui.engine import Action, State
from caravan_tui.screens.table_seat import TableState, frozen_map

from .board_widget import Aim, Cell
from .picture import Picture
from .views import CaravanseraiView

#: a line of the steps the rules laid for us as the log has it: how many of the host's lines stand
#: before it, the line, and the number of the move (our choice) they followed
ForcedSaid = tuple[int, str, int]


@dataclass(frozen=True, eq=False)
class CaravanseraiTable(TableState[CaravanseraiView]):
    """The Caravanserai table's state: with the seat's, what the view puts on each cell
    (``picture``, ``glyphs``); the hint's play and every cell its whole placement puts something
    on, in the order it does (``hint_cells``), previewed while it shows and while we follow it
    (``trail``: its steps still ahead); the cells the latest action by another changed; our
    turns skipped or laid for us since our last decision and why (the placement line says so
    until our next turn; ``news``: what the latest view did to our turn, said while it is on
    show); the steps the rules play for us after our latest choice (``forcing``: the log's line of
    them, the choice named where it says nothing itself, and their letters on the board, said as
    its view arrives after the ``chosen_lines`` of the choice itself;
    ``forced``: its letters, under the board until our next choice; ``forced_said``: the log's
    lines of them so far, put back where a whole log comes in place of ours: an undo's or a
    reconnect's held none of them); and where the board is asked to put its cursor or to pan to
    (``aim``, ``seen``: the board moves when the request's number changes, else its cursor is the
    player's)."""

    picture: Picture | None = None
    glyphs: Mapping[Cell, Text] = field(default_factory=frozen_map)
    hinted: Action | None = None
    hint_cells: tuple[Cell, ...] = ()
    trail: tuple[Action, ...] = ()
    flash: frozenset[Cell] = frozenset()
    skipped: tuple[int, str] | None = None
    played_for_us: str | None = None
    news: str | None = None
    forcing: tuple[str, str] | None = None
    chosen_lines: int = 0
    forced: str | None = None
    forced_said: tuple[ForcedSaid, ...] = ()
    aim: Aim | None = None
    seen: tuple[int, Cell] | None = None

    def viewing(self, view: dict[str, Any], world: State | None) -> Self:
        """A new state with the view and what it puts on each cell (``table_client``): the two
        change together, so the board never finds a view without its picture."""
        picture = Picture(view)  # type: ignore[arg-type]  # (the game's view: checked by the contract test)
        glyphs = frozen_map({cell: picture.glyph(cell) for cell in picture.cells})
        return dataclasses.replace(super().viewing(view, world), picture=picture, glyphs=glyphs)

    def mine(self, seat: int) -> bool:
        """Whether ``seat`` is the person's own ("You"; a replay shows every seat by name)."""
        return seat == self.seat and not self.replaying


def aimed(
    table: CaravanseraiTable, cells: list[Cell], near: Cell | None = None, from_cursor: bool = False
) -> CaravanseraiTable:
    """``table`` asking the board to put its cursor on the first of ``cells``; with ``near``, on
    the one nearest that cell; with ``from_cursor``, on the one nearest its cursor."""
    asked = table.aim.asked + 1 if table.aim is not None else 1
    return dataclasses.replace(table, aim=Aim(asked, tuple(cells), near, from_cursor))


def showing(table: CaravanseraiTable, cell: Cell) -> CaravanseraiTable:
    """``table`` asking the board to pan so that ``cell`` shows."""
    return dataclasses.replace(table, seen=((table.seen[0] + 1) if table.seen is not None else 1, cell))
