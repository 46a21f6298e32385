"""Camel Caravan: the risks of a hint's line, where they can be read. The narrow hint panel showed
the line's risk of theft last, often on its second or third page, and a line that parked an
empty camel on a loose good with the turn's last action said nothing of it: the next seat to send
a camel there takes the good first."""

from __future__ import annotations

from caravan_tui.games.camel_caravan.explain import explain
from caravan_tui.games.camel_caravan.rules import CamelCaravanState

NONE = {"meat": 0, "swords": 0, "salt": 0, "hides": 0, "ivory": 0, "cloth": 0, "gems": 0, "paper": 0}
#: seat 0 to move with 1 action left: its meat on (4,2) beside its empty camel on Walata (ready to
#: deliver), its swords on (0,5) three camel steps from Sijilmasa; seat 1 holds a theft marker
POSITION = {
    "players": 2,
    "camels": 5,
    "short_game": True,
    "start": 0,
    "to_move": 0,
    "turns": 12,
    "left": 1,
    "supply": [1, 3],
    "empty": [[12, 31], [0, 48]],
    "loaded": [[[30, "meat", False], [5, "swords", False]], []],
    "goods": [[9, "salt"], [37, "hides"], [39, "cloth"], [42, "salt"], [6, "meat"]],
    "demand": [[9, 1]],
    "demand_supply": 30,
    "markers": [3, 3],
    "thefts": [1, 1],
    "delivered": [NONE | {"salt": 1}, NONE | {"hides": 1}],
    "bag": NONE | {"meat": 3, "swords": 3, "salt": 2, "hides": 3, "ivory": 1, "cloth": 1, "gems": 2, "paper": 2},
    "draws": 2,
    "chance": 7,
}


def position(**changes) -> CamelCaravanState:
    state = CamelCaravanState.from_data(POSITION | changes)
    return state


def test_a_hints_risk_comes_right_after_its_move():
    """The risk line came last, often on the narrow hint panel's second or third page."""

    parts = explain(position(), 0, (("place", 20),)).split("; ")
    assert parts[1].startswith("risk: {p1} can steal the swords or the meat next turn"), parts
    assert parts[2] == "ends the turn"
    # (actions left: the risk is the turn's if it ends there)
    parts = explain(position(left=3), 0, (("place", 20),)).split("; ")
    assert parts[1].startswith("risk if the turn ends there: {p1} can steal the swords or the meat"), parts
    assert parts[2] == "2 actions left"


def test_a_hint_that_ends_the_turn_on_a_loose_good_says_the_others_can_take_it_first():
    """A hint's last action parked an empty camel on a loose good and said nothing: the camel
    picks nothing up before the others move, and the next who sends a camel there takes it."""

    parked = explain(position(), 0, (("place", 6),))
    assert "the meat on space 2 stays loose under {p0:'s} camel: {p1} can pick it up first" in parked
    assert "stays loose" not in explain(position(left=2), 0, (("place", 6),))  # (an action left to load it)
    # a good named in the plural: "the hides … stays loose" was said
    hides = position(goods=[[9, "salt"], [37, "meat"], [39, "cloth"], [42, "salt"], [6, "hides"]])
    said = explain(hides, 0, (("place", 6),))
    assert "the hides on space 2 stay loose under {p0:'s} camel: {p1} can pick them up first" in said, said


def test_a_loose_good_is_said_open_to_a_seat_only_with_the_actions_to_take_it():
    """ "AI 2 can pick it up first" was said in turn 1 of AI 2's 2 actions: a camel onto the
    occupied space costs 2 and the pick-up 1."""
    from caravan_tui.games.camel_caravan.explain import explain

    early = explain(position(turns=1, left=1), 0, (("place", 6),))  # (seat 1's next turn: the ramp's second, 2 actions)
    assert "stays loose" not in early
    assert "{p1} can pick it up first" in explain(position(turns=2, left=1), 0, (("place", 6),))


