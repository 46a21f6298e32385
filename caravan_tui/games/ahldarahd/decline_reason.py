"""Why a seat declines a proposal, in words made only of what the whole table knows.

Every decline once read "not worth it at that price", so trading was a black box. The reason
here weighs the proposal as the decliner's judgement does (``evaluation.item_worth``: what each
side is worth to it in gold), but with its hidden cards valued by their number only (``viewer``),
so the words are the same whatever those cards are (the proposer's every redeal reads them
alike). A requested card the decliner holds no known card of is spoken of only where the table
can tell it holds none (no hidden card, or its colour's card of that commodity is in sight):
otherwise the words say that it stays hidden, never whether it is there, and, where the gold
offered would not buy it had the decliner one (``holding``), the price that would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caravan_tui.engine import seat_field as who

from .cards import CARD_NAMES, COMMODITY_MASK, pick_card
from .evaluation import builds_left, item_worth, projected_all, win_chances, worth_accepting
from .maps import COMMODITIES
from .terms import item_words, poss

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: the ``viewer`` that is no seat: every hand's hidden cards valued by their number only
PUBLIC = -1


def decline_reason(state: AhldarahdState, partner: int) -> str:
    """Why ``partner`` declines the pending proposal of ``state`` (phase ANSWER), as a clause
    made of public facts only."""
    seat = state.order[state.pos]
    p = who(partner)
    shown = state.hand[partner] & state.known[partner]
    gets, gets_words, gets_gold = _side(state, partner, seat, state.g_gold, state.g_cards, state.g_items)
    short = known_short(state, partner, state.a_cards)
    if short is not None:
        return short
    for k in dict.fromkeys(state.a_cards):
        if (shown & COMMODITY_MASK[k]).bit_count() >= state.a_cards.count(k):
            continue
        held = holding(state, partner, k)
        if held is None or takes(held, partner):
            # (the price is not what is wanting: "a Salt card is worth about 3 gold to AI 2, if AI 2
            # has one", then, 3 offered, "whether AI 2 has a Salt card stays hidden" read as no reason)
            paid = f" ({gets_words} would pay for one)" if gets_words and held is not None else ""
            return f"whether {p} {who(partner, 'has')} {_a(k)} card stays hidden{paid}"
        # the price is what is wanting, had it one: "(3 gold would pay for one)" stood where AI 2
        # held a Salt card, valued it above 3 gold and claimed with it in the same build
        if state.g_cards or state.g_items:
            worth = item_worth(held, partner, partner * 10 + k, viewer=PUBLIC)
            return f"{_a(k)} card is worth about {round(worth)} gold to {p}, if {p} {who(partner, 'has')} one"
        least = least_gold(held, partner)
        one = f"{p} would part with {_a(k)} card, if {p} {who(partner, 'has')} one,"
        if least is None:
            return f"{one} only for more gold than the {state.gold[seat]} {who(seat)} hold{who(seat, 's')}"
        return f"{one} for about {least} gold, not {state.g_gold}"
    if not gets_words:  # ("not worth it to AI 2 at that price" of a proposal offering nothing)
        return f"nothing is offered to {p} in return"
    asked = [_known_card(shown, k) for k in state.a_cards]
    gives, gives_words, gives_gold = _side(state, partner, seat, state.a_gold, asked, state.a_items)
    if not builds_left(state, partner):
        if not state.g_gold:
            # (what it would receive scores nothing once its last build is over: "your Right of
            # Passage is worth more to AI 3 than 2 gold" stood in the final turn after AI 3's build)
            return f"{poss(partner)} last build is over: {gets_words} can score nothing for {p} now"
        tie = _tie_unchanged(state, partner)
        if tie is not None:
            # (gold only breaks a tie on points, §6: "2 gold is worth more to AI 3 than the Shah,
            # but it would help you more" stood after AI 3's last build, 9 points to your 14)
            things = _side(state, partner, seat, 0, state.g_cards, state.g_items)[1]
            nothing = f"{things} can score nothing for {p} now, and " if things else ""
            return (
                f"{poss(partner)} last build is over: {nothing}{state.g_gold} gold would count for {p} "
                f"only in a tie on points: {tie}"
            )
    left = state.gold[partner] - state.a_gold + state.g_gold
    if state.a_gold and left < 1 <= state.gold[partner] and state.hand[partner]:
        return f"{p} would have no gold left to claim a route with a card"
    if gives < gets - 0.5:  # (worth it by the goods: what is declined is what the other gains)
        # ("1 gold is worth more to AI 3 than your Right of Passage, but it would help you more"
        # read as an acceptance, its "it" unclear; then "the Pirate Queen would help you more than
        # the 1 gold would help AI 2", said to a seat it was worth nothing to: said only where
        # true, else the gains compared)
        if gives_words and _side(state, seat, seat, state.a_gold, asked, state.a_items)[0] > gets:
            return f"{gives_words} would help {who(seat)} more than {_the(gets_words)} would help {p}"
        if gain_of(state, seat, asked) > gets - gives:
            return f"{p} would gain less by it than {who(seat)}"
        # (the goods favour it, and nothing in them says why not: its judgement of the match does)
        gained = round(gets - gives)
        return f"by the goods {p} would gain about {gained} gold, but not by how the match would then stand"
    if not gives_gold:
        least = least_gold(state, partner) if gets_gold and priced(state) else None
        if least is not None:
            # the figure a decline gives is the price its judgement would take (``trading.judge``:
            # win chance, the proposer's gold counted too), not the goods' worth alone: AI 3 declined
            # 4 gold for a Right of Passage "worth about 7 gold to AI 3, not 4", then accepted 6.
            # Before "about the same": "for about 3 gold, not 2", then, 3 offered, "worth about the
            # same" read as the price named and refused
            return f"{p} would part with {gives_words} for about {least} gold, not {round(gets)}"
        if gets_gold and not (state.a_cards or state.g_cards or state.g_items):
            # (no price within the proposer's gold: "for about 4 gold, not 2", then the builder's
            # own 4, all the newcomer held, declined as "worth about the same")
            return (
                f"{p} would part with {gives_words} only for more gold than the {state.gold[seat]} "
                f"{who(seat)} hold{who(seat, 's')}"
            )
        if round(gives) <= round(gets):
            return f"{gives_words} and {gets_words} are worth about the same to {p}"
        verb = "is" if " and " not in gives_words else "are"
        # (", not 1" read as a figure someone had claimed: it is what the proposal offers)
        # (", against 0 offered" read as nothing offered, the Shah offered)
        offered = f"{gets_words} offered" if gets_gold else f"{gets_words}, offered, about {round(gets)}"
        return f"{gives_words} {verb} worth about {round(gives)} gold to {p}; {offered}"
    if not gets_gold:
        if priced(state):  # (items for its gold: the price it pays)
            most = most_gold(state, partner)
            if not most:
                return f"{p} would pay no gold for {gets_words}"
            return f"{p} would pay about {most} gold for {gets_words}, not {state.a_gold}"
        verb = "is" if " and " not in gets_words else "are"
        if round(gets) >= round(gives):  # ("worth only about 2 gold to AI 2, not the 2 asked")
            return f"{gets_words} {verb} worth about the {round(gives)} gold asked to {p}: too little to gain by it"
        return f"{gets_words} {verb} worth only about {round(gets)} gold to {p}, not the {round(gives)} asked"
    return f"not worth it to {p} at that price"


def gain_of(state: AhldarahdState, seat: int, asked: Sequence[int]) -> float:
    """What the pending proposal gains its proposer ``seat``, in gold as it weighs each side
    (``asked``: the cards it asks for, where known)."""
    gets = _side(state, seat, seat, state.a_gold, asked, state.a_items)[0]
    return gets - _side(state, seat, seat, state.g_gold, state.g_cards, state.g_items)[0]


def _tie_unchanged(state: AhldarahdState, partner: int) -> str | None:
    """Where the gold the pending proposal moves changes ``partner``'s place against no seat
    level with it on points now (§6: gold breaks a tie on points, and nothing else), why, as a
    clause; None where it would change one."""
    seat = state.order[state.pos]
    points = state.points()
    level = [q for q in range(state.n) if q != partner and points[q] == points[partner]]
    if not level:
        return f"{who(partner)} {who(partner, 'is')} level with no one on points now"
    moved = state.g_gold - state.a_gold
    after = list(state.gold)
    after[partner] += moved
    after[seat] -= moved

    def order(gold: Sequence[int], q: int) -> int:
        return (gold[partner] > gold[q]) - (gold[partner] < gold[q])

    if any(order(state.gold, q) != order(after, q) for q in level):
        return None
    return f"it would not change {poss(partner)} place against {' or '.join(who(q) for q in level)}"


def least_gold(state: AhldarahdState, partner: int) -> int | None:
    """The least gold, above the pending proposal's and within what its proposer holds, for
    which ``partner`` would give what it is asked (for gold alone), by the judgement its answer
    to a ``priced`` proposal follows (``takes``). None where no such amount is found."""
    seat = state.order[state.pos]
    for gold in range(state.g_gold + 1, state.gold[seat] + 1):
        asked = state.clone()
        asked.g_gold = gold
        if takes(asked, partner):
            return gold
    return None


def most_gold(state: AhldarahdState, partner: int) -> int | None:
    """The most gold, below what the pending proposal asks of ``partner``, that ``partner`` would
    pay for the items it is offered, by the judgement ``takes`` follows; None where it would pay
    none."""
    for gold in range(state.a_gold - 1, 0, -1):
        asked = state.clone()
        asked.a_gold = gold
        if takes(asked, partner):
            return gold
    return None


def priced(state: AhldarahdState) -> bool:
    """Whether the pending proposal gives gold alone for items and gold, or items alone for gold
    alone (no card, whose worth would depend on a hidden hand): its partner answers it as
    ``takes`` says, and a decline names the least gold it takes (``least_gold``) or the most it
    pays (``most_gold``). "Worth only about 1 gold to AI 2, not the 2 asked", then, 1 asked,
    declined again: its search answered, and the words were the items' worth."""
    if state.a_cards or state.g_cards:
        return False
    return not state.g_items or (not state.g_gold and not state.a_items and state.a_gold > 0)


