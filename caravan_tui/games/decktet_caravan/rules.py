"""Decktet Caravan (P.D. Magnus): the engine, exactly as rules.md states it."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, TypeAlias

from caravan_tui.engine import Action, Event, TurnState, outcome_from_scores, plain_view
from caravan_tui.engine import seat_field as who
from caravan_tui.words import change

from .cards import (
    CROWNS,
    IDS,
    INDEX,
    NAMES,
    NUMBER_MASK,
    NUMBERS,
    RANKS,
    SHARES_SUIT,
    SUIT_NAMES,
    SUITS,
    WILD_MASK,
    WILDS,
    card_code,
    cards_of,
    mask_of,
    suit_index,
)
from .combos import CARAVAN, MOVES, PASS, HandCombos, Move, combos, move_of, readings
from .views import DecktetCaravanView, HistoryRow

HAND_CARDS_WILD = 4
HAND_CARDS_NUMBER = 11
BANDIT_NAMES = {1: "single Ace", 2: "single Crown", 3: "Ace and Crown", 4: "Ace and Crown of one suit"}
#: a scored hand: (hand, out player, bonus, pile points, hand totals, up card ids, pile points per up card)
HandRow: TypeAlias = tuple[
    int, int | None, int, tuple[int, ...], tuple[int, ...], tuple[str, ...], tuple[tuple[int, ...], ...]
]


def card_list(cards: Iterable[int]) -> str:
    return ", ".join(NAMES[card] for card in cards)


@cache  # apply() describes every play for the log, search included; actions are global
def describe_action(action: Action) -> str:
    """Plain words, the cards as the board writes them, then their names: "Caravan 3☾M≈V A☾M→4
    5☾M♣L: the Journey, the Ace of Moons (as 4), the Forest" (the names alone could not be
    found among the board's symbols)."""
    if action == PASS:
        return "Pass"
    parts = readings(action)
    if action[0] == "bandit":
        codes = " ".join(card_code(c) for c, _ in parts)
        return f"Bandit ({BANDIT_NAMES[move_of(action)[4]]}) {codes}: " + " and ".join(NAMES[c] for c, _ in parts)
    wild = [(1 << c) & WILD_MASK for c, _ in parts]
    codes = " ".join(card_code(c) + (f"→{r}" if w else "") for (c, r), w in zip(parts, wild, strict=True))
    names = [NAMES[c] + (f" (as {r})" if w else "") for (c, r), w in zip(parts, wild, strict=True)]
    return f"Caravan {codes}: " + ", ".join(names)


def card_points(card: int, up: tuple[int, ...]) -> int:
    """What one collected card scores under the two up cards (rules §5.3)."""
    points = 0
    for up_card in up:
        if SUITS[up_card] & SUITS[card]:
            points += 1 if up_card in CROWNS else -1
    return points


def pile_points(mask: int, up: tuple[int, ...]) -> int:
    """What a pile of collected cards scores: ``card_points`` summed, counted by suit masks."""
    total = 0
    for up_card in up:
        shared = (mask & SHARES_SUIT[up_card]).bit_count()
        total += shared if up_card in CROWNS else -shared
    return total


def turn_up(second: int, pool: list[int], same_suit: Callable[[int], bool]) -> tuple[int, list[int], list[int]]:
    """The second up card (rules §2.1): if it shares the first's suit, set it aside face up and
    turn the first unseen set-aside card instead. Returns the up card, the cards set aside face
    up (none or that one) and those still unseen. Only an Ace and the Crown of one suit share a
    suit, so one replacement always fits."""
    if same_suit(second):
        return pool[0], [second], list(pool[1:])
    return second, [], list(pool)


def history_data(history: list[HandRow]) -> list[HistoryRow]:
    """Hand results as plain lists: [hand, out player, bonus, pile points, hand totals, up cards,
    pile points per up card (per seat)]."""
    return [
        [h, out, bonus, list(piles), list(totals), list(up), [list(p) for p in by_up]]
        for h, out, bonus, piles, totals, up, by_up in history
    ]


