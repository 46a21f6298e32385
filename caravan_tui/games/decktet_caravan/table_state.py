"""What the Decktet Caravan table holds beyond any seat's state: the opponent's play the season
highlights for a moment after it was played, and the cards the hint stars."""
from __future__ import annotations

from dataclasses import dataclass

from caravan_tui.screens.table_seat import TableState

from .views import DecktetCaravanView


@dataclass(eq=False)
class DecktetCaravanTable(TableState[DecktetCaravanView]):
    flash: int | None = None  # the season's index of the opponent's play to highlight
    hinted_cards: frozenset[str] = frozenset()
