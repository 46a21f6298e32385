"""The Camel Caravan board and goods (rules §1-§2) as plain tables.

Cells are ints ``r * 7 + c`` (row 0 north, column 0 west); goods are ints indexing GOODS.
"""

from __future__ import annotations

SIZE = 7
CELL_COUNT = SIZE * SIZE
CELLS = tuple(range(CELL_COUNT))

GOODS = ("meat", "swords", "salt", "hides", "ivory", "cloth", "gems", "paper")
#: the goods named in the plural ("the hides stay", not "stays")
PLURAL_GOODS = frozenset({"swords", "hides", "gems"})
GOOD_INDEX = {name: g for g, name in enumerate(GOODS)}
LETTERS = "mwshicgp"
VALUE = (3, 3, 3, 3, 6, 6, 6, 6)  # common goods first, then the rare ones
FULL_BAG = (9, 9, 9, 9, 3, 3, 3, 3)
SHORT_BAG = (6, 6, 6, 6, 2, 2, 2, 2)  # option short_game: 3 of each common, 1 of each rare removed

#: (name, code, cell, good wanted)
CITIES = (
    ("Marrakesh", "MAR", 0 * 7 + 3, GOOD_INDEX["ivory"]),
    ("Agadez", "AGA", 3 * 7 + 6, GOOD_INDEX["gems"]),
    ("Timbuktu", "TIM", 6 * 7 + 3, GOOD_INDEX["paper"]),
    ("Awlil", "AWL", 3 * 7 + 0, GOOD_INDEX["cloth"]),
    ("Taghaza", "TAG", 2 * 7 + 3, GOOD_INDEX["salt"]),
    ("Sijilmasa", "SIJ", 3 * 7 + 4, GOOD_INDEX["swords"]),
    ("Walata", "WAL", 4 * 7 + 3, GOOD_INDEX["meat"]),
    ("Gao", "GAO", 3 * 7 + 2, GOOD_INDEX["hides"]),
)
CITY_OF_GOOD = [0] * len(GOODS)  # good -> the cell of the city that wants it
CITY_AT = [-1] * CELL_COUNT  # cell -> the good its city wants, -1 if no city
for _name, _code, _cell, _good in CITIES:
    CITY_OF_GOOD[_good] = _cell
    CITY_AT[_cell] = _good

#: the numbered goods spaces 1-8, in numeric order
SPACES = (0 * 7 + 0, 0 * 7 + 6, 1 * 7 + 2, 1 * 7 + 4, 5 * 7 + 2, 5 * 7 + 4, 6 * 7 + 0, 6 * 7 + 6)
SETUP_DEMAND = (1, 2, 7, 8)  # spaces that start with one demand marker
DEMAND_MARKERS = 44
MAX_ACTIONS = 4
MAX_TURNS = 200  # the safety end (rules §5 Ruling)

ROW = [cell // SIZE for cell in CELLS]
COL = [cell % SIZE for cell in CELLS]
BIT = [1 << cell for cell in CELLS]
NEIGHBOURS = [
    tuple(
        r * SIZE + c
        for r, c in ((ROW[x] - 1, COL[x]), (ROW[x] + 1, COL[x]), (ROW[x], COL[x] - 1), (ROW[x], COL[x] + 1))
        if 0 <= r < SIZE and 0 <= c < SIZE
    )
    for x in CELLS
]
NEIGHBOUR_MASK = [sum(BIT[n] for n in NEIGHBOURS[cell]) for cell in CELLS]
DIST = [[abs(ROW[a] - ROW[b]) + abs(COL[a] - COL[b]) for b in CELLS] for a in CELLS]


def _cell_name(cell: int) -> str:
    where = f"({ROW[cell]},{COL[cell]})"
    if CITY_AT[cell] >= 0:
        return f"{next(name for name, _, at, _ in CITIES if at == cell)} {where}"
    if cell in SPACES:
        return f"space {SPACES.index(cell) + 1} {where}"
    return where


CELL_NAMES = [_cell_name(cell) for cell in CELLS]  # "Gao (3,2)", "space 3 (1,2)", "(4,5)"


def group_of(start: int, cells: int) -> int:
    """The orthogonally connected part of the cell mask ``cells`` that holds ``start``."""
    group = frontier = BIT[start]
    while frontier:
        grow = 0
        while frontier:
            low = frontier & -frontier
            grow |= NEIGHBOUR_MASK[low.bit_length() - 1]
            frontier ^= low
        frontier = grow & cells & ~group
        group |= frontier
    return group


def penalty(carried: int) -> int:
    """Points lost for goods still on or under your camels: 0-1: 0, 2: 1, 3: 3, 4: 6, then 4 more
    for each further good (the rules' Ruling for the six-camel game)."""
    return (0, 0, 1, 3, 6)[carried] if carried <= 4 else 6 + 4 * (carried - 4)