def history_rows(data: list[list[Any]]) -> list[HandRow]:
    return [
        (h, out, bonus, tuple(piles), tuple(totals), tuple(up), tuple(tuple(p) for p in by_up))
        for h, out, bonus, piles, totals, up, by_up in data
    ]


#: cards of hand-size lead that make going out first about e times likelier. Between normal
#: seats a lead hardly tells who goes out first (a hand sheds a whole caravan at once): at 2.0
#: the estimate rated a seat 75% to win on an 8-card lead at the first play, and seats rated
#: 0.7–0.8 won far less often (tools/decktet_calibration.py, docs/ai.md)
RACE_SPREAD = 8.0
#: the cards the other player is left holding when a player goes out first, at an even race,
#: and more per card of lead (between normal seats about 2, and a quarter of a card per card)
LEFT_EVEN = 2.0
LEFT_PER_LEAD = 0.25


def race_margin(size0: int, size1: int, out_player: int | None) -> float:
    """Seat 0's expected going-out bonus less seat 1's (rules §5: 5 + the cards the other player
    is left holding). Once a player is out the bonus is nearly settled (the other may still shed
    a card or more with the last play); before, the smaller hand is a little likelier to go out
    first, and the bonus it can expect grows with its lead."""
    if out_player is not None:
        bonus = 5 + max(0, (size1 if out_player == 0 else size0) - 1)
        return bonus if out_player == 0 else -bonus
    lead = size1 - size0
    p0 = 1.0 / (1.0 + math.exp(-lead / RACE_SPREAD))
    return p0 * _first_bonus(size1, lead) - (1.0 - p0) * _first_bonus(size0, -lead)


def _first_bonus(other: int, lead: int) -> float:
    """A player's going-out bonus if it goes out first, ``lead`` cards fewer in hand than the
    ``other`` cards the other holds: never more than going out at once brings (as once out,
    above). It was: holding a lone Ace against 6 cards was worth +10.6, going out with it +10,
    and a hint put "Pass" before going out for +11."""
    return 5 + max(0.0, min(other - 1, LEFT_EVEN + LEFT_PER_LEAD * max(0, lead)))


