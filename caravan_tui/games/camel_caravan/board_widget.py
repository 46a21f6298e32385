"""A square grid of board cells with a cursor, marks and highlights (the Camel Caravan board).

The widget knows nothing of the rules: it draws itself from the table's state through the look
the screen gives it (``CamelLook``: each cell's ``Face``, a first line that names the place, then
tokens that wrap onto the lines below; one-character marks; the cells just changed; the title);
it lays them out, moves the cursor, names the cell under it below its frame (``caption``) and
reports which cell was chosen. Cells grow with the room the parent gives (``spare_rows`` is the
height the rest of the column needs), from 6×2 at 80×24.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.messages import WidgetMessage
from caravan_tui.widgets.table_text import TableText

MIN_CELL = (6, 2)
MAX_CELL = (10, 3)
#: where the cursor starts: the board's middle
START = 24


#: the cells of the frame's foot beside its words: "╰─ " and " ─╯"
FOOT_EDGES = 6
#: what a caption can spare of its place, first to last: its coordinates, then what a city
#: wants (its face shows the good): "Sijilmasa (3,4) wants swords; You: 1 e…" cut a camel mid-word
SPARED = (re.compile(r" \(\d,\d\)"), re.compile(r" wants \w+"))


#: an empty camel's words, said shorter where the caption does not fit
EMPTY_CAMELS = re.compile(r" empty camels?\b")


def _under_once(part: str) -> str:
    """A seat's camels, each holding a good under, said with "under" once: "AI 3 under: gems, ivory"
    for "AI 3: gems under, ivory under"."""
    name, sep, held = part.rpartition(": ")
    goods = held.split(", ")
    if not sep or len(goods) < 2 or not all(good.endswith(" under") for good in goods):
        return part
    return f"{name} under: {', '.join(good.removesuffix(' under') for good in goods)}"


def fit_caption(caption: str, room: int) -> str:
    """``caption`` in ``room`` cells: whole; else its place said shorter (``SPARED``), then long
    names cut to ``NAME_SOFT``, then only the camels on it (the cursor shows where: "space 8
    (6,6); You: 1 empty camel; AI …" lost the AI's camel with the stolen gems), then "1 empty"
    for "1 empty camel", then "under" said once for a seat's goods all under its camels, then
    names cut further; else cut after a word, with an ellipsis
    (mid-word only where one word fills the line)."""
    place, sep, camels = caption.partition("; ")
    for spared in SPARED:
        if cell_len(caption) <= room:
            return caption
        place = spared.sub("", place, count=1)
        caption = place + sep + camels
    if cell_len(caption) > room and camels:  # (a forty-letter name before the place and the camel's
        # word: "Aaaa…(29 letters): 1 empty" over SSH, the cursor's cell and "camel" gone)
        camels = _names_cut(camels, cell_len(camels) - (cell_len(caption) - room), NAME_SOFT)
        caption = place + sep + camels
    if cell_len(caption) > room and camels:  # (the camels, where the cursor shows the place)
        caption = camels
    if cell_len(caption) > room:  # ("1 empty": three camels' words lost the third, "AI 3…")
        caption = EMPTY_CAMELS.sub(" empty", caption)
    if cell_len(caption) > room:  # ("AI 3: gems under, ivory…": what lies under whose camel, cut)
        caption = "; ".join(_under_once(part) for part in caption.split("; "))
    if cell_len(caption) > room:  # (then the names, never what their camels hold: a forty-letter
        # name filled the foot, "Aaaa…", and its camel's words went)
        caption = _names_cut(caption, room)
    if cell_len(caption) <= room:
        return caption
    head = caption[: max(room - 1, 0)]
    if caption[len(head)] in " ;,":  # (it ends a word)
        return head.rstrip(" ;,:") + "…"
    cut = head.rfind(" ")
    return (head[:cut].rstrip(" ;,:") if cut > room // 2 else head) + "…"


#: the fewest letters a name cut in the board's foot keeps, its ellipsis included, before the
#: place and the camel's word go (``NAME_SOFT``) and at all (``NAME_LEAST``)
NAME_SOFT = 12
NAME_LEAST = 4


def _names_cut(caption: str, room: int, least: int = NAME_LEAST) -> str:
    """``caption`` ("Name: what; Name: what") with its longest names cut, one letter at a time,
    until it fits ``room`` or no name is longer than ``least``."""
    parts = [part.partition(": ") for part in caption.split("; ")]
    names = [name for name, _, _ in parts]
    while cell_len("; ".join(f"{n}{sep}{what}" for n, (_, sep, what) in zip(names, parts))) > room:
        longest = max(range(len(names)), key=lambda index: (cell_len(names[index]), -index))
        if not parts[longest][1] or cell_len(names[longest]) <= least:
            break
        cut = names[longest].rstrip("…")
        names[longest] = cut[:-1].rstrip() + "…"
    return "; ".join(f"{n}{sep}{what}" for n, (_, sep, what) in zip(names, parts))


@dataclass
class Face:
    """What one cell shows: ``place`` on its first line, ``tokens`` wrapped below it; ``kind``
    ("city", "space" or "") picks the background."""

    place: Text = field(default_factory=Text)
    tokens: list[Text] = field(default_factory=list)
    kind: str = ""


@dataclass(frozen=True)
class CamelLook:
    """What the board shows: a face a cell, the marks and changed cells, the frame's title, and
    what its foot says of each cell under the cursor (``captions``; none: ``CamelBoard.caption``)."""

    faces: tuple[Face, ...]
    marks: dict[int, str]
    flash: frozenset[int]
    title: str
    captions: tuple[str, ...] = ()


class CamelBoard(CursorWidget):
    """Arrows move the cursor (``h`` stays the screen's hint key, so no hjkl); Enter or space
    chooses the cell under it; a click moves the cursor there and chooses it."""

    BINDINGS = [
        Binding("enter,space", "choose", "Select", show=False),
    ]

    COMPONENT_CLASSES = {
        "camel-board--shade",
        "camel-board--city",
        "camel-board--flash",
        "camel-board--mark",
        "camel-board--cursor",
        "camel-board--cursor-blurred",
    }

    DEFAULT_CSS = """
    CamelBoard { width: auto; height: auto; padding: 0 1 0 0; }
    CamelBoard > .camel-board--shade { background: $foreground 7%; }
    CamelBoard > .camel-board--city { background: $primary 25%; text-style: bold; }
    CamelBoard > .camel-board--flash { background: $warning 35%; }
    CamelBoard > .camel-board--mark { color: $accent; text-style: bold; }
    CamelBoard > .camel-board--cursor { text-style: bold reverse; }
    CamelBoard > .camel-board--cursor-blurred { text-style: underline; }
    """

    cursor: reactive[int] = reactive(START)

    @dataclass
    class Chosen(WidgetMessage["CamelBoard"]):
        """Enter, space or a click on ``cell``."""

        cell: int

    def __init__(self, side: int = 7, spare_rows: int = 0, caption: Callable[[int], str] = str, **kwargs) -> None:
        """``caption``: what the frame's foot says of the cell under the cursor."""
        super().__init__(**kwargs)
        self.caption = caption
        self.side = side
        self.spare_rows = spare_rows
        self.faces = [Face() for _ in range(side * side)]
        self.marks: dict[int, str] = {}
        self.flash: set[int] = set()
        self.look: CamelLook | None = None

    def watch_cursor(self) -> None:
        self.border_subtitle = self.captioned(self.cursor)
        super().watch_cursor()

    def captioned(self, cell: int) -> Text:
        """What the foot says of ``cell``: the look's words, else its ``caption``, fit to the
        frame's foot (``fit_caption``); as text, never markup (it names the players)."""
        captions = self.look.captions if self.look is not None else ()
        said = captions[cell] if cell < len(captions) else self.caption(cell)
        return Text(fit_caption(said, self.outer_size.width - FOOT_EDGES) if self.outer_size.width else said)

    def draw(self, look: CamelLook) -> None:
        if look == self.look:
            return
        self.look = look
        self.faces, self.marks, self.flash = list(look.faces), look.marks, set(look.flash)
        self.titled(look.title)
        self.border_subtitle = self.captioned(self.cursor)
        self.refresh()

    # -- layout -----------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.side * max(MIN_CELL[0], min(MAX_CELL[0], container.width // self.side))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        room = (container.height - self.spare_rows) // self.side
        return self.side * max(MIN_CELL[1], min(MAX_CELL[1], room))

    def _cell_size(self) -> tuple[int, int]:
        return (
            max(MIN_CELL[0], self.content_size.width // self.side),
            max(MIN_CELL[1], self.content_size.height // self.side),
        )

    def render(self) -> Text:
        width, height = self._cell_size()
        cells = [self._cell_lines(cell, width, height) for cell in range(self.side * self.side)]
        lines = []
        for row in range(self.side):
            for line in range(height):
                lines.append(Text("").join(cells[row * self.side + col][line] for col in range(self.side)))
        return Text("\n").join(lines)

    def _cell_lines(self, cell: int, width: int, height: int) -> list[Text]:
        """A mark column, then the face; ``…`` ends tokens that do not fit."""
        face = self.faces[cell]
        mark = self.marks.get(cell) or ("*" if cell in self.flash else " ")
        first = Text.assemble((mark, self.component_style("camel-board--mark")), face.place)
        tokens = face.tokens
        below, whole = self._wrap(tokens, width - 1, height - 1)
        if not whole:
            # (the first line's room after the place, where the lines under it are too few: three
            # camels on a space read "1S1W…", the other's paper out of sight)
            room = width - first.cell_len - 1
            head = 0
            while head < len(tokens) and sum(token.cell_len for token in tokens[: head + 1]) <= room:
                head += 1
            if head:
                first = Text.assemble(first, " ", *tokens[:head])
                below = self._wrap(tokens[head:], width - 1, height - 1)[0]
        lines = [first, *below]
        background = self._background(cell, face)
        out = []
        for line in lines:
            if line is not first:
                line = Text(" ") + line
            line.truncate(width, pad=True)
            if background is not None:
                line.stylize(background)
            out.append(line)
        if cell == self.cursor:
            cursor = "camel-board--cursor" if self.has_focus else "camel-board--cursor-blurred"
            for line in out:
                line.stylize(self.component_style(cursor))
        return out

    @staticmethod
    def _wrap(tokens: list[Text], width: int, count: int) -> tuple[list[Text], bool]:
        """``tokens`` in ``count`` lines of ``width`` cells, and whether they all fit (else the
        last line ends with ``…``)."""
        lines = [Text() for _ in range(count)]
        index = 0
        for token in tokens:
            while index < count and lines[index].cell_len + token.cell_len > width:
                if index == count - 1:
                    lines[index].truncate(width - 1)
                    lines[index].append("…")
                    return lines, False
                index += 1
            lines[index].append_text(token)
        return lines, True

    def _background(self, cell: int, face: Face) -> Style | None:
        if cell in self.flash:
            return self.component_style("camel-board--flash")
        if face.kind == "city":
            return self.component_style("camel-board--city")
        row, col = divmod(cell, self.side)
        if (row + col) % 2:
            return self.component_style("camel-board--shade")
        return None

    # -- input ------------------------------------------------------------------------------

    def neighbour(self, dx: int, dy: int) -> int | None:
        row, col = divmod(self.cursor, self.side)
        row, col = row + dy, col + dx
        return row * self.side + col if 0 <= row < self.side and 0 <= col < self.side else None

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def cell_at(self, x: int, y: int) -> int | None:
        width, height = self._cell_size()
        row, col = y // height, x // width
        return row * self.side + col if 0 <= row < self.side and 0 <= col < self.side else None

    def clicked(self) -> None:
        self.action_choose()


class EndPhaseLine(TableText):
    """A line over the board that writes itself from the table's state (``looks.end_phase``) and
    shows only while it has words: once the bag is empty, what the next delivery does."""

    DEFAULT_CSS = "EndPhaseLine { display: none; }"

    def show(self, text: RenderableType) -> None:
        self.display = bool(text)
        super().show(text)


class FittedLines(Widget):
    """Lines chosen for the rows the widget has (``lines(rows)``): under the board, a notice over
    it or a prompt on two lines takes a row, and what is kept is chosen, not cut off."""

    def __init__(self, lines: Callable[[int], list[Text]], **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines = lines

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.height))
