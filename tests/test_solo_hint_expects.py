"""A solo hint says what the AI expects at the end: a sure 36 read "Weaker in the end" beside a
starred "caravan 29 → 29", with nothing said of where the star leads (its line reached 43)."""

from __future__ import annotations

from caravan_tui.ai.policies import hint
from caravan_tui.games import get_game
from caravan_tui.screens.table_panels import hint_lines


def test_a_solo_hint_says_what_the_ai_expects_at_the_end() -> None:
    game = get_game("caravanserai")
    state = game.new(1, seed=3)
    rows = hint("caravanserai", state.view(0), 0, "easy", seed=1, iterations=40)
    solo = game.ai.review.solo
    assert solo is not None
    lines = hint_lines(rows, [], "", state.scores(), 0, 1, None, solo=solo)
    expected = round(float(rows[0][2]) * solo.scale)
    assert f"How it stands: the hint expects about {expected} pieces at the end." in lines
    assert expected >= 1
    # between players, the match's standing, as before
    assert not any("expects about" in line for line in hint_lines(rows, [], "", [0, 0], 0, 2, None, solo=solo))
