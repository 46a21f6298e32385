"""What the Caravanserai status line says and what Enter plays, as functions of the table's state
alone (pure: no Textual), where the player is included: the cell under the board's cursor
(``cursors[BOARD_ID]``), the focused part (``focus``: the board or the plays list), the plays
list's highlighted play (``highlighted``) and the seat whose action is on show (``pausing``)."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_status import FIRST_PLAY, PLAYS_LIST, list_enter, replay_status, seat_status

from .board_widget import Cell
from .geometry import COLOUR_NAMES, DIR_NAMES, DIR_WORDS
from .picture import action_cell
from .rules import DECLINE, USE
from .table_state import CaravanseraiTable
from .table_text import forecast

#: the board's id (its cursor's cell is ``table.cursors[BOARD_ID]``)
BOARD_ID = "cs-board"
#: the Enter line's room when the status line has not been laid out yet
ROOM = 46


def actions_at(table: CaravanseraiTable, cell: Cell) -> list[Action]:
    """The plays on ``cell`` while it is our decision."""
    picture = table.picture
    if table.turn is None or picture is None:
        return []
    return [a for a in table.legal if action_cell(a, picture) == cell]


def nothing_here(table: CaravanseraiTable) -> str:
    """Enter on a cell with no play: where the plays are. A hint's plan marks its cells with its
    numbers in place of ``›`` ("the › marks show where" stood over a board showing none)."""
    if table.hinted is not None and table.hint_cells:
        return "Nothing to play on this cell: the hint's ➀ marks where its play goes (and › any other)."
    return "Nothing to play on this cell: the › marks show where."


def enter(table: CaravanseraiTable) -> Action | None:
    """What Enter plays: in the plays list, its highlighted play; on the board, the one play at
    the cursor (a board good: using it); None where several plays there open a chooser, or
    nothing is ours to play."""
    cursor = table.cursors.get(BOARD_ID)
    if table.turn is None or table.focus != BOARD_ID or cursor is None:
        return list_enter(table)
    here = actions_at(table, cursor)
    if USE in here:
        return USE
    return here[0] if len(here) == 1 else None


def short(table: CaravanseraiTable, action: Action, here: bool = True) -> str:
    """An action in a few words: on the board, whose frame names the cell, "here"; else the cell
    it plays on, "(3,3)"."""
    kind = action[0]
    at = "here"
    if not here and table.picture is not None and (cell := action_cell(action, table.picture)) is not None:
        at = f"at ({cell[0]},{cell[1]})"
    if kind == "dir":
        return f"head {DIR_WORDS[action[1]]} ({DIR_NAMES[action[1]]})"
    if kind == "start":
        return f"start {at}"
    if kind == "stand":
        return f"stand a {COLOUR_NAMES[action[1]]} good {at}{stand_number(table)}"
    if kind == "camel" and table.view is not None:
        pl = table.view["placement"]
        count = f": count {pl['placed'] + 1 - pl['omitted']}" if pl is not None else ""
        return f"end with a camel {at}{count}"
    if kind == "decline" and table.view is not None and table.view["placement"] is not None:
        # (the plays list's words, "…the board good goes back to the market and this block
        # counts)", were cut at "this block…" on the line's two rows: what decides the choice)
        colour = COLOUR_NAMES[table.view["placement"]["colour"]]
        return f"decline it: your own {colour} good, this block counts; the board good goes to the market"
    return table.describe(action)


def stand_number(table: CaravanseraiTable) -> str:
    """Which of this take back's stands is the one to play, " (1 of 2)", where it earned more
    than one (solo two for each camel taken back, rules §7.2); "" for a lone stand."""
    view = table.view
    last = view["last"] if view is not None else None
    if view is None or last is None or view["stage"] != "stand":
        return ""
    total = last["stood"] + view["stands"]
    return f" ({last['stood'] + 1} of {total})" if total > 1 else ""


def piece_keys(table: CaravanseraiTable) -> list[str]:
    """The keys that lay a piece now, a group each (the Enter line adds those it has room for)."""
    keys = ["c camel · WKPRY block"]
    if ("lying",) in table.legal:
        keys.append("L lying")
    return keys


def prompt(table: CaravanseraiTable) -> str:
    """What the decision is, and its keys."""
    stage = table.view["stage"] if table.view is not None else None
    if stage == "start":
        return "Your starting camel: enter on a › cell"
    if stage == "stand" and table.view is not None:
        return f"Stand a market good{stand_number(table)}: enter on a ›"
    if stage == "board":
        return "A board good: enter uses it, n declines it"
    if any(a[0] == "dir" for a in table.legal):
        return "Head where? w e a d z x (0-5) or enter on ›"
    return " · ".join(piece_keys(table))


def enter_line(enter: str, keys: list[str], width: int) -> Text:
    """The Enter line: what Enter does, then the key groups that fit its one row of ``width``
    (a second row would hide the placement line's)."""
    text = enter
    for part in keys:
        if len(text) + 3 + len(part) > width:
            break
        text += f" · {part}"
    return Text(text, style="bold")


def status(table: CaravanseraiTable, width: int = ROOM) -> Text:
    """What Enter does for the focused part: the plays list's highlighted play, or what the board
    offers at its cursor; while others play, what just happened to our turn or what our next
    turn looks like as the board stands, before the table's own line (whose turn; a replay's
    slider). ``width``: the status line's room."""
    pausing, cursor, view = table.pausing, table.cursors.get(BOARD_ID), table.view
    if pausing is not None and table.news is not None:
        return Text(f"{table.news} (any key goes on)", style="bold reverse")
    if pausing is not None:
        return Text(table.words(f"{{p{pausing}}} {{p{pausing}:is}} playing… (any key skips)"))
    if table.turn is None or table.over is not None or view is None:
        base = replay_status(table, width) if table.replaying else seat_status(table, width)
        ahead = forecast(view, table) if view is not None and table.over is None else None
        if not ahead:
            return base
        # (on a row of its own where the two do not fit one: "…you are skipped ·" ended a row)
        between = " · " if len(ahead) + 3 + base.cell_len <= width else "\n"
        return Text.assemble((ahead, "bold"), between, base)
    if table.focus == PLAYS_LIST:
        play = table.highlighted
        return Text(f"enter: {short(table, play, here=False)}" if play else FIRST_PLAY, style="bold")
    if table.focus != BOARD_ID or cursor is None:
        return Text(prompt(table), style="bold")
    here, pl = actions_at(table, cursor), view["placement"]
    if USE in here and pl is not None:
        declines = ["n declines"] if DECLINE in here else []
        return enter_line(f"enter: use the {COLOUR_NAMES[pl['colour']]} board good", declines, width)
    if len(here) == 1:
        turns = ["or w e a d z x"] if here[0][0] == "dir" else []
        return enter_line(f"enter: {short(table, here[0])}", turns, width)
    if any(a[0] in ("good", "camel", "lying") for a in here):
        return enter_line("enter: choose a piece", piece_keys(table), width)
    if here:
        return Text(f"enter: choose one of {len(here)} plays here", style="bold")
    keys = piece_keys(table) if view["stage"] == "place" else []
    return enter_line("enter: nothing here (a › cell plays)", keys, width)
