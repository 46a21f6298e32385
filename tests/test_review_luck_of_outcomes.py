"""A review's luck is a draw's value against its other outcomes', as backgammon's is a roll's
against every roll's. A newcomer's Camel Caravan review (seed 155) read "Luck after your move
339: +13 points of win chance (chance went your way)" for the last refill, after which the
delivery the seat had ready won whatever came out of the bag: the search that drew had valued
the end at 87%, the next one found the win."""

from __future__ import annotations

import pytest
from camel_seed155 import ACTIONS, OPTIONS, SEED

from caravan_tui.ai.review import (
    Draw,
    Judged,
    Position,
    Review,
    draw_outcomes,
    expected,
    outcome_positions,
    with_outcomes,
)
from caravan_tui.games import get_game

REFILL = 338  # the pick-up that set off the last refill
DRAW = Draw(REFILL, "Refill: … The bag is empty: the game ends after the next delivery.")


def judged(turn: int, before: float, after: float, seat: int = 0) -> Judged:
    return Judged(turn, ("a",), "a", "", ("a",), "a", "", before, after, seat, turn)


def account(review: Review) -> dict[str, float]:
    totals = {kind: review.account().total(kind) for kind in ("yours", "others", "luck", "drift")}
    assert review.account().start + sum(totals.values()) == review.account().end  # (the parts add up)
    return totals


def test_a_draw_every_outcome_of_which_wins_is_no_luck():
    decisions = (judged(REFILL, 0.87, 0.87), judged(REFILL + 1, 1.0, 1.0))
    told = Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions, (), (DRAW,))
    assert account(told)["luck"] == 13 and told.draws_to_weigh() == [REFILL]
    weighed = with_outcomes(told, {REFILL: [1.0] * 4}, [])
    assert account(weighed) == {"yours": 0, "others": 0, "luck": 0, "drift": 13}
    assert not weighed.turning_points()  # (no luck to put first)


def test_luck_is_the_outcome_that_came_against_the_mean_of_all_weighed():
    decisions = (judged(10, 0.5, 0.5), judged(12, 0.6, 0.6))
    worse = [Position(12, {}, ("a",), 0)] * 4  # (each valued 40% by its next decision's search)
    weighed = with_outcomes(
        Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions, (), (Draw(10, "x"),)), {10: worse}, [0.4] * 4
    )
    assert account(weighed)["luck"] == 16  # 60% against (60 + 4 × 40) / 5 = 44%
    other = with_outcomes(weighed, {10: [Position(11, {}, ("a",), 1)] * 4}, [0.6] * 4)  # (the other seat's 60%)
    assert account(other)["luck"] == 16
    ended = with_outcomes(weighed, {10: [0.0, 0.0, 1.0, 1.0]}, [])  # (the match ended: the seat's result)
    assert account(ended)["luck"] == 8  # 60% against (60 + 200) / 5 = 52%


def test_a_card_another_seat_showed_is_not_drawn_again():
    decisions = (judged(10, 0.5, 0.5), judged(12, 0.8, 0.8))
    shown = Review("decktet_caravan", "m", 0, 2, 10, 1.0, decisions, (), (Draw(10, "AI 2 plays …", True),))
    assert shown.draws_to_weigh() == []


def test_a_weighed_review_reads_back_and_junk_outcomes_are_refused():
    decisions = (judged(10, 0.5, 0.5), judged(12, 0.6, 0.6))
    done = with_outcomes(
        Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions, (), (Draw(10, "x"),)),
        {10: [Position(12, {}, ("a",), 1), 1.0]},
        [0.25],
    )
    assert done.outcomes == ((10, ((1, 0.25), (-1, 1.0))),)
    assert Review.from_data(done.to_data()) == done
    for junk in ([[10, [[2, 0.5]]]], [[10, [[0, 2.5]]]], [[10, [0.5]]], [["10", []]], {"10": []}):
        with pytest.raises(ValueError):
            Review.from_data({**done.to_data(), "outcomes": junk})


@pytest.fixture(scope="module")
def last_refill() -> dict[int, list[Position | float]]:
    return draw_outcomes(get_game("camel_caravan"), 2, SEED, OPTIONS, ACTIONS, 0, [REFILL])


@pytest.mark.thorough
def test_the_last_refill_redrawn_leaves_the_seat_its_winning_delivery_each_time(last_refill):
    outcomes = last_refill[REFILL]
    assert len(outcomes) == 4 and all(isinstance(o, Position) and o.seat == 0 for o in outcomes)
    assert len({repr(sorted(o.view.items())) for o in outcome_positions(last_refill)}) > 1  # (other draws)
    # the game rates each a sure win (the delivery that ends it), as the search that came next did
    assert [expected("camel_caravan", 0, o, 20) for o in outcome_positions(last_refill)] == [1.0] * 4


def test_a_luck_line_says_how_many_it_saw_where_it_shows_only_the_last():
    """Seed 161 (Caravans of Ahldarahd): "…; Turned up: red Metals. … (and 4 before)" read as a riddle."""
    from caravan_tui.ai.review_text import seen

    draws = tuple(Draw(10, f"Turned up: card {n}.") for n in range(5))
    review = Review("camel_caravan", "m", 0, 2, 10, 1.0, (judged(10, 0.5, 0.5),), (), draws)
    assert seen(review, draws, ["Ann", "Bob"]) == (
        "Turned up: card 0; …; Turned up: card 3; Turned up: card 4 "
        "(the first and the last 2 of 5 things seen since your move)"
    )  # (the first, right after the move, was left out: often what mattered)
    assert seen(review, draws[:3], ["Ann", "Bob"]) == "Turned up: card 0; Turned up: card 1; Turned up: card 2"
