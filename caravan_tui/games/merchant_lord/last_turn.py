"""The turns of selling that can end the match, worked out (``GameAI.plan``).

Where the round ends the match (someone holds 9 table cards, or the round guard's last round:
rules §8.2-8.3) and the seat to sell is the last of the round, everything the ranking counts is
settled by that seat's own turn: the others' tables, coins and favour are final (buying in
phase 3 only spends coins), and the seat's dice, favour and hand are all it decides with. So each
move's chance to win is worked out whole (``LastTurn``): every reroll over every outcome of its
dice, every turn of a die, and at the end of the favour step every order of sales and what their
rewards place (a card drawn by a Free Merchant counts as a card to place, whichever it is).
A turn whose tucks can end the match, or an earlier one of the last round, is worked out the same
way against a model of the seats still to sell (``DecidingTurn``).

The search weighed a last turn's dozens of rerolls and turns with too few visits each: a hint
said "Reroll 3" at 8% where rerolling all four dice, and turning them after, won 60% of the time.
The favour supply is taken to pay the seat's market favour last (rules §7.5): a shortage of
favour decides nothing but the last tie-break.
"""

from __future__ import annotations

from typing import NamedTuple

from caravan_tui.engine import Action

from .cards import HALF_INDEX, INDEX
from .evaluation import projected_after, shares, still_to_sell
from .rolls import OUTCOMES, SAME, rerolls_of, tucked_units
from .rules import BUY, FAVOUR, SELL, MerchantLordState
from .sales import UNIT, adjusted, size, tuck_sets, tucks_key, unpack
from .terms import ADJUST_COST, REROLL_COST, TARGET, VIDS, VINDEX

#: what a sale sequence leaves the seats: table cards the seat adds, then per seat the coins and
#: the favour it gains
Result = tuple[int, tuple[int, ...], tuple[int, ...]]
#: a sale as the sequences make it: the village and the tucks ((card, half), ...)
Sale = tuple[int, tuple[tuple[int, int], ...]]


def last_round(state: MerchantLordState) -> bool:
    """Whether this round is the match's last (rules §8: someone has 9 table cards, or the
    round guard): nothing is "for later rounds" in it."""
    return max(state.table) >= TARGET or state.round >= state.max_rounds


def most_added(cards: int) -> int:
    """The most table cards a seat's selling turn adds holding ``cards`` in hand (rules §7.4): each
    card tucked, and one more for each Free Placement that has a card to place, each drawn by a
    Free Merchant tucked beside it (a card's half brings one reward): ``cards`` + ``cards`` // 2."""
    return cards + cards // 2


def short_of_the_race(state: MerchantLordState, seat: int) -> int | None:
    """Where ``seat``, buying, holds too few cards to reach 9 table cards in the next round's sales
    and one card more would let it, while another seat can reach them with the cards it holds
    (``most_added``): that seat (the first), which may end the match with ``seat`` short if it
    buys nothing (a hand's cards are tucked only in a sale, rules §7.2). None elsewhere, and in
    the match's last round. "Buy nothing more — keeps 6 coins: coins break ties and buy later"
    at 8 table cards with no card in hand, AI 2 at 7 holding 2."""
    if state.phase != BUY or state.to_move() != seat or last_round(state):
        return None
    if not any(action[0] == "buy" for action in state.legal_actions()):
        return None
    table, cards = state.table[seat], state.hand[seat].bit_count()
    if table + most_added(cards) >= TARGET or table + most_added(cards + 1) < TARGET:
        return None
    return next(
        (q for q in range(state.n) if q != seat and state.table[q] + most_added(state.hand[q].bit_count()) >= TARGET),
        None,
    )


def worked_out(state: MerchantLordState, seat: int) -> bool:
    """Whether ``seat``'s turn is one ``plan`` works out: it sells or spends favour in the round
    that ends the match, or in one its own tucks can end (its table and hand reach 9: rules
    §8.2a)."""
    return (
        state.to_move() == seat
        and state.phase in (FAVOUR, SELL)
        and (last_round(state) or state.table[seat] + state.hand[seat].bit_count() >= TARGET)
    )


