"""A newcomer"s Merchant Lord match (2 players, the person in seat 0 against normal, taking most
hints) up to their last favour step, kept for the tests of what its positions taught (a sale
readied without the tuck its rerolls were for; a winning line never named): the moves."""

from __future__ import annotations

SEED, OPTIONS = 761488874, {"village_payout": "standard", "start_player": "random"}
#: the match"s moves up to the person"s favour step of the last round (dice 1 1 3 3 5, 5 favour):
#: turning the 5 into a 4 and tucking M03 at their 3-4 village wins it
MOVES = [
    ("end_favour",), ("end_favour",), ("sell", "P1-V16", ()), ("end_favour",), ("end_favour",),
    ("sell", "P0-V16", ()), ("sell", "P0-V34", ()), ("end_favour",), ("sell", "P0-V16", ()), ("adjust", 1, -1),
    ("end_favour",), ("sell", "P1-V16", ()), ("sell", "P1-V34", ()), ("buy", "M16"), ("buy", "M23"), ("reroll", 5),
    ("reroll", 5), ("reroll", 4), ("end_favour",), ("sell", "P1-V25", (("M23", "R"),)), ("adjust", 1, 1),
    ("end_favour",), ("sell", "P0-V16", (("M16", "R"),)), ("end_favour",), ("end_favour",), ("sell", "P1-V34", ()),
    ("buy", "M20"), ("adjust", 5, -1), ("end_favour",), ("sell", "P1-V34", (("M20", "R"),)), ("end_favour",),
    ("sell", "P0-V34", ()), ("end_selling",), ("buy", "M02"), ("reroll", 1), ("adjust", 3, 1), ("reroll", 3),
    ("reroll", 4), ("end_favour",), ("sell", "P0-V34", (("M02", "R"),)), ("adjust", 5, 1), ("adjust", 3, -1),
    ("end_favour",), ("sell", "P1-V25", ()), ("buy", "M13"), ("end_favour",), ("sell", "P1-V25", (("M13", "R"),)),
    ("reroll", 4), ("end_favour",), ("sell", "P0-V34", (("M09", "L"),)), ("reroll", 5), ("reroll", 4),
    ("adjust", 1, 1), ("reroll", 4), ("reroll", 6), ("reroll", 4), ("reroll", 1), ("reroll", 4), ("end_favour",),
    ("sell", "P0-V16", ()), ("sell", "P0-V25", ()), ("reroll", 2, 2), ("reroll", 2), ("adjust", 2, 1),
    ("end_favour",), ("sell", "P1-V34", ()), ("buy", "M25"), ("buy", "M22"), ("reroll", 4), ("end_favour",),
    ("sell", "P1-V16", (("M22", "R"),)), ("adjust", 3, -1), ("end_favour",), ("sell", "P0-V25", (("M25", "L"),)),
    ("buy", "M01"), ("reroll", 6, 6), ("reroll", 3, 3), ("adjust", 4, 1), ("end_favour",),
    ("sell", "P0-V25", (("M01", "R"),)), ("adjust", 6, -1), ("end_favour",), ("sell", "P1-V25", ()),
    ("buy", "M03"), ("buy", "M27"), ("adjust", 5, 1), ("end_favour",), ("sell", "P1-V16", (("M27", "L"),)),
]  # fmt: skip
#: the person"s favour step of round 8, the 4 rerolled into a 1 (dice 1 3 3 4 1)
ROUND_8 = 48
#: the favour step whose turn of a die wins the match
LAST = 88
