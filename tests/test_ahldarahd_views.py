"""The Caravans of Ahldarahd view is of its declared type in every phase and variant: the
auction, the draft, the Night and a refused offer each appear and are checked (the contract test
checks every game's views over quick playouts, where some of these never arise)."""

from __future__ import annotations

import random

import pytest
from view_types import packed, problems

from caravan_tui.games.ahldarahd import GAME
from caravan_tui.games.ahldarahd.views import AhldarahdView

OPTION_SETS = [
    {},
    {"night_of_the_outsider": True, "neutral_map": True},
    {"night_of_the_outsider": True, "market_drift": False},
]


@pytest.mark.thorough
@pytest.mark.parametrize(("players", "options"), [(3, OPTION_SETS[0]), (4, OPTION_SETS[1]), (5, OPTION_SETS[2])])
def test_every_value_of_every_view_is_of_its_declared_type_as_built_and_after_msgpack(players, options):
    """Random games, the views read at every change of phase and every 10th action otherwise, by
    the seat to move, the seat after it and a spectator."""
    seen_phases, seen_parts = set(), set()
    for seed in range(1):
        state = GAME.new(players, seed=seed, options=options)
        rng, step, last = random.Random(seed), 0, None
        while True:
            if state.phase != last or step % 10 == 0 or state.is_over():
                public = state.view(None)
                mover = state.turn or 0
                for seat in (mover, (mover + 1) % players, None):
                    view = state.view(seat)
                    assert not problems(view, AhldarahdView), problems(view, AhldarahdView)
                    assert not problems(packed(view), AhldarahdView), problems(packed(view), AhldarahdView)
                seen_phases.add(public["phase"])
                seen_parts.update(key for key in ("auction", "draft", "refused") if public.get(key))
                if public["night"]["commodity"] is not None:
                    seen_parts.add("night")
            if state.is_over():
                break
            last, step = state.phase, step + 1
            state.apply(rng.choice(state.legal_actions()), log=False)
    # the nested parts were there to check, not only their None
    assert {"auction", "draft", "refused"} <= seen_parts and {"bid_raise", "compose", "answer", "over"} <= seen_phases
    if options.get("night_of_the_outsider") and players == 4:
        assert "night" in seen_parts


def test_the_checker_finds_a_wrong_value_a_missing_key_and_an_undeclared_one():
    view = GAME.new(3, seed=0).view(0)
    assert not problems(view, AhldarahdView)
    assert problems({**view, "gold": [5, "5", 5]}, AhldarahdView) == ["view['gold'][1]: '5' is not int"]
    assert problems({**view, "night": {**view["night"], "drawer": None}}, AhldarahdView)
    assert problems({k: v for k, v in view.items() if k != "deck_size"}, AhldarahdView) == ["view: missing 'deck_size'"]
    assert problems({**view, "extra": 1}, AhldarahdView) == ["view: undeclared 'extra'"]
    assert not problems({k: v for k, v in view.items() if k != "hand"}, AhldarahdView)  # a spectator's
