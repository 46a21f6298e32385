"""A review's better move says what the rules then laid by themselves, as the seat's own move
does: a Caravanserai "Better: …, the first on (5,-4), then Head west (W) to (4,-5)" read as a turn
after a desert cell, which the rules forbid; the piece on the Caravanserai before it was laid
for the seat, and said nowhere."""

from __future__ import annotations

import random

from caravan_tui.ai.review import _steps_said
from caravan_tui.games import get_game


def test_the_better_line_says_the_pieces_the_rules_laid_after_each_step():
    game = get_game("caravanserai")
    state, rng = game.new(1, seed=1), random.Random(1)
    while not state.is_over():
        mover = state.to_move()
        laying = [action for action in state.legal_actions() if game.laid_for(state, mover, action)]
        if laying:
            break
        state.apply(rng.choice(state.legal_actions()), False)
    else:
        raise AssertionError("no step after which the rules lay pieces")
    step = laying[0]
    said = _steps_said(game, state, mover, (step,))
    assert said == f"{state.describe(step, mover)}, then {game.laid_for(state, mover, step)}", said
    assert "laid for {p0}" in said
