"""Plain words for every action, as the seat to move would read them (``{pN}`` fields)."""
from __future__ import annotations

from caravan_tui.engine import Action

from .cards import DIE, HALF_INDEX, HALF_WORDS, IDS, INDEX, ONE_TIME_WORDS, half_words
from .rules import (
    ADJUST_COST, PRICE, REROLL_COST, VINDEX, MerchantLordState, dice_words, plural, village_words,
)
from .sales import adjusted, unpack


def _gain(coins: int, favour: int) -> str:
    parts = [plural(coins, "coin")] + ([f"{favour} favour"] if favour else [])
    return " and ".join(parts)


def describe(state: MerchantLordState, action: Action) -> str:
    kind = action[0] if isinstance(action, tuple) and action else None
    seat = state.turn
    if kind == "reroll":
        return f"Reroll {dice_words(action[1:])} ({REROLL_COST} favour)"
    if kind == "adjust":
        value, delta = action[1], action[2]
        return f"Turn a {value} into a {adjusted(value, delta)} ({ADJUST_COST} favour)"
    if kind == "end_favour":
        return "Spend no more favour: go on to selling"
    if kind == "end_selling":
        if seat is None:
            return "Stop selling"
        left = len(state._unplaced_values(seat))
        if not left:
            return "Stop selling"
        return f"Stop selling: {left} unused {'die' if left == 1 else 'dice'} to the market for {left} favour"
    if kind == "sell" and seat is not None:
        v = VINDEX[action[1]]
        tucks = tuple((INDEX[c], HALF_INDEX[h]) for c, h in action[2])
        dice = sorted(unpack(state.vstall[v]) + [DIE[c][h] for c, h in tucks])
        text = f"Sell {dice_words(dice)} at {village_words(v)}"
        if tucks:
            text += ", tucking " + " and ".join(f"{IDS[c]} {HALF_WORDS[h]} ({DIE[c][h]})" for c, h in tucks)
        coins, favour, owner_coins, owner_favour, fires = state.sale_income(seat, v, tucks)
        text += f": {{p{seat}}} get{{p{seat}:s}} {_gain(coins, favour)}"
        owner = v // 3
        if owner != seat:
            text += f", {{p{owner}}} get{{p{owner}:s}} {_gain(owner_coins, owner_favour)}"
        if fires:
            text += " + " + ", ".join(ONE_TIME_WORDS[f] for f in fires)
        if tucks:
            text += f" ({state.table[seat] + len(tucks)} table cards)"
        return text
    if kind == "place":
        card, half, v = INDEX[action[1]], HALF_INDEX[action[2]], VINDEX[action[3]]
        return f"Free Placement: put {half_words(card, half)} at {village_words(v)}"
    if kind == "skip":
        return "Skip this free placement"
    if kind == "buy":
        card = INDEX[action[1]]
        return f"Buy {action[1]} for {PRICE} coins ({half_words(card, 0)} | {half_words(card, 1)})"
    if kind == "end_buying":
        return "Buy nothing more"
    return repr(action)

