"""Plain words for every action, as the seat to move would read them (``{pN}`` fields)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.engine import Action

from .cards import DIE, HALF_INDEX, HALF_WORDS, IDS, INDEX, half_text, half_words, placements, reward_words
from .sales import adjusted, unpack
from .terms import ADJUST_COST, FAVOUR, PRICE, REROLL_COST, SELL, VINDEX, dice_words, plural, village_words

if TYPE_CHECKING:
    from .rules import MerchantLordState


def sells_after(state: MerchantLordState, action: Action) -> bool:
    """Whether the seat to move can sell after ``action`` (true where ``action`` is not its to
    play in ``state``)."""
    seat = state.turn
    if seat is None or action not in state.legal_actions():
        return True
    after = state.clone()
    after.apply(action, False)
    return after.to_move() == seat and any(step[0] == "sell" for step in after.legal_actions())


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
        # ("go on to selling" where no sale fits the dice: the plays list's line beside it read
        # "No more favour: no sale", and the rules went on to play the dice to the market)
        then = "go on to selling" if sells_after(state, action) else "no sale fits the dice"
        return f"Spend no more favour: {then}"
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
        coins, favour, owner_coins, owner_favour, _ = state.sale_paid(seat, v, tucks)
        rewards = state.sale_rewards(seat, v, tucks)
        text += f": {{p{seat}}} get{{p{seat}:s}} {_gain(coins, favour)}"
        owner = v // 3
        if owner != seat:
            text += f", {{p{owner}}} get{{p{owner}:s}} {_gain(owner_coins, owner_favour)}"
        if rewards:
            text += " + " + ", ".join(reward_words(reward, lost) for reward, lost in rewards)
        placed = placements(rewards)
        if tucks or placed:
            by = f", {placed} of them by Free Placement" if placed else ""
            text += f" ({state.table[seat] + len(tucks) + placed} table cards{by})"
        return text
    if kind == "place":
        card, half, v = INDEX[action[1]], HALF_INDEX[action[2]], VINDEX[action[3]]
        return f"Free Placement: put {half_words(card, half, placed=True)} at {village_words(v)}"
    if kind == "skip":
        return "Skip this free placement"
    if kind == "buy":
        card = INDEX[action[1]]
        # one pair of brackets: "(M28 left half (stall 6; …) | M28 right half (…))" was hard to read
        return f"Buy {action[1]} for {PRICE} coins ({half_text(card, 0)}; {half_text(card, 1)})"
    if kind == "end_buying":
        return "Buy nothing more"
    return repr(action)


def _missing(need: list[int], have: list[int]) -> list[int]:
    left = list(have)
    missing = []
    for value in need:
        if value in left:
            left.remove(value)
        else:
            missing.append(value)
    return missing


def sale_problem(state: MerchantLordState, seat: int, village_id: str, tucks) -> str | None:
    """Why selling at ``village_id`` tucking ``tucks`` ((card id, "L"/"R"), ...) is not a sale
    ``seat`` may make now, in words with ``{pN}`` fields; None when the rules allow it (apart
    from the step: the favour step comes first). The checks follow §7.2.1 in order: the village
    is open, tucks only at your own village and only from your hand, then the dice."""
    if state.turn != seat:
        return "it is not your turn"
    if state.phase not in (SELL, FAVOUR):
        return "you can sell only in your selling step"
    v = VINDEX[village_id]
    seller = state.vseller[v]
    if seller >= 0:
        return (
            f"{village_words(v)} is closed: {{p{seller}:'s}} dice are on it until the round ends"
            if seller != seat
            else f"{village_words(v)} is closed: your dice are on it this round"
        )
    tucks = tuple(tucks)
    owner = v // 3
    if tucks and owner != seat:
        return f"only the owner tucks merchants: at {village_words(v)} you sell to its stalls alone"
    for card_id, _ in tucks:
        if not state.hand[seat] >> INDEX[card_id] & 1:
            return f"{card_id} is not in your hand"
    stalls = unpack(state.vstall[v])
    halves = [DIE[INDEX[c]][HALF_INDEX[h]] for c, h in tucks]
    need = sorted(stalls + halves)
    have = state._unplaced_values(seat)
    missing = _missing(need, have)
    if not missing:
        return None
    what = f"its stalls {dice_words(stalls)}"
    if halves:
        what += " and the tucked " + " ".join(f"{c}{h} ({DIE[INDEX[c]][HALF_INDEX[h]]})" for c, h in tucks)
    lack = dice_words(sorted(missing))
    return (
        f"{village_words(v)} needs dice {dice_words(need)} ({what}), but your unsold dice are "
        f"{dice_words(have)}: no {lack} for {'it' if len(missing) == 1 else 'them'}"
    )


def place_problem(state: MerchantLordState, seat: int, village_id: str, card_id: str | None) -> str | None:
    """Why a Free Placement of ``card_id`` at ``village_id`` is not possible (None: it is)."""
    v = VINDEX[village_id]
    if v // 3 != seat:
        return f"a Free Placement goes into one of your own villages, not {village_words(v)}"
    if state.vseller[v] >= 0:
        return f"{village_words(v)} is closed this round (the village just sold at is closed too)"
    if card_id is not None and not state.hand[seat] >> INDEX[card_id] & 1:
        return f"{card_id} is not in your hand"
    return None