def takes(state: AhldarahdState, partner: int) -> bool:
    """Whether ``partner``'s judgement of the pending ``priced`` proposal (``trading.judge``: its
    win chance gains ``MARGIN`` and the proposer is not handed the game) calls it good, with
    every hidden card valued by its number only: its answer then says nothing the table cannot
    know, and a price its decline names is one it takes. Its search answered alone before: AI 2
    declined 3 gold, then 4, for a Right of Passage it had just said it would part with "for
    about 3 gold", then "for about 4"."""
    seat = state.order[state.pos]
    after = state.clone()  # the trade carried out (``offers.accept``)
    after.gold[seat] += state.a_gold - state.g_gold
    after.gold[partner] += state.g_gold - state.a_gold
    for item in state.a_items:
        after.set_holder(item, seat)
    for item in state.g_items:  # (items offered for its gold: ``most_gold``)
        after.set_holder(item, partner)
    for k in state.a_cards:  # (where it holds them: ``holding``)
        card = pick_card(after.hand[partner], after.known[partner], k)
        if card < 0:
            return False
        after.hand[partner] &= ~(1 << card)
        after.hand[seat] |= 1 << card
        after.known[seat] |= 1 << card
    before = win_chances(state, projected_all(state, PUBLIC))
    chances = win_chances(after, projected_all(after, PUBLIC))
    return worth_accepting(chances[partner] - before[partner], chances[seat])


