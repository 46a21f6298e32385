"""What the Camel Caravan board shows, from the table's state alone (``CamelCaravanTable``): the
board draws this look whenever the state changes."""

from __future__ import annotations

from caravan_tui.widgets.focus_mark import FOCUS_MARK

from .board import SIZE
from .board_widget import MIN_CELL, CamelLook
from .faces import CHOSEN, HINT, ONE, TWO
from .plays import action_cells, completes
from .rules import actions_word
from .table_state import CamelCaravanTable
from .views import CamelCaravanView


def board_look(table: CamelCaravanTable) -> CamelLook:
    """The board for the table's state: the view's cells, the marks of what is being chosen and
    the cells the last actions changed."""
    assert table.view is not None  # (a board is drawn once there is a view)
    return CamelLook(table.faces, marks(table), frozenset(table.flash), title_text(table, table.view), table.captions)


END_PHASE = "Bag empty: the next delivery ends the game"


def end_phase(view: CamelCaravanView, _table: CamelCaravanTable) -> str:
    """The line over the board once the bag is empty, while the game goes on: what that means
    ("": none)."""
    return END_PHASE if not sum(view["bag"].values()) and view["to_move"] is not None else ""


#: the room for the frame's title on the narrowest board (at 80 columns: 7 cells of 6, the
#: board's padding and frame), less the frame's corners, the spaces around the title and the
#: mark of the focus before it
TITLE_ROOM = SIZE * MIN_CELL[0] + 1 + 2 - 6 - len(FOCUS_MARK)


def title_text(table: CamelCaravanTable, view: CamelCaravanView) -> str:
    """Whose turn, the actions left and the goods still in the bag, whole in the frame at 80 columns: where the seat's
    name as the table says it does not fit ("Ann · AI standing in"), as the players' table under
    the board names it ("Ann·AI"), cut only where a name is longer than the room. While another
    seat's actions are on show, whose they are, as the status line says; in a replay, the mover
    by name."""
    bag = sum(view["bag"].values())
    mover = view["to_move"]
    if mover is None:
        return "Game over"
    rest = f" · {actions_word(view['left'])} left · bag {bag}"  # (at 0, the line above says what that means)
    if table.pausing is not None:  # (another's actions on show: "Your turn" over them took a key that skips them)
        mover, rest = table.pausing, f" is playing · bag {bag}"
        who = table.seat_name(mover)
    elif mover == table.seat and not table.replaying:
        who = "Your turn"
    else:  # (a replay's viewed seat by name: "Your turn" read as a live turn)
        who = table.short_name(mover) if table.replaying else table.seat_name(mover)
    if len(who) + len(rest) > TITLE_ROOM:
        who = table.player_name(mover, TITLE_ROOM - len(rest))
    return who + rest


def marks(table: CamelCaravanTable) -> dict[int, str]:
    """The hint's cells, where the chosen supply, camel or good may go (at the cost of one action
    or two), the chosen camel or good, and a play waiting for its second Enter."""
    found: dict[int, str] = {}
    if table.hinted is not None:
        found.update((cell, HINT) for cell in action_cells(table.hinted))
    if table.pick is not None:
        found.update(
            (cell, TWO if table.cost(completes(table.pick, cell)) == 2 else ONE) for cell in table.targets(table.pick)
        )
        if table.pick[0] != "supply":
            found[table.pick[1]] = CHOSEN
    if table.armed is not None:
        found[table.armed[0]] = TWO
    return found
