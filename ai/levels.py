"""AI difficulty levels: search budgets, rollout horizon and exploration (DESIGN §4)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One level. The search stops at whichever budget runs out first; ``None`` means unlimited
    (at least one budget is set). ``searches`` > 1 is root parallelism: that many independent
    searches with derived seeds, root visits summed; ``AIWorker`` runs them on separate cores."""

    name: str
    iterations: int | None
    seconds: float | None
    horizon: int
    exploration: float = 0.7
    searches: int = 1

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError(f"level {self.name!r} needs an iteration or a time budget")
        if self.searches < 1:
            raise ValueError(f"level {self.name!r} needs at least one search")


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", iterations=200, seconds=0.4, horizon=4),
        Level("normal", iterations=1500, seconds=0.8, horizon=12),
        Level("hard", iterations=6000, seconds=2.0, horizon=30, searches=2),
    )
}


def get_level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise KeyError(f"unknown AI level {name!r}; known: {', '.join(LEVELS)}") from None
