"""The heuristic outcome for cut-off searches (``State.estimate``) and what things are worth to a
seat, in points and in gold (bids, trades, the prior, the reasons AI seats give).

Each seat's projected score is its points now (§6), plus the cities it can still hope to take
within its route budget: every city it does not hold on a map it may build on (its own, those
whose RoP it holds, the neutral map) needs some routes (more when empty routes are short and an
opponent's must be destroyed first); taking the cheapest first, then the most valuable, each
adds its points (1, its bonus or the hope of one, its gold) times a confidence that falls with
the routes needed, while the budget lasts. The budget is the routes the seat can still place:
its cards that fit an empty route toward such a city (1 gold each), the rest of its gold (8.5 a
route) and half a route for each turn the deck still holds. Another seat's map, open to the seat
by its Right of Passage, counts only with this turn's gold and cards, and only once that Right of
Passage is the seat's until its build (any seat may win it away in each turn's auctions), and the
Right of Passage counts its sale as gold (``passages``). A city held at home keeps the hope
of a bonus it was counted with while still to take. Add a
little for gold and cards as such, the Eyes / the Pirate Queen (by the empty routes of their
kind toward a city in reach), less a little while the seat's own RoP is not in its hands
(another player's, or on the table, where any player may win it) or is to be sold: held, it
counts its sale as another's does, where that brings more than the little. A seat whose last building
phase is over keeps its points (gold only breaks ties). The projected scores become
win chances by a softmax whose spread shrinks as the end nears; a seat that accepted a trade
this turn gives up ``MARGIN`` of its chance (``trading.py``: trading with a rival is a risk, so
a trade must gain more; a failed acceptance counts too, so a seat lacking the card declines),
and a seat gives up a little for each suggested proposal it made this turn and while it writes
one by hand (``OFFER_COST``, ``DRAFT_COST``).

The numbers these are made of are ``Weights``: ``HAND``, set by hand, or those fitted to
self-play (``tuned.py``).

``viewer``: when a seat judges others (trade reasons in the log), the others' hidden cards are
valued by their number only, so nothing hidden shapes what a seat says.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from .cards import COMMODITY_MASK, ROP, SHAH
from .maps import ADJ, COMMODITY_AT, ENDS, MAJORITY, ROUTE_GOODS, ROUTES, SEA, SLOTS, VALUE
from .terms import BID_PHASES, BUILD, COMPOSE, OVER

if TYPE_CHECKING:
    from .rules import AhldarahdState

#: points per gold beyond what it buys (routes: see the budget) in what a city is worth
W_GOLD = 0.1
#: the chance a hidden card of another player fits (when a seat judges others)
HIDDEN_FIT = 0.4
#: the bonus hoped for from a city that makes none yet: abroad, of a commodity the seat does not
#: hold at home; at home, of one it holds nowhere abroad. A home city whose commodity the seat
#: holds abroad makes its bonuses for sure: no hope on top (it made taking the city that pays
#: them look worse than keeping it to take later, and "End your build" a hint over +4 points)
W_BONUS_HOPE = 0.8


def home_bonus(abroad: int, hope: float = W_BONUS_HOPE) -> float:
    """The bonus a city on the seat's own map brings, held ``abroad`` times on other maps."""
    return 3.0 * abroad if abroad else hope


class Weights(NamedTuple):
    """The numbers a projection and its win chances are made of (``projected``, ``win_chances``)."""

    #: points per gold held beyond what it buys (routes: see the budget), per card beyond its route
    gold: float
    card: float
    #: gold a claim costs; gold a bought route costs on average; routes a later turn brings
    claim_gold: float
    route_gold: float
    future_routes: float
    #: how sure a city is, by the routes still needed (0: held) within the seat's route budget
    confidence: tuple[float, float, float, float, float]
    #: the Eyes of Shamesh / the Pirate Queen, per empty route of their kind next to a city in reach
    discount: float
    #: a seat whose own RoP another seat holds
    open_map: float
    #: the softmax spread at the end and its growth with the deck's fraction left
    spread_end: float
    spread_growth: float


#: the weights set by hand: the prior, the trade judgements and every level without ``tuned``
#: (``tuned.py``) use them
HAND = Weights(
    gold=0.1,
    card=0.1,
    claim_gold=1.0,
    route_gold=8.5,
    future_routes=0.5,
    confidence=(1.0, 0.85, 0.65, 0.45, 0.3),
    discount=0.04,
    open_map=0.25,
    spread_end=0.9,
    spread_growth=2.6,
)
#: the win chance a seat gives up for each trade it accepted this turn
MARGIN = 0.02
#: the proposer's win chance after a trade above which an AI seat never accepts it (``trading``)
HANDS_THE_GAME = 0.85


