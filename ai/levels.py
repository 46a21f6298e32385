"""AI difficulty levels: search budgets, rollout horizon, exploration and search refinements
(DESIGN §4), with per-game settings.

``LEVELS`` holds the defaults every game gets. ``GAME_LEVELS`` holds, per game id and level name,
only the fields a game changes; ``level_for(level, game_id)`` applies them when a policy chooses
(policies receive the game id in ``choose``). What each level does per game, and the measurements
behind the numbers, are in docs/ai.md.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One level. The search stops at whichever budget runs out first; ``None`` means unlimited
    (at least one budget is set). ``searches`` > 1 is root parallelism: that many independent
    searches with derived seeds, root visits summed; ``AIWorker`` runs them on separate cores.

    ``prior`` names the function that orders expansions, as ``"package.module:function"``;
    ``None`` expands at random.
    ``widening`` > 0 is progressive widening: a node visited n times has at most
    ``ceil(widening_base * n ** widening)`` children (see ``ai/ismcts.py``)."""

    name: str
    iterations: int | None
    seconds: float | None
    horizon: int
    exploration: float = 0.7
    searches: int = 1
    prior: str | None = None
    widening: float = 0.0
    widening_base: float = 1.0

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError(f"level {self.name!r} needs an iteration or a time budget")
        if self.searches < 1:
            raise ValueError(f"level {self.name!r} needs at least one search")
        if self.horizon < 0 or self.widening < 0:
            raise ValueError(f"level {self.name!r}: horizon and widening cannot be negative")


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", iterations=200, seconds=0.4, horizon=4),
        Level("normal", iterations=1500, seconds=0.8, horizon=12),
        Level("hard", iterations=6000, seconds=2.0, horizon=30, searches=2),
    )
}

CAMEL_SEARCH = {
    "prior": "caravan_tui.games.camel_caravan.heuristic:action_priors",
    "widening": 0.5,
    "widening_base": 2.0,
    "horizon": 0,
}

#: Per game id, per level name: the fields that differ from ``LEVELS``. ``name`` and ``searches``
#: are the same for every game (the worker plans root parallelism before it knows the game's
#: settings).
GAME_LEVELS: dict[str, dict[str, dict]] = {
    # 100-290 legal actions and multi-action turns: uniform rollouts scatter the camels, so the
    # search expands best first, widens progressively and scores leaves with estimate() alone.
    # Its rewards differ by hundredths, so hard explores little and follows the best line past
    # the end of the turn to the reply (docs/ai.md).
    "camel_caravan": {
        "easy": CAMEL_SEARCH,
        "normal": CAMEL_SEARCH,
        "hard": {**CAMEL_SEARCH, "iterations": 2500, "exploration": 0.1},
    },
    # Up to 400 legal plays (every reading of the wild cards): hard expands them best first by
    # their one-ply estimate and widens progressively, so its budget goes to the plays worth it.
    # A lead with hundreds of plays needs up to 2-3 s for its 6,000 iterations on a quiet core.
    "decktet_caravan": {
        "hard": {"prior": "caravan_tui.games.decktet_caravan.rules:play_priors", "widening": 0.5,
                 "widening_base": 2.0, "horizon": 12, "seconds": 3.0},
    },
}

BUDGET_FIELDS = ("iterations", "seconds")


def check_game_levels(table: dict[str, dict[str, dict]]) -> None:
    fields = {f.name for f in dataclasses.fields(Level)}
    for game_id, levels in table.items():
        for name, changes in levels.items():
            if name not in LEVELS:
                raise ValueError(f"{game_id}: unknown level {name!r}")
            bad = set(changes) - fields | set(changes) & {"name", "searches"}
            if bad:
                raise ValueError(f"{game_id} {name}: cannot override {', '.join(sorted(bad))}")
            dataclasses.replace(LEVELS[name], **changes)  # validates the result


check_game_levels(GAME_LEVELS)


def get_level(name: str, game_id: str | None = None) -> Level:
    """The named level, with ``game_id``'s settings applied when given."""
    try:
        level = LEVELS[name]
    except KeyError:
        raise KeyError(f"unknown AI level {name!r}; known: {', '.join(LEVELS)}") from None
    return level if game_id is None else level_for(level, game_id)


def level_for(level: Level, game_id: str, *, keep_budget: bool = False) -> Level:
    """``level`` with the game's settings for a level of that name applied; ``keep_budget`` keeps
    ``level``'s iterations and seconds (an explicit budget outranks the game's)."""
    changes = GAME_LEVELS.get(game_id, {}).get(level.name)
    if not changes:
        return level
    if keep_budget:
        changes = {k: v for k, v in changes.items() if k not in BUDGET_FIELDS}
    return dataclasses.replace(level, **changes)