def last_seller(state: MerchantLordState, seat: int) -> bool:
    """Whether ``seat``'s worked-out turn is the last of the match's last round: ``LastTurn``'s
    own, where nothing after it changes the ranking."""
    return state.pos == state.n - 1 and last_round(state)


class LastTurn:
    """``seat``'s chance to win from ``state`` (``last_seller``) and after each of its moves, with
    best play after it; its own moves only (the rest of the round changes no ranking)."""

    __slots__ = ("state", "seat", "_sequences", "_ending", "_values", "_expected")

    def __init__(self, state: MerchantLordState, seat: int) -> None:
        self.state, self.seat = state, seat
        self._sequences: dict[int, dict[Result, tuple[Sale, ...]]] = {}
        self._ending: dict[tuple[int, int], tuple[float, tuple[Sale, ...]]] = {}
        self._values: dict[tuple[int, int], tuple[float, Action | None]] = {}
        self._expected: dict[tuple[int, int, int], float] = {}

    # -- the sales ---------------------------------------------------------------------------

    def sequences(self, dice: int) -> dict[Result, tuple[Sale, ...]]:
        """Every result the sales of ``dice`` can make, each with one order of sales making it
        (any number of sales, each at an open village: rules §7.2), from the selling step as it
        stands (sales made this turn already paid)."""
        found = self._sequences.get(dice)
        if found is None:
            state = self.state
            found = {}
            zero = (0,) * state.n
            fm, fp = (state.pfm, state.pfp) if state.to_move() == self.seat else (0, 0)
            self._sell(dice, state.hand[self.seat], 0, fm, fp, state.sup_coins, 0, zero, zero, (), found)
            self._sequences[dice] = found
        return found

    def _sell(
        self,
        dice: int,
        hand: int,
        sold: int,
        fm: int,
        fp: int,
        supply: int,
        tucked: int,
        coins: tuple[int, ...],
        favour: tuple[int, ...],
        made: tuple[Sale, ...],
        found: dict[Result, tuple[Sale, ...]],
    ) -> None:
        state, seat = self.state, self.seat
        result = (tucked + self._placed(dice, hand, sold, fm, fp), coins, self._market(favour, size(dice)))
        if result not in found:
            found[result] = made
        for v, rest in state.sellable_villages(dice):
            if sold >> v & 1:
                continue
            owner = v // 3
            for tucks in tuck_sets(rest, hand) if owner == seat else ((),):
                got, fav, owner_got, owner_fav, fires = state.sale_income(seat, v, tucks)
                got = min(got, supply)
                owner_got = min(owner_got, supply - got)
                paid, gained = list(coins), list(favour)
                paid[seat] += got
                paid[owner] += owner_got
                gained[seat] += fav
                gained[owner] += owner_fav
                units, cards = tucked_units(tucks)
                self._sell(
                    rest - units,
                    hand & ~cards,
                    sold | 1 << v,
                    fm + fires.count("FM"),
                    fp + fires.count("FP"),
                    supply - got - owner_got,
                    tucked + len(tucks),
                    tuple(paid),
                    tuple(gained),
                    (*made, (v, tucks)),
                    found,
                )

    def _placed(self, dice: int, hand: int, sold: int, fm: int, fp: int) -> int:
        """The table cards the Free Placements place once selling stops (rules §7.4.4-5): one a
        placement while a card is in hand (those drawn by Free Merchants first) and an own
        village is open."""
        state, seat = self.state, self.seat
        if not fp or not any(state.vseller[v] < 0 and not sold >> v & 1 for v in range(seat * 3, seat * 3 + 3)):
            return 0
        return min(fp, hand.bit_count() + min(fm, len(state.pile)))

    def _market(self, favour: tuple[int, ...], left: int) -> tuple[int, ...]:
        """``favour`` with the seat's dice left over paid to it at the market (rules §7.3)."""
        gained = list(favour)
        gained[self.seat] += left
        return tuple(gained)

    def ending(self, dice: int, favour: int) -> tuple[float, tuple[Sale, ...]]:
        """The chance to win with the favour step over, ``dice`` to sell and ``favour`` kept:
        the best sales' share of the win (rules §8.4), and those sales (of equals, those that
        tuck most, then pay the seat most)."""
        key = (dice, favour)
        found = self._ending.get(key)
        if found is None:
            seat = self.seat
            ranked = max(
                self.sequences(dice).items(),
                key=lambda item: (self._share(item[0], favour), item[0][0], item[0][1][seat], item[0][2][seat]),
            )
            found = self._ending[key] = (self._share(ranked[0], favour), ranked[1])
        return found

    def _share(self, result: Result, kept: int) -> float:
        """The seat's share of the win where its sales make ``result`` and it kept ``kept``
        favour (its favour spent went to the supply, which pays its market favour last)."""
        state, seat = self.state, self.seat
        added, coins, favour = result
        spent = state.favour[seat] - kept
        short = max(0, sum(favour) - state.sup_favour - spent)
        keys = []
        for q in range(state.n):
            own = q == seat
            keys.append(
                (
                    state.table[q] + (added if own else 0),
                    state.coins[q] + coins[q],
                    (kept if own else state.favour[q]) + favour[q] - (short if own else 0),
                )
            )
        best = max(keys)
        if keys[seat] != best:
            return 0.0
        return 1.0 / keys.count(best)

    # -- the favour step -----------------------------------------------------------------------

    def value(self, dice: int, favour: int) -> float:
        """The chance to win in the favour step with ``dice`` and ``favour``, played best."""
        return self._choice(dice, favour)[0]

    def _choice(self, dice: int, favour: int) -> tuple[float, Action | None]:
        """``value`` and the move that makes it (None: ending the favour step)."""
        key = (dice, favour)
        found = self._values.get(key)
        if found is not None:
            return found
        best: tuple[float, Action | None] = (self.ending(dice, favour)[0], None)
        if favour >= ADJUST_COST:
            for value in range(1, 7):
                if dice >> 5 * (value - 1) & 31:
                    for delta in (-1, 1):
                        then = self.value(dice - UNIT[value] + UNIT[adjusted(value, delta)], favour - ADJUST_COST)
                        if then > best[0] + SAME:
                            best = (then, ("adjust", value, delta))
        if favour >= REROLL_COST:
            for kept, rolled in dict(rerolls_of(dice)).items():  # (each kept multiset once)
                then = self.expected(kept, rolled, favour - REROLL_COST)
                if then > best[0] + SAME:
                    best = (then, ("reroll", *unpack(dice - kept)))
        self._values[key] = best
        return best

    def expected(self, kept: int, rolled: int, favour: int) -> float:
        """The chance to win after rolling ``rolled`` dice again beside ``kept``, ``favour``
        left, over every outcome (rules §7.1)."""
        key = (kept, rolled, favour)
        found = self._expected.get(key)
        if found is None:
            total = sum(chance * self.value(kept + out, favour) for out, chance in OUTCOMES[rolled])
            found = self._expected[key] = min(total, 1.0)  # (the chances' sum rounds past 1)
        return found

    # -- the moves -----------------------------------------------------------------------------

    def of(self, action: Action) -> float:
        """The chance to win after ``action``, one of the seat's legal moves, played best after."""
        state, seat = self.state, self.seat
        dice, favour = state._unplaced(seat), state.favour[seat]
        kind = action[0]
        if kind == "end_favour":
            return self.ending(dice, favour)[0]
        if kind == "adjust":
            return self.value(dice - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])], favour - ADJUST_COST)
        if kind == "reroll":
            kept = dice - sum(UNIT[value] for value in action[1:])
            return self.expected(kept, len(action) - 1, favour - REROLL_COST)
        return self._after_sale(action, dice, favour)

    def _after_sale(self, action: Action, dice: int, favour: int) -> float:
        """A move of the selling step: the best share of the sequences it begins (stopping: the
        one that sells nothing more)."""
        sequences = self.sequences(dice)
        if action[0] == "end_selling":
            return max((self._share(r, favour) for r, sales in sequences.items() if not sales), default=0.0)
        first = (VINDEX[action[1]], tuple((INDEX[card], HALF_INDEX[half]) for card, half in action[2]))
        shares = (self._share(r, favour) for r, sales in sequences.items() if sales and sales[0] == first)
        return max(shares, default=0.0)

    def best(self) -> Action:
        """The seat's best move now: of equals, the one that spends no favour, and the first
        sale of the sales ``ending`` chose."""
        state, seat = self.state, self.seat
        dice, favour = state._unplaced(seat), state.favour[seat]
        if state.phase == FAVOUR:
            return self._choice(dice, favour)[1] or ("end_favour",)
        sales = self.ending(dice, favour)[1]
        return ("sell", VIDS[sales[0][0]], tucks_key(sales[0][1])) if sales else ("end_selling",)

    def line(self, action: Action) -> tuple[Action, ...]:
        """``action`` and the moves played best after it, up to a reroll (chance follows) or the
        turn's last sale."""
        state, seat = self.state, self.seat
        dice, favour = state._unplaced(seat), state.favour[seat]
        if action[0] == "reroll" or state.phase != FAVOUR:
            return (action,)
        out: list[Action] = [action]
        if action[0] == "adjust":
            dice, favour = dice - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])], favour - ADJUST_COST
            while (move := self._choice(dice, favour)[1]) is not None:
                out.append(move)
                if move[0] == "reroll":
                    return tuple(out)
                dice, favour = dice - UNIT[move[1]] + UNIT[adjusted(move[1], move[2])], favour - ADJUST_COST
            if favour >= REROLL_COST:  # (with less, the favour step ends by itself: rules §7.1)
                out.append(("end_favour",))
        out.extend(("sell", VIDS[v], tucks_key(tucks)) for v, tucks in self.ending(dice, favour)[1])
        return tuple(out)


