"""Merchant Lord: 2-4 merchants sell dice-goods at villages and tuck merchant cards to grow them."""

from __future__ import annotations

from caravan_tui.engine import Game, Option, rules_of, screen_of

from .ai import AI
from .rules import START_OPTIONS, MerchantLordState, setup_problem
from .terms import tie_words
from .upgrades import RULES_VERSION, UPGRADERS
from .views import MerchantLordView

GAME = Game(
    id="merchant_lord",
    title="Merchant Lord",
    players=range(2, 5),
    options={
        "village_payout": Option(
            "standard",
            ("standard", "gentle", "slow"),
            "What every village card pays: standard (seller 2, owner 2 coins), gentle (1 and 2), "
            "slow (1 and 1: a longer game).",
        ),
        "start_player": Option(
            "random",
            START_OPTIONS,
            "Who starts: drawn at random, or the player of that number (the start token then passes left).",
        ),
    },
    rules=rules_of(__name__),
    # (rules §8: the round is played out, and the most table cards win: "first to 9" read as a race)
    summary="Sell your dice-goods at villages and tuck merchants into yours; after the round someone reaches "
    "9 table cards, the most table cards win.",
    state_class=MerchantLordState,
    ai=AI,
    screen=screen_of(__name__),
    setup_check=setup_problem,
    rules_version=RULES_VERSION,
    upgraders=UPGRADERS,
    view_type=MerchantLordView,
    tie_words=tie_words,
)
