"""A review says what a move did in the end and only the parts of a match's split that can happen
(found reading a whole Caravanserai review at 80×24, two players against normal): a placement
whose rest the rules laid ("6 steps laid for you") read "…then Head south-east (SE) to (2,2) —
best: 68%", with no camel and no caravan; a game with nothing drawn after setup read "luck 0
points" and "+ good luck, - bad luck"."""

import dataclasses
import json
from itertools import pairwise
from pathlib import Path

from caravan_tui.ai.review import Review, decisions_of, judge
from caravan_tui.ai.review_text import marks_shown, review_lines, words
from caravan_tui.games import get_game

KEPT = Path(__file__).parent / "matches" / "caravanserai_hints_21.json"
NAMES = ["Ann", "Bob"]


def kept():
    data = json.loads(KEPT.read_text())
    return data, [tuple(action) for action in data["actions"]]


def test_a_decision_whose_rest_the_rules_laid_says_where_it_ended_and_the_caravan_it_left():
    data, actions = kept()
    game = get_game("caravanserai")
    found = {p.turn + 1: p for p in decisions_of(game, 2, data["seed"], data["options"], actions, 0).decisions}
    # move 25: Ann chose the way to (6,-3); the rules laid the final camel there
    move = found[25]
    assert move.words.endswith(
        "then Head south-east (SE) to (6,-3), then laid for {p0}: End with a camel on (6,-3): count 4, take back 4, "
        "caravan 11"
    )
    state = game.new(2, seed=data["seed"], options=data["options"])
    for action in actions[: move.end + 1]:
        state.apply(action, False)
    assert state.scores()[0] == 11 and state.to_move() == 1  # (what the words say is what the move left)
    # the forced goods too, and a decision of one chosen step (Bob's move 82) says its end as well
    assert found[38].words.endswith(
        "then laid for {p0}: 1 white good, End with a camel on (4,2), gaining 1 yellow: count 4, take back 4, "
        "caravan 14"
    )
    assert found[82].steps == (actions[81],)
    assert found[82].words == (
        "Head north-west (NW) to (-3,6), then laid for {p1}: End with a camel on (-3,6): count 1, take back 1, "
        "caravan 28"
    )  # (another seat's move is laid for them: "laid for you" read as if for the person reviewed)
    # a long placement is told whole, to its end
    assert "…" not in found[3].words and found[3].words.endswith(", gaining 1 purple: count 1, take back 1, caravan 11")
    # a placement ended with ``c`` said its end already: nothing is added
    assert found[65].words == "" and found[65].action == ("camel",)
    # the review's line is those words
    judged = judge("caravanserai", 0, move, iterations=6)
    assert judged.played == move.words
    theirs = judge("caravanserai", 0, dataclasses.replace(found[82], seat=1), iterations=6)
    lines = review_lines(Review("caravanserai", "m", 0, 2, 6, 0.0, (judged,), (theirs,)), NAMES, "C")
    assert any(
        line.startswith("  Move 25: ") and "laid for you: End" in line and "caravan 11 — " in line for line in lines
    )
    assert words(Review("caravanserai", "m", 0, 2, 6, 0.0, ()), theirs.played, NAMES).endswith(
        "then laid for Bob: End with a camel on (-3,6): count 1, take back 1, caravan 28"
    )


def test_a_match_with_nothing_drawn_shows_no_luck_in_its_split_nor_its_marks():
    done = Review.from_data(json.loads(KEPT.read_text())["review"])
    assert not done.draws
    lines = review_lines(done, NAMES, "Caravanserai")
    split = next(line for line in lines if line.startswith("From 52%"))
    assert split == (
        "From 52% at your first decision to 0% at the end (−52%): your errors −8%, the others' errors +3%"
        ", the searches' drift −47%."
    )
    assert "marks: Y your errors" in [line.strip() for line in lines] and not any("good luck" in line for line in lines)
    # where something was drawn, luck is a part of the split and a mark
    drawn = Review.from_data({**done.to_data(), "draws": [[3, "Bob draws a card"]]})
    said = review_lines(drawn, NAMES, "Caravanserai")
    assert any(line.startswith("From 52%") and ", luck " in line for line in said)
    row = next(line.strip() for line, after in pairwise(said) if "before each decision" in after)
    legend = next(line.strip() for line in said if line.strip().startswith("marks: "))
    assert legend == "marks: " + ", ".join(marks_shown(row))  # (the marks the row shows, no others)
    assert ("+ good luck" in legend) == ("+" in row) and ("Y your errors" in legend) == ("Y" in row)


def test_the_marks_key_names_only_the_marks_the_row_shows():
    """The bug: "marks: Y your play, O the others' play, + good luck, - bad luck" under a row of
    + and - alone."""
    assert marks_shown("  -   + + -") == ["+ good luck", "- bad luck"]
    assert marks_shown("Y  O") == ["Y your errors", "O the others' errors"]
