"""Decktet Caravan: a two-player climbing and shedding card game played with the Decktet."""
from __future__ import annotations

from importlib.resources import files

from caravan_tui.engine import Game, Option

from .ai import AI
from .rules import DecktetCaravanState


def _screen() -> type:
    """The game's Textual screen, imported only when a screen is wanted."""
    from .screen import SCREEN

    return SCREEN


GAME = Game(
    id="decktet_caravan",
    title="Decktet Caravan",
    players=range(2, 3),
    options={"hands": Option(5, tuple(range(1, 16)), "Hands to play; the higher total wins.")},
    rules=files(__package__).joinpath("rules.md").read_text(encoding="utf-8"),
    summary="Beat caravans of linked cards or rob them with bandits; go out first.",
    state_class=DecktetCaravanState,
    ai=AI,
    quick_options={"hands": 1},
    screen=_screen,
)
