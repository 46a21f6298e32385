"""A whole trade proposal as a person writes it on the screen, turned into the engine's steps
(pure: no Textual; the screen and its tests use it).

The engine writes a proposal step by step (``offers.py``: ``trade_with``, ``give_*`` /
``ask_*``, ``send``), or takes one of its suggested one-step ``offer`` actions. The screen
collects the whole proposal first, then ``problem`` plays its steps on a copy of the seat's
world: the engine accepts them or refuses one, and the refusal is said in words. Nothing is
sent, and nothing counts against the 3 proposals, until the engine has accepted every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from caravan_tui.engine import Action, IllegalAction
from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .cards import COMMODITY_MASK, ITEM_INDEX, ITEM_NAMES
from .maps import COMMODITIES
from .offers import GOLD_STEPS, MAX_REQUESTS
from .terms import BUILD, MAX_PROPOSALS, item_words

if TYPE_CHECKING:
    from .rules import AhldarahdState
    from .views import AhldarahdView

#: the gold amounts a one-for-one trade gives or asks (``sides``)
GOLD = (1, 2, 4, 7)


@dataclass
class Proposal:
    """What the proposer gives and asks: gold, cards by commodity, items by name."""

    partner: int
    give_gold: int = 0
    give_cards: list[str] = field(default_factory=list)
    give_items: list[str] = field(default_factory=list)
    ask_gold: int = 0
    ask_cards: list[str] = field(default_factory=list)
    ask_items: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not (
            self.give_gold or self.give_cards or self.give_items or self.ask_gold or self.ask_cards or self.ask_items
        )

    def side(self, giving: bool) -> list[tuple[str, int] | tuple[str, str]]:
        """One side as (kind, value) pairs: ("gold", 3), ("card", "Salt"), ("item", "Shah")."""
        gold, cards, items = (
            (self.give_gold, self.give_cards, self.give_items)
            if giving
            else (self.ask_gold, self.ask_cards, self.ask_items)
        )
        return ([("gold", gold)] if gold else []) + [("card", c) for c in cards] + [("item", i) for i in items]


def gold_steps(amount: int) -> list[int]:
    """``amount`` as the engine's gold steps, largest first: 7 -> 5, 1, 1."""
    out = []
    for step in sorted(GOLD_STEPS, reverse=True):
        while amount >= step:
            out.append(step)
            amount -= step
    return out


def steps(proposal: Proposal) -> list[Action]:
    """The draft's steps, from ``trade_with`` to ``send``."""
    out: list[Action] = [("trade_with", proposal.partner)]
    out += [("give_gold", k) for k in gold_steps(proposal.give_gold)]
    out += [("give_card", k) for k in proposal.give_cards]
    out += [("give_item", i) for i in proposal.give_items]
    out += [("ask_gold", k) for k in gold_steps(proposal.ask_gold)]
    out += [("ask_card", k) for k in proposal.ask_cards]
    out += [("ask_item", i) for i in proposal.ask_items]
    out.append(("send",))
    return out


def written(line: Sequence[Action]) -> Proposal | None:
    """The whole proposal a line of steps writes from ``trade_with`` to ``send`` (a hint's plan),
    or None if ``line`` is not one: taking such a hint readies it whole in the builder."""
    if len(line) < 2 or line[0][0] != "trade_with" or tuple(line[-1]) != ("send",):
        return None
    proposal = Proposal(int(line[0][1]))
    for kind, value in line[1:-1]:
        if kind in ("give_gold", "ask_gold"):
            setattr(proposal, kind, getattr(proposal, kind) + int(value))
        elif kind in ("give_card", "ask_card", "give_item", "ask_item"):
            getattr(proposal, f"{kind}s").append(str(value))
        else:
            return None
    return proposal


def one_step(proposal: Proposal) -> Action | None:
    """The suggested ``offer`` action this proposal is, when it is one thing for one thing."""
    give, ask = proposal.side(True), proposal.side(False)
    if len(give) != 1 or len(ask) != 1:
        return None
    return ("offer", proposal.partner, *give[0], *ask[0])


def actions(proposal: Proposal, legal: Sequence[Action]) -> list[Action]:
    """What to send: the one-step offer when the engine suggests exactly it, else the steps."""
    offer = one_step(proposal)
    return [offer] if offer is not None and offer in legal else steps(proposal)


def problem(world: AhldarahdState, seat: int, proposal: Proposal) -> str | None:
    """None when the engine takes every step of ``proposal`` from ``world`` (a copy is used);
    else why not, in words with seat fields."""
    world = world.clone()
    for step in steps(proposal):
        before = world.clone()
        try:
            world.apply(step, log=False)
        except IllegalAction as refusal:
            return refusal_words(before, seat, proposal, step) or str(refusal)
    return None


