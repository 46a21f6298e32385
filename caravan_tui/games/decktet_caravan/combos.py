"""Caravans and bandits a hand can form (rules §3), as immutable move records.

A move is a tuple ``(action, kind, mask, length, level)``: ``kind`` is CARAVAN or BANDIT,
``mask`` the cards it uses, ``length`` its card count, ``level`` a caravan's height or a
bandit's category (1-4). Actions are plain tuples: ``("caravan", "3MV", "1M@4", "5ML")``
(a wild card carries the rank it stands for) and ``("bandit", "1M", "NK")``.
"""
from __future__ import annotations

from .cards import ACES, CROWNS, IDS, INDEX, RANKS, SUITS, WILD_MASK, cards_of

CARAVAN = 0
BANDIT = 1
PASS = ("pass",)

_ANY_SUIT = (1 << 6) - 1
_WILD_IDS = {(card, rank): f"{IDS[card]}@{rank}" for card in range(12) for rank in range(2, 10)}
_CACHE_LIMIT = 200_000
#: hand mask -> (caravans, bandits); shared by every state, so repeated hands cost nothing.
_HAND_CACHE: dict[int, tuple[tuple, tuple]] = {}
#: action -> move, for every move ever generated (actions mean the same in any hand).
MOVES: dict[tuple, tuple] = {}


def combos(hand: int) -> tuple[tuple, tuple]:
    """All caravan readings and all bandits of a hand, each list sorted by (length, level)."""
    found = _HAND_CACHE.get(hand)
    if found is None:
        if len(_HAND_CACHE) >= _CACHE_LIMIT:
            _HAND_CACHE.clear()
        found = _HAND_CACHE[hand] = (_caravans(hand), _bandits(hand))
    return found


def _caravans(hand: int) -> tuple:
    by_rank: list[list[int]] = [[] for _ in range(11)]
    wilds = []
    for card in cards_of(hand):
        if (1 << card) & WILD_MASK:
            wilds.append(card)
        else:
            by_rank[RANKS[card]].append(card)
    out: list[tuple] = []

    def extend(rank: int, prev_suits: int, used: int, seq: tuple, has_number: bool) -> None:
        for card in by_rank[rank]:
            if prev_suits & SUITS[card]:
                step = seq + ((card, IDS[card]),)
                out.append(_caravan_move(step, rank, used | 1 << card))
                if rank < 9:
                    extend(rank + 1, SUITS[card], used | 1 << card, step, True)
        for card in wilds:
            bit = 1 << card
            if not used & bit and prev_suits & SUITS[card]:
                step = seq + ((card, _WILD_IDS[card, rank]),)
                if has_number:
                    out.append(_caravan_move(step, rank, used | bit))
                if rank < 9:
                    extend(rank + 1, SUITS[card], used | bit, step, has_number)

    for start in range(2, 10):
        extend(start, _ANY_SUIT, 0, (), False)
    out.sort(key=lambda move: (move[3], move[4]))
    return tuple(out)


def _caravan_move(step: tuple, height: int, mask: int) -> tuple:
    action = ("caravan",) + tuple(card_id for _, card_id in step)
    move = MOVES.get(action)
    if move is None:
        move = MOVES[action] = (action, CARAVAN, mask, len(step), height)
    return move


def _bandits(hand: int) -> tuple:
    aces = [card for card in ACES if hand >> card & 1]
    crowns = [card for card in CROWNS if hand >> card & 1]
    out = [_bandit_move((ace,), 1) for ace in aces]
    out += [_bandit_move((crown,), 2) for crown in crowns]
    for ace in aces:
        for crown in crowns:
            out.append(_bandit_move((ace, crown), 4 if SUITS[ace] == SUITS[crown] else 3))
    out.sort(key=lambda move: move[4])
    return tuple(out)


def _bandit_move(cards: tuple, category: int) -> tuple:
    action = ("bandit",) + tuple(IDS[card] for card in cards)
    move = MOVES.get(action)
    if move is None:
        mask = sum(1 << card for card in cards)
        move = MOVES[action] = (action, BANDIT, mask, len(cards), category)
    return move


def readings(action: tuple) -> list[tuple[int, int]]:
    """(card, rank it stands for) for each card of a caravan or bandit action."""
    out = []
    for token in action[1:]:
        card_id, _, rank = token.partition("@")
        card = INDEX[card_id]
        out.append((card, int(rank) if rank else RANKS[card]))
    return out
