"""Route cards and auction/trade items as small ints, with their names for actions and people.

A route card is ``colour * 10 + commodity`` (0–49); its name, used in actions, is "red Salt".
A hand is a bit mask over card ids. Items (auction lots and trade goods) share one numbering:
a face-up card is its card id, RoP of colour k is ``ROP + k``, then SHAH, EYES, PIRATE.
"""

from __future__ import annotations

# hands are bit sets: the game's modules take both helpers from here
from caravan_tui.engine import bits_of as cards_of  # noqa: F401
from caravan_tui.engine import mask_of  # noqa: F401

from .maps import COLOURS, COMMODITIES

CARD_NAMES = tuple(f"{COLOURS[c // 10]} {COMMODITIES[c % 10]}" for c in range(50))
CARD_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}
#: every colour's card of commodity k, as a hand mask
COMMODITY_MASK = tuple(sum(1 << (colour * 10 + k) for colour in range(5)) for k in range(10))
#: colour k's ten cards, as a hand mask
COLOUR_MASK = tuple(((1 << 10) - 1) << (10 * k) for k in range(5))

ROP = 50
SHAH, EYES, PIRATE = 55, 56, 57
ITEM_NAMES = CARD_NAMES + tuple(f"RoP {colour}" for colour in COLOURS) + ("Shah", "Eyes", "Pirate")
ITEM_INDEX = {name: k for k, name in enumerate(ITEM_NAMES)}
#: how people read an item
ITEM_WORDS = (
    tuple(f"the {name} card" for name in CARD_NAMES)
    + tuple(f"{colour}'s Right of Passage" for colour in COLOURS)
    + ("the Shah", "the Eyes of Shamesh", "the Pirate Queen")
)


def count_of(hand: int, commodity: int) -> int:
    return (hand & COMMODITY_MASK[commodity]).bit_count()


def pick_card(hand: int, known: int, commodity: int) -> int:
    """The card a player gives or discards for "a card of ``commodity``": a card the table
    already knows first (it tells nothing new), else the lowest id; -1 if there is none."""
    mask = hand & COMMODITY_MASK[commodity]
    if not mask:
        return -1
    shown = mask & known
    pool = shown or mask
    return (pool & -pool).bit_length() - 1
