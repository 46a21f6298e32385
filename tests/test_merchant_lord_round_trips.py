"""A hint's words never walk a die there and back: the search follows its most visited moves,
and its lines turned a die and then turned it back ("Either is about as good: … then turn a 5
into a 6, …; then turn a 6 into a 5"), 4 favour for the dice it had (12 of 324 hints over five
seeded matches listed such a line)."""

from __future__ import annotations

from merchant_lord_seed2462 import MOVES, OPTIONS, SEED

from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.explain import explain

GAME = get_game("merchant_lord")


def favour_step():
    """AI 2's favour step of round 2 of ``merchant_lord_seed2462``: dice 1 3 4 6, 6 favour."""
    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:7]:
        state.apply(action, False)
    assert (state.to_move(), state._unplaced_values(1), state.favour[1]) == (1, [1, 3, 4, 6], 6)
    return state


def test_a_turn_undone_later_in_the_line_is_left_out_of_its_words() -> None:
    line = [("adjust", 1, 1), ("adjust", 3, 1), ("adjust", 4, -1), ("end_favour",)]
    words = explain(favour_step(), 1, line)
    assert words.startswith("2 favour for dice 2 3 4 6; "), words
    assert "turn a 3 into a 4" not in words and "turn a 4 into a 3" not in words, words


def test_a_die_turned_back_and_forth_counts_once() -> None:
    line = [("adjust", 6, -1), ("adjust", 5, 1), ("adjust", 6, -1), ("end_favour",)]
    words = explain(favour_step(), 1, line)
    assert words.startswith("2 favour for dice 1 3 4 5; ") and "turn a" not in words, words


def test_a_line_that_turns_the_first_die_back_says_so() -> None:
    words = explain(favour_step(), 1, [("adjust", 6, -1), ("adjust", 5, 1), ("end_favour",)])
    assert words == (
        "2 favour for dice 1 3 4 5, and the search's line turns it back: favour for the dice {p1} {p1:has} now"
    ), words


def test_a_rerolls_chance_near_the_end_says_the_favour_left_for_more_tries() -> None:
    """Near the end a newcomer read "a 3% chance to tuck a card" as the turn's chance, where the
    favour left allowed several more rerolls and turns: the words say what is left."""
    from merchant_lord_sure_wins import OPTIONS as SURE
    from merchant_lord_sure_wins import THREE, THREE_PLAYERS, THREE_SEED

    state = GAME.new(THREE_PLAYERS, seed=THREE_SEED, options=SURE)
    for action in THREE:
        state.apply(action, False)
    assert state.table == [7, 7, 8] and state.favour[0] == 5
    # (and what playing on for a card makes of them: here two turns make one sure, after any roll)
    assert explain(state, 0, [("reroll", 5)]).endswith(
        "; 4 favour left for more turns and rerolls after it: with them, a card tucked for sure this turn"
    )
    early = explain(favour_step(), 1, [("reroll", 6)])  # (round 2: the favour is for the rounds to come too)
    assert "favour left" not in early, early
