"""Caravans and bandits a hand can form (rules §3), as immutable move records.

A move is a tuple ``(action, kind, mask, length, level)``: ``kind`` is CARAVAN or BANDIT,
``mask`` the cards it uses, ``length`` its card count, ``level`` a caravan's height or a
bandit's category (1-4). Actions are plain tuples: ``("caravan", "3MV", "1M@4", "5ML")``
(a wild card carries the rank it stands for) and ``("bandit", "1M", "NK")``.

Enumerating a full hand's caravans is the engine's most expensive step, so results are cached
per hand mask, and a hand that only lost cards is derived from its parent by filtering.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import pairwise
from typing import TypeAlias

from caravan_tui.engine import Action

from .cards import ACES, CROWNS, IDS, INDEX, NAMES, RANKS, SUITS, WILD_MASK, cards_of

CARAVAN = 0
BANDIT = 1
PASS = ("pass",)
MAX_LENGTH = 8  # ranks 2-9
#: (action, kind, mask, length, level), as the module docstring describes
Move: TypeAlias = tuple[Action, int, int, int, int]

_ANY_SUIT = (1 << 6) - 1
_WILD_IDS = {(card, rank): f"{IDS[card]}@{rank}" for card in range(12) for rank in range(2, 10)}
#: a card's code in a caravan's key: a numbered card's index plus one, a wild card's (card, rank
#: it stands for) from 64 up; ``_CODE_IDS`` gives each code's text in the action
_WILD_CODES = {(card, rank): 64 + 8 * card + rank - 2 for card in range(12) for rank in range(2, 10)}
_CODE_IDS = {
    **{card + 1: card_id for card, card_id in enumerate(IDS)},
    **{_WILD_CODES[place]: text for place, text in _WILD_IDS.items()},
}
_CACHE_LIMIT = 100_000
#: hand mask -> HandCombos; shared by every state, so a repeated hand costs nothing.
_HAND_CACHE: dict[int, HandCombos] = {}
#: action -> move, for every move ever generated (an action means the same in any hand).
MOVES: dict[Action, Move] = {}
#: a caravan's cards' codes, a byte each in play order -> its move: enumeration looks caravans up
#: by this int instead of building and hashing each action's tuple
_BY_KEY: dict[int, Move] = {}


def _height(move: Move) -> int:
    return move[4]


class HandCombos:
    """A hand's caravans bucketed by length (each bucket sorted by height) and its bandits."""

    __slots__ = ("hand", "by_length", "bandits", "_lead")
    hand: int
    by_length: list[list[Move]]
    bandits: list[Move]
    _lead: list[Action] | None

    def __init__(self, hand: int, by_length: list[list[Move]], bandits: list[Move]) -> None:
        self.hand = hand
        self.by_length = by_length
        self.bandits = bandits
        self._lead = None

    def lead(self) -> list[Action]:
        """Every caravan action, shortest and lowest first."""
        if self._lead is None:
            self._lead = [move[0] for bucket in self.by_length for move in bucket]
        return self._lead

    def beating(self, top: Move) -> list[Action]:
        """Actions that beat ``top`` (rules §3 Beating), without the pass."""
        if top[1] == CARAVAN:
            bucket = self.by_length[top[3]]
            start = bisect_right(bucket, top[4], key=_height)
            return [move[0] for move in bucket[start:]] + [move[0] for move in self.bandits]
        return [move[0] for move in self.bandits if move[4] > top[4]]

    def restrict(self, hand: int) -> HandCombos:
        """The combinations of a sub-hand: those using none of the removed cards."""
        gone = self.hand & ~hand
        return HandCombos(
            hand,
            [[m for m in bucket if not m[2] & gone] for bucket in self.by_length],
            [m for m in self.bandits if not m[2] & gone],
        )


def combos(hand: int, parent: HandCombos | None = None) -> HandCombos:
    """The combinations of ``hand``; ``parent``, when given, is a superset hand's combinations."""
    found = _HAND_CACHE.get(hand)
    if found is None:
        if len(_HAND_CACHE) >= _CACHE_LIMIT:
            _HAND_CACHE.clear()
        if parent is not None and parent.hand & hand == hand:
            found = parent.restrict(hand)
        else:
            found = HandCombos(hand, _caravans(hand), _bandits(hand))
        _HAND_CACHE[hand] = found
    return found


