"""The Caravans of Ahldarahd view is the type its screens are checked against: every value of
every view, down to the auction, the draft and the Night, is of the type ``AhldarahdView``
declares, as the engine builds it and as the SSH framing (msgpack) delivers it."""
from __future__ import annotations

import random
import types
import typing
from functools import cache
from typing import Literal, Union, get_args, get_origin, get_type_hints

import msgpack
import pytest

from caravan_tui.games.ahldarahd import GAME
from caravan_tui.games.ahldarahd.views import AhldarahdView


def packed(data):
    """As a session reads a view the hub sent (``ssh/framing.py``)."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False, use_list=True)


@cache
def hints_of(typed_dict) -> dict:
    return get_type_hints(typed_dict)


def problems(value, hint, where: str = "view") -> list[str]:
    """Where ``value`` is not of type ``hint`` (TypedDicts, lists, literals, unions, scalars);
    empty when it is. A bool is not an int here, as a reader of the type would not expect one."""
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a map"]
        hints = hints_of(hint)
        keys = set(value)
        found = [f"{where}: missing {key!r}" for key in sorted(hint.__required_keys__ - keys)]
        found += [f"{where}: undeclared {key!r}" for key in sorted(keys - set(hints))]
        for key in sorted(keys & set(hints)):
            found += problems(value[key], hints[key], f"{where}[{key!r}]")
        return found
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [problems(value, arm, where) for arm in get_args(hint)]
        return [] if any(not found for found in options) else [f"{where}: {value!r} is not {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint in (int, float, str, bool):
        return [] if type(value) is hint else [f"{where}: {value!r} is not {hint.__name__}"]
    raise AssertionError(f"{where}: the checker does not know {hint}")


OPTION_SETS = [{}, {"night_of_the_outsider": True, "neutral_map": True},
               {"night_of_the_outsider": True, "market_drift": False}]


@pytest.mark.parametrize(("players", "options"), [(3, OPTION_SETS[0]), (4, OPTION_SETS[1]), (5, OPTION_SETS[2])])
def test_every_value_of_every_view_is_of_its_declared_type_as_built_and_after_msgpack(players, options):
    """Random games, the views read at every change of phase and every 10th action otherwise, by
    the seat to move, the seat after it and a spectator."""
    seen_phases, seen_parts = set(), set()
    for seed in range(2):
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