def worth_accepting(gain: float, proposer_after: float) -> bool:
    """Whether a trade that raises its recipient's win chance by ``gain`` and leaves its proposer
    ``proposer_after`` is one the recipient's judgement takes (``trading.judge``)."""
    return gain >= MARGIN and proposer_after < HANDS_THE_GAME


#: the win chance a seat gives up for each suggested proposal it made this turn, and while it
#: writes one by hand: a proposal must bring something, else "propose, be refused" is a free
#: second look for search. A draft sent is judged by what it moves: AI seats write only the trades
#: both sides gain from (``mutual``), unsearched, and a charge that outlived the sending graded such
#: a trade, hinted, a mistake in the review
OFFER_COST = 0.04
DRAFT_COST = 0.05


def time_left(state: AhldarahdState) -> float:
    """The deck's fraction left, 0 … 1 (how much of the game remains)."""
    return len(state.deck) / (7.0 * state.n)


def builds_left(state: AhldarahdState, seat: int) -> bool:
    """False once ``seat``'s last building phase is over (only the final turn's can be)."""
    if not state.final:
        return True
    phase = state.phase
    if phase == OVER:
        return False
    if phase < BUILD:
        return True  # the final turn's bidding
    return seat not in state.order[: state.pos]  # building, a trade or a Night within it


class Board:
    """What every seat's projection shares, computed once: routes per (map, slot, seat), empty
    routes per (map, slot), each seat's cities, points, home commodities and cities abroad."""

    __slots__ = ("cnt", "empty", "points", "home", "abroad", "hoping", "candidates")

    def __init__(self, state: AhldarahdState) -> None:
        n = state.n
        nm = state.nmaps
        cnt = [0] * (nm * SLOTS * n)
        empty = [0] * (nm * SLOTS)
        owner = state.owner
        i = 0
        for m in range(nm):
            sbase = m * SLOTS
            for r in range(ROUTES):
                q = owner[i]
                i += 1
                a, b = ENDS[r]
                if q < 0:
                    empty[sbase + a] += 1
                    empty[sbase + b] += 1
                else:
                    cnt[(sbase + a) * n + q] += 1
                    cnt[(sbase + b) * n + q] += 1
        self.cnt = cnt
        self.empty = empty
        home = [0] * n  # commodity masks held on one's own map
        abroad = [[0] * 10 for _ in range(n)]
        cities = []
        ctrl = state.ctrl
        j = 0
        for m in range(nm):
            row = COMMODITY_AT[m]
            for s in range(SLOTS):
                p = ctrl[j]
                j += 1
                if p >= 0:
                    c = row[s]
                    cities.append((p, m, c))
                    if m == p:
                        home[p] |= 1 << c
                    else:
                        abroad[p][c] += 1
        points = [0] * n
        for p, m, c in cities:
            points[p] += 4 if m != p and home[p] >> c & 1 else 1
        self.points = points
        #: per seat, the cities it holds at home of a commodity it holds nowhere abroad: each keeps
        #: the hope of a bonus a city still to take there is counted with, so taking one never
        #: looks worse than leaving it ("End your build" was hinted over a claim taking a city
        #: for a point and 5 gold)
        self.hoping = [
            sum(1 for p, m, c in cities if p == seat and m == seat and not abroad[seat][c]) for seat in range(n)
        ]
        self.home = home
        self.abroad = abroad
        self.candidates: dict[tuple, tuple] = {}  # seat_candidates' results, by (seat, *maps)


#: Boards by (players, routes' owners, cities' holders): a search meets the same map over and over
#: (every bid, every redeal of the hands), so each is built once. Cleared when full.
_BOARDS: dict[tuple, Board] = {}
_BOARDS_MAX = 4096


def board_of(state: AhldarahdState) -> Board:
    """The Board of ``state``, shared with every state that has the same map: read it, never
    change it."""
    key = (state.n, tuple(state.owner), tuple(state.ctrl))
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.clear()
        board = _BOARDS[key] = Board(state)
    return board