class TuckChance(LastTurn):
    """The chance that ``seat``'s turn from ``state`` lays ``cards`` cards or more on its table
    (tucked, or placed by a Free Placement), each move played to that end: what the turn can still
    do, where a reroll's words count its own roll alone ("a 3% chance to tuck a card" read as the
    turn's, with four favour left for more tries, where playing on for it tucked 65% of the time)."""

    __slots__ = ("cards",)

    def __init__(self, state: MerchantLordState, seat: int, cards: int = 1) -> None:
        super().__init__(state, seat)
        self.cards = cards

    def _share(self, result: Result, kept: int) -> float:
        return 1.0 if result[0] >= self.cards else 0.0


#: what each favour kept adds to a ``DecidingTurn`` result: no chance a hint shows, a tie-break
#: of lines as good (a hint turned two dice where one turn tucked as surely, a tie on table
#: cards with a seat still to sell being even whatever the favour)
KEPT = 1e-6


class DecidingTurn(LastTurn):
    """``LastTurn`` for a turn ``worked_out`` where seats still sell after it. Each of those is
    taken to lay one card more, or two, with its own turn's chance of it (``TuckChance`` from the
    dice and favour it shows now), and a tie with it on table cards as even, its sales' coins
    still to come, unless the coins settle it whatever those sales pay (``tie_on_coins``: a sure
    ninth card read "59%" where the other seat could tie on cards but never reach the seat's
    coins); a result that leaves the match going (no 9 table cards, not the last round)
    is worth what the estimate gives the position now, where no seat after it reaches 9. The
    search missed a sure ninth card four turns of a die away (8 favour: "Reroll 2 … no chance to
    tuck a card … 30% of the win") and chose each reroll for its own roll's chance (3%) where
    playing on for the tuck made 65%."""

    __slots__ = ("_later", "_paid", "_ended", "_going")

    def __init__(self, state: MerchantLordState, seat: int) -> None:
        super().__init__(state, seat)
        self._later = later_sellers(state, seat)
        #: the most coins the sales still to come this round can pay each seat
        self._paid = [sum(later.pay[q] for later in self._later.values()) for q in range(state.n)]
        ended = 0.0  # (a seat after it that reaches 9 ends it first)
        for q, (one, two, _) in self._later.items():
            ended += (1.0 - ended) * (
                one if state.table[q] + 1 >= TARGET else two if state.table[q] + 2 >= TARGET else 0.0
            )
        self._ended = ended
        #: what each result that leaves the match going is worth (``projected_after``), by result
        self._going: dict[tuple[int, tuple[int, ...], tuple[int, ...]], float] = {}

    def _share(self, result: Result, kept: int) -> float:
        state, seat = self.state, self.seat
        added, coins, favour = result
        cards = state.table[seat] + added
        short = max(0, sum(favour) - state.sup_favour - (state.favour[seat] - kept))
        if not last_round(state) and cards < TARGET:
            return self._going_on(added, coins, favour, kept - short) + KEPT * kept
        own = (cards, state.coins[seat] + coins[seat], kept + favour[seat] - short)
        share, tied = 1.0, 1
        for q in range(state.n):
            chances = self._later.get(q)
            if q == seat:
                continue
            if chances is None:
                key = (state.table[q], state.coins[q] + coins[q], state.favour[q] + favour[q])
                if key > own:
                    return 0.0
                tied += key == own
            else:
                one, two, _ = chances
                table = state.table[q]
                theirs = state.coins[q] + coins[q]
                tie = tie_on_coins(own[1], self._paid[seat], theirs, self._paid[q])
                share *= (
                    (1.0 - one) * _against(cards, table, tie)
                    + (one - two) * _against(cards, table + 1, tie)
                    + two * _against(cards, table + 2, tie)
                )
        return min(1.0, share / tied + KEPT * kept)

    def _going_on(self, added: int, coins: tuple[int, ...], favour: tuple[int, ...], kept: int) -> float:
        """The seat's share of a match its turn leaves going (``added`` cards laid, ``coins`` and
        ``favour`` paid to each seat, ``kept`` of its own favour left): the estimate of the
        position it leaves, where no seat after it reaches 9."""
        state, seat = self.state, self.seat
        key = (added, coins, (*favour, kept))
        found = self._going.get(key)
        if found is None:
            held = tuple((kept if q == seat else state.favour[q]) + favour[q] for q in range(state.n))
            paid = tuple(state.coins[q] + coins[q] for q in range(state.n))
            values = projected_after(state, seat, added, paid, held)
            lead = max(*state.table, state.table[seat] + added)
            found = self._going[key] = shares(values, lead)[seat] * (1.0 - self._ended)
        return found