def _caravans(hand: int) -> list[list[Move]]:
    """Depth-first over start ranks in ascending order, so each length bucket comes out sorted
    by height (a caravan's height is its start rank plus its length minus one)."""
    by_rank: list[list[int]] = [[] for _ in range(11)]
    wilds = []
    for card in cards_of(hand):
        if (1 << card) & WILD_MASK:
            wilds.append(card)
        else:
            by_rank[RANKS[card]].append(card)
    by_length: list[list[Move]] = [[] for _ in range(MAX_LENGTH + 1)]
    known = _BY_KEY

    def extend(rank: int, prev_suits: int, used: int, key: int, length: int, has_number: bool) -> None:
        length += 1
        for card in by_rank[rank]:
            if prev_suits & SUITS[card]:
                step = key << 8 | card + 1
                mask = used | 1 << card
                move = known.get(step)
                by_length[length].append(_keyed_move(step, rank, mask) if move is None else move)
                if rank < 9:
                    extend(rank + 1, SUITS[card], mask, step, length, True)
        for card in wilds:
            bit = 1 << card
            if not used & bit and prev_suits & SUITS[card]:
                step = key << 8 | _WILD_CODES[card, rank]
                if has_number:
                    move = known.get(step)
                    by_length[length].append(_keyed_move(step, rank, used | bit) if move is None else move)
                if rank < 9:
                    extend(rank + 1, SUITS[card], used | bit, step, length, has_number)

    for start in range(2, 10):
        extend(start, _ANY_SUIT, 0, 0, 0, False)
    return by_length


def _keyed_move(key: int, height: int, mask: int) -> Move:
    """The move of the caravan whose cards' codes, a byte each, make up ``key`` (first seen)."""
    ids = []
    rest = key
    while rest:
        ids.append(_CODE_IDS[rest & 0xFF])
        rest >>= 8
    move = _BY_KEY[key] = _caravan_move(tuple(reversed(ids)), height, mask)
    return move


def _caravan_move(ids: tuple[str, ...], height: int, mask: int) -> Move:
    action = ("caravan",) + ids
    move = MOVES.get(action)
    if move is None:
        move = MOVES[action] = (action, CARAVAN, mask, len(ids), height)
    return move


def _bandits(hand: int) -> list[Move]:
    aces = [card for card in ACES if hand >> card & 1]
    crowns = [card for card in CROWNS if hand >> card & 1]
    out = [_bandit_move((ace,), 1) for ace in aces]
    out += [_bandit_move((crown,), 2) for crown in crowns]
    for ace in aces:
        for crown in crowns:
            out.append(_bandit_move((ace, crown), 4 if SUITS[ace] == SUITS[crown] else 3))
    out.sort(key=_height)
    return out


def _bandit_move(cards: tuple[int, ...], category: int) -> Move:
    action = ("bandit",) + tuple(IDS[card] for card in cards)
    move = MOVES.get(action)
    if move is None:
        mask = sum(1 << card for card in cards)
        move = MOVES[action] = (action, BANDIT, mask, len(cards), category)
    return move


def move_of(action: Action) -> Move:
    """The move record of any well-formed action (e.g. read from a save). Enumerating the
    action's own cards registers every combination they form, this one included."""
    if action not in MOVES:
        combos(sum(1 << card for card, _ in readings(action)))
    try:
        return MOVES[action]
    except KeyError:
        raise ValueError(f"{action!r} is not a caravan or bandit: {why_no_combo(action)}") from None


def why_no_combo(action: Action) -> str:
    """The first rule of §3 that ``action``'s cards break, in words ("ranks 6 and 8 are not in a
    row"): first what no rank an Ace or Crown stands for could mend (the number cards' own ranks),
    then this reading's."""
    if action[:1] == ("bandit",):
        return "a bandit is a single Ace, a single Crown, or an Ace and a Crown"
    cards = sorted(readings(action), key=lambda reading: reading[1])
    wild = sum(card in ACES + CROWNS for card, _ in cards)
    if wild == len(cards):
        return "a caravan needs a number card"
    numbers = sorted(RANKS[card] for card, _ in cards if card not in ACES + CROWNS)
    for rank in numbers:
        if numbers.count(rank) > 1:
            return f"{'two' if numbers.count(rank) == 2 else numbers.count(rank)} cards of rank {rank}"
    missing = sum(high - low - 1 for low, high in pairwise(numbers))
    if missing > wild:
        low, high = max(pairwise(numbers), key=lambda gap: gap[1] - gap[0])
        wilds = "1 Ace or Crown" if wild == 1 else f"{wild} Aces or Crowns"
        fill = f" ({missing} ranks missing, {wilds} to stand in)" if wild else ""
        return f"ranks {low} and {high} are not in a row{fill}"
    if any(card in ACES + CROWNS and not 2 <= rank <= 9 for card, rank in cards):
        return "an Ace or Crown stands for a rank from 2 to 9"
    for (card, rank), (after, next_rank) in pairwise(cards):
        if next_rank == rank:
            return f"two cards of rank {rank}"
        if next_rank != rank + 1:
            return f"ranks {rank} and {next_rank} are not in a row"
        if not SUITS[card] & SUITS[after]:
            return f"{NAMES[card]} and {NAMES[after]} share no suit"
    return "its cards are not in rank order"


def readings(action: Action) -> list[tuple[int, int]]:
    """(card, rank it stands for) for each card of a caravan or bandit action."""
    out = []
    for token in action[1:]:
        card_id, _, rank = token.partition("@")
        card = INDEX[card_id]
        out.append((card, int(rank) if rank else RANKS[card]))
    return out
