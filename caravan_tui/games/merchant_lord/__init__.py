"""Merchant Lord: 2-4 merchants sell dice-goods at villages and tuck merchant cards to grow them."""
from __future__ import annotations

from importlib.resources import files

from caravan_tui.engine import Game, Option

from .ai import AI
from .rules import START_OPTIONS, MerchantLordState, setup_problem


def _screen() -> type:
    """The game's Textual screen, imported only when a screen is wanted."""
    from .screen import SCREEN

    return SCREEN


GAME = Game(
    id="merchant_lord",
    title="Merchant Lord",
    players=range(2, 5),
    options={
        "village_payout": Option(
            "standard", ("standard", "gentle", "slow"),
            "What every village card pays: standard (seller 2, owner 2 coins), gentle (1 and 2), "
            "slow (1 and 1: a longer game)."),
        "start_player": Option(
            "random", START_OPTIONS,
            "Who starts: drawn at random, or player 1-4 (the start token then passes left)."),
    },
    rules=files(__package__).joinpath("rules.md").read_text(encoding="utf-8"),
    summary="Sell your dice-goods at villages and tuck merchants into yours: first to 9 table cards ends it.",
    state_class=MerchantLordState,
    default_players=2,
    ai=AI,
    quick_options={},
    screen=_screen,
    setup_check=setup_problem,
)
