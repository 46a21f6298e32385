"""A review names the others' play that cost the seat most beyond what the AI expected. A
Caravans of Ahldarahd loss read "your errors −22%, the others' errors 0%, luck −23%": the drift
of −19% and +19% netted to nothing, and AI 3's last build, which took the match (four routes and
two cities), was named nowhere in the review."""

from __future__ import annotations

from caravan_tui.ai.review import Account, Judged, Review, Swing
from caravan_tui.ai.review_text import account_lines

NAMES = ["Ann", "Bob"]


def judged(turn: int, seat: int = 0, played: str = "") -> Judged:
    return Judged(turn, ("a",), played or f"move at {turn}", "", ("a",), "", "", 0.5, 0.5, seat, turn)


DECISIONS = (judged(0), judged(10), judged(20))
OTHERS = (judged(12, 1, "Buy Ivory–Textiles: takes the Ivory city"), judged(13, 1, "Claim Pearls–Textiles"))


class Accounted(Review):
    """A review whose account is given: a drift of −19% after the second decision (Bob's build
    between), as much back after the first, nothing else."""

    def account(self) -> Account:
        drop = -19.0 if self.match_id == "drop" else -5.0
        swings = (
            Swing("yours", 0, 0.0, DECISIONS[0]),
            Swing("drift", 0, -drop),
            Swing("yours", 1, 0.0, DECISIONS[1]),
            Swing("drift", 1, drop),
            Swing("yours", 2, 0.0, DECISIONS[2]),
        )
        return Account(50, 50, swings)


def lines_of(match: str, skipped: tuple[int, ...] = ()) -> list[str]:
    review = Accounted("ahldarahd", match, 0, 2, 200, 0.0, DECISIONS, others=OTHERS, skipped=skipped)
    return account_lines(review, NAMES)


def test_the_others_play_that_cost_most_beyond_what_the_ai_expected_is_named():
    # (the drift that netted to nothing is in the split: "the others' play cost you … −21%"
    # stood under "your errors 0%, the others' errors 0%, luck +39%" in a Decktet Caravan review)
    assert lines_of("drop")[0].endswith("the others' errors 0%, the searches' drift 0%."), lines_of("drop")[0]
    assert (
        "The others' play cost you most beyond what the AI expected after your move 11, −19% of the searches' drift: "
        "Bob: Buy Ivory–Textiles: takes the Ivory city; Bob: Claim Pearls–Textiles. That is more than all of it: "
        "the rest went the other way, +19%."
    ) in lines_of("drop")  # ("−32% of the searches' drift" under "the searches' drift +1%": a part past its whole)


def test_a_drop_smaller_than_a_mistake_is_not_named():
    assert not any(line.startswith("The others' play") for line in lines_of("small"))


def test_the_turns_the_rules_skipped_then_are_said_with_it():
    """A Caravanserai loss read "The others' play cost you most beyond what the AI expected after
    your move 105, −36%: AI 2: …" where the rules skipped 7 of the seat's turns (no camel in
    reserve) in that stretch: the cost read as the others' play alone. Only those after that
    decision and before the next count."""
    said = next(line for line in lines_of("drop", skipped=(10, 12, 13, 25)) if line.startswith("The others' play"))
    assert said.startswith(
        "The others' play cost you most beyond what the AI expected after your move 11, −19% of the searches' drift, "
        "while the rules skipped 3 of your turns: Bob: "
    ), said
    said = next(line for line in lines_of("drop", skipped=(12,)) if line.startswith("The others' play"))
    assert ", while the rules skipped one of your turns: " in said, said
