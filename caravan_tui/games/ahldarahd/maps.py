"""The maps (spec §1): one layout of 10 city slots A–J and 21 routes, one commodity arrangement per
colour; plain tuples, computed once at import.

A map is named by its colour number (red 0 … purple 4); on a state, map ``m``'s route ``r``
(0-based here, numbered 1–21 for people and in actions) is ``m * ROUTES + r`` and its slot ``s``
is ``m * SLOTS + s``.
"""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow", "purple")
COLOUR_INDEX = {name: k for k, name in enumerate(COLOURS)}
COMMODITIES = ("Salt", "Metals", "Gems", "Spices", "Ivory", "Textiles", "Incense", "Pearls", "Horses", "Dates")
#: each commodity as the map writes its cities: "Sa" for Salt
CODES = ("Sa", "Me", "Ge", "Sp", "Iv", "Te", "In", "Pe", "Ho", "Da")
COMMODITY_INDEX = {name: k for k, name in enumerate(COMMODITIES)}
SLOT_NAMES = "ABCDEFGHIJ"
SLOTS = 10
ROUTES = 21

#: (first slot, second slot, sea?) for routes 1–21, in the spec's order
ROUTE_TABLE = (
    ("A", "B", True),
    ("B", "C", True),
    ("A", "C", True),
    ("A", "D", True),
    ("B", "D", True),
    ("B", "E", True),
    ("C", "E", True),
    ("A", "F", True),
    ("C", "H", True),
    ("D", "E", False),
    ("D", "F", False),
    ("D", "G", False),
    ("E", "G", False),
    ("E", "H", False),
    ("F", "G", False),
    ("G", "H", False),
    ("F", "I", False),
    ("G", "I", False),
    ("G", "J", False),
    ("H", "J", False),
    ("I", "J", False),
)
ENDS = tuple((SLOT_NAMES.index(a), SLOT_NAMES.index(b)) for a, b, _ in ROUTE_TABLE)
SEA = tuple(sea for _, _, sea in ROUTE_TABLE)
#: the routes into each slot, in route order
ADJ = tuple(tuple(r for r, (a, b) in enumerate(ENDS) if s in (a, b)) for s in range(SLOTS))
DEGREE = tuple(len(routes) for routes in ADJ)
#: a city's value (gold when taken) is its degree; a route's cost is the sum of its ends' degrees
VALUE = DEGREE
COST = tuple(DEGREE[a] + DEGREE[b] for a, b in ENDS)
#: routes a player needs into a slot to control it: a strict majority of its degree
MAJORITY = tuple(d // 2 + 1 for d in DEGREE)

_SLOT_ORDER = "GHDFABCEIJ"
#: COMMODITY_AT[colour][slot]: commodity (i + 3k) mod 10 on the i-th slot of G H D F A B C E I J
COMMODITY_AT = tuple(
    tuple((_SLOT_ORDER.index(SLOT_NAMES[s]) + 3 * k) % 10 for s in range(SLOTS)) for k in range(len(COLOURS))
)
#: SLOT_OF[colour][commodity]: the slot where that colour's map puts the commodity
SLOT_OF = tuple(tuple(row.index(c) for c in range(10)) for row in COMMODITY_AT)
#: the two commodities route r joins on colour k's map
ROUTE_GOODS = tuple(tuple((row[a], row[b]) for a, b in ENDS) for row in COMMODITY_AT)

assert DEGREE == (4, 4, 4, 5, 5, 4, 6, 4, 3, 3)
assert COST[15] == 10 and ROUTE_GOODS[0][15] == (0, 1)  # red's Salt–Metals route costs 10


def route_words(colour: int, r: int) -> str:
    """ "Salt–Metals (Sa–Me, land, 10)" for route ``r`` (0-based) on colour ``colour``'s map: the
    cities as the map shows them, and the cost the map writes on the route."""
    a, b = ROUTE_GOODS[colour][r]
    return f"{COMMODITIES[a]}–{COMMODITIES[b]} ({CODES[a]}–{CODES[b]}, {'sea' if SEA[r] else 'land'}, {COST[r]})"
