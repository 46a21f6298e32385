"""Caravanserai: lay goods in blocks across a hex desert and grow the longest caravan (1-6 players)."""

from __future__ import annotations

from caravan_tui.engine import Game, Option, rules_of, screen_of

from .ai import AI
from .explain import laid_for
from .rules import BOARD, PLACE, TITLES, CaravanseraiState
from .views import CaravanseraiView
from .words import skipped_words, tie_words


def composing(state: CaravanseraiState) -> bool:
    """A placement is under way (a piece laid, its camel not yet): its steps are one decision,
    even where one of them logs a board good sent back to the market, a decline or a lying camel."""
    return state.stage in (PLACE, BOARD) and bool(state.laid)


GAME = Game(
    id="caravanserai",
    title="Caravanserai",
    players=range(1, 7),
    options={
        "variant": Option(
            "basic",
            ("basic", "expert"),
            "basic: 6 goods a colour in the market, a first block of 1 or 2 goods; expert: 7 "
            "goods a colour, the first block always 1 good, and a lying camel may replace a "
            "block once a turn.",
        ),
    },
    rules=rules_of(__name__),
    summary="Lay goods in growing blocks across the desert; the longest caravan wins (solo: earn a title).",
    state_class=CaravanseraiState,
    ai=AI,
    screen=screen_of(__name__),
    solo_titles=TITLES,
    view_type=CaravanseraiView,
    composing=composing,
    laid_for=laid_for,
    tie_words=tie_words,
    skipped_words=skipped_words,
)
