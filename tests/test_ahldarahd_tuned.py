"""Caravans of Ahldarahd's evaluation weights fitted to self-play (``games/ahldarahd/tuned.py``)."""

from __future__ import annotations

import json
import random

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.evaluation import HAND, estimate, projected_all, win_chances
from caravan_tui.games.ahldarahd.tuned import TUNED, load, tuned_estimate

GAME = get_game("ahldarahd")


def text(**changes: object) -> str:
    weights: dict[str, object] = {**HAND._asdict(), "confidence": list(HAND.confidence), **changes}
    return json.dumps({"weights": weights})


def test_the_shipped_weights_load_and_differ_from_the_hand_set_ones() -> None:
    assert TUNED != HAND
    assert load(text()) == HAND


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"gold": True}, "finite numbers"),
        ({"card": -0.1}, "at least 0"),
        ({"spread_end": float("nan")}, "finite numbers"),
        ({"route_gold": 0}, "above 0"),
        ({"confidence": [1, 0.5]}, "list of 5"),
        ({"confidence": "high"}, "list of 5"),
        ({"pirate": 1.0}, "exactly these fields"),
    ],
)
def test_weights_that_are_not_numbers_the_evaluation_can_use_are_refused(changes: dict, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        load(text(**changes))


def test_a_file_without_weights_is_refused() -> None:
    for bad in ("[]", "{}", '{"weights": 3}'):
        with pytest.raises(ValueError, match="exactly these fields"):
            load(bad)


def test_the_tuned_estimate_gives_win_chances_by_the_tuned_weights() -> None:
    rng = random.Random(4)
    state = GAME.new(3, seed=4, options=GAME.resolve_options({}))
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()), False)
    assert not state.is_over()
    chances = win_chances(state, projected_all(state, None, TUNED), TUNED)
    assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)
    assert tuned_estimate(state) == estimate(state, TUNED) != estimate(state, HAND)
