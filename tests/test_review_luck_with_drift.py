"""Luck beside the rest of a review.

A Decktet Caravan loss of 8–25 read "luck +93%, the searches' drift −131%": each figure larger
than the whole change, the deals said to have gone the seat's way, and a luck turning point of
+19% "after your move 74". What a card revealed moved the searches' figures, and the next
search took most of it back: two halves of one estimate. Where luck and the drift each outweigh
what they make together (``Account.entangled``), the review says them as one figure, says why
once with no figure for each apart ("+175%" of a win chance read as nonsense), and lists no draw
as a turning point or a mark of its own. Under the chart, an error keeps its mark beside bigger
luck after it."""

from __future__ import annotations

from caravan_tui.ai.review import Account, Draw, Judged, Review, Swing
from caravan_tui.ai.review_text import review_lines

NAMES = ["Ann", "Bob"]


def judged(turn: int, before: float) -> Judged:
    return Judged(turn, ("a",), f"move at {turn}", "", ("a",), f"move at {turn}", "", before, before, 0, turn)


DECISIONS = (judged(0, 0.46), judged(10, 0.8), judged(20, 0.3))
DRAW = (Draw(4, "Bob plays Caravan 9: the Darkness", True),)


class Accounted(Review):
    """A review whose account is given (its decisions' figures stand for nothing else)."""

    def account(self) -> Account:
        luck, drift = ACCOUNTS[self.match_id]  # (as shown: points of win chance)
        swings = (
            Swing("yours", 0, -12, DECISIONS[0]),
            Swing("luck", 0, luck, None, DRAW),
            Swing("drift", 1, drift),
            Swing("drift", 2, -46 + 12 - luck - drift),
        )
        return Account(46, 0, swings)


ACCOUNTS = {"entangled": (93, -131), "apart": (-30, -10)}


def lines_of(match: str) -> list[str]:
    review = Accounted("decktet_caravan", match, 0, 2, 200, 0.0, DECISIONS, draws=DRAW)
    return review_lines(review, NAMES, "Decktet Caravan")


def test_luck_and_drift_pulling_against_each_other_are_one_figure():
    text = lines_of("entangled")
    whole = "\n".join(text)
    assert (
        "From 46% at your first decision to 0% at the end (−46%): your errors −12%, the others' errors 0%, "
        "luck and the searches' drift together −34%." in text
    )
    assert "In this match the AI cannot tell the two apart" in whole
    assert "+93%" not in whole and "−127%" not in whole  # (apart, each read past what they make together)
    assert "Luck after" not in whole and "Not among the turning points: luck" not in whole
    assert "most of the loss came between them" not in whole  # (the drift is not the loss's cause)
    assert "+ good luck" not in whole
    assert "Turning points: none of your moves or the others'; what moved your chances is luck and the drift" in whole


def test_luck_and_drift_pulling_the_same_way_stay_apart():
    text = lines_of("apart")
    whole = "\n".join(text)
    assert "luck −30%, the searches' drift −4%" in whole and "together" not in whole
    assert "Luck after your move 1: −30%" in whole


class Marked(Review):
    """A review whose account is given: the seat's error at its first decision, then bad luck."""

    def account(self) -> Account:
        swings = (
            Swing("yours", 0, -10, self.decisions[0]),
            Swing("luck", 0, -30, None, DRAW),
            Swing("drift", 1, 0),
        )
        return Account(60, 20, swings)


def test_an_error_keeps_its_mark_under_the_chart_beside_bigger_luck():
    """A Decktet Caravan chart marked three of the five errors listed under it: where luck after
    an error moved the chances more, its "-" took the error's column."""
    from caravan_tui.ai.review_text import marks

    errors = (
        Judged(0, ("a",), "a", "", ("b",), "b", "", 0.6, 0.5, 0, 0),
        Judged(10, ("a",), "a", "", ("a",), "a", "", 0.5, 0.5, 0, 10),
    )
    review = Marked("decktet_caravan", "m", 0, 2, 200, 0.0, errors, draws=DRAW)
    # (the luck after it under the next column, where what it moved shows: the error keeps its own)
    assert review.grade(errors[0]) and marks(review) == "Y-"


