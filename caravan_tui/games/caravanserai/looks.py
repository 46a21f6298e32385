"""What the Caravanserai board shows, from the table's state alone (``CaravanseraiTable``): the
board draws this look whenever the state changes, and moves its cursor where the table asks."""

from __future__ import annotations

from functools import partial

from rich.text import Text

from .board_widget import Cell, HexLook
from .picture import CHANGED, HINT, LAID, SELECT, action_cell
from .table_state import CaravanseraiTable, aimed
from .table_text import title_text
from .views import piece


def board_look(table: CaravanseraiTable) -> HexLook:
    """The board for the table's state: the view's glyphs, the marks of what may be chosen, is
    planned or hinted, the cells the last moves changed, and where the table asks the cursor to
    go (``aim``) or the view to pan (``seen``)."""
    assert table.view is not None and table.picture is not None  # (a board is drawn once there is a view)
    return HexLook(
        tuple(table.picture.cells),
        table.glyphs,
        marks(table),
        frozenset(table.flash),
        title_text(table.view, table),
        partial(cell_caption, table),
        table.aim,
        table.seen,
        frozenset(table.hint_cells) if table.hinted is not None else frozenset(),
    )


def marks(table: CaravanseraiTable) -> dict[Cell, Text]:
    """A mark before a cell: ``*`` changed by the last move, ``+`` laid this placement, ``›``
    Enter plays there, ``➀`` ``➁`` ``➂``… the cells the hint's plan fills, in its order (``★``
    the hint's play where it fills none)."""
    picture = table.picture
    found: dict[Cell, Text] = {}
    if picture is None:
        return found
    for cell in table.flash:
        found[cell] = Text(CHANGED)
    for cell, (_, _, _, laid) in picture.items.items():
        if laid:
            found[cell] = Text(LAID)
    if table.turn is not None:
        for action in table.legal:
            at = action_cell(action, picture)
            if at is not None:
                found[at] = Text(SELECT)
    if table.hinted is not None:
        for step, planned in enumerate(table.hint_cells, start=1):
            found[planned] = Text(step_mark(step))
        at = action_cell(table.hinted, picture)
        if at is not None and at not in table.hint_cells:
            found[at] = Text(HINT)
    return found


#: the marks of a hint's plan, in the order it lays its pieces: circled, never a plain digit,
#: which on the board is a seat's (``1C``: player 1's camel); one column wide: the dingbats 1-10
#: (Unicode's neutral width), then Enclosed Alphanumerics' 11-20 (ambiguous width: one column in
#: Textual and outside East Asian terminals; 21 and up are wide, two columns)
STEP_MARKS = "➀➁➂➃➄➅➆➇➈➉⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def step_mark(step: int) -> str:
    """The mark of the ``step``-th cell of a hint's plan (from 1): its circled number, ``★`` past
    the twentieth (a placement of 20 goods or more; the board's foot says its number)."""
    return STEP_MARKS[step - 1] if step <= len(STEP_MARKS) else HINT


def cell_caption(table: CaravanseraiTable, cell: Cell) -> str:
    """The cell under the board's cursor in words, for the board's foot: "(3,-4) yellow
    Caravanserai, your head camel", and "★ step 2" on a cell of the hint's plan ("★ step 7: good
    stood" where the plan stands a market good), "★ hint" on its play's cell (the cursor's
    brackets hide its mark)."""
    picture = table.picture
    if picture is None:
        return ""
    where = picture.describe_cell(cell, lambda seat: possessive(table, seat))
    if table.hinted is not None and cell in table.hint_cells:
        where += f" {HINT} step {table.hint_cells.index(cell) + 1}"  # (★ says hint: the foot fits)
        if any(action[0] == "stand" and (action[2], action[3]) == cell for action in table.trail):
            # (numbered on after the placement's pieces: ➅→➆ read as a turn of the route)
            where += ": good stood"
    elif table.hinted is not None and cell == action_cell(table.hinted, picture):
        where += f" {HINT} hint"
    return where


def possessive(table: CaravanseraiTable, seat: int) -> str:
    """ "your" or "AI 2's", inside the caption's words (the table's words begin a sentence: "Your")."""
    words = table.words(f"{{p{seat}:'s}}")
    return "your" if words == "Your" else words


def aimed_at_decision(table: CaravanseraiTable) -> CaravanseraiTable:
    """``table`` asking the board to put its cursor where the decision is: the next piece's cell,
    the straight-on cell or the first open direction, the starting or standing cell nearest the
    head (nearest the cursor before there is one); ``table`` itself where nothing is to choose."""
    picture, view = table.picture, table.view
    if picture is None or view is None:
        return table
    cells = [c for a in table.legal if (c := action_cell(a, picture)) is not None]
    if not cells:
        return table
    if picture.target is not None and picture.target in cells:
        return aimed(table, [picture.target])
    pl = view["placement"]
    if pl is not None and pl["dir"] >= 0 and ("dir", pl["dir"]) in table.legal:
        ahead = action_cell(("dir", pl["dir"]), picture)
        return table if ahead is None else aimed(table, [ahead])
    if pl is not None:
        return aimed(table, cells[:1])
    mine = view["caravans"][table.seat] if table.seat is not None else []
    if mine:
        return aimed(table, cells, near=piece(mine[-1])[:2])
    return aimed(table, cells, from_cursor=True)
