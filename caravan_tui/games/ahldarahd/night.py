"""The Night of the Outsider (spec §7, option ``night_of_the_outsider``).

A black chip drawn while a player takes gold from the bank (``AhldarahdState._from_bank``)
queues a Night; after the payment each one is played out here: the deck's top card leaves the
game and names a commodity; clockwise from the player who drew, each player may discard a card
of it (averting the Night at once) or pledge gold (10 avert it, each pledge at most what is
still missing, paid in order); otherwise every player but the Eyes' holder loses one of their
routes into a city of that commodity, on any map (chosen by them when they have several).
Then the phase that drew the chips (the free routes or a build) goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.engine import Action, Event
from caravan_tui.engine import seat_field as who
from caravan_tui.words import a_or_an

from .cards import CARD_NAMES, COMMODITY_MASK
from .maps import ADJ, COMMODITIES, ROUTES, SLOT_OF, route_words
from .terms import AVERT, NIGHT_AVERT, NIGHT_LOSS, NIGHT_PRICE, SETUP, STAND_BY, gold_words, map_words, poss

if TYPE_CHECKING:
    from .rules import AhldarahdState


def night_actions(state: AhldarahdState, seat: int) -> list[Action]:
    """Avert with a card, pledge any amount up to what is missing, or do nothing."""
    out: list[Action] = []
    if state.hand[seat] & COMMODITY_MASK[state.n_comm]:
        out.append(AVERT)
    missing = NIGHT_PRICE - sum(k for _, k in state.pledges)
    cap = min(state.gold[seat], missing)
    out.extend(("pledge", k) for k in range(1, cap + 1))
    out.append(STAND_BY)
    return out


def loss_routes(state: AhldarahdState, seat: int, commodity: int) -> list[tuple[int, int]]:
    """``seat``'s routes entering a city of ``commodity`` on any map (§7.3), as (map, route)."""
    out = []
    owner = state.owner
    for m in range(state.nmaps):
        base = m * ROUTES
        for r in ADJ[SLOT_OF[m][commodity]]:
            if owner[base + r] == seat:
                out.append((m, r))
    return out


def next_night(state: AhldarahdState, events: list[Event] | None) -> None:
    """The next pending Night: a card turned up and the circle of averting; or, with none left,
    back to the phase that drew the chips."""
    while state.nights:
        state.nights -= 1
        if not state.deck:
            if events is not None:
                events.append(
                    Event("A black chip! The Night of the Outsider would come, but the deck is empty: it fizzles.")
                )
            continue
        card = state.deck.pop(0)
        state.discards.append(card)
        state.n_comm = card % 10
        state.n_pos = 0
        state.pledges = ()
        if events is not None:
            goods = COMMODITIES[card % 10]
            events.append(
                Event(
                    f"{who(state.drawer)} drew a black chip: the Night of the Outsider comes! The top card of the "
                    f"deck, {CARD_NAMES[card]}, leaves the game. Unless someone discards {a_or_an(goods)} card or the "
                    f"players pledge {NIGHT_PRICE} gold, everyone loses a route into {a_or_an(goods)} city.",
                    reveals=True,
                )
            )
        _ask(state, events)
        return
    state.n_comm = -1
    state.phase = state.back
    state.back = -1
    seat = state.turn = state.order[state.pos]
    if state.phase == SETUP:
        state._continue(seat, events)


def _ask(state: AhldarahdState, events: list[Event] | None) -> None:
    """The next player in the circle who may have a choice; after the circle, the losses. Whether a
    player is asked depends on what everyone sees (gold, cards known to all, whether any card is
    hidden), never on a hidden card: a player with a hidden card is asked even when it cannot avert."""
    n = state.n
    while state.n_pos < n:
        seat = (state.drawer + state.n_pos) % n
        hand = state.hand[seat]
        if state.gold[seat] or hand & ~state.known[seat] or hand & COMMODITY_MASK[state.n_comm]:
            state.phase = NIGHT_AVERT
            state.turn = seat
            return
        state.n_pos += 1
    if events is not None:
        short = " (the pledges fall short, so nothing is paid)" if state.pledges else ""
        events.append(Event(f"Nobody averts the Night{short}."))
    state.pledges = ()
    state.losses = tuple((state.drawer + k) % n for k in range(n))
    next_loss(state, events)


def apply_night(state: AhldarahdState, seat: int, action: Action, events: list[Event] | None) -> None:
    """An answer in the circle: avert, pledge or do nothing."""
    kind = action[0]
    if kind == "avert":
        card, hidden = state._discard(seat, state.n_comm)
        if events is not None:
            events.append(
                Event(
                    f"{who(seat)} discard{who(seat, 's')} {CARD_NAMES[card]}: the Night is averted for everyone.",
                    reveals=state._others(seat) if hidden else False,
                )
            )
        state.pledges = ()
        next_night(state, events)
        return
    if kind == "pledge":
        state.pledges = state.pledges + ((seat, action[1]),)
        total = sum(k for _, k in state.pledges)
        if events is not None:
            events.append(
                Event(f"{who(seat)} pledge{who(seat, 's')} {gold_words(action[1])} ({total} of {NIGHT_PRICE}).")
            )
        if total >= NIGHT_PRICE:
            missing = NIGHT_PRICE
            paid = []
            for s, k in state.pledges:
                pay = k if k <= missing else missing
                state._to_bank(s, pay)
                missing -= pay
                paid.append(f"{who(s)} {pay}")
            if events is not None:
                events.append(
                    Event(f"The pledges reach {NIGHT_PRICE} and are paid ({', '.join(paid)}): the Night is averted.")
                )
            state.pledges = ()
            next_night(state, events)
            return
    elif events is not None:
        events.append(Event(f"{who(seat)} do{who(seat, 'es')} nothing against the Night."))
    state.n_pos += 1
    _ask(state, events)


def next_loss(state: AhldarahdState, events: list[Event] | None) -> None:
    """Each player but the Eyes' holder loses a route into a city of the Night's commodity
    (§7.3): by itself with one such route, a decision with several; then the next Night."""
    while state.losses:
        seat = state.losses[0]
        routes = loss_routes(state, seat, state.n_comm) if seat != state.eyes else []
        if len(routes) >= 2:
            state.phase = NIGHT_LOSS
            state.turn = seat
            return
        state.losses = state.losses[1:]
        if routes:
            lose_route(state, seat, *routes[0], events)
        elif events is not None and seat == state.eyes and loss_routes(state, seat, state.n_comm):
            events.append(
                Event(f"{who(seat)} {who(seat, 'has')} the Eyes of Shamesh and lose{who(seat, 's')} nothing.")
            )
    next_night(state, events)


def lose_route(state: AhldarahdState, seat: int, m: int, r: int, events: list[Event] | None) -> None:
    state._remove(
        m,
        r,
        events,
        None
        if events is None
        else f"The Night takes {poss(seat)} route {route_words(m, r)} into the "
        f"{COMMODITIES[state.n_comm]} city on {map_words(m, state.n, seat)}",
    )
