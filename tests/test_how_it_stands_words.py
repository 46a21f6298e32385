"""A hint's "How it stands" names what the game scores."""

from __future__ import annotations

from caravan_tui.ai.explain import headline
from caravan_tui.games.caravanserai.screen import CaravanseraiScreen


def test_a_game_without_points_says_what_it_scores_in_how_it_stands() -> None:
    """Caravanserai scores a caravan's length (§9): "level on points" and "you trail on points"
    named a score the game does not have, beside a review whose figures were "points" too."""
    scored_on = CaravanseraiScreen.SCORED_ON
    assert headline(0.9, [12, 12], 0, scored_on=scored_on).startswith("level on caravan length, but the hint expects")
    assert headline(0.9, [10, 12], 0, scored_on=scored_on).startswith("you trail on caravan length, but the hint")
