"""The status line's words when no game says more: whose turn it is, who thinks, where a replay
stands (DESIGN §6). Functions over the table's state, never the screen."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import TableState, fit_name
from caravan_tui.seat_labels import (
    CONNECTING,
    OPEN_SEAT,
    OVER,
    SEAT,
    THINKING,
    TO_PLAY,
    WAITING,
    WAITING_FOR,
    YOUR_TURN,
)

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
#: the plays list's id (``GameScreen``)
PLAYS_LIST = "actions"
#: what Enter does in a focused plays list with no line highlighted (after a play, an undo: ``ActionList.hold``)
FIRST_PLAY = "enter: highlight the first play (↑↓ pick one)"


#: the cells an AI's search takes beside its name in the status line (" 12,345 iterations")
SEARCH_ROOM = 18


def seat_status(table: TableState, width: int | None = None) -> Text:
    """A match's status: over, our turn, or who is to play (an AI seat with the spinner's frame,
    ``table.spin``, and how far its search has come; a person without: they may think for minutes).
    In ``width`` cells a long name is cut to leave the words whole on one line ("AbcdeFgh…N to /
    play…" took a second line and pushed the legend's line out of view)."""
    if table.over is not None:
        return Text(OVER(), style="bold")
    if table.turn is not None:
        return Text(YOUR_TURN(), style="bold")
    if table.view is None:
        return Text(CONNECTING())
    mover = table.view["to_move"]
    if mover is None or mover == table.seat:  # our move is on its way: the next view says who is next
        return Text("")
    if table.open_seat(mover):  # (a rematch's seat kept for its person bears their name: theirs alone to take)
        name = table.seat_name(mover)
        return Text(WAITING(n=mover + 1) if name == OPEN_SEAT(n=mover + 1) else WAITING_FOR(name=name, n=mover + 1))

    def named(label, room: int) -> str:
        """``label`` with the mover's name, cut to leave ``room`` cells for the rest; where a whole
        name misses by its trailing ellipsis alone, without that ("Aaa…a… to play…" cut a
        forty-letter name a letter short of whole)."""
        name = table.seat_name(mover)
        said = label(name=name)
        if width is None or len(said) + room <= width:
            return said
        if said.endswith("…") and len(said) - 1 + room <= width:
            return said[:-1]
        return label(name=fit_name(name, max(4, width - room - len(label(name="")))))

    if table.played_by_person(mover):
        return Text(named(TO_PLAY, 0))
    text = Text(f"{SPINNER[table.spin % len(SPINNER)]} {named(THINKING, 2 + SEARCH_ROOM)}")
    if table.thinking is not None and table.thinking.seat == mover:
        text.append(f" {table.thinking.iterations:,} iterations")
    return text


def checking_status(table: TableState) -> Text | None:
    """While practice judges a move before it goes (seconds on a busy machine), the status line
    says so: the line went on promising what Enter would play, so the move seemed not taken."""
    return Text("Practice is checking your move…", style="bold") if table.checking else None


#: the status line while the hint's play waits to be readied (``TableState.hint_waited``)
#: ("enter waits for its play" read as an Enter that would play it as it came: it plays nothing yet)
HINT_WAITED = "The hint is coming: enter once it shows"


def hint_waited_status(table: TableState) -> Text | None:
    """While the hint's play waits to be readied (``a`` pressed while the hint was coming), the
    status line says so: it went on offering the plays list's first line ("enter: Move a camel
    …"), which Enter never played, and read as what the hint's key had readied."""
    return Text(HINT_WAITED, style="bold") if table.hint_waited and table.turn is not None else None


#: the status line of our decision under a window over the table (``TableState.covered``)
COVERED = "Keys go to the window above until it closes"


def covered_status(table: TableState) -> Text | None:
    """While a window over the table has the keys at our decision, the status line says so, not
    what Enter would play on the board."""
    return Text(COVERED, style="bold") if table.covered and table.turn is not None else None


#: the log's id (``GameScreen``), and its keys, said on the status line while it has the focus
#: (shorter where the whole words leave a long name too little room: "Abc… to play…")
LOG = "log"
LOG_KEYS = "log: ↑↓ scroll · enter: whole log"
LOG_KEYS_SHORT = "log: ↑↓ · enter: all"


def log_status(table: TableState, width: int | None = None) -> Text | None:
    """While the log has the focus, whose turn it is and the log's keys ("Your turn · log: ↑↓
    scroll · enter: whole log"): the status line went on naming the board's ("enter on ›"), and
    Enter there did nothing and said nothing (it opens the whole log, as ctrl+l does). In
    ``width`` cells a long name is cut to keep it one line (a name of 40 letters took two, the
    keys pushed onto the legend's line)."""
    if table.focus != LOG:
        return None
    keys, turn = LOG_KEYS, seat_status(table)
    if width is not None and turn.cell_len + len(" · " + keys) > width:
        keys = LOG_KEYS_SHORT
        turn = seat_status(table, max(1, width - len(" · " + keys)))
    if not turn.plain:
        return Text(LOG_KEYS)
    return Text.assemble((turn.plain.rstrip("."), turn.style), " · ", keys)


def list_enter(table: TableState) -> Action | None:
    """What Enter plays where the plays list has the focus: its highlighted play, while it is our
    decision (None: else)."""
    return table.highlighted if table.focus == PLAYS_LIST and table.turn is not None else None


def ai_thinking(table: TableState) -> bool:
    """Whether the status line shows an AI seat thinking (with the spinner)."""
    if table.over is not None or table.turn is not None or table.view is None:
        return False
    mover = table.view["to_move"]
    return (
        mover is not None and mover != table.seat and not table.played_by_person(mover) and not (table.open_seat(mover))
    )


def replay_status(table: TableState, width: int) -> Text:
    """Where the replay stands, as a slider that fits the status line (``width`` cells) whatever
    the names: ``▕████░░░░▏ move 12/80 · Ann's view`` (the footer has the keys); a name is cut
    only where the line has no room for it (14 cells at the least); then the move shown where it
    logged nothing (``replay_step``: the line wraps to its second row)."""
    at, length = table.replay_at or (0, 0)
    filled = round(8 * at / length) if length else 8
    text = Text("▕" + "█" * filled + "░" * (8 - filled) + "▏ ", style="bold")
    text.append(f"move {at}/{length} · ")
    room = max(14, width - len(text) - len("'s view"))
    seat, names = table.seat, table.names
    whose = (
        "the public view"
        if seat is None
        else f"{fit_name(names[seat], room)}'s view"
        if 0 <= seat < len(names)
        else f"{SEAT(n=seat + 1)}'s view"
    )
    text.append(whose)
    if table.replay_step:  # (a move that logged nothing: the screen seemed not to step)
        text.append(" · ")
        text.append(table.replay_step)
    return text
