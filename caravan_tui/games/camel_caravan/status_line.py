"""What the Camel Caravan status line says and what Enter plays, as functions of the table's
state alone (what the person points at is in it: the focused widget's id, the board's cursor,
the plays list's highlighted play, the seat whose action is on show): the line always says what
Enter would do under the cursor, with what it costs; and the words for a cell's plays."""

from __future__ import annotations

import re

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import fit_name
from caravan_tui.screens.table_status import FIRST_PLAY

from .board import CELL_NAMES, CITY_OF_GOOD, GOOD_INDEX, VALUE
from .board_widget import START
from .faces import ONE, TWO
from .placement import board_play, choices_at
from .plays import completes
from .rules import actions_word
from .table_state import CamelCaravanTable
from .views import demand_markers, loose_goods

#: the ids of the board and of the plays list (the widgets Enter plays from)
BOARD, PLAYS = "cc-board", "actions"


def cursor(table: CamelCaravanTable) -> int:
    """The cell under the board's cursor (where it starts, before the board reports it)."""
    return table.cursors.get(BOARD, START)


def enter(table: CamelCaravanTable) -> Action | None:
    """What Enter plays now: on the board, the play at the cursor; in the plays list, its
    highlighted line (None: Enter chooses, asks or waits, or the focus is elsewhere)."""
    if table.turn is None:
        return None
    if table.focus == BOARD:
        return board_play(table, cursor(table))
    return table.highlighted if table.focus == PLAYS else None


#: the most cells a name takes in the status line's two lines (a long one pushed the play's space out)
NAME_WIDTH = 16


def status(table: CamelCaravanTable) -> Text | None:
    """Who is playing while their action is on show; on our turn, what Enter would do for the
    focused widget: the list's highlighted play, or on the board the play at the cursor (with
    its cost) or what is being chosen (None: the table's own line says whose turn it is)."""
    if table.pausing is not None:
        return Text(f"{table.seat_name(table.pausing)} is playing… (any key skips)")
    if table.turn is None or table.over is not None:
        return None
    if table.focus != BOARD:
        action = enter(table)
        if action is None and table.focus == PLAYS:  # (none highlighted yet: ``ActionList.hold``)
            return Text(FIRST_PLAY, style="bold")
        return Text(enter_words(table.describe(action, NAME_WIDTH)) if action else "Your turn", style="bold")
    if table.armed is not None:
        verb = "place" if table.armed[1][0] == "place" else "move"
        return Text(f"{TWO} {verb} here for 2 actions? enter again · {esc_words(table)}", style="bold reverse")
    pick, cell = table.pick, cursor(table)
    if pick is not None:
        target = completes(pick, cell) if pick[0] == "supply" or pick[1] != cell else None
        if target in table.legal:
            cost = actions_word(table.cost(target))
            return Text(f"enter: {short(table, target)} ({cost}) · {esc_words(table)}", style="bold")
        if pick[0] == "good":
            return Text(f"Move the {pick[2]} to a {ONE} (1 action) · {esc_words(table)}", style="bold")
        what = "Place a camel" if pick[0] == "supply" else "Move the camel"
        return Text(f"{what}: {ONE} 1 action, {TWO} 2 · {esc_words(table)}", style="bold")
    choices = choices_at(table, cell)
    if not choices:  # (it said "Your turn · …" and left Enter's "nothing you can do there" to a notice)
        place = " · c place" if any(a[0] == "place" for a in table.legal) else ""  # (none left to place)
        # (a camel of ours can come here, chosen first: "nothing to play at Taghaza" read as none;
        # then "to move a camel here, Enter on it first" left "it" to guess: the camel's cell)
        sources = sorted({a[1] for a in table.legal if a[0] == "move_camel" and a[2] == cell})
        camel = f"your camel at {CELL_NAMES[sources[0]]}" if len(sources) == 1 else "one of your camels"
        here = (
            f"{CELL_NAMES[cell]}: Enter on {camel} first, then here"
            if sources
            else f"enter: nothing to play at {CELL_NAMES[cell]}"
        )
        said = f"{here}{place} · e end turn{no_pickup(table, cell)}"
        return Text(said, style="bold")
    if len(choices) > 1:
        return Text(f"enter: choose one of {len(choices)} plays here{no_pickup(table, cell)}", style="bold")
    choice = choices[0]
    played = board_play(table, cell) is not None or choice[0] == "place"
    price = f" ({actions_word(table.cost(choice))})" if played else ""
    return Text(f"enter: {short(table, choice)}{price}{no_pickup(table, cell)}", style="bold")


