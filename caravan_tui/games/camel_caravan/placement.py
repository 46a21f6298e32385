"""The Camel Caravan board's placement steps as a reducer: each intent (Enter on a cell, a camel
or good chosen to move, the supply, escape, the cursor moving away) gives a new
``CamelCaravanTable`` from the last, the last left as it was, and says what else it leads to (a
play to send, plays to choose among, why nothing). Plain Python: the screen assigns the state
and the board draws itself from it once.

A play is built in one or two steps: Enter on a cell takes what can start there (a pick-up, a
steal, a placement, or your camel or good as the thing to move), then Enter on a destination
completes a move; anything that costs two actions waits for a second Enter on the same cell
(``armed``), wherever it was chosen from (the board, or the list of a cell's plays)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import frozen_map

from .board import CELL_NAMES
from .faces import captions, contents, face
from .plays import completes
from .table_state import CamelCaravanTable
from .views import CamelCaravanView

#: what is chosen to move first (then where), as a pick rather than a play
PICKS = ("supply", "camel", "good")


@dataclass(frozen=True)
class Step:
    """What an intent leads to beyond the table's new state: a ``play`` to send, the plays of a
    cell to ``ask`` which of, or why nothing happens (``refused``); none of them: nothing more."""

    play: Action | None = None
    ask: tuple[tuple, ...] = ()
    refused: str = ""


def cells_read(table: CamelCaravanTable, view: CamelCaravanView) -> CamelCaravanTable:
    """What each cell shows and which hold camels, from a new view, and the board's foot for each
    (``faces.captions``)."""
    cells = contents(view)
    occupied = frozenset(
        cell for cell, (_, _, camels) in enumerate(cells) if any(empty or loads for empty, loads in camels)
    )
    faces = tuple(face(cell, *rest) for cell, rest in enumerate(cells))
    said = captions(cells, table.short_name)
    if (faces, occupied, said) == (table.faces, table.occupied, table.captions):
        return table  # (a view that changed nothing on the board: nothing drawn again)
    return dataclasses.replace(table, occupied=occupied, faces=faces, captions=said)


def at_cursor(table: CamelCaravanTable, cell: int) -> CamelCaravanTable:
    """The cursor on ``cell``: moving away cancels a play waiting for its second Enter."""
    if table.armed is not None and table.armed[0] != cell:
        return dataclasses.replace(table, armed=None)
    return table


def disarmed(table: CamelCaravanTable) -> CamelCaravanTable:
    """No play waiting for its second Enter."""
    return table if table.armed is None else dataclasses.replace(table, armed=None)


def picked(table: CamelCaravanTable, pick: tuple | None) -> CamelCaravanTable:
    """``pick`` (the supply, a camel or a good) chosen to move next (None: nothing chosen)."""
    return dataclasses.replace(table, pick=pick, armed=None)


def turn_begun(table: CamelCaravanTable) -> CamelCaravanTable:
    """Our turn's next decision: nothing chosen, waiting or hinted yet."""
    if (table.pick, table.hinted, table.armed) == (None, None, None):
        return table
    return dataclasses.replace(table, pick=None, hinted=None, armed=None)


def turn_ended(table: CamelCaravanTable, whole: bool = True) -> CamelCaravanTable:
    """Our decision sent: nothing chosen or hinted; where it ended our turn (``whole``), no cells
    highlighted either. The others' marks stay through the turn's other actions: they went at
    our first action of four, while what they marked still stood."""
    flash = frozenset() if whole else table.flash
    if (table.pick, table.hinted, table.armed, table.flash) == (None, None, None, flash):
        return table
    return dataclasses.replace(table, pick=None, hinted=None, armed=None, flash=flash)


def hint_marked(table: CamelCaravanTable, action: Action) -> CamelCaravanTable:
    """The hint's play marked on the board."""
    return dataclasses.replace(table, hinted=action)


def flashed(table: CamelCaravanTable, cells: frozenset[int]) -> CamelCaravanTable:
    """The cells an opponent's action just changed highlighted."""
    return dataclasses.replace(table, flash=cells)


def reached(table: CamelCaravanTable, move: int, changed: frozenset[int] | None) -> CamelCaravanTable:
    """The table at the position after the match's ``move`` moves, its changed cells marked as
    they were when that position was first reached: ``changed`` (the cells another's action
    just changed), else those shown when it was reached before (an undo brought it back), else
    those still shown (after our own action). The others' marks add up until our turn ends
    (``turn_ended``): an AI's turn of four actions left only its last one marked. The marks of
    the positions after it are forgotten: an undo takes them back with the moves."""
    cells = table.flash | changed if changed is not None else table.flashes.get(move, table.flash)
    kept = {at: marked for at, marked in table.flashes.items() if at < move}
    return dataclasses.replace(table, flash=cells, flashes=frozen_map(kept | {move: cells}))


