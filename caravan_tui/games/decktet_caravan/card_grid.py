"""A hand of cards as a grid of chips: a cursor, toggled selection, hint marks and dimmed cards.

The grid reflows to its width (as many chip columns as fit). Games supply each card's chip
as Rich ``Text``; the widget knows nothing about what the cards mean.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from caravan_tui.widgets.chip_grid import ChipGrid
from caravan_tui.widgets.messages import WidgetMessage


@dataclass(frozen=True)
class CardLook:
    """The hand: its cards (id, face), those the hint stars, those no play can use now (a dot
    and dim: the dot, not the shade, is the cue), and the frame's title."""

    cards: tuple[tuple[str, Text], ...]
    marked: frozenset[str]
    dimmed: frozenset[str]
    title: str


class CardGrid(ChipGrid):
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
        super().__init__(chip_width, empty="(no cards)", **kwargs)
        self.selected: set[str] = set()
        self.marked: set[str] = set()
        self.dimmed: set[str] = set()

    # -- data -------------------------------------------------------------------------------

    def draw(self, look: CardLook) -> None:
        """The hand the table holds; the selection keeps the cards still held."""
        self.border_title = look.title
        if list(look.cards) != self.chips:
            self.chips = list(look.cards)
            self.selected &= set(self.keys)
            self.cursor = min(self.cursor, max(0, len(self.chips) - 1))
            self.refresh(layout=True)
        marked, dimmed = set(look.marked) & set(self.keys), set(look.dimmed) & set(self.keys)
        if (marked, dimmed) != (self.marked, self.dimmed):
            self.marked, self.dimmed = marked, dimmed
            self.refresh()

    def selection(self) -> tuple[str, ...]:
        return tuple(card for card in self.keys if card in self.selected)

    def select(self, cards) -> None:
        self.selected = set(cards) & set(self.keys)
        self._changed()

    def _changed(self) -> None:
        self.refresh()
        self.post_message(self.Changed(self, self.selection()))

    def chip(self, index: int) -> Text:
        card = self.chips[index][0]
        chosen = card in self.selected
        dimmed = card in self.dimmed
        chip = self.face_chip(index, "✓" if chosen else "★" if card in self.marked else "·" if dimmed else " ")
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

    def action_toggle_card(self) -> None:
        if not self.chips:
            return
        card = self.chips[self.cursor][0]
        self.selected ^= {card}
        self._changed()

    def action_clear(self) -> None:
        if self.selected:
            self.selected.clear()
            self._changed()

    def action_submit(self) -> None:
        if not self.chips:
            return
        cards = self.selection() or (self.chips[self.cursor][0],)
        self.post_message(self.Submitted(self, cards))

    def clicked(self) -> None:
        self.action_toggle_card()
