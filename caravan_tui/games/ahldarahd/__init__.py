"""Caravans of Ahldarahd: 2–5 merchant clans bid for cards and favours, claim route majorities
into cities on everyone's maps, and trade with each other."""

from __future__ import annotations

from caravan_tui.engine import Game, Option, rules_of, screen_of

from .ai import AI
from .no_gold import idle_build
from .rules import AhldarahdState, setup_problem
from .terms import COMPOSE, tie_words
from .upgrades import RULES_VERSION, UPGRADERS
from .views import AhldarahdView


def composing(state: AhldarahdState) -> bool:
    """A trade proposal is being written: its steps, from "trade with" to sending or dropping
    it, are one decision."""
    return state.phase == COMPOSE


GAME = Game(
    id="ahldarahd",
    title="Caravans of Ahldarahd",
    players=range(2, 6),
    options={
        "night_of_the_outsider": Option(
            False,
            (False, True),
            "Three black chips in the bank: drawing one brings a Night that destroys a route of everyone's "
            "but the Eyes' holder into a city of the turned-up card's commodity, unless a card or 10 gold averts it.",
        ),
        "neutral_map": Option(
            False,
            (False, True),
            "An unused colour's map in the centre, open to everyone (2–4 players): its cities score "
            "like cities on another player's map.",
        ),
        "market_drift": Option(
            True,
            (True, False),
            "When a bidding phase awards no route card, the oldest face-up card is discarded at the "
            "next refresh, so the deck always runs out.",
        ),
    },
    rules=rules_of(__name__),
    summary="Bid for route cards and favours, claim majorities of routes into cities on every map, and deal.",
    state_class=AhldarahdState,
    default_players=3,
    ai=AI,
    screen=screen_of(__name__),
    setup_check=setup_problem,
    rules_version=RULES_VERSION,
    upgraders=UPGRADERS,
    view_type=AhldarahdView,
    composing=composing,
    tie_words=tie_words,
    idle_words=idle_build,
)
