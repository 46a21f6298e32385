"""Trades (spec §5 and its Ruling): the draft built step by step, the few suggested one-step
proposals, and what accepting or declining does.

A proposal is made by the player building, to one other player, at most 3 per building phase
(counted when started). Two ways to make one, both ending in the partner's answer:

- a suggested proposal ``("offer", partner, kind, value, kind, value)``: what the proposer gives,
  then what they ask; a kind is "gold" (an amount), "card" (a commodity: the proposer's card,
  or a request for any card of it) or "item" (an item name). ``suggested_offers`` makes a few
  from what the proposer can see (their own hand and the table): a card that completes a
  majority (asked of the player likeliest to hold one), one's own RoP back, a RoP that brings a
  city in reach, one's RoP of a map one does not use sold to its player; each at two prices.
  They are the proposals search considers;
- the draft: ``("trade_with", partner)``, then ``give_gold`` / ``ask_gold`` (1 or 5 more),
  ``give_card`` / ``ask_card`` (a commodity), ``give_item`` / ``ask_item`` (an item name),
  then ``("send",)`` or ``("cancel",)``. A draft only grows (so it ends): to change it, drop it.

The partner answers ``("accept",)`` or ``("decline",)``. Accepted, everything moves at once, or
nothing if the partner lacks a requested card (the trade fails). A decline is logged with the one
reason made of what the table can know (``decline_reason``: what each side is worth to the
decliner with its hidden cards valued by their number, or a requested card it visibly lacks): one
computed from the decliner's hidden hand would tell the table what it holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.engine import Action, Event
from caravan_tui.engine import seat_field as who

from .cards import (
    CARD_NAMES,
    COMMODITY_MASK,
    ITEM_INDEX,
    ITEM_NAMES,
    ROP,
    pick_card,
)
from .decline_reason import decline_reason
from .maps import ADJ, COMMODITIES, COMMODITY_AT, COMMODITY_INDEX, ENDS, MAJORITY, ROUTES, SLOTS
from .terms import ANSWER, BUILD, CANCEL, COMPOSE, SEND, gold_words, item_words

if TYPE_CHECKING:
    from .rules import AhldarahdState

GOLD_STEPS = (1, 5)
MAX_REQUESTS = 3


# -- the draft -------------------------------------------------------------------------------------


def compose_actions(state: AhldarahdState, seat: int) -> list[Action]:
    partner = state.partner
    out: list[Action] = []
    gold, pgold = state.gold[seat], state.gold[partner]
    for step in GOLD_STEPS:
        if state.g_gold + step <= gold:
            out.append(("give_gold", step))
    free = state.hand[seat]
    for c in state.g_cards:
        free &= ~(1 << c)
    out.extend(("give_card", COMMODITIES[k]) for k in range(10) if free & COMMODITY_MASK[k])
    out.extend(("give_item", ITEM_NAMES[i]) for i in state.items_of(seat) if i not in state.g_items)
    for step in GOLD_STEPS:
        if state.a_gold + step <= pgold:
            out.append(("ask_gold", step))
    if len(state.a_cards) < MAX_REQUESTS:
        out.extend(("ask_card", name) for name in COMMODITIES)
    out.extend(("ask_item", ITEM_NAMES[i]) for i in state.items_of(partner) if i not in state.a_items)
    if state.g_gold or state.g_cards or state.g_items or state.a_gold or state.a_cards or state.a_items:
        out.append(SEND)
    out.append(CANCEL)
    return out


def offer_words(state: AhldarahdState) -> str:
    """The draft in words: "{p0} gives 4 gold; {p2} gives the Pirate Queen"."""
    seat, partner = state.order[state.pos], state.partner
    give, _ = side_words(state.g_gold, [CARD_NAMES[c] for c in state.g_cards], state.g_items, seat)
    ask, _ = side_words(state.a_gold, request_words(state.a_cards), state.a_items, partner)
    return f"{who(seat)} give{who(seat, 's')} {give}; {who(partner)} give{who(partner, 's')} {ask}"


def request_words(commodities) -> list[str]:
    """Requested cards by commodity: "any Salt card", "any 2 Textiles cards"."""
    out = []
    for k in sorted(set(commodities), key=list(commodities).index):
        x = list(commodities).count(k)
        out.append(f"any {COMMODITIES[k]} card" if x == 1 else f"any {x} {COMMODITIES[k]} cards")
    return out


def side_words(gold: int, cards: list[str], items, by: int = -1) -> tuple[str, bool]:
    """One side of a trade in words (given by seat ``by``: "their own Right of Passage"), and
    whether it is several things."""
    parts = ([gold_words(gold)] if gold else []) + cards + [item_words(i, by) for i in items]
    if not parts:
        return "nothing", False
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1], len(parts) > 1


# -- the suggested proposals ------------------------------------------------------------------------


def _unseen_own_card(state: AhldarahdState, seat: int, partner: int, commodity: int) -> bool:
    """Could ``partner`` hold a card of ``commodity`` that ``seat`` cannot see? Their hidden cards
    are of their own colour: that colour's card of the commodity must be unaccounted for."""
    if partner >= state.n or not state.hand[partner] & ~state.known[partner]:
        return False
    card = partner * 10 + commodity
    if state.hand[seat] >> card & 1 or card in state.faceup or card in state.discards:
        return False
    return not any(k >> card & 1 for k in state.known)


