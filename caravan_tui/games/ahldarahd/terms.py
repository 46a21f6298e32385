"""Caravans of Ahldarahd's phases, numbers and action tags, and the words for things: the bottom
of the game's modules (the state in ``rules.py`` imports the rule helpers, never the other way)."""

from __future__ import annotations

from typing import Any

from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural as plural  # the one helper, for this game's modules
from caravan_tui.words import tie_broken

from .cards import ITEM_WORDS, ROP, SHAH
from .maps import COMMODITIES, COMMODITY_AT
from .views import Phase

SETUP, BID_OPEN, BID_RAISE, SHAH_GIVE, BUILD, COMPOSE, ANSWER, NIGHT_AVERT, NIGHT_LOSS, OVER = range(10)
PHASES: tuple[Phase, ...] = (
    "setup",
    "bid_open",
    "bid_raise",
    "shah_give",
    "build",
    "compose",
    "answer",
    "night_avert",
    "night_loss",
    "over",
)
#: phases tested together in the hot paths (one constant tuple, not one built per test)
BID_PHASES = (BID_OPEN, BID_RAISE)
TRADE_PHASES = (COMPOSE, ANSWER)

BANK = 120
START_GOLD = 5
HAND = 3
MARKERS = 21
FREE_ROUTES = 2
BLACK_CHIPS = 3
NIGHT_PRICE = 10
MAX_PROPOSALS = 3
MAX_TURNS = 60

DONE, END, PASS, SEND, CANCEL, ACCEPT, DECLINE, AVERT, STAND_BY = (
    ("done",),
    ("end",),
    ("pass",),
    ("send",),
    ("cancel",),
    ("accept",),
    ("decline",),
    ("avert",),
    ("stand_by",),
)


def gold_words(k: int) -> str:
    return f"{k} gold"


def poss(seat: int) -> str:
    """``{p1:'s}``: "Ann's" or "your"."""
    return who(seat, "'s")


def map_words(m: int, n: int, by: int = -1) -> str:
    """ "{p1:'s} map" (read "Ann's map" or "your map"), or "the neutral map"; in a sentence
    where seat ``by`` acts, its own map is "{p1:their} own map" (read "their own", "your own")."""
    if m == by:
        return f"{who(by, 'their')} own map"
    return "the neutral map" if m >= n else f"{poss(m)} map"


def city_words(m: int, slot: int) -> str:
    """ "the Salt city", where the sentence has named its map."""
    return f"the {COMMODITIES[COMMODITY_AT[m][slot]]} city"


def city_in_words(m: int, slot: int, n: int, by: int = -1) -> str:
    """ "the Salt city on {p0:'s} map" ("on {p0:their} own map" where seat ``by`` acts)."""
    return f"{city_words(m, slot)} on {map_words(m, n, by)}"


def rop_words(k: int) -> str:
    """ "{p1:'s} Right of Passage"."""
    return f"{poss(k)} Right of Passage"


def item_words(item: int, by: int = -1) -> str:
    """An item in words, a RoP by its player: "{p1:'s} Right of Passage", "the Eyes of Shamesh";
    in a sentence where seat ``by`` acts, its own RoP is "{p1:their} own Right of Passage" (read
    "their own", "your own"), never "Ann opens an auction for Ann's Right of Passage"."""
    if item == ROP + by:
        return f"{who(by, 'their')} own Right of Passage"
    return rop_words(item - ROP) if ROP <= item < SHAH else ITEM_WORDS[item]


def city_count(k: int) -> str:
    return f"{k} controlled {'city' if k == 1 else 'cities'}"


def tie_words(view: dict[str, Any], scores: list[float], outcome: list[float]) -> str | None:
    """Equal points go to the player with the most gold (§6): "9–9; {p2} win{p2:s} on gold (15 to
    0)." (None: no tie decided the match)."""
    if max(outcome) <= 0:
        return None
    winner = outcome.index(max(outcome))
    return tie_broken(scores, outcome, "gold", list(view["gold"]), f"{who(winner)} win{who(winner, 's')}")