#: why a loose good under the seat's empty camel is not offered (rules §3, pick up)
LAST_EMPTY = " · no pick-up (your last empty camel)"


def no_pickup(table: CamelCaravanTable, cell: int) -> str:
    """``LAST_EMPTY`` where ``cell`` holds a loose good and an empty camel of the seat's that may
    not load it, every other camel of theirs loaded (the pick-up went missing from the plays with
    nothing said, and Enter moved the camel off the good); else ""."""
    view, seat = table.view, table.seat
    if view is None or seat is None or ("pickup", cell) in table.legal or cell not in loose_goods(view["goods"]):
        return ""
    empty = view["empty"][seat]
    return LAST_EMPTY if cell in empty and len(empty) + view["supply"][seat] < 2 else ""


def esc_words(table: CamelCaravanTable) -> str:
    """What escape does to a choice under way: with the hint shown, it puts the hint away first
    (the line said "esc cancels" while escape hid the hint, the camel still chosen)."""
    return "esc hides the hint, then cancels" if table.hint_panel is not None else "esc cancels"


#: what the status line's two rows beside the board hold of a play's words, wrapped at spaces
ROOM = 88
#: the longest part of a play's words, which the status line can spare: "stolen" says where the
#: good rides ("…from under your camel on space 8 (6,6) to Sijilmasa…" lost the city and the pay)
UNDER_A_CAMEL = re.compile(r" from under .{1,60}? camel on ")


def enter_words(play: str) -> str:
    """What Enter plays, its cost first: "enter (1 action): Deliver the stolen hides from space 1
    (0,0) to Gao (3,2) (+3)" (at the end, "— 1…" was all a long play's two lines kept of it)."""
    what, dash, cost = play.rpartition(" — ")
    line = f"enter ({cost}): {what}" if dash and cost.endswith(("action", "actions")) else f"enter: {play}"
    return UNDER_A_CAMEL.sub(" from ", line, count=1) if len(line) > ROOM else line


def short(table: CamelCaravanTable, choice: tuple) -> str:
    """A play at the cursor's cell in a few words (the board's frame names the cell)."""
    kind = choice[0]
    if kind == "place":
        return "place a camel here"
    if kind == "move_camel":
        return "move the camel here"
    if kind == "pickup" and table.view is not None:
        good = loose_goods(table.view["goods"]).get(choice[1], "the good")
        taken = demand_markers(table.view["demand"]).get(choice[1])
        return f"pick up {good}" + (f" and {taken}♦" if taken else "")
    if kind == "steal":
        return f"steal {choice[3]} from {fit_name(table.seat_name(choice[2]), NAME_WIDTH)}"
    if kind == "move_good":
        if CITY_OF_GOOD[GOOD_INDEX[choice[3]]] == choice[2]:
            return f"deliver the {choice[3]} (+{VALUE[GOOD_INDEX[choice[3]]]})"
        return f"move the {choice[3]} here"
    if kind == "camel":
        return "choose this camel to move"
    if kind == "good":
        return f"choose the {choice[2]} to move"
    return table.describe(choice, NAME_WIDTH)


def choice_text(table: CamelCaravanTable, choice: tuple) -> str:
    """A line of the list of a cell's plays: what to move next, or a play with what it costs."""
    if choice[0] == "camel":
        return f"Move your camel from {CELL_NAMES[choice[1]]}… (then choose where)"
    if choice[0] == "good":
        where = "from under" if choice[3] == "under" else "on"
        return f"Move the {choice[2]} {where} your camel on {CELL_NAMES[choice[1]]}… (then choose where)"
    return table.describe(choice)  # (with what it costs)