def _card_source(state: AhldarahdState, seat: int, commodity: int) -> int:
    """The other player most likely to hold a card of ``commodity``, as ``seat`` sees it; -1."""
    for q in range(state.n):
        if q != seat and state.known[q] & COMMODITY_MASK[commodity]:
            return q
    best, best_odds = -1, 0.0
    for q in range(state.n):
        if q != seat and _unseen_own_card(state, seat, q, commodity):
            hidden = state.hidden_count(q)
            odds = hidden / (hidden + 7.0)
            if odds > best_odds:
                best, best_odds = q, odds
    return best


def _one_short(state: AhldarahdState, m: int, seat: int) -> list[int]:
    """The cities (slots) nobody holds on map ``m`` that one more of ``seat``'s routes would take."""
    owner = state.owner
    base = m * ROUTES
    cnt = [0] * SLOTS
    for r in range(ROUTES):
        if owner[base + r] == seat:
            a, b = ENDS[r]
            cnt[a] += 1
            cnt[b] += 1
    ctrl = state.ctrl
    sbase = m * SLOTS
    return [s for s in range(SLOTS) if ctrl[sbase + s] < 0 and cnt[s] == MAJORITY[s] - 1]


def suggested_offers(state: AhldarahdState, seat: int) -> list[Action]:
    """A few one-step proposals that help ``seat``, from what ``seat`` can see, best first: the
    two best ideas, each at two prices (a low one and one a partner is likelier to take)."""
    n = state.n
    gold = state.gold[seat]
    hand = state.hand[seat]
    owner, ctrl = state.owner, state.ctrl
    ideas: list[tuple[float, int, str, object, str, object, tuple[int, ...]]] = []
    # a card that completes a majority: one route short, an empty route whose ends' cards we lack
    if gold >= 2:
        wanted: dict[int, float] = {}
        for m in state.maps_of(seat):
            rbase = m * ROUTES
            row = COMMODITY_AT[m]
            for s in _one_short(state, m, seat):
                routes = [r for r in ADJ[s] if owner[rbase + r] < 0]
                if not routes or any(
                    hand & (COMMODITY_MASK[row[ENDS[r][0]]] | COMMODITY_MASK[row[ENDS[r][1]]]) for r in routes
                ):
                    continue  # nothing to claim, or a card in hand already does it
                for r in routes:
                    for k in (row[ENDS[r][0]], row[ENDS[r][1]]):
                        wanted[k] = max(wanted.get(k, 0.0), 1.0 + s / 100)
        for k, worth in sorted(wanted.items(), key=lambda kv: (-kv[1], kv[0]))[:2]:
            q = _card_source(state, seat, k)
            if q >= 0:
                ideas.append((3.0 + worth, q, "gold", None, "card", COMMODITIES[k], (3, 6)))
    # a Right of Passage held by another player: one's own back, or one that brings a city in reach
    for k in range(n):
        q = state.rop[k]
        if q < 0 or q == seat:
            continue
        if k == seat:
            mine = sum(1 for s in range(SLOTS) if ctrl[seat * SLOTS + s] == seat)
            if mine:
                ideas.append((2.0 + mine, q, "gold", None, "item", ITEM_NAMES[ROP + k], (2 + mine, 5 + mine)))
            continue
        near = len(_one_short(state, k, seat))
        if near:
            ideas.append((2.5 + near, q, "gold", None, "item", ITEM_NAMES[ROP + k], (2 + 2 * near, 5 + 2 * near)))
    # one's own RoP to the player whose map it is, for gold, when one has nothing there
    for k in range(n):
        if k != seat and state.rop[k] == seat and seat not in owner[k * ROUTES : (k + 1) * ROUTES]:
            ideas.append((1.0, k, "item", ITEM_NAMES[ROP + k], "gold", None, (3, 5)))
    ideas.sort(key=lambda idea: -idea[0])
    result: list[Action] = []
    for _, q, give, gv, ask, av, prices in ideas[:2]:
        limit = gold if give == "gold" else state.gold[q]
        for price in sorted({min(p, limit) for p in prices}):
            if price < 1:
                continue
            result.append(("offer", q, give, price if gv is None else gv, ask, price if av is None else av))
    return result


