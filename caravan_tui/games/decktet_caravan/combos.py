"""Caravans and bandits a hand can form (rules §3), as immutable move records.

A move is a tuple ``(action, kind, mask, length, level)``: ``kind`` is CARAVAN or BANDIT,
``mask`` the cards it uses, ``length`` its card count, ``level`` a caravan's height or a
bandit's category (1-4). Actions are plain tuples: ``("caravan", "3MV", "1M@4", "5ML")``
(a wild card carries the rank it stands for) and ``("bandit", "1M", "NK")``.

Enumerating a full hand's caravans is the engine's most expensive step, so results are cached
per hand mask, a hand that only lost cards (or was redealt from a set of cards) is derived from
that superset's list by filtering, and a fresh hand walks a tree of the deck's caravans, built
once as far as hands reach, instead of testing card against card.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TypeAlias

from caravan_tui.engine import Action

from .cards import ACES, CROWNS, IDS, INDEX, NUMBERS, RANKS, SUITS, WILDS

CARAVAN = 0
BANDIT = 1
PASS = ("pass",)
MAX_LENGTH = 8  # ranks 2-9
#: (action, kind, mask, length, level), as the module docstring describes
Move: TypeAlias = tuple[Action, int, int, int, int]

_ANY_SUIT = (1 << 6) - 1
_WILD_IDS = {(card, rank): f"{IDS[card]}@{rank}" for card in range(12) for rank in range(2, 10)}
_NUMBERS_OF_RANK = [[card for card in NUMBERS if RANKS[card] == rank] for rank in range(11)]
_CACHE_LIMIT = 100_000
#: hand mask -> HandCombos; shared by every state, so a repeated hand costs nothing.
_HAND_CACHE: dict[int, HandCombos] = {}
#: action -> move, for every move ever generated (an action means the same in any hand).
MOVES: dict[Action, Move] = {}
#: A caravan begun, as a node of the tree of every caravan the whole deck forms, which is built
#: only as far as hands reach into it: ``[steps, rank, suits, mask, ids, has_number]`` with
#: ``steps`` None until first walked, then a tuple of ``(card bit, move or None, next node or
#: None)``, one per card that may come next in the enumeration's order: the number cards of
#: ``rank`` sharing a suit with the last card, then the wild cards not yet used sharing one.
#: A step's move is the caravan it ends (None while no number card is in it).
_Node: TypeAlias = list
_Step: TypeAlias = tuple[int, Move | None, _Node | None]
#: the caravans' roots, one per start rank 2-9
_ROOTS: list[_Node] = [[None, start, _ANY_SUIT, 0, (), False] for start in range(2, 10)]


def _steps(node: _Node) -> tuple[_Step, ...]:
    """The steps out of ``node``, built once (see ``_Node``)."""
    _, rank, suits, mask, ids, has_number = node
    out: list[_Step] = []
    for card in _NUMBERS_OF_RANK[rank]:
        if suits & SUITS[card]:
            bit = 1 << card
            card_ids = ids + (IDS[card],)
            out.append(
                (
                    bit,
                    _caravan_move(card_ids, rank, mask | bit),
                    [None, rank + 1, SUITS[card], mask | bit, card_ids, True] if rank < 9 else None,
                )
            )
    for card in WILDS:
        bit = 1 << card
        if not mask & bit and suits & SUITS[card]:
            card_ids = ids + (_WILD_IDS[card, rank],)
            ends = _caravan_move(card_ids, rank, mask | bit) if has_number else None
            out.append(
                (bit, ends, [None, rank + 1, SUITS[card], mask | bit, card_ids, has_number] if rank < 9 else None)
            )
    node[0] = steps = tuple(out)
    return steps


def _height(move: Move) -> int:
    return move[4]


class HandCombos:
    """A hand's caravans bucketed by length (each bucket sorted by height) and its bandits.
    A bucket is listed when first asked for (a reply needs only the top's length): filtered
    from ``parent``'s (a superset hand) where there is one, else walked."""

    __slots__ = ("hand", "by_length", "bandits", "parent", "_lead")
    hand: int
    by_length: list[list[Move] | None]
    bandits: list[Move]
    parent: HandCombos | None
    _lead: list[Action] | None

    def __init__(self, hand: int, bandits: list[Move], parent: HandCombos | None = None) -> None:
        self.hand = hand
        self.by_length = [None] * (MAX_LENGTH + 1)
        self.bandits = bandits
        self.parent = parent
        self._lead = None

    def bucket(self, length: int) -> list[Move]:
        """The caravans of ``length`` cards, lowest first."""
        found = self.by_length[length]
        if found is None:
            parent = self.parent
            if parent is None:
                found = _caravans_of_length(self.hand, length)
            else:
                gone = parent.hand & ~self.hand
                found = [m for m in parent.bucket(length) if not m[2] & gone]
            self.by_length[length] = found
        return found

    def lead(self) -> list[Action]:
        """Every caravan action, shortest and lowest first."""
        if self._lead is None:
            root = self  # whose buckets all the others' are filtered from: walked whole, at once
            while root.parent is not None:
                root = root.parent
            if None in root.by_length:
                root.by_length[:] = _caravans(root.hand)
            self._lead = [move[0] for length in range(1, MAX_LENGTH + 1) for move in self.bucket(length)]
        return self._lead

    def beating(self, top: Move) -> list[Action]:
        """Actions that beat ``top`` (rules §3 Beating), without the pass."""
        if top[1] == CARAVAN:
            bucket = self.bucket(top[3])
            start = bisect_right(bucket, top[4], key=_height)
            return [move[0] for move in bucket[start:]] + [move[0] for move in self.bandits]
        return [move[0] for move in self.bandits if move[4] > top[4]]

    def restrict(self, hand: int) -> HandCombos:
        """The combinations of a sub-hand: those using none of the removed cards."""
        gone = self.hand & ~hand
        return HandCombos(hand, [m for m in self.bandits if not m[2] & gone], self)


def combos(hand: int, parent: HandCombos | None = None) -> HandCombos:
    """The combinations of ``hand``; ``parent``, when given, is a superset hand's combinations."""
    found = _HAND_CACHE.get(hand)
    if found is None:
        if len(_HAND_CACHE) >= _CACHE_LIMIT:
            _HAND_CACHE.clear()
        if parent is not None and parent.hand & hand == hand:
            found = parent.restrict(hand)
        else:
            found = HandCombos(hand, _bandits(hand))
        _HAND_CACHE[hand] = found
    return found


def _caravans(hand: int) -> list[list[Move]]:
    """Depth-first over start ranks in ascending order, so each length bucket comes out sorted
    by height (a caravan's height is its start rank plus its length minus one): the walk of the
    caravan tree (``_Node``) along the steps whose card ``hand`` holds."""
    by_length: list[list[Move]] = [[] for _ in range(MAX_LENGTH + 1)]

    def walk(steps: tuple[_Step, ...], length: int) -> None:
        bucket = by_length[length]
        for bit, move, node in steps:
            if hand & bit:
                if move is not None:
                    bucket.append(move)
                if node is not None:
                    walk(node[0] or _steps(node), length + 1)

    for root in _ROOTS:
        walk(root[0] or _steps(root), 1)
    return by_length


def _caravans_of_length(hand: int, length: int) -> list[Move]:
    """The caravans of ``length`` cards ``hand`` forms, in ``_caravans``' order: the same walk,
    cut at that depth and from the start ranks that leave room for it."""
    out: list[Move] = []

    def walk(steps: tuple[_Step, ...], depth: int) -> None:
        for bit, move, node in steps:
            if hand & bit:
                if depth == length:
                    if move is not None:
                        out.append(move)
                elif node is not None:
                    walk(node[0] or _steps(node), depth + 1)

    for root in _ROOTS[: MAX_LENGTH + 1 - length]:
        walk(root[0] or _steps(root), 1)
    return out


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
        raise ValueError(f"{action!r} is not a caravan or bandit") from None


def readings(action: Action) -> list[tuple[int, int]]:
    """(card, rank it stands for) for each card of a caravan or bandit action."""
    out = []
    for token in action[1:]:
        card_id, _, rank = token.partition("@")
        card = INDEX[card_id]
        out.append((card, int(rank) if rank else RANKS[card]))
    return out