class Later(NamedTuple):
    """A seat still to sell this round, as ``DecidingTurn`` models it: its chances to lay a card
    or more, and two or more, on its table (each played for), and the most coins its sales can
    pay each seat, whatever its dice come to (rules §7.2: an owner is paid for a sale at their
    village)."""

    one: float
    two: float
    pay: tuple[int, ...]


def later_sellers(state: MerchantLordState, seat: int) -> dict[int, Later]:
    """The seats still to sell this round after ``seat`` (``Later``)."""
    return {q: _later(state, q) for q in still_to_sell(state) if q != seat}


def _later(state: MerchantLordState, seat: int) -> Later:
    held = state.hand[seat].bit_count()
    dice, favour = state._unplaced(seat), state.favour[seat]
    look = TuckChance(state, seat)
    one = look.value(dice, favour) if held else 0.0
    two = TuckChance(state, seat, 2).value(dice, favour) if held > 1 else 0.0
    pay = [0] * state.n
    for rolled, _ in OUTCOMES[size(dice)]:  # (any dice: its favour turns and rerolls them)
        for _, coins, _ in look.sequences(rolled):
            pay = [max(most, paid) for most, paid in zip(pay, coins)]
    return Later(one, min(one, two), tuple(pay))


def tie_on_coins(own: int, own_paid: int, theirs: int, their_paid: int) -> float:
    """The seat's share of a tie on table cards with a seat still to sell, settled by coins
    (rules §8.4): the seat's ``own`` coins against ``theirs``, the sales to come able to pay them
    at most ``own_paid`` and ``their_paid`` more; even where those sales decide it."""
    if own > theirs + their_paid:
        return 1.0
    if own + own_paid < theirs:
        return 0.0
    return 0.5


