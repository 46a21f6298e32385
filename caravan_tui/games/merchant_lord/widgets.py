"""Merchant Lord's widgets: a bar of chips with a cursor (dice, hand, row) and the villages.

Neither knows the rules: each draws itself from the table's state through the look the screen
gives it (``ChipLook``, or the villages' ``Row`` list: Rich ``Text`` and one-character marks),
and they post what was pressed. Marks carry the meaning without colour (``✓`` ticked, ``·`` not usable
now, ``›`` usable, ``●`` chosen, ``*`` changed since your last move, ``★`` the hint); the cursor is
in reverse video while its widget has the focus, underlined when it has not.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.widget import Widget

from caravan_tui.widgets.chip_grid import ChipGrid
from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.messages import WidgetMessage

DIM_MARKS = "·"


@dataclass(frozen=True)
class ChipLook:
    """What a bar shows: its chips (key, face), their marks, the ticked ones, its frame's title
    and the label before its chips (None: the one it has)."""

    chips: tuple[tuple[str, Text], ...]
    marks: dict[str, str]
    ticked: frozenset[str] = frozenset()
    title: str | None = None
    label: str | None = None


class ChipBar(ChipGrid):
    """Chips in a grid that reflows to the width. Arrows move, space posts ``Toggled``, Enter
    posts ``Pressed`` (for the chip under the cursor); a click moves the cursor and toggles."""

    BINDINGS = [
        Binding("space", "toggle_chip", "Tick", show=False),
        Binding("enter", "press", "Choose", show=False),
    ]
    DEFAULT_CSS = "ChipBar { height: auto; }"
    LABEL_STYLE = "bold"
    EMPTY_STYLE = "dim italic"

    @dataclass
    class Pressed(WidgetMessage["ChipBar"]):
        key: str

    @dataclass
    class Toggled(WidgetMessage["ChipBar"]):
        key: str

    def __init__(self, chip_width: int, empty: str = "(none)", label: str = "", gap: int = 1, **kwargs) -> None:
        super().__init__(chip_width, empty, label, gap, **kwargs)
        self.marks: dict[str, str] = {}
        self.ticked: set[str] = set()

    def draw(self, look: ChipLook) -> None:
        if look.title is not None:
            self.titled(look.title)  # (a replay names the seat whose hand it is: text, never markup)
        keep = self.current
        rows = self.rows()
        chips, marks, ticked = list(look.chips), dict(look.marks), set(look.ticked)
        label = self.label if look.label is None else look.label
        if (chips, marks, ticked, label) == (self.chips, self.marks, self.ticked, self.label):
            return
        self.label = label
        self.chips, self.marks, self.ticked = chips, marks, ticked
        keys = self.keys
        if keep in keys:
            self.cursor = keys.index(keep)
        else:
            self.cursor = min(self.cursor, max(0, len(keys) - 1))
        self.refresh(layout=self.rows() != rows)

    def move_to(self, key: str) -> None:
        if key in self.keys:
            self.cursor = self.keys.index(key)

    def chip(self, index: int) -> Text:
        key = self.chips[index][0]
        mark = self.marks.get(key, " ")
        chip = self.face_chip(index, mark)
        if mark in DIM_MARKS:
            chip.stylize("dim")
        if key in self.ticked:
            chip.stylize("bold reverse", 0, 1)
        if index == self.cursor:
            chip.stylize("bold reverse" if self.has_focus else "underline")
        return chip

    # -- input --------------------------------------------------------------------------------

    def action_toggle_chip(self) -> None:
        if self.chips:
            self.post_message(self.Toggled(self, self.chips[self.cursor][0]))

    def action_press(self) -> None:
        """Enter: ``Pressed`` with the chip under the cursor, "" where the bar is empty (an empty
        hand with a sale chosen: Enter sells, as the status line says; it did nothing)."""
        self.post_message(self.Pressed(self, self.chips[self.cursor][0] if self.chips else ""))

    def clicked(self) -> None:
        self.action_toggle_chip()


@dataclass
class Row:
    """A line of the villages panel: a village (``key``) or a player's heading (``key`` None);
    ``head`` stays on the left and ``words`` wrap under where they began."""

    key: str | None
    head: Text
    words: list[Text]
    mark: str = " "


def flow(head: Text, words: list[Text], width: int) -> list[Text]:
    indent = len(head) if len(head) <= width // 2 else 2
    lines, line, fresh = [], head.copy(), True
    for word in words:
        needed = len(word) + (0 if fresh else 1)
        if not fresh and len(line) + needed > width:
            lines.append(line)
            line, fresh = Text(" " * indent), True
        if not fresh:
            line.append(" ")
        line.append_text(word)
        fresh = False
    lines.append(line)
    return lines


class VillageBoard(CursorWidget):
    """Every shown player's villages, one a line (wrapped when long). Up/down move the cursor
    over the villages, Enter posts ``Pressed``, space ``Toggled`` (both with the village id): the
    screen decides what space does, never a sale by itself. An arrow on past the last village,
    where a player's villages are folded onto a line, posts ``PastLast``: the screen shows the
    next player's (Down stopped before "AI 3 ›1-6 2-5 3-4 (o shows them)", and said nothing)."""

    BINDINGS = [
        Binding("enter", "press", "Choose", show=False),
        Binding("space", "toggle_village", "Choose", show=False),
    ]
    DEFAULT_CSS = "VillageBoard { height: auto; }"

    cursor: reactive[str | None] = reactive(None)

    @dataclass
    class Pressed(WidgetMessage["VillageBoard"]):
        key: str

    @dataclass
    class Toggled(WidgetMessage["VillageBoard"]):
        key: str

    @dataclass
    class PastLast(WidgetMessage["VillageBoard"]):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[Row] = []

    @property
    def keys(self) -> list[str]:
        return [row.key for row in self.rows if row.key is not None]

    def draw(self, rows: list[Row]) -> None:
        width = self.content_size.width
        before = self.lines(width) if width else None
        self.rows = rows
        keys = self.keys
        if self.cursor not in keys:
            self.cursor = keys[0] if keys else None
        layout = True  # not laid out yet: nothing to compare
        if before is not None:
            after = self.lines(width)
            if [line for _, line in before] == [line for _, line in after]:
                return
            layout = len(before) != len(after)
        self.refresh(layout=layout)
        self.call_after_refresh(self.keep_cursor_visible)

    def move_to(self, key: str) -> None:
        if key in self.keys:
            self.cursor = key

    @staticmethod
    def count_lines(rows: list[Row], width: int) -> int:
        """How many lines ``rows`` take at ``width``."""
        return sum(len(flow(row.head + Text(row.mark if row.key else ""), row.words, max(width, 20))) for row in rows)

    def lines(self, width: int) -> list[tuple[str | None, Text]]:
        width = max(width, 20)
        out = []
        for row in self.rows:
            head = row.head.copy()
            if row.key is not None:
                head.append(row.mark, style="bold")
            for line in flow(head, row.words, width):
                if row.key is not None:
                    if row.mark in DIM_MARKS:
                        line.stylize("dim")
                    if row.key == self.cursor:
                        line.stylize("bold reverse" if self.has_focus else "underline")
                out.append((row.key, line))
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.lines(width)))

    def render(self) -> Text:
        return Text("\n").join(line for _, line in self.lines(self.content_size.width))

    @property
    def text(self) -> str:
        return self.render().plain

    def keep_cursor_visible(self) -> None:
        parent = self.parent
        if self.cursor is None or not isinstance(parent, Widget):
            return
        lines = self.lines(self.content_size.width or parent.size.width)
        rows = [i for i, (key, _) in enumerate(lines) if key == self.cursor]
        if rows:
            parent.scroll_to_region(Region(0, rows[0], 1, rows[-1] - rows[0] + 1), animate=False)

    def cursor_moved(self) -> None:
        self.call_after_refresh(self.keep_cursor_visible)

    def action_move(self, dx: int, dy: int) -> None:
        keys = self.keys
        if keys and dx + dy > 0 and self.cursor == keys[-1] and any(row.key is None for row in self.rows):
            self.post_message(self.PastLast(self))
            return
        super().action_move(dx, dy)

    def neighbour(self, dx: int, dy: int) -> str | None:
        """The villages are one list: every arrow steps along it."""
        keys = self.keys
        if not keys:
            return None
        index = keys.index(self.cursor) if self.cursor in keys else 0
        return keys[max(0, min(len(keys) - 1, index + dx + dy))]

    def action_press(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Pressed(self, self.cursor))

    def action_toggle_village(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Toggled(self, self.cursor))

    def cell_at(self, x: int, y: int) -> str | None:
        lines = self.lines(self.content_size.width)
        return lines[y][0] if 0 <= y < len(lines) else None

    def clicked(self) -> None:
        self.action_press()


class VillagesBox(VerticalScroll):
    """The villages' scrolling box. Its room changes as the lines under the row grow or shrink
    (a sale's line, the status line): it says so (``Resized``), the table takes the new room and
    the villages draw themselves to fit it, so that yours stay in view (a village a line when
    they do not fit otherwise)."""

    can_focus = False

    @dataclass
    class Resized(WidgetMessage["VillagesBox"]):
        size: Size

    def on_resize(self) -> None:
        self.post_message(self.Resized(self, self.size))
