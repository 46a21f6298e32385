"""A seat placing its last camel is not out of camels while the goods it can still lay reach a
camel in its tail: a newcomer's match (``matches/caravanserai_last_camel_9035.json``) rated the
person "84% to win" while AI 2 placed its last camel, every leaf in the middle of that
placement reading AI 2 as never placing again; AI 2 brought a camel back and went from 18 to 32
while the person, out of camels, was skipped ten times."""

from __future__ import annotations

import random

import pytest

from caravan_tui.games.caravanserai import GAME
from caravan_tui.games.caravanserai.ai import prior, prior_choice
from caravan_tui.games.caravanserai.heuristic import laid_on, projected, values
from caravan_tui.games.caravanserai.rules import PLACE

from tables import recorded

CAMEL = ("camel",)


def at(moves: int):
    return recorded(GAME.id, "caravanserai_last_camel_9035", moves)[0]


def test_a_last_camels_placement_that_can_lay_on_to_a_camel_in_its_tail_still_places() -> None:
    state = at(116)  # AI 2's turn: 1 camel, 15 goods, camels 4th and 5th from its tail
    assert state.turn == 1 and state.res[1][5] == 1
    length, goods, camels = projected(state)[1]
    assert camels == 0  # (ended at once with its camel, nothing comes back)
    assert laid_on(state, 1, (length, goods, camels)) == (length, goods - 1, 1)
    assert values(state)[1] > length + 5  # its reserve still counts: it places on
    assert state.estimate()[0] < 0.5  # (it read 0.92 for the person out of camels)


def test_a_placement_with_no_camel_in_reach_of_its_goods_stays_out_of_camels() -> None:
    state = at(116)
    length = projected(state)[1][0]
    assert laid_on(state, 1, (length, 0, 0)) == (length, 0, 0)  # no good left to lay on with
    state.caravans[1] = tuple((cell, 0) for cell, _ in state.caravans[1])  # no camel in the tail
    assert laid_on(state, 1, (length, 15, 0)) == (length, 15, 0)


@pytest.mark.thorough
def test_the_prior_lays_no_last_camel_that_brings_none_back_where_a_block_of_goods_is_open() -> None:
    """Where a seat's last camel laid now would bring none back, the prior scores a block of
    goods above it (the count goes on toward a camel in the tail; the play-outs that value
    every hint's placement ended an opponent's play there for nothing, 4 of 39 such positions
    in these matches)."""
    seen = 0
    for seed in range(30):
        state, rng = GAME.new(2, seed=seed, options={}), random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            p = state.turn
            if state.stage == PLACE and CAMEL in legal and p is not None and state.res[p][5] == 1:
                after = state.clone()
                after.apply(CAMEL, log=False)
                goods = [action for action in legal if action[0] == "good"]
                if after.res[p][5] == 0 and goods:
                    scores = dict(zip(legal, prior(state, legal)))
                    assert scores[CAMEL] < max(scores[action] for action in goods), (seed, state.turns)
                    seen += 1
            state.apply(rng.choice(legal) if rng.random() < 0.3 else prior_choice(state), log=False)
    assert seen >= 30
