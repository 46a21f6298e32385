"""How often seats shown a figure went on to win: a game's table of the mean figure its searches
showed per bucket and the share of those seats that won, measured in self-play, read between the
buckets in a straight line (``GameAI.calibrated``, or a game's own planner values). What a hint's
"How it stands" words is that share, not the figure itself (docs/ai.md has each table)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Calibration:
    """``shown``: the mean figure shown per bucket, rising from 0 to 1; ``won``: the share of those
    seats that won, never falling (a calibration keeps the order of what it maps: buckets where
    the higher won less are pooled first)."""

    shown: tuple[float, ...]
    won: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.shown) != len(self.won) or self.shown[0] != 0.0 or self.shown[-1] != 1.0:
            raise ValueError("a calibration maps every figure from 0 to 1")
        rising = all(low < high for low, high in zip(self.shown, self.shown[1:]))
        if not rising or any(high < low for low, high in zip(self.won, self.won[1:])):
            raise ValueError("a calibration keeps the order of the figures it maps")

    def __call__(self, figure: float) -> float:
        """The share of seats shown ``figure`` that won."""
        figure = min(1.0, max(0.0, figure))
        i = min(bisect_right(self.shown, figure), len(self.shown) - 1)
        low, high = self.shown[i - 1], self.shown[i]
        return self.won[i - 1] + (self.won[i] - self.won[i - 1]) * (figure - low) / (high - low)
