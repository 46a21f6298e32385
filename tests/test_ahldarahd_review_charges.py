"""A review values a decision without what the estimate charges for a device of its searches
(``GameAI.charged``): Caravans of Ahldarahd's charge for proposing."""

from __future__ import annotations

import dataclasses

import pytest
from ahldarahd_seed241 import MOVES, after

from caravan_tui.ai.review import Position, judge
from caravan_tui.engine import normalise_action
from caravan_tui.games import GAMES
from caravan_tui.games.ahldarahd.evaluation import OFFER_COST


@pytest.mark.thorough
def test_a_review_gives_back_what_the_estimate_charges_for_proposing(monkeypatch) -> None:
    """The estimate charges a seat ``OFFER_COST`` for each suggested proposal of its turn, so that
    searches do not propose for a free look; by the rules a proposal costs only one of the
    build's three. A review graded declined proposals inaccuracies of about that charge: it
    gives the charge back. (The person's offer of 4 gold for their Right of Passage, move 31.)"""

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, offer = after(30), normalise_action(MOVES[30])
    assert offer[0] == "offer" and not state.proposed
    position = Position(30, state.view(0), offer)
    given = judge("ahldarahd", 0, position, iterations=200)
    game = GAMES["ahldarahd"]
    monkeypatch.setitem(GAMES, "ahldarahd", dataclasses.replace(game, ai=dataclasses.replace(game.ai, charged=None)))
    charged = judge("ahldarahd", 0, position, iterations=200)
    assert given.best == charged.best != offer and given.before == charged.before
    assert given.after - charged.after == pytest.approx(OFFER_COST)