def _against(cards: int, other: int, tie: float) -> float:
    """The seat's share of first place against a seat still to sell: all of it with more table
    cards, ``tie`` with as many."""
    return 1.0 if cards > other else tie if cards == other else 0.0


#: ``tuck_chance``'s looks, by what they depend on (a hint words several moves of one position)
_TUCKS: dict[tuple, TuckChance] = {}


def tuck_chance(state: MerchantLordState, seat: int, action: Action) -> float:
    """``TuckChance`` of ``seat``'s turn after ``action`` (a move of its favour step)."""
    return _tucks(state, seat).of(action)


def tuck_best(state: MerchantLordState, seat: int) -> float:
    """``TuckChance`` of ``seat``'s turn from ``state``, its favour step played for a card."""
    return _tucks(state, seat).value(state._unplaced(seat), state.favour[seat])


#: how likely a favour step played for a card more on the table must be to lay one for its moves
#: to be held to that (``card_to_play_for``): a table card is the score (rules §8.4), a favour
#: next to nothing (``evaluation.WEIGHTS``)
LIKELY = 0.5
#: the chance to lay that card a move may give up beside the best move's, and still be weighed:
#: none but the sums' rounding. At 1% a hint rerolled 1 1 beside a sure turn of the dice (99.3%,
#: 6 favour kept), then again at each roll after, and the card was lost.
GIVEN_UP = 1e-9


