"""What a Merchant Lord view holds (``MerchantLordState.view``), as the types its screen reads.

The public part is ``to_data``'s public fields under the same names (``from_view`` rebuilds a
world from them). Everything is built as lists, and lists are what arrive over SSH too; a die
and a sale are lists of mixed items, so their items are read through ``die_pairs``.

No ``from __future__ import annotations`` here: ``NotRequired`` is seen only in evaluated
annotations (``__required_keys__``, which the contract test reads)."""

from collections.abc import Sequence
from typing import NotRequired, TypeAlias, TypedDict

from caravan_tui.engine import ViewHeader

#: a die: [value, place] (place: "unplaced", "market", "aside" or a village id)
DieData: TypeAlias = list[int | str]
#: a sale this round: [seller, village id, [[card id, half], ...]]
SaleData: TypeAlias = list[int | str | list[list[str]]]


class VillageInfo(TypedDict):
    """One village's row of ``villages_info``: what it needs and what it pays now."""

    id: str
    owner: int
    stalls: list[int]
    open: bool
    opp_coins: int
    own_coins: int
    own_favour: int


class MerchantLordPublic(TypedDict):
    """Everything public (§10.1), in ``to_data``'s field names."""

    players: int
    village_payout: str
    max_rounds: int
    round: int
    start: int
    position: int
    phase: str
    turn: int | None
    coins: list[int]
    favour: list[int]
    supply_coins: int
    supply_favour: int
    #: per seat, its dice
    dice: list[list[DieData]]
    #: per village, its merchants as [card id, half] in attach order
    villages: list[list[list[str]]]
    #: per village, the seat whose dice close it (None: open)
    sellers: list[int | None]
    known: list[list[str]]
    row: list[str]
    fp_placed: list[str]
    fired: list[str]
    #: free market, free caravan and free placements still to take
    pending: list[int]
    sales: list[SaleData]
    ended: str | None


class MerchantLordView(ViewHeader, MerchantLordPublic):
    """What one seat (or a spectator) may know (§10.4)."""

    game: str
    hand_sizes: list[int]
    pile_size: int
    #: per seat, the cards on its table
    table: list[int]
    villages_info: list[VillageInfo]
    #: the seat's own hand (not for a spectator)
    hand: NotRequired[list[str]]


def die_pairs(dice: Sequence[Sequence[int | str]]) -> list[tuple[int, str]]:
    """A seat's dice as (value, place) pairs."""
    return [(int(value), str(where)) for value, where in dice]
