"""Camel Caravan: 2-4 players relay goods along chains of camels to the cities that want them."""

from __future__ import annotations

from caravan_tui.engine import Action, Game, Option, rules_of, screen_of

from .ai import AI
from .board import GOOD_INDEX, VALUE
from .rules import CamelCaravanState, tie_words
from .views import CamelCaravanView


def composing(state: CamelCaravanState) -> bool:
    """A turn is one decision, to its end or a refill (chance): its actions are a plan. Judged
    one by one, a camel moved to set up the turn's pick-up was weighed by a search that saw the
    rest of the turn played at random below it, and a review called the moves that set up a
    winning delivery blunders."""
    return True


def stolen(action: Action, seat: int) -> tuple[str, float] | None:
    """The good ``action`` steals from ``seat`` and its worth (``Game.taken_words``), or None."""
    if action[0] != "steal" or action[2] != seat:
        return None
    return action[3], VALUE[GOOD_INDEX[action[3]]]


GAME = Game(
    id="camel_caravan",
    title="Camel Caravan",
    players=range(2, 5),
    options={
        "sixth_camel": Option(False, (False, True), "Each player gets a sixth camel (learning or casual games)."),
        "short_game": Option(
            False, (False, True), "Remove 3 of each common and 1 of each rare good: 32 goods (suits 2-3 players)."
        ),
    },
    rules=rules_of(__name__),
    summary="Chain your camels across the desert and relay goods to the cities that want them.",
    state_class=CamelCaravanState,
    ai=AI,
    screen=screen_of(__name__),
    view_type=CamelCaravanView,
    short_options={"short_game": True},  # (its quick_options are none: tests and benchmarks play the full game)
    tie_words=tie_words,
    composing=composing,
    taken_words=stolen,
)
