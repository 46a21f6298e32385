"""Why a direction is not offered, said as what it is: "Not north-east: that cell is taken, off
the board or a dead end." was said of a free cell on the board, and "dead end" is taught nowhere."""

from __future__ import annotations

import random

from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.geometry import CELL_ID, D
from caravan_tui.games.caravanserai.views import piece
from caravan_tui.games.caravanserai.words import direction_problem

GAME = get_game("caravanserai")


def refused_directions(seed: int, steps: int):
    """Each direction not offered where some are, along a seeded match of random moves: the
    view, the direction and the cell it leads to."""
    state = GAME.new(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if any(action[0] == "dir" for action in legal):
            view = state.view(state.to_move())
            pos = view["placement"]["pos"]
            for d in range(6):
                if ("dir", d) not in legal:
                    yield view, legal, d, (pos[0] + D[d][0], pos[1] + D[d][1])
        state.apply(rng.choice(legal), False)


def test_a_direction_not_offered_says_whether_its_cell_is_taken_off_the_board_or_a_dead_end():
    said = {}
    for view, legal, d, cell in refused_directions(0, 40):
        words = direction_problem(d, view, legal)
        laid = [*(item for caravan in view["caravans"] for item in caravan), *view["placement"]["laid"]]
        taken = any(piece(item)[:2] == cell for item in laid)
        if CELL_ID.get(cell, -1) < 0 or words.endswith("off the board."):
            kind = "off"
        elif taken:
            kind = "taken"
            assert words.endswith("that cell is taken."), words
        else:
            kind = "dead end"
            assert "that cell is a dead end: from it this placement could not be finished" in words, words
        said.setdefault(kind, words)
    assert set(said) == {"off", "taken", "dead end"}, said
    assert not any("taken, off the board or a dead end" in words for words in said.values())
