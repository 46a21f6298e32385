"""A turn of a die that tucks a card for sure is named beside the rerolls (``GameAI.noted``):
``merchant_lord_sure_wins``' 3-player match, round 7, dice 1 1 5 6 and 3 favour: the search spread
its visits over dozens of rerolls, and the hint said "no reroll or turn is expected to gain 2
points of win chance over keeping these dice" with no word of turning the 5 into a 4, which tucked
a card; made, the next hint began at 37% against 19%."""

from __future__ import annotations

from merchant_lord_sure_wins import OPTIONS, THREE, THREE_PLAYERS, THREE_SEED

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.ai import tucks_for_sure

GAME = get_game("merchant_lord")
#: the person's favour step of round 7
ROUND_7 = 58


def test_the_turn_that_tucks_for_sure_is_listed(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = GAME.new(THREE_PLAYERS, seed=THREE_SEED, options=OPTIONS)
    for action in THREE[:ROUND_7]:
        state.apply(action, False)
    assert state.round == 7 and state._unplaced_values(0) == [1, 1, 5, 6] and state.favour[0] == 3
    assert tucks_for_sure(state, 0, ("adjust", 5, -1)) and not tucks_for_sure(state, 0, ("adjust", 1, 1))
    assert not tucks_for_sure(state, 0, ("reroll", 5))
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, ROUND_7))
    turn = next(candidate for candidate in found if candidate.action == ("adjust", 5, -1))
    assert "tucking 1 card" in turn.reason, turn.reason
