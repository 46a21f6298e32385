"""Chips in a grid that reflows to its width, with a cursor: as many columns of ``chip_width``
characters as fit, ``gap`` apart, after an optional ``label`` on the first line (the lines below
are indented as far). A subclass says how a chip looks (``chip``) and what its keys post; the
grid knows nothing of what the chips mean."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive

from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.kept_rows import KeptRows

#: what up or down say in a grid of one row (``ChipGrid.action_move``)
ONE_ROW = "One row here: ←→ move along it, tab moves on to the next part of the table."
#: what an arrow says in a grid of one chip (a hand of one card: ←→ did nothing and said nothing)
ONE_CHIP = "Only one here: tab moves on to the next part of the table."


class ChipGrid(CursorWidget, KeptRows):
    """``chips`` are (key, face) pairs, the cursor an index into them; a tick or the cursor's
    move draws only the rows it changed (``KeptRows``)."""

    #: home and end: the first chip and the last (in a row of dice, End did nothing and said
    #: nothing, and the next key turned the die the cursor had stayed on)
    BINDINGS = [Binding("home", "jump(0)", "First", show=False), Binding("end", "jump(-1)", "Last", show=False)]

    #: the style of the first line (the label's and, under it, the chips'), and of ``empty``
    LABEL_STYLE = ""
    EMPTY_STYLE = "dim"

    cursor: reactive[int] = reactive(0)

    def __init__(self, chip_width: int, empty: str = "(none)", label: str = "", gap: int = 1, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chip_width = chip_width
        self.empty = empty
        self.label = label
        self.gap = gap
        self.chips: list[tuple[str, Text]] = []

    @property
    def keys(self) -> list[str]:
        return [key for key, _ in self.chips]

    @property
    def current(self) -> str | None:
        return self.chips[self.cursor][0] if 0 <= self.cursor < len(self.chips) else None

    @property
    def cell(self) -> str | None:
        """The chip under the cursor, by its key."""
        return self.current

    def chip(self, index: int) -> Text:
        """The chip at ``index``, cursor included, ``chip_width`` wide (see ``face_chip``)."""
        raise NotImplementedError

    def face_chip(self, index: int, mark: str) -> Text:
        """A bold one-character ``mark`` and the chip's face, cut or padded to the width."""
        chip = Text(mark, style="bold")
        chip.append_text(self.chips[index][1])
        chip.truncate(self.chip_width, pad=True)
        return chip

    # -- layout -------------------------------------------------------------------------------

    def _columns(self, width: int | None = None) -> int:
        width = (self.content_size.width if width is None else width) - len(self.label)
        return max(1, (width + self.gap) // (self.chip_width + self.gap))

    def rows(self, width: int | None = None) -> int | None:
        """How many lines the chips take at ``width`` (None: the grid's own, unknown before its
        first layout)."""
        if width is None and not self.content_size.width:
            return None
        return max(1, -(-len(self.chips) // self._columns(width)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows(width) or 1

    def render(self) -> Text:
        if not self.chips:
            return Text(self.label, style=self.LABEL_STYLE) + Text(self.empty, style=self.EMPTY_STYLE)
        columns = self._columns()
        return Text("\n").join(self.row_text(start, columns) for start in range(0, len(self.chips), columns))

    def row_text(self, start: int, columns: int) -> Text:
        """The row of chips from ``start`` (the label before the first row, as wide a blank before
        the others)."""
        line = Text(self.label, style=self.LABEL_STYLE) if start == 0 else Text(" " * len(self.label))
        for index in range(start, min(start + columns, len(self.chips))):
            if index > start:
                line.append(" " * self.gap)
            line.append_text(self.chip(index))
        return line

    def focus_in_every_chip(self) -> bool:
        """Whether the focus changes the look of chips other than the cursor's (a game whose
        chips dim otherwise while it has the focus says when)."""
        return False

    def cursor_drawn(self) -> None:
        """The cursor's row worked out again and repainted alone (every row whose look changed,
        when the focus changes more than the cursor's chip)."""
        if self.focus_in_every_chip() or not self.chips:
            self.refresh_changed_rows()
            return
        columns = self._columns()
        row = self.cursor // columns
        self.replace_row(row, self.row_text(row * columns, columns))

    # -- input --------------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        """As every cursor's; up or down in a grid of one row says where the arrows go (on
        Merchant Lord's dice, ↑↓ did nothing and said nothing), and any arrow in a grid of one
        chip (``ONE_CHIP``)."""
        if self.chips and len(self.chips) == 1:
            self.notify(ONE_CHIP, timeout=3)
            return
        if dy and self.chips and self.rows() == 1:
            self.notify(ONE_ROW, timeout=3)
            return
        super().action_move(dx, dy)

    def action_jump(self, index: int) -> None:
        """The cursor to the chip at ``index`` (−1: the last)."""
        if self.chips:
            self.cursor = index % len(self.chips)

    def neighbour(self, dx: int, dy: int) -> int | None:
        """The chip ``dx`` along and ``dy`` rows down; down onto a shorter last row, its last
        chip (Down from "9 Darkness" to a last row holding only "C Calamity" did nothing and said
        nothing)."""
        columns = self._columns()
        target = self.cursor + dx + dy * columns
        if (
            dy > 0
            and self.chips
            and target >= len(self.chips)
            and target // columns == (len(self.chips) - 1) // columns
        ):
            target = len(self.chips) - 1
        return target if self.chips and 0 <= target < len(self.chips) else None

    def cell_at(self, x: int, y: int) -> int | None:
        if x < len(self.label):
            return None
        column, within = divmod(x - len(self.label), self.chip_width + self.gap)
        index = y * self._columns() + column
        return index if within < self.chip_width and column < self._columns() and index < len(self.chips) else None
