"""Decktet Caravan: a two-player climbing and shedding card game played with the Decktet."""

from __future__ import annotations

from caravan_tui.engine import Game, Option, rules_of, screen_of

from .ai import AI
from .rules import DecktetCaravanState
from .views import DecktetCaravanView

GAME = Game(
    id="decktet_caravan",
    title="Decktet Caravan",
    players=range(2, 3),
    options={"hands": Option(5, tuple(range(1, 16)), "Hands to play; the higher total wins.")},
    rules=rules_of(__name__),
    summary="Beat caravans of linked cards or stop them with bandits; the higher total after the last hand wins.",
    state_class=DecktetCaravanState,
    ai=AI,
    quick_options={"hands": 1},
    screen=screen_of(__name__),
    view_type=DecktetCaravanView,
)