def city_points(board: Board, seat: int, m: int, c: int, slot: int) -> float:
    """What holding the ``c`` city (at ``slot``) on map ``m`` is worth to ``seat`` in points:
    1, the bonus it makes (or may make), and its gold."""
    pts = 1.0 + W_GOLD * VALUE[slot]
    if m == seat:
        return pts + home_bonus(board.abroad[seat][c])
    if board.home[seat] >> c & 1:
        return pts + 3.0
    return pts + W_BONUS_HOPE


#: points a city at each slot is worth before any bonus: 1 and its gold
_BASE = tuple(1.0 + W_GOLD * v for v in VALUE)
#: per colour and slot: (route, the commodities of its ends as a mask, sea?) for each route in
_LEADS = tuple(
    tuple(tuple((r, (1 << row[ENDS[r][0]]) | (1 << row[ENDS[r][1]]), SEA[r]) for r in ADJ[s]) for s in range(SLOTS))
    for row in COMMODITY_AT
)


def seat_candidates(state: AhldarahdState, board: Board, seat: int) -> tuple[tuple, int, int, int]:
    """(routes needed, -points) of every city ``seat`` may still take on the maps it may build on,
    cheapest first, then the most valuable; and the commodities (a mask), sea routes and land
    routes leading to those within two routes. Kept in ``board``: they depend on the map alone,
    and on whether this is the final turn (no bonus is hoped for then: no later turn brings one,
    and on the last build a city still to take outweighed a sure point)."""
    maps = state.maps_of(seat)
    key = (seat, state.final, *maps)
    found = board.candidates.get(key)
    if found is None:
        candidates: list[tuple[int, float]] = []
        fits = sea = land = 0
        for m in maps:
            map_fits, map_sea, map_land = map_candidates(state, board, seat, m, candidates)
            fits |= map_fits
            sea += map_sea
            land += map_land
        candidates.sort()
        found = board.candidates[key] = (tuple(candidates), fits, sea, land)
    return found


def map_candidates(state: AhldarahdState, board: Board, seat: int, m: int, out: list) -> tuple[int, int, int]:
    """Append (routes needed, -points) for every city ``seat`` may still take on map ``m`` to
    ``out`` (sorted as they are: the cheapest first, then the most valuable); return the
    commodities (a mask), sea routes and land routes leading to those within two routes."""
    n = state.n
    ctrl = state.ctrl
    owner = state.owner
    cnt, empty = board.cnt, board.empty
    row = COMMODITY_AT[m]
    leads = _LEADS[m]
    home = board.home[seat]
    abroad = board.abroad[seat]
    hope = 0.0 if state.final else W_BONUS_HOPE
    own = m == seat
    passage = m if not own and m < n else -1  # another seat's map, open by its Right of Passage alone
    sbase = m * SLOTS
    rbase = m * ROUTES
    fits = sea = land = 0
    for s in range(SLOTS):
        j = sbase + s
        if ctrl[j] == seat:
            continue
        need = MAJORITY[s] - cnt[j * n + seat]
        free = empty[j]
        if need > free:
            need += 2 * (need - free)
            if need > 4:
                continue
        c = row[s]
        if own:
            bonus = home_bonus(abroad[c], hope)
        elif home >> c & 1:
            bonus = 3.0
        else:
            bonus = hope
        out.append((need, -_BASE[s] - bonus, passage))
        if need <= 2:
            for r, mask, is_sea in leads[s]:
                if owner[rbase + r] < 0:
                    fits |= mask
                    if is_sea:
                        sea += 1
                    else:
                        land += 1
    return fits, sea, land


