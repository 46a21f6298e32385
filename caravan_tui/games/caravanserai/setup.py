"""Dealing a Caravanserai board (spec §3.1-§3.4 and the RNG order of §3.8).

Tiles are ``(category, colour)`` pairs, so sorting them gives the spec's (category, colour) order.
"""

from __future__ import annotations

import random

from .geometry import CATEGORIES, COLOURS, INTERMEDIATE, LAYOUTS, caravanserai_cells, cell_id, tiles_for

ALL_TILES = tuple((category, colour) for category in range(CATEGORIES) for colour in range(len(COLOURS)))


def deal(players: int, seed: int) -> tuple[int, tuple[tuple[int, int], ...], list[tuple[int, int]]]:
    """The layout size, the tile at each layout position (canonical order) and the board goods
    ``(cell, colour)`` of the intermediate tiles, drawn from ``random.Random(seed)`` exactly in
    the order of §3.8."""
    rng = random.Random(seed)
    tiles = tiles_for(players)
    kept = sorted(ALL_TILES)
    if tiles == 27:
        cat = rng.randrange(CATEGORIES)
        gone = {(cat, colour) for colour in rng.sample([0, 1, 2, 3, 4], 3)}
        kept = [t for t in kept if t not in gone]
    elif tiles == 24:
        cat = rng.randrange(CATEGORIES)
        rest = [t for t in kept if t[0] != cat]
        gone_tile = rng.choice(rest)
        kept = [t for t in rest if t != gone_tile]
    elif tiles == 19:
        cats = rng.sample(range(CATEGORIES), 2)
        rest = [t for t in kept if t[0] not in cats]
        gone_tile = rng.choice(rest)
        kept = [t for t in rest if t != gone_tile]
    kept.sort()
    rng.shuffle(kept)
    layout = LAYOUTS[tiles]
    goods = []
    for (P, Q), cls, (category, colour) in zip(layout.positions, layout.classes, kept):
        if cls == INTERMEDIATE:
            pick = rng.randrange(2)
            q, r = caravanserai_cells(P, Q, category)[pick]
            goods.append((cell_id(q, r), colour))
    return tiles, tuple(kept), goods
