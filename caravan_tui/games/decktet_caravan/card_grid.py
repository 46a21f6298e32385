"""A hand of cards as a grid of chips: a cursor, toggled selection, hint marks and dimmed cards.

The grid reflows to its width (as many chip columns as fit). Games supply each card's chip
as Rich ``Text``; the widget knows nothing about what the cards mean.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive

from caravan_tui.widgets.cursor import CursorWidget
from caravan_tui.widgets.messages import WidgetMessage

GAP = 1


class CardGrid(CursorWidget):
    """Arrows move the cursor (not hjkl: ``h`` asks for a hint), space toggles, Enter submits
    the selection (or the card under the cursor when nothing is selected), ``c`` clears it.
    A click moves the cursor to a card and toggles it. ``✓`` ticked, ``★`` hinted, ``·`` dimmed."""

    BINDINGS = [
        Binding("space", "toggle_card", "Toggle card", show=False),
        Binding("enter", "submit", "Play selection", show=False),
        Binding("c", "clear", "Clear selection", show=False),
    ]

    DEFAULT_CSS = """
    CardGrid { height: auto; }
    """

    cursor: reactive[int] = reactive(0)

    @dataclass
    class Submitted(WidgetMessage["CardGrid"]):
        """Enter was pressed: ``cards`` in hand order."""

        cards: tuple[str, ...]

    @dataclass
    class Moved(WidgetMessage["CardGrid"]):
        """The cursor moved, or the grid gained the focus."""

    @dataclass
    class Changed(WidgetMessage["CardGrid"]):
        """The selection changed."""

        cards: tuple[str, ...]

    def __init__(self, chip_width: int = 23, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chip_width = chip_width
        self._cards: list[tuple[str, Text]] = []
        self.selected: set[str] = set()
        self.marked: set[str] = set()
        self.dimmed: set[str] = set()

    # -- data -------------------------------------------------------------------------------

    @property
    def card_ids(self) -> list[str]:
        return [card for card, _ in self._cards]

    def set_cards(self, cards: list[tuple[str, Text]]) -> None:
        """Replace the hand; the selection keeps the cards still held."""
        self._cards = list(cards)
        self.selected &= set(self.card_ids)
        self.marked &= set(self.card_ids)
        self.dimmed &= set(self.card_ids)
        self.cursor = min(self.cursor, max(0, len(self._cards) - 1))
        self.refresh(layout=True)

    def selection(self) -> tuple[str, ...]:
        return tuple(card for card in self.card_ids if card in self.selected)

    def select(self, cards) -> None:
        self.selected = set(cards) & set(self.card_ids)
        self._changed()

    def mark(self, cards) -> None:
        """Hint marks (shown with a star, not selected)."""
        self.marked = set(cards) & set(self.card_ids)
        self.refresh()

    def dim(self, cards) -> None:
        """Cards that cannot be used now: a dot and dim (the dot, not the shade, is the cue)."""
        dimmed = set(cards) & set(self.card_ids)
        if dimmed != self.dimmed:
            self.dimmed = dimmed
            self.refresh()

    def _changed(self) -> None:
        self.refresh()
        self.post_message(self.Changed(self, self.selection()))

    # -- layout -----------------------------------------------------------------------------

    def _columns(self, width: int | None = None) -> int:
        width = self.content_size.width if width is None else width
        return max(1, (width + GAP) // (self.chip_width + GAP))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, -(-len(self._cards) // self._columns(width)))

    def render(self) -> Text:
        if not self._cards:
            return Text("(no cards)", style="dim")
        columns = self._columns()
        lines = []
        for row_start in range(0, len(self._cards), columns):
            line = Text()
            for index in range(row_start, min(row_start + columns, len(self._cards))):
                if index > row_start:
                    line.append(" " * GAP)
                line.append_text(self._chip(index))
            lines.append(line)
        return Text("\n").join(lines)

    def _chip(self, index: int) -> Text:
        card, face = self._cards[index]
        chosen = card in self.selected
        dimmed = card in self.dimmed
        mark = "✓" if chosen else "★" if card in self.marked else "·" if dimmed else " "
        chip = Text(mark, style="bold")
        chip.append_text(face)
        chip.truncate(self.chip_width, pad=True)
        if dimmed:
            chip.stylize("dim")
        if chosen:
            chip.stylize("bold reverse")
        if index == self.cursor:  # in focus: reverse video (a ticked card's undone), not a shade alone
            chip.stylize(Style(underline=True, reverse=not chosen) if self.has_focus else "underline")
        return chip

    # -- input ------------------------------------------------------------------------------

    def cursor_moved(self) -> None:
        self.post_message(self.Moved(self))

    def neighbour(self, dx: int, dy: int) -> int | None:
        target = self.cursor + dx + dy * self._columns()
        return target if self._cards and 0 <= target < len(self._cards) else None

    def action_toggle_card(self) -> None:
        if not self._cards:
            return
        card = self._cards[self.cursor][0]
        self.selected ^= {card}
        self._changed()

    def action_clear(self) -> None:
        if self.selected:
            self.selected.clear()
            self._changed()

    def action_submit(self) -> None:
        if not self._cards:
            return
        cards = self.selection() or (self._cards[self.cursor][0],)
        self.post_message(self.Submitted(self, cards))

    def cell_at(self, x: int, y: int) -> int | None:
        column, within = divmod(x, self.chip_width + GAP)
        index = y * self._columns() + column
        return index if within < self.chip_width and column < self._columns() and index < len(self._cards) else None

    def clicked(self) -> None:
        self.action_toggle_card()