class DecktetCaravanState(TurnState):
    """One position. Cards are ints (see cards.py); hands and piles are bit masks. ``aside`` holds
    the set-aside cards nobody has seen; ``aside_up`` a second up card that was replaced because
    it shared the first's suit (set aside face up: public, rules §2.1)."""

    __slots__ = (
        "hands_total",
        "chance",
        "hand_no",
        "hands",
        "aside",
        "aside_up",
        "up",
        "season",
        "top",
        "top_seat",
        "collected",
        "discard",
        "first_leader",
        "out_player",
        "cum",
        "history",
        "_combos",
    )
    COPIED = ("hands", "season", "collected", "cum", "_combos")  # history: replaced, never mutated
    hands_total: int
    chance: int  # the match seed: each hand's deal is seeded from it and the hand number
    hand_no: int
    hands: list[int]
    aside: int
    aside_up: tuple[int, ...]
    up: tuple[int, ...]  # the two up cards
    season: list[tuple[int, Move]]  # (seat, move) per play
    top: Move | None
    top_seat: int
    collected: list[int]
    discard: int
    first_leader: int
    out_player: int | None
    cum: list[int]
    history: list[HandRow]
    _combos: list[HandCombos | None]

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict) -> DecktetCaravanState:
        if players != 2:
            raise ValueError("Decktet Caravan is for exactly 2 players")
        state = cls()
        state.hands_total = options["hands"]
        state.chance = seed
        state.hand_no = 0
        state.cum = [0, 0]
        state.history = []
        state.first_leader = -1
        state._deal(None)
        return state

    def _deal(self, events: list[Event] | None) -> None:
        """Deal the next hand (rules §2); its chance is a function of the seed and hand number."""
        self.hand_no += 1
        rng = random.Random(self.chance * 64 + self.hand_no)
        wilds = list(WILDS)
        rng.shuffle(wilds)
        up_first = wilds[8]
        second, face_up, unseen = turn_up(wilds[9], wilds[10:12], lambda card: SUITS[card] == SUITS[up_first])
        numbers = list(NUMBERS)
        rng.shuffle(numbers)
        self.hands = [mask_of(wilds[0:4] + numbers[0:11]), mask_of(wilds[4:8] + numbers[11:22])]
        self.aside = mask_of(unseen + numbers[22:24])
        self.aside_up = tuple(face_up)
        self.up = (up_first, second)
        self.season = []
        self.top = None
        self.top_seat = -1
        self.collected = [0, 0]
        self.discard = 0
        self.out_player = None
        self._legal = None
        self._combos = [None, None]
        if self.hand_no == 1:
            leader = rng.randrange(2)
        else:
            low = self.cum[0] - self.cum[1]
            leader = 0 if low < 0 else 1 if low > 0 else 1 - self.first_leader
        self.first_leader = leader
        self.turn = leader
        if events is not None:
            events.extend(self._deal_events())

    def opening_events(self) -> list[Event]:
        """The first deal and leader, for a host to log before the first action."""
        return self._deal_events()

    def _deal_events(self) -> list[Event]:
        first, second = self.up
        text = (
            f"Hand {self.hand_no} of {self.hands_total}: up cards {self._up_word(first)} and {self._up_word(second)}."
        )
        for card in self.aside_up:
            turned = NAMES[card]
            text += (
                f" {turned[0].upper()}{turned[1:]} was turned up second but shares the suit of "
                f"{NAMES[first]}: it is set aside face up."
            )
        leader = self.first_leader  # the seat to move: a hand was just dealt
        events = [Event(f"{text} {who(leader)} lead{who(leader, 's')}.", reveals=True)]
        for s in (0, 1):
            cards = sorted(cards_of(self.hands[s]), key=lambda c: (RANKS[c], c))
            events.append(Event(f"{who(s)} {who(s, 'is')} dealt {card_list(cards)}.", seats=(s,), reveals=True))
        return events

    @staticmethod
    def _up_word(card: int) -> str:
        sign = "+1" if card in CROWNS else "−1"
        return f"{NAMES[card]} {card_code(card)} ({sign} per {SUIT_NAMES[suit_index(card)]} card)"

    # -- the contract ---------------------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        mover: int = self.turn  # type: ignore[assignment]  # computed only while a seat is to move
        hand = self.hands[mover]
        known = self._combos[mover]
        if known is None or known.hand != hand:
            known = self._combos[mover] = combos(hand, known)
        if self.top is None:
            return known.lead()
        legal = known.beating(self.top)
        legal.append(PASS)
        return legal

    def apply(self, action: Action, log: bool = True) -> list[Event]:
        """Play or pass. A play shows cards from a hidden hand: its event reveals them to the
        opponent (whose undo may not cross it). ``log=False`` builds no text and returns []."""
        player = self._mover(action)
        events: list[Event] | None = [] if log else None
        if action == PASS:
            if events is not None:
                events.append(Event(f"{who(player)} pass{who(player, 'es')}."))
            self._end_season(events)
            return events if events is not None else []
        move = MOVES[action]
        self.hands[player] &= ~move[2]
        self.season.append((player, move))
        self.top = move
        self.top_seat = player
        other = 1 - player
        if events is not None:
            events.append(Event(f"{who(player)} play{who(player, 's')} {describe_action(action)}.", reveals=(other,)))
        if self.out_player is not None:
            self._end_season(events)
        elif not self.hands[player]:
            self.out_player = player
            self.turn = other
            if events is not None:
                events.append(Event(f"{who(player)} go{who(player, 'es')} out; {who(other)} may make one last play."))
        else:
            self.turn = other
        return events if events is not None else []

    def _why_illegal(self, action: Action) -> str:
        """Why ``action`` was refused, addressed to the player who tried it."""
        if self.turn is None:
            return "the match is over"
        if not isinstance(action, tuple) or not action:
            return f"{action!r} is not an action"
        if action == PASS:
            return "the leader must play a caravan; passing is not allowed"
        if action[0] not in ("caravan", "bandit") or any(
            not isinstance(t, str) or t.partition("@")[0] not in INDEX for t in action[1:]
        ):
            return f"{action!r} is not a Decktet Caravan action"
        cards = [INDEX[token.partition("@")[0]] for token in action[1:]]
        missing = [NAMES[c] for c in cards if not self.hands[self.turn] >> c & 1]
        if missing:
            return f"you do not hold {', '.join(missing)}"
        if self.top is None and action[0] == "bandit":
            return "a bandit may not open a season"
        if action not in MOVES or self.top is None:  # a lead may play any caravan it holds
            return f"{action!r} is not a valid caravan or bandit"
        return f"{describe_action(action)} does not beat {describe_action(self.top[0])}"

    def _end_season(self, events: list[Event] | None) -> None:
        """Collect the season (rules §4.2), then pick the next leader or end the hand (§4.3, §5).
        ``events`` None: log nothing."""
        top: Move = self.top  # type: ignore[assignment]  # a season ends after at least one play
        last = self.top_seat
        collector = last if top[1] == CARAVAN else 1 - last
        pile = 0
        for _, move in self.season:
            pile |= move[2]
        self.collected[collector] |= pile
        if events is not None:
            events.append(Event(f"{who(collector)} collect{who(collector, 's')} {card_list(cards_of(pile))}."))
        self.season = []
        self.top = None
        if self.out_player is not None:
            self._end_hand(events)
            return
        leader = last
        if not self.hands[leader] & NUMBER_MASK:
            leader = 1 - leader
            if not self.hands[leader] & NUMBER_MASK:
                if events is not None:
                    events.append(Event("Neither player can lead a caravan: the hand ends."))
                self._end_hand(events)
                return
            if events is not None:
                other = 1 - leader
                events.append(
                    Event(
                        f"{who(other)} hold{who(other, 's')} only Aces and Crowns; "
                        f"{who(leader)} lead{who(leader, 's')}."
                    )
                )
        self.turn = leader

    def _end_hand(self, events: list[Event] | None) -> None:
        """Score the hand (rules §5) and deal the next one or end the match."""
        totals = [pile_points(self.collected[0], self.up), pile_points(self.collected[1], self.up)]
        piles = totals[:]
        bonus = 0
        out = self.out_player
        if out is not None:
            loser = 1 - out
            left = self.hands[loser]
            bonus = 5 + left.bit_count()
            totals[out] += bonus
            self.discard = left
            self.hands[loser] = 0
            if events is not None:
                if left:  # the out player sees the cards the other was left holding
                    events.append(
                        Event(
                            f"{who(loser)} {who(loser, 'was')} left holding {card_list(cards_of(left))}.",
                            reveals=(out,),
                        )
                    )
                events.append(Event(f"{who(out)} went out: +{bonus}."))
        self.cum[0] += totals[0]
        self.cum[1] += totals[1]
        by_up = tuple(tuple(pile_points(self.collected[s], (card,)) for card in self.up) for s in (0, 1))
        row = (self.hand_no, out, bonus, tuple(piles), tuple(totals), tuple(IDS[c] for c in self.up), by_up)
        self.history = self.history + [row]
        if events is not None:
            events.append(
                Event(
                    f"Hand {self.hand_no} scores: {who(0)} {change(totals[0])}, {who(1)} {change(totals[1])}. "
                    f"Totals: {who(0)} {change(self.cum[0])}, {who(1)} {change(self.cum[1])}."
                )
            )
        if self.hand_no >= self.hands_total:
            self.turn = None
            if events is not None:
                result = outcome_from_scores(self.cum)
                if result[0] == result[1]:
                    winner = "a draw"
                else:
                    best = result.index(1.0)
                    winner = f"{who(best)} win{who(best, 's')}"
                events.append(Event(f"The match is over: {winner}."))
        else:
            self._deal(events)

    def scores(self) -> list[float]:
        return [float(score) for score in self.cum]

    def outcome(self) -> list[float]:
        return outcome_from_scores(self.cum)

    def estimate(self) -> list[float]:
        """Win chance from the projected margin: banked scores, collected piles, the season's
        likely collector, and the going-out race (``race_margin``)."""
        if self.turn is None:
            return self.outcome()
        margin = self._settled_margin()
        if self.top is not None:
            value = pile_points(self._season_pile(), self.up)
            collector = self.top_seat if self.top[1] == CARAVAN else 1 - self.top_seat
            margin += value if collector == 0 else -value
        margin += race_margin(self.hands[0].bit_count(), self.hands[1].bit_count(), self.out_player)
        p0 = self._chance(margin)
        return [p0, 1.0 - p0]

    def _settled_margin(self) -> float:
        """Seat 0's lead in banked scores and collected piles."""
        up = self.up
        return (
            float(self.cum[0] - self.cum[1]) + pile_points(self.collected[0], up) - pile_points(self.collected[1], up)
        )

    def _season_pile(self) -> int:
        pile = 0
        for _, move in self.season:
            pile |= move[2]
        return pile

    def _chance(self, margin: float) -> float:
        """Seat 0's win chance for a projected margin: hands still to play widen the spread."""
        spread = 4.0 + 4.0 * math.sqrt(self.hands_total - self.hand_no + 1)
        return 1.0 / (1.0 + math.exp(-margin / spread))

    # -- information ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know; None is a spectator (no hand)."""
        view: DecktetCaravanView = {
            "game": "decktet_caravan",
            "seat": seat,
            "hands_total": self.hands_total,
            "hand_no": self.hand_no,
            "to_move": self.turn,
            "over": self.turn is None,
            "up": [IDS[card] for card in self.up],
            "aside_up": [IDS[card] for card in self.aside_up],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "hand_wilds": [(hand & WILD_MASK).bit_count() for hand in self.hands],
            "season": [[player, list(move[0])] for player, move in self.season],
            "collected": [[IDS[c] for c in cards_of(pile)] for pile in self.collected],
            "collected_points": [pile_points(pile, self.up) for pile in self.collected],
            "discard": [IDS[c] for c in cards_of(self.discard)],
            "aside_count": self.aside.bit_count(),
            "first_leader": self.first_leader,
            "out_player": self.out_player,
            "scores": list(self.cum),
            "history": history_data(self.history),
        }
        if seat is not None:
            view["hand"] = [IDS[c] for c in sorted(cards_of(self.hands[seat]), key=lambda c: (RANKS[c], c))]
        return plain_view(view)

    def unseen(self, seat: int) -> int:
        """Cards ``seat`` cannot see: the opponent's hand and the set-aside cards nobody has seen
        (a replaced up card was set aside face up: it is public, never dealt)."""
        return self.hands[1 - seat] | self.aside

    def determinize(self, seat: int, rng: random.Random) -> DecktetCaravanState:
        """Redeal the opponent's hand and the unseen set-aside cards from the unseen cards,
        keeping the public Ace/Crown vs number split; reseed future deals from ``rng`` (rules §6)."""
        world = self.clone()
        opp = 1 - seat
        unseen = self.unseen(seat)
        wilds = cards_of(unseen & WILD_MASK)
        numbers = cards_of(unseen & NUMBER_MASK)
        rng.shuffle(wilds)
        rng.shuffle(numbers)
        opp_wilds = (self.hands[opp] & WILD_MASK).bit_count()
        opp_numbers = self.hands[opp].bit_count() - opp_wilds
        world.hands[opp] = mask_of(wilds[:opp_wilds]) | mask_of(numbers[:opp_numbers])
        world.aside = unseen & ~world.hands[opp]
        world.chance = rng.getrandbits(62)
        world._combos[opp] = None
        world._redealt_for(seat)
        return world

    @classmethod
    def from_view(cls, view: dict, seat: int) -> DecktetCaravanState:
        """A world consistent with ``view``: the unseen cards given out in deck order."""
        seen = set(view["hand"]) | set(view["up"]) | set(view["aside_up"]) | set(view["discard"])
        seen.update(card for pile in view["collected"] for card in pile)
        seen.update(token.partition("@")[0] for _, action in view["season"] for token in action[1:])
        unseen = [card for card in IDS if card not in seen]
        wilds = [card for card in unseen if (1 << INDEX[card]) & WILD_MASK]
        numbers = [card for card in unseen if not (1 << INDEX[card]) & WILD_MASK]
        opp = 1 - seat
        opp_wilds = view["hand_wilds"][opp]
        opp_hand = wilds[:opp_wilds] + numbers[: view["hand_sizes"][opp] - opp_wilds]
        hands: list[list[str] | None] = [None, None]
        hands[seat], hands[opp] = view["hand"], opp_hand
        return cls.from_data(
            {
                "hands_total": view["hands_total"],
                "chance": 0,
                "hand_no": view["hand_no"],
                "hands": hands,
                "aside": [card for card in unseen if card not in opp_hand],
                "aside_up": view["aside_up"],
                "up": view["up"],
                "season": view["season"],
                "collected": view["collected"],
                "discard": view["discard"],
                "turn": view["to_move"],
                "first_leader": view["first_leader"],
                "out_player": view["out_player"],
                "cum": view["scores"],
                "history": view["history"],
            }
        )

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe_action(action)

    # -- persistence ----------------------------------------------------------------------------

    def to_data(self) -> dict:
        def ids(mask: int) -> list[str]:
            return [IDS[c] for c in cards_of(mask)]

        return {
            "hands_total": self.hands_total,
            "chance": self.chance,
            "hand_no": self.hand_no,
            "hands": [ids(hand) for hand in self.hands],
            "aside": ids(self.aside),
            "aside_up": [IDS[c] for c in self.aside_up],
            "up": [IDS[c] for c in self.up],
            "season": [[player, list(move[0])] for player, move in self.season],
            "collected": [ids(pile) for pile in self.collected],
            "discard": ids(self.discard),
            "turn": self.turn,
            "first_leader": self.first_leader,
            "out_player": self.out_player,
            "cum": list(self.cum),
            "history": history_data(self.history),
        }

    @classmethod
    def from_data(cls, data: dict) -> DecktetCaravanState:
        def mask(cards) -> int:
            return mask_of(INDEX[c] for c in cards)

        state = cls.__new__(cls)
        state.hands_total = data["hands_total"]
        state.chance = data["chance"]
        state.hand_no = data["hand_no"]
        state.hands = [mask(hand) for hand in data["hands"]]
        state.aside = mask(data["aside"])
        state.aside_up = tuple(INDEX[c] for c in data.get("aside_up", ()))  # older saves: none
        state.up = tuple(INDEX[c] for c in data["up"])
        state.season = [(player, move_of(tuple(action))) for player, action in data["season"]]
        state.top = state.season[-1][1] if state.season else None
        state.top_seat = state.season[-1][0] if state.season else -1
        state.collected = [mask(pile) for pile in data["collected"]]
        state.discard = mask(data["discard"])
        state.turn = data["turn"]
        state.first_leader = data["first_leader"]
        state.out_player = data["out_player"]
        state.cum = list(data["cum"])
        state.history = history_rows(data["history"])
        state._legal = None
        state._combos = [None, None]
        return state
