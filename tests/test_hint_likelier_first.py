"""Of moves the search cannot tell apart, the one a hint's own figures put ahead goes first
(``explain.likelier_first``): a Merchant Lord hint (seed 5062, move 33: dice 1 2 4 5 6, 6 favour,
M11 in hand) starred "Reroll 4 5 … a 6% chance to sell for more" above "Or: Reroll 5 … a 17%
chance to sell for more", the same favour spent, and a newcomer who checked both by hand saw the
hint pick the worse."""

from __future__ import annotations

import pytest
from merchant_lord_seed5062 import MOVES, OPTIONS, SEED

from caravan_tui.ai.explain import Candidate, likelier_first
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.explain import explain

GAME = get_game("merchant_lord")
TWO, ONE, KEEP = ("reroll", 4, 5), ("reroll", 5), ("end_favour",)


def position():
    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:33]:
        state.apply(action)
    return state


def test_a_reroll_its_figures_put_ahead_goes_first_among_rerolls_about_as_good() -> None:
    state = position()
    view = state.view(0)
    said = [explain(state, 0, (action,)) for action in (TWO, ONE)]
    assert "a 6% chance to sell for more" in said[0] and "a 17% chance to sell for more" in said[1], said
    as_good = [Candidate(TWO, 0.24, 0.328, error=0.01), Candidate(ONE, 0.24, 0.323, error=0.01)]
    assert [c.action for c in likelier_first(GAME.id, view, 0, as_good)] == [ONE, TWO]
    # one the search rates clearly lower stays where it is: the search sees what follows the roll
    lower = [as_good[0], as_good[1]._replace(value=0.25)]
    assert [c.action for c in likelier_first(GAME.id, view, 0, lower)] == [TWO, ONE]
    # and a move the figures do not speak of (keeping the dice) is not weighed by them
    keeping = [Candidate(KEEP, 0.3, 0.33, error=0.01), as_good[1]]
    assert [c.action for c in likelier_first(GAME.id, view, 0, keeping)] == [KEEP, ONE]


def test_again_from_the_one_put_first_while_one_about_as_good_as_it_is_likelier() -> None:
    """A newcomer's match (``matches/merchant_lord_own_village_1062.json``, move 31: dice 1 2 2 4 6,
    3 favour): "Reroll 2 2 … a 22% chance to sell for more" went before "Reroll 4 … 17%", and
    stood starred over "Or: Reroll 2 … a 33% chance", the same favour spent."""
    from tables import recorded

    state, _ = recorded(GAME.id, "merchant_lord_own_village_1062", 31)
    four, twos, two = ("reroll", 4), ("reroll", 2, 2), ("reroll", 2)
    said = [explain(state, 0, (action,)) for action in (four, twos, two)]
    assert [f"a {n}% chance to sell for more" in words for n, words in zip((17, 22, 33), said)] == [True] * 3
    found = [Candidate(four, 0.3, 0.625, error=0.0065), Candidate(twos, 0.3, 0.617, error=0.0063)]
    found.append(Candidate(two, 0.3, 0.603, error=0.0085))  # (about as good as the 22%, not the 17%)
    assert likelier_first(GAME.id, state.view(0), 0, found)[0].action == two


@pytest.mark.thorough
def test_a_reroll_likelier_to_tuck_by_five_points_goes_first(monkeypatch):
    """Seed 1462, round 7: dice 1 3 5 6, 1 favour, M08 in hand. The hint starred "Reroll 1 5 6 …
    a 29% chance to tuck a card" over "Or: Reroll 1 3 6 … 39%" and "Or: Reroll 1 6 … 42%", the
    same favour spent: the others each a little likelier to sell for less, none went first. The
    chance a hint heads its words with goes first where it leads by five points."""
    from caravan_tui.ai.policies import hint, hint_seed

    from tables import recorded

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, log = recorded("merchant_lord", "merchant_lord_likelier_tuck_1462", 40)
    assert state.to_move() == 0 and state.favour[0] == 1 and log[40] == ("reroll", 1, 6)
    top = hint("merchant_lord", state.view(0), 0, seed=hint_seed(0, 40))
    assert top[0].action == ("reroll", 1, 6) and "a 42% chance to tuck a card" in top[0].reason, top
