"""How often a Caravans of Ahldarahd seat shown a win chance went on to win (``GameAI.calibrated``):
the hint's "How it stands" words that share, not the chance itself. The search's chances are
about right below a half and high above it: seats shown 0.8–0.9 between AI seats won 0.71, so
"you should win" (a chance of 0.8 among three) was shown to seats that lost one match in three
(docs/ai.md, "How sure the estimate is": the table and its command)."""

from __future__ import annotations

from bisect import bisect_right

#: (the mean chance shown, the share of those seats that won), per bucket of the table in
#: docs/ai.md; the buckets 0.4–0.5 and 0.5–0.6 pooled (the higher won less: a calibration keeps
#: the order of the chances it maps), and the ends pinned at 0 and 1
SHOWN = (0.0, 0.04, 0.15, 0.25, 0.34, 0.49, 0.64, 0.75, 0.85, 0.97, 1.0)
WON = (0.0, 0.05, 0.23, 0.27, 0.33, 0.45, 0.52, 0.68, 0.71, 1.0, 1.0)


def calibrated(chance: float) -> float:
    """The share of seats shown ``chance`` that won, between the table's buckets in a straight line."""
    chance = min(1.0, max(0.0, chance))
    i = min(bisect_right(SHOWN, chance), len(SHOWN) - 1)
    low, high = SHOWN[i - 1], SHOWN[i]
    return WON[i - 1] + (WON[i] - WON[i - 1]) * (chance - low) / (high - low)
