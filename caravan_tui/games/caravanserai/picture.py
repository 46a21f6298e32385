"""What a Caravanserai view puts on each cell of the hex board, in two characters (spec §11.7:
colour is never the only cue), and the cell each action plays on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from caravan_tui.engine import Action

from .board_widget import Cell
from .geometry import COLOUR_NAMES, COLOURS, QR, D, board_for
from .views import CaravanseraiView, PieceView, PlacementView, piece

#: white, black (a slate grey that reads on dark and light themes), purple, red, yellow
GOOD_COLOURS = ("#e5e9f0", "#8b93b8", "#bb9af7", "#f7768e", "#e0af68")
SEAT_COLOURS = ("#7dcfff", "#ff9e64", "#9ece6a", "#e0af68", "#73daca", "#ff79c6")
SELECT, HINT, LAID, CHANGED = "›", "★", "+", "*"
PIECE_WORDS = {"C": "camel", "L": "lying camel"}


def colour_text(colour: int, text: str | None = None, style: str = "bold") -> Text:
    return Text(COLOURS[colour] if text is None else text, style=f"{style} {GOOD_COLOURS[colour]}")


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def notation(letters: list[str]) -> str:
    """Pieces in the rules' notation: ``1P 2Y lying 3P camel``."""
    words, i = [], 0
    while i < len(letters):
        letter = letters[i]
        if letter in COLOURS:
            j = i
            while j < len(letters) and letters[j] == letter:
                j += 1
            words.append(f"{j - i}{letter}")
            i = j
        else:
            words.append("lying" if letter == "L" else "camel")
            i += 1
    return " ".join(words)


class Picture:
    """What a view puts on each cell, and where the placement in progress stands."""

    def __init__(self, view: CaravanseraiView) -> None:
        tiles = tuple((int(a), int(b)) for a, b in view["tiles"])
        self.board = board_for(len(tiles), tiles)
        self.cells: list[Cell] = [QR[c] for c in self.board.layout.cells]
        self.onboard = set(self.cells)
        self.cs = {QR[c]: self.board.cs[c] for c in self.board.cs_cells}
        self.bgoods: dict[Cell, int] = {(q, r): c for q, r, c in view["board_goods"]}
        #: cell -> (seat, letter, head, laid this turn)
        self.items: dict[Cell, tuple[int, str, bool, bool]] = {}
        for seat, caravan in enumerate(view["caravans"]):
            for i, item in enumerate(caravan):
                q, r, letter = piece(item)
                self.items[(q, r)] = (seat, letter, i == len(caravan) - 1, False)
        self.placement: PlacementView | None = view["placement"]
        self.mover = view["turn"]
        if self.placement is not None and self.mover is not None:
            for item in self.placement["laid"]:
                q, r, letter = piece(item)
                self.items[(q, r)] = (self.mover, letter, False, True)

    @property
    def pos(self) -> Cell | None:
        pl = self.placement
        return (pl["pos"][0], pl["pos"][1]) if pl else None

    @property
    def target(self) -> Cell | None:
        pl = self.placement
        target = pl["target"] if pl else None
        return (target[0], target[1]) if target is not None else None

    def glyph(self, cell: Cell) -> Text:
        item = self.items.get(cell)
        if item is not None:
            seat, letter, head, _ = item
            text = Text(str(seat + 1), style=seat_style(seat))
            if letter in COLOURS:
                text.append_text(colour_text(COLOURS.index(letter)))
            else:
                text.append(letter, style="bold")
            if head:
                text.stylize("reverse")
            return text
        if cell in self.bgoods:
            colour = self.bgoods[cell]
            return colour_text(colour, "◆" + COLOURS[colour])
        colour = self.cs.get(cell, -1)
        if colour >= 0:
            return Text.assemble(("·", "dim"), colour_text(colour, style="dim"))
        return Text(" ·", style="dim")

    def open_around(self, cell: Cell) -> list[Cell]:
        """The open cells next to ``cell``: on the board, no caravan piece on them (a board good
        does not block)."""
        onboard = self.onboard
        return [
            (cell[0] + dq, cell[1] + dr)
            for dq, dr in D
            if (cell[0] + dq, cell[1] + dr) in onboard and (cell[0] + dq, cell[1] + dr) not in self.items
        ]

    def key(self, cell: Cell) -> tuple:
        """What changes on a cell from one view to the next."""
        return self.items.get(cell), self.bgoods.get(cell)

    def describe_cell(self, cell: Cell, owner_of) -> str:
        """``(3,-4) yellow Caravanserai, your head camel``: ``owner_of(seat)`` is the possessive."""
        q, r = cell
        words = [f"({q},{r})"]
        colour = self.cs.get(cell, -1)
        words.append(f"{COLOUR_NAMES[colour]} Caravanserai" if colour >= 0 else "desert")
        if cell in self.bgoods:
            words.append("board good")
        item = self.items.get(cell)
        if item is not None:
            seat, letter, head, laid = item
            same = letter in COLOURS and COLOURS.index(letter) == colour  # (its colour said once: the foot fits)
            what = (
                ("good" if same else f"{COLOUR_NAMES[COLOURS.index(letter)]} good")
                if letter in COLOURS
                else "head camel"
                if head
                else PIECE_WORDS[letter]
            )
            words.append(f"{owner_of(seat)} {what}" + (" (placing)" if laid else ""))
        return " ".join(words[:1]) + " " + ", ".join(words[1:])


@dataclass(frozen=True)
class Block:
    """A run of a placement (§6.2): its notation (``3P``, ``lying``, ``camel``), whether it is
    left out of the count, and, for a goods block that counts although it touches
    Caravanserai cells, why (``on ·K``: a cell of another colour under it; ``declined``)."""

    words: str
    left_out: bool = False
    why: str = ""


def blocks(laid: Sequence[PieceView], cs: dict[Cell, int], declined: Sequence[int]) -> list[Block]:
    """The blocks of a placement (laid so far, or whole) and which of them the count leaves out:
    a goods block on at least one Caravanserai cell, all of its colour, that declined no board
    good (§6.2). ``declined`` numbers blocks from 1, a lying camel taking a number as a block."""
    runs: list[tuple[str, list[Cell]]] = []
    for item in laid:
        q, r, letter = piece(item)
        if runs and letter in COLOURS and runs[-1][0] == letter:
            runs[-1][1].append((q, r))
        else:
            runs.append((letter, [(q, r)]))
    found = []
    for number, (letter, cells) in enumerate(runs, start=1):
        if letter not in COLOURS:
            found.append(Block("lying" if letter == "L" else "camel"))
            continue
        under = sorted({cs[cell] for cell in cells if cs.get(cell, -1) >= 0})
        colour = COLOURS.index(letter)
        words = f"{len(cells)}{letter}"
        if number in declined:
            found.append(Block(words, why="declined"))
        elif under and under == [colour]:
            found.append(Block(words, left_out=True))
        else:
            others = [COLOURS[c] for c in under if c != colour]
            found.append(Block(words, why=f"on ·{'·'.join(others)}" if others else ""))
    return found


def action_cell(action: Action, picture: Picture) -> Cell | None:
    """The cell an action plays on: a start or stand cell, the cell a direction heads to, or the
    target of the next piece."""
    kind = action[0]
    if kind == "start":
        return (action[1], action[2])
    if kind == "stand":
        return (action[2], action[3])
    if kind == "dir":
        pos = picture.pos
        if pos is None:
            return None
        dq, dr = D[action[1]]
        return (pos[0] + dq, pos[1] + dr)
    return picture.target