# -- applying ---------------------------------------------------------------------------------------


def _give_card(state: AhldarahdState, seat: int, commodity: int) -> int:
    """Put a card of ``commodity`` into the draft; it is shown to everyone (Ruling)."""
    free = state.hand[seat]
    for c in state.g_cards:
        free &= ~(1 << c)
    card = pick_card(free, state.known[seat], commodity)
    state.known[seat] |= 1 << card
    state.g_cards = state.g_cards + (card,)
    return card


def _others(state: AhldarahdState, seat: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.n) if s != seat)


def _set_side(state: AhldarahdState, seat: int, side: str, kind: str, value) -> int:
    """One element of a one-step proposal; the card given, or -1."""
    if kind == "gold":
        if side == "give":
            state.g_gold = value
        else:
            state.a_gold = value
    elif kind == "item":
        if side == "give":
            state.g_items = (ITEM_INDEX[value],)
        else:
            state.a_items = (ITEM_INDEX[value],)
    elif side == "give":
        return _give_card(state, seat, COMMODITY_INDEX[value])
    else:
        state.a_cards = (COMMODITY_INDEX[value],)
    return -1


def _bump(counts: tuple[int, ...], n: int, seat: int) -> tuple[int, ...]:
    bumped = list(counts or (0,) * n)
    bumped[seat] += 1
    return tuple(bumped)


def _count(state: AhldarahdState, seat: int, drafted: bool) -> None:
    """One proposal started: one fewer this building phase, one more this turn (by hand or
    suggested: ``evaluation.estimate`` charges them differently)."""
    state.proposals -= 1
    if drafted:
        state.drafted = _bump(state.drafted, state.n, seat)
    else:
        state.proposed = _bump(state.proposed, state.n, seat)


def apply_trade_step(state: AhldarahdState, seat: int, action: Action, events: list[Event] | None) -> None:
    kind = action[0]
    if kind == "offer":
        _count(state, seat, False)
        state.partner = action[1]
        known = state.known[seat]
        shown = _set_side(state, seat, "give", action[2], action[3])
        _set_side(state, seat, "ask", action[4], action[5])
        _send(state, seat, events, shown >= 0 and not known >> shown & 1)
    elif kind == "trade_with":
        _count(state, seat, True)
        state.partner = action[1]
        state.phase = COMPOSE
        if events is not None:
            events.append(Event(f"{who(seat)} start{who(seat, 's')} a trade proposal to {who(action[1])}."))
    elif kind == "give_gold":
        state.g_gold += action[1]
    elif kind == "ask_gold":
        state.a_gold += action[1]
    elif kind == "give_card":
        known = state.known[seat]
        card = _give_card(state, seat, COMMODITY_INDEX[action[1]])
        if events is not None:
            events.append(
                Event(
                    f"{who(seat)} put{who(seat, 's')} {CARD_NAMES[card]} into the proposal.",
                    # a card the table knew (won at an auction, traded) shows nothing new
                    reveals=False if known >> card & 1 else _others(state, seat),
                )
            )
    elif kind == "ask_card":
        state.a_cards = state.a_cards + (COMMODITY_INDEX[action[1]],)
    elif kind == "give_item":
        state.g_items = state.g_items + (ITEM_INDEX[action[1]],)
    elif kind == "ask_item":
        state.a_items = state.a_items + (ITEM_INDEX[action[1]],)
    elif kind == "send":
        _send(state, seat, events, False)
    elif kind == "cancel":
        if events is not None:
            events.append(Event(f"{who(seat)} drop{who(seat, 's')} the proposal."))
        state._clear_draft()
        state.phase = BUILD
    elif kind == "accept":
        accept(state, seat, events)
    else:
        _decline(state, seat, events)


