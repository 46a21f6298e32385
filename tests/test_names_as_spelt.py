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
