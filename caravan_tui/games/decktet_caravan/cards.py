"""The Decktet basic deck (36 cards) as plain tables indexed by card number.

Cards 0-5 are the Aces, 6-11 the Crowns (both "wild" in caravans), 12-35 the number cards.
Ids: ``1M`` (Ace of Moons), ``NV`` (Crown of Waves), ``2MK`` (the Author).
"""

from __future__ import annotations

# hands are bit sets: the game's modules take both helpers from here
from caravan_tui.engine import bits_of as cards_of  # noqa: F401
from caravan_tui.engine import mask_of  # noqa: F401

SUIT_CODES = "MSVLYK"
SUIT_NAMES = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
SUIT_SYMBOLS = ("☾", "☀", "≈", "♣", "∿", "⌘")

_CROWN_NAMES = ("the Huntress", "the Bard", "the Sea", "the End", "the Calamity", "the Windfall")
_NUMBER_CARDS = (
    (2, "the Author", "MK"),
    (2, "the Desert", "SY"),
    (2, "the Origin", "VL"),
    (3, "the Journey", "MV"),
    (3, "the Painter", "SK"),
    (3, "the Savage", "LY"),
    (4, "the Mountain", "MS"),
    (4, "the Sailor", "VL"),
    (4, "the Battle", "YK"),
    (5, "the Forest", "ML"),
    (5, "the Discovery", "SV"),
    (5, "the Soldier", "YK"),
    (6, "the Lunatic", "MV"),
    (6, "the Penitent", "SY"),
    (6, "the Market", "LK"),
    (7, "the Chance Meeting", "ML"),
    (7, "the Castle", "SK"),
    (7, "the Cave", "VY"),
    (8, "the Diplomat", "MS"),
    (8, "the Mill", "VL"),
    (8, "the Betrayal", "YK"),
    (9, "the Pact", "MS"),
    (9, "the Darkness", "VY"),
    (9, "the Merchant", "LK"),
)

IDS: list[str] = []
NAMES: list[str] = []
RANKS: list[int] = []
SUITS: list[int] = []  # suit bit mask: bit i = SUIT_CODES[i]

for _i, _code in enumerate(SUIT_CODES):
    IDS.append(f"1{_code}")
    NAMES.append(f"the Ace of {SUIT_NAMES[_i]}")
    RANKS.append(1)
    SUITS.append(1 << _i)
for _i, _code in enumerate(SUIT_CODES):
    IDS.append(f"N{_code}")
    NAMES.append(_CROWN_NAMES[_i])
    RANKS.append(10)
    SUITS.append(1 << _i)
for _rank, _name, _suits in _NUMBER_CARDS:
    IDS.append(f"{_rank}{_suits}")
    NAMES.append(_name)
    RANKS.append(_rank)
    SUITS.append(sum(1 << SUIT_CODES.index(s) for s in _suits))

CARD_COUNT = len(IDS)  # 36
INDEX = {card_id: i for i, card_id in enumerate(IDS)}
ACES = tuple(range(0, 6))
CROWNS = tuple(range(6, 12))
WILDS = tuple(range(0, 12))
NUMBERS = tuple(range(12, CARD_COUNT))
WILD_MASK = (1 << 12) - 1
NUMBER_MASK = ((1 << CARD_COUNT) - 1) ^ WILD_MASK
ALL_MASK = (1 << CARD_COUNT) - 1
#: per card, the mask of every card sharing at least one suit with it (itself included)
SHARES_SUIT = [
    sum(1 << other for other in range(CARD_COUNT) if SUITS[other] & SUITS[card]) for card in range(CARD_COUNT)
]


def suit_index(card: int) -> int:
    """The one suit of an Ace or Crown."""
    return SUITS[card].bit_length() - 1


def rank_label(card: int) -> str:
    return {1: "A", 10: "C"}.get(RANKS[card], str(RANKS[card]))


def card_code(card: int) -> str:
    """A card as the board writes it, in plain text: its rank, then each suit's symbol and
    letter (``6☀S∿Y``), so that the log's card names can be found on the board."""
    return rank_label(card) + "".join(
        SUIT_SYMBOLS[i] + code for i, code in enumerate(SUIT_CODES) if SUITS[card] >> i & 1
    )