def card_to_play_for(state: MerchantLordState, seat: int) -> float | None:
    """The chance that ``seat``'s favour step, played for a card more on its table, lays one
    (``tuck_best``), where that is ``LIKELY`` or more and its dice as they stand do not lay it as
    surely; None else."""
    if not state.hand[seat]:
        return None
    best = tuck_best(state, seat)
    if best < LIKELY or tuck_chance(state, seat, ("end_favour",)) >= best - GIVEN_UP:
        return None
    return best


def _tucks(state: MerchantLordState, seat: int) -> TuckChance:
    key = (
        seat,
        state.phase,
        state._unplaced(seat),
        state.favour[seat],
        state.hand[seat],
        tuple(state.vseller),
        tuple(state.vstall),
        len(state.pile),
        state.pfm,
        state.pfp,
    )
    found = _TUCKS.get(key)
    if found is None:
        if len(_TUCKS) > 64:
            _TUCKS.clear()
        found = _TUCKS[key] = TuckChance(state, seat)
    return found


def plan(
    state: MerchantLordState, seat: int, index: int, iterations: int | None, seconds: float | None
) -> tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]] | None:
    """``GameAI.plan``: a turn of selling that can end the match worked out (``worked_out``), every
    other position searched (None). Each legal move is valued at its exact chance and weighs one more than the
    moves worth less (so the hint lists them best first), the best as much again as all of them
    (so it is the most weighed: the search's most visited)."""
    if not worked_out(state, seat):
        return None
    if index > 0:
        return {}, {}
    turn = LastTurn(state, seat) if last_seller(state, seat) else DecidingTurn(state, seat)
    legal = state.legal_actions()
    values = {action: turn.of(action) for action in legal}
    best = turn.best()
    weights = {action: 1 + sum(values[other] < value for other in legal) for action, value in values.items()}
    weights[best] += sum(weights.values())
    stats = {action: (weight, weight * values[action]) for action, weight in weights.items()}
    return stats, {action: turn.line(action) for action in legal}