def projected(
    state: AhldarahdState, seat: int, board: Board | None = None, viewer: int | None = None, w: Weights = HAND
) -> float:
    """``seat``'s projected score (see the module doc)."""
    if board is None:
        board = board_of(state)
    pts = board.points[seat]
    gold = state.gold[seat]
    if not builds_left(state, seat):
        return pts + 0.001 * gold
    candidates, fits, sea, land = seat_candidates(state, board, seat)
    hand = state.hand[seat]
    hidden = 0
    if viewer is not None and viewer != seat:
        shown = hand & state.known[seat]
        hidden = (hand & ~shown).bit_count()
        hand = shown
    fitting = hidden * HIDDEN_FIT
    if hand:
        for k in range(10):
            if fits >> k & 1:
                fitting += (hand & COMMODITY_MASK[k]).bit_count()
    cards = hand.bit_count() + hidden
    # the routes the seat can still place: fitting cards (1 gold each), the rest of its gold,
    # and what later turns bring
    claim_gold = w.claim_gold
    claims = fitting if fitting * claim_gold <= gold else gold / claim_gold
    now = claims + (gold - claims * claim_gold) / w.route_gold
    sale, usable, own = passages(state, seat) if seat in state.rop else (0.0, 0, 0.0)
    opened = state.rop[seat] != seat  # on the table it is open too: anyone may win it, often for 0
    if own * w.gold > w.open_map:  # its own sold in its build, which opens its map (kept: not)
        sale += own
        opened = True
    budget = now + sale / w.route_gold + w.future_routes * future_turns(state, seat)
    confidence = w.confidence
    potential = 0.0
    if candidates and budget > 0:
        for need, value, passage in candidates:
            # a map open by another seat's Right of Passage, only with this turn's means
            if passage < 0:
                room = budget
            elif usable >> passage & 1:
                room = min(budget, now)
            else:
                continue
            if room <= 0:
                continue
            if need <= room:
                potential -= value * confidence[need]
                spent = need
            else:
                potential -= value * confidence[need] * room / need
                spent = room
            budget -= spent
            now = min(now - spent, budget) if passage >= 0 else min(now, budget)
            if budget <= 0:
                break
    items = w.card * cards
    if state.final:  # (a discount is a card's claim: the last build's cards are all it can meet)
        claimable = cards + (len(state.faceup) if state.phase < BUILD else 0)
        land, sea = min(land, claimable), min(sea, claimable)
    if state.eyes == seat:
        items += w.discount * land
    if state.pirate == seat:
        items += w.discount * sea
    if opened:
        items -= w.open_map
    hoped = 0.0 if state.final else W_BONUS_HOPE * board.hoping[seat]
    return pts + hoped + potential + items + w.gold * (gold + sale)


def passages(state: AhldarahdState, seat: int) -> tuple[float, int, float]:
    """The gold the other seats' Rights of Passage ``seat`` holds would bring it, sold (§4: a gold a
    city held on the map), the maps among theirs it may count on building on (a mask): those
    it keeps until its build this turn, where it may also sell them, and the gold its own would
    bring it sold. A Right of Passage still to be
    auctioned this turn, or held past the seat's build, may be won from it for a gold or none
    (§3.2: it is auctioned wherever it is, and its holder is paid nothing): its map is not counted,
    its sale at half. Counted for the turns ahead, a held map made a bid pay 3 gold for a Right of
    Passage the build then sold for 2, nothing built between. Its own uncounted, a person was told
    that 2 gold for their own Right of Passage, which the bank bought for 7 in their build, was
    worth accepting, and an AI seat holding it quoted 3 gold for it, then 4, and took neither."""
    rop = state.rop
    phase = state.phase
    bidding = phase < BUILD
    ahead = bidding or build_ahead(state, seat)
    sales = own = 0.0
    usable = 0
    for k in range(state.n):
        if rop[k] != seat:
            continue
        sale = rop_sale(state, k)
        kept = ahead and not (bidding and not state.auctioned >> (ROP + k) & 1)
        if k == seat:
            own = sale if kept else 0.5 * sale
        elif kept:
            usable |= 1 << k
            sales += sale
        else:
            sales += 0.5 * sale
    return sales, usable, own


def build_ahead(state: AhldarahdState, seat: int) -> bool:
    """Whether ``seat``'s build this turn is still to come (or is under way)."""
    phase = state.phase
    if phase == OVER:
        return False
    if phase < BUILD:
        return True
    return seat not in state.order[: state.pos]


def future_turns(state: AhldarahdState, seat: int) -> float:
    """The building phases ``seat`` may still expect after its current resources are spent: the
    turns the deck still holds (about one card per player per turn), and this turn's when its
    bidding is still ahead (it may bring a card or an item)."""
    turns = len(state.deck) / state.n
    if state.phase < BUILD:
        turns += 0.5
    return turns


def projected_all(state: AhldarahdState, viewer: int | None = None, w: Weights = HAND) -> list[float]:
    board = board_of(state)
    return [projected(state, s, board, viewer, w) for s in range(state.n)]


