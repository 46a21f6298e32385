"""A hex board as a terminal picture, with a cursor, marks and a panning viewport (Caravanserai).

The widget knows nothing of the rules: it is given the on-board cells as axial ``(q, r)`` and,
per cell, a two-character glyph and an optional one-character mark. Row ``r`` is a line, column
``2q + r`` is two characters wide (spec §2.1), so a cell takes four characters: its mark, its
two-character glyph, and a gap that the cursor's ``]`` uses (the cursor is ``[..]`` around the
glyph, so it is seen without colour).

When the board is larger than the room it gets (the 30-tile board is 61×20, the board column is
47 wide at 80×24), the viewport pans to keep the cursor (or a cell the screen asks to show) in
view; shift+arrows and the mouse wheel pan it by hand, and the frame's foot says which sides hide
cells (``more``) and, in the look's words (``HexLook.caption``), the cell under the cursor.
The height the rest of the column needs is ``spare_rows`` (the board takes what is left).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip

from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.messages import WidgetMessage

Cell = tuple[int, int]
BLANK = Text("  ")


def no_caption(cell: Cell) -> str:
    return ""


@dataclass(frozen=True)
class Aim:
    """The ``asked``-th request to move the cursor: to the first of ``cells``; with ``near``, to
    the one nearest that cell; with ``from_cursor``, to the one nearest the cursor."""

    asked: int
    cells: tuple[Cell, ...]
    near: Cell | None = None
    from_cursor: bool = False


@dataclass(frozen=True)
class HexLook:
    """What the board shows: its on-board cells, a glyph and a mark a cell, the cells just
    changed, the frame's title, a cell in words for the frame's foot (what it says follows from
    the rest: a look that shows the same says the same), and the latest requests to move the
    cursor (``aim``) and to pan so that a cell shows (``seen``: its number and the cell): the
    board follows each request once, when its number is new; between them the cursor is the
    player's."""

    cells: tuple[Cell, ...]
    glyphs: Mapping[Cell, Text]
    marks: dict[Cell, Text]
    flash: frozenset[Cell]
    title: str
    caption: Callable[[Cell], str] = field(default=no_caption, compare=False)
    aim: Aim | None = None
    seen: tuple[int, Cell] | None = None
    #: the cells whose mark the cursor keeps, drawn in its style for its left bracket (a hint's
    #: step numbers: the cursor starts on the first, and "[·P]" hid its ➀)
    kept: frozenset[Cell] = frozenset()


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells of the hex grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class HexBoard(CursorWidget):
    """Arrows move the cursor from cell to cell (up and down keep to a column, as in a text
    editor); Enter or space choose the cell under it; a click moves the cursor there and
    chooses it."""

    BINDINGS = [
        Binding("shift+left", "pan(-8, 0)", "Pan left", show=False),
        Binding("shift+right", "pan(8, 0)", "Pan right", show=False),
        Binding("shift+up", "pan(0, -3)", "Pan up", show=False),
        Binding("shift+down", "pan(0, 3)", "Pan down", show=False),
        Binding("enter,space", "choose", "Select", show=False),
    ]

    COMPONENT_CLASSES = {"hex-board--flash", "hex-board--cursor", "hex-board--cursor-blurred", "hex-board--mark"}

    DEFAULT_CSS = """
    HexBoard { width: auto; height: auto; }
    HexBoard > .hex-board--flash { background: $warning 35%; }
    HexBoard > .hex-board--mark { color: $accent; text-style: bold; }
    HexBoard > .hex-board--cursor { color: $accent; text-style: bold reverse; }
    HexBoard > .hex-board--cursor-blurred { color: $text-muted; }
    """

    cursor: reactive[Cell] = reactive((0, 0))

    @dataclass
    class Chosen(WidgetMessage["HexBoard"]):
        """Enter, space or a click on ``cell``."""

        cell: Cell

    def __init__(self, spare_rows: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.spare_rows = spare_rows
        self.cells: list[Cell] = []
        self._onboard: set[Cell] = set()
        self._rows: dict[int, list[Cell]] = {}
        self.col0 = self.row0 = 0
        self.full = Size(0, 0)  # the whole picture, in characters
        self.glyphs: Mapping[Cell, Text] = {}
        self.marks: dict[Cell, Text] = {}
        self.flash: set[Cell] = set()
        self.look: HexLook | None = None
        self._followed: tuple[Aim | None, tuple[int, Cell] | None] = (None, None)  # the requests followed
        self._where: tuple[Cell, HexLook | None, str] | None = None  # the cursor's cell in words, for a look
        self.origin = (0, 0)  # the viewport's top left, in the picture
        self._chosen = (0, 0)  # ... as the player's panning and moves left it, before a resize cut it
        self._want = 0  # the column up and down keep to
        self._follow: Cell | None = None  # a cell to bring into view at the next layout
        self._strips: list[Strip] | None = None  # the content lines, until something changes
        self._glyph_cache: dict[Cell, list[Segment]] = {}

    # -- what is shown ---------------------------------------------------------------------------

    def set_cells(self, cells: tuple[Cell, ...]) -> None:
        """The on-board cells (a new layout)."""
        if self._onboard == set(cells):
            return
        self.cells = sorted(cells)
        self._onboard = set(cells)
        self._rows = {}
        for q, r in self.cells:
            self._rows.setdefault(r, []).append((q, r))
        for row in self._rows.values():
            row.sort(key=self.column)
        self.col0 = min(2 * q + r for q, r in cells)
        self.row0 = min(r for _, r in cells)
        width = max(2 * q + r for q, r in cells) - self.col0
        self.full = Size(2 * width + 4, max(r for _, r in cells) - self.row0 + 1)
        if self.cursor not in self._onboard:
            self.set_cursor(min(cells, key=lambda c: (abs(c[1]), abs(2 * c[0] + c[1]))))
        self.refresh(layout=True)

    def draw(self, look: HexLook) -> None:
        if look == self.look:
            return
        self.look = look
        self._glyph_cache = {
            cell: segments
            for cell, segments in self._glyph_cache.items()
            if look.glyphs.get(cell) == self.glyphs.get(cell)
        }
        self.glyphs, self.marks, self.flash = look.glyphs, look.marks, set(look.flash)
        self.set_cells(look.cells)
        self.titled(look.title)
        self.refresh()
        aim, seen = self._followed
        self._followed = (look.aim, look.seen)
        if look.aim is not None and look.aim != aim:
            self.follow(look.aim)
        if look.seen is not None and look.seen != seen:
            self.bring_into_view(look.seen[1])
        self.show_caption()

    def follow(self, aim: Aim) -> None:
        """Put the cursor where ``aim`` asks (on the board: a cell it does not hold is passed over)."""
        cells = [cell for cell in aim.cells if cell in self._onboard]
        if not cells:
            return
        near = self.cursor if aim.from_cursor else aim.near
        self.set_cursor(cells[0] if near is None else min(cells, key=lambda c: (distance(c, near), c[1], c[0])))

    def show_caption(self) -> None:
        """The frame's foot: arrows for the sides that hide cells, and the cell under the cursor
        (worked out again only when the cursor or the look changed)."""
        if self.look is None:
            return
        if self._where is None or self._where[:2] != (self.cursor, self.look):
            self._where = (self.cursor, self.look, self.look.caption(self.cursor))
        more, where = self.more(), self._where[2]
        self.border_subtitle = Text(f"{more} {where}" if more else where)

    def column(self, cell: Cell) -> int:
        return 2 * cell[0] + cell[1]

    def place(self, cell: Cell) -> tuple[int, int]:
        """The picture's (x, y) of a cell's glyph (its mark is at x - 1)."""
        return 1 + 2 * (self.column(cell) - self.col0), cell[1] - self.row0

    def set_cursor(self, cell: Cell) -> None:
        if cell in self._onboard:
            self._want = self.column(cell)
            self.cursor = cell

    # -- layout and the viewport -------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(8, min(self.full.width, container.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(3, min(self.full.height, container.height - self.spare_rows))

    def on_resize(self) -> None:
        """Fit the viewport to the new size from the view the player had, not from the one a
        smaller size forced on it: shrinking and growing again gives that view back."""
        chosen = self._chosen
        self._set_origin(*chosen)  # clamped to the new size
        self.bring_into_view(self.cursor)
        self._chosen = chosen
        self.show_caption()

    def more(self) -> str:
        """Arrows for the sides where the viewport hides part of the board ("" if none)."""
        x, y = self.origin
        width, height = self.content_size
        arrows = []
        if y > 0:
            arrows.append("▲")
        if y + height < self.full.height:
            arrows.append("▼")
        if x > 0:
            arrows.append("◀")
        if x + width < self.full.width:
            arrows.append("▶")
        return "".join(arrows)

    def in_view(self, cell: Cell) -> bool:
        """Whether the cell's mark, glyph and cursor brackets are all in the viewport (not
        ``visible``: that is Textual's own, whether the widget is shown at all)."""
        x, y = self.place(cell)
        ox, oy = self.origin
        width, height = self.content_size
        return ox <= x - 1 and x + 2 < ox + width and oy <= y < oy + height

    def bring_into_view(self, cell: Cell | None, margin: tuple[int, int] = (6, 1)) -> None:
        """Pan as little as needed so that ``cell`` shows, ``margin`` away from the edges where
        the board goes on."""
        if cell is None or cell not in self._onboard:
            return
        width, height = self.content_size
        if not width or not height:
            self._follow = cell
            return
        x, y = self.place(cell)
        ox, oy = self.origin
        mx = min(margin[0], max(0, (width - 4) // 2))
        my = min(margin[1], max(0, (height - 1) // 2))
        if x - 1 - mx < ox:
            ox = x - 1 - mx
        elif x + 3 + mx > ox + width:
            ox = x + 3 + mx - width
        if y - my < oy:
            oy = y - my
        elif y + 1 + my > oy + height:
            oy = y + 1 + my - height
        self._set_origin(ox, oy)

    def _set_origin(self, ox: int, oy: int) -> None:
        width, height = self.content_size
        ox = max(0, min(ox, self.full.width - width))
        oy = max(0, min(oy, self.full.height - height))
        self._chosen = (ox, oy)
        if (ox, oy) != self.origin:
            self.origin = (ox, oy)
            self.refresh()
            self.show_caption()

    # -- drawing -------------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The Line API: each content line once per change (a redraw of the table repaints
        the board often; building 20 lines of segments is cheap, going through ``Text`` is not)."""
        if self._strips is None:
            self._strips = self._build()
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.content_size.width, self.visual_style.rich_style)

    def refresh(self, *args, **kwargs):
        self._strips = None
        return super().refresh(*args, **kwargs)

    def _segments(self, cell: Cell) -> list[Segment]:
        segments = self._glyph_cache.get(cell)
        if segments is None:
            glyph = self.glyphs.get(cell, BLANK)
            segments = self._glyph_cache[cell] = list(glyph.render(self.app.console, end=""))
        return segments

    def _build(self) -> list[Strip]:
        if self._follow is not None and self.content_size.width:
            follow, self._follow = self._follow, None
            self.bring_into_view(follow)
        width, height = self.content_size
        ox, oy = self.origin
        base = self.visual_style.rich_style
        mark_style = self.component_style("hex-board--mark")
        flash_style = self.component_style("hex-board--flash")
        cursor_style = self.component_style("hex-board--cursor" if self.has_focus else "hex-board--cursor-blurred")
        console = self.app.console
        kept = self.look.kept if self.look is not None else frozenset()
        strips = []
        for y in range(oy, oy + height):
            segments: list[Segment] = []
            x = 0  # characters of the picture written on this line
            for cell in self._rows.get(y + self.row0, ()):
                cx, _ = self.place(cell)
                if cx + 2 < ox:
                    continue
                if cx - 1 > ox + width:
                    break
                if cx - 1 > x:
                    segments.append(Segment(" " * (cx - 1 - x)))
                is_cursor = cell == self.cursor
                flash = flash_style if cell in self.flash else None
                mark = self.marks.get(cell)
                if is_cursor and (mark is None or cell not in kept):
                    segments.append(Segment("[", cursor_style))
                elif mark is not None:
                    style = cursor_style if is_cursor else mark_style
                    segments.extend(Segment.apply_style(mark.render(console, end=""), post_style=style))
                else:
                    segments.append(Segment(" ", flash))
                glyph = self._segments(cell)
                segments.extend(Segment.apply_style(glyph, post_style=flash) if flash is not None else glyph)
                segments.append(Segment("]", cursor_style) if is_cursor else Segment(" ", flash))
                x = cx + 3
            strip = Strip(segments).crop(ox, ox + width).extend_cell_length(width)
            strips.append(strip.apply_style(base))
        return strips

    # -- input -----------------------------------------------------------------------------------------

    def cursor_moved(self) -> None:
        self.bring_into_view(self.cursor)
        self.show_caption()

    def neighbour(self, dx: int, dy: int) -> Cell | None:
        """Left and right along the row; up and down to the cell of the next row nearest the
        column the cursor last went to by Left or Right (as in a text editor)."""
        _, r = self.cursor
        if dx:
            row = self._rows.get(r, [])
            if self.cursor not in row:
                return None
            i = row.index(self.cursor) + dx
            if not 0 <= i < len(row):
                return None
            self._want = self.column(row[i])
            return row[i]
        line = self._rows.get(r + dy)
        if not line:
            return None
        want = self._want
        return min(line, key=lambda c: (abs(self.column(c) - want), self.column(c)))

    def action_pan(self, dx: int, dy: int) -> None:
        self._set_origin(self.origin[0] + dx, self.origin[1] + dy)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell drawn at content offset (x, y), the mark and the gap included."""
        ox, oy = self.origin
        x, y = x + ox, y + oy
        for cell in self._rows.get(y + self.row0, ()):
            cx, _ = self.place(cell)
            if cx - 1 <= x <= cx + 2:
                return cell
        return None

    def clicked(self) -> None:
        self._want = self.column(self.cursor)
        self.action_choose()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_pan(0, 2)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_pan(0, -2)
