"""A review names another seat's moves an AI made in its person's place as the stand-in's. Over
SSH, Bob resigned a Merchant Lord match in round 4 and an AI played his seat on: Ann's review
read "Bob played Buy M03" of round 7 and "Bob wins" of the AI's win."""

from __future__ import annotations

from caravan_tui.ai.review import Judged, Review, Swing
from caravan_tui.ai.review_text import account_lines, ended_line, others_between, turning_point_lines

NAMES = ["Ann", "Bob", "AI 3"]


def judged(turn: int, seat: int = 0, played: str = "a", before: float = 0.5, after: float = 0.5) -> Judged:
    return Judged(turn, ("a",), played, "", ("b",), "b", "", before, after, seat, turn)


DECISIONS = (judged(0), judged(10))
#: Bob's own move at 2, his stand-in's at 6 and 12 (he resigned between)
OTHERS = (judged(2, 1, "Buy M01"), judged(6, 1, "Buy M03", 0.6, 0.3), judged(12, 1, "Sell"))


def review(others_stood_in: tuple[int, ...] = (6, 12)) -> Review:
    ended = "{p1} win{p1:s} with 9 table cards."
    return Review("merchant_lord", "m", 0, 3, 10, 0.0, DECISIONS, OTHERS, ended=ended, others_stood_in=others_stood_in)


def test_the_others_moves_a_stand_in_made_are_named_as_its():
    kept = review()
    assert others_between(kept, 0, NAMES) == "Bob: Buy M01; Bob's stand-in: Buy M03"
    error = Swing("others", 0, 30.0, OTHERS[1])
    assert turning_point_lines(kept, error, NAMES)[0].startswith("Move 7: Bob's stand-in played Buy M03")
    assert ended_line(kept, NAMES) == "How it ended: Bob's stand-in wins with 9 table cards."
    assert Review.from_data(kept.to_data()) == kept
    # where no stand-in made them, by the person's name as before
    plain = review(())
    assert others_between(plain, 0, NAMES) == "Bob: Buy M01; Bob: Buy M03"
    assert ended_line(plain, NAMES) == "How it ended: Bob wins with 9 table cards."
    assert all("stand-in" not in line for line in account_lines(plain, NAMES))


def test_what_chance_showed_names_the_seat_a_stand_in_plays_then_as_its():
    """Ann's review of a Merchant Lord match Bob left in round 3: "Seen: … [b]z[/b] rolls 2 3 6 1
    3", round 10's dice, the stand-in's, beside "[b]z[/b]'s stand-in played Reroll 3". Chance
    after a seat's last decision by its stand-in names the stand-in; before, the person."""
    from caravan_tui.ai.review import Draw
    from caravan_tui.ai.review_text import seen

    early, late = Draw(3, "{p1} roll{p1:s} 2 3 6."), Draw(7, "{p1} roll{p1:s} 1 1 4.")
    assert seen(review(), (early, late), NAMES) == "Bob rolls 2 3 6; Bob's stand-in rolls 1 1 4"
    assert seen(review(()), (early, late), NAMES) == "Bob rolls 2 3 6; Bob rolls 1 1 4"


def test_your_moves_name_the_seat_a_stand_in_plays_then_as_its():
    """ "Move 87: … Steal meat from [b]z[/b] again", long after they resigned, beside "Taken from
    you by [b]z[/b] again's stand-in": your moves name a seat its stand-in played then as its."""
    from caravan_tui.ai.review_text import decision_lines

    steals = (judged(0, played="Steal gems from {p1}"), judged(10, played="Steal meat from {p1}"))
    kept = Review("camel_caravan", "m", 0, 3, 10, 0.0, steals, OTHERS, others_stood_in=(6, 12))
    lines = decision_lines(kept, NAMES)
    assert lines[0].startswith("  Move 1: Steal gems from Bob — ") and lines[1].startswith(
        "  Move 11: Steal meat from Bob's stand-in — "
    ), lines


def test_a_resigned_seats_losses_after_its_last_own_move_are_its_stand_ins():
    """[b]z[/b] resigned a Camel Caravan match after their move 4; their review read "Taken from
    you by Ann: cloth at move 39, … (27 points in all)", every good their stand-in lost, beside
    "whatever it made of it is not yours"."""
    from caravan_tui.ai.review import taken_while_theirs

    movers = [0, 1, 0, 1, 0, 1, 0, 1]  # seat 1's own moves at 1 and 3; its stand-in's at 5 and 7
    took = ((2, 0, "hides", 3.0), (4, 0, "cloth", 3.0), (6, 0, "salt", 3.0))
    assert taken_while_theirs(took, movers, 1, (5, 7)) == ((2, 0, "hides", 3.0),)
    assert taken_while_theirs(took, movers, 1, ()) == took  # (no stand-in: all of them its own)
    assert taken_while_theirs(took, movers, 1, (1, 3, 5, 7)) == ()
