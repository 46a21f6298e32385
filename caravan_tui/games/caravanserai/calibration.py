"""What a Caravanserai plan's value says between seats (``planner.line_value``: the win, then the
margin, of one line played out) as a win chance: the share of seats shown it that won, in matches
whose every seat played the hint's plan (docs/ai.md). Shown as it was, a line won by a few pieces
read "you are ahead (84% to win)" where such seats won 69%, and a match the person lost by
following every hint opened at 67%."""

from __future__ import annotations

from caravan_tui.calibration import Calibration

#: (the mean value shown, the share of those seats that won) per bucket of the table in
#: docs/ai.md; the buckets 0.0–0.2 pooled, and 0.4–0.7 (44 turns); the ends pinned
line_won = Calibration(
    (0.0, 0.139, 0.231, 0.650, 0.774, 0.829, 0.910, 1.0),
    (0.0, 0.13, 0.22, 0.43, 0.65, 0.69, 0.88, 1.0),
)