def win_chances(state: AhldarahdState, values: list[float], w: Weights = HAND) -> list[float]:
    spread = w.spread_end + w.spread_growth * time_left(state)
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def charged(state: AhldarahdState, seat: int) -> float:
    """What ``estimate`` charges ``seat`` for the suggested proposals it made this turn
    (``OFFER_COST``), a device that keeps searches from proposing for a free look: by the rules a
    declined proposal costs only one of the build's three, and a review charged one an
    inaccuracy (``GameAI.charged``: a review gives it back)."""
    return OFFER_COST * state.proposed[seat] if state.proposed else 0.0


def estimate(state: AhldarahdState, w: Weights = HAND) -> list[float]:
    if state.phase == OVER:
        return state.outcome()
    chances = win_chances(state, projected_all(state, None, w), w)
    accepted, proposed = state.accepted, state.proposed
    if accepted or proposed:
        for s in range(state.n):
            cost = (MARGIN * accepted[s] if accepted else 0.0) + (OFFER_COST * proposed[s] if proposed else 0.0)
            if cost:
                chances[s] = max(0.0, chances[s] - cost)
    if state.phase == COMPOSE and state.turn is not None:  # a draft: the seat to move's
        chances[state.turn] = max(0.0, chances[state.turn] - DRAFT_COST)  # a draft not sent is worth nothing
    return chances


# -- worth in gold ---------------------------------------------------------------------------------


def _with_item(state: AhldarahdState, item: int, seat: int) -> AhldarahdState:
    """A copy where ``seat`` holds ``item`` (a card: in hand, known; else its holder changes)."""
    world = state.clone()
    if item < ROP:
        world.hand[seat] |= 1 << item
        world.known[seat] |= 1 << item
    else:
        world.set_holder(item, seat)
    return world


def _without_item(state: AhldarahdState, item: int, seat: int) -> AhldarahdState:
    world = state.clone()
    if item < ROP:
        world.hand[seat] &= ~(1 << item)
        world.known[seat] &= ~(1 << item)
    elif item != SHAH:  # the Shah always has a holder
        world.set_holder(item, -1)
    return world


def item_worth(
    state: AhldarahdState, seat: int, item: int, board: Board | None = None, viewer: int | None = None
) -> float:
    """What ``item`` is worth to ``seat`` in gold: the most it could pay for it and be no worse
    off (``price``), and for a Right of Passage at least what the bank pays for it (``rop_sale``,
    §4: its holder may sell it in any build). Every word of a hint about an item's worth comes
    from here: before, a bid's words left out the sale and counted one's own open map twice, so
    one hint called a Right of Passage worth 3 gold that another sold for 1."""
    if item == SHAH:
        return 0.0
    if board is None:
        board = board_of(state)
    world, more = _worlds(state, seat, item)
    worth = price(world, more.clone(), seat, board, viewer)
    return max(worth, rop_sale(state, item - ROP)) if ROP <= item < SHAH else worth


def bid_worth(state: AhldarahdState, seat: int, item: int, board: Board | None = None) -> float:
    """What ``item`` is worth to ``seat`` as a bid for it weighs it: ``item_worth``, and for a
    route card at least what it is worth claimed in the build that follows the auctions
    (``claim_worth``). The projection counts a city a claim would complete only as a hope, so a
    card that completes one read "worth about 3 gold to you, less than the bid" beside a raise to
    4 the search called clearly best, and won: the claim took the city."""
    worth = item_worth(state, seat, item, board)
    if item < ROP and state.phase in BID_PHASES:
        worth = max(worth, claim_worth(state, seat, item, board))
    return worth


def claim_worth(state: AhldarahdState, seat: int, card: int, board: Board | None = None, capped: bool = True) -> float:
    """The most gold ``seat`` could pay for the route card ``card`` and be no worse off once it
    claims with it the best route it fits now (§4: the card and a gold), at most the gold that
    leaves for the claim (not ``capped``: whatever the gold held, where it is paid already); 0
    where it claims none for a gold (no marker left, no gold for a claim, no open route on a map
    it may build on)."""
    if state.markers[seat] <= 0:
        return 0.0
    if board is None:
        board = board_of(state)
    k = card % 10
    without = _without_item(state, card, seat) if state.hand[seat] >> card & 1 else state
    best = 0.0
    for m in state.maps_of(seat):
        for r, goods in enumerate(ROUTE_GOODS[m]):
            cost = 1 - state.discount(seat, r)
            # (a claim for no gold, by the Eyes or the Pirate Queen, a bid's words name as such)
            if k not in goods or state.owner[m * ROUTES + r] >= 0 or cost < 1 or state.gold[seat] < cost:
                continue
            world = _with_item(without, card, seat)
            world.gold[seat] -= cost
            world._discard(seat, k)
            world._place(seat, m, r, None)
            # (a win that leaves less than the claim's gold leaves no claim)
            worth = price(without, world, seat, board, None)
            best = max(best, min(worth, state.gold[seat] - cost) if capped else worth)
    return best


