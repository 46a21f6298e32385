"""A newcomer's Camel Caravan match (short game, seed 1940494932), three turns running: the hint
moved a camel from (2,2) onto the meat on space 7 (2 actions), and the next hint of the turn moved
it back: the search's line went out and back, a pass in four actions, among moves it could hardly
tell apart. A hint puts first a move about as good whose line comes back to no board the turn
already had, and says so of each line that does; the review names the same move its better."""

from __future__ import annotations

from caravan_tui.ai.explain import BACK, Candidate, not_back
from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.ai.review import ITERATIONS, Position, _searched
from caravan_tui.games import get_game

GAME = get_game("camel_caravan")
#: the newcomer's turn, 4 actions: an empty camel on (2,2) (cell 16), the meat on space 7 (cell 42)
VIEW = {
    "game": "camel_caravan",
    "seat": 0,
    "over": False,
    "players": 2,
    "camels": 5,
    "short_game": True,
    "start": 1,
    "to_move": 0,
    "turns": 22,
    "left": 4,
    "supply": [0, 0],
    "empty": [[16, 17], [15, 16]],
    "loaded": [
        [[18, "cloth", True], [37, "swords", False], [42, "meat", False]],
        [[1, "hides", False], [8, "hides", False], [24, "ivory", False]],
    ],
    "goods": [[6, "salt"], [9, "swords"], [11, "meat"], [42, "meat"], [48, "meat"]],
    "demand": [[6, 1], [42, 1]],
    "demand_supply": 32,
    "markers": [4, 6],
    "thefts": [0, 2],
    "delivered": [
        {"meat": 0, "swords": 0, "salt": 1, "hides": 1, "ivory": 0, "cloth": 0, "gems": 1, "paper": 0},
        {"meat": 1, "swords": 1, "salt": 0, "hides": 0, "ivory": 0, "cloth": 0, "gems": 0, "paper": 0},
    ],
    "bag": {"meat": 1, "swords": 3, "salt": 4, "hides": 3, "ivory": 1, "cloth": 1, "gems": 1, "paper": 2},
    "draws": 3,
    "scores": [13, 9],
    "ended": "",
}
OUT, BACK_AGAIN = ("move_camel", 16, 42), ("move_camel", 42, 16)
ELSEWHERE = ("move_camel", 16, 24)
#: the search's candidates there (its most visited first, the values of its lines)
FOUND = [
    Candidate(OUT, 0.4, 0.591, (OUT, BACK_AGAIN), "a camel onto the meat on space 7", 0.001),
    Candidate(ELSEWHERE, 0.3, 0.597, (ELSEWHERE, ("move_good", 18, 24, "cloth", "under")), "towards cloth", 0.001),
]


def test_a_line_that_ends_the_turn_where_it_began_goes_below_one_about_as_good():
    shown = not_back("camel_caravan", VIEW, 0, FOUND, [])
    assert [candidate.action for candidate in shown] == [ELSEWHERE, OUT]
    assert shown[1].reason == f"{BACK}; a camel onto the meat on space 7" and shown[0].reason == "towards cloth"


def test_a_move_back_to_a_board_the_turn_had_goes_below_one_about_as_good():
    world = GAME.from_view(VIEW, 0)
    world.apply(OUT, False)
    found = [
        Candidate(BACK_AGAIN, 0.5, 0.59, (BACK_AGAIN,), "", 0.001),
        Candidate(("end_turn",), 0.2, 0.588, (("end_turn",),), "passes", 0.001),
    ]
    shown = not_back("camel_caravan", world.view(0), 0, found, [VIEW])
    assert [candidate.action for candidate in shown] == [("end_turn",), BACK_AGAIN] and shown[1].reason == BACK
    # far better, the move back stays first, said so
    better = [found[0]._replace(value=0.7), found[1]]
    assert [candidate.action for candidate in not_back("camel_caravan", world.view(0), 0, better, [VIEW])] == [
        BACK_AGAIN,
        ("end_turn",),
    ]


def test_lines_that_come_back_nowhere_are_left_as_they_were():
    found = [FOUND[1], FOUND[0]._replace(line=(OUT,))]
    assert not_back("camel_caravan", VIEW, 0, found, []) == found


def stays(state, action) -> bool:
    """Whether ``action`` leaves the seat to move with actions left."""
    after = state.clone()
    after.apply(action, False)
    return after.to_move() == state.to_move()


async def test_a_host_weighs_a_hint_against_every_board_of_the_turn_so_far() -> None:
    """The host hands ``not_back`` the seat's views at each step of its turn, its start first."""
    from test_camel_hint_keeps_its_line import KEPT_TURN, LOG, OPTIONS, SEED

    from caravan_tui import bus as messages
    from caravan_tui.bus import Bus
    from caravan_tui.match.host import MatchHost
    from caravan_tui.seats import SeatSpec

    host = MatchHost.new("camel_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, Bus())
    for action in LOG[:KEPT_TURN]:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    assert host.state.to_move() == 0 and host._passed(0) == []
    seen = []
    for _ in range(2):
        seen.append(host.state.view(0))
        step = next(action for action in host.state.legal_actions() if stays(host.state, action))
        await host.handle(messages.Act(host.match_id, 0, host.turn, step))
    assert host.state.to_move() == 0 and host._passed(0) == seen


def test_the_review_s_better_move_is_the_hint_s_not_a_pass_in_four_actions():
    """The review's best move at the newcomer's turn is the one its hint stars, not the search's
    own camel onto the meat and back (the same search: the hint's seed at that move)."""
    turn = 60  # (the move of the log the turn begins at: any, so long as both search it alike)
    found = _searched(GAME.id, 0, Position(turn, VIEW, ELSEWHERE, -1), ITERATIONS)
    shown = not_back(GAME.id, VIEW, 0, hint(GAME.id, VIEW, 0, seed=hint_seed(0, turn)), [])
    assert found.best == shown[0].action == ELSEWHERE
    assert BACK_AGAIN not in found.steps