def refusal_words(world: AhldarahdState, seat: int, proposal: Proposal, step: Action) -> str | None:
    """The rule a refused step breaks, from the position it was refused in."""
    kind, partner = step[0], proposal.partner
    if kind == "trade_with":
        if world.turn != seat or world.phase != BUILD:
            return "you propose trades during your own build"
        if partner == seat or not 0 <= partner < world.n:
            return "choose another player to trade with"
        if world.proposals <= 0:
            return f"no proposals left in this build ({MAX_PROPOSALS} at most)"
    if kind == "give_gold":
        return f"you have only {world.gold[seat]} gold"
    if kind == "ask_gold":
        return f"{who(partner)} {who(partner, 'has')} only {world.gold[partner]} gold"
    if kind == "give_card":
        return f"you hold no more {step[1]} cards"
    if kind == "ask_card":
        return f"a proposal asks for at most {MAX_REQUESTS} cards"
    if kind == "give_item":
        return f"you do not hold {item_words(ITEM_INDEX[step[1]])}"
    if kind == "ask_item":
        return f"{who(partner)} does not hold {item_words(ITEM_INDEX[step[1]])}"
    if kind == "send" and proposal.empty():
        return "the proposal is empty: give or ask for something"
    return None


# -- one-for-one trades, weighed on copies (``mutual``, ``shark``) ---------------------------------


def sides(world: AhldarahdState, seat: int, giving: bool) -> list[tuple[str, object]]:
    """What ``seat`` may give (``giving``) or be asked for in a one-for-one trade: a few gold
    amounts, a card of a commodity (one it holds, if giving), an item it holds."""
    out: list[tuple[str, object]] = [("gold", g) for g in GOLD if g <= world.gold[seat]]
    out += [("card", COMMODITIES[k]) for k in range(10) if not giving or world.hand[seat] & COMMODITY_MASK[k]]
    return out + [("item", ITEM_NAMES[i]) for i in world.items_of(seat)]


def one_for_one(partner: int, give: tuple[str, object], ask: tuple[str, object]) -> Proposal:
    """The proposal to ``partner`` of one thing for one thing."""
    p = Proposal(partner)
    for (kind, value), giving in ((give, True), (ask, False)):
        if kind == "gold":
            setattr(p, "give_gold" if giving else "ask_gold", value)
        else:
            getattr(p, f"{'give' if giving else 'ask'}_{kind}s").append(value)
    return p


def sent_copy(world: AhldarahdState, proposal: Proposal) -> AhldarahdState | None:
    """``world`` with ``proposal`` written and sent (awaiting the answer), or None if refused."""
    return _written(world, steps(proposal))


class Drafts:
    """``sent_copy`` of many proposals from one world, the steps they begin with (whom to, what
    is given) written once for all of them: the first step alone lists every move of a build, so
    an AI weighing a hundred one-for-one trades spent most of its time writing the same start."""

    __slots__ = ("world", "_started")

    def __init__(self, world: AhldarahdState) -> None:
        self.world = world
        self._started: dict[tuple[Action, ...], AhldarahdState | None] = {}

    def sent(self, proposal: Proposal) -> AhldarahdState | None:
        """What ``sent_copy(self.world, proposal)`` gives."""
        written = steps(proposal)
        given = 1 + len(gold_steps(proposal.give_gold)) + len(proposal.give_cards) + len(proposal.give_items)
        start = tuple(written[:given])
        if start not in self._started:
            self._started[start] = _written(self.world, start)
        begun = self._started[start]
        return None if begun is None else _written(begun, written[given:])


def _written(world: AhldarahdState, written: Sequence[Action]) -> AhldarahdState | None:
    """A copy of ``world`` with the steps ``written`` played, or None if one is refused."""
    sent = world.clone()
    try:
        for step in written:
            sent.apply(step, log=False)
    except IllegalAction:
        return None
    return sent


def refusal_key(sent: AhldarahdState) -> tuple:
    """The proposal as ``state.refused`` records a declined one (``offers._decline``)."""
    give = tuple(
        sorted([f"card {COMMODITIES[c % 10]}" for c in sent.g_cards] + [f"item {ITEM_NAMES[i]}" for i in sent.g_items])
    )
    ask = tuple(
        sorted([f"card {COMMODITIES[k]}" for k in sent.a_cards] + [f"item {ITEM_NAMES[i]}" for i in sent.a_items])
    )
    return (sent.partner, sent.g_gold, sent.a_gold, give, ask)


def leaves_no_gold(view: AhldarahdView, seat: int, proposal: Proposal) -> str | None:
    """A warning where ``proposal``, accepted, leaves ``seat`` no gold while it keeps cards to claim
    with (a claim costs a gold, §4; the Eyes' and the Pirate Queen's holder may claim for none):
    the builder let a person offer all 4 gold for a card while two cards in hand waited for a
    gold each, and said "No gold" only after. None where it does not."""
    if not proposal.give_gold or proposal.give_gold < view["gold"][seat] or proposal.ask_gold:
        return None
    if seat in (view["eyes"], view["pirate"]):
        return None
    kept = len(view.get("hand", [])) - len(proposal.give_cards)
    if kept <= 0:
        return None
    return f"Accepted, this leaves you no gold: a claim costs a gold, so your {plural(kept, 'card')} would wait."
