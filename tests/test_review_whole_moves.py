"""A review tells a decision's whole move: every step, what the rules laid between the steps,
and no "…" where the page has room.

Met in two newcomers' Caravanserai matches: AI 2's move 14 read "…then Head east (E) to (7,-4)
(white Caravanserai), then End with a camel on (5,-2)", two cells from the last cell it named (the
white goods the rules laid after the turn were left out: only what they laid after a move's last
step was told); and a solo review's move 52 read "…as this piece, …, then laid for you: …" (a
move's words were cut at 600 characters)."""

from __future__ import annotations

from caravan_tui.ai.review import decisions_of
from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game

#: seed 152, two players, the person in seat 0: the match to AI 2's first placement, its move 14
TWO = [
    ["start", 2, -5],
    ["start", 3, -4],
    ["dir", 4],
    ["good", 3, 1],
    ["decline"],
    ["dir", 3],
    ["good", 2, 2],
    ["dir", 4],
    ["good", 0, 3],
    ["dir", 0],
    ["good", 4, 4],
    ["dir", 5],
    ["stand", 1, 0, 0],
    ["dir", 0],
    ["good", 1, 2],
    ["good", 0, 3],
    ["dir", 0],
    ["camel"],
]

#: seed 151, solo: the match to the end of its 52nd move
SOLO = [
    ["start", 5, -2],
    ["dir", 3],
    ["good", 3, 2],
    ["use"],
    ["dir", 5],
    ["good", 0, 3],
    ["dir", 4],
    ["use"],
    ["dir", 2],
    ["good", 2, 4],
    ["dir", 0],
    ["stand", 3, 4, -5],
    ["stand", 4, 5, -3],
    ["dir", 0],
    ["good", 4, 2],
    ["use"],
    ["dir", 2],
    ["good", 1, 3],
    ["dir", 4],
    ["good", 3, 4],
    ["dir", 1],
    ["dir", 0],
    ["camel"],
    ["dir", 2],
    ["good", 0, 2],
    ["good", 3, 3],
    ["dir", 4],
    ["dir", 3],
    ["stand", 2, -4, 0],
    ["stand", 2, -5, 1],
    ["dir", 5],
    ["good", 2, 2],
    ["use"],
    ["dir", 4],
    ["camel"],
    ["dir", 0],
    ["good", 0, 1],
    ["good", 1, 2],
    ["good", 2, 3],
    ["good", 4, 4],
    ["dir", 1],
    ["dir", 1],
    ["dir", 2],
    ["stand", 4, 6, -4],
    ["stand", 0, 5, -1],
    ["stand", 3, 3, -3],
    ["stand", 3, 3, -2],
    ["stand", 2, 2, -3],
    ["stand", 2, 1, -3],
    ["stand", 4, 1, -1],
    ["stand", 4, 0, 0],
    ["dir", 3],
    ["good", 3, 2],
    ["use"],
    ["dir", 3],
    ["good", 2, 3],
    ["use"],
    ["dir", 3],
    ["use"],
    ["dir", 4],
    ["good", 0, 4],
    ["dir", 3],
    ["use"],
]


def _decisions(players: int, seed: int, moves: list) -> tuple:
    actions = [normalise_action(move) for move in moves]
    return decisions_of(get_game("caravanserai"), players, seed, {"variant": "basic"}, actions, 0).decisions


def test_a_move_tells_what_the_rules_laid_between_its_steps() -> None:
    move = next(p for p in _decisions(2, 152, TWO) if p.seat == 1 and p.turn == 13)
    assert move.words.endswith(
        "then Head east (E) to (7,-4) (white Caravanserai), then laid for {p1}: 1 white good, head SW, 1 white "
        "good, then End with a camel on (5,-2): count 3, take back 3, caravan 4"
    ), move.words


def test_a_long_move_is_told_whole() -> None:
    longest = max(_decisions(1, 151, SOLO), key=lambda p: len(p.words))
    assert len(longest.words) > 600 and "…" not in longest.words, longest.words


def test_a_camel_caravan_turn_is_one_decision_to_its_end_or_a_refill() -> None:
    """The moves that set up a winning delivery were reviewed one by one, each by a search that
    played the rest of the turn at random below it, and called blunders; a turn is one decision
    now, up to its end or a refill (the bag's draw is chance)."""
    from camel_seed155 import ACTIONS, OPTIONS, SEED

    game = get_game("camel_caravan")
    found = decisions_of(game, 2, SEED, OPTIONS, ACTIONS, 0)
    state = game.new(2, seed=SEED, options=OPTIONS)
    ends = set()
    for number, action in enumerate(ACTIONS):
        mover = state.to_move()
        events = state.apply(action, True)
        if state.to_move() != mover or any(event.reveals is True for event in events):
            ends.add(number)
    mine = [position for position in found.decisions if position.seat == 0]
    assert all((position.end if position.steps else position.turn) in ends for position in mine)
    assert sum(len(position.steps) > 2 for position in mine) > len(mine) // 2  # (most turns are several actions)
