"""What the Decktet Caravan table holds beyond any seat's state: the opponent's play the season
highlights for a moment after it was played, the cards the hint stars and the cards the player
has ticked (the hand shows them; the plays list highlights their play)."""

from __future__ import annotations

from dataclasses import dataclass

from caravan_tui.screens.table_seat import TableState

from .views import DecktetCaravanView

#: the ids of the hand and of the plays list (the widgets Enter plays from)
HAND, PLAYS = "dc-hand", "actions"


@dataclass(frozen=True, eq=False)
class DecktetCaravanTable(TableState[DecktetCaravanView]):
    flash: int | None = None  # the season's index of the opponent's play to highlight
    hinted_cards: frozenset[str] = frozenset()
    ticked: frozenset[str] = frozenset()

    def ticked_in_hand(self) -> tuple[str, ...]:
        """The ticked cards, in the hand's order."""
        hand = self.view.get("hand", []) if self.view is not None else []
        return tuple(card for card in hand if card in self.ticked)
