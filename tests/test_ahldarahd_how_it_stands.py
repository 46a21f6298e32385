"""How a match of Caravans of Ahldarahd stands, for a seat last by a clear margin: a person's
match (seed 65, 3 players: the person in the first seat against two normal AIs), played to turn
4, where AI 2 has no city against the person's 7 points. The hint's "How it stands" for AI 2
must not promise a win (the issue's person was told "you should win" while last; the calibration
of the win chances it is made of is in docs/ai.md, "How sure the estimate is")."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.ai.explain import headline
from caravan_tui.ai.policies import hint


def test_a_seat_last_by_a_clear_margin_is_not_told_it_should_win() -> None:
    state = after(58)  # (AI 2, seat 1, builds 7 points behind)
    seat = state.to_move()
    scores = state.scores()
    assert seat == 1 and scores[seat] + 5 <= max(scores) and scores[seat] == min(scores)
    candidates = hint("ahldarahd", state.view(seat), seat, "normal", seed=1, iterations=300)
    words = headline(float(candidates[0][2]), scores, seat)
    assert "win" not in words and "ahead" not in words, words
