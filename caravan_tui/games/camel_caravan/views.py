"""What a Camel Caravan view holds (``CamelCaravanState.view``), as the types its screen reads.

Everything is public but the bag's order; the public part is ``to_data``'s fields under the same
names (``from_view`` rebuilds the position from them). Everything is built as lists, and lists
are what arrive over SSH too; a load and a loose good are lists of mixed items, read through
``loads_of`` and ``loose_goods``."""

from collections.abc import Sequence
from typing import TypeAlias, TypedDict

from caravan_tui.engine import ViewHeader

#: a loaded camel: [cell, good, under] (under: the good rides under another camel's)
LoadData: TypeAlias = list[int | str | bool]
#: a good lying on a cell: [cell, good]
GoodData: TypeAlias = list[int | str]


class CamelCaravanPublic(TypedDict):
    """The position, in ``to_data``'s field names (all of it public)."""

    players: int
    camels: int
    short_game: bool
    start: int
    to_move: int | None
    turns: int
    left: int
    supply: list[int]
    #: per seat, the cells of its empty camels
    empty: list[list[int]]
    #: per seat, its loaded camels
    loaded: list[list[LoadData]]
    goods: list[GoodData]
    #: [cell, demand markers] for each city with markers
    demand: list[list[int]]
    demand_supply: int
    markers: list[int]
    thefts: list[int]
    #: per seat, goods delivered by name
    delivered: list[dict[str, int]]
    #: the bag's counts by good
    bag: dict[str, int]
    draws: int


class CamelCaravanView(ViewHeader, CamelCaravanPublic):
    """What every seat (and a spectator) sees; ``ended``: why the game ended ("" while it goes on)."""

    game: str
    ended: str


def loads_of(loaded: Sequence[Sequence[int | str | bool]]) -> list[tuple[int, str, bool]]:
    """A seat's loaded camels as (cell, good, under)."""
    return [(int(cell), str(good), bool(under)) for cell, good, under in loaded]


def loose_goods(goods: Sequence[Sequence[int | str]]) -> dict[int, str]:
    """The goods lying on the board, by cell."""
    return {int(cell): str(good) for cell, good in goods}


def demand_markers(demand: Sequence[Sequence[int]]) -> dict[int, int]:
    """The demand markers on the board, by city cell."""
    return {cell: count for cell, count in demand}
