"""A Merchant Lord match of 3 players (seed 2773), played up to the first seller's favour
step of round 13: seat 0 at 8 table cards against 8 and 7, dice 1 2 2 3, 8 favour and M29 in
hand (its 5 or 6 half tucks at the 1-6 village with a 1, a 2 and a 6): four turns of a die make
the ninth card sure. After move 75 (``ROUND_10``) the same seat starts round 10 with 4 4 1 5 and
4 favour."""

from __future__ import annotations

OPTIONS = {"village_payout": "standard", "start_player": "random"}
SEED, PLAYERS = 2773, 3
ROUND_10 = 75
MOVES = [
    ("end_favour",), ("end_favour",), ("end_favour",), ("sell", "P2-V25", ()), ("end_favour",),
    ("sell", "P1-V34", ()), ("end_favour",), ("sell", "P2-V34", ()), ("end_favour",), ("sell", "P0-V34", ()),
    ("end_favour",), ("sell", "P2-V16", ()), ("end_favour",), ("sell", "P0-V25", ()), ("sell", "P1-V25", ()),
    ("end_favour",), ("sell", "P2-V25", ()), ("buy", "M16"), ("buy", "M13"), ("buy", "M28"), ("end_favour",),
    ("sell", "P0-V16", (("M13", "L"),)), ("adjust", 1, -1), ("end_favour",),
    ("sell", "P1-V25", (("M28", "L"),)), ("end_favour",), ("sell", "P2-V25", (("M16", "L"),)),
    ("buy", "M01"), ("adjust", 2, 1), ("end_favour",), ("sell", "P1-V16", (("M23", "L"),)), ("adjust", 6, 1),
    ("adjust", 3, -1), ("end_favour",), ("sell", "P2-V16", (("M01", "R"),)), ("adjust", 3, -1),
    ("adjust", 6, -1), ("end_favour",), ("sell", "P0-V25", (("M26", "L"),)), ("buy", "M24"), ("buy", "M18"),
    ("adjust", 3, -1), ("end_favour",), ("sell", "P2-V25", ()), ("adjust", 5, -1), ("end_favour",),
    ("sell", "P0-V34", (("M18", "R"), ("M19", "L"))), ("adjust", 2, 1), ("adjust", 5, 1), ("end_favour",),
    ("sell", "P1-V34", (("M24", "L"),)), ("buy", "M12"), ("buy", "M04"), ("end_favour",),
    ("sell", "P0-V25", ()), ("adjust", 5, 1), ("reroll", 5), ("adjust", 2, 1),
    ("sell", "P1-V34", (("M04", "L"),)), ("adjust", 4, -1), ("end_favour",),
    ("sell", "P2-V34", (("M12", "L"),)), ("buy", "M21"), ("buy", "M03"), ("sell", "P0-V16", ()),
    ("end_favour",), ("adjust", 4, 1), ("reroll", 1), ("adjust", 6, -1), ("sell", "P0-V25", (("M21", "R"),)),
    ("buy", "M29"), ("end_favour",), ("end_favour",), ("sell", "P1-V25", (("M03", "R"),)), ("buy", "M25"),
    ("reroll", 4, 4), ("reroll", 5), ("reroll", 1, 4, 5), ("reroll", 1, 1), ("end_selling",),
    ("reroll", 1, 3), ("end_favour",), ("sell", "P2-V16", ()), ("buy", "M14"), ("reroll", 4),
    ("reroll", 4, 6), ("adjust", 1, -1), ("sell", "P1-V34", ()), ("reroll", 1), ("adjust", 3, 1),
    ("end_favour",), ("sell", "P2-V25", (("M14", "L"),)), ("reroll", 3, 4, 4), ("reroll", 3, 3, 3),
    ("reroll", 1, 4, 4), ("reroll", 1, 3), ("buy", "M11"), ("buy", "M07"), ("reroll", 4, 5),
    ("reroll", 5, 5), ("reroll", 6, 6), ("reroll", 5, 6), ("reroll", 4, 5), ("reroll", 5, 6, 6),
    ("reroll", 6, 6), ("reroll", 4, 5, 5), ("adjust", 3, -1), ("end_favour",), ("sell", "P0-V16", ()),
    ("end_favour",),
]  # fmt: skip