def test_a_risk_the_lines_later_steps_bring_says_when_it_comes():
    """Seed 4097 (3 players), turn 6: "Place a camel on space 3 (1,2) — a camel onto the hides on
    space 3; risk: AI 2 can steal the hides next turn …; then loads hides": the hides lie loose, to
    be loaded by a step the line says further on, and the risk read as one of now. Then "risk once
    the line is played" stood beside "3 actions left", the good delivered two actions later: with
    actions left after the line, the risk is the turn's if it ends there."""
    from caravan_tui.games import get_game

    moves = [
        ("place", 0), ("place", 42), ("pickup", 42), ("place", 42), ("steal", 42, 2, "paper"), ("pickup", 0),
        ("place", 39), ("pickup", 39), ("place", 32), ("move_camel", 42, 0), ("steal", 0, 1, "ivory"), ("place", 1),
    ]  # fmt: skip
    state = get_game("camel_caravan").new(3, seed=4097, options={"sixth_camel": False, "short_game": True})
    for action in moves:
        state.apply(action)
    line = [("place", 9), ("pickup", 9), ("place", 11), ("pickup", 11)]
    said = explain(state, 0, line)
    # (actions left after the line: the risk is the turn's if it ends there, "risk once the line
    # is played" stood beside "3 actions left" where the good was delivered two actions later)
    # (after the line's "then": before it, "…; AI 3 too; 1 action left; then loads cloth" read as
    # AI 3 loading it, over SSH)
    assert said.startswith("a camel onto the hides on space 3; 3 actions left; then loads hides on space 3")
    assert "); risk if the turn ends after these steps: {p1} can steal the hides" in said
    assert "risk" not in explain(state, 0, line[:1])  # (the first move alone leaves no good to steal)


def test_a_good_left_under_a_camel_at_the_lines_end_is_said_as_such() -> None:
    """Seed 1287: "the hides on space 3 stay loose under your camel" stood beside the line's first
    step, where no camel of the seat's was yet: it is where the line ends up, said so."""
    from tables import recorded

    state, _ = recorded("camel_caravan", "camel_caravan_hinted_turn_1287", 11)
    assert state.turn == 0
    said = explain(state, 0, [("place", 0), ("pickup", 0)])
    assert "; once the line is played, the salt on space 4 stays loose under {p0:'s} camel: {p1}" in said, said


def test_a_good_left_under_a_camel_the_line_places_later_is_said_as_where_the_line_ends():
    """Seed 1487, short game, 2 actions left: "Steal gems from AI 2 … the swords on space 2 stay
    loose under your camel", while no camel of the seat's stood on space 2: the line's next step
    placed it there, a camel's move said nowhere as a "then"."""
    from tables import recorded

    state, log = recorded("camel_caravan", "camel_caravan_short_1487", 7)
    assert state.to_move() == 0 and state.left == 2 and 6 not in state.empties[0]
    said = explain(state, 0, (log[7], log[8]))
    assert log[7:9] == [("steal", 48, 1, "gems"), ("place", 6)]
    assert "once the line is played, the swords on space 2 stay loose under {p0:'s} camel" in said, said


def test_a_risk_to_a_good_of_the_kind_the_line_delivers_says_where_it_is():
    """ "Deliver hides from space 5 … — delivers hides for +3; risk: AI 2 can steal the hides next
    turn": the hides at risk were the other ones, on space 8, and read as those delivered."""
    two_meat = position(loaded=[[[30, "meat", False], [5, "meat", False]], []])
    said = explain(two_meat, 0, (("move_good", 30, 31, "meat", "top"),))
    assert said.startswith("delivers meat for +3; risk: {p1} can steal the meat on (0,5) next turn"), said
    # (a good of another kind than the one moved needs no place: "the swords" is the one there is)
    assert "the swords next turn" in explain(position(), 0, (("move_good", 30, 31, "meat", "top"),))


def test_a_line_that_ends_the_turn_early_says_the_actions_it_leaves_unused():
    """A review's "Yours:" of a turn ended with 2 actions unused, graded a mistake, said only its
    first step ("a camel into the city of your hides; 3 actions left; then delivers hides for +3"):
    the early end, the mistake, unsaid."""
    import random

    from caravan_tui.games import get_game

    game = get_game("camel_caravan")
    rng, state = random.Random(3), game.new(2, seed=3, options={})
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()), False)
    seat = state.to_move()
    for first in (action for action in state.legal_actions() if action[0] != "end_turn"):
        after = state.clone()
        after.apply(first, False)
        if after.to_move() == seat and after.left:
            break
    said = explain(state, seat, [first, ("end_turn",)])
    unused = after.left
    assert f"then ends the turn with {unused} action{'s' if unused != 1 else ''} unused" in said, said
    assert "unused" not in explain(state, seat, [first])