def holding(state: AhldarahdState, partner: int, k: int) -> AhldarahdState | None:
    """A copy of ``state`` in which ``partner`` holds its own card of commodity ``k`` (its hidden
    cards are all of its own colour) as one of its hidden cards, in sight: the same copy to the
    whole table's eyes whether it holds it or not. None where it cannot (that card is elsewhere,
    or it has no hidden card)."""
    card = partner * 10 + k
    hidden = state.hand[partner] & ~state.known[partner]
    if not hidden or (_in_sight(state, card) and not state.hand[partner] >> card & 1):
        return None
    world = state.clone()
    if not hidden >> card & 1:  # another hidden card makes room for it
        world.hand[partner] &= ~(hidden & -hidden)
    world.hand[partner] |= 1 << card
    world.known[partner] |= 1 << card
    return world


def _the(words: str) -> str:
    """What a proposal offers, named as the one offered: "the 1 gold", "the Shah"."""
    return f"the {words}" if words[:1].isdigit() else words


def _a(k: int) -> str:
    """The commodity with its article: "a Salt", "an Ivory"."""
    return f"{'an' if COMMODITIES[k][0] in 'AEIOU' else 'a'} {COMMODITIES[k]}"


def known_short(state: AhldarahdState, partner: int, asked: Sequence[int]) -> str | None:
    """Where the whole table can tell that ``partner`` holds fewer cards of a commodity than
    ``asked`` (commodities, one a card) asks for, why, as a clause ({pN} fields); else None. A
    proposal asking for them is declined for certain: the builder says so before it is sent."""
    p = who(partner)
    shown = state.hand[partner] & state.known[partner]
    hidden = (state.hand[partner] & ~shown).bit_count()
    for k in dict.fromkeys(asked):
        held = (shown & COMMODITY_MASK[k]).bit_count()
        if held >= list(asked).count(k) or not (hidden == 0 or _in_sight(state, partner * 10 + k)):
            continue
        few = f"only {held}" if held else "no"
        # (how the table knows: "(the table can tell)" said nothing of it, beside a decline
        # whose words were that whether the card is there "stays hidden")
        how = (
            f"every card {p} hold{who(partner, 's')} is known"
            if hidden == 0
            else f"{poss(partner)} own {COMMODITIES[k]} card is in sight elsewhere"
        )
        return f"{p} {who(partner, 'has')} {few} {COMMODITIES[k]} card to give ({how})"
    return None


def _in_sight(state: AhldarahdState, card: int) -> bool:
    """Whether the table can see where ``card`` is: face up, gone, or known in some hand."""
    return card in state.faceup or card in state.discards or any(k >> card & 1 for k in state.known)


def _known_card(shown: int, k: int) -> int:
    mask = shown & COMMODITY_MASK[k]
    return (mask & -mask).bit_length() - 1


def _side(
    state: AhldarahdState, partner: int, viewer: int, gold: int, cards: Sequence[int], items: Sequence[int]
) -> tuple[float, str, bool]:
    """One side of the proposal as ``partner`` weighs it (gold, cards, items), in words, and
    whether it is gold alone. Its own Right of Passage is "their own" ("your own"): "AI 2 would
    pay no gold for AI 2's Right of Passage" named it twice."""
    worth = float(gold)
    words = [f"{gold} gold"] if gold else []
    for card in cards:
        worth += item_worth(state, partner, card, viewer=viewer)
        words.append(f"the {CARD_NAMES[card].split()[1]} card")
    for item in items:
        worth += item_worth(state, partner, item, viewer=viewer)
        words.append(item_words(item, partner))
    return worth, " and ".join(words), not cards and not items
