"""How a seat judges a trade offered to it, by its own measure (``evaluation.projected``).

``judge`` applies the pending offer to a copy and compares each side's projected score and win
chance before and after, valuing the other players' hidden cards by their number only (what the
recipient can see). An AI seat's search accepts an offer when its win chance improves by more
than ``MARGIN``: ``evaluation.estimate`` charges that much for each trade a seat accepted this
turn, and the prior ranks the answers by ``judge``. A trade that hands the proposer the game
lowers the recipient's win chance, so it is declined.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import pick_card
from .evaluation import MARGIN, gold_rate, projected_all, win_chances
from .offers import accept

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: the proposer's win chance after the trade above which an AI seat never accepts
HANDS_THE_GAME = 0.85


@dataclass(frozen=True)
class Judgement:
    gain: float  # the recipient's win chance after minus before
    proposer_gain: float
    proposer_after: float  # the proposer's win chance after
    points: float  # the recipient's projected score after minus before, in gold
    fails: bool  # the recipient lacks a requested card: nothing would move

    @property
    def good(self) -> bool:
        return self.gain >= MARGIN and self.proposer_after < HANDS_THE_GAME and not self.fails


def traded(state: AhldarahdState) -> AhldarahdState | None:
    """A copy of ``state`` with the pending offer carried out (None if it would fail)."""
    hand = state.hand[state.partner]
    for k in state.a_cards:
        card = pick_card(hand, 0, k)
        if card < 0:
            return None
        hand &= ~(1 << card)
    world = state.clone()
    world._legal = None
    accept(world, state.partner, None)
    return world


def judge(state: AhldarahdState, seat: int | None = None) -> Judgement:
    """The pending offer as its recipient ``seat`` (default: the partner) sees it."""
    partner = state.partner if seat is None else seat
    proposer = state.order[state.pos]
    after = traded(state)
    before_values = _values(state, partner)
    before = win_chances(state, before_values)
    if after is None:
        return Judgement(0.0, 0.0, before[proposer], 0.0, True)
    after_values = _values(after, partner)
    chances = win_chances(after, after_values)
    return Judgement(chances[partner] - before[partner], chances[proposer] - before[proposer],
                     chances[proposer], (after_values[partner] - before_values[partner])
                     / gold_rate(state, partner, viewer=partner), False)


def _values(state: AhldarahdState, viewer: int) -> list[float]:
    return projected_all(state, viewer)
