"""A hint names the line that wins the match with nothing left to chance (a newcomer's match,
``merchant_lord_seed761488874``, its last round): the other player had sold, the person was at 8
table cards with M03 in hand and dice 1 1 3 3 5; turning the 5 into a 4 and tucking M03 at their
3-4 village made 9 and won. The hint said "One of several about as good: Reroll 5 (1f) … a 17%
chance to tuck a card … (68% to win)", the turn "Or", and the review called it "fine: 63%"."""

from __future__ import annotations

import pytest
from merchant_lord_seed761488874 import LAST, MOVES, OPTIONS, ROUND_8, SEED

from caravan_tui.ai.explain import WINNING, WINS
from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.ai.review import decisions_of, judge
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.ai import winning_line
from caravan_tui.screens.table_panels import explanation

GAME = get_game("merchant_lord")
WON = (("adjust", 5, -1), ("end_favour",), ("sell", "P0-V34", (("M03", "R"),)))


def after(count: int):
    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:count]:
        state.apply(action, False)
    return state


def test_the_shortest_line_that_wins_is_found() -> None:
    state = after(LAST)
    assert state.to_move() == 0 and state.table == [8, 8]
    assert winning_line(state, 0) == WON
    assert winning_line(after(ROUND_8), 0) is None  # (no win within reach: none said)


def test_a_line_of_several_turns_is_found_in_any_order_of_them() -> None:
    """``merchant_lord_seed2172``, round 9: the person last to act at 8 table cards against 8 and
    7, dice 6 1 2 2, 14 favour: turning 2 2 into 3 4 (three turns) and tucking M24 at the 1-6
    won. Every order of the turns was looked through apart, past the positions the look allows,
    and the hint rerolled, "no chance to tuck a card"."""
    from merchant_lord_seed2172 import MOVES, OPTIONS, SEED

    state = GAME.new(3, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    assert state.to_move() == 0 and state.table == [8, 8, 7] and state.favour[0] == 14
    line = winning_line(state, 0)
    assert line is not None and [action[0] for action in line] == ["adjust"] * 3 + ["end_favour", "sell"]


def test_the_hint_puts_it_first_and_says_it_wins(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after(LAST)
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, LAST))
    first = found[0]
    assert (first.action, first.line, first.value) == (WON[0], WON, 1.0)
    assert first.reason.endswith(WINS) and "tucking 1 card" in first.reason, first.reason
    rows = [[c.action, c.share, c.value, c.reason, c.action, c.error, c.own, c.sure] for c in found]
    assert explanation(rows, [str(c.action) for c in found], 12)[0].startswith(WINNING.capitalize() + ": ")


@pytest.mark.thorough
def test_the_review_calls_the_winning_turn_the_best() -> None:
    """The review graded it "fine: 63%" beside a reroll the search had visited more."""
    (position,) = [p for p in decisions_of(GAME, 2, SEED, OPTIONS, [*MOVES, WON[0]], 0).decisions if p.turn == LAST]
    judged = judge(GAME.id, 0, position)
    assert (judged.best, judged.before, judged.after) == (WON[0], 1.0, 1.0)


