"""How a seat judges a trade offered to it, by its own measure (``evaluation.projected``).

``judge`` applies the pending offer to a copy and compares each side's projected score and win
chance before and after, valuing the other players' hidden cards by their number only (what the
recipient can see). An AI seat's search accepts an offer when its win chance improves by more
than ``MARGIN``: ``evaluation.estimate`` charges that much for each trade a seat accepted this
turn, and the prior ranks the answers by ``judge``. A trade that hands the proposer the game
lowers the recipient's win chance, so it is declined.

A recipient whose last build is over (the final turn's, ``evaluation.builds_left``) can score
nothing by what it receives, and the proposer, building, knows whether it needs what it gives:
so the proposer is judged to keep the cards and items it gives, and only the gold that changes
hands and what the recipient gives count. Before, its projection counted a card or the Eyes
given away as a claim the proposer gave up, while the gold paid for them counted a thousandth of
a point (the tie-break): an AI seat whose build was over paid 1 gold for the Eyes, then 1 for a
card, to the person level with it on points and still to build, and handed them the tie-break.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from caravan_tui.engine import Action

from .cards import ITEM_INDEX, pick_card
from .decline_reason import holding, takes
from .evaluation import (
    builds_left,
    card_not_held,
    claim_worth,
    commodity_worth,
    gold_rate,
    item_worth,
    projected_all,
    win_chances,
    worth_accepting,
)
from .maps import COMMODITY_INDEX
from .offers import accept, apply_trade_step
from .terms import ANSWER

if TYPE_CHECKING:
    from .rules import AhldarahdState


@dataclass(frozen=True)
class Judgement:
    gain: float  # the recipient's win chance after minus before
    proposer_gain: float
    proposer_after: float  # the proposer's win chance after
    points: float  # the recipient's projected score after minus before, in gold
    fails: bool  # the recipient lacks a requested card: nothing would move

    @property
    def good(self) -> bool:
        return worth_accepting(self.gain, self.proposer_after) and not self.fails


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
    done = not builds_left(state, partner)
    if done:
        _keeps_what_it_gives(after, state, proposer)
    after_values = _values(after, partner)
    chances = win_chances(after, after_values)
    # with no build left, only gold counts (the tie-break): the worth is the gold it gains
    points = after.gold[partner] - state.gold[partner] if done else None
    return Judgement(
        chances[partner] - before[partner],
        chances[proposer] - before[proposer],
        chances[proposer],
        (after_values[partner] - before_values[partner]) / gold_rate(state, partner, viewer=partner)
        if points is None
        else float(points),
        False,
    )


def _keeps_what_it_gives(after: AhldarahdState, state: AhldarahdState, proposer: int) -> None:
    """Give the proposer in ``after`` back the cards and items it gives in ``state``'s offer (a
    card is then in both hands: the recipient's projection, its build over, reads no hand)."""
    for card in state.g_cards:
        after.hand[proposer] |= 1 << card
        after.known[proposer] |= 1 << card
    for item in state.g_items:
        after.set_holder(item, proposer)


def _values(state: AhldarahdState, viewer: int) -> list[float]:
    return projected_all(state, viewer)


#: worlds redealt from the proposer's view in which ``long_shot`` asks the partner's judgement
LONG_SHOT_WORLDS = 4


def declined_before(offer: tuple, refused: tuple) -> bool:
    """Whether the partner of ``offer`` declined, this build, a proposal of the same things that
    gave them as much gold or more and asked as much or less: offering it again only spends a
    proposal."""
    return declined_like(offer, refused) is not None


def declined_like(offer: tuple, refused: tuple) -> tuple[int, int] | None:
    """The gold given and asked of the proposal ``declined_before`` finds, the one that gave the
    most (None: none): "AI 2 declined it" of 3 gold for a Metals card read as an offer never made,
    where 2 and 5 gold had been."""
    _, partner, give_kind, give_value, ask_kind, ask_value = offer
    give_gold, ask_gold = (give_value if give_kind == "gold" else 0), (ask_value if ask_kind == "gold" else 0)
    give = () if give_kind == "gold" else (f"{give_kind} {give_value}",)
    ask = () if ask_kind == "gold" else (f"{ask_kind} {ask_value}",)
    found = [
        (gg, ag)
        for p, gg, ag, g, a in refused
        if p == partner and g == give and a == ask and give_gold <= gg and ask_gold >= ag
    ]
    return max(found, key=lambda golds: (golds[0], -golds[1])) if found else None


