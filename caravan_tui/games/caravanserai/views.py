"""What a Caravanserai view holds, as types: ``rules.py`` builds a ``CaravanseraiView`` and the
table reads one, so mypy checks every look-up of the screens against what the engine sends.

Nothing is hidden after the setup, so every seat's view (and a spectator's) has the same keys;
only a solo game's carries ``title``. The engine builds lists throughout (its saves hold the same
maps), and msgpack keeps them lists over SSH. A piece is ``[q, r, letter]``, one list of mixed
items: ``piece`` reads it as a typed triple.

No ``from __future__ import annotations`` here: ``NotRequired`` must be seen when the class is
made, for ``__required_keys__`` (the contract test reads it) to leave ``title`` out.
"""

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from caravan_tui.engine import ViewHeader

#: a caravan piece as the view holds it: ``[q, r, letter]``, letter a colour of ``WKPRY``, ``C`` or ``L``
PieceView = Sequence[int | str]


def piece(item: PieceView) -> tuple[int, int, str]:
    """``(q, r, letter)`` of a piece as the view holds it."""
    q, r, letter = item
    return int(q), int(r), str(letter)


def letters(items: Sequence[PieceView]) -> list[str]:
    """The pieces' letters, in order (what ``notation`` writes)."""
    return [piece(item)[2] for item in items]


class PlacementView(TypedDict):
    """The placement in progress (the seat to move's; None between placements)."""

    head: list[int]  # [q, r] of the head camel it starts from
    pos: list[int]  # [q, r] of its last piece (the head before the first)
    dir: int  # the direction of the next piece, -1 while a turn is allowed and none is chosen
    target: list[int] | None  # [q, r] of the next piece's cell
    block: int
    offset: int
    colour: int  # the block in progress, -1 at a block boundary
    size: int
    left: int  # goods still to lay in the block
    previous: int
    lying: bool
    placed: int
    omitted: int
    on_caravanserai: bool
    all_match: bool
    declined: bool
    laid: list[PieceView]
    declined_blocks: list[int]


class LastView(TypedDict):
    """The latest finished placement."""

    seat: int
    head: list[int]
    laid: list[PieceView]
    offset: int
    placed: int
    count: int
    taken: int
    camels: int
    stood: int
    declined: list[int]


class CaravanseraiData(TypedDict):
    """The position, all public (also what a save holds, with the seed)."""

    game: str
    players: int
    variant: str  # "basic" or "expert"
    tiles: list[list[int]]  # [category, colour] per tile
    board_goods: list[list[int]]  # [q, r, colour]
    market: list[int]  # goods per colour
    reserves: list[list[int]]  # per seat: [W, K, P, R, Y, camels]
    caravans: list[list[PieceView]]  # per seat, tail first
    turn: int | None
    phase: str  # "normal", "completing", "final", "over"
    round: int
    stage: str  # "start", "place", "board", "stand", "over"
    placement: PlacementView | None
    stands: int  # market goods still to stand
    last: LastView | None
    end: str | None  # why the game ended
    turns: int
    trigger: list[int] | None  # [seat, turn] of the market's last good


class CaravanseraiView(ViewHeader, CaravanseraiData):
    """One seat's view (or a spectator's): the header and the position; solo adds the title."""

    title: NotRequired[str | None]