def escaped(table: CamelCaravanTable) -> CamelCaravanTable | None:
    """Escape: the play waiting for its second Enter cancelled, else the chosen camel or good
    dropped (None: nothing to cancel: escape opens the menu)."""
    if table.armed is not None:
        return disarmed(table)
    if table.pick is not None:
        return picked(table, None)
    return None


def choices_at(table: CamelCaravanTable, cell: int) -> list[tuple]:
    """Legal actions at ``cell`` and the things of yours that can move from it."""
    legal = table.legal
    choices: list[tuple] = [a for a in legal if a[0] in ("pickup", "steal") and a[1] == cell]
    goods = [(a[3], a[4]) for a in legal if a[0] == "move_good" and a[1] == cell]
    choices += [("good", cell, good, pos) for good, pos in dict.fromkeys(goods)]
    if any(a[0] == "move_camel" and a[1] == cell for a in legal):
        choices.append(("camel", cell))
    if ("place", cell) in legal:
        choices.append(("place", cell))
    return choices


def board_play(table: CamelCaravanTable, cell: int) -> Action | None:
    """What Enter on ``cell`` plays at once (None: it chooses a camel or good, asks which play is
    meant, or waits for a second Enter on a play that costs two actions)."""
    if table.armed is not None and table.armed[0] == cell:
        return table.armed[1]
    pick = table.pick
    if pick is not None:
        if pick[0] != "supply" and pick[1] == cell:
            return None
        action = completes(pick, cell)
        if action in table.legal:
            return action if table.cost(action) == 1 else None
    choices = choices_at(table, cell)
    if len(choices) == 1 and choices[0][0] not in PICKS and table.cost(choices[0]) == 1:
        return choices[0]
    return None


def spent(table: CamelCaravanTable, action: Action, cell: int) -> tuple[CamelCaravanTable, Step]:
    """``action`` played now, or, when it costs two actions, waiting for Enter again on ``cell``."""
    if table.cost(action) == 2:
        return dataclasses.replace(table, armed=(cell, action)), Step()
    return table, Step(play=action)


def taken(table: CamelCaravanTable, choice: tuple, cell: int) -> tuple[CamelCaravanTable, Step]:
    """One of the plays at ``cell`` taken (on the board, or from the list of its plays): what to
    move next chosen, or the play spent (a 2-action one waits for a second Enter)."""
    if choice[0] in PICKS:
        return picked(table, choice), Step()
    return spent(table, choice, cell)


def chosen(table: CamelCaravanTable, cell: int) -> tuple[CamelCaravanTable, Step]:
    """Enter on ``cell``: the play waiting here confirmed, the chosen supply, camel or good
    completed with this destination (or, chosen again, dropped), or a start from here."""
    if table.armed is not None:
        armed, table = table.armed, disarmed(table)
        if armed[0] == cell:
            return table, Step(play=armed[1])
    pick = table.pick
    if pick is not None:
        if pick[0] != "supply" and pick[1] == cell:
            return picked(table, None), Step()
        action = completes(pick, cell)
        if action in table.legal:
            return spent(table, action, cell)
        if pick[0] == "supply":  # (it took your camel there to move instead, unsaid)
            return table, Step(refused=f"{CELL_NAMES[cell]}: {unplaceable(table, action)}")
    choices = choices_at(table, cell)
    if not choices:
        why = "cannot go there" if pick is not None else "nothing you can do there now"
        return table, Step(refused=f"{CELL_NAMES[cell]}: {why}.")
    if len(choices) == 1:
        return taken(table, choices[0], cell)
    return table, Step(ask=tuple(choices))


def unplaceable(table: CamelCaravanTable, place: Action) -> str:
    """Why a camel from the supply cannot be placed as ``place`` would."""
    left = table.view["left"] if table.view is not None else 0
    if table.cost(place) == 2 and left < 2:
        return f"a camel stands there, so placing one costs 2 actions, and you have {left} left."
    return "you cannot place a camel there."


def supply_chosen(table: CamelCaravanTable) -> tuple[CamelCaravanTable, Step]:
    """``c``: a camel from the supply chosen to place (again: put back), if one may be placed."""
    if not any(a[0] == "place" for a in table.legal):
        view, seat = table.view, table.seat
        if view is not None and seat is not None and not view["supply"][seat]:
            # (it said only "You cannot place a camel now.", and a newcomer could not tell why)
            return table, Step(refused="You cannot place a camel now: your supply is empty, all your camels are out.")
        return table, Step(refused="You cannot place a camel now.")
    return picked(table, None if table.pick == ("supply",) else ("supply",)), Step()
