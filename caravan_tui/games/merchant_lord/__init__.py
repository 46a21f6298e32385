"""Merchant Lord: 2-4 merchants sell dice-goods at villages and tuck merchant cards to grow them."""

from __future__ import annotations

from caravan_tui.engine import Game, Option, rules_of, screen_of

from .ai import AI
from .rules import START_OPTIONS, MerchantLordState, setup_problem
from .terms import SELLING_PHASES, tie_words
from .upgrades import RULES_VERSION, UPGRADERS
from .views import MerchantLordView


def composing(state: MerchantLordState) -> bool:
    """A seat's favour step and its sales are one decision, to their end or a reroll (chance): the
    dice turned are for the sale after them. Judged one step at a time, "Turn a 2 into a 3" was
    weighed by a search from before it, which saw no sale after it ("then no village fits these
    dice"), and a review graded it an inaccuracy, −5%, where the turn it began (another die
    turned, then a sale for the coins of the card that won the match) rose to 41%, as the hints
    said while it was played."""
    return state.phase in SELLING_PHASES


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
    composing=composing,
    tie_words=tie_words,
)
