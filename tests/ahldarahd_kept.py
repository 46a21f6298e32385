"""What the kept Caravans of Ahldarahd matches (``ahldarahd_seed*.py``) share: a match replayed
to a move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from caravan_tui.engine import State, normalise_action
from caravan_tui.games import get_game


def replayed(seed: int, moves: Sequence[Any], count: int, options: Mapping[str, Any] | None = None) -> State:
    """The three-player match of ``seed`` (and ``options``) after the first ``count`` of ``moves``."""
    state = get_game("ahldarahd").new(3, seed=seed, options=dict(options) if options else None)
    for action in moves[:count]:
        state.apply(normalise_action(action))
    return state
