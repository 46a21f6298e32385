"""What a Caravans of Ahldarahd view holds, as types: ``rules.view`` builds an ``AhldarahdView``
and the table's screen, panels and dialogs read one, so mypy checks every look-up against what
the engine sends (the contract test checks the keys at run time).

The public part (``AhldarahdPublic``) is also the saved data's, under the same names
(``to_data`` adds the hidden cards and the RNG). Players, maps and seats are indices: a seat
``-1`` is "nobody" (an unclaimed route, a city nobody controls, an item in the bank). The engine
builds lists all through, and the bus carries them as lists.

No ``from __future__ import annotations`` here: Python 3.11's TypedDict reads ``NotRequired``
only from evaluated annotations.
"""

from typing import Literal, NotRequired, TypedDict

from caravan_tui.engine import ViewHeader

Phase = Literal[
    "setup", "bid_open", "bid_raise", "shah_give", "build", "compose", "answer", "night_avert", "night_loss", "over"
]


class AuctionView(TypedDict):
    """The auction under way (phase ``bid_raise``)."""

    item: str  # an item's name: a card's ("red Salt"), "RoP blue", "Shah", "Eyes", "Pirate"
    bid: int  # the highest bid so far
    leader: int  # the seat that made it
    out: list[int]  # the seats that passed
    last: int  # the seat that spoke last


class DraftView(TypedDict):
    """The trade proposal being written or answered (phases ``compose`` and ``answer``)."""

    partner: int
    give_gold: int
    give_cards: list[str]  # cards by name: "red Salt"
    give_items: list[str]  # items by name: "RoP blue", "Shah"
    ask_gold: int
    ask_cards: list[str]  # cards by commodity: "Salt"
    ask_items: list[str]


class NightView(TypedDict):
    """The Night of the Outsider: queued, and the one being played out."""

    pending: int  # Nights still to come
    drawer: int  # the seat that drew the black chip (-1: none yet)
    commodity: str | None  # the Night's commodity (None: no Night now)
    asked: int  # how far round the circle of averting it is
    pledges: list[list[int]]  # [seat, gold] in the order pledged
    losses: list[int]  # the seats still to lose a route, in order
    back: Phase | None  # the phase the Night interrupted


class AhldarahdPublic(TypedDict):
    """Everything public, in ``to_data``'s field names."""

    players: int
    neutral_map: bool
    night_of_the_outsider: bool
    market_drift: bool
    max_turns: int
    phase: Phase
    turn: int | None
    turn_number: int
    final: bool
    ended: str | None  # why the game ended (None: not over)
    gold: list[int]  # by seat
    bank: int
    black_chips: int
    camels: list[bool]  # by seat: the Camel's face up
    known: list[list[str]]  # by seat: the cards in their hand everyone knows of
    faceup: list[str]  # the market's cards by name: "red Salt"
    discards: list[str]
    routes: list[list[int]]  # by map, by route (0–20): the owner's seat or -1
    cities: list[list[int]]  # by map, by slot (A–J): the controller's seat or -1
    markers: list[int]  # by seat: route markers left
    rop: list[int]  # by colour: who holds that Right of Passage
    shah: int
    eyes: int
    pirate: int
    order: list[int]  # the seats in this turn's order
    position: int  # index into ``order`` of the seat whose part of the turn it is
    free_left: int
    auctioned: list[str]  # the items auctioned this turn
    card_won: bool
    auction: AuctionView | None
    proposals_left: int
    draft: DraftView | None
    night: NightView
    accepted: list[int]  # by seat: trades accepted (empty before the first)
    proposed: list[int]  # by seat: trades proposed
    drafted: list[int]  # by seat: proposals written step by step
    #: declined offers this build, [partner, give_gold, ask_gold, give, ask] with ``give`` and
    #: ``ask`` sorted "card Salt" / "item Shah" strings; present only once there is one
    refused: NotRequired[list[list[int | list[str]]]]
    #: declined offers this match, [proposer, partner, give_gold, ask_gold, give, ask]; present
    #: only once there is one
    declined: NotRequired[list[list[int | list[str]]]]


class AhldarahdView(ViewHeader, AhldarahdPublic):
    """What one seat (or a spectator, ``seat`` None) may know."""

    game: Literal["ahldarahd"]
    hand_sizes: list[int]  # by seat
    deck_size: int
    hand: NotRequired[list[str]]  # the seat's own cards by name (not a spectator's)
