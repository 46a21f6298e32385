"""AI difficulty levels: search budgets, rollout horizon, exploration and search refinements
(DESIGN §4). Only the generic levels live here; a game changes a level's fields through its
``Game.ai`` (``games/<id>/ai.py``), applied by ``level_for``. docs/ai.md has the measurements.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from caravan_tui.engine import Game


@dataclass(frozen=True, slots=True)
class Level:
    """One level. The search stops at whichever budget runs out first; ``None`` means unlimited
    (at least one budget is set). ``searches`` > 1 is root parallelism: that many independent
    searches with derived seeds, root visits summed; ``AIWorker`` runs them on separate cores.

    ``prior``: order expansions by the game's prior (``Game.ai.prior``), else at random.
    ``widening`` > 0 is progressive widening: a node visited n times has at most
    ``ceil(widening_base * n ** widening)`` children (see ``ai/ismcts.py``).
    ``plan``: where the game has a planner (``Game.ai.plan``) and it plans the position, decide
    by it within the same budgets instead of searching. ``tuned``: score leaves with the game's
    weights tuned by self-play (``Game.ai.tuned``) where it has them, else ``State.estimate``.
    ``lines``: make the move a hint shows first (``policies.hinted_pick``): one whose line leads
    further beyond the search's noise than the most visited (``explain.led_first``)."""

    name: str
    iterations: int | None
    seconds: float | None
    horizon: int
    exploration: float = 0.7
    searches: int = 1
    prior: bool = False
    widening: float = 0.0
    widening_base: float = 1.0
    plan: bool = False
    tuned: bool = False
    lines: bool = False

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise ValueError(f"level {self.name!r}: {problem}")


MAX_SEARCHES = 8
#: the fields that are yes or no
YES_NO = ("prior", "plan", "tuned", "lines")
#: A decision's budget at most: a seat may come from a save, a record or a command line, and an
#: AI with a larger one would seem never to move. In the slowest search (Decktet Caravan: 1,942
#: iterations/s and a 7.1 MiB tree for 3,000 iterations, docs/performance.md) the most
#: iterations take about 50 s and 240 MiB.
MAX_ITERATIONS = 100_000
MAX_SECONDS = 60.0


def _problem(level: Level) -> str | None:
    """What is wrong with ``level``'s settings, in words, or None."""
    if level.iterations is None and level.seconds is None:
        return "needs an iteration or a time budget"
    if level.iterations is not None and (
        type(level.iterations) is not int or not 1 <= level.iterations <= MAX_ITERATIONS
    ):
        return f"iterations must be a whole number from 1 to {MAX_ITERATIONS}"
    if level.seconds is not None and not (_real(level.seconds) and 0 < level.seconds <= MAX_SECONDS):
        return f"seconds must be a number above 0 and at most {MAX_SECONDS:g}"
    if type(level.horizon) is not int or level.horizon < 0:
        return "horizon must be a whole number of at least 0"
    if type(level.searches) is not int or not 1 <= level.searches <= MAX_SEARCHES:
        return f"searches must be a whole number from 1 to {MAX_SEARCHES}"
    for name in YES_NO:
        if type(getattr(level, name)) is not bool:
            return f"{name} must be yes or no"
    for name in ("exploration", "widening"):
        if not (_real(getattr(level, name)) and getattr(level, name) >= 0):
            return f"{name} must be a number of at least 0"
    if not (_real(level.widening_base) and level.widening_base > 0):
        return "widening_base must be a number above 0"
    return None


def _real(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", iterations=200, seconds=0.4, horizon=4),
        Level("normal", iterations=1500, seconds=0.8, horizon=12),
        Level("hard", iterations=6000, seconds=2.0, horizon=30, searches=2),
    )
}

BUDGET_FIELDS = ("iterations", "seconds")
#: fields every game shares: the worker plans root parallelism before it knows the game
FIXED_FIELDS = ("name", "searches")


def get_level(name: str) -> Level:
    """The generic level ``name``; ValueError naming the known levels for any other name."""
    try:
        return LEVELS[name]
    except (KeyError, TypeError):
        raise ValueError(f"there is no AI level {name!r}; the levels are {', '.join(LEVELS)}") from None


def tweaked(level: Level, changes: Mapping[str, Any]) -> Level:
    """``level`` with the fields in ``changes`` set. The values may come from a seat written in a
    file or on a command line: the level's own check (``_problem``) vouches for their types."""
    return dataclasses.replace(level, **changes)


def level_for(level: Level, game: Game, *, keep_budget: bool = False) -> Level:
    """``level`` with ``game``'s settings for a level of that name applied; ``keep_budget`` keeps
    ``level``'s iterations and seconds (an explicit budget outranks the game's)."""
    changes = game.ai.levels.get(level.name)
    if not changes:
        return level
    if keep_budget:
        changes = {k: v for k, v in changes.items() if k not in BUDGET_FIELDS}
    return tweaked(level, changes)


def check_game_ai(game: Game) -> None:
    """ValueError unless ``game``'s level settings name known levels and changeable fields,
    give valid levels, and ask for a prior only where the game has one."""
    fields = {f.name for f in dataclasses.fields(Level)}
    for name, changes in game.ai.levels.items():
        if name not in LEVELS:
            raise ValueError(f"{game.id}: unknown level {name!r}")
        bad = set(changes) - fields | set(changes) & set(FIXED_FIELDS)
        if bad:
            raise ValueError(f"{game.id} {name}: cannot change {', '.join(sorted(bad))}")
        level = tweaked(LEVELS[name], changes)
        if level.prior and game.ai.prior is None:
            raise ValueError(f"{game.id} {name}: uses a prior but the game has none")
        if level.plan and game.ai.plan is None:
            raise ValueError(f"{game.id} {name}: plans but the game has no planner")
        if level.tuned and game.ai.tuned is None:
            raise ValueError(f"{game.id} {name}: uses tuned weights but the game has none")
