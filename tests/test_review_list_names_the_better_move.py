"""Every graded decision names the better move and why, in the list of every decision too: a
newcomer's Decktet Caravan review read "Move 74: Caravan 9: the Merchant — an inaccuracy: 51% →
44% (−7%)" and no more, where the review promises "the better moves and why"."""

from __future__ import annotations

from caravan_tui.ai.review import TURNING_POINTS, Judged, Review
from caravan_tui.ai.review_text import decision_lines


def judged(turn: int, before: float, after: float) -> Judged:
    return Judged(turn, ("a",), f"play {turn}", "", ("b",), f"better {turn}", f"why {turn}", before, after, 0, turn)


def test_a_graded_decision_below_the_turning_points_names_the_better_move_and_why():
    costs = [0.30, 0.25, 0.20, 0.08, 0.01]  # (three turning points, an inaccuracy below them, a fine move)
    decisions = tuple(judged(2 * k, 0.9, 0.9 - cost) for k, cost in enumerate(costs))
    review = Review("decktet_caravan", "m", 0, 2, 10, 0.0, decisions)
    assert len(review.turning_points()) == TURNING_POINTS
    lines = decision_lines(review, ["Ann", "Bob"])
    assert lines[-3:] == [
        "  Move 7: play 6 — an inaccuracy: 90% → 82% (−8%)",
        "    Better: better 6 — why 6",
        "  Move 9: play 8 — fine: 90% → 89% (−1%)",
    ], lines
    assert sum(line.startswith("    Better: ") for line in lines) == 1  # (the turning points say theirs above)
