"""One map drawn in 8 lines of 46 cells, with a cursor over its 21 routes (Textual).

The layout is the spec's (§1): islands A B C in the north sea, D E, F G H, I J. A city reads
``Sa:R`` (its commodity's code; ``:R`` once red controls it) or `` Sa `` (nobody does); a route
is labelled with its cost (``10``), or its owner's colour letter and the cost (``B10``); sea
lanes are drawn ``≈``, land roads ``─ ╱ ╲``; the route under the cursor is drawn ``•`` end to
end (its label in reverse), so it shows without colour or reverse video too. Letters and glyphs
carry every meaning, colour only repeats them. The widget does not know the rules: the screen
gives it the owners, the controllers and the routes it may act on, and hears which route was
chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.focus_mark import FOCUS_MARK
from caravan_tui.widgets.messages import WidgetMessage

from .map_text import MapLook
from .maps import CODES, COMMODITY_AT, COST, ROUTES, SEA, SLOTS
from .seat_marks import seat_letter, seat_style

WIDTH, ROWS = 46, 8
SEA_STYLE, LAND_STYLE = "#7dcfff", "dim"
#: the glyph of the route under the cursor, whatever its kind (the line under the map names it)
CURSOR_GLYPH, CURSOR_STYLE = "•", "bold"

#: (row, column) of each slot's 4-cell token, A–J
CITY_AT = ((1, 0), (1, 21), (1, 42), (3, 10), (3, 31), (5, 0), (5, 21), (5, 42), (7, 10), (7, 31))
#: (row, column) of each route's 3-cell label, in the spec's route order
LABEL_AT = (
    (1, 11),
    (1, 32),
    (0, 21),
    (2, 6),
    (2, 15),
    (2, 27),
    (2, 36),
    (3, 0),
    (3, 43),
    (3, 21),
    (4, 4),
    (4, 16),
    (4, 26),
    (4, 37),
    (5, 11),
    (5, 32),
    (6, 6),
    (6, 15),
    (6, 27),
    (6, 36),
    (7, 21),
)
#: the lines between the tokens: (row, first column, text, route 1–21); a sea route is drawn
#: ``≈`` (its corners ``╭ ╮``), a land route ``─ ╱ ╲`` (spec §1)
STROKES = (
    (0, 1, "╭" + "≈" * 42 + "╮", 3),
    (1, 5, "≈" * 15, 1),
    (1, 26, "≈" * 15, 2),
    (2, 1, "≈", 8),
    (2, 5, "≈", 4),
    (2, 19, "≈", 5),
    (2, 26, "≈", 6),
    (2, 40, "≈", 7),
    (2, 44, "≈", 9),
    (3, 15, "─" * 15, 10),
    (4, 1, "≈", 8),
    (4, 8, "╱", 11),
    (4, 15, "╲", 12),
    (4, 29, "╱", 13),
    (4, 36, "╲", 14),
    (4, 44, "≈", 9),
    (5, 5, "─" * 15, 15),
    (5, 26, "─" * 15, 16),
    (6, 5, "╲", 17),
    (6, 19, "╱", 18),
    (6, 26, "╲", 19),
    (6, 40, "╱", 20),
    (7, 15, "─" * 15, 21),
)


def route_label(owner: int, r: int) -> str:
    return f"{seat_letter(owner) if owner >= 0 else ''}{COST[r]}"


def city_token(colour: int, slot: int, holder: int) -> str:
    code = CODES[COMMODITY_AT[colour][slot]]
    return f"{code}:{seat_letter(holder)}" if holder >= 0 else f" {code} "


def map_lines(
    colour: int,
    owners: list[int],
    ctrl: list[int],
    cursor: int | None = None,
    playable: frozenset[int] = frozenset(),
    focused: bool = False,
) -> list[Text]:
    """The map of ``colour`` (its commodities) with route ``owners`` and city controllers
    ``ctrl``; the cursor's route drawn in ``CURSOR_GLYPH`` and its label in reverse (underlined
    when not focused), routes the player may act on underlined."""
    cells: list[list[tuple[str, str]]] = [[(" ", "")] * WIDTH for _ in range(ROWS)]

    def put(row: int, col: int, text: str, style: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < WIDTH:
                cells[row][col + i] = (ch, style)

    for row, col, text, route in STROKES:
        if route - 1 == cursor:
            put(row, col, CURSOR_GLYPH * len(text), CURSOR_STYLE)
        else:
            put(row, col, text, SEA_STYLE if SEA[route - 1] else LAND_STYLE)
    for slot, (row, col) in enumerate(CITY_AT):
        holder = ctrl[slot]
        put(row, col, city_token(colour, slot, holder), seat_style(holder) + " reverse" if holder >= 0 else "bold")
    for r, (row, col) in enumerate(LABEL_AT):
        owner = owners[r]
        label = route_label(owner, r)
        style = seat_style(owner) if owner >= 0 else ("" if r in playable else "dim")
        if r in playable:
            style += " underline"
        if r == cursor:
            style = (style + " reverse") if focused else (style + " underline")
        start = col + (3 - len(label)) // 2
        if r == cursor:  # the whole 3-cell slot, so a short label shows the cursor too ("•9•")
            put(row, col, CURSOR_GLYPH * 3, style)
        put(row, start, label, style)
    lines = []
    for row_cells in cells:
        line = Text()
        for ch, style in row_cells:
            line.append(ch, style=style or None)
        lines.append(line)
    return lines


#: a row is about twice as tall as a column is wide
ROW_WIDTH = 2
TRAIL = 20  # arrows the map's cursor can retrace


def nearest(r: int, dr: int, dc: int) -> int:
    """The route whose label is next from route ``r``'s in a direction, as the eye sees it:
    left/right along the row when the row goes on; else the label ahead in the direction that
    is nearest, sideways distance counting half, within a cone (up/down: up to six times as
    much sideways as ahead, the rows being few; left/right: twice). Nothing there: it stays."""
    row, col = LABEL_AT[r]
    if dc:
        same = [q for q, (qr, qc) in enumerate(LABEL_AT) if qr == row and (qc - col) * dc > 0]
        if same:
            return min(same, key=lambda q: abs(LABEL_AT[q][1] - col))
    best, best_score = r, 0.0
    for q, (qr, qc) in enumerate(LABEL_AT):
        y, x = (qr - row) * ROW_WIDTH, qc - col
        ahead, sideways = y * dr + x * dc, abs(y * dc - x * dr)
        if ahead <= 0 or sideways > (6 if dr else 2) * ahead:
            continue
        score = ahead + sideways / 2
        if best == r or score < best_score:
            best, best_score = q, score
    return best


class MapBoard(CursorWidget):
    """A header line (the maps, which is shown), the map and a line on the route under the
    cursor, right of a one-cell gutter whose ``▸`` before the header marks the focus (as the
    kit's mark before a panel's title: it reads under NO_COLOR too). Arrows move over the
    routes, Enter posts ``Chosen`` (the table follows the cursor by its ``at``)."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", show=False),
    ]
    DEFAULT_CSS = "MapBoard { height: 10; padding-left: 0; }"

    cursor: reactive[int] = reactive(15)

    @dataclass
    class Chosen(WidgetMessage["MapBoard"]):
        route: int

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.colour = 0
        self.owners: list[int] = [-1] * ROUTES
        self.ctrl: list[int] = [-1] * SLOTS
        self.playable: frozenset[int] = frozenset()
        self.header = Text()
        self.info: tuple[Text, ...] = ()
        self._trail: list[tuple[int, int, int, int]] = []  # the arrows that led here: (from, to, dx, dy)
        self.look: MapLook | None = None

    def draw(self, look: MapLook) -> None:
        if look == self.look:
            return
        self.look = look
        self.colour, self.owners, self.ctrl = look.colour, list(look.owners), list(look.ctrl)
        self.header, self.playable, self.info = look.header, look.playable, look.info
        self.refresh()

    def move_to(self, cell: int) -> None:
        self.cursor = cell

    def render(self) -> Text:
        lines = [self.header.copy()]
        lines += map_lines(self.colour, self.owners, self.ctrl, self.cursor, self.playable, self.has_focus)
        lines.append(self.info[self.cursor].copy() if self.cursor < len(self.info) else Text())
        gutter = [Text(FOCUS_MARK.strip() if self.has_focus else " ", style="bold")] + [Text(" ")] * (len(lines) - 1)
        text = Text("\n").join(mark + line for mark, line in zip(gutter, lines, strict=True))
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    @property
    def text(self) -> str:
        return self.render().plain

    def neighbour(self, dx: int, dy: int) -> int:
        return nearest(self.cursor, dy, dx)

    def action_move(self, dx: int, dy: int) -> None:
        """As the eye sees it (``nearest``), but arrows opposite the ones that led here retrace
        them: the labels are not on a grid, so the nearest label back from where an arrow led
        need not be the one it left (down from 9 led to 14, up from 14 to 7)."""
        trail = self._trail
        if trail and trail[-1][1] != self.cursor:  # moved since by a click or a play shown
            trail.clear()
        if trail and trail[-1][2:] == (-dx, -dy):
            self.cursor = trail.pop()[0]
            return
        target = self.neighbour(dx, dy)
        if target != self.cursor:
            trail.append((self.cursor, target, dx, dy))
            del trail[:-TRAIL]
            self.cursor = target

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def cell_at(self, x: int, y: int) -> int | None:
        """The route whose label is drawn at (x, y) (the map starts below the header line, right
        of the gutter)."""
        return next((r for r, (lr, lc) in enumerate(LABEL_AT) if lr == y - 1 and lc <= x - 1 < lc + 3), None)

    def clicked(self) -> None:
        self.action_choose()
