"""A newcomer's Merchant Lord match (3 players, the person in seat 0 against two normal AIs) to
the person's selling step of round 3: a sale readied grew the lines under the row, and AI 3's
villages scrolled out of view."""

from __future__ import annotations

SEED, OPTIONS = 2272, {"village_payout": "standard", "start_player": "random"}
#: the match's moves to the person's selling step of round 3
MOVES = [
    ("end_favour",),
    ("end_favour",),
    ("sell", "P2-V25", ()),
    ("end_favour",),
    ("end_favour",),
    ("sell", "P2-V34", ()),
    ("adjust", 3, 1),
    ("end_favour",),
    ("sell", "P0-V34", ()),
    ("sell", "P1-V34", ()),
    ("end_favour",),
    ("adjust", 3, -1),
    ("end_favour",),
]
