"""Search settings and the prior that orders expansions (``GameAI``).

The favour step offers up to 63 rerolls and 12 changes, the sales step sometimes hundreds of
complete sales: the prior puts the likely ones first so progressive widening spends the budget
on them. Scores are for the mover, only their order matters, and nothing is applied:

- a sale: cards tucked first (3 each), then the coins and favour it pays the seller, its one-time
  rewards, less half of what it pays an opponent owner; stopping ranks below any sale;
- the favour step: END_FAVOUR is worth the best single sale the dice allow now; a change is worth
  the best sale after it, less its price; a reroll the best sale expected after it, over every
  outcome of the dice it rolls (``rolls.py``), less its price;
- a purchase beats stopping, except in the final round (someone has 9 table cards: coins then
  only break ties); a free placement beats skipping.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from caravan_tui.engine import WIN_CHANCE, Action, GameAI, Plain, ReviewTerms

from .cards import HALF_INDEX, INDEX, OWN_COINS
from .explain import end_near, explain, reroll_figures
from .last_turn import GIVEN_UP, card_to_play_for, most_added, plan, short_of_the_race, tuck_chance, worked_out
from .rolls import TURNS_LOOKED, RerollOdds, turn_paths
from .rules import BUY, FAVOUR, PLACE, SELL, TARGET, VINDEX, MerchantLordState
from .sales import UNIT, adjusted
from .scored import scored_words
from .terms import ADJUST_COST, REROLL_COST


def prior(state: MerchantLordState, actions: Sequence[Action]) -> list[float]:
    phase = state.phase
    seat: int = state.turn  # type: ignore[assignment]  # the search asks only where a seat is to move
    if phase == SELL:
        scores = []
        for action in actions:
            if action[0] != "sell":
                scores.append(0.0)
                continue
            v = VINDEX[action[1]]
            tucks = [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
            coins, favour, owner_coins, owner_favour, fires = state.sale_income(seat, v, tucks)
            scores.append(
                1.0
                + 3.0 * len(tucks)
                + coins
                + 0.2 * favour
                + 1.5 * len(fires)
                - 0.5 * owner_coins
                - 0.1 * owner_favour
            )
        return scores
    if phase == FAVOUR:
        dice = state._unplaced(seat)
        odds = RerollOdds(state, seat, dice)
        scores = []
        for action in actions:
            kind = action[0]
            if kind == "end_favour":
                scores.append(odds.now + 0.2)
            elif kind == "adjust":
                value = action[1]
                changed = dice - UNIT[value] + UNIT[adjusted(value, action[2])]
                scores.append(odds.value(changed) - 0.6)
            else:
                kept = dice
                for value in action[1:]:
                    kept -= UNIT[value]
                scores.append(odds.expected(kept, len(action) - 1) - 0.3)
        return scores
    if phase == BUY:
        final = max(state.table) >= TARGET
        return [
            (2.0 if final else 0.5) if action[0] == "end_buying" else 1.0 + 0.1 * max(OWN_COINS[INDEX[action[1]]])
            for action in actions
        ]
    if phase == PLACE:
        return [
            0.0 if action[0] == "skip" else 2.0 + 0.2 * OWN_COINS[INDEX[action[1]]][HALF_INDEX[action[2]]]
            for action in actions
        ]
    return [0.0] * len(actions)


#: Every level expands best first with progressive widening and scores leaves with estimate()
#: alone (horizon 0). Measured on 2 players, 20 games a line, seats alternated (/tmp scripts):
#: 200 iterations beat uniform random 10/10 and the greedy one-ply policy 8/10; at 1000
#: iterations the prior scored 14/20 against no prior, horizon 0 9/20 against horizon 4 (which
#: costs 1.6 times as much), exploration 0.3 12/20 against 0.7; 3000 iterations scored 10/20
#: against 1000 (the dice decide much). About 11,000-13,000 iterations/s; a normal decision
#: (1500 iterations) takes 0.11-0.13 s at the median, 0.18-0.21 s at p95.
#: Every level makes the move a hint shows first (``lines``): with a sale tucking the ninth card
#: one die turn away, normal visited rerolling the 1 most (0.54; the turn's line led to 0.995) and
#: gambled the match on the reroll (seed 12, move 80).
#: A turn of selling that can end the match is worked out (``last_turn.plan``).
SEARCH = {"prior": True, "widening": 0.5, "widening_base": 2.0, "horizon": 0, "lines": True, "plan": True}
#: hard explores less (0.3 against 0.7): with the dice deciding much, its four times the iterations
#: gained little by themselves (hard against normal 12/22, docs/ai.md); exploring less puts them
#: into the lines worth following, and hard then beat normal clearly (runs of 2026-11-24)
HARD = dict(SEARCH, exploration=0.3)

#: easy searches without the prior (and searches its last turn too): with the prior, 200
#: iterations already played the prior's choices and normal's 1,500 added little (normal
#: against such an easy 84/150, 56%, 48–64%); without it easy still beats random play 30/30
#: and normal beats it clearly (docs/ai.md, runs of 2026-11-24)
EASY = dict(SEARCH, prior=False, plan=False)

#: a review grades a decision by the win chance it gave up: 5, 10 and 20 points (the default;
#: the dice make a round's outcome wide, so nothing smaller is told apart; docs/review.md)
REVIEW = ReviewTerms(WIN_CHANCE, chance="the dice rolled, a card drawn or turned up", scored=scored_words)


def decided(state: MerchantLordState, seat: int) -> bool | None:
    """Whether ``seat`` is beaten (True) or not (False) once the sales are over and someone has
    9 table cards: the round ends the match, and the purchases left change no table (rules
    §8.2); a tie on table cards goes to coins, which purchases still change (None). The look at
    the end went no further than a seat's purchase after the other seat tucked its ninth card,
    and a hint left open the village whose sale let it (seed 212, round 11)."""
    if state.phase != BUY or max(state.table) < TARGET:
        return None
    best = max(state.table)
    if state.table[seat] < best:
        return True
    return False if state.table.count(best) == 1 else None


def rerolls(state: MerchantLordState, action: Action) -> bool:
    """Whether ``action`` draws on chance (``GameAI.draws``): a reroll. Another seat's reroll is no
    sure way to beat a seat (``ai/safety.py``): in a world redealt its dice are one roll, and the
    look picked whichever dice to reroll came out right."""
    return action[0] == "reroll"


#: positions ``winning_line`` looks at, at most: a win is said only where one is found within them
WIN_LOOKED = 3000
#: the most of its own moves ``winning_line`` looks through (turns of a die, the favour step's end,
#: sales, placements)
WIN_STEPS = 8
Line = tuple[Action, ...]


def winning_line(state: MerchantLordState, seat: int) -> tuple[Action, ...] | None:
    """A line of ``seat``'s own moves from ``state`` after which it has won, nothing left to
    chance (``GameAI.won``): turns of a die, the favour step ended, sales and placements, until
    the match is won (``won``); rerolls are not tried. The line with the fewest turns of a die,
    () where the match is won already, or None where none is found within ``WIN_LOOKED``
    positions. The search weighed such a line among dozens of rerolls and turns: a hint said
    "One of several about as good: Reroll 5 … (68% to win)" beside "Or: Turn a 5 into a 4 …
    then the sale at your 3-4 village tucking 1 card", which won the match. Counted by moves
    alone, a line of two turns (4 favour) came before one of one turn and the favour step's end,
    and a hint spent favour on a turn that did nothing."""
    if won(state, seat):
        return ()
    if state.to_move() != seat or not end_near(state):
        return None
    left = [WIN_LOOKED]
    #: each position looked through, with the turns left, by ``_reached``, and how many moves
    #: were left: turns of a die reach the same dice in any order (three turns of 2 2 into 3 4
    #: lay past the 3,000 positions of every order, and a hint gambled on a reroll with "no
    #: chance to tuck a card" beside a sure win)
    seen: dict[tuple, int] = {}

    def look(position: MerchantLordState, line: Line, turns: int, steps: int) -> Line | None:
        if won(position, seat):
            return line
        if steps == 0 or position.is_over() or position.to_move() != seat:
            return None
        reached = (_reached(position), turns)
        if seen.get(reached, -1) >= steps:
            return None
        seen[reached] = steps
        for action in position.legal_actions():
            kind = action[0]
            if kind == "reroll" or (kind == "adjust" and not turns) or left[0] <= 0:
                continue
            left[0] -= 1
            after = position.clone()
            after.apply(action, False)
            if won(after, seat):
                return (*line, action)
            if not _past_chance(position, after, seat, action):
                found = look(after, (*line, action), turns - (kind == "adjust"), steps - 1)
                if found is not None:
                    return found
        return None

    for turns in range(min(state.favour[seat] // ADJUST_COST, WIN_STEPS) + 1):
        found = look(state, (), turns, WIN_STEPS)
        if found is not None or left[0] <= 0:
            return found
    return None


def _past_chance(before: MerchantLordState, after: MerchantLordState, seat: int, action: Action) -> bool:
    """Whether ``action`` took ``before`` past a roll or a draw: a new round's dice, a card drawn
    to ``seat``'s hand (a Free Merchant's). What they bring is the world's guess, not the seat's
    to know: a hint called "Buy M17" in round 10 "a winning line … nothing left to chance", the
    line's turns of a die made on the round 11 roll its world had guessed."""
    drawn = after.hand[seat] & ~before.hand[seat] and action[0] != "buy"
    return after.round != before.round or bool(drawn)