def use_worth(
    state: AhldarahdState, seat: int, item: int, board: Board | None = None, viewer: int | None = None
) -> float:
    """The search's guide to an item's worth (the bid prior's): its use (``item_use``), and for a
    Right of Passage at least its sale."""
    worth = item_use(state, seat, item, board, viewer)
    return max(worth, rop_sale(state, item - ROP)) if ROP <= item < SHAH else worth


def item_use(
    state: AhldarahdState, seat: int, item: int, board: Board | None = None, viewer: int | None = None
) -> float:
    """What ``item`` adds to ``seat``'s projected score, in gold at the rate the next 5 gold bring
    (holding it against not); the Shah is worth nothing either way ("a mixed blessing at best")."""
    if item == SHAH:
        return 0.0
    if board is None:
        board = board_of(state)
    world, more = _worlds(state, seat, item)
    gain = projected(more, seat, board, viewer) - projected(world, seat, board, viewer)
    return gain / gold_rate(state, seat, board, viewer)


def _worlds(state: AhldarahdState, seat: int, item: int) -> tuple[AhldarahdState, AhldarahdState]:
    """``state`` without ``item`` in ``seat``'s hands and with it (either may be ``state``)."""
    if item < ROP:  # a card: the hand changes, the board does not
        world = _without_item(state, item, seat) if state.hand[seat] >> item & 1 else state
        return world, _with_item(world, item, seat)
    if state.holder(item) == seat:
        return _without_item(state, item, seat), state
    return state, _with_item(state, item, seat)


def price(without: AhldarahdState, more: AhldarahdState, seat: int, board: Board, viewer: int | None) -> float:
    """The gold ``seat`` could pay out of ``more`` (a copy, its gold changed here) and be no worse
    off than in ``without``: a gold spent from the last few costs more than one of the next five
    brings (a claim needs one), so the rate of the next five alone called an item worth 9 gold to
    a seat that would lose by paying its 5. Beyond the seat's gold, at that rate; a loss, at it."""
    base = projected(without, seat, board, viewer)
    gold = more.gold[seat]

    def gain(paid: int) -> float:
        more.gold[seat] = gold - paid
        return projected(more, seat, board, viewer) - base

    first = gain(0)
    if first <= 0 or gain(gold) >= 0:
        paid = 0 if first <= 0 else gold
        beyond = gain(paid)
        more.gold[seat] = gold
        return paid + beyond / gold_rate(without, seat, board, viewer)
    low, high = 0, gold  # gain(low) >= 0 > gain(high)
    while high - low > 1:
        mid = (low + high) // 2
        if gain(mid) >= 0:
            low = mid
        else:
            high = mid
    at_low, at_high = gain(low), gain(high)
    more.gold[seat] = gold
    return low + at_low / (at_low - at_high)


def rop_sale(state: AhldarahdState, colour: int) -> int:
    """What the bank pays for the Right of Passage of ``colour``'s map: a gold for each city
    held there, by anyone (§4)."""
    base = colour * SLOTS
    return sum(1 for holder in state.ctrl[base : base + SLOTS] if holder >= 0)


def gold_rate(state: AhldarahdState, seat: int, board: Board | None = None, viewer: int | None = None) -> float:
    """What one more gold adds to ``seat``'s projected score now (over the next 5), at least
    ``W_GOLD``: the rate that turns points into gold."""
    richer = state.clone()
    richer.gold[seat] += 5
    return max(W_GOLD, (projected(richer, seat, board, viewer) - projected(state, seat, board, viewer)) / 5)


def commodity_worth(state: AhldarahdState, seat: int, commodity: int, board: Board | None = None) -> float:
    """What one more card of ``commodity`` is worth to ``seat``, in gold."""
    card = card_not_held(state, seat, commodity)
    return item_worth(state, seat, card, board) if card >= 0 else 0.0


def card_not_held(state: AhldarahdState, seat: int, commodity: int) -> int:
    """A card of ``commodity`` that ``seat`` does not hold (the first by colour; -1: it holds all)."""
    return next((card for card in range(commodity, 50, 10) if not state.hand[seat] >> card & 1), -1)
