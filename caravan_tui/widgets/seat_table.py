"""What a table's widgets read of the table's state (``screens.table_seat.TableState`` is one):
the widgets sit below the screens, so they name the fields they read here, read-only, and mypy
checks every read against the state the screen binds them to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from caravan_tui.engine import Action


class SeatTable(Protocol):
    """A seat's table as its widgets see it."""

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
    def list_play(self) -> Action | None: ...

    @property
    def list_asked(self) -> int: ...

    @property
    def cursor_asks(self) -> Mapping[str, tuple[Any, int]]: ...

    @property
    def unsaved(self) -> str: ...