def _reached(state: MerchantLordState) -> tuple:
    """What a line of one seat's own moves has made of ``state``: its step, the dice where they
    lie (in any order), favour, coins, tables, hands and villages."""
    return (
        state.phase,
        state.pos,
        tuple(sorted(zip(state.dloc, state.dval))),
        tuple(state.favour),
        tuple(state.coins),
        tuple(state.table),
        tuple(state.hand),
        repr(state.vcards),
    )


def won(state: MerchantLordState, seat: int) -> bool:
    """Whether ``seat`` has won whatever comes: the sales are over with it alone at 9 table cards or
    more (``decided``), or, its own turn of this round over, it holds 9 or more and no other seat
    can reach as many before the round ends the match (rules §8.2): the seats that sold before it
    this round hold what they hold, and a seat still to sell grows only by its hand's cards,
    tucked or placed, and by what Free Merchants draw for Free Placements to place (each tucked
    half brings one reward: ``most_added``). Seed 1972: two tucks made 9 against 8, the seat still
    to play holding one card at 6, and a hint said "Probably best: Turn a 1 into a 2" with no word
    of them. Counting every other seat as still to sell with twice its hand, a hint missed the two
    turns, a sale and a placement that made 9 against 8 already sold and 7 holding one card."""
    table = state.table
    if decided(state, seat) is False and table.count(max(table)) == 1:
        return True
    if state.is_over() or state.to_move() == seat or state.phase not in (FAVOUR, SELL, PLACE) or table[seat] < TARGET:
        return False
    to_sell = {(state.start + pos) % state.n for pos in range(state.pos, state.n)}
    return all(
        table[q] + (most_added(state.hand[q].bit_count()) if q in to_sell else 0) < table[seat]
        for q in range(state.n)
        if q != seat
    )


