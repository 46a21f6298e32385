"""A review calls luck only what a draw itself did, and no mistake the same moves in another
order. A newcomer's Camel Caravan reviews (short game, seeds 21 and 22) read "Luck after your
move 197: −10 points" for the refill that emptied the bag, which the AI's own pick-up set off
and whose goods everyone could count (its search had valued the pick-up, over every draw, as the
next search found it after the draw), and "Move 17: Deliver salt … a mistake: 53% → 47%"
where the pick-up the search preferred came next, the position after it rated 52%."""

from __future__ import annotations

import pytest
from test_camel_win_this_turn import WON

from caravan_tui.ai.review import Draw, Judged, Review, _reordered
from caravan_tui.games.camel_caravan.rules import CamelCaravanState


def judged(turn: int, before: float, after: float, seat: int = 0, action=("a",), best=("a",)) -> Judged:
    return Judged(turn, action, "a", "", best, "b", "", before, after, seat, turn)


def test_luck_is_what_the_draw_did_against_what_the_move_that_drew_expected():
    decisions = (judged(196, 0.76, 0.76), judged(201, 0.66, 0.66))
    others = (
        judged(197, 0.239, 0.248, seat=1, best=("b",)),
        judged(198, 0.353, 0.353, seat=1),  # the pick-up that brought the last refill
        judged(199, 0.351, 0.351, seat=1),
        judged(200, 0.341, 0.341, seat=1),
    )
    draws = (Draw(198, "Refill: … The bag is empty: the game ends after the next delivery."),)
    account = Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions, others, draws).account()
    luck = [swing for swing in account.swings if swing.kind == "luck"]
    assert [swing.change for swing in luck] == [0]  # 65% after the draw, as 65% expected before it
    # (the rest of the 10 points is the searches valuing the end of the bag differently: drift)
    drift = [swing.change for swing in account.swings if swing.kind == "drift" and swing.index == 0]
    assert drift == [-10] and account.total("others") == 0
    assert account.start + sum(swing.change for swing in account.swings) == account.end


def test_the_best_played_next_makes_the_move_before_it_no_mistake():
    deliver, pickup = ("move_good", 10, 17, "salt", "top"), ("pickup", 11)
    decisions = (
        judged(16, 0.529, 0.419, action=deliver, best=pickup),  # (a turn's grades: 11 points is a mistake)
        judged(17, 0.52, 0.52, action=pickup, best=pickup),
    )
    review = Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions)
    assert review.cost(decisions[0]) == 1 and review.grade(decisions[0]) == ""
    apart = (decisions[0], judged(19, 0.52, 0.52, action=pickup, best=pickup))  # (another seat moved between)
    assert Review("camel_caravan", "m", 0, 2, 10, 1.0, apart).grade(apart[0]) == "mistake"


def test_a_proposal_turned_down_is_valued_where_its_seat_decides_again():
    """Caravans of Ahldarahd: "Move 20: Write a trade proposal to AI 2 … — a mistake: 47% → 38%",
    declined, and the next decision of the same build began at 47% again (the rules: a declined
    proposal costs nothing but one of the build's three)."""
    propose, buy = ("compose", "AI 2"), ("buy", 3)
    proposal = Judged(19, propose, "a", "", buy, "b", "", 0.47, 0.38, 0, 21)
    declined = (proposal, judged(23, 0.47, 0.47, action=buy, best=buy))
    reply = judged(22, 0.5, 0.5, seat=1, action=("decline",), best=("decline",))
    review = Review("ahldarahd", "m", 0, 3, 10, 0.0, declined, (reply,))
    assert review.cost(proposal) == 0 and review.grade(proposal) == ""
    accepted = judged(22, 0.5, 0.5, seat=1, action=("accept",), best=("accept",))
    assert Review("ahldarahd", "m", 0, 3, 10, 0.0, declined, (accepted,)).cost(proposal) > 4
    drawn = Review("ahldarahd", "m", 0, 3, 10, 0.0, declined, (reply,), (Draw(22, "a card is dealt"),))
    assert drawn.cost(proposal) > 4  # (something new came between: not as it was)
    # the reply's own words showing a card are no chance ("AI 2 declines: a Salt card is worth
    # about 3 gold to AI 2" kept a declined proposal "a mistake: 43% → 33%")
    said = (Draw(22, "AI 2 declines: a Salt card is worth about 3 gold to AI 2", True),)
    assert Review("ahldarahd", "m", 0, 3, 10, 0.0, declined, (reply,), said).cost(proposal) == 0
    # (the game's own refusals only: a Camel Caravan reply of that name is a move like any other)
    assert Review("camel_caravan", "m", 0, 3, 10, 0.0, declined, (reply,)).cost(proposal) == 9


def test_a_move_the_best_line_makes_later_in_the_turn_reaches_the_same_position():
    world = CamelCaravanState.from_data(WON)
    line = (("move_camel", 23, 9), ("pickup", 9), ("move_camel", 21, 17))
    assert _reordered(world, 0, (("move_camel", 21, 17),), line)
    assert not _reordered(world, 0, (("move_camel", 21, 16),), line)
    assert not _reordered(world, 0, (("pickup", 9),), line)  # (no camel there yet: not the same moves)


