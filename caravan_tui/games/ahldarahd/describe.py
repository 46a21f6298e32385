"""Plain words for every action, as the seat to move reads them (``{pN}`` fields)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.words import a_or_an

from .cards import ITEM_INDEX, ROP
from .maps import (
    COLOUR_INDEX,
    COMMODITIES,
    COMMODITY_AT,
    COST,
    ENDS,
    MAJORITY,
    ROUTE_GOODS,
    ROUTES,
    SEA,
    SLOTS,
    VALUE,
    route_words,
)
from .offers import offer_words
from .terms import NIGHT_PRICE, city_words, gold_words, item_words, map_words, poss
from .trading import declined_like, long_shot, offer_net

if TYPE_CHECKING:
    from .rules import AhldarahdState


def route_takes(state: AhldarahdState, seat: int, m: int, r: int) -> str:
    """What placing ``seat``'s marker on route r of map m takes: ": takes the Salt city (+6 gold)"
    (the sentence has named the map: a route's cities are on its map)."""
    taken = []
    for slot in ENDS[r]:
        if state.ctrl[m * SLOTS + slot] != seat and state.routes_into(m, slot, seat) + 1 >= MAJORITY[slot]:
            taken.append(f"{city_words(m, slot)} (+{VALUE[slot]} gold)")
    return f": takes {' and '.join(taken)}" if taken else ""


def _night_city(state: AhldarahdState, m: int, r: int) -> str:
    """The city of the Night's commodity that route r of map m enters, and the cities its owner
    loses with it: " of the Salt city; you lose the Salt city"."""
    seat = state.owner[m * ROUTES + r]
    night = next(s for s in ENDS[r] if COMMODITY_AT[m][s] == state.n_comm)
    lost = [
        city_words(m, s)
        for s in ENDS[r]
        if state.ctrl[m * SLOTS + s] == seat and state.routes_into(m, s, seat) - 1 < MAJORITY[s]
    ]
    return f" of {city_words(m, night)}" + (f": you lose {' and '.join(lost)}" if lost else "")


def _thing(kind: str, value, owner: int) -> str:
    if kind == "gold":
        return gold_words(value)
    if kind == "item":
        return item_words(ITEM_INDEX[value], owner)  # ("their own Right of Passage")
    return a_or_an(f"{value} card")


def _ask(kind: str, value, owner: int) -> str:
    if kind == "card":
        return f"any {value} card"
    return _thing(kind, value, owner)


def describe(state: AhldarahdState, action: Action, brief: bool = False) -> str:
    """``brief``: a route by its cities, its kind and its map (what tells two plays apart: the
    same cities are on every map), an auction's raise without the leader the panel names, a trade
    without the sides the panel shows, for the table's status line; else in full, as the plays
    list and the log read it."""
    kind = action[0] if isinstance(action, tuple) and action else None
    seat = state.turn if state.turn is not None else 0
    n = state.n

    def route(m: int, r: int, by: int = -1) -> str:
        """Route r of map m with its map; ``by``: the map of seat ``by`` reads "their own map"."""
        if brief:
            a, b = ROUTE_GOODS[m][r]
            return f"{COMMODITIES[a]}–{COMMODITIES[b]} ({'sea' if SEA[r] else 'land'}) on {map_words(m, n, by)}"
        return f"{route_words(m, r)} on {map_words(m, n, by)}"

    if kind == "free":
        r = action[1] - 1
        return f"Claim {route(seat, r)} for free{route_takes(state, seat, seat, r)}"
    if kind == "done":
        if state.free_left <= 0 or not state.markers[seat]:
            return "Done with free routes: turn 1 begins"
        return "Claim no more free routes"
    if kind == "open":
        item = ITEM_INDEX[action[1]]
        holder = state.holder(item)
        held = f" (now {who(holder, 'mine')})" if holder >= 0 else ""
        if holder == seat:
            held = " (yours now)"
        elif item == ROP + holder:  # "Ann's Right of Passage (now Ann's)" said Ann twice
            held = " (its player holds it)"
        if brief:  # (under the map: "enter: Open an auction for AI 2's Right of …" lost whose it was)
            what = item_words(item, seat).replace("Right of Passage", "RoP")
            return f"Auction {what}{held.replace('yours now', 'yours')} at {gold_words(action[2])}"
        return f"Open an auction for {item_words(item, seat)}{held} at {gold_words(action[2])}"
    # (a bid of all the seat's gold says so: "Raise to 5 gold … you have 5" was won, and its card
    # could not be used, no gold left to claim with)
    everything = ": all of it" if kind == "raise" and action[1] >= state.gold[seat] else ""
    if kind == "raise" and brief:  # (the panel above names the leader)
        return (
            f"Raise to {gold_words(action[1])} for {item_words(state.item, seat)} (high bid {state.high}; "
            f"{who(seat)} {who(seat, 'has')} {state.gold[seat]}{everything})"
        )
    if kind == "raise":
        return (
            f"Raise to {gold_words(action[1])} for {item_words(state.item, seat)} "
            f"({who(state.leader)} bid {state.high}; {who(seat)} {who(seat, 'has')} {state.gold[seat]}{everything})"
        )
    if kind == "pass":
        leader, item = state.leader, state.item
        if state.holder(item) == seat:  # the winner takes it from its holder (§3.2): passing gives it up
            what = f"back {item_words(item, leader)}" if item == ROP + leader else item_words(item, seat)
            taken = f"Pass: {who(leader)} take{who(leader, 's')} {what} from {who(seat)} at {state.high}"
            return taken + unless_outbid(state, seat)
        return f"Pass: leave {item_words(item, seat)} to the others (bid {state.high} by {who(leader)})"
    if kind == "give_shah":
        return "Keep the Shah" if action[1] == seat else f"Give the Shah to {who(action[1])}"
    if kind == "claim":
        m, r = COLOUR_INDEX[action[1]], action[2] - 1
        price = 1 - state.discount(seat, r)
        takes = route_takes(state, seat, m, r)
        return f"Claim {route(m, r)} with {a_or_an(action[3])} card and {gold_words(price)}{takes}"
    if kind == "buy":
        m, r = COLOUR_INDEX[action[1]], action[2] - 1
        price = COST[r] - state.discount(seat, r)
        return f"Buy {route(m, r)} for {gold_words(price)}{route_takes(state, seat, m, r)}"
    if kind == "destroy":
        m, r = COLOUR_INDEX[action[1]], action[2] - 1
        victim = state.owner[m * 21 + r]
        price = state.destroy_price(seat, r, action[3:5])
        cards = [h for h in action[3:5] if h != "gold"]
        paying = gold_words(price) + "".join(f" and {a_or_an(c)} card" for c in cards)
        loses = [
            city_words(m, s)
            for s in ENDS[r]
            if state.ctrl[m * SLOTS + s] == victim and state.routes_into(m, s, victim) - 1 < MAJORITY[s]
        ]
        # a route on its owner's map: "Destroy Cy's route … on their own map", Cy named once
        text = f"Destroy {poss(victim)} route {route(m, r, victim)}, paying {paying}"
        return text + (f": {who(victim)} lose{who(victim, 's')} {' and '.join(loses)}" if loses else "")
    if kind == "sell_rop":
        k = COLOUR_INDEX[action[1]]
        worth = sum(1 for s in range(SLOTS) if state.ctrl[k * SLOTS + s] >= 0)
        return f"Sell {item_words(ROP + k, seat)} to the bank for {gold_words(worth)}"
    if kind == "offer":
        q = action[1]
        # ("Propose to AI 2: AI 2's Right of Passage for 3 gold" read as buying it, of an offer to give it)
        text = f"Propose to {who(q)}: you give {_thing(action[2], action[3], seat)} for {_ask(action[4], action[5], q)}"
        if brief:
            return text
        # what it costs, said where it costs: a ready-made offer read as advice, and one that lost
        # its proposer 4 gold for a Right of Passage won back at 0 the next turn said nothing
        # (a ready-made offer its partner had just declined stayed first in the list, unmarked)
        declined = declined_like(action, state.refused) if state.refused else None
        if declined is not None:
            marks = [f"{who(q)} declined {_declined_words(action, declined)} this build"]
        else:
            marks = ["a long shot"] if long_shot(state, seat, action) else []
        net = round(offer_net(state, seat, action))
        if net < 0:
            # ("costs you about 1 gold" stood beside 3 gold received: the balance of the two sides)
            marks.append(f"you give about {-net} gold more than you get")
        return text + (f" ({'; '.join(marks)})" if marks else "")
    if kind == "trade_with":
        return f"Write a trade proposal to {who(action[1])} (gold, cards, items)"
    if kind in ("give_gold", "ask_gold"):
        step = action[1]
        now = state.g_gold if kind == "give_gold" else state.a_gold
        side = "you give" if kind == "give_gold" else f"you ask of {who(state.partner)}"
        return f"Proposal: {step} more gold ({side}: {now + step})"
    if kind in ("give_card", "give_item", "ask_card", "ask_item"):
        side, _, what = kind.partition("_")
        if side == "give":
            return f"Proposal: you give {_thing(what, action[1], seat)}"
        return f"Proposal: ask {who(state.partner)} for {_ask(what, action[1], state.partner)}"
    if kind == "send":
        # (for the partner to answer: a review read "Send the proposal: you give 5 gold; AI 3 gives
        # your Right of Passage — fine" of a proposal AI 3 declined, as if the trade had been made)
        if brief:
            return "Send the proposal shown above"
        return f"Send the proposal, for {who(state.partner)} to accept or decline: {offer_words(state)}"
    if kind == "cancel":
        return "Drop the proposal"
    if kind in ("accept", "decline"):
        verb = "Accept" if kind == "accept" else "Decline"
        return f"{verb} the trade shown above" if brief else f"{verb} the trade: {offer_words(state)}"
    if kind == "avert":
        return f"Discard {a_or_an(COMMODITIES[state.n_comm])} card: avert the Night for everyone"
    if kind == "pledge":
        pledged = sum(k for _, k in state.pledges)
        return f"Pledge {gold_words(action[1])} against the Night ({pledged} of {NIGHT_PRICE} pledged so far)"
    if kind == "stand_by":
        return "Do nothing against the Night"
    if kind == "lose":
        m, r = COLOUR_INDEX[action[1]], action[2] - 1
        return f"Lose {poss(seat)} route {route(m, r)} to the Night{_night_city(state, m, r)}"
    if kind == "end":  # (whose: a review's line of another's moves read "AI 3: End your build")
        return f"End {poss(seat)} build"
    return repr(action)


def _declined_words(offer: Action, declined: tuple[int, int]) -> str:
    """What the partner declined of a proposal like ``offer`` (``trading.declined_like``): "it",
    the same; "5 gold for it", more gold given for the same; "it asking only 3 gold", less asked."""
    give_gold = offer[3] if offer[2] == "gold" else 0
    ask_gold = offer[5] if offer[4] == "gold" else 0
    if declined == (give_gold, ask_gold):
        return "it"
    if declined[1] == ask_gold:
        return f"{gold_words(declined[0])} for it"
    return f"it asking only {gold_words(declined[1])}"


def unless_outbid(state: AhldarahdState, seat: int) -> str:
    """The words after what a pass by ``seat`` leaves the leader: " unless outbid" where another
    seat is still in to outbid, "" where none is (between two, it read as a hope the pass did not
    keep)."""
    leader = state.leader
    others = any(q not in (seat, leader) and not state.out >> q & 1 and state.can_raise(q) for q in range(state.n))
    return " unless outbid" if others else ""
