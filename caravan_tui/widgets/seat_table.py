"""What a table's widgets read of the table's state (``screens.table_seat.TableState`` is one):
the widgets sit below the screens, so they name the fields they read here, read-only, and mypy
checks every read against the state the screen binds them to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from caravan_tui.engine import Action

#: a look: what a part of the table shows, a function of the table's state
L = TypeVar("L", bound=Callable[..., Any])
#: a line of the match log and whether it is marked (another's move, another's chat)
LogLine = tuple[str, bool]


def only_spun(was: object, table: object) -> bool:
    """Whether ``table`` is ``was`` with only the spinner's frame turned (``spin``), which the
    status line alone shows: every other part of the table has nothing to draw (the spinner
    turns about seven times a second while an AI thinks)."""
    if was is None or table is None or type(was) is not type(table):
        return False
    before, after = vars(was), vars(table)
    return before.keys() == after.keys() and all(key == "spin" or before[key] is after[key] for key in before)


def reading(*fields: str) -> Callable[[L], L]:
    """Mark a look with the fields of the table's state it reads (its methods' reads included:
    ``player_name`` reads ``names``, ``seat_kinds`` and ``seat``): a part drawn through it does
    not work its look out again for a state that changed none of them (``unread``). A look left
    unmarked is worked out again for every state, and a test checks each mark against the
    fields its look reads."""

    def marked(look: L) -> L:
        look.reads = frozenset(fields)  # type: ignore[attr-defined]
        return look

    return marked


def unread(look: object, was: object, table: object) -> bool:
    """Whether ``table`` is ``was`` but for fields ``look`` does not read (``reading``), so the
    look it gives is the one it gave; never for a look not marked."""
    reads = getattr(look, "reads", None)
    if reads is None or was is None or table is None or type(was) is not type(table):
        return False
    return all(getattr(was, name) is getattr(table, name) for name in reads)


class SeatTable(Protocol):
    """A seat's table as its widgets see it."""

    @property
    def seat(self) -> int | None: ...

    @property
    def replaying(self) -> bool: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def seat_kinds(self) -> Sequence[str]: ...

    @property
    def kinds_at(self) -> float: ...

    @property
    def view(self) -> Mapping[str, Any] | None: ...

    @property
    def legal(self) -> Sequence[Action]: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def over(self) -> object | None: ...

    @property
    def hint_action(self) -> Action | None: ...

    @property
    def hint_waited(self) -> bool: ...

    @property
    def list_play(self) -> Action | None: ...

    @property
    def list_asked(self) -> int: ...

    @property
    def cursor_asks(self) -> Mapping[str, tuple[Any, int]]: ...

    @property
    def unsaved(self) -> str: ...

    @property
    def log(self) -> Sequence[LogLine]: ...
