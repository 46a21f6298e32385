"""How often a Caravans of Ahldarahd seat shown a win chance went on to win (``GameAI.calibrated``).
The search's chances are about right below a half and high above it: seats shown 0.8–0.9 between
AI seats won 0.71, so "you should win" (a chance of 0.8 among three) was shown to seats that lost
one match in three (docs/ai.md, "How sure the estimate is": the table and its command)."""

from __future__ import annotations

from caravan_tui.calibration import Calibration

#: (the mean chance shown, the share of those seats that won) per bucket of the table in
#: docs/ai.md; the buckets 0.4–0.5 and 0.5–0.6 pooled (the higher won less), the ends pinned
calibrated = Calibration(
    (0.0, 0.04, 0.15, 0.25, 0.34, 0.49, 0.64, 0.75, 0.85, 0.97, 1.0),
    (0.0, 0.05, 0.23, 0.27, 0.33, 0.45, 0.52, 0.68, 0.71, 1.0, 1.0),
)