def long_shot(state: AhldarahdState, seat: int, offer: Action) -> bool:
    """Whether ``seat``'s suggested proposal ``offer`` would be declined by an AI partner's
    judgement (``judge``) in most of ``LONG_SHOT_WORLDS`` worlds redealt from ``seat``'s view,
    or by the judgement a decline's reason states (``declined_in_sight``): the plays list marks
    it, so a person does not take a ready-made offer for a likely one. Only what ``seat`` can see
    decides it (the partner's hand is redealt)."""
    return declined_in_sight(state, seat, offer) or long_shot_line(state, seat, (offer,))


def declined_in_sight(state: AhldarahdState, seat: int, offer: Action) -> bool:
    """Whether ``offer``, gold for a card, is below the price a decline of it would name: its
    partner's judgement with that card in its hand, in sight (``decline_reason.takes`` of
    ``holding``). "AI 2 would part with a Salt card … only for more gold than the 4 you hold"
    declined 3 gold, and the ready offer of 4 for it stood unmarked in the plays list (most
    worlds redealt took it), and was declined the same."""
    _, partner, give_kind, _, ask_kind, ask_value = offer
    if give_kind != "gold" or ask_kind != "card":
        return False
    world = state.clone()
    world._legal = None
    apply_trade_step(world, seat, offer, None)
    if world.phase != ANSWER:
        return False
    held = holding(world, partner, COMMODITY_INDEX[ask_value])
    return held is not None and not takes(held, partner)


def long_shot_line(state: AhldarahdState, seat: int, line: Sequence[Action]) -> bool:
    """``long_shot`` for a proposal written step by step: ``line``'s steps to its ``send``
    (a hint's "both sides gain, by the AI's estimate" was declined at once, twice)."""
    rng = random.Random(0)  # the same worlds every time: the mark does not flicker
    taken = 0
    for _ in range(LONG_SHOT_WORLDS):
        world = state.determinize(seat, rng)
        world._legal = None
        for step in line:
            apply_trade_step(world, seat, step, None)
            if step[0] in ("offer", "send"):
                break
        taken += world.phase == ANSWER and judge(world).good
    return 2 * taken < LONG_SHOT_WORLDS


def side_worth(state: AhldarahdState, seat: int, kind: str, value: object, giving: bool) -> float:
    """What one side of a proposal is worth to ``seat``, in gold."""
    if kind == "gold":
        return float(value)  # type: ignore[arg-type]  # a gold side is an amount
    if kind == "card":
        k = COMMODITY_INDEX[value]  # type: ignore[index]  # a card side is a commodity name
        if giving:
            card = pick_card(state.hand[seat], state.known[seat], k)
            return item_worth(state, seat, card) if card >= 0 else 0.0
        return commodity_worth(state, seat, k)
    return item_worth(state, seat, ITEM_INDEX[value])  # type: ignore[index]  # an item side is its name


def offer_net(state: AhldarahdState, seat: int, action: Action) -> float:
    """What ``seat``'s suggested proposal ``action`` brings it if accepted, in gold: what it
    asks less what it gives, each as ``seat`` values it (``item_worth``); a card bought with gold,
    at least what the claim it makes with the gold left is worth (``claim_worth``). In a last
    build, 3 gold for a card whose claim took a city and tied the match read "worth about 0 gold":
    the card's worth was capped at the gold left after the claim, already paid."""
    _, _, give_kind, give_value, ask_kind, ask_value = action
    gives = side_worth(state, seat, give_kind, give_value, True)
    asks = side_worth(state, seat, ask_kind, ask_value, False)
    if ask_kind == "card" and give_kind == "gold":
        card = card_not_held(state, seat, COMMODITY_INDEX[ask_value])
        if card >= 0:
            paid = state.clone()
            paid.gold[seat] -= int(give_value)
            asks = max(asks, claim_worth(paid, seat, card, capped=False))
    return asks - gives
