"""The hex geometry of Caravanserai (spec §2): directions, tiles, the four layouts, the cell grid.

Cells are axial ``(q, r)`` on a pointy-top grid (r grows downward). The engine numbers them on one
padded rectangle that holds the largest (30-tile) board with a ring of off-board cells around it,
so a neighbour is ``cell + STEP[d]`` with no bounds check: ``CELL_ID[(q, r)]`` and ``QR[cell]``
convert. Which cells are on the board depends on the layout and comes from ``Layout``.
"""

from __future__ import annotations

#: The 6 directions, E NE NW W SW SE (spec §2.1).
D = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIR_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DIR_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")

COLOURS = "WKPRY"
COLOUR_NAMES = ("white", "black", "purple", "red", "yellow")
CATEGORIES = 6


def opposite(d: int) -> int:
    return (d + 3) % 6


def centre(P: int, Q: int) -> tuple[int, int]:
    """The centre cell of the tile at tile-lattice position (P, Q)."""
    return (2 * P - Q, P + 3 * Q)


def tile_cells(P: int, Q: int) -> tuple[tuple[int, int], ...]:
    """The tile's 7 cells: its centre, then ring cells 0..5."""
    q, r = centre(P, Q)
    return ((q, r),) + tuple((q + dq, r + dr) for dq, dr in D)


def caravanserai_cells(P: int, Q: int, category: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """A category-k tile's two Caravanserai cells: its centre and its ring cell k."""
    cells = tile_cells(P, Q)
    return cells[0], cells[1 + category]


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# -- the layouts (spec §2.5), in canonical order: C, then I, then O -------------------------------

#: the tile classes: central, intermediate, outer
CENTRAL, INTERMEDIATE, OUTER = "C", "I", "O"

LAYOUT_LISTS: dict[int, tuple[tuple, tuple, tuple]] = {
    19: (
        ((0, 0),),
        ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)),
        ((-2, 0), (-2, 1), (-2, 2), (-1, -1), (-1, 2), (0, -2), (0, 2), (1, -2), (1, 1), (2, -2), (2, -1), (2, 0)),
    ),
    24: (
        ((0, 0), (0, 1)),
        ((-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 2), (1, -1), (1, 0), (1, 1)),
        (
            (-2, 0),
            (-2, 1),
            (-2, 2),
            (-2, 3),
            (-1, -1),
            (-1, 3),
            (0, -2),
            (0, 3),
            (1, -2),
            (1, 2),
            (2, -2),
            (2, -1),
            (2, 0),
            (2, 1),
        ),
    ),
    27: (
        ((0, 0), (0, 1), (1, 0)),
        ((-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 2), (1, -1), (1, 1), (2, -1), (2, 0)),
        (
            (-2, 0),
            (-2, 1),
            (-2, 2),
            (-2, 3),
            (-1, -1),
            (-1, 3),
            (0, -2),
            (0, 3),
            (1, -2),
            (1, 2),
            (2, -2),
            (2, 1),
            (3, -2),
            (3, -1),
            (3, 0),
        ),
    ),
    30: (
        ((0, 0), (0, 1), (1, -1), (1, 0)),
        ((-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 2), (1, -2), (1, 1), (2, -2), (2, -1), (2, 0)),
        (
            (-2, 0),
            (-2, 1),
            (-2, 2),
            (-2, 3),
            (-1, -1),
            (-1, 3),
            (0, -2),
            (0, 3),
            (1, -3),
            (1, 2),
            (2, -3),
            (2, 1),
            (3, -3),
            (3, -2),
            (3, -1),
            (3, 0),
        ),
    ),
}


def tiles_for(players: int) -> int:
    """The layout size for a player count (solo plays on the 19-tile board)."""
    if players <= 2:
        return 19
    return {3: 24, 4: 27}.get(players, 30)


# -- the padded cell grid ---------------------------------------------------------------------------


def _all_cells() -> set[tuple[int, int]]:
    cells: set[tuple[int, int]] = set()
    for group in LAYOUT_LISTS[30]:
        for P, Q in group:
            cells.update(tile_cells(P, Q))
    return cells


