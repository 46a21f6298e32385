"""Merchant Lord: the engine, exactly as ``shared/rules/merchant_lord.md`` (the spec) states it.

Layout of a state (all plain ints, lists and tuples; ``clone`` copies a few flat lists):

- seats 0..N-1; village ``v`` = seat * 3 + k (k: V16, V25, V34), id ``P<seat>-V16``;
- dice: flat lists ``dval`` / ``dloc`` with 6 slots per seat (die ``seat * 6 + k``, k < ``ndice``);
  a die's place is ``UNPLACED``, ``MARKET``, ``ASIDE`` (an FC die gained this round) or a village;
- a village: ``vcards`` (attached (card, half) in attach order), ``vstall`` (its stalls as a packed
  multiset, see sales.py), ``vopp`` / ``vownc`` / ``vownf`` (summed opponents' coins, owner's
  recurring coins and favour), ``vseller`` (the seat whose dice close it, -1 when open);
- hands and the known part of hands (bought cards) as bit masks; row and pile as lists (pile top
  first);
- chance: ``rng`` is a 64-bit splitmix64 state (a seed + counter scheme): every die roll, shuffle
  and random start seat advances it, so a replay reproduces every roll and a clone is one int.

Flow: a phase-2 turn is FAVOUR (rerolls / adjusts / END_FAVOUR), SELL (complete sales /
END_SELLING), then income, market, FM, FC automatically, then one PLACE decision per FP; phase 3
is one BUY turn per seat; phases 1 and 4 are automatic.

Actions (§9.3; sorted lists, no action names a physical die): ("reroll", v, v, ...) the values
rerolled, ascending (the spec's counts c1..c6 written out); ("adjust", v, ±1); ("end_favour",);
("sell", "P1-V16", (("M01", "R"), ...)) a village and its tucks, cards ascending; ("end_selling",);
("place", "M05", "L", "P0-V25"); ("skip",); ("buy", "M05"); ("end_buying",).

Rulings (where the spec is silent or needs a software decision; each is tested):

- Ruling (start player option): ``start_player`` is ``"random"`` (default: drawn with the RNG
  after the shuffle, §4.5) or a player number 1..4 as people count them (seat = number - 1);
  a number above the player count is refused with ValueError.
- Ruling (card data, round guard): ``card_data`` is not a match option (options are finite
  choices and a save must replay the same cards): the cards are the package's ``cards.json``,
  checked against the §3.5 deck properties at import; replace the file to change them.
  ``max_rounds`` (default 100) is not offered to players either; ``State.new`` accepts it in
  ``options`` for tests and tools.
- Ruling (one-answer steps are taken automatically): a step whose only legal action is its end
  action passes by itself, with a log line: the favour step when the player has no favour; the
  sales step when no legal sale exists (also after a sale that leaves none); the buy turn with
  fewer than 5 coins or an empty row (also after a purchase that leaves either); and a Free
  Placement with an empty hand or no open own village (lost, §7.4.5). Every other decision,
  including END_FAVOUR, stays a decision: the favour step is offered whenever the player can pay
  (§7.1 "while P has enough favour"), even when no open village could take their dice, where
  favour spent can only lose the favour tie-break (§8.4).
- Ruling (the FC die's face): a die taken with Free Caravan is set aside showing 1 (it is not
  rolled, §7.4.4) and is first rolled in the next phase 1.
- Ruling (roll order with a new die): phase 1 rolls seats in turn order from the start seat, and
  each seat's dice in die-index order, the FC dice last (they have the highest indices).
- Ruling (dice chosen): a REROLL re-rolls the lowest-index unplaced dice of each chosen value, in
  die-index order; ADJUST changes the lowest-index unplaced die showing the value; a sale takes,
  for each stall value, the lowest-index unplaced dice of that value (§9.3).
- Ruling (the round guard): when round ``max_rounds`` ends without a winner by cards, the game
  ends and is scored normally; a warning goes to the log (an Event and ``logging``).
- Ruling (RNG draws): the setup shuffle is a Fisher-Yates shuffle of M01..M30 (first element the
  pile's top), the start seat (when random) is the next draw, then every roll as it happens.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

from caravan_tui.engine import MASK64, Action, Event, SplitMixChance, TurnState, plain_view

from .cards import (
    CARD_COUNT,
    DIE,
    HALF_INDEX,
    HALF_WORDS,
    HALVES,
    IDS,
    INDEX,
    ONE_TIME,
    ONE_TIME_WORDS,
    OPP,
    OWN_COINS,
    OWN_FAVOUR,
    PAYOUTS,
    VILLAGE_STALLS,
    cards_of,
    half_text,
    mask_of,
)
from .describe import describe as describe_action
from .evaluation import estimate as estimated
from .sales import (
    END_BUYING,
    END_FAVOUR,
    END_SELLING,
    GUARD,
    SKIP,
    UNIT,
    adjust_actions,
    adjusted,
    pack,
    reroll_actions,
    sale_actions,
    unpack,
)
from .terms import (
    ADJUST_COST,
    ASIDE,
    BUY,
    COINS,
    FAVOUR,
    FAVOUR_TOKENS,
    MARKET,
    MAX_DICE,
    MAX_ROUNDS,
    OVER,
    PHASES,
    PLACE,
    PLACE_CODES,
    PLACES,
    PLAIN_SALES,
    PRICE,
    REROLL_COST,
    SELL,
    START_DICE,
    START_FAVOUR,
    START_OPTIONS,
    TARGET,
    UNPLACED,
    VIDS,
    VILLAGE_WORDS,
    VINDEX,
    dice_words,
    plural,
    rank_key,
    village_words,
)
from .views import DieData, MerchantLordPublic, MerchantLordView

LOG = logging.getLogger(__name__)

#: (card, half) pairs, as a village holds them and a sale tucks them
Tucks: TypeAlias = tuple[tuple[int, int], ...]
#: a sale of this round: (seat, village, its tucks)
Sale: TypeAlias = tuple[int, int, Tucks]


def setup_problem(players: int, options: Mapping[str, Any]) -> str | None:
    """The options that depend on the player count (the game's ``setup_check``): a start
    player must be one of the players."""
    start_player = options.get("start_player", "random")
    if start_player != "random" and start_player > players:
        return f"the start player, player {start_player}, is not one of the {players} players"
    return None


class MerchantLordState(SplitMixChance, TurnState):
    """One position of Merchant Lord (see the module doc for the layout)."""

    __slots__ = (
        "n",
        "payout",
        "max_rounds",
        "rng",
        "round",
        "start",
        "pos",
        "phase",
        "coins",
        "favour",
        "sup_coins",
        "sup_favour",
        "ndice",
        "dval",
        "dloc",
        "vcards",
        "vstall",
        "vopp",
        "vownc",
        "vownf",
        "vseller",
        "table",
        "hand",
        "known",
        "row",
        "pile",
        "inactive",
        "fired",
        "pfm",
        "pfc",
        "pfp",
        "sales",
        "ended",
    )
    COPIED = (
        "coins",
        "favour",
        "ndice",
        "dval",
        "dloc",
        "vcards",
        "vstall",
        "vopp",
        "vownc",
        "vownf",
        "vseller",
        "table",
        "hand",
        "known",
        "row",
        "pile",
    )  # sales: a tuple, replaced on change
    n: int
    payout: str
    max_rounds: int
    round: int
    start: int
    pos: int
    phase: int
    coins: list[int]
    favour: list[int]
    sup_coins: int
    sup_favour: int
    ndice: list[int]
    dval: list[int]
    dloc: list[int]
    vcards: list[Tucks]
    vstall: list[int]
    vopp: list[int]
    vownc: list[int]
    vownf: list[int]
    vseller: list[int]
    table: list[int]
    hand: list[int]
    known: list[int]
    row: list[int]
    pile: list[int]
    inactive: int
    fired: int
    pfm: int
    pfc: int
    pfp: int
    sales: tuple[Sale, ...]
    ended: str | None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict) -> MerchantLordState:
        if players not in range(2, 5):
            raise ValueError(f"Merchant Lord is for 2-4 players, not {players}")
        payout = options.get("village_payout", "standard")
        if payout not in PAYOUTS:
            raise ValueError(f"village_payout must be one of {sorted(PAYOUTS)}, not {payout!r}")
        start_player = options.get("start_player", "random")
        if start_player not in START_OPTIONS:
            raise ValueError(f"start_player must be 'random' or a player number 1-4, not {start_player!r}")
        problem = setup_problem(players, options)
        if problem is not None:
            raise ValueError(problem)
        max_rounds = options.get("max_rounds", MAX_ROUNDS)
        if not isinstance(max_rounds, int) or max_rounds < 1:
            raise ValueError(f"max_rounds must be a positive int, not {max_rounds!r}")
        state = cls.__new__(cls)
        state._blank(players, payout, max_rounds)
        state.rng = seed & MASK64
        pile = list(range(CARD_COUNT))
        state._shuffle(pile)
        state.pile = pile
        state._fill_row()
        state.start = state._below(players) if start_player == "random" else start_player - 1
        state.round = 1
        state._start_round(None)
        return state

    def _blank(self, n: int, payout: str, max_rounds: int) -> None:
        """Setup (§4.2-4.3) without chance: villages bare, 4 dice, 2 favour, 0 coins."""
        self.n = n
        self.payout = payout
        self.max_rounds = max_rounds
        self.coins = [0] * n
        self.favour = [START_FAVOUR] * n
        self.sup_coins = COINS
        self.sup_favour = FAVOUR_TOKENS - START_FAVOUR * n
        self.ndice = [START_DICE] * n
        self.dval = [1] * (6 * n)
        self.dloc = [UNPLACED] * (6 * n)
        opp, own = PAYOUTS[payout]
        villages = 3 * n
        self.vcards = [()] * villages
        self.vstall = [pack(VILLAGE_STALLS[v % 3]) for v in range(villages)]
        self.vopp = [opp] * villages
        self.vownc = [own] * villages
        self.vownf = [0] * villages
        self.vseller = [-1] * villages
        self.table = [3] * n
        self.hand = [0] * n
        self.known = [0] * n
        self.row = []
        self.pile = []
        self.inactive = 0
        self.fired = 0
        self.pfm = self.pfc = self.pfp = 0
        self.sales = ()
        self.ended = None
        self.round = 1
        self.start = 0
        self.pos = 0
        self.phase = FAVOUR
        self.turn = None
        self._legal = None

    # -- chance (SplitMixChance draws) -----------------------------------------------------------

    def _roll(self, die: int) -> int:
        value = self.dval[die] = self._next() % 6 + 1
        return value

    # -- the round --------------------------------------------------------------------------------

    def _fill_row(self) -> list[int]:
        """Reveal pile cards into the row up to N+1 (as far as the pile allows); the cards revealed."""
        revealed = []
        while len(self.row) < self.n + 1 and self.pile:
            card = self.pile.pop(0)
            self.row.append(card)
            revealed.append(card)
        return revealed

    def _start_round(self, events: list[Event] | None) -> None:
        """Phase 1 (§6): every die rolled, in turn order and die-index order; then phase 2."""
        n = self.n
        dloc = self.dloc
        rolls = []
        for k in range(n):
            seat = (self.start + k) % n
            base = seat * 6
            values = []
            for die in range(base, base + self.ndice[seat]):
                dloc[die] = UNPLACED
                values.append(self._roll(die))
            rolls.append((seat, values))
        if events is not None:
            events.append(
                Event(
                    f"Round {self.round}: the caravans arrive. "
                    + "; ".join(f"{{p{seat}}} roll{{p{seat}:s}} {dice_words(values)}" for seat, values in rolls)
                    + ".",
                    reveals=True,
                )
            )
        self.pos = 0
        self._begin_seller(events)

    def _seat_at(self, pos: int) -> int:
        return (self.start + pos) % self.n

    def _unplaced(self, seat: int) -> int:
        """The seat's unplaced dice as a packed multiset."""
        packed = 0
        dval, dloc = self.dval, self.dloc
        base = seat * 6
        for die in range(base, base + self.ndice[seat]):
            if dloc[die] == UNPLACED:
                packed += UNIT[dval[die]]
        return packed

    def _unplaced_values(self, seat: int) -> list[int]:
        base = seat * 6
        return sorted(self.dval[d] for d in range(base, base + self.ndice[seat]) if self.dloc[d] == UNPLACED)

    def _begin_seller(self, events: list[Event] | None) -> None:
        """A seat's phase-2 turn: the favour step, unless it is a one-answer step."""
        seat = self.turn = self._seat_at(self.pos)
        self.pfm = self.pfc = self.pfp = 0
        if self.favour[seat] >= REROLL_COST:
            self.phase = FAVOUR
            return
        self._enter_selling(seat, events, whole=True)

    def _enter_selling(self, seat: int, events: list[Event] | None, whole: bool = False) -> None:
        """``whole``: the turn begins here, and one with no sale is the rules' all through."""
        self.phase = SELL
        sales = self._sale_list(seat)
        if sales:
            self._legal = [END_SELLING, *sales]
        else:
            self._end_selling(seat, events, forced=True, laid=whole)

    def _sale_list(self, seat: int) -> list[Action]:
        """Every complete legal sale for ``seat`` (§7.2, §9.3), sorted."""
        hand = self.hand[seat]
        out: list[Action] = []
        own = seat * 3
        for v, rest in self.sellable_villages(self._unplaced(seat)):
            if own <= v < own + 3:
                out.extend(sale_actions(VIDS[v], rest, hand))
            else:
                out.append(PLAIN_SALES[v])
        return out

    def sellable_villages(self, dice: int) -> list[tuple[int, int]]:
        """The open villages whose stalls ``dice`` fill (§7.2), each with the dice left over."""
        vstall, vseller, guarded = self.vstall, self.vseller, dice | GUARD
        out = []
        for v in range(3 * self.n):
            if vseller[v] < 0:
                left = guarded - vstall[v]
                if left & GUARD == GUARD:
                    out.append((v, left ^ GUARD))
        return out

    def _end_selling(self, seat: int, events: list[Event] | None, forced: bool = False, laid: bool = False) -> None:
        """The market (§7.3), then the one-time rewards in order FM, FC, FP (§7.4.3-7.4.5).
        ``laid``: the rules played the seat's whole turn (``Event.laid_for``: a match that ended
        in the next seat's turn showed the seat's own last turn, dice to the market, nowhere);
        ``forced``: they end its selling, no sale left (laid for it too)."""
        base = seat * 6
        dloc = self.dloc
        sent = []
        for die in range(base, base + self.ndice[seat]):
            if dloc[die] == UNPLACED:
                dloc[die] = MARKET
                sent.append(self.dval[die])
        paid = self._pay_favour(seat, len(sent))
        if events is not None:
            if forced and not any(s[0] == seat for s in self.sales):
                text = f"{{p{seat}}} can sell nowhere"
            else:
                text = f"{{p{seat}}} stop{{p{seat}:s}} selling"
            if sent:
                text += f"; {dice_words(sorted(sent))} go{'es' if len(sent) == 1 else ''} to the market: +{paid} favour"
                if paid < len(sent):
                    text += f" (the supply had only {paid})"
            # (the rules' own steps, after the seat's last decision or in place of its turn: among
            # what happened since its move, "You can sell nowhere" after a reroll was seen only
            # in the whole log, the others' turns come and gone)
            events.append(Event(text + ".", laid_for=seat if laid or forced else None))
        for _ in range(self.pfm):
            if self.pile:
                card = self.pile.pop(0)
                self.hand[seat] |= 1 << card
                if events is not None:
                    events.append(Event(f"Free Merchant: {{p{seat}}} draw{{p{seat}:s}} a card from the pile."))
                    events.append(
                        Event(
                            f"{{p{seat}}} draw{{p{seat}:s}} {IDS[card]} ({half_text(card, 0)} | {half_text(card, 1)}).",
                            seats=(seat,),
                            reveals=(seat,),
                        )
                    )
            elif events is not None:
                events.append(Event(f"Free Merchant: the pile is empty, so {{p{seat}}} draw{{p{seat}:s}} nothing."))
        self.pfm = 0
        for _ in range(self.pfc):
            k = self.ndice[seat]
            if k < MAX_DICE:
                die = base + k
                self.dval[die] = 1
                self.dloc[die] = ASIDE
                self.ndice[seat] = k + 1
                if events is not None:
                    events.append(
                        Event(
                            f"Free Caravan: {{p{seat}}} take{{p{seat}:s}} a die from the supply "
                            f"({k + 1} dice; it is first rolled next round)."
                        )
                    )
            elif events is not None:
                events.append(Event(f"Free Caravan: {{p{seat}}} already {{p{seat}:has}} 6 dice, so it is lost."))
        self.pfc = 0
        self._next_placement(seat, events)

    def _place_list(self, seat: int) -> list[Action]:
        """PLACE(card, half, village) for every hand card, half and open own village, then SKIP;
        empty when the FP is lost (§7.4.5)."""
        hand = self.hand[seat]
        villages = [VIDS[v] for v in range(seat * 3, seat * 3 + 3) if self.vseller[v] < 0]
        if not hand or not villages:
            return []
        out: list[Action] = [
            ("place", IDS[c], half, vid) for c in cards_of(hand) for half in HALVES for vid in villages
        ]
        out.append(SKIP)
        return out

    def _next_placement(self, seat: int, events: list[Event] | None) -> None:
        if self.pfp:
            places = self._place_list(seat)
            if places:
                self.phase = PLACE
                self._legal = places
                return
            if events is not None:
                why = "no cards in hand" if not self.hand[seat] else "no open village"
                events.append(
                    Event(
                        f"Free Placement: {{p{seat}}} {{p{seat}:has}} {why}, so "
                        f"{plural(self.pfp, 'placement')} {'is' if self.pfp == 1 else 'are'} lost."
                    )
                )
            self.pfp = 0
        self.pos += 1
        if self.pos < self.n:
            self._begin_seller(events)
        else:
            self.pos = 0
            self._next_buyer(events)

    def _can_buy(self, seat: int) -> bool:
        return self.coins[seat] >= PRICE and bool(self.row)

    def _next_buyer(self, events: list[Event] | None) -> None:
        """Phase 3 (§8.1): the next seat, from ``pos``, that can buy; else phase 4."""
        while self.pos < self.n and not self._can_buy(self._seat_at(self.pos)):
            self.pos += 1
        if self.pos >= self.n:
            self._end_round(events)
        else:
            self.turn = self._seat_at(self.pos)
            self.phase = BUY

    def _end_round(self, events: list[Event] | None) -> None:
        """Phase 4 (§8.2): the end test, the guard, or dice home, token left, row refilled."""
        if max(self.table) >= TARGET:
            self._finish("cards", events)
            return
        if self.round >= self.max_rounds:
            if events is not None:
                LOG.warning("Merchant Lord: round limit %d reached without a winner by cards", self.max_rounds)
                events.append(
                    Event(
                        f"Round {self.round} was the last one allowed (the round limit): "
                        "the game ends without anyone reaching 9 table cards."
                    )
                )
            self._finish("round_limit", events)
            return
        self.vseller = [-1] * (3 * self.n)
        self.sales = ()
        self.start = (self.start + 1) % self.n
        revealed = self._fill_row()
        if events is not None:
            text = f"Round {self.round} ends; {{p{self.start}}} take{{p{self.start}:s}} the start token."
            if revealed:
                text += f" The row is refilled with {', '.join(IDS[c] for c in revealed)}."
            events.append(Event(text, reveals=bool(revealed)))
        self.round += 1
        self._start_round(events)

    def _finish(self, why: str, events: list[Event] | None) -> None:
        self.ended = why
        self.phase = OVER
        self._end_turns()
        if events is not None:
            winners = [seat for seat, share in enumerate(self.outcome()) if share > 0]
            best = self.table[winners[0]]
            names = " and ".join(f"{{p{seat}}}" for seat in winners)
            verb = "share the win" if len(winners) > 1 else f"win{{p{winners[0]}:s}}"
            events.append(Event(f"The game is over: {names} {verb} with {best} table cards."))

    # -- payments ---------------------------------------------------------------------------------

    def _pay_coins(self, seat: int, amount: int) -> int:
        paid = amount if amount <= self.sup_coins else self.sup_coins
        self.sup_coins -= paid
        self.coins[seat] += paid
        return paid

    def _pay_favour(self, seat: int, amount: int) -> int:
        paid = amount if amount <= self.sup_favour else self.sup_favour
        self.sup_favour -= paid
        self.favour[seat] += paid
        return paid

    def sale_income(self, seat: int, v: int, tucks: Iterable[tuple[int, int]]) -> tuple[int, int, int, int, list[str]]:
        """What a sale by ``seat`` at village ``v`` tucking ``tucks`` ((card, half), ...) pays
        before any shortage: (seller coins, seller favour, owner coins, owner favour, the
        one-time rewards it fires)."""
        coins, favour = self.vownc[v], self.vownf[v]
        fires = []
        for card, half in tucks:
            coins += OWN_COINS[card][half]
            favour += OWN_FAVOUR[card][half]
            if reward := ONE_TIME[card][half]:
                fires.append(reward)
        if v // 3 == seat:
            return coins, favour, 0, 0, fires
        return self.vopp[v], 0, coins, favour, fires

    def sale_paid(self, seat: int, v: int, tucks: Iterable[tuple[int, int]]) -> tuple[int, int, int, int, list[str]]:
        """``sale_income`` as the supply pays it, in ``_sell``'s order (the seller's coins and
        favour, then the owner's): short where it runs out, with no debt (§7.4.6). The sale's
        words read "AI 3 gets 2¢ and 5 favour" from an empty favour supply."""
        coins, favour, owner_coins, owner_favour, fires = self.sale_income(seat, v, tucks)
        coins, favour = min(coins, self.sup_coins), min(favour, self.sup_favour)
        owner_coins = min(owner_coins, self.sup_coins - coins)
        owner_favour = min(owner_favour, self.sup_favour - favour)
        return coins, favour, owner_coins, owner_favour, fires

    def sale_rewards(self, seat: int, v: int, tucks: Iterable[tuple[int, int]]) -> list[tuple[str, str | None]]:
        """The one-time rewards a sale by ``seat`` at ``v`` tucking ``tucks`` fires, in the order
        they are paid (§7.4.3), each with why it will be lost at the income step, or None.

        A reward is called lost only when nothing left in the selling step can save it: later
        sales only take cards from the hand and close villages, and the pile and the dice do not
        change until the income step. Rewards from earlier sales this turn are paid first (an
        earlier Free Merchant takes the pile's top card, an earlier Free Placement a hand card).
        """
        tucks = tuple(tucks)
        fires = [reward for card, half in tucks if (reward := ONE_TIME[card][half])]
        out: list[tuple[str, str | None]] = []
        drawn = min(self.pfm + fires.count("FM"), len(self.pile))
        for i in range(fires.count("FM")):
            out.append(("FM", None if self.pfm + i < len(self.pile) else "the pile is empty"))
        for i in range(fires.count("FC")):
            out.append(("FC", None if self.ndice[seat] + self.pfc + i < MAX_DICE else f"{MAX_DICE} dice already"))
        bits = 0
        for card, _ in tucks:
            bits |= 1 << card
        cards = (self.hand[seat] & ~bits).bit_count() + drawn
        open_village = any(self.vseller[u] < 0 for u in range(seat * 3, seat * 3 + 3) if u != v)
        for i in range(fires.count("FP")):
            if not open_village:
                why: str | None = "no own village left open"
            else:
                why = None if self.pfp + i < cards else "no card left in hand"
            out.append(("FP", why))
        return out

    def _attach(self, v: int, card: int, half: int) -> None:
        self.vcards[v] = self.vcards[v] + ((card, half),)
        self.vstall[v] += UNIT[DIE[card][half]]
        self.vopp[v] += OPP[card][half]
        self.vownc[v] += OWN_COINS[card][half]
        self.vownf[v] += OWN_FAVOUR[card][half]
        self.table[v // 3] += 1

    # -- the contract ---------------------------------------------------------------------------

    def opening_events(self) -> list[Event]:
        """The setup and the first roll, for a host to log before the first action."""
        events = [
            Event(
                f"Merchant Lord for {self.n} players (village payout: {self.payout}). "
                f"The row shows {', '.join(IDS[c] for c in self.row)}; {len(self.pile)} cards in the pile. "
                f"{{p{self.start}}} start{{p{self.start}:s}}.",
                reveals=True,
            )
        ]
        rolls = []
        for k in range(self.n):
            seat = (self.start + k) % self.n
            base = seat * 6
            rolls.append(f"{{p{seat}}} roll{{p{seat}:s}} {dice_words(self.dval[base : base + self.ndice[seat]])}")
        events.append(Event(f"Round {self.round}: the caravans arrive. " + "; ".join(rolls) + ".", reveals=True))
        return events

    def _compute_legal(self) -> list[Action]:
        seat: int = self.turn  # type: ignore[assignment]  # computed only while a seat is to move
        phase = self.phase
        if phase == FAVOUR:
            dice = self._unplaced(seat)
            out: list[Action] = list(adjust_actions(dice)) if self.favour[seat] >= ADJUST_COST else []
            out.append(END_FAVOUR)
            out.extend(reroll_actions(dice))
            return out
        if phase == SELL:
            return [END_SELLING, *self._sale_list(seat)]
        if phase == PLACE:
            return self._place_list(seat)
        if phase == BUY:
            out = [("buy", IDS[c]) for c in sorted(self.row)]
            out.append(END_BUYING)
            return out
        return []

    def apply(self, action: Action, log: bool = True) -> list[Event]:
        seat = self._mover(action)
        events: list[Event] | None = [] if log else None
        kind = action[0]
        if kind == "sell":
            self._sell(seat, action, events)
        elif kind == "reroll":
            self._reroll(seat, action[1:], events)
        elif kind == "adjust":
            self._adjust(seat, action[1], action[2], events)
        elif kind == "end_favour":
            if events is not None:
                events.append(Event(f"{{p{seat}}} spend{{p{seat}:s}} no more favour."))
            self._enter_selling(seat, events)
        elif kind == "end_selling":
            self._end_selling(seat, events)
        elif kind == "place":
            self._place(seat, INDEX[action[1]], HALF_INDEX[action[2]], VINDEX[action[3]], events)
        elif kind == "skip":
            self.pfp -= 1
            if events is not None:
                events.append(Event(f"{{p{seat}}} skip{{p{seat}:s}} a free placement."))
            self._next_placement(seat, events)
        elif kind == "buy":
            self._buy(seat, INDEX[action[1]], events)
        else:  # end_buying
            if events is not None:
                # ("AI 2 buys nothing more" of a seat that had bought nothing this round)
                events.append(Event(f"{{p{seat}}} {{p{seat}:is}} done buying."))
            self.pos += 1
            self._next_buyer(events)
        return events if events is not None else []

    def _step_words(self) -> str:
        return f"{PHASES[self.phase]} step of seat {self.turn}"

    def _reroll(self, seat: int, values: tuple, events: list[Event] | None) -> None:
        """REROLL (§7.1): 1 favour; the lowest-index unplaced dice of each chosen value."""
        self.favour[seat] -= REROLL_COST
        self.sup_favour += REROLL_COST
        base = seat * 6
        want = pack(values)
        chosen = []
        for die in range(base, base + self.ndice[seat]):
            if self.dloc[die] == UNPLACED:
                unit = UNIT[self.dval[die]]
                if ((want | GUARD) - unit) & GUARD == GUARD:
                    want -= unit
                    chosen.append(die)
        new = [self._roll(die) for die in chosen]
        if events is not None:
            events.append(
                Event(
                    f"{{p{seat}}} reroll{{p{seat}:s}} {dice_words(values)} for 1 favour "
                    f"and get{{p{seat}:s}} {dice_words(new)}.",
                    reveals=True,
                )
            )
        self._after_favour(seat, events)

    def _adjust(self, seat: int, value: int, delta: int, events: list[Event] | None) -> None:
        """ADJUST (§7.1): 2 favour; the lowest-index unplaced die showing ``value`` moves ±1."""
        self.favour[seat] -= ADJUST_COST
        self.sup_favour += ADJUST_COST
        base = seat * 6
        for die in range(base, base + self.ndice[seat]):
            if self.dloc[die] == UNPLACED and self.dval[die] == value:
                self.dval[die] = adjusted(value, delta)
                break
        if events is not None:
            events.append(
                Event(f"{{p{seat}}} turn{{p{seat}:s}} a {value} into a {adjusted(value, delta)} for 2 favour.")
            )
        self._after_favour(seat, events)

    def _after_favour(self, seat: int, events: list[Event] | None) -> None:
        if self.favour[seat] < REROLL_COST:
            self._enter_selling(seat, events)

    def _sell(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """A complete sale (§7.2) and its coins and favour at once (§7.4.6); one-time rewards wait."""
        v = VINDEX[action[1]]
        owner = v // 3
        tucks = tuple((INDEX[c], HALF_INDEX[h]) for c, h in action[2])
        bits = 0
        for card, half in tucks:
            self._attach(v, card, half)
            bits |= 1 << card
            reward = ONE_TIME[card][half]
            if reward is not None:
                self.fired |= 1 << card
                if reward == "FM":
                    self.pfm += 1
                elif reward == "FC":
                    self.pfc += 1
                else:
                    self.pfp += 1
        self.hand[seat] &= ~bits
        self.known[seat] &= ~bits
        need = self.vstall[v]
        base = seat * 6
        dval, dloc = self.dval, self.dloc
        used = []
        for die in range(base, base + self.ndice[seat]):
            if dloc[die] == UNPLACED:
                unit = UNIT[dval[die]]
                if ((need | GUARD) - unit) & GUARD == GUARD:
                    need -= unit
                    dloc[die] = v
                    used.append(dval[die])
        self.vseller[v] = seat
        self.sales = self.sales + ((seat, v, tucks),)
        if owner == seat:
            coins = self._pay_coins(seat, self.vownc[v])
            favour = self._pay_favour(seat, self.vownf[v])
            paid = [(seat, coins, favour)]
        else:
            coins = self._pay_coins(seat, self.vopp[v])
            owner_coins = self._pay_coins(owner, self.vownc[v])
            owner_favour = self._pay_favour(owner, self.vownf[v])
            paid = [(seat, coins, 0), (owner, owner_coins, owner_favour)]
        if events is not None:
            # at one's own village the seller is named once: "AI 2 sells 2 5 at their own 2-5 village"
            where = f"{{p{seat}:their}} own {VILLAGE_WORDS[v % 3]} village" if owner == seat else village_words(v)
            text = f"{{p{seat}}} sell{{p{seat}:s}} {dice_words(sorted(used))} at {where}"
            if tucks:
                text += ", tucking " + " and ".join(f"{IDS[c]} ({HALF_WORDS[h]} half, {DIE[c][h]})" for c, h in tucks)
            gains = []
            for who, c, f in paid:
                parts = " and ".join([plural(c, "coin")] + ([f"{f} favour"] if f else []))
                gains.append(f"for {parts}" if owner == seat else f"{{p{who}}} get{{p{who}:s}} {parts}")
            text += (" " if owner == seat else ": ") + ", ".join(gains)
            rewards = [ONE_TIME_WORDS[reward] for c, h in tucks if (reward := ONE_TIME[c][h])]
            if rewards:
                text += "; after selling: " + ", ".join(rewards)
            events.append(Event(text + "."))
        sales = self._sale_list(seat)
        if sales:
            self._legal = [END_SELLING, *sales]
        else:
            self._end_selling(seat, events, forced=True)

    def _place(self, seat: int, card: int, half: int, v: int, events: list[Event] | None) -> None:
        """FP (§7.4.5): the card is attached, permanently inactive."""
        self._attach(v, card, half)
        bit = 1 << card
        self.hand[seat] &= ~bit
        self.known[seat] &= ~bit
        self.inactive |= bit
        self.pfp -= 1
        if events is not None:
            events.append(
                Event(
                    f"Free Placement: {{p{seat}}} place{{p{seat}:s}} {IDS[card]} "
                    f"({HALF_WORDS[half]} half, {DIE[card][half]}) at {village_words(v)}."
                )
            )
        self._next_placement(seat, events)

    def _buy(self, seat: int, card: int, events: list[Event] | None) -> None:
        """BUY (§8.1): 5 coins, the card to hand (known to all); an emptied row refills at once."""
        self.coins[seat] -= PRICE
        self.sup_coins += PRICE
        self.row.remove(card)
        self.hand[seat] |= 1 << card
        self.known[seat] |= 1 << card
        revealed = self._fill_row() if not self.row else []
        if events is not None:
            events.append(Event(f"{{p{seat}}} buy{{p{seat}:s}} {IDS[card]} for {PRICE} coins."))
            if revealed:
                events.append(
                    Event(
                        f"The row was empty: it is refilled with {', '.join(IDS[c] for c in revealed)}.", reveals=True
                    )
                )
        if not self._can_buy(seat):
            self.pos += 1
            self._next_buyer(events)

    # -- results --------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Table cards (the score, §8.4); coins and favour only break ties."""
        return [float(t) for t in self.table]

    def ranks(self) -> list[tuple[float, ...]]:
        """Table cards, then coins, then favour (§8.4)."""
        return [rank_key(self.table[s], self.coins[s], self.favour[s]) for s in range(self.n)]

    def outcome(self) -> list[float]:
        """Win 1, loss 0; every seat tied first on table cards, coins and favour shares the win."""
        keys = self.ranks()
        best = max(keys)
        winners = [s for s, key in enumerate(keys) if key == best]
        share = 1.0 / len(winners)
        return [share if key == best else 0.0 for key in keys]

    def estimate(self) -> list[float]:
        return estimated(self) if self.turn is not None else self.outcome()

    # -- information ----------------------------------------------------------------------------

    def _dice_data(self, seat: int) -> list[DieData]:
        base = seat * 6
        return [
            [self.dval[d], PLACES.get(self.dloc[d]) or VIDS[self.dloc[d]]] for d in range(base, base + self.ndice[seat])
        ]

    def _public(self) -> MerchantLordPublic:
        """Everything public (§10.1), in to_data's field names."""
        return {
            "players": self.n,
            "village_payout": self.payout,
            "max_rounds": self.max_rounds,
            "round": self.round,
            "start": self.start,
            "position": self.pos,
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "coins": list(self.coins),
            "favour": list(self.favour),
            "supply_coins": self.sup_coins,
            "supply_favour": self.sup_favour,
            "dice": [self._dice_data(seat) for seat in range(self.n)],
            "villages": [[[IDS[c], HALVES[h]] for c, h in cards] for cards in self.vcards],
            "sellers": [s if s >= 0 else None for s in self.vseller],
            "known": [[IDS[c] for c in cards_of(k)] for k in self.known],
            "row": [IDS[c] for c in self.row],
            "fp_placed": [IDS[c] for c in cards_of(self.inactive)],
            "fired": [IDS[c] for c in cards_of(self.fired)],
            "pending": [self.pfm, self.pfc, self.pfp],
            "sales": [[s, VIDS[v], [[IDS[c], HALVES[h]] for c, h in tucks]] for s, v, tucks in self.sales],
            "ended": self.ended,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (§10.4): everything public, each hand's size and its known
        (bought) cards, the seat's own hand, the pile's size; never the hidden cards' identity."""
        view: MerchantLordView = {
            "game": "merchant_lord",
            "seat": seat,
            "to_move": self.turn,
            "over": self.turn is None,
            "scores": self.scores(),
            **self._public(),
            "hand_sizes": [h.bit_count() for h in self.hand],
            "pile_size": len(self.pile),
            "table": list(self.table),
            "villages_info": [
                {
                    "id": VIDS[v],
                    "owner": v // 3,
                    "stalls": unpack(self.vstall[v]),
                    "open": self.vseller[v] < 0,
                    "opp_coins": self.vopp[v],
                    "own_coins": self.vownc[v],
                    "own_favour": self.vownf[v],
                }
                for v in range(3 * self.n)
            ],
        }
        if seat is not None:
            view["hand"] = [IDS[c] for c in cards_of(self.hand[seat])]
        return plain_view(view)

    def unseen(self, seat: int) -> int:
        """U of §10.5 for ``seat``: every card not in the row, on the table, in ``seat``'s hand or
        known in another hand — the pile plus the opponents' hidden cards."""
        seen = mask_of(self.row) | self.hand[seat]
        for cards in self.vcards:
            for c, _ in cards:
                seen |= 1 << c
        for k in self.known:
            seen |= k
        return ((1 << CARD_COUNT) - 1) & ~seen

    def determinize(self, seat: int, rng: random.Random) -> MerchantLordState:
        """Redeal U (§10.5): shuffled, ``hidden_j`` cards to each opponent in seat order, the rest
        the pile in shuffled order; the state's own RNG reseeded from ``rng``."""
        world = self.clone()
        pool = cards_of(self.unseen(seat))
        rng.shuffle(pool)
        at = 0
        for other in range(self.n):
            if other != seat:
                hidden = (self.hand[other] & ~self.known[other]).bit_count()
                world.hand[other] = self.known[other] | mask_of(pool[at : at + hidden])
                at += hidden
        world.pile = pool[at:]
        world.reseed(rng)
        world._redealt_for(seat)
        return world

    @classmethod
    def from_view(cls, view: dict, seat: int) -> MerchantLordState:
        """A world consistent with ``view``: U in id order, the opponents' hidden cards first (in
        seat order), the rest the pile; RNG seed 0."""
        seen = set(view["row"]) | set(view["hand"])
        seen.update(c for cards in view["villages"] for c, _ in cards)
        seen.update(c for known in view["known"] for c in known)
        pool = [c for c in IDS if c not in seen]
        hands = []
        for other in range(view["players"]):
            if other == seat:
                hands.append(list(view["hand"]))
            else:
                hidden = view["hand_sizes"][other] - len(view["known"][other])
                hands.append(list(view["known"][other]) + pool[:hidden])
                pool = pool[hidden:]
        data = {key: view[key] for key in cls.DATA_KEYS if key in view}
        data.update(rng=0, hands=hands, pile=pool)
        return cls.from_data(data)

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe_action(self, action)

    # -- persistence ----------------------------------------------------------------------------

    DATA_KEYS = (
        "players",
        "village_payout",
        "max_rounds",
        "round",
        "start",
        "position",
        "phase",
        "turn",
        "coins",
        "favour",
        "supply_coins",
        "supply_favour",
        "dice",
        "villages",
        "sellers",
        "known",
        "row",
        "fp_placed",
        "fired",
        "pending",
        "sales",
        "ended",
    )

    def to_data(self) -> dict:
        data: dict[str, Any] = {**self._public()}
        data["rng"] = self.rng_data()
        data["hands"] = [[IDS[c] for c in cards_of(h)] for h in self.hand]
        data["pile"] = [IDS[c] for c in self.pile]
        return data

    @classmethod
    def from_data(cls, data: dict) -> MerchantLordState:
        n = data["players"]
        state = cls.__new__(cls)
        state._blank(n, data["village_payout"], data["max_rounds"])
        state.rng_from_data(data["rng"])
        state.round = data["round"]
        state.start = data["start"]
        state.pos = data["position"]
        state.phase = PHASES.index(data["phase"])
        state.turn = data["turn"]
        state.coins = list(data["coins"])
        state.favour = list(data["favour"])
        state.sup_coins = data["supply_coins"]
        state.sup_favour = data["supply_favour"]
        for seat, dice in enumerate(data["dice"]):
            state.ndice[seat] = len(dice)
            for k, (value, where) in enumerate(dice):
                state.dval[seat * 6 + k] = value
                state.dloc[seat * 6 + k] = PLACE_CODES[where] if where in PLACE_CODES else VINDEX[where]
        for v, cards in enumerate(data["villages"]):
            for c, h in cards:
                state._attach(v, INDEX[c], HALF_INDEX[h])
        state.vseller = [-1 if s is None else s for s in data["sellers"]]
        state.hand = [mask_of(INDEX[c] for c in hand) for hand in data["hands"]]
        state.known = [mask_of(INDEX[c] for c in known) for known in data["known"]]
        state.row = [INDEX[c] for c in data["row"]]
        state.pile = [INDEX[c] for c in data["pile"]]
        state.inactive = mask_of(INDEX[c] for c in data["fp_placed"])
        state.fired = mask_of(INDEX[c] for c in data["fired"])
        state.pfm, state.pfc, state.pfp = data["pending"]
        state.sales = tuple(
            (s, VINDEX[vid], tuple((INDEX[c], HALF_INDEX[h]) for c, h in tucks)) for s, vid, tucks in data["sales"]
        )
        state.ended = data["ended"]
        state._legal = [] if state.turn is None else None
        return state
