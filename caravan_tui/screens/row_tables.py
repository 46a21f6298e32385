"""Tables read a row at a time (the lobby's matches, a record's lines): one way to make one, and
one way to find the item under its cursor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from textual.binding import Binding
from textual.widgets import DataTable

T = TypeVar("T")
#: the cells each side of a column's words (``DataTable.cell_padding``'s default)
CELL_PADDING = 1


class RowTable(DataTable[str]):
    """Home and End go to the first and the last row, as in the app's other lists: Textual's
    table moves them along a row, which a row cursor never does (the keys did nothing). Enter on
    a table with no row says ``empty_enter`` where it is set (it did nothing and said nothing)."""

    BINDINGS = [Binding("home", "scroll_top", "Top", show=False), Binding("end", "scroll_bottom", "Bottom", show=False)]

    #: what Enter says while the table has no row ("": nothing)
    empty_enter = ""

    def action_select_cursor(self) -> None:
        if not self.row_count and self.empty_enter:
            self.notify(self.empty_enter, severity="warning")
            return
        super().action_select_cursor()


def row_table(table_id: str, title: str, columns: Sequence[tuple[str, int]], *, shown: bool = True) -> DataTable[str]:
    """A striped table whose cursor picks whole rows: ``title`` on its border, ``columns``
    (label, width) keyed by their labels; hidden until it has rows, unless ``shown``."""
    table = RowTable(id=table_id, cursor_type="row", zebra_stripes=True)
    table.border_title = title
    for label, width in columns:
        table.add_column(label, width=width, key=label)
    if not shown:
        table.display = False
    return table


def resized(columns: Sequence[tuple[str, int]], label: str, width: int, giver: str) -> tuple[tuple[str, int], ...]:
    """``columns`` with the column ``label`` ``width`` cells wide, the cells it gains taken from
    the column ``giver`` (or those it leaves given to it): a column whose words are cut with
    care, names."""
    change = width - dict(columns)[label]
    return tuple((name, width if name == label else size - change if name == giver else size) for name, size in columns)


def without(columns: Sequence[tuple[str, int]], label: str, giver: str) -> tuple[tuple[str, int], ...]:
    """``columns`` without the column ``label``, its cells and their padding given back to the
    column ``giver``."""
    freed = dict(columns)[label] + 2 * CELL_PADDING
    return tuple((name, size + freed if name == giver else size) for name, size in columns if name != label)


def beside_scrollbar(
    table: DataTable[Any], columns: Sequence[tuple[str, int]], giver: str
) -> tuple[tuple[str, int], ...]:
    """``columns`` with the cells of ``table``'s vertical scrollbar, where it shows, taken from the
    column ``giver`` (the last column's end was cut under it)."""
    bar = table.styles.scrollbar_size_vertical if table.show_vertical_scrollbar else 0
    return tuple((name, size - bar if name == giver else size) for name, size in columns)


def fit_columns(table: DataTable[Any], columns: Sequence[tuple[str, int]]) -> None:
    """Give ``table`` these (label, width) columns, its rows cleared; rebuilt only where a width
    changed (Textual's table has no way to resize a column in place)."""
    if [(str(column.label), column.width) for column in table.columns.values()] == list(columns):
        table.clear()
        return
    table.clear(columns=True)
    for label, width in columns:
        table.add_column(label, width=width, key=label)


def row_at_cursor(table: DataTable[Any], rows: Sequence[T], none: str = "") -> T | None:
    """The item of ``rows`` (one per row of ``table``, in order) under the cursor; else None,
    and ``none``, if any, is said as a warning."""
    at = table.cursor_row
    if 0 <= at < len(rows):
        return rows[at]
    if none:
        table.notify(none, severity="warning")
    return None
