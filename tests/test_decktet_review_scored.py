"""A Decktet Caravan review says how the match's points came (``ReviewTerms.scored``): a loss
0–36, the other out first in 4 hands of 5, was reviewed as "the searches' drift −79%", the
going-out bonuses (rules §5) named nowhere."""

from __future__ import annotations

import random

from caravan_tui.ai.review import Review, decisions_of
from caravan_tui.ai.review_text import account_lines, decided_line
from caravan_tui.games import get_game

GAME = get_game("decktet_caravan")
OPTIONS = GAME.resolve_options(None)


def played(seed: int, moves: int | None = None) -> tuple[list, object]:
    """A match of 5 hands played at random (seeded), to its end or for ``moves`` moves."""
    state, rng, actions = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed), []
    while not state.is_over() and len(actions) != moves:
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    return actions, state


def test_the_review_says_who_went_out_first_and_for_what_bonuses() -> None:
    actions, state = played(1)  # Bob out first in hands 1–4, Ann in hand 5
    rows = state.history  # (hand, out, bonus, piles, …) per hand
    bobs = [row[2] for row in rows if row[1] == 1]
    anns = [row[2] for row in rows if row[1] == 0]
    assert (len(bobs), len(anns)) == (4, 1)
    ann_piles, bob_piles = (sum(row[3][seat] for row in rows) for seat in (0, 1))
    match = decisions_of(GAME, 2, 1, OPTIONS, actions, 0)
    said = (
        f"{{p1}} went out first in 4 hands of 5 (+{sum(bobs)} in going-out bonuses), {{p0}} in 1 (+{anns[0]}); "
        f"the piles scored {{p0}} +{ann_piles}, {{p1}} −{-bob_piles}."
    )
    assert (ann_piles, bob_piles) == (11, -1)  # (the signs the words above are written for)
    assert match.decided == said and said not in match.ended
    review = Review("decktet_caravan", "m", 0, 2, 10, 0.0, (), decided=said)
    assert decided_line(review, ["Ann", "Bob"]) == (
        f"What decided it: Bob went out first in 4 hands of 5 (+{sum(bobs)} in going-out bonuses), you in 1 "
        f"(+{anns[0]}); the piles scored you +11, Bob −1."
    )


def test_what_decided_a_match_is_said_under_the_accounts_first_line() -> None:
    """A loss put on the searches' drift (−72%, no graded error) named the reason, the other out
    first in 4 hands of 5, only at the very end of the account, under "How it ended"."""
    review = Review("decktet_caravan", "m", 0, 2, 10, 0.0, (), decided="{p1} went out first in 4 hands of 5.")
    lines = account_lines(review, ["Ann", "Bob"])
    assert lines[1] == "What decided it: Bob went out first in 4 hands of 5."


def test_a_match_cut_short_says_nothing_of_its_points() -> None:
    actions, state = played(1, 40)
    assert not state.is_over() and state.history
    match = decisions_of(GAME, 2, 1, OPTIONS, actions, 0)
    assert (match.ended, match.decided) == ("", "")


def test_the_account_says_how_moves_are_counted_under_the_first_line_that_names_one() -> None:
    """Caravanserai: "What decided it: The rules skipped 5 of your turns, the first after move
    138" read as the person's own turns (16 in the match); what a move is was said only under the
    heading of every decision, at the review's end."""
    from caravan_tui.ai.review_text import MOVES_COUNTED

    said = "The rules skipped 5 of {p0:poss} turns, the first after move 138 (no camel in reserve)."
    lines = account_lines(Review("caravanserai", "m", 0, 2, 10, 0.0, (), decided=said), ["Ann", "Bob"])
    assert "move 138" in lines[1] and lines[2] == MOVES_COUNTED and lines.count(MOVES_COUNTED) == 1
    plain = account_lines(
        Review("decktet_caravan", "m", 0, 2, 10, 0.0, (), decided="{p1} went out first."), ["Ann", "Bob"]
    )
    assert MOVES_COUNTED not in plain
