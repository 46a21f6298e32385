"""Caravanserai: a direction key refused says why. Solo, seed 1455: the caravan turned south-east
from its head on a Caravanserai cell, a block was laid and taken back (the turn stays chosen),
and `d` said "No turn here: the caravan goes straight on (it turns only after a Caravanserai
cell or a lying camel)", the head on one: the turn already chosen is said."""

from __future__ import annotations

import random

from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.geometry import CELL_ID, DIR_WORDS, board_for
from caravan_tui.games.caravanserai.words import refused

GAME = get_game("caravanserai")


def on_caravanserai(view, cell) -> bool:
    tiles = tuple((int(a), int(b)) for a, b in view["tiles"])
    return board_for(len(tiles), tiles).cs[CELL_ID[tuple(cell)]] >= 0


def test_a_turn_chosen_at_a_caravanserai_cell_is_said_when_another_is_asked():
    said = []
    for seed in range(6):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over() and len(said) < 3:
            legal = state.legal_actions()
            if not any(a[0] == "dir" for a in legal):
                pl = state.view(0)["placement"]
                if pl is not None and pl["dir"] >= 0:
                    other = (pl["dir"] + 1) % 6
                    words = refused(("dir", other), state.view(0), legal)
                    if pl["pos"] == pl["head"] or on_caravanserai(state.view(0), pl["pos"]):
                        assert words == (
                            f"Not {DIR_WORDS[other]}: the caravan already heads {DIR_WORDS[pl['dir']]} from here "
                            "(u takes that back)."
                        ), words
                        said.append(words)
                    else:
                        assert words.startswith("No turn here: the caravan goes straight on"), words
            state.apply(rng.choice(legal), False)
    assert said