#: a 3-player match (seed 1972) up to the person's favour step of round 8: 7 table cards, M10 and
#: M30 in hand, dice 5 1 4 2 4 and 6 favour; AI 3 at 8 has played this round, AI 2 at 6 holds one
#: card. Three turns of a die and a sale tucking both cards make 9, which neither can reach
THREE = [
    ("end_favour",), ("sell", "P1-V16", ()), ("sell", "P1-V25", ()), ("end_favour",), ("sell", "P2-V25", ()),
    ("sell", "P0-V25", ()), ("adjust", 3, 1), ("sell", "P0-V16", ()), ("sell", "P0-V34", ()), ("buy", "M28"),
    ("end_favour",), ("sell", "P2-V25", ()), ("sell", "P1-V34", ()), ("sell", "P0-V34", ()), ("reroll", 1, 4, 4),
    ("end_favour",), ("end_selling",), ("buy", "M18"), ("buy", "M29"), ("reroll", 1, 1, 2, 3), ("end_favour",),
    ("sell", "P0-V34", (("M28", "L"),)), ("end_favour",), ("sell", "P1-V34", (("M29", "R"),)), ("reroll", 1, 1, 3),
    ("end_favour",), ("sell", "P2-V25", (("M18", "L"),)), ("buy", "M12"), ("buy", "M25"), ("buy", "M04"),
    ("end_favour",), ("sell", "P1-V16", (("M25", "R"),)), ("reroll", 2, 2, 4), ("end_favour",),
    ("sell", "P0-V25", ()), ("adjust", 5, 1), ("sell", "P0-V34", (("M12", "L"),)), ("reroll", 4), ("end_favour",),
    ("sell", "P2-V16", (("M04", "L"),)), ("reroll", 2), ("reroll", 3), ("end_favour",),
    ("sell", "P0-V25", (("M13", "L"),)), ("adjust", 1, -1), ("end_favour",), ("sell", "P1-V34", ()),
    ("buy", "M17"), ("buy", "M10"), ("buy", "M01"), ("adjust", 2, -1), ("adjust", 1, -1),
    ("sell", "P0-V16", (("M22", "R"),)), ("reroll", 5), ("reroll", 4, 6), ("reroll", 6), ("reroll", 5),
    ("end_favour",), ("sell", "P1-V16", (("M01", "R"),)), ("reroll", 5, 5), ("end_favour",),
    ("sell", "P2-V34", (("M17", "L"),)), ("buy", "M05"), ("end_favour",), ("sell", "P2-V16", ()),
    ("reroll", 4, 4, 6), ("end_favour",), ("sell", "P2-V25", (("M05", "L"),)), ("reroll", 3),
    ("sell", "P0-V34", ()), ("buy", "M14"), ("buy", "M15"), ("buy", "M30"), ("adjust", 5, -1),
    ("sell", "P2-V34", (("M15", "R"),)),
]  # fmt: skip


def test_a_win_that_the_seats_still_to_play_cannot_reach_is_found() -> None:
    state = GAME.new(3, seed=1972, options=OPTIONS)
    for action in THREE:
        state.apply(action, False)
    assert state.to_move() == 0 and state.table == [7, 6, 8]
    line = winning_line(state, 0)
    assert line is not None and line[-1] == ("sell", "P0-V25", (("M10", "R"), ("M30", "R"))), line
    for action in line:
        state.apply(action, False)
    assert state.table[0] == 9 and state.to_move() != 0 and winning_line(state, 0) == ()


def test_no_line_past_a_roll_is_said_to_win() -> None:
    """``merchant_lord_seed2362``, round 10's buy at 8 table cards each: the hint called "Buy
    M17" "a winning line … nothing left to chance", its turns of a die made on the round 11 roll
    its world had guessed (a roll of 1 1 1 1 1 leaves no tuck within the favour held)."""
    from merchant_lord_seed2362 import MOVES, OPTIONS, SEED

    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    assert state.to_move() == 0 and state.table == [8, 8] and ("buy", "M17") in state.legal_actions()
    assert winning_line(state, 0) is None
    assert winning_line(GAME.from_view(state.view(0), 0), 0) is None


def test_a_seat_that_has_sold_this_round_adds_nothing_and_the_fewest_turns_come_first() -> None:
    """``merchant_lord_sure_wins``: the seats that sold before the person this round hold what
    they hold (AI 3's 8 had counted as able to reach 10), and a line of one turn comes before
    one of two (4 favour, a turn that did nothing)."""
    from merchant_lord_sure_wins import OPTIONS, THREE, THREE_PLAYERS, THREE_SEED, TWO, TWO_PLAYERS, TWO_SEED

    state = GAME.new(THREE_PLAYERS, seed=THREE_SEED, options=OPTIONS)
    for action in THREE:
        state.apply(action, False)
    assert state.table == [7, 7, 8] and state.to_move() == 0
    line = winning_line(state, 0)
    assert line is not None and line[-1][0] == "place", line
    assert [action[0] for action in line].count("adjust") == 2
    state = GAME.new(TWO_PLAYERS, seed=TWO_SEED, options=OPTIONS)
    for action in TWO:
        state.apply(action, False)
    assert state.table == [8, 7] and state._unplaced_values(0) == [2, 3, 4, 6, 6, 6]
    line = winning_line(state, 0)
    assert line is not None and [action[0] for action in line].count("adjust") == 1, line
