"""Caravans of Ahldarahd: the engine, exactly as ``shared/rules/ahldarahd.md`` (the spec) states it.

Layout of a state (plain ints, lists and tuples; ``clone`` copies a few flat lists):

- maps by colour number (red 0 … purple 4; the neutral map is colour ``n``): ``owner[m * 21 + r]``
  is the seat whose marker is on route r of map m (-1: empty), ``ctrl[m * 10 + s]`` the seat that
  controls slot s (-1: nobody); ``markers[seat]`` route markers left in the supply;
- cards (``cards.py``): hands and their publicly known part as bit masks; ``deck`` top first;
  ``faceup`` oldest first; ``discards`` every card that left play, in order;
- items: ``rop[k]`` holder of colour k's Right of Passage, ``shah``, ``eyes``, ``pirate``
  (-1: on the table);
- chance: ``rng`` is a 64-bit splitmix64 state: the pile shuffles, the Shah's first holder and
  every chip drawn from the bank advance it, so a replay reproduces everything and a clone is
  one int.

Decisions (each a small tuple): setup ``("free", r)`` / ``("done",)``; bidding ``("open", item,
bid)``, ``("raise", amount)``, ``("pass",)``, ``("give_shah", seat)``; building ``("claim", map,
r, commodity)``, ``("buy", map, r)``, ``("destroy", map, r, half, half)`` (a half is "gold" or
the commodity of the card paid), ``("sell_rop", colour)``, ``("end",)``; trades (``offers.py``)
``("offer", seat, kind, value, kind, value)`` (one of a few suggested proposals),
``("trade_with", seat)`` then ``give_*`` / ``ask_*`` steps, ``("send",)`` or ``("cancel",)``,
answered by ``("accept",)`` / ``("decline",)``; the Night ``("avert",)``, ``("pledge", k)``,
``("stand_by",)``, ``("lose", map, r)``. Maps and colours are colour names, routes 1–21,
items their names in ``cards.ITEM_NAMES``.

Rulings (where the spec is silent or needs a software decision; each is tested):

- Ruling (forced passes): a bidder who cannot raise (Camel face down, or no more gold than the
  current bid) passes by itself; so does any decision with a single possible answer that everyone
  can see (a Night's bystander with no gold whose cards are all known to the table and none of
  the Night's commodity, a loss with one route to choose). A bystander with a hidden card is
  asked even when that card cannot avert: skipping them would tell the table what they hold.
- Ruling (declines): a decline is logged with a reason made of public facts only
  (``decline_reason``: what each side is worth to the decliner with its hidden cards valued by
  their number; a requested card it holds none of, only where the table can tell); a reason
  computed from the decliner's hidden hand would tell the table what it holds.
- Ruling (the last free route): the last player to claim free routes ends the setup with
  "done" even when no claim is left to make, so that their last claim can be taken back before
  turn 1's cards are turned up (saves made before this ruling load with that "done" put in).
- Ruling (setup gold): the starting 5 gold are counted out before the black chips go into the
  bank, so no Night comes before the free routes.
- Ruling (chip draws): a payment draws one chip per gold until it is paid or the bag holds no
  more gold; a black chip is set aside and drawn again for. A short bank pays what it has (§2).
- Ruling (the final turn): the turn whose refresh finds the deck empty, or empties it, is the
  final turn (a Night may empty the deck during a building phase: the next turn is then the
  last). A guard ends the game after ``max_turns`` turns (60; only tests change it), scored
  normally, in case no card is ever won with ``market_drift`` off.
- Ruling (city markers): control follows the majority (§10); the 10 city markers are never
  short (a player can control more than 10 cities). Route markers are short: a player with
  none left cannot claim or buy.
- Ruling (two cities at once): when a claim completes majorities at both ends, the first end in
  the route's name is taken (and paid) first.
- Ruling (items at auction): a player may open an auction for an item they hold (a Right of
  Passage, the Shah): winning it back keeps it; the Shah's winner always chooses its holder.
- Ruling (trades): only the player building proposes, to one other player, at most 3
  proposals per building phase; a proposal counts when it is started (a dropped draft too). A
  draft only grows, so it always ends; to change it, drop it. Besides the draft, the legal
  actions offer a few ready one-step proposals (``offers.suggested_offers``, the same for people
  and AI seats); any other trade is written with the draft, by people only (AI seats weigh
  the suggested ones, ``ai.considered``). A card put into a proposal is shown to everyone at
  once (the table knows it is in that hand); a card requested by commodity is the recipient's
  known card first, else their lowest. The draft is public. An accepted trade whose
  requested cards the recipient lacks fails and nothing moves. A trade that moves the Shah
  changes the order from the next phase on (the building order is fixed when building starts).
- Ruling (the Night): the players are asked once each, clockwise from the player who drew; the
  Night is averted the moment a card is discarded or the pledges reach 10 (the later players are
  not asked); a pledge is at most what is still missing. Losses are chosen clockwise from the
  drawer; a route is removed like a destroyed one (the owner may lose cities).
- Ruling (which card): a claim, a destruction or an averted Night discards the player's known
  card of that commodity first, else their lowest; the card is shown to everyone.
- Ruling (what is hidden): the deck's colour at each position is public (it was stacked colour
  pile by colour pile); a card that changes hands (an auction, a trade) is known to everyone
  from then on. So a player's hidden cards are always cards of their own colour from the first
  deal, and ``determinize`` redeals each colour's unseen cards between that player's hidden
  slots and that colour's deck positions. What a failed request or a Night left unaverted hints
  about a hand is not used.
- Ruling (a Night in the setup): a free route that takes a city draws chips like any payment;
  a Night it brings is played out before the next free route.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeAlias

from caravan_tui.engine import MASK64, Action, Event, SplitMixChance, TurnState, plain_view
from caravan_tui.engine import seat_field as who

from .cards import (
    CARD_INDEX,
    CARD_NAMES,
    COMMODITY_MASK,
    EYES,
    ITEM_INDEX,
    ITEM_NAMES,
    PIRATE,
    ROP,
    SHAH,
    cards_of,
    mask_of,
    pick_card,
)
from .describe import describe as describe_action
from .evaluation import estimate as estimated
from .maps import (
    ADJ,
    COLOUR_INDEX,
    COLOURS,
    COMMODITIES,
    COMMODITY_AT,
    COMMODITY_INDEX,
    COST,
    ENDS,
    MAJORITY,
    ROUTE_GOODS,
    ROUTES,
    SEA,
    SLOT_OF,
    SLOTS,
    VALUE,
    route_words,
)
from .night import apply_night, lose_route, loss_routes, next_loss, next_night, night_actions
from .offers import apply_trade_step, compose_actions, suggested_offers
from .terms import (
    ACCEPT,
    ANSWER,
    BANK,
    BID_OPEN,
    BID_RAISE,
    BLACK_CHIPS,
    BUILD,
    COMPOSE,
    DECLINE,
    DONE,
    END,
    FREE_ROUTES,
    HAND,
    MARKERS,
    MAX_PROPOSALS,
    MAX_TURNS,
    NIGHT_AVERT,
    NIGHT_LOSS,
    OVER,
    PASS,
    PHASES,
    SETUP,
    SHAH_GIVE,
    START_GOLD,
    TRADE_PHASES,
    city_count,
    city_in_words,
    gold_words,
    item_words,
    map_words,
    plural,
    poss,
)
from .views import AhldarahdPublic, AhldarahdView

#: a declined proposal, as the table saw it: (partner, gold given, gold asked, what was given in
#: words, what was asked in words)
Refusal: TypeAlias = tuple[int, int, int, tuple[str, ...], tuple[str, ...]]
#: a declined proposal kept for the whole match: (proposer, *Refusal), so that no AI seat makes
#: again an offer a partner once turned down (``mutual.mutual_offer``)
Declined: TypeAlias = tuple[int, int, int, int, tuple[str, ...], tuple[str, ...]]


def setup_problem(players: int, options: Mapping[str, Any]) -> str | None:
    """The options that depend on the player count (the game's ``setup_check``): the neutral
    map takes an unused colour, so it is for 2–4 players."""
    if options.get("neutral_map", False) and players > 4:
        return f"the neutral map needs an unused colour: it is for 2–4 players, not {players}"
    return None


def destroy_payments(cost: int, d: int, a: int, b: int, na: int, nb: int, gold: int) -> list[tuple[str, str]]:
    """The ways to pay for destroying a route of ``cost`` between commodities a and b, holding na
    and nb cards of them and ``gold``, with discount d: two halves, each its gold cost or a
    matching card + 1 gold, the discount on each (§4). Sorted, gold first."""
    gold_half = cost - d if cost > d else 0
    card_half = 1 - d
    ga, gb = COMMODITIES[a], COMMODITIES[b]
    if a > b:
        na, nb, ga, gb = nb, na, gb, ga
    options = [("gold", "gold", 2 * gold_half)]
    if na:
        options.append(("gold", ga, gold_half + card_half))
    if nb:
        options.append(("gold", gb, gold_half + card_half))
    if na and nb:
        options.append((ga, gb, 2 * card_half))
    if na >= 2:
        options.append((ga, ga, 2 * card_half))
    if nb >= 2:
        options.append((gb, gb, 2 * card_half))
    return [(x, y) for x, y, price in options if price <= gold]


def _destroy_actions(colour: str, r: int, a: int, b: int) -> dict[tuple[str, str], Action]:
    halves = (COMMODITIES[a], COMMODITIES[b], "gold")
    return {(x, y): ("destroy", colour, r + 1, x, y) for x in halves for y in halves}


#: per map, per route: (route, its ends' commodities, sea?, cost, and its actions built once:
#: the two claims, the purchase, the destructions by their halves)
_ROUTE_ACTIONS = tuple(
    tuple(
        (
            r,
            a,
            b,
            SEA[r],
            COST[r],
            ("claim", colour, r + 1, COMMODITIES[a]),
            ("claim", colour, r + 1, COMMODITIES[b]),
            ("buy", colour, r + 1),
            _destroy_actions(colour, r, a, b),
        )
        for r, (a, b) in enumerate(ROUTE_GOODS[m])
    )
    for m, colour in enumerate(COLOURS)
)


class AhldarahdState(SplitMixChance, TurnState):
    """One position of Caravans of Ahldarahd (see the module doc for the layout)."""

    __slots__ = (
        "n",
        "nmaps",
        "neutral",
        "night",
        "drift",
        "max_turns",
        "rng",
        "phase",
        "turn_no",
        "final",
        "ended",
        "gold",
        "bank",
        "black",
        "camel",
        "hand",
        "known",
        "deck",
        "faceup",
        "discards",
        "owner",
        "ctrl",
        "markers",
        "rop",
        "shah",
        "eyes",
        "pirate",
        "order",
        "pos",
        "free_left",
        "auctioned",
        "card_won",
        "item",
        "high",
        "leader",
        "out",
        "cur",
        "proposals",
        "partner",
        "g_gold",
        "g_cards",
        "g_items",
        "a_gold",
        "a_cards",
        "a_items",
        "nights",
        "drawer",
        "n_comm",
        "n_pos",
        "pledges",
        "losses",
        "back",
        "accepted",
        "proposed",
        "drafted",
        "refused",
        "declined",
    )
    COPIED = ("gold", "camel", "hand", "known", "deck", "faceup", "discards", "owner", "ctrl", "markers", "rop")
    n: int
    nmaps: int
    neutral: bool
    night: bool
    drift: bool
    max_turns: int
    phase: int
    turn_no: int
    final: bool
    ended: str | None
    gold: list[int]
    bank: int
    black: int
    camel: list[bool]
    hand: list[int]
    known: list[int]
    deck: list[int]
    faceup: list[int]
    discards: list[int]
    owner: list[int]
    ctrl: list[int]
    markers: list[int]
    rop: list[int]
    shah: int
    eyes: int
    pirate: int
    order: tuple[int, ...]
    pos: int
    free_left: int
    auctioned: int
    card_won: bool
    item: int
    high: int
    leader: int
    out: int
    cur: int
    proposals: int
    partner: int
    g_gold: int
    g_cards: tuple[int, ...]
    g_items: tuple[int, ...]
    a_gold: int
    a_cards: tuple[int, ...]
    a_items: tuple[int, ...]
    nights: int
    drawer: int
    n_comm: int
    n_pos: int
    pledges: tuple[tuple[int, int], ...]
    losses: tuple[int, ...]
    back: int
    accepted: tuple[int, ...]
    proposed: tuple[int, ...]
    drafted: tuple[int, ...]
    refused: tuple[Refusal, ...]
    declined: tuple[Declined, ...]

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict) -> AhldarahdState:
        if players not in range(2, 6):
            raise ValueError(f"Caravans of Ahldarahd is for 2–5 players, not {players}")
        problem = setup_problem(players, options)
        if problem is not None:
            raise ValueError(problem)
        neutral = bool(options.get("neutral_map", False))
        max_turns = options.get("max_turns", MAX_TURNS)
        if type(max_turns) is not int or max_turns < 1:
            raise ValueError(f"max_turns must be a whole number of at least 1, not {max_turns!r}")
        state = cls.__new__(cls)
        state._blank(
            players,
            neutral,
            bool(options.get("night_of_the_outsider", False)),
            bool(options.get("market_drift", True)),
            max_turns,
        )
        state.rng = seed & MASK64
        deck = []
        for colour in range(players):  # §2.1, §2.3: each pile shuffled, 3 to its player, 7 stacked
            pile = list(range(colour * 10, colour * 10 + 10))
            state._shuffle(pile)
            state.hand[colour] = mask_of(pile[:HAND])
            deck.extend(pile[HAND:])
        state.deck = deck
        state.shah = state._below(players)  # §2.4: "the oldest player"
        state.black = BLACK_CHIPS if state.night else 0  # after the starting gold (Ruling)
        state.order = tuple((state.shah + k) % players for k in range(players))
        state.pos = 0
        state._begin_setup_seat(None)
        return state

    def _blank(self, n: int, neutral: bool, night: bool, drift: bool, max_turns: int) -> None:
        self.n = n
        self.nmaps = n + 1 if neutral else n
        self.neutral = neutral
        self.night = night
        self.drift = drift
        self.max_turns = max_turns
        self.rng = 0
        self.phase = SETUP
        self.turn_no = 0
        self.final = False
        self.ended = None
        self.gold = [START_GOLD] * n
        self.bank = BANK - START_GOLD * n
        self.black = 0
        self.camel = [True] * n
        self.hand = [0] * n
        self.known = [0] * n
        self.deck = []
        self.faceup = []
        self.discards = []
        self.owner = [-1] * (ROUTES * self.nmaps)
        self.ctrl = [-1] * (SLOTS * self.nmaps)
        self.markers = [MARKERS] * n
        self.rop = [(k - 1) % n for k in range(n)]  # §2.2: the RoP of the player to one's left
        self.shah = 0
        self.eyes = -1
        self.pirate = -1
        self.order = tuple(range(n))
        self.pos = 0
        self.free_left = 0
        self.auctioned = 0
        self.card_won = True
        self.item = -1
        self.high = 0
        self.leader = -1
        self.out = 0
        self.cur = -1
        self.proposals = 0
        self._clear_draft()
        self.nights = 0
        self.drawer = -1
        self.n_comm = -1
        self.n_pos = 0
        self.pledges = ()
        self.losses = ()
        self.back = -1
        self.accepted = ()
        self.proposed = ()
        self.drafted = ()
        self.refused = ()
        self.declined = ()
        self.turn = None
        self._legal = None

    def _clear_draft(self) -> None:
        self.partner = -1
        self.g_gold = 0
        self.g_cards = ()
        self.g_items = ()
        self.a_gold = 0
        self.a_cards = ()
        self.a_items = ()

    # -- small queries ----------------------------------------------------------------------------

    def maps_of(self, seat: int) -> list[int]:
        """The maps ``seat`` may build on (§4): their own, those whose RoP they hold, the neutral."""
        maps = [seat]
        rop = self.rop
        for k in range(self.n):
            if rop[k] == seat and k != seat:
                maps.append(k)
        if self.neutral:
            maps.append(self.n)
        return maps

    def routes_into(self, m: int, slot: int, seat: int) -> int:
        """How many of ``seat``'s routes enter ``slot`` on map ``m``."""
        owner = self.owner
        base = m * ROUTES
        k = 0
        for r in ADJ[slot]:
            if owner[base + r] == seat:
                k += 1
        return k

    def discount(self, seat: int, r: int) -> int:
        """1 with the Pirate Queen on a sea route or the Eyes of Shamesh on a land route (§4)."""
        return 1 if (self.pirate == seat if SEA[r] else self.eyes == seat) else 0

    def holder(self, item: int) -> int:
        if item < ROP:
            return -1
        if item < SHAH:
            return self.rop[item - ROP]
        if item == SHAH:
            return self.shah
        return self.eyes if item == EYES else self.pirate

    def set_holder(self, item: int, seat: int) -> None:
        """``seat`` (-1: no one) holds ``item`` now, an item rather than a card."""
        if item < SHAH:
            self.rop[item - ROP] = seat
        elif item == SHAH:
            self.shah = seat
        elif item == EYES:
            self.eyes = seat
        else:
            self.pirate = seat

    def items_of(self, seat: int) -> list[int]:
        """The items ``seat`` holds (RoPs, the Shah, the Eyes, the Pirate Queen), in item order."""
        out = [ROP + k for k in range(self.n) if self.rop[k] == seat]
        if self.shah == seat:
            out.append(SHAH)
        if self.eyes == seat:
            out.append(EYES)
        if self.pirate == seat:
            out.append(PIRATE)
        return out

    def hidden_count(self, seat: int) -> int:
        return (self.hand[seat] & ~self.known[seat]).bit_count()

    def deck_colour(self, index: int) -> int:
        """The colour of the deck's card at ``index`` (0: top), public by the way it was stacked."""
        return (7 * self.n - len(self.deck) + index) // 7

    # -- the flow -------------------------------------------------------------------------------

    def _begin_setup_seat(self, events: list[Event] | None) -> None:
        """The free routes (§2.5) of the seat at ``pos`` in the order from the Shah; then turn 1."""
        while self.pos < self.n:
            seat = self.order[self.pos]
            if self.markers[seat]:
                self.phase = SETUP
                self.turn = seat
                self.free_left = FREE_ROUTES
                return
            self.pos += 1
        self.free_left = 0
        self._start_turn(events)

    def _start_turn(self, events: list[Event] | None) -> None:
        """The refresh (§3.1) and the bidding phase's start."""
        n = self.n
        if self.turn_no >= self.max_turns:
            if events is not None:
                events.append(Event(f"Turn {self.turn_no} was the last one allowed (the turn limit): the game ends."))
            self._finish("turn_limit", events)
            return
        self.turn_no += 1
        self.camel = [True] * n
        drifted = -1
        if self.drift and not self.card_won and self.faceup:
            drifted = self.faceup.pop(0)
            self.discards.append(drifted)
        revealed = []
        deck = self.deck
        if not deck:
            self.final = True
        while len(self.faceup) < n and deck:
            card = deck.pop(0)
            self.faceup.append(card)
            revealed.append(card)
            if not deck:
                self.final = True
        if events is not None:
            text = f"Turn {self.turn_no}: all Camels face up."
            if drifted >= 0:
                text += f" No route card was won last turn: {CARD_NAMES[drifted]} is discarded (market drift)."
            if revealed:
                # what the rules decide (§3.1: the oldest face-up card goes) is no chance: a line of
                # its own, so that the deck's draw is all a review shows as luck ("Seen: … blue
                # Metals is discarded (market drift). Turned up: green Pearls" read as bad luck)
                events.append(Event(text))
                text = f"Turned up: {', '.join(CARD_NAMES[c] for c in revealed)}."
            text += f" Face up: {', '.join(CARD_NAMES[c] for c in self.faceup) or 'nothing'}."
            if self.final:
                text += " The deck is empty: this is the final turn."
            else:
                text += f" {plural(len(deck), 'card')} left in the deck."
            events.append(Event(text, reveals=bool(revealed)))
        self.order = tuple((self.shah + k) % n for k in range(n))
        self.pos = 0
        self.accepted = ()
        self.proposed = ()
        self.drafted = ()
        self.auctioned = 0
        self.card_won = False
        self._next_auction(events)

    def _open_items(self) -> list[int]:
        """Items not yet auctioned this turn (§3.2): face-up cards, RoPs, the Shah, Eyes, Pirate."""
        done = self.auctioned
        items = [c for c in self.faceup if not done >> c & 1]
        items.extend(ROP + k for k in range(self.n) if not done >> (ROP + k) & 1)
        items.extend(i for i in (SHAH, EYES, PIRATE) if not done >> i & 1)
        return items

    def _next_auction(self, events: list[Event] | None) -> None:
        if self.pos < self.n and self._open_items():
            self.phase = BID_OPEN
            self.turn = self.order[self.pos]
            self.item = -1
            return
        self._start_build(events)

    def _next_bidder(self, events: list[Event] | None) -> None:
        """Clockwise from the last bidder: the next player still in who can raise; a player who
        cannot passes by themselves (Ruling); when only the leader is left, the award."""
        n = self.n
        q = self.cur
        for _ in range(n):
            q = (q + 1) % n
            if q == self.leader or self.out >> q & 1:
                continue
            if self.can_raise(q):
                self.phase = BID_RAISE
                self.turn = q
                self.cur = q
                return
            self.out |= 1 << q
            if events is not None:  # said, so that an award after one raise does not look unanswered
                why = "Camel face down" if not self.camel[q] else f"only {gold_words(self.gold[q])}"
                events.append(Event(f"{who(q)} cannot raise ({why}) and {who(q, 'is')} out of this auction."))
        self._award(events)

    def can_raise(self, seat: int) -> bool:
        """Whether ``seat`` could raise the current bid: Camel face up and more gold than the bid
        (a bidder who cannot passes by themselves when asked: Ruling)."""
        return self.camel[seat] and self.gold[seat] > self.high

    def _award(self, events: list[Event] | None) -> None:
        winner, item, price = self.leader, self.item, self.high
        if price > 0:
            self.gold[winner] -= price
            self.bank += price
            self.camel[winner] = False
        self.auctioned |= 1 << item
        self.item = -1
        if events is not None:
            if item >= ROP and self.holder(item) == winner:  # (held already: "AI 2 wins the Pirate Queen")
                text = f"{who(winner)} keep{who(winner, 's')} {item_words(item, winner)}"
            else:  # (its own Right of Passage won back: "Ann wins back her own", not "Ann wins Ann's")
                what = f"back {item_words(item, winner)}" if item - ROP == winner else item_words(item)
                text = f"{who(winner)} win{who(winner, 's')} {what}"
            text += f" for {gold_words(price)}"
            # a free win leaves the Camel as it was: up, or already face down from an earlier win
            text += (
                " (Camel face down)."
                if price
                else " (Camel still up)."
                if self.camel[winner]
                else " (Camel already face down)."
            )
            events.append(Event(text))
        if item < ROP:
            self.faceup.remove(item)
            self.hand[winner] |= 1 << item
            self.known[winner] |= 1 << item
            self.card_won = True
        else:
            self.set_holder(item, winner)
            if item == SHAH:  # its winner gives it at once
                self.phase = SHAH_GIVE
                self.turn = winner
                return
        self.pos += 1
        self._next_auction(events)

    def _start_build(self, events: list[Event] | None) -> None:
        """The building phase (§3.3): clockwise from the Shah's holder now."""
        n = self.n
        self.order = tuple((self.shah + k) % n for k in range(n))
        self.pos = 0
        self.item = -1
        if events is not None:
            events.append(Event(f"Building, from {who(self.shah)} (the Shah)."))
        self._next_builder(events)

    def _next_builder(self, events: list[Event] | None) -> None:
        if self.pos >= self.n:
            if self.final:
                self._finish("deck", events)
            else:
                self._start_turn(events)
            return
        self.phase = BUILD
        self.turn = self.order[self.pos]
        self.proposals = MAX_PROPOSALS
        self.refused = ()
        self._clear_draft()

    def _continue(self, seat: int, events: list[Event] | None) -> None:
        """After ``seat``'s setup or building action: Nights first (§7), then the phase goes on."""
        if self.nights:
            self.back = self.phase
            next_night(self, events)
            return
        if self.phase == SETUP and (self.free_left <= 0 or not self.markers[seat]) and not self._sets_up_last():
            self.pos += 1
            self._begin_setup_seat(events)

    def _sets_up_last(self) -> bool:
        """The seat at ``pos`` is the last to claim free routes: turn 1's cards come up after
        it, so it ends the setup itself ("done"), and its last claim can be taken back first."""
        markers = self.markers
        return not any(markers[s] for s in self.order[self.pos + 1 :])

    def _finish(self, why: str, events: list[Event] | None) -> None:
        self.ended = why
        self.phase = OVER
        self._end_turns()
        if events is not None:
            scores = self.points()
            outcome = self.outcome()
            winners = [s for s in range(self.n) if outcome[s] > 0]
            table = "; ".join(f"{who(s)} {scores[s]} ({self.gold[s]} gold)" for s in range(self.n))
            names = " and ".join(who(s) for s in winners)
            verb = "share the victory" if len(winners) > 1 else f"win{who(winners[0], 's')}"
            events.append(Event(f"The game is over. Scores: {table}. {names} {verb}."))

    # -- gold -----------------------------------------------------------------------------------

    def _to_bank(self, seat: int, amount: int) -> None:
        self.gold[seat] -= amount
        self.bank += amount

    def _from_bank(self, seat: int, amount: int) -> int:
        """Gold from the bank to ``seat``: what the bank has (§2 Ruling); with the Night option
        chips are drawn one by one and each black one brings a Night after the payment (§7)."""
        if not self.black:
            paid = amount if amount <= self.bank else self.bank
            self.bank -= paid
            self.gold[seat] += paid
            return paid
        paid = 0
        while paid < amount and self.bank:
            if self._below(self.bank + self.black) < self.black:
                self.black -= 1
                self.nights += 1
                self.drawer = seat
            else:
                self.bank -= 1
                paid += 1
        self.gold[seat] += paid
        return paid

    # -- routes and cities ------------------------------------------------------------------------

    def _discard(self, seat: int, commodity: int) -> tuple[int, bool]:
        """The card of ``commodity`` spent from ``seat``'s hand (``pick_card``: one the table
        knows first, won at an auction or passed in a trade), and whether it came from the hidden
        part of the hand: only then does its play show the others something new (a claim with a
        card won at an auction was reviewed as luck, "the deal went your way: cards another hand
        was dealt, now shown")."""
        card = pick_card(self.hand[seat], self.known[seat], commodity)
        bit = 1 << card
        hidden = not self.known[seat] & bit
        self.hand[seat] &= ~bit
        self.known[seat] &= ~bit
        self.discards.append(card)
        return card, hidden

    def _place(self, seat: int, m: int, r: int, events: list[Event] | None) -> None:
        """A marker on route r of map m; then control of its ends (§4), first end first."""
        self.owner[m * ROUTES + r] = seat
        self.markers[seat] -= 1
        ctrl = self.ctrl
        for slot in ENDS[r]:
            if ctrl[m * SLOTS + slot] != seat and self.routes_into(m, slot, seat) >= MAJORITY[slot]:
                self._take_city(seat, m, slot, events)

    def _take_city(self, seat: int, m: int, slot: int, events: list[Event] | None) -> None:
        """Control (§4): the marker, the city's value in gold, every other route into it removed,
        and the cities their owners lose by that."""
        self.ctrl[m * SLOTS + slot] = seat
        paid = self._from_bank(seat, VALUE[slot])
        if events is not None:
            text = (
                f"{who(seat)} take{who(seat, 's')} {city_in_words(m, slot, self.n, seat)} and "
                f"{gold_words(paid)} from the bank"
            )
            if paid < VALUE[slot]:
                text += f" (the bank had no more; the city is worth {VALUE[slot]})"
            events.append(Event(text + "."))
        owner = self.owner
        base = m * ROUTES
        for r in ADJ[slot]:
            q = owner[base + r]
            if q >= 0 and q != seat:
                self._remove(
                    m, r, events, None if events is None else f"{poss(q)} route {route_words(m, r)} is removed"
                )

    def _remove(
        self, m: int, r: int, events: list[Event] | None, text: str | None, reveals: bool | tuple[int, ...] = False
    ) -> None:
        """Take route r's marker back to its owner; the owner loses any end city it no longer
        holds a majority of."""
        i = m * ROUTES + r
        q = self.owner[i]
        self.owner[i] = -1
        self.markers[q] += 1
        lost = []
        for slot in ENDS[r]:
            j = m * SLOTS + slot
            if self.ctrl[j] == q and self.routes_into(m, slot, q) < MAJORITY[slot]:
                self.ctrl[j] = -1
                lost.append(slot)
        if events is not None and text is not None:  # text is given whenever events are
            if lost:
                text += f"; {who(q)} lose{who(q, 's')} " + " and ".join(city_in_words(m, s, self.n, q) for s in lost)
            events.append(Event(text + ".", reveals=reveals))

    # -- the contract ---------------------------------------------------------------------------

    def opening_events(self) -> list[Event]:
        """The setup (§2): options, each player's deal (to that player), the Shah's holder."""
        extras = [
            name
            for flag, name in (
                (self.night, "Night of the Outsider"),
                (self.neutral, "the neutral map"),
                (not self.drift, "no market drift"),
            )
            if flag
        ]
        events = [
            Event(
                f"Caravans of Ahldarahd for {self.n} players"
                + (f" with {', '.join(extras)}" if extras else "")
                + ". Colours: "
                + ", ".join(f"{who(s)} {COLOURS[s]}" for s in range(self.n))
                + f". Each player holds 3 route cards of their colour, 5 gold and the Right of Passage of the "
                f"player to their left; {len(self.deck)} cards are stacked in the deck. "
                f"{who(self.shah)} {who(self.shah, 'has')} the favour of the Shah.",
                reveals=True,
            )
        ]
        for s in range(self.n):
            events.append(
                Event(
                    f"{who(s)} draw{who(s, 's')} " + ", ".join(CARD_NAMES[c] for c in cards_of(self.hand[s])) + ".",
                    seats=(s,),
                    reveals=(s,),
                )
            )
        events.append(
            Event("Free routes: each player in turn from the Shah may claim up to 2 routes on their own map.")
        )
        return events

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        seat: int = self.turn  # type: ignore[assignment]  # computed only while a seat is to move
        if phase == BUILD:
            return self._build_actions(seat)
        if phase == BID_RAISE:
            high, gold = self.high, self.gold[seat]
            out: list[Action] = [PASS]
            out.extend(("raise", bid) for bid in range(high + 1, gold + 1))
            return out
        if phase == BID_OPEN:
            top = self.gold[seat] if self.camel[seat] else 0
            return [("open", ITEM_NAMES[item], bid) for item in self._open_items() for bid in range(top + 1)]
        if phase == SETUP:
            owner = self.owner
            base = seat * ROUTES
            if self.free_left <= 0 or not self.markers[seat]:  # the last claim made: turn 1 waits for "done"
                return [DONE]
            out = [("free", r + 1) for r in range(ROUTES) if owner[base + r] < 0]
            out.append(DONE)
            return out
        if phase == SHAH_GIVE:
            return [("give_shah", s) for s in range(self.n)]
        if phase == COMPOSE:
            return compose_actions(self, seat)
        if phase == ANSWER:
            return [ACCEPT, DECLINE]
        if phase == NIGHT_AVERT:
            return night_actions(self, seat)
        if phase == NIGHT_LOSS:
            return [("lose", COLOURS[m], r + 1) for m, r in loss_routes(self, seat, self.n_comm)]
        return []

    def _build_actions(self, seat: int) -> list[Action]:
        """Every building action (§4) for ``seat``, then trades, then END."""
        out: list[Action] = []
        gold = self.gold[seat]
        hand = self.hand[seat]
        owner = self.owner
        has_marker = self.markers[seat] > 0
        sea_off = 1 if self.pirate == seat else 0
        land_off = 1 if self.eyes == seat else 0
        counts = None  # cards in hand per commodity, once a destruction needs them
        for m in self.maps_of(seat):
            base = m * ROUTES
            for r, a, b, sea, cost, claim_a, claim_b, buy, destroy in _ROUTE_ACTIONS[m]:
                q = owner[base + r]
                if q == seat:
                    continue
                d = sea_off if sea else land_off
                if q < 0:
                    if not has_marker:
                        continue
                    if gold >= 1 - d:
                        if hand & COMMODITY_MASK[a]:
                            out.append(claim_a)
                        if hand & COMMODITY_MASK[b]:
                            out.append(claim_b)
                    if gold >= cost - d:
                        out.append(buy)
                else:
                    if counts is None:
                        counts = [(hand & mask).bit_count() for mask in COMMODITY_MASK]
                    out.extend(
                        destroy[halves] for halves in destroy_payments(cost, d, a, b, counts[a], counts[b], gold)
                    )
        for k in range(self.n):
            if self.rop[k] == seat:
                out.append(("sell_rop", COLOURS[k]))
        if self.proposals > 0:
            out.extend(suggested_offers(self, seat))
            out.extend(("trade_with", q) for q in range(self.n) if q != seat)
        out.append(END)
        return out

    def destroy_price(self, seat: int, r: int, halves: tuple[str, str]) -> int:
        d = self.discount(seat, r)
        return sum((COST[r] - d if COST[r] > d else 0) if h == "gold" else 1 - d for h in halves)

    def apply(self, action: Action, log: bool = True) -> list[Event]:
        seat = self._mover(action)
        events: list[Event] | None = [] if log else None
        kind = action[0]
        phase = self.phase
        if phase == BUILD:
            self._apply_build(seat, action, events)
        elif phase == BID_RAISE:
            if kind == "pass":
                self.out |= 1 << seat
                if events is not None:
                    events.append(Event(f"{who(seat)} pass{who(seat, 'es')}."))
            else:
                self.high = action[1]
                self.leader = seat
                if events is not None:
                    events.append(Event(f"{who(seat)} raise{who(seat, 's')} to {gold_words(action[1])}."))
            self._next_bidder(events)
        elif phase == BID_OPEN:
            item = ITEM_INDEX[action[1]]
            self.item = item
            self.high = action[2]
            self.leader = seat
            self.cur = seat
            self.out = 0
            if events is not None:
                what = item_words(item, seat)
                text = f"{who(seat)} open{who(seat, 's')} an auction for {what} at {gold_words(action[2])}"
                holder = self.holder(item)
                if holder == seat and not action[2]:
                    # the rules, not a fault: an item comes up once a turn (§3.2), so its holder
                    # keeps it this way unless someone raises (an AI does it every turn)
                    text += (
                        f" (which {who(seat)} hold{who(seat, 's')}: an item comes up once a turn, so "
                        f"{who(seat)} keep{who(seat, 's')} it unless someone raises)"
                    )
                elif holder == seat:
                    text += f" (which {who(seat)} hold{who(seat, 's')})"
                elif holder >= 0:
                    text += f" (held by {who(holder)})"
                events.append(Event(text + "."))
            self._next_bidder(events)
        elif phase == SETUP:
            if kind == "free":
                r = action[1] - 1
                self.free_left -= 1
                if events is not None:
                    events.append(
                        Event(
                            f"{who(seat)} claim{who(seat, 's')} {route_words(seat, r)} "
                            f"on {who(seat, 'their')} own map for free."
                        )
                    )
                self._place(seat, seat, r, events)
                self._continue(seat, events)
            else:
                if events is not None:  # (both claimed, it read as if none more had been wanted)
                    if self.free_left <= 0 or not self.markers[seat]:
                        said = f"{who(seat, 'is')} done with free routes: turn 1 begins"
                    else:
                        said = f"claim{who(seat, 's')} no more free routes"
                    events.append(Event(f"{who(seat)} {said}."))
                self.free_left = 0
                self.pos += 1
                self._begin_setup_seat(events)
        elif phase == SHAH_GIVE:
            target = action[1]
            self.shah = target
            if events is not None:
                text = (
                    f"{who(seat)} keep{who(seat, 's')} the Shah"
                    if target == seat
                    else f"{who(seat)} give{who(seat, 's')} the Shah to {who(target)}"
                )
                events.append(Event(text + "."))
            self.pos += 1
            self._next_auction(events)
        elif phase in TRADE_PHASES:
            apply_trade_step(self, seat, action, events)
        elif phase == NIGHT_AVERT:
            apply_night(self, seat, action, events)
        elif phase == NIGHT_LOSS:
            m, r = COLOUR_INDEX[action[1]], action[2] - 1
            self.losses = self.losses[1:]
            lose_route(self, seat, m, r, events)
            next_loss(self, events)
        return events if events is not None else []

    def _step_words(self) -> str:
        return f"{PHASES[self.phase]} step of seat {self.turn}"

    def _apply_build(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kind = action[0]
        if kind == "end":
            if events is not None:
                events.append(Event(f"{who(seat)} {who(seat, 'is')} done building."))
            self.pos += 1
            self._next_builder(events)
            return
        if kind == "claim":
            m, r, k = COLOUR_INDEX[action[1]], action[2] - 1, COMMODITY_INDEX[action[3]]
            price = 1 - self.discount(seat, r)
            self._to_bank(seat, price)
            card, hidden = self._discard(seat, k)
            if events is not None:
                events.append(
                    Event(
                        f"{who(seat)} claim{who(seat, 's')} {route_words(m, r)} on {map_words(m, self.n, seat)} "
                        f"with {CARD_NAMES[card]}" + (f" and {gold_words(price)}." if price else "."),
                        reveals=self._others(seat) if hidden else False,
                    )
                )
            self._place(seat, m, r, events)
        elif kind == "buy":
            m, r = COLOUR_INDEX[action[1]], action[2] - 1
            price = COST[r] - self.discount(seat, r)
            self._to_bank(seat, price)
            if events is not None:
                events.append(
                    Event(
                        f"{who(seat)} buy{who(seat, 's')} {route_words(m, r)} on {map_words(m, self.n, seat)} "
                        f"for {gold_words(price)}."
                    )
                )
            self._place(seat, m, r, events)
        elif kind == "destroy":
            m, r = COLOUR_INDEX[action[1]], action[2] - 1
            halves = action[3:5]
            self._to_bank(seat, self.destroy_price(seat, r, halves))
            cards, hidden = [], False
            for half in halves:
                if half != "gold":
                    card, from_hiding = self._discard(seat, COMMODITY_INDEX[half])
                    cards.append(card)
                    hidden = hidden or from_hiding
            victim = self.owner[m * ROUTES + r]
            text = None
            if events is not None:
                paid = self.destroy_price(seat, r, halves)
                # the map by its owner's name ("on their own map" read as the destroyer's, and "on its
                # owner's map" right after "… on your map" made a person stop to work out whose)
                where = map_words(m, self.n)
                text = (
                    f"{who(seat)} destroy{who(seat, 's')} {poss(victim)} route {route_words(m, r)} on {where}, "
                    f"paying {gold_words(paid)}" + (f" and {', '.join(CARD_NAMES[c] for c in cards)}" if cards else "")
                )
            self._remove(m, r, events, text, self._others(seat) if hidden else False)
        elif kind == "sell_rop":
            k = COLOUR_INDEX[action[1]]
            worth = sum(1 for s in range(SLOTS) if self.ctrl[k * SLOTS + s] >= 0)
            self.rop[k] = -1
            paid = self._from_bank(seat, worth)
            if events is not None:
                events.append(
                    Event(
                        f"{who(seat)} sell{who(seat, 's')} {item_words(ROP + k, seat)} to the bank "
                        f"for {gold_words(paid)} ({city_count(worth)} on that map); it goes to "
                        "the table."
                    )
                )
        elif kind == "offer" or kind == "trade_with":
            apply_trade_step(self, seat, action, events)
            return
        self._continue(seat, events)

    def _others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s != seat)

    # -- results --------------------------------------------------------------------------------

    def points(self) -> list[int]:
        """§6: 1 per controlled city on any map, +3 for one on another map (or the neutral map)
        whose commodity the player also controls on their own map."""
        n = self.n
        ctrl = self.ctrl
        pts = [0] * n
        for m in range(self.nmaps):
            row = COMMODITY_AT[m]
            base = m * SLOTS
            for s in range(SLOTS):
                p = ctrl[base + s]
                if p >= 0:
                    pts[p] += 1
                    if m != p and ctrl[p * SLOTS + SLOT_OF[p][row[s]]] == p:
                        pts[p] += 3
        return pts

    def scores(self) -> list[float]:
        return [float(p) for p in self.points()]

    def ranks(self) -> list[tuple[float, ...]]:
        """Points, then gold (§6)."""
        pts = self.points()
        return [(pts[s], self.gold[s]) for s in range(self.n)]

    def outcome(self) -> list[float]:
        """Win 1, loss 0; ties on points go to the most gold, then the win is shared (§6)."""
        keys = self.ranks()
        best = max(keys)
        winners = keys.count(best)
        return [1.0 / winners if key == best else 0.0 for key in keys]

    def estimate(self) -> list[float]:
        if self.turn is None:
            return self.outcome()
        return estimated(self)

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe_action(self, action)

    # -- information ----------------------------------------------------------------------------

    def _public(self) -> AhldarahdPublic:
        """Everything public, in to_data's field names."""
        n, nmaps = self.n, self.nmaps
        public: AhldarahdPublic = {
            "players": n,
            "neutral_map": self.neutral,
            "night_of_the_outsider": self.night,
            "market_drift": self.drift,
            "max_turns": self.max_turns,
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "turn_number": self.turn_no,
            "final": self.final,
            "ended": self.ended,
            "gold": list(self.gold),
            "bank": self.bank,
            "black_chips": self.black,
            "camels": list(self.camel),
            "known": [[CARD_NAMES[c] for c in cards_of(k)] for k in self.known],
            "faceup": [CARD_NAMES[c] for c in self.faceup],
            "discards": [CARD_NAMES[c] for c in self.discards],
            "routes": [self.owner[m * ROUTES : (m + 1) * ROUTES] for m in range(nmaps)],
            "cities": [self.ctrl[m * SLOTS : (m + 1) * SLOTS] for m in range(nmaps)],
            "markers": list(self.markers),
            "rop": list(self.rop),
            "shah": self.shah,
            "eyes": self.eyes,
            "pirate": self.pirate,
            "order": list(self.order),
            "position": self.pos,
            "free_left": self.free_left,
            "auctioned": [ITEM_NAMES[i] for i in range(len(ITEM_NAMES)) if self.auctioned >> i & 1],
            "card_won": self.card_won,
            "auction": None
            if self.item < 0
            else {
                "item": ITEM_NAMES[self.item],
                "bid": self.high,
                "leader": self.leader,
                "out": [s for s in range(n) if self.out >> s & 1],
                "last": self.cur,
            },
            "proposals_left": self.proposals,
            "draft": None
            if self.partner < 0
            else {
                "partner": self.partner,
                "give_gold": self.g_gold,
                "give_cards": [CARD_NAMES[c] for c in self.g_cards],
                "give_items": [ITEM_NAMES[i] for i in self.g_items],
                "ask_gold": self.a_gold,
                "ask_cards": [COMMODITIES[k] for k in self.a_cards],
                "ask_items": [ITEM_NAMES[i] for i in self.a_items],
            },
            "night": {
                "pending": self.nights,
                "drawer": self.drawer,
                "commodity": None if self.n_comm < 0 else COMMODITIES[self.n_comm],
                "asked": self.n_pos,
                "pledges": [list(p) for p in self.pledges],
                "losses": list(self.losses),
                "back": None if self.back < 0 else PHASES[self.back],
            },
            "accepted": list(self.accepted),
            "proposed": list(self.proposed),
            "drafted": list(self.drafted),
        }
        if self.refused:  # only then, so a save written before the field existed still matches
            public["refused"] = [
                [p, give_gold, ask_gold, list(give), list(ask)] for p, give_gold, ask_gold, give, ask in self.refused
            ]
        if self.declined:  # the same
            public["declined"] = [
                [q, p, give_gold, ask_gold, list(give), list(ask)]
                for q, p, give_gold, ask_gold, give, ask in self.declined
            ]
        return public

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: everything public, each hand's size and known cards, the deck's
        size (its colours by position follow from it), the seat's own hand; never a hidden card."""
        view: AhldarahdView = {
            "game": "ahldarahd",
            "seat": seat,
            "to_move": self.turn,
            "over": self.turn is None,
            "scores": self.scores(),
            **self._public(),
            "hand_sizes": [h.bit_count() for h in self.hand],
            "deck_size": len(self.deck),
        }
        if seat is not None:
            view["hand"] = [CARD_NAMES[c] for c in cards_of(self.hand[seat])]
        return plain_view(view)

    def determinize(self, seat: int, rng: random.Random) -> AhldarahdState:
        """Redeal what ``seat`` cannot see, keeping hand sizes and the deck's colour by position:
        another player's hidden cards are cards of their own colour from their first deal, so
        each colour's unseen cards (those hidden cards and that colour's deck cards) are shuffled
        between that player's hidden slots and the colour's deck positions; the seat's own
        colour's deck cards are only reordered. The state's RNG is reseeded from ``rng``."""
        world = self.clone()
        deck = world.deck
        for colour in range(self.n):
            places = [i for i, c in enumerate(deck) if c // 10 == colour]
            if colour == seat:
                pool = sorted(deck[i] for i in places)
                hidden = 0
            else:
                hidden_mask = self.hand[colour] & ~self.known[colour]
                pool = sorted([deck[i] for i in places] + cards_of(hidden_mask))
                hidden = hidden_mask.bit_count()
            rng.shuffle(pool)  # from id order: the result depends on the view and rng only
            if colour != seat:
                world.hand[colour] = self.known[colour] | mask_of(pool[:hidden])
            for i, card in zip(places, pool[hidden:]):
                deck[i] = card
        world.reseed(rng)
        world._redealt_for(seat)
        return world

    @classmethod
    def from_view(cls, view: dict, seat: int) -> AhldarahdState:
        """A world consistent with ``view``: each colour's unseen cards in id order, the hidden
        slots of that colour's player first, then the deck positions of that colour; RNG 0."""
        n = view["players"]
        seen = set(view["faceup"]) | set(view["discards"]) | set(view["hand"])
        for known in view["known"]:
            seen.update(known)
        pools = [[CARD_NAMES[c] for c in range(k * 10, k * 10 + 10) if CARD_NAMES[c] not in seen] for k in range(n)]
        hands = []
        for other in range(n):
            if other == seat:
                hands.append(list(view["hand"]))
            else:
                hidden = view["hand_sizes"][other] - len(view["known"][other])
                hands.append(list(view["known"][other]) + pools[other][:hidden])
                pools[other] = pools[other][hidden:]
        size = view["deck_size"]
        deck = [pools[(7 * n - size + i) // 7].pop(0) for i in range(size)]
        data = {key: view[key] for key in cls.DATA_KEYS}
        data.update(rng=0, hands=hands, deck=deck, refused=view.get("refused", ()), declined=view.get("declined", ()))
        return cls.from_data(data)

    # -- persistence ----------------------------------------------------------------------------

    DATA_KEYS = (
        "players",
        "neutral_map",
        "night_of_the_outsider",
        "market_drift",
        "max_turns",
        "phase",
        "turn",
        "turn_number",
        "final",
        "ended",
        "gold",
        "bank",
        "black_chips",
        "camels",
        "known",
        "faceup",
        "discards",
        "routes",
        "cities",
        "markers",
        "rop",
        "shah",
        "eyes",
        "pirate",
        "order",
        "position",
        "free_left",
        "auctioned",
        "card_won",
        "auction",
        "proposals_left",
        "draft",
        "night",
        "accepted",
        "proposed",
        "drafted",
    )

    def to_data(self) -> dict:
        return {
            **self._public(),
            "rng": self.rng_data(),
            "hands": [[CARD_NAMES[c] for c in cards_of(h)] for h in self.hand],
            "deck": [CARD_NAMES[c] for c in self.deck],
        }

    @classmethod
    def from_data(cls, data: dict) -> AhldarahdState:
        n = data["players"]
        state = cls.__new__(cls)
        state._blank(n, data["neutral_map"], data["night_of_the_outsider"], data["market_drift"], data["max_turns"])
        state.rng_from_data(data["rng"])
        state.phase = PHASES.index(data["phase"])
        state.turn = data["turn"]
        state.turn_no = data["turn_number"]
        state.final = data["final"]
        state.ended = data["ended"]
        state.gold = list(data["gold"])
        state.bank = data["bank"]
        state.black = data["black_chips"]
        state.camel = list(data["camels"])
        state.hand = [mask_of(CARD_INDEX[c] for c in h) for h in data["hands"]]
        state.known = [mask_of(CARD_INDEX[c] for c in k) for k in data["known"]]
        state.deck = [CARD_INDEX[c] for c in data["deck"]]
        state.faceup = [CARD_INDEX[c] for c in data["faceup"]]
        state.discards = [CARD_INDEX[c] for c in data["discards"]]
        state.owner = [x for row in data["routes"] for x in row]
        state.ctrl = [x for row in data["cities"] for x in row]
        state.markers = list(data["markers"])
        state.rop = list(data["rop"])
        state.shah = data["shah"]
        state.eyes = data["eyes"]
        state.pirate = data["pirate"]
        state.order = tuple(data["order"])
        state.pos = data["position"]
        state.free_left = data["free_left"]
        state.auctioned = sum(1 << ITEM_INDEX[i] for i in data["auctioned"])
        state.card_won = data["card_won"]
        auction = data["auction"]
        if auction:
            state.item = ITEM_INDEX[auction["item"]]
            state.high = auction["bid"]
            state.leader = auction["leader"]
            state.out = sum(1 << s for s in auction["out"])
            state.cur = auction["last"]
        state.proposals = data["proposals_left"]
        draft = data["draft"]
        if draft:
            state.partner = draft["partner"]
            state.g_gold = draft["give_gold"]
            state.g_cards = tuple(CARD_INDEX[c] for c in draft["give_cards"])
            state.g_items = tuple(ITEM_INDEX[i] for i in draft["give_items"])
            state.a_gold = draft["ask_gold"]
            state.a_cards = tuple(COMMODITY_INDEX[k] for k in draft["ask_cards"])
            state.a_items = tuple(ITEM_INDEX[i] for i in draft["ask_items"])
        night = data["night"]
        state.nights = night["pending"]
        state.drawer = night["drawer"]
        state.n_comm = -1 if night["commodity"] is None else COMMODITY_INDEX[night["commodity"]]
        state.n_pos = night["asked"]
        state.pledges = tuple((s, k) for s, k in night["pledges"])
        state.losses = tuple(night["losses"])
        state.back = -1 if night["back"] is None else PHASES.index(night["back"])
        state.accepted = tuple(data["accepted"])
        state.proposed = tuple(data["proposed"])
        state.drafted = tuple(data["drafted"])
        state.refused = tuple(
            (p, give_gold, ask_gold, tuple(give), tuple(ask))
            for p, give_gold, ask_gold, give, ask in data.get("refused", ())
        )  # older saves: none
        state.declined = tuple(
            (q, p, give_gold, ask_gold, tuple(give), tuple(ask))
            for q, p, give_gold, ask_gold, give, ask in data.get("declined", ())
        )
        state._legal = [] if state.turn is None else None
        return state
