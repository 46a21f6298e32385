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
        return Account(46, 0, swings, 100.0)


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


def test_luck_past_a_whole_win_chance_is_said_with_the_drift():
    """A Decktet Caravan win read "luck +105% (…), the searches' drift −51%", and a Merchant Lord
    turning point "the searches' drift −57%, and luck +103%": a win chance moves 100% at the
    most, and a figure past it read as impossible on its face. Each is said with the drift, as
    one figure, where it pulls the other way."""

    class Won(Review):
        def account(self) -> Account:
            swings = (Swing("yours", 0, -15, DECISIONS[0]), Swing("luck", 0, 105, None, DRAW), Swing("drift", 1, -51))
            return Account(61, 100, swings, 100.0)

    review = Won("decktet_caravan", "m", 0, 2, 200, 1.0, DECISIONS, draws=DRAW)
    whole = "\n".join(review_lines(review, NAMES, "Decktet Caravan"))
    assert "your errors −15%, the others' errors 0%, luck and the searches' drift together +54%." in whole
    assert "+105%" not in whole and "−51%" not in whole, whole
    unbound = Account(61, 100, review.account().swings)  # (a solo score has no bound: each apart)
    assert review.account().entangled and not review.account().merged and not unbound.entangled


def test_a_turning_point_of_luck_past_a_whole_win_chance_says_it_with_the_drift():
    from caravan_tui.ai.review_text import turning_point_lines

    class Turned(Review):
        def account(self) -> Account:
            swings = (Swing("yours", 0, 0, DECISIONS[0]), Swing("luck", 0, 103, None, DRAW), Swing("drift", 0, -57))
            return Account(46, 92, swings, 100.0)

    review = Turned("decktet_caravan", "m", 0, 2, 200, 1.0, DECISIONS, draws=DRAW)
    luck = next(swing for swing in review.account().swings if swing.kind == "luck")
    first = turning_point_lines(review, luck, NAMES)[0]
    assert first.startswith("After your move 1: +46% of win chance in all, luck and the drift together ("), first
    assert "103" not in first and "57" not in first


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


def test_turning_points_come_in_the_order_of_the_figures_they_head_with():
    """A Decktet Caravan review listed "After your move 55: +2% … in all, luck and the drift
    together" first, then −2%, then −10%: ordered by the luck alone (+41% here), not by what the
    line says (−1% in all). The −14% luck comes first now."""
    review = Taken("decktet_caravan", "taken", 0, 2, 200, 0.0, DECISIONS, draws=DRAW)
    points = review.turning_points()
    assert [review.stated(swing) for swing in points] == [-14, -1], points
    text = review_lines(review, NAMES, "Decktet Caravan")
    first = next(index for index, line in enumerate(text) if line.startswith("Luck after your move"))
    both = next(index for index, line in enumerate(text) if line.startswith("After your move 1: −1%"))
    assert first < both, text


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


def test_the_others_errors_past_a_whole_win_chance_are_said_with_the_drift():
    """A Caravanserai loss, every hint followed, read "your errors −17%, the others' errors +72%,
    the searches' drift −107%": apart, each past what a win chance can move. Where the others'
    errors and the drift pull against each other past it, they are one figure."""

    class Lost(Review):
        def account(self) -> Account:
            swings = (
                Swing("yours", 0, -17, DECISIONS[0]),
                Swing("others", 0, 72, DECISIONS[1]),
                Swing("drift", 0, -107),
            )
            return Account(52, 0, swings, 100.0)

    review = Lost("caravanserai", "m", 0, 2, 200, 0.0, DECISIONS)
    whole = "\n".join(review_lines(review, NAMES, "Caravanserai"))
    split = "From 52% at your first decision to 0% at the end (−52%): your errors −17%, "
    assert split + "the others' errors and the searches' drift together −35%." in whole, whole
    assert "−107%" not in whole and "Together: what moved your chances beyond" in whole
    assert not Account(52, 0, review.account().swings).merged  # (no bound: a solo score)
    drawn = Lost("caravanserai", "m", 0, 2, 200, 0.0, DECISIONS, draws=DRAW)  # (with a chance: luck 0 in it)
    assert "the others' errors, luck and the searches' drift together −35%." in "\n".join(
        review_lines(drawn, NAMES, "Caravanserai")
    )


def test_your_errors_past_a_whole_win_chance_say_why_they_can():
    """A heavy-error seat's review read "your errors −153%" beside "the others' errors +93%":
    each of its errors cost from where its chances stood, and what the others gave back a later
    error cost again, so the sum passed a whole win chance with nothing to say how it could."""
    from caravan_tui.ai.review_text import YOURS_BEYOND

    class Lost(Review):
        def account(self) -> Account:
            swings = (
                Swing("yours", 0, -90, DECISIONS[0]),
                Swing("others", 0, 93, DECISIONS[1]),
                Swing("yours", 2, -63, DECISIONS[2]),
            )
            return Account(60, 0, swings, 100.0)

    whole = "\n".join(review_lines(Lost("decktet_caravan", "m", 0, 2, 200, 0.0, DECISIONS), NAMES, "Decktet Caravan"))
    assert f"(−60%): your errors −153% ({YOURS_BEYOND}), the others' errors +93%" in whole, whole
    within = Account(60, 0, (Swing("yours", 0, -90, DECISIONS[0]), Swing("others", 0, 30, DECISIONS[1])), 100.0)
    assert not within.beyond(within.total("yours"))
