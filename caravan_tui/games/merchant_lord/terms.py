"""Merchant Lord's phases, numbers and villages, and the words for them: the bottom of the
game's modules (the state in ``rules.py`` imports the rule helpers, never the other way)."""

from __future__ import annotations

from typing import Any

from caravan_tui.words import plural as plural  # the one helper, for this game's modules
from caravan_tui.words import tied_scores

from .cards import VILLAGE_NAMES, VILLAGE_STALLS

FAVOUR, SELL, PLACE, BUY, OVER = range(5)
PHASES = ("favour", "sell", "place", "buy", "over")
#: a seat's steps before its sales end (one constant tuple for the evaluation's test)
SELLING_PHASES = (FAVOUR, SELL)
UNPLACED, MARKET, ASIDE = -1, -2, -3
PLACES = {UNPLACED: "unplaced", MARKET: "market", ASIDE: "aside"}
PLACE_CODES = {word: code for code, word in PLACES.items()}

COINS = 40
FAVOUR_TOKENS = 40
START_DICE = 4
MAX_DICE = 6
START_FAVOUR = 2
PRICE = 5
TARGET = 9
MAX_ROUNDS = 100
REROLL_COST = 1
ADJUST_COST = 2

VIDS = tuple(f"P{seat}-{name}" for seat in range(4) for name in VILLAGE_NAMES)
VINDEX = {vid: v for v, vid in enumerate(VIDS)}
VILLAGE_WORDS = tuple(f"{a}-{b}" for a, b in VILLAGE_STALLS)
PLAIN_SALES = tuple(("sell", vid, ()) for vid in VIDS)
START_OPTIONS = ("random", 1, 2, 3, 4)


def village_words(v: int) -> str:
    """``{p1:'s} 1-6 village``."""
    return f"{{p{v // 3}:'s}} {VILLAGE_WORDS[v % 3]} village"


def dice_words(values) -> str:
    return " ".join(str(v) for v in values) or "no dice"


def rank_key(table: int, coins: int, favour: int) -> tuple[int, int, int]:
    """Scoring order (§8.4): table cards, then coins, then favour."""
    return (table, coins, favour)


def tie_break(table: list[int], coins: list[int], favour: list[int], winner: int) -> str:
    """ "" when the winner has the most table cards alone; else which tie-break made them win."""
    tied = [seat for seat, cards in enumerate(table) if cards == table[winner] and seat != winner]
    if not tied:
        return ""
    if all(coins[seat] < coins[winner] for seat in tied):
        return "on the coins tie-break"
    return "on the favour tie-break (cards and coins tied)"


def tie_words(view: dict[str, Any], scores: list[float], outcome: list[float]) -> str | None:
    """``26–26; {p0} win{p0:s} on the coins tie-break.`` (seat fields for the screen to fill in),
    or None when no tie-break decided the match (or it did not end by its rules)."""
    if view["phase"] != "over" or outcome.count(max(outcome)) != 1:
        return None
    winner = outcome.index(max(outcome))
    how = tie_break(view["table"], view["coins"], view["favour"], winner)
    if not how:
        return None
    table = view["table"]
    score = tied_scores(table, [seat for seat, cards in enumerate(table) if cards == table[winner]])
    return f"{score}; {{p{winner}}} win{{p{winner}:s}} {how}."
