"""A lost match is played for points (``explain.decided_first``), and what orders a hint's moves
after that must not take them back. A 3-seat Camel Caravan match (seed 5, short game), seat 0
played at random and lost: at move 81 a hint starred a camel's move over picking up the hides
under 3 demand markers, the 3 points seat 0 could still bank, for the pick-up left the hides
within a thief's reach (``safer_first``); a line shown before (``kept_to_line``) did the same."""

from __future__ import annotations

from caravan_tui.ai.explain import Candidate, kept_to_line, safer_first

from tables import recorded

PICKUP = ("pickup", 48)  # the hides at space 8, under 3 demand markers
CAMEL = ("move_camel", 4, 18)  # a camel from (0,4) to (2,4)


def hinted(pickup: float, camel: float) -> tuple[dict, list[Candidate]]:
    """Seat 0's view at move 81 and the two moves as a hint's search valued them."""
    state, _log = recorded("camel_caravan", "camel_caravan_lost_pickup_5")
    assert state.to_move() == 0 and state.scores()[0] == 0
    return state.view(0), [Candidate(PICKUP, 0.4, pickup, (PICKUP,)), Candidate(CAMEL, 0.3, camel, (CAMEL,))]


def test_a_lost_match_keeps_the_pick_up_that_banks_markers_first() -> None:
    view, found = hinted(0.029, 0.018)  # as the hint's search valued them: lost either way
    assert [c.action for c in safer_first("camel_caravan", view, 0, found)] == [PICKUP, CAMEL]
    assert [c.action for c in kept_to_line("camel_caravan", view, 0, None, found, (CAMEL,))] == [PICKUP, CAMEL]


def test_an_open_match_still_keeps_a_good_out_of_a_thiefs_reach() -> None:
    view, found = hinted(0.50, 0.49)
    assert [c.action for c in safer_first("camel_caravan", view, 0, found)] == [CAMEL, PICKUP]