_CELLS30 = _all_cells()
Q_MIN = min(q for q, _ in _CELLS30) - 1
R_MIN = min(r for _, r in _CELLS30) - 1
WIDTH = max(q for q, _ in _CELLS30) - Q_MIN + 2
HEIGHT = max(r for _, r in _CELLS30) - R_MIN + 2
GRID = WIDTH * HEIGHT
#: cell -> neighbour offsets, one per direction
STEP = tuple(dq + dr * WIDTH for dq, dr in D)


def cell_id(q: int, r: int) -> int:
    return (r - R_MIN) * WIDTH + (q - Q_MIN)


QR: tuple[tuple[int, int], ...] = tuple((i % WIDTH + Q_MIN, i // WIDTH + R_MIN) for i in range(GRID))
CELL_ID: dict[tuple[int, int], int] = {qr: i for i, qr in enumerate(QR)}
#: cell -> its 6 neighbours (the padding keeps every on-board cell's neighbours in range)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i + s for s in STEP) if 0 < i % WIDTH < WIDTH - 1 and 0 < i // WIDTH < HEIGHT - 1 else () for i in range(GRID)
)


def cell_name(cell: int) -> str:
    q, r = QR[cell]
    return f"({q},{r})"


def direction_between(a: int, b: int) -> int:
    """The direction from cell ``a`` to its neighbour ``b`` (-1 if they are not neighbours)."""
    try:
        return STEP.index(b - a)
    except ValueError:
        return -1


class Layout:
    """One board shape: its tile positions in canonical order, their classes, and its cells."""

    __slots__ = ("tiles", "positions", "classes", "cells", "onboard", "blocked", "outer_tiles")

    def __init__(self, tiles: int) -> None:
        groups = LAYOUT_LISTS[tiles]
        self.tiles = tiles
        self.positions = tuple(p for group in groups for p in group)
        self.classes = tuple(cls for cls, group in zip((CENTRAL, INTERMEDIATE, OUTER), groups) for _ in group)
        self.cells = tuple(sorted(cell_id(q, r) for P, Q in self.positions for q, r in tile_cells(P, Q)))
        onboard = bytearray(GRID)
        for c in self.cells:
            onboard[c] = 1
        self.onboard = bytes(onboard)
        #: 1 on every off-board cell: the starting ``blocked`` map of a state
        self.blocked = bytes(1 - x for x in onboard)
        self.outer_tiles = tuple(i for i, cls in enumerate(self.classes) if cls == OUTER)


LAYOUTS: dict[int, Layout] = {tiles: Layout(tiles) for tiles in LAYOUT_LISTS}


class Board:
    """A dealt board: a layout plus the tile (category, colour) at each position. Derived tables,
    shared by every state of a game: the Caravanserai colour of each cell (-1 elsewhere), the
    Caravanserai cells on outer tiles, and the Caravanserai cells of each colour."""

    __slots__ = ("layout", "tiles", "cs", "outer_cs", "cs_by_colour", "cs_cells", "tile_of")

    def __init__(self, layout: Layout, tiles: tuple[tuple[int, int], ...]) -> None:
        self.layout = layout
        self.tiles = tiles
        cs = [-1] * GRID
        outer = []
        by_colour: list[list[int]] = [[] for _ in COLOURS]
        tile_of = {}
        for i, ((P, Q), (category, colour)) in enumerate(zip(layout.positions, tiles)):
            for q, r in tile_cells(P, Q):
                tile_of[cell_id(q, r)] = i
            for q, r in caravanserai_cells(P, Q, category):
                c = cell_id(q, r)
                cs[c] = colour
                by_colour[colour].append(c)
                if layout.classes[i] == OUTER:
                    outer.append(c)
        self.cs = tuple(cs)
        self.outer_cs = tuple(sorted(outer))
        self.cs_by_colour = tuple(tuple(sorted(cells)) for cells in by_colour)
        self.cs_cells = tuple(sorted(c for c in range(GRID) if cs[c] >= 0))
        self.tile_of = tile_of


_BOARDS: dict[tuple, Board] = {}


def board_for(tiles: int, dealt: tuple[tuple[int, int], ...]) -> Board:
    """The shared ``Board`` for a dealt layout (cached: clones and replays reuse it)."""
    key = (tiles, dealt)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        board = _BOARDS[key] = Board(LAYOUTS[tiles], dealt)
    return board