def test_what_came_after_the_last_decision_is_marked_under_the_end():
    """A Caravanserai chart marked an AI's error (move 127) under the seat's last decision (move
    118), as if it came before it: it is marked under the column where it shows, the end's."""
    from caravan_tui.ai.review_text import marks

    class Late(Review):
        def account(self) -> Account:
            return Account(60, 90, (Swing("others", 1, 30, self.decisions[1]),))

    decisions = (
        Judged(0, ("a",), "a", "", ("a",), "a", "", 0.6, 0.6, 0, 0),
        Judged(10, ("a",), "a", "", ("a",), "a", "", 0.6, 0.6, 0, 10),
    )
    review = Late("caravanserai", "m", 0, 2, 200, 1.0, decisions)
    assert marks(review) == "  O"  # (columns: the two decisions, then the end)


def test_a_turning_point_whose_two_moves_read_the_same_says_so_once():
    """Decktet Caravan: a turning point's "Better: … — leads a lone 9 …" and "Yours: leads a lone
    9 …" word for word the same: the review said twice what it never told apart."""
    from caravan_tui.ai.review_text import SAME_REASONS, turning_point_lines

    reason = "leads a lone 9; you collect 1 card worth +1 if Bob passes"
    judged = Judged(6, ("a",), "the Cave", reason, ("b",), "the Darkness", reason, 0.6, 0.5, 0, 6)
    review = Review("decktet_caravan", "m", 0, 2, 200, 0.0, (judged,))
    lines = turning_point_lines(review, Swing("yours", 0, -10, judged), NAMES)
    assert lines[1] == f"  Better: the Darkness — {reason}" and lines[2] == SAME_REASONS and len(lines) == 3


class Taken(Review):
    """A review whose account is given: luck after the seat's first move that the searches' drift
    after the same move took back (an SSH Decktet Caravan match: "+41%" luck and "the worst
    after your move 8, −42%" drift, told as two verdicts on one reply)."""

    def account(self) -> Account:
        swings = (
            Swing("yours", 0, 0, self.decisions[0]),
            Swing("luck", 0, 41, None, DRAW),
            Swing("drift", 0, -42),
            Swing("luck", 1, -14, None, DRAW),
            Swing("drift", 2, -18),
        )
        return Account(33, 0, swings)


def test_a_luck_turning_point_says_the_same_moves_drift_went_the_other_way():
    review = Taken("decktet_caravan", "taken", 0, 2, 200, 0.0, DECISIONS, draws=DRAW)
    text = review_lines(review, NAMES, "Decktet Caravan")
    # what the two made in all comes first (Decktet Caravan: "Luck after your move 71: +14% … the
    # deal went your way" headed the match's worst moment, −26% said last, under the drift)
    head = "After your move 1: −1% of win chance in all, the searches' drift −42%, and luck +41% (the deal went"
    assert any(line.startswith(head) for line in text), text
    assert not any("drift" in line for line in text if "−14%" in line)


def test_luck_and_drift_as_one_figure_are_said_plainly_and_point_to_what_decided_the_match():
    """Read as jargon: "what a revealed card moved, its next search took most of back, so each
    alone reads larger than what they make together", beside the review's largest figure."""
    from caravan_tui.ai.review_text import ENTANGLED_WHY, drift_line

    review = Accounted("decktet_caravan", "entangled", 0, 2, 200, 0.0, DECISIONS, draws=DRAW)
    said = drift_line(review)
    assert said is not None and "took most of back" not in said and "not why" in said
    assert not said.endswith(ENTANGLED_WHY)
    decided = Accounted(
        "decktet_caravan", "entangled", 0, 2, 200, 0.0, DECISIONS, draws=DRAW, decided="{p1} went out first."
    )
    lines = review_lines(decided, NAMES, "Decktet Caravan")
    at = next(index for index, line in enumerate(lines) if line.startswith("Luck and the searches' drift together:"))
    assert lines[at].endswith(ENTANGLED_WHY) and lines[at - 1] == "What decided it: Bob went out first."