#: a hint keeps the dice where no reroll or turn is expected to do clearly better (the searches of
#: a hint's budget spread their visits over dozens of them, within a point of win chance of one
#: another and of keeping: a seed apart, a reroll's hint became keeping's or another reroll's)
PLAIN_MOVE = ("end_favour",)
#: what a sure turn must sell for beyond what the dice sell for now, its favour's price paid
#: (``favour_price``), for the game to make it in place of keeping the favour: a coin
SURE_GAIN = 1.0


def sure_turns(state: MerchantLordState) -> tuple[Action, ...] | None:
    """The turns of a die (as many as the favour pays, ``TURNS_LOOKED`` at most), then the end of
    the favour step, after which the dice sell for the most beyond what they sell for now, every
    sale counted, where that is ``SURE_GAIN`` or more after the favour's price; None where none
    is. The search cannot tell a sure 2-coin sale from keeping the favour (both within its
    noise): hints kept 11, 15, 19 favour where a turn for 2 of it sold, and 4 coins waited four
    rounds for a fifth."""
    seat = state.to_move()
    if seat is None or state.phase != FAVOUR or worked_out(state, seat):
        return None
    if for_a_card(state, seat, PLAIN_MOVE) is not None:  # (a card to play for: its own look decides)
        return None
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    now, price = odds.every(dice)[0], ADJUST_COST * favour_price(state, seat)
    best, found = SURE_GAIN, tuple[tuple[int, int], ...]()
    for then, path in turn_paths(dice, min(TURNS_LOOKED, state.favour[seat] // ADJUST_COST)).items():
        gain = odds.every(then)[0] - now - len(path) * price
        if path and gain > best:
            best, found = gain, path
    return (*(("adjust", value, delta) for value, delta in found), PLAIN_MOVE) if found else None


PLAIN = Plain(
    PLAIN_MOVE,
    "no reroll or turn is expected to gain 2 points of win chance over keeping these dice",
    lambda state: not worked_out(state, state.to_move()) and not for_a_card(state, state.to_move(), PLAIN_MOVE),
    sure_turns,
)
#: what a favour token must buy when a seat holds one: half a coin's worth of sale (``rolls.dice_value``);
#: holding n, 1/n of it (``favour_price``)
SCARCE = 0.5


def favour_price(state: MerchantLordState, seat: int) -> float:
    """What each favour a reroll or a turn costs must be expected to add to the dice's sales
    (``rolls.dice_value``'s values: a coin is 1): more while favour is scarce. With 8 favour,
    hints spent 5 on rerolls "a 6% chance to sell for more" each, and then kept 15 to the end of
    the match. (A turn that can end the match weighs its favour by its chances: ``last_turn``.)"""
    return SCARCE / max(1, state.favour[seat])


def vetoed(state: MerchantLordState, seat: int, action: Action, level: str | None = None) -> bool:
    """No favour for nothing: an AI seat never pays for a reroll not expected to make the dice
    sell for more than now (``rolls.RerollOdds.may_pay``), nor for a turn of a die after which
    they do not, every sale the dice allow counted (``rolls.every_sale``, as a hint's words count),
    and a hint never shows one. The search mixes a reroll's outcomes in one node (the moves after
    it are weighed over every roll at once, the best of them as if it were always there) and backs
    such rerolls above keeping the dice: with 1 1 1 6 and M02 in hand (its 1 tucked with the 1-6
    sale), a hint said "Reroll 1" five times running, 8 favour for nothing; with a sure 2-coin sale
    at 1 2 3 5 and 2 favour, "Either is about as good: Reroll 1 3 5 (1f) … a 1% chance of a better
    sale", and the sale was lost.
    The sales must be expected to gain what the favour is worth (``favour_price``). A turn that
    can end the match is worked out whole (``last_turn``): nothing in it is vetoed. Nor does a
    seat stop buying where the card it could buy is all it lacks to reach 9 table cards next
    round while another can reach them (``last_turn.short_of_the_race``).
    Easy keeps such rerolls: a player who does not yet know which rerolls pay (the level the
    ladder measured; with the veto it won more against normal)."""
    kind = action[0]
    if kind == "end_buying":
        return level != "easy" and short_of_the_race(state, seat) is not None
    if level == "easy" or kind not in ("reroll", "adjust", "end_favour") or worked_out(state, seat):
        return False
    played = for_a_card(state, seat, action)
    if played is not None or kind == "end_favour":
        return bool(played)
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    price = favour_price(state, seat)
    if kind == "adjust":  # (a first turn may gain only with the next: 3 3 → 3 5 in two turns sold twice)
        after = dice - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])]
        further = max(0, min(TURNS_LOOKED, state.favour[seat] // ADJUST_COST) - 1)
        now = odds.every(dice)[0]
        return all(
            value <= now + (1 + turns) * ADJUST_COST * price
            for turns, value in enumerate(odds.turned_best(after, further))
        )
    kept, rolled = dice - sum(UNIT[value] for value in action[1:]), len(action) - 1
    return not odds.may_pay(kept, rolled, REROLL_COST * price)


def for_a_card(state: MerchantLordState, seat: int, action: Action) -> bool | None:
    """Where ``seat``'s favour step has a card to play for (``last_turn.card_to_play_for``): True
    where ``action`` gives up some of that chance (vetoed), False where it keeps it (weighed
    whatever its favour's price); None where there is none (the price decides). A hint said "The
    safe pick: No more favour" beside a turn of a die that tucked for sure, starred "Reroll 2 3 6
    … a 29% chance to tuck a card" over such a turn, and kept 5 favour "for later rounds" where
    rerolling and turning after tucked 94% of the time: the search weighs each reroll's roll
    alone, and the price of favour ``may_pay`` asks is that of one roll's."""
    best = card_to_play_for(state, seat)
    if best is None:
        return None
    return tuck_chance(state, seat, action) < best - GIVEN_UP


def paid_away(state: MerchantLordState, seat: int, line: tuple[Action, ...]) -> float:
    """The coins ``line``'s sales at the others' villages pay their owners (``GameAI.exposed``: of
    sales about as good, a hint suggests the one that pays the others least). "Either is about as
    good: Sell AI 2's 2-5: 3¢ … pays AI 2 3 coins" stood over the person's own 2-5 for the same 3
    coins, and AI 2 bought the card that won it the match with them. The end of the sales is no
    such sale (``math.inf``): within a hair of two sales, it paid no one, and was put first, after 2
    favour paid to make the dice sell twice. (A favour step's line that stops before its sale, at a
    roll, still counts as paying no one.)"""
    if line and tuple(line[0]) == ("end_selling",):
        return math.inf
    return float(
        sum(state.vownc[VINDEX[action[1]]] for action in line if action[0] == "sell" and VINDEX[action[1]] // 3 != seat)
    )


def tucks_for_sure(state: MerchantLordState, seat: int, action: Action) -> bool:
    """Whether ``action`` is a turn of a die after which the dice tuck more cards than now, every
    sale counted (``GameAI.noted``: a hint names it beside its rerolls). The search spread its
    visits over dozens of rerolls at 20%, its mean for such a turn 19% over the rerolls tried
    after it; made, the next hint began at 37%."""
    if action[0] != "adjust":
        return False
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    return odds.every(dice - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])])[1] > odds.every(dice)[1]


AI = GameAI(
    levels={"easy": EASY, "normal": SEARCH, "hard": HARD},
    prior=prior,
    explain=explain,
    review=REVIEW,
    end_near=end_near,
    decided=decided,
    plain=PLAIN,
    vetoed=vetoed,
    won=winning_line,
    draws=rerolls,
    exposed=paid_away,
    plan=plan,
    plan_exact=True,
    noted=tucks_for_sure,
    figures=reroll_figures,
)
