"""What a release showed each seat, kept beside a golden save (``<save>.views.json``), compared
with what today's code shows there (``tests/test_golden.py``, ``tests/test_golden_hosted.py``)."""

from __future__ import annotations

import json


def as_written(view: object) -> object:
    """A view as a views file holds it (JSON: tuples become lists, keys strings)."""
    return json.loads(json.dumps(view, sort_keys=True))


def on_keys_of(today: object, then: object) -> object:
    """``today`` with only the map keys ``then`` has, at every depth (lists item by item): what
    a later release added to a view is not compared; a key it dropped shows as missing."""
    if isinstance(today, dict) and isinstance(then, dict):
        return {key: on_keys_of(today[key], value) if key in today else "(missing)" for key, value in then.items()}
    if isinstance(today, list) and isinstance(then, list) and len(today) == len(then):
        return [on_keys_of(now, was) for now, was in zip(today, then, strict=True)]
    return today


def assert_shown(state, shown: dict) -> None:
    """``state`` shows every seat, and the spectators, what the release showed them."""
    for seat, view in enumerate(shown["seats"]):
        assert on_keys_of(as_written(state.view(seat)), view) == view, f"seat {seat + 1} is shown another position"
    assert on_keys_of(as_written(state.view(None)), shown["public"]) == shown["public"]
