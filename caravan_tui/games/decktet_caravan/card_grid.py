"""A hand of cards as a grid of chips: a cursor, toggled selection, hint marks and dimmed cards.

The grid reflows to its width (as many chip columns as fit). Games supply each card's chip
as Rich ``Text``; the widget knows nothing about what the cards mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding

from caravan_tui.widgets.chip_grid import ChipGrid
from caravan_tui.widgets.messages import WidgetMessage

#: ``c`` with no card ticked
NOTHING_TICKED = "No card is ticked: space ticks the card under the cursor."


@dataclass(frozen=True)
class CardLook:
    """The hand: its cards (id, face), those the hint stars, those the player has ticked, the
    cards of each play open now (None: it is not our decision, nothing is dimmed), and the
    frame's title."""

    cards: tuple[tuple[str, Text], ...]
    marked: frozenset[str]
    ticked: frozenset[str]
    plays: tuple[frozenset[str], ...] | None
    title: str


def dimmed_cards(cards: list[str], plays: tuple[frozenset[str], ...] | None, chosen: frozenset[str]) -> frozenset[str]:
    """The cards in no play open now (a dot and dim: the dot, not the shade, is the cue); with
    ``chosen`` ticked, those in no play with them (the rules page: only the cards that can join
    them stay lit), so every other card where no play holds them all (they were all lit again,
    as if any could join)."""
    if plays is None:
        return frozenset()
    lit = set().union(*([held for held in plays if chosen <= held] if chosen else plays))
    return frozenset(card for card in cards if card not in lit and card not in chosen)


class CardGrid(ChipGrid):
    """Arrows move the cursor (not hjkl: ``h`` asks for a hint), space toggles, Enter submits
    the selection (with nothing selected, it ticks the card under the cursor), ``c`` clears it.
    A click moves the cursor to a card and toggles it. ``✓`` and reverse video ticked (under the
    cursor too, which underlines its card), ``★`` hinted, ``·`` dimmed: with cards ticked,
    those in no play with them, wherever the focus is (a hint's play ticked from the plays list
    left a second Ace lit beside the first); else every card in no play. The ticks are the
    table's (``CardLook.ticked``): a toggle asks for the new selection (``Changed``), and the
    grid shows it once the table holds it."""

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
    class Changed(WidgetMessage["CardGrid"]):
        """The player asks for these ``cards`` ticked (in hand order)."""

        cards: tuple[str, ...]

    def __init__(self, chip_width: int = 23, **kwargs) -> None:
        super().__init__(chip_width, empty="(no cards)", **kwargs)
        self.selected: frozenset[str] = frozenset()
        self.marked: frozenset[str] = frozenset()
        self.plays: tuple[frozenset[str], ...] | None = None
        self.dimmed: frozenset[str] = frozenset()  # (as last drawn: ``render``)
        #: each chip drawn for these cards, by what it shows (an arrow in the plays list ticks
        #: another play's cards: the other chips are the ones drawn before)
        self._chips_drawn: dict[tuple[object, ...], Text] = {}

    # -- data -------------------------------------------------------------------------------

    def draw(self, look: CardLook) -> None:
        """The hand the table holds, its ticks and marks."""
        # (a replay names the seat whose hand it is: text, never markup; marked while focused: the
        # hand focused as a match began or resumed showed no ▸)
        self.titled(look.title)
        if list(look.cards) != self.chips:
            rows = self.rows()
            self.chips = list(look.cards)
            self._chips_drawn.clear()
            self.cursor = min(self.cursor, max(0, len(self.chips) - 1))
            self.refresh(layout=self.rows() != rows)  # (a card played and one drawn: the same rows)
        held = set(self.keys)
        marks = (look.marked & held, look.ticked & held, look.plays)
        if marks != (self.marked, self.selected, self.plays):
            self.marked, self.selected, self.plays = marks
            self.refresh_changed_rows()  # (a tick, the highlight's play: the rows it changed)

    def selection(self) -> tuple[str, ...]:
        """The ticked cards, in hand order."""
        return self.in_hand_order(self.selected)

    def in_hand_order(self, cards: frozenset[str]) -> tuple[str, ...]:
        return tuple(card for card in self.keys if card in cards)

    def render(self) -> Text:
        self.dimmed = dimmed_cards(self.keys, self.plays, self.selected)
        return super().render()

    def chip(self, index: int) -> Text:
        card = self.chips[index][0]
        chosen = card in self.selected
        dimmed = card in self.dimmed
        shows = (index, chosen, dimmed, card in self.marked, index == self.cursor, self.has_focus, self.chip_width)
        chip = self._chips_drawn.get(shows)
        if chip is None:
            chip = self._chips_drawn[shows] = self.drawn_chip(index, chosen, dimmed)
        return chip

    def drawn_chip(self, index: int, chosen: bool, dimmed: bool) -> Text:
        card = self.chips[index][0]
        # a hinted card that cannot join the ticked ones is dimmed like any other: its ★ hid that
        chip = self.face_chip(index, "✓" if chosen else "·" if dimmed else "★" if card in self.marked else " ")
        if dimmed:
            chip.stylize("dim")
        if chosen:
            chip.stylize("bold reverse")
        if index == self.cursor:  # in focus: reverse video too, not a shade alone (a ticked card's stays: it is ticked)
            chip.stylize("underline reverse" if self.has_focus else "underline")
        return chip

    # -- input ------------------------------------------------------------------------------

    def action_toggle_card(self) -> None:
        if not self.chips:
            return
        card = self.chips[self.cursor][0]
        self.post_message(self.Changed(self, self.in_hand_order(self.selected ^ {card})))

    def action_clear(self) -> None:
        """``c`` with nothing ticked says so: it did nothing and said nothing."""
        if self.selected:
            self.post_message(self.Changed(self, ()))
        else:
            self.screen.notify(NOTHING_TICKED, severity="warning", timeout=4)

    def action_submit(self) -> None:
        """Play the ticked cards; with none ticked, tick the card under the cursor (the next
        Enter plays it): a stray Enter, the second of two on the intro's "Play", gave away an Ace
        as a bandit, the card the cursor rested on."""
        if not self.chips:
            return
        if not self.selected:
            self.action_toggle_card()
            return
        self.post_message(self.Submitted(self, self.selection()))

    def clicked(self) -> None:
        self.action_toggle_card()
