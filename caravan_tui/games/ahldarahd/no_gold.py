"""What a seat with no gold to claim with can do about it, in words: the rules' way out.

A claim costs a gold (§4), and a city's gold, the only income besides a Right of Passage sold,
comes only from a claim or a purchase; but an item won at 0 costs nothing (§3.2), and a Right of
Passage sells to the bank for a gold per city held on its map (§4). A person at 0 gold was told
nothing of it for five turns. A claim needs a card too, one that fits an open route on a map the
seat may build on: a person with no card was told to sell a Right of Passage "then claim"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import COMMODITY_MASK, ROP
from .evaluation import builds_left, rop_sale
from .maps import COLOURS, COMMODITY_AT, COST, ENDS, ROUTES
from .terms import ANSWER, BID_OPEN, BID_RAISE, BUILD, COMPOSE, SHAH_GIVE, item_words, who

#: the phases of a turn's auctions: the bidding, and the Shah's winner giving it, after which the
#: auctions go on (a person who won the Shah at 0 gold was sent to next turn's auctions for a Right
#: of Passage, holding one already won that turn)
AUCTIONS = (BID_OPEN, BID_RAISE, SHAH_GIVE)
#: the phases of a turn's builds: a seat's own, and the trades proposed in one
BUILDS = (BUILD, COMPOSE, ANSWER)

if TYPE_CHECKING:
    from caravan_tui.engine import Action

    from .rules import AhldarahdState


def short_of_gold(state: AhldarahdState, seat: int) -> bool:
    """Whether ``seat`` has no gold to claim a route with (the Eyes or the Pirate Queen make some
    claims cost none, given a card: with no card, their holder was told "enter on a route to build
    on it" at 0 gold) while a build of its is still to come."""
    discounted = seat in (state.eyes, state.pirate) and (state.hand[seat] or state.phase != BUILD)
    return state.gold[seat] <= 0 and not discounted and builds_left(state, seat)


def claim_cost(state: AhldarahdState, seat: int) -> str:
    """What a claim costs ``seat`` (§4), in words: the Eyes take the gold off a land route's, the
    Pirate Queen off a sea route's."""
    eyes, pirate = state.eyes == seat, state.pirate == seat
    if eyes and pirate:
        return "a card"
    if eyes or pirate:
        return f"a card, and 1 gold on a {'sea' if eyes else 'land'} route"
    return "a card and 1 gold"


def _sales(state: AhldarahdState, seat: int, held: bool) -> list[tuple[int, int]]:
    """(gold the bank pays, colour) of the Rights of Passage ``seat`` holds (``held``) or does
    not, most first: those that sell for something."""
    found = [(rop_sale(state, k), k) for k in range(len(state.rop)) if (state.rop[k] == seat) == held]
    return sorted((sale for sale in found if sale[0] > 0), reverse=True)


def claimable(state: AhldarahdState, seat: int, sold: int) -> bool:
    """Whether ``seat`` holds a card that fits an open route on a map it may build on once it has
    sold the Right of Passage of map ``sold`` (its own map stays open to it; and has a route marker
    left): a claim then needs only the gold."""
    hand = state.hand[seat]
    if not hand or state.markers[seat] <= 0:
        return False
    owner = state.owner
    for m in state.maps_of(seat):
        if m == sold and m != seat:
            continue
        row = COMMODITY_AT[m]
        for r, (a, b) in enumerate(ENDS):
            if owner[m * ROUTES + r] < 0 and hand & (COMMODITY_MASK[row[a]] | COMMODITY_MASK[row[b]]):
                return True
    return False


def _sale_to_claim(state: AhldarahdState, seat: int) -> tuple[int, int] | None:
    """(gold, colour) of the Right of Passage ``seat`` holds that sells for the most and leaves it
    a claim to make with the gold (``claimable``), in its build; None: none does."""
    if state.phase != BUILD or state.order[state.pos] != seat:  # (only its own build sells and claims)
        return None
    return next(((sale, k) for sale, k in _sales(state, seat, True) if claimable(state, seat, k)), None)


def way_out(state: AhldarahdState, seat: int, hinted: Action | None = None) -> str | None:
    """What ``seat`` can do about having no gold, in a sentence ({pN} fields), or None (it has
    some, or nothing is to be done: its last build is over). ``hinted``: the play a hint stars,
    which the sentence must not argue against (``_not_now``)."""
    if not short_of_gold(state, seat):
        return None
    selling = _sale_to_claim(state, seat)
    if selling is not None:
        sale, k = selling
        if hinted is not None and hinted != ("sell_rop", COLOURS[k]):
            # (said as a fact, not advice, where the hint stars another play: "sell …, then claim"
            # stood over "★ End your build")
            return (
                f"No gold, so no claim (a claim costs 1 gold): {item_words(ROP + k, seat)} sells to the bank "
                f"for {sale} gold (in the plays list), which would pay for one"
            )
        # (the sale, not what follows it: "then claim" stood one step before "★ End your build",
        # the search weighing the claim no better than keeping the gold)
        return (
            f"No gold, so no claim (a claim costs 1 gold): sell {item_words(ROP + k, seat)} to the bank "
            f"for {sale} gold (in the plays list), and a claim is open to {who(seat)}"
        )
    last = state.final and state.phase not in AUCTIONS  # the final turn's build: no auction is left
    if state.phase == BUILD and not claimable(state, seat, -1):
        sales = _sales(state, seat, True)
        # the sale the hint stars, else the best: "a Right of Passage won at 0 next turn sells for gold"
        # was said to a seat holding one that sold for 8 in this very build
        held = next((sale for sale in sales if hinted == ("sell_rop", COLOURS[sale[1]])), sales[0] if sales else None)
        if held is not None and state.order[state.pos] == seat:  # (its gold buys routes: a buy needs no card)
            sale, k = held
            return (
                "No gold and no card that fits an open route, so no claim this build (a claim costs "
                f"{claim_cost(state, seat)}); {item_words(ROP + k, seat)} sells to the bank for {sale} gold "
                "(in the plays list)" + sale_buys(state, seat, sale, k)
            )
        if last:
            return (
                "No gold and no card that fits an open route, so no claim in this last build (a claim costs "
                f"{claim_cost(state, seat)})"
            )
        return (  # (a route card won at 0 leaves no gold to claim with: "or an item" was the way out)
            "No gold and no card that fits an open route, so no claim this build (a claim costs "
            f"{claim_cost(state, seat)}): a Right of Passage won at 0 in next turn's auctions sells to the "
            "bank for gold to claim with, and a card that fits may be won at 0 too"
        )
    if last:
        return "No gold, so no claim in this last build (a claim costs 1 gold), and no auction is left"
    held = _held_sale(state, seat)
    if held is not None and _building(state, seat):
        sale, k = held
        return (
            f"No gold now, but {item_words(ROP + k, seat)} sells to the bank for {sale} gold in this build: "
            "then a claim's gold is there (a claim costs 1 gold)"
        )
    if held is not None:
        sale, k = held
        return (
            f"No gold now, but {item_words(ROP + k, seat)} sells to the bank for {sale} gold in your build: "
            "then a claim's gold is there (a claim costs 1 gold), for a card won at 0 now too"
        )
    when = "in an auction" if state.phase in AUCTIONS else "in next turn's auctions"
    # (in this turn's auctions, one of those still to come: "your own Right of Passage sells for 5"
    # named one already auctioned, which no play offered)
    others = [
        sale for sale in _sales(state, seat, False) if state.phase not in AUCTIONS or not _auctioned(state, sale[1])
    ]
    if not others:
        return (
            f"No gold, so no claim (a claim costs 1 gold): win a route card or an item at 0 {when}"
            f"{_unless(state, seat)}"
        )
    sale, k = others[0]
    if state.phase in AUCTIONS and hinted is not None and not _opens_rop(hinted) and raisers(state, seat):
        return _not_now(state, seat, sale, k)
    return (
        f"No gold, so no claim (a claim costs 1 gold): win a Right of Passage at 0 {when} and sell it "
        f"to the bank in your build, for a gold per city held on its map "
        f"({item_words(ROP + k, seat)} sells for {sale} now)"
        f"{_unless(state, seat)}"
    )


def sale_buys(state: AhldarahdState, seat: int, gold: int, sold: int) -> str:
    """What ``gold`` from selling the Right of Passage of map ``sold`` does for a seat with no
    card to claim with, to follow the words of the sale: a route bought with gold alone, where
    one costs no more; else a claim's gold once a card that fits is won (in the last build, gold
    for a tie: no card can be won any more). "And a route may be
    bought with gold alone" was said of a sale of 3 gold where the cheapest open route cost 7."""
    cheapest = cheapest_buy(state, seat, sold)
    if cheapest is not None and cheapest <= gold:
        return f", and {gold} gold buys a route with gold alone (the cheapest open one costs {cheapest})"
    dearer = f"; no open route costs as little as {gold} to buy" if cheapest is not None else ""
    if state.final:  # (no auction is left: "once a card that fits is won" in the last build)
        return f": gold that counts in a tie{dearer}"
    return f": gold to claim with once a card that fits is won{dearer}"


def cheapest_buy(state: AhldarahdState, seat: int, sold: int = -1) -> int | None:
    """The gold the cheapest open route ``seat`` may build on costs to buy (§4, with its
    discounts), once it has sold the Right of Passage of map ``sold``; None: it has no route
    marker left, or no route is open to it."""
    if state.markers[seat] <= 0:
        return None
    prices = [
        COST[r] - state.discount(seat, r)
        for m in state.maps_of(seat)
        if m == seat or m != sold
        for r in range(ROUTES)
        if state.owner[m * ROUTES + r] < 0
    ]
    return min(prices, default=None)


def _held_sale(state: AhldarahdState, seat: int) -> tuple[int, int] | None:
    """(gold, colour) of the Right of Passage ``seat`` holds, already auctioned this turn (so no
    one can take it before its build: each item goes up once a turn, §3.2), that sells for the
    most, while the auctions go on: the gold a claim needs is in hand. A person at 0 gold holding
    one that sold for 7 was told to go and win one at 0."""
    if state.phase in AUCTIONS:
        return next((sale for sale in _sales(state, seat, True) if _auctioned(state, sale[1])), None)
    if _builds_later(state, seat):  # (the auctions are over: nothing held changes hands before it)
        return next(iter(_sales(state, seat, True)), None)
    if _building(state, seat):
        # in its own build, a trade being drafted, one whose sale leaves a claim to make: "win a
        # Right of Passage at 0 in next turn's auctions" to one holding AI 3's, which sold for 3
        return next((sale for sale in _sales(state, seat, True) if claimable(state, seat, sale[1])), None)
    return None


def _auctioned(state: AhldarahdState, colour: int) -> bool:
    """Whether the Right of Passage of map ``colour`` was auctioned this turn already."""
    return bool(state.auctioned >> (ROP + colour) & 1)


def _building(state: AhldarahdState, seat: int) -> bool:
    """Whether this is ``seat``'s own build (a trade being drafted or answered in it too)."""
    return state.phase in BUILDS and state.order[state.pos] == seat


def _builds_later(state: AhldarahdState, seat: int) -> bool:
    """Whether ``seat`` builds later this turn, after the builder now (another's build, or a
    proposal it answers in one): a person at 0 gold answering a proposal, their own Right of
    Passage to sell in their build that turn, was sent to next turn's auctions for one."""
    return state.phase in BUILDS and seat in state.order[state.pos + 1 :]


def _opens_rop(action: Action) -> bool:
    """Whether ``action`` opens an auction for a Right of Passage at 0."""
    return action[0] == "open" and str(action[1]).startswith("RoP") and action[2] == 0


def _not_now(state: AhldarahdState, seat: int, sale: int, k: int) -> str:
    """The way out when a hint stars another play in an auction that a seat with gold could raise:
    any raise takes the Right of Passage, and its sale, from the seat. A hint said "win a Right of
    Passage at 0 in an auction and sell it" above its starred "Open an auction for the Shah at 0",
    turn after turn, with another player holding 10 gold."""
    return (
        "No gold, so no claim (a claim costs 1 gold): a Right of Passage won at 0 would sell to the bank "
        f"for a gold per city held on its map ({item_words(ROP + k, seat)} sells for {sale} now), but any gold "
        f"outbids 0 ({_golds(state, raisers(state, seat))}): a raise would take it, and its sale, from {who(seat)}"
    )


def raisers(state: AhldarahdState, seat: int) -> list[int]:
    """The other seats that could raise a bid of 0: with gold, and in this turn's bidding with
    their Camel face up (§3.2; next turn's refresh turns every Camel up) and, in an auction under
    way, still in it ("you cannot answer a raise: AI 3 has 7 gold" of a seat that had passed)."""
    bidding = state.phase in AUCTIONS
    out = state.out if state.phase == BID_RAISE else 0
    return [
        q
        for q in range(state.n)
        if q != seat and state.gold[q] > 0 and (state.camel[q] or not bidding) and not out >> q & 1
    ]


def _unless(state: AhldarahdState, seat: int) -> str:
    """The catch of a win at 0, in words: any seat that could raise wins the item for a gold, so a
    player at 0 gold was told to win a Right of Passage at 0 and sell it, turn after turn, while
    another seat with a gold took each one ("" where no seat could raise)."""
    able = raisers(state, seat)
    if not able:
        return ""
    return f"; it works only if no one raises: any gold outbids 0 ({_golds(state, able)})"


def _golds(state: AhldarahdState, seats: list[int]) -> str:
    """ "{p1} {p1:has} 1, {p2} {p2:has} 4": the gold each of ``seats`` holds."""
    return ", ".join(f"{who(q)} {who(q, 'has')} {state.gold[q]}" for q in seats)


def panel_words(state: AhldarahdState, seat: int) -> str | None:
    """The decision panel's short line for the same (about 45 cells), or None."""
    if not short_of_gold(state, seat):
        return None
    if _sale_to_claim(state, seat) is not None:
        return "No gold to claim: sell a Right of Passage first"
    if state.phase == BUILD and not claimable(state, seat, -1):
        # (a sale in the plays list beside "no gold and no card", and a newcomer ended the build)
        if state.order[state.pos] == seat and _sales(state, seat, True):
            return "No gold, no card: you may sell a RoP"
        return "No gold, no card that fits an open route"  # (not "no card" beside a hand of one)
    if state.final and state.phase not in AUCTIONS:
        return "No gold to claim with in this last build"
    if _held_sale(state, seat) is not None:  # ("your Right of Passage" read as one's own, another's held)
        return "No gold now: the Right of Passage you hold sells in your build"
    return "No gold: win a Right of Passage at 0, sell it"


#: the building actions a build may hold beside ending it and trading
BUILDING = frozenset(("claim", "buy", "destroy", "sell_rop"))


def idle_build(state: AhldarahdState, seat: int) -> tuple[int, str, str | None] | None:
    """Where ``seat`` builds in ``state``: the turn (a build's key), "build" and, where it can
    claim, buy, destroy and sell nothing, why (``Game.idle_words``: a review counts such builds;
    a person at 0 gold sat out fourteen, and the review put the loss on luck and the drift)."""
    if state.phase != BUILD or state.turn != seat:
        return None
    if any(action[0] in BUILDING for action in state.legal_actions()):
        return state.turn_no, "build", None
    if state.gold[seat] > 0:
        return state.turn_no, "build", "too little gold for any route, and no card that fits one"
    if claimable(state, seat, -1):
        return state.turn_no, "build", "no gold to claim with (a claim costs a gold)"
    return state.turn_no, "build", "no gold and no card that fits an open route"
