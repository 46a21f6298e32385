"""A person's name reads as they spelt it wherever a line opens with it: "bo joins the match",
never "Bo" (a capitalised name reads as someone else); only "you" opens a sentence capitalised."""

from caravan_tui.ai.review import ended_by
from caravan_tui.engine import Event, render, seat_field


def test_a_name_that_opens_a_line_keeps_its_spelling():
    names = ["bo", "AI 2"]
    joins = f"{seat_field(0)} join{seat_field(0, 's')} the match."
    assert render(joins, names, viewer=1) == "bo joins the match."
    assert render(joins, names, viewer=None) == "bo joins the match."
    assert render(joins, names, viewer=0) == "You join the match."


def test_a_possessive_that_opens_a_line_keeps_its_spelling():
    names = ["bo", "marguerite"]
    whose = seat_field(1, "'s")
    back = f"{seat_field(1)} is back; {whose} stand-in made 2 moves."
    assert render(back, names, viewer=0) == "marguerite is back; marguerite's stand-in made 2 moves."
    closer = ended_by(0, 18, [Event(f"{seat_field(0)} deliver{seat_field(0, 's')} the last good.")])
    assert render(closer, names, viewer=1) == "bo's move 19 ended the match: bo delivers the last good."
    assert render(closer, names, viewer=0) == "Your move 19 ended the match: you deliver the last good."


def test_a_review_line_that_opens_with_a_name_keeps_its_spelling():
    """ "What decided it: Ann went out first" in the review of a match against "ann"."""
    from caravan_tui.ai.review import Review
    from caravan_tui.ai.review_text import decided_line, ended_line

    review = Review("decktet_caravan", "m", 1, 2, 10, 0.0, (), decided="{p0} went out first.", ended="")
    assert decided_line(review, ["ann", "Bo"]) == "What decided it: ann went out first."
    ended = Review("decktet_caravan", "m", 1, 2, 10, 0.0, (), ended="{p0:'s} move 9 ended the match: out.")
    assert ended_line(ended, ["ann", "Bo"]) == "How it ended: ann's move 9 ended the match: out."
    mine = Review("decktet_caravan", "m", 0, 2, 10, 0.0, (), decided="{p0} went out first.")
    assert decided_line(mine, ["ann", "Bo"]) == "What decided it: You went out first."