@pytest.mark.thorough
def test_a_move_that_keeps_a_sure_win_costs_nothing():
    """Camel Caravan, the win within the turn (seed 91, move 218): a camel sent on with the
    delivery that won still two actions away was "a blunder: 95% → 83%" (a search's mean counts
    the actions it tried that waste the win); the game rates both positions won."""
    from caravan_tui.ai.review import Position, judge

    world = CamelCaravanState.from_data(WON)
    assert world.estimate()[0] == 1.0
    kept = lost = None
    for action in world.legal_actions():
        if action[0] != "move_camel":
            continue
        after = world.clone()
        after.apply(action, False)
        if after.to_move() == 0 and after.estimate()[0] == 1.0:
            kept = kept or action
        elif after.to_move() == 0:
            lost = lost or action
    assert kept is not None and lost is not None
    view = world.view(0)
    sure = judge("camel_caravan", 0, Position(202, view, kept), iterations=60)
    assert sure.before == sure.after == 1.0
    wasted = judge("camel_caravan", 0, Position(202, view, lost), iterations=60)
    assert wasted.after < 1.0  # (the win no longer within the turn: the search's value)


def test_a_better_line_the_search_left_short_of_the_turns_end_says_the_turn_goes_on():
    """Camel Caravan: "Better: Move swords … — 1 action, then Move a camel … — 1 action, then Move
    a camel … — 1 action", three actions of a turn of four, the delivery that was its point left
    out and no word that the turn went on."""
    from caravan_tui.ai.review import _steps_said
    from caravan_tui.games import get_game

    game = get_game("camel_caravan")
    state = game.new(2, seed=3)
    while True:  # (a step after which the turn goes on: the first turns have one action)
        seat = state.to_move()
        step = next(action for action in state.legal_actions() if action[0] != "end_turn")
        after = state.clone()
        after.apply(step, False)
        if after.to_move() == seat and ("end_turn",) in after.legal_actions():
            break
        state = after
    assert _steps_said(game, state, seat, (step,)).endswith(", then …")
    assert not _steps_said(game, state, seat, (step, ("end_turn",))).endswith("…")


def test_luck_after_anothers_decision_among_three_is_told_with_that_move():
    """Caravans of Ahldarahd, three players: "you lost this on the draw, −45%" of a window in
    which AI 2's build took the person's city, then a card was turned up: among more than two
    seats the other's figures are not the seat's, so no search tells that build from the draw
    after it, and the whole change was told as the draw's."""
    from caravan_tui.ai.review_text import plain_words, split_line, turning_point_lines

    build = Judged(3, ("claim", 1), "Claim Salt–Dates", "", ("claim", 1), "b", "", 0.6, 0.6, 1, 3)
    decisions = (judged(1, 0.5, 0.5), judged(6, 0.05, 0.05))
    drawn = (Draw(3, "a card is turned up: Horses"),)
    review = Review("ahldarahd", "m", 0, 3, 10, 0.0, decisions, (build,), drawn)
    (luck,) = [swing for swing in review.account().swings if swing.kind == "luck"]
    assert luck.with_moves == (build,) and luck.change < -30
    names = ["Ann", "AI 2", "AI 3"]
    point = " ".join(turning_point_lines(review, luck, names))
    assert "with AI 2's move 4 before the chance" in point and "AI 2 played Claim Salt–Dates" in point
    said = plain_words(review, names) or ""
    assert "to luck" not in said and "the others' moves and the chances after them" in said
    assert f"luck −{-luck.change:.0f}% (with the others' moves before a chance" in split_line(review)
    # (between two seats the draw after the other's move is valued from its figures: luck alone)
    apart = Review("ahldarahd", "m", 0, 2, 10, 0.0, decisions, (build,), drawn)
    assert all(not swing.with_moves for swing in apart.account().swings)


def test_luck_told_with_the_others_moves_between_two_says_why_as_it_is_there():
    """A two-player Decktet Caravan review: "with AI 2's moves before the chance (among more than
    two players, no search tells a move of theirs from the chance after it)". Between two, the
    chance came after a move no one decided (a hand dealt after a forced play): that is why."""
    from caravan_tui.ai.review_text import WITH_MOVES_TWO, turning_point_lines

    play = Judged(3, ("play", 1), "Caravan 5", "", ("play", 1), "b", "", 0.6, 0.6, 1, 3)
    decisions = (judged(1, 0.5, 0.5), judged(6, 0.05, 0.05))
    drawn = (Draw(4, "the next hand is dealt"),)
    review = Review("decktet_caravan", "m", 0, 2, 10, 0.0, decisions, (play,), drawn)
    (luck,) = [swing for swing in review.account().swings if swing.kind == "luck"]
    assert luck.with_moves == (play,)
    point = " ".join(turning_point_lines(review, luck, ["Ann", "AI 2"]))
    assert f"before the chance ({WITH_MOVES_TWO})" in point and "more than two" not in point, point
