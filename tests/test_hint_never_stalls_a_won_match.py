"""A won Camel Caravan match (42 to −3, AI 2's camels all loaded, 12 goods in the bag) stood
still: its hints put "End the turn (4 actions unused)" first six turns running, as it left nothing
to steal, and only a delivery empties the bag that ends the match. Of moves about as good, the
safest to put first is never the move that ends the turn playing nothing."""

from __future__ import annotations

import os

from caravan_tui.ai.policies import hint, hint_seed

from tables import recorded

END_TURN = ("end_turn",)


def test_a_won_matchs_hint_plays_on_rather_than_pass(monkeypatch):
    monkeypatch.setitem(os.environ, "CARAVAN_TUI_AI_BUDGET", "iterations")
    state, _log = recorded("camel_caravan", "camel_caravan_won_stalled_101", 109)
    assert state.to_move() == 0 and state.scores() == [42.0, -3.0] and sum(state.bag) == 12
    found = hint("camel_caravan", state.view(0), 0, seed=hint_seed(0, 109))
    assert min(candidate.value for candidate in found) > 0.97  # (won, whatever is played)
    assert found[0].action != END_TURN, [candidate.action for candidate in found]
