"""A hint names the line that wins the match with nothing left to chance (a newcomer's match,
``merchant_lord_seed761488874``, its last round): the other player had sold, the person was at 8
table cards with M03 in hand and dice 1 1 3 3 5; turning the 5 into a 4 and tucking M03 at their
3-4 village made 9 and won. The hint said "One of several about as good: Reroll 5 (1f) … a 17%
chance to tuck a card … (68% to win)", the turn "Or", and the review called it "fine: 63%"."""

from __future__ import annotations

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


def test_the_hint_puts_it_first_and_says_it_wins(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after(LAST)
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, LAST))
    first = found[0]
    assert (first.action, first.line, first.value) == (WON[0], WON, 1.0)
    assert first.reason.endswith(WINS) and "tucking 1 card" in first.reason, first.reason
    rows = [[c.action, c.share, c.value, c.reason, c.action, c.error, c.own] for c in found]
    assert explanation(rows, [str(c.action) for c in found], 12)[0].startswith(WINNING.capitalize() + ": ")


def test_the_review_calls_the_winning_turn_the_best() -> None:
    """The review graded it "fine: 63%" beside a reroll the search had visited more."""
    (position,) = [p for p in decisions_of(GAME, 2, SEED, OPTIONS, [*MOVES, WON[0]], 0).decisions if p.turn == LAST]
    judged = judge(GAME.id, 0, position)
    assert (judged.best, judged.before, judged.after) == (WON[0], 1.0, 1.0)
