"""How a seat judges a trade offered to it, by its own measure (``evaluation.projected``), and
the reason in words an AI seat gives for declining.

``judge`` applies the pending offer to a copy and compares each side's projected score and win
chance before and after, valuing the other players' hidden cards by their number only (what the
recipient can see). An AI seat's search accepts an offer when its win chance improves by more
than ``MARGIN``: ``evaluation.estimate`` charges that much for each trade a seat accepted this
turn, and the prior ranks the answers by ``judge``. A trade that hands the proposer the game
lowers the recipient's win chance, so it is declined; ``decline_reason`` says so in words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass

from caravan_tui.engine import seat_field as who

from .cards import CARD_NAMES, pick_card
from .evaluation import MARGIN, gold_rate, projected_all, win_chances
from .offers import accept, request_words, side_words
from .terms import ANSWER

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


def decline_reason(state: AhldarahdState, partner: int) -> str:
    """Why ``partner`` declines the pending offer, in words with seat fields, when it is bad for
    them by their own measure; "" when it is not (a person's decline is their own business)."""
    if state.phase != ANSWER:
        return ""
    proposer = state.order[state.pos]
    verdict = judge(state, partner)
    if verdict.fails:
        return ""
    if verdict.proposer_after >= HANDS_THE_GAME and verdict.proposer_gain > 0:
        return f"it would hand {who(proposer)} the game"
    if verdict.points < 0:
        # "a Salt card", "2 Textiles cards": never a hidden card's name
        asked = [("a " if words.endswith(" card") else "") + words[len("any "):]
                 for words in request_words(state.a_cards)]
        give, several = side_words(state.a_gold, asked, state.a_items)
        get, _ = side_words(state.g_gold, [CARD_NAMES[c] for c in state.g_cards], state.g_items)
        return f"{give} {'are' if several else 'is'} worth more to {who(partner)} than {get}"
    if verdict.gain < MARGIN and verdict.proposer_gain > verdict.gain:
        return f"it would help {who(proposer)} more than {who(partner)}"
    return ""
