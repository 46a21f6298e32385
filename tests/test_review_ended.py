"""A review says how a tie-break decided the match: a 9–9 tie of Caravans of Ahldarahd lost on
gold (0 to 15) was read as luck and the searches' drift, the gold never named. The words are the
result screen's (``Game.tie_words``). It says too how many of the seat's turns the rules skipped
(``Game.skipped_words``): a Caravanserai caravan out of camels lost six turns and the match, and
its review spoke only of the searches' drift."""

from __future__ import annotations

import dataclasses
import random

import pytest

from caravan_tui.ai.review import Review, decisions_of
from caravan_tui.ai.review_text import decided_line, ended_line, review_lines
from caravan_tui.games import get_game

NAMES = ["Ann", "Bob"]


def random_match(game_id: str, seed: int) -> list:
    """A two-player match of ``game_id`` played at random (seeded) to its end."""
    game = get_game(game_id)
    state, rng, actions = game.new(2, seed=seed, options=game.quick_options), random.Random(seed), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    return actions


def test_the_tie_break_that_decided_a_match_is_said_in_its_review() -> None:
    game = get_game("merchant_lord")
    actions = random_match("merchant_lord", 76)  # 8 table cards each, Bob ahead on coins
    match = decisions_of(game, 2, 76, game.quick_options, actions, 0)
    # the move that ended it, in the log's words; the tie-break, what decided it
    assert match.ended.startswith("{p1:'s} move 703 ended the match: {p1} reroll{p1:s} 1 3 for 1 favour")
    assert match.decided.endswith(" 8–8; {p1} win{p1:s} on the coins tie-break.")
    decided = "8–8; {p1} win{p1:s} on the coins tie-break."
    review = Review("merchant_lord", "m", 0, 2, 10, 0.0, (), decided=decided)
    assert decided_line(review, NAMES) == "What decided it: 8–8; Bob wins on the coins tie-break."
    assert "What decided it: 8–8; Bob wins on the coins tie-break." in review_lines(review, NAMES, game.title)
    assert Review.from_data(review.to_data()).decided == decided
    # a match won outright, or cut short, says nothing of it
    assert "tie-break" not in decisions_of(game, 2, 76, game.quick_options, actions[:-5], 0).decided
    assert decided_line(dataclasses.replace(review, decided=""), NAMES) is None


def test_the_turns_the_rules_skipped_are_said_in_the_review() -> None:
    """A loser's skipped turns are what decided the match; a winner's are how it ended ("What
    decided it: The rules skipped 4 of your turns" was said of a 30–27 win led from round 2)."""
    game = get_game("caravanserai")
    actions = random_match("caravanserai", 2)  # Ann's caravan boxed in twice near its end; Bob wins
    match = decisions_of(game, 2, 2, game.quick_options, actions, 0)
    anns = "The rules skipped 2 of {p0:'s} turns, the first after move 57 (no open cell next to the head)."
    bobs = "The rules skipped 7 of {p1:'s} turns, the first after move 113 (no open cell next to the head)."
    last = "{p0:'s} move 149 ended the match: {p0} stand{p0:s} a black market good on (-5,-1)."
    caravans = "Caravans: {p0} 6, {p1} 7."  # (``ReviewTerms.scored``: what the caravans came to)
    assert match.decided == f"{anns} {caravans}" and match.ended.startswith(f"{bobs} {last}")
    review = Review("caravanserai", "m", 0, 2, 10, 0.0, (), decided=match.decided)
    said = f"{anns} {caravans}".replace("{p0:'s}", "your").replace("{p0}", "you").replace("{p1}", "Bob")
    assert decided_line(review, NAMES) == "What decided it: " + said
    # Bob's review: Ann's skipped turns decided it; his own, the winner's, are how it ended
    bob = decisions_of(game, 2, 2, game.quick_options, actions, 1)
    assert bob.decided == f"{anns} {caravans}" and bob.ended.startswith(bobs)
    # a match cut short, every turn played, says nothing of it
    assert decisions_of(game, 2, 2, game.quick_options, actions[:50], 0).decided == ""
    # the moves after which they were skipped are kept, for the account's words of that stretch
    assert decisions_of(game, 2, 2, game.quick_options, actions, 0).skipped[0] == 56
    assert len(decisions_of(game, 2, 2, game.quick_options, actions, 1).skipped) == 7
    kept = dataclasses.replace(review, skipped=(56, 60))
    assert Review.from_data(kept.to_data()) == kept


def test_a_third_seats_skipped_turns_did_not_decide_a_loss() -> None:
    """Caravanserai among three: "What decided it: The rules skipped 3 of AI 2's turns" was said
    of a 30–32 loss to AI 3, AI 2 last with 18. A third seat's skipped turns are how the match
    ended, there; the seat's own decided its loss."""
    game = get_game("caravanserai")
    state, rng, actions = game.new(3, seed=9, options=game.quick_options), random.Random(9), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    assert state.outcome() == [0.0, 1.0, 0.0]  # (Bob won; Ann and Cy skipped turns)
    cys = "The rules skipped one of {p2:'s} turns, after move 157 (no open cell next to the head)."
    anns = "The rules skipped 10 of {p0:'s} turns, the first after move 66 (no open cell next to the head)."
    caravans = "Caravans: {p0} 5, {p1} 9, {p2} 6."
    ann = decisions_of(game, 3, 9, game.quick_options, actions, 0)
    assert ann.decided == f"{anns} {caravans}" and ann.ended.startswith(cys)
    cy = decisions_of(game, 3, 9, game.quick_options, actions, 2)
    assert cy.decided == f"{cys} {caravans}" and cy.ended.startswith(anns)
    bob = decisions_of(game, 3, 9, game.quick_options, actions, 1)  # (the winner: both decided it)
    assert bob.decided == f"{anns} {cys} {caravans}"


@pytest.mark.parametrize("skipped", [7, [-1], ["56"], list(range(100_000))])
def test_a_kept_reviews_skipped_turns_that_are_not_move_numbers_are_refused(skipped) -> None:
    data = Review("caravanserai", "m", 0, 2, 10, 0.0, ()).to_data() | {"skipped": skipped}
    with pytest.raises(ValueError, match="skipped turns are not move numbers"):
        Review.from_data(data)


@pytest.mark.parametrize("ended", [7, ["words"], "x" * 5000])
def test_a_kept_reviews_end_that_is_not_bounded_text_is_refused(ended) -> None:
    data = Review("merchant_lord", "m", 0, 2, 10, 0.0, ()).to_data() | {"ended": ended}
    with pytest.raises(ValueError, match="words of the end"):
        Review.from_data(data)


def test_the_end_of_a_match_shows_a_hostile_name_as_text() -> None:
    """The review screen draws the line as text: a name spelt as markup stays as typed."""
    from rich.console import Console

    from caravan_tui.widgets.hanging import hanging

    review = Review("merchant_lord", "m", 0, 2, 10, 0.0, (), ended="8–8; {p1} win{p1:s} on the coins tie-break.")
    line = ended_line(review, ["Ann", "[red]Bob[/red]"])
    assert line is not None
    drawn = hanging([line], 80, Console(width=80))
    assert drawn.plain == "How it ended: 8–8; [red]Bob[/red] wins on the coins tie-break." and not drawn.spans
    decided = decided_line(dataclasses.replace(review, decided=review.ended), ["Ann", "[red]Bob[/red]"])
    assert decided is not None
    drawn = hanging([decided], 80, Console(width=80))
    assert drawn.plain == "What decided it: 8–8; [red]Bob[/red] wins on the coins tie-break." and not drawn.spans
