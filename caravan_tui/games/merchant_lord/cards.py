"""The merchant cards (rules §3) as plain tables indexed by card number, and the village cards.

Cards 0-29 are M01-M30, loaded from ``cards.json`` (the spec's §3.4 data; replace the file if
the real cards turn up). Halves: 0 = left (``"L"``), 1 = right (``"R"``). Per card and half:
``DIE`` (the stall value), ``OPP`` (coins paid to a seller at someone else's village), ``OWN``
(the owner's code), and the owner's code split into ``OWN_COINS``, ``OWN_FAVOUR`` (recurring)
and ``ONE_TIME`` (``"FM"``, ``"FC"``, ``"FP"`` or None).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path

# hands are bit sets: the game's modules take both helpers from here
from caravan_tui.engine import bits_of as cards_of  # noqa: F401
from caravan_tui.engine import mask_of  # noqa: F401

HALVES = ("L", "R")
HALF_WORDS = ("left", "right")
HALF_INDEX = {"L": 0, "R": 1}
GOODS = ("Silk", "Papyrus", "Gold", "Wheat", "Spices", "Porcelain")  # die value 1..6 (cosmetic)

OPP_CODES = {"O1": 1, "O2": 2}
#: own code -> (coins, favour, one-time reward)
OWN_CODES = {
    "C1": (1, 0, None),
    "C2": (2, 0, None),
    "F5": (0, 5, None),
    "FM": (0, 0, "FM"),
    "FC": (0, 0, "FC"),
    "FP": (0, 0, "FP"),
}
ONE_TIME_WORDS = {"FM": "Free Merchant", "FC": "Free Caravan", "FP": "Free Placement"}
CODE_WORDS = {"O1": "1 coin", "O2": "2 coins", "C1": "1 coin", "C2": "2 coins", "F5": "5 favour", **ONE_TIME_WORDS}


def placements(rewards: Iterable[tuple[str, str | None]]) -> int:
    """How many table cards a sale's Free Placements add (``sale_rewards``: those not lost): a
    sale tucking 2 with two of them was said "+2 table cards (5 of 9)" and made 7."""
    return sum(1 for reward, lost in rewards if reward == "FP" and lost is None)


def reward_words(reward: str, lost: str | None, short: bool = False) -> str:
    """A one-time reward a sale brings, as ``MerchantLordState.sale_rewards`` has it: "Free
    Placement", or "Free Placement — lost: no card left in hand" when it cannot be used (short:
    "FP", "FP lost")."""
    if short:
        return reward + (" lost" if lost else "")
    return ONE_TIME_WORDS[reward] + (f" — lost: {lost}" if lost else "")


def reward_token(reward: str, lost: str | None) -> str:
    """A one-time reward as one word, for a line that wraps at its spaces: "FP", "FP(lost)" (the
    plays list showed "2¢+FP" and "lost" on lines of their own)."""
    return reward + ("(lost)" if lost else "")


#: village cards (§2.2): per seat, V16, V25 and V34, each with two stalls
VILLAGE_NAMES = ("V16", "V25", "V34")
VILLAGE_STALLS = ((1, 6), (2, 5), (3, 4))
#: option ``village_payout`` -> (opp coins, own coins) of every village card (§3.2)
PAYOUTS = {"standard": (2, 2), "gentle": (1, 2), "slow": (1, 1)}


def load_cards(path: str | Path | None = None) -> list[dict]:
    """The merchant card list: ``path`` or the package's ``cards.json``; checked (``deck_problems``)."""
    text = (
        Path(path).read_text(encoding="utf-8")
        if path is not None
        else files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    )
    cards = json.loads(text)
    problems = deck_problems(cards)
    if problems:
        raise ValueError("bad merchant card data: " + "; ".join(problems))
    return cards


def deck_problems(cards: list[dict]) -> list[str]:
    """What breaks the §3.5 deck properties (and the field formats); empty when all hold."""
    problems = []
    if len(cards) != 30 or [c.get("id") for c in cards] != [f"M{i:02d}" for i in range(1, 31)]:
        problems.append("need 30 cards M01..M30 in order")
    halves = []
    for card in cards:
        for side in ("left", "right"):
            half = card.get(side)
            if (
                not isinstance(half, list)
                or len(half) != 3
                or half[0] not in range(1, 7)
                or half[1] not in OPP_CODES
                or half[2] not in OWN_CODES
            ):
                problems.append(f"{card.get('id')} {side}: bad half {half!r}")
            else:
                halves.append(tuple(half))
    if problems:
        return problems
    values = Counter(h[0] for h in halves)
    if any(values[v] != 10 for v in range(1, 7)):
        problems.append(f"need 10 halves of each die value, got {dict(sorted(values.items()))}")
    if any(card["left"][0] == card["right"][0] for card in cards):
        problems.append("a card's two halves share a die value")
    pairs = Counter(frozenset((card["left"][0], card["right"][0])) for card in cards)
    if len(pairs) != 15 or any(count != 2 for count in pairs.values()):
        problems.append("each unordered value pair must occur on exactly 2 cards")
    codes = Counter(f"{h[1]}/{h[2]}" for h in halves)
    expected = {"O1/C1": 18, "O1/C2": 12, "O2/C1": 6, "O1/F5": 6, "O1/FM": 6, "O1/FC": 6, "O1/FP": 6}
    if dict(codes) != expected:
        problems.append(f"half counts {dict(sorted(codes.items()))} differ from {expected}")
    return problems


CARDS = load_cards()
CARD_COUNT = len(CARDS)  # 30
IDS: tuple[str, ...] = tuple(card["id"] for card in CARDS)
INDEX = {card_id: i for i, card_id in enumerate(IDS)}
ALL_MASK = (1 << CARD_COUNT) - 1
DIE = tuple((card["left"][0], card["right"][0]) for card in CARDS)
OPP = tuple((OPP_CODES[card["left"][1]], OPP_CODES[card["right"][1]]) for card in CARDS)
OWN = tuple((card["left"][2], card["right"][2]) for card in CARDS)
OWN_COINS = tuple(tuple(OWN_CODES[code][0] for code in own) for own in OWN)
OWN_FAVOUR = tuple(tuple(OWN_CODES[code][1] for code in own) for own in OWN)
ONE_TIME = tuple(tuple(OWN_CODES[code][2] for code in own) for own in OWN)


def half_text(card: int, half: int) -> str:
    """One half as the log says it, in the table's words (not the rules' codes, ``M05-R 4 O1/FM``):
    ``right: stall 4, seller 1¢, owner Free Merchant``."""
    opp = CARDS[card][("left", "right")[half]][1]
    return f"{HALF_WORDS[half]}: stall {DIE[card][half]}, seller {OPP_CODES[opp]}¢, owner {CODE_WORDS[OWN[card][half]]}"


def half_words(card: int, half: int, placed: bool = False) -> str:
    """One half in words: ``M05 right half (stall 4; opponents 1 coin, you Free Merchant)``;
    ``placed``: by a Free Placement, whose one-time half never fires (§7.4.5: "owner Free
    Caravan" read as a reward to come)."""
    opp = CARDS[card][("left", "right")[half]][1]
    own = CODE_WORDS[OWN[card][half]]
    if placed and ONE_TIME[card][half]:
        own = f"{own}, which never fires: the card is placed, not tucked"
    return f"{IDS[card]} {HALF_WORDS[half]} half (stall {DIE[card][half]}; seller {CODE_WORDS[opp]}, owner {own})"