def _send(state: AhldarahdState, seat: int, events: list[Event] | None, shows_card: bool) -> None:
    state.phase = ANSWER
    state.turn = state.partner
    if events is not None:
        events.append(
            Event(
                f"{who(seat)} propose{who(seat, 's')} a trade to {who(state.partner)}: {offer_words(state)}.",
                reveals=_others(state, seat) if shows_card else False,
            )
        )


def _back_to_builder(state: AhldarahdState) -> None:
    state._clear_draft()
    state.phase = BUILD
    state.turn = state.order[state.pos]


def accept(state: AhldarahdState, partner: int, events: list[Event] | None) -> None:
    seat = state.order[state.pos]
    hand = state.hand[partner]
    known = state.known[partner]
    taken = []
    for k in state.a_cards:
        card = pick_card(hand, known, k)
        if card < 0:
            if events is not None:
                need = sum(1 for x in state.a_cards if x == k)
                what = f"no {COMMODITIES[k]} card" if need == 1 else f"fewer than {need} {COMMODITIES[k]} cards"
                events.append(
                    Event(
                        f"{who(partner)} accept{who(partner, 's')}, but {who(partner)} "
                        f"hold{who(partner, 's')} {what}: the trade fails and "
                        "nothing changes hands.",
                        reveals=_others(state, partner),
                    )
                )
            state.accepted = _bump(state.accepted, state.n, partner)  # counted all the same (estimate)
            _back_to_builder(state)
            return
        hand &= ~(1 << card)
        taken.append(card)
    # gold
    state.gold[seat] += state.a_gold - state.g_gold
    state.gold[partner] += state.g_gold - state.a_gold
    # cards: both ways, every card moved is known to all
    for card in state.g_cards:
        bit = 1 << card
        state.hand[seat] &= ~bit
        state.known[seat] &= ~bit
        state.hand[partner] |= bit
        state.known[partner] |= bit
    for card in taken:
        bit = 1 << card
        state.hand[partner] &= ~bit
        state.known[partner] &= ~bit
        state.hand[seat] |= bit
        state.known[seat] |= bit
    state.accepted = _bump(state.accepted, state.n, partner)
    for item in state.g_items:
        state.set_holder(item, partner)
    for item in state.a_items:
        state.set_holder(item, seat)
    if events is not None:
        text = f"{who(partner)} accept{who(partner, 's')} the trade with {who(seat)}."
        if taken:
            text += f" {who(partner)} hand{who(partner, 's')} over {', '.join(CARD_NAMES[c] for c in taken)}."
        shows = any(not known >> card & 1 for card in taken)  # (a known card shows nothing new)
        events.append(Event(text, reveals=_others(state, partner) if shows else False))
    _back_to_builder(state)


def decline_words(partner: int, reason: str) -> str:
    """A decline with its reason (``decline_reason``: made of what the table knows, so it reads
    the same whatever the decliner's hidden cards are)."""
    return f"{who(partner)} decline{who(partner, 's')}: {reason}."


def _decline(state: AhldarahdState, partner: int, events: list[Event] | None) -> None:
    give = tuple(
        sorted(
            [f"card {COMMODITIES[c % 10]}" for c in state.g_cards] + [f"item {ITEM_NAMES[i]}" for i in state.g_items]
        )
    )
    ask = tuple(
        sorted([f"card {COMMODITIES[k]}" for k in state.a_cards] + [f"item {ITEM_NAMES[i]}" for i in state.a_items])
    )
    seat = state.order[state.pos]
    state.refused = (*state.refused, (partner, state.g_gold, state.a_gold, give, ask))
    state.declined = (*state.declined, (seat, partner, state.g_gold, state.a_gold, give, ask))
    if events is not None:
        # (it shows the others how the partner judged it, on cards they cannot see: no undo crosses it;
        # where the table sees its whole hand it shows nothing new, and a review took it for luck)
        reason = decline_reason(state, partner)
        hidden = state.hand[partner] & ~state.known[partner]
        events.append(
            Event(
                decline_words(partner, reason),
                reveals=_others(state, partner) if hidden else False,
                person_text=f"{who(partner)} decline{who(partner, 's')}.",  # (a person's reasons are theirs)
            )
        )
    _back_to_builder(state)
