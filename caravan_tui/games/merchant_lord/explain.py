"""Why an action is good or bad, in the game's words, from the player's own view
(``GameAI.explain``): "sale at your 1-6 village: +2 table cards (7 of 9), 2 coins + 1 favour;
keeps 3 4 for another sale".

Only the player's own hand and dice and the public table are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who

from .cards import DIE, HALF_INDEX, INDEX, ONE_TIME_WORDS, OPP, placements, reward_words
from .evaluation import max_tucks
from .last_turn import (
    card_to_play_for,
    last_round,
    last_seller,
    later_sellers,
    short_of_the_race,
    tie_on_coins,
    tuck_chance,
    worked_out,
)
from .rolls import OUTCOMES, SAME, TURNS_LOOKED, RerollOdds, best_sales, tucked_pay, turned
from .rules import MerchantLordState
from .sales import GUARD, UNIT, adjusted, count, size, unpack
from .terms import ADJUST_COST, PRICE, REROLL_COST, TARGET, VINDEX, dice_words, plural, village_words


def explain(state: MerchantLordState, seat: int, line: Sequence[Action]) -> str:
    action = line[0]
    kind = action[0]
    if kind == "sell":
        return _sale(state, seat, action)
    if kind == "end_selling":
        left = len(state._unplaced_values(seat))
        return (
            f"no more sales this round; {_dice(left)} to the market for {left} favour"
            if left
            else "every die is sold: nothing more to sell"
        )
    if kind == "end_favour":
        # (the line's own sale may bring 9 table cards, ending the match with the round: "keeps
        # your 11 favour for later rounds" stood beside "this line wins the match")
        sale = next((step for step in line if step[0] == "sell"), None)
        ends = last_round(state) or (sale is not None and state.table[seat] + len(sale[2]) >= TARGET)
        yours, use = who(seat, "'s"), "as a last tie-break" if ends else "for later rounds"
        if not ends and max(state.table) >= TARGET - 2:
            # (a sale tucks up to two cards: "for later rounds" stood in the round another seat
            # ended, in the very hint that said none of our moves kept it from ending it)
            use += ", if this one is not the last"
        odds = "; ".join(part for part in (_sure_turn(state, seat), _best_odds(state, seat)) if part)
        return (
            f"keeps {yours} {state.favour[seat]} favour {use} ({odds}); "
            f"{_plan(state, seat, line) or 'then ' + _sales_now(state, seat, state._unplaced(seat))}"
        )
    if kind == "reroll":  # what follows a roll is chance: the line stops here
        dice = state._unplaced(seat)
        kept = dice
        for value in action[1:]:
            kept -= UNIT[value]
        rolled = len(action) - 1
        # (the chances are this roll's: "a 3% chance to tuck a card" stood beside "60% to win",
        # three favour left to turn and reroll the dice again; near the end a newcomer read every
        # reroll's chance as the turn's)
        left = state.favour[seat] - REROLL_COST
        tries = ""
        if left and (worked_out(state, seat) or end_near(state) or card_to_play_for(state, seat) is not None):
            # (a turn costs more than one favour: "1 favour left for more turns" promised none)
            uses = "more turns and rerolls" if left >= ADJUST_COST else "one more reroll"
            tries = f"; {left} favour left for {uses} after it"
            if state.hand[seat]:
                chance = tuck_chance(state, seat, action)
                odds = "a card tucked for sure" if chance >= 1.0 - SAME else f"{_chance(chance)} to tuck a card"
                tries += f": with them, {odds} this turn"
        return (
            f"{REROLL_COST} favour to roll {_dice(rolled)} again, keeping {dice_words(unpack(kept))}: "
            f"{_reroll_odds(state, seat, kept, rolled)}{tries}"
        )
    if kind == "adjust":
        dice = state._unplaced(seat) - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])]
        if _unlooped(state._unplaced(seat), line) is None:
            return (
                f"{ADJUST_COST} favour for dice {dice_words(unpack(dice))}, and the search's line turns it back: "
                f"favour for the dice {who(seat)} {who(seat, 'has')} now"
            )
        return (
            f"{ADJUST_COST} favour for dice {dice_words(unpack(dice))}; "
            f"{_plan(state, seat, line, dice) or 'then ' + _sales_now(state, seat, dice)}"
        )
    if kind == "place":
        card, half, v = INDEX[action[1]], HALF_INDEX[action[2]], VINDEX[action[3]]
        table = state.table[seat] + 1
        return (
            f"+1 table card free ({_of_target(table)}); {village_words(v)} gains a {DIE[card][half]} stall "
            f"and pays others {OPP[card][half]} there"
        )
    if kind == "skip":
        return f"keeps all {plural(state.hand[seat].bit_count(), 'card')} in hand for sales to come"
    if kind == "buy":
        card = INDEX[action[1]]
        left = state.coins[seat] - PRICE
        if last_round(state):
            return f"a card for no round to come: cards in hand do not count; {plural(left, 'coin')} left"
        rival = short_of_the_race(state, seat)
        if rival is not None:
            return (
                f"a card to tuck next round (stall {DIE[card][0]} or {DIE[card][1]}): without it {who(seat)} "
                f"cannot reach {TARGET} table cards then, and {who(rival)} can; {plural(left, 'coin')} left"
            )
        return f"a card to tuck later (stall {DIE[card][0]} or {DIE[card][1]}); {plural(left, 'coin')} left"
    later = "" if last_round(state) else " and buy later"
    return f"keeps {plural(state.coins[seat], 'coin')}: coins break ties{later}"  # end_buying


def end_near(state: MerchantLordState) -> bool:
    """The match may end with this round (rules §8.2): someone is a placement from 9 table
    cards, or it is the last round allowed."""
    return bool(max(state.table) >= TARGET - 1 or state.round >= state.max_rounds)


def _sale(state: MerchantLordState, seat: int, action: Action) -> str:
    v = VINDEX[action[1]]
    tucks = [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
    coins, favour, owner_coins, _, _ = state.sale_paid(seat, v, tucks)
    parts = [f"sale at {village_words(v)}"]
    rewards = state.sale_rewards(seat, v, tucks)
    placed = placements(rewards)
    if tucks or placed:
        added = len(tucks) + placed
        by = f", {placed} by Free Placement" if placed else ""
        parts.append(f"+{plural(added, 'table card')} ({_of_target(state.table[seat] + added)}{by})")
    gain = plural(coins, "coin") + (f" + {favour} favour" if favour else "")
    parts.append(gain + "".join(f" + {reward_words(reward, lost)}" for reward, lost in rewards))
    owner = v // 3
    if owner != seat:
        parts.append(f"pays {{p{owner}}} {plural(owner_coins, 'coin')}")
    used = state.vstall[v] + sum(UNIT[DIE[card][half]] for card, half in tucks)
    left = state._unplaced(seat) - used
    if left:
        values = unpack(left)  # ("2 left" read as two dice beside the builder's "(1 left)")
        dice = f"a {values[0]}" if len(values) == 1 else f"dice {dice_words(values)}"
        parts.append(f"{dice} left: {_best_sale(state, seat, left, but=v)}")
    else:
        parts.append("uses every die")
    return "; ".join(parts)


def _of_target(cards: int) -> str:
    """A count of table cards against the 9 that end the game: "5 of 9", and at 9 or more "10:
    9 or more end the game with the round" ("10 of 9" read as a count past its maximum)."""
    if cards < TARGET:
        return f"{cards} of {TARGET}"
    return f"{cards}: {TARGET} or more end the game with the round"


#: what ``_best_sale`` says where the dice fit no village
NO_FIT = "no village fits these dice"


def sellers_to_come(state: MerchantLordState, seat: int, cards: int = 0, earned: Sequence[int] = ()) -> str | None:
    """What the seats still to sell after ``seat``'s worked-out turn may lay on their tables
    (``last_turn.DecidingTurn``'s model of them): "AI 2 can lay a card more with an 85% chance, two
    with a 70% chance" (what it can, not what it will: "AI 2 lays a card more for sure" was said of
    a seat that then sold nowhere, its match lost whatever it laid). A sure ninth card stood at
    "22% of the win" with nothing said of AI 2, two cards in hand and its turn still to come.
    Where the seat's turn ends with ``cards`` table cards, its sales paying each seat ``earned``
    coins, a tie on cards the coins settle whatever the sales to come pay is said too ("a tie on
    cards goes to you on coins, 8 to at most 5"): a sure win read as a coin flip. None: nothing
    to say."""
    if not worked_out(state, seat) or last_seller(state, seat):
        return None
    sellers = later_sellers(state, seat)
    paid = [sum(later.pay[q] for later in sellers.values()) for q in range(state.n)]
    said = []
    for q, (one, two, _) in sellers.items():
        if one <= 0:
            continue
        words = f"{who(q)} can lay a card more {_odds(one)}" + (f", two {_odds(two)}" if two > 0 else "")
        if earned and state.table[q] < cards <= state.table[q] + (2 if two > 0 else 1):
            own, theirs = state.coins[seat] + earned[seat], state.coins[q] + earned[q]
            if tie_on_coins(own, paid[seat], theirs, paid[q]) == 1.0:
                words += f"; a tie on cards goes to {who(seat)} on coins, {own} to at most {theirs + paid[q]}"
        said.append(words)
    return "; ".join(said) or None


def _odds(chance: float) -> str:
    return "for sure" if chance >= 1.0 - SAME else f"with {_chance(chance)}"


def _chance(chance: float) -> str:
    """A chance in words a newcomer reads at once: "a 65% chance", "no chance"."""
    percent = round(100 * chance)
    if percent == 0:
        return "no chance" if chance == 0 else "under a 1% chance"
    if percent == 100 and chance < 1.0 - SAME:  # ("a 100% chance" of a reroll one roll in 144 left short)
        return "over a 99% chance"
    return f"{'an' if str(percent).startswith('8') or percent in (11, 18) else 'a'} {percent}% chance"


def _reroll_odds(state: MerchantLordState, seat: int, kept: int, rolled: int) -> str:
    """What a reroll may bring, in words: the chance to tuck a card (more cards than now) with
    cards in hand, else (or where it cannot) the chance to sell for more (to sell at all, where no
    village fits the dice now), then the chance to sell for less where the dice rolled may lose a
    sale, every sale the dice allow counted, and the sale now. The risk is said: "a 1% chance of a
    better sale" alone read as a free try where the roll lost a sure sale five times in six."""
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    better, more = odds.chances(kept, rolled)
    risk = _risk_words(odds, kept, rolled)
    now = _sales_now(state, seat, dice)  # (what the odds are against: "now: 2 coins at …" read as one sale)
    sure = _sure_turn(state, seat)
    now += f"; {sure}" if sure else ""
    cards = "a card" if odds.tucked(dice) == 0 else "more cards"
    if not state.hand[seat]:
        return f"{_selling_odds(state, seat, odds, kept, rolled)}{risk} (now: {now}; no card in hand to tuck)"
    if better == 0:
        return f"{_selling_odds(state, seat, odds, kept, rolled)}{risk} (now: {now})"
    if more == 0:
        return f"no chance to tuck {cards}, {_selling_odds(state, seat, odds, kept, rolled)}{risk} (now: {now})"
    return f"{_chance(more)} to tuck {cards}{risk} (now: {now})"


def _risk_words(odds: RerollOdds, kept: int, rolled: int) -> str:
    """What a reroll risks: ", a 67% chance to sell nothing" where every roll that sells for less
    sells nowhere ("to sell for less" hid that two rolls in three threw a sure 3-coin sale away),
    ", an 81% chance to sell for less or nothing (nothing: 39%)", or ""."""
    worse, nothing = odds.losing(kept, rolled), odds.nothing(kept, rolled)
    if not worse:
        return ""
    if nothing >= worse - SAME:
        return f", {_chance(worse)} to sell nothing"
    if not nothing:
        return f", {_chance(worse)} to sell for less"
    share = f"{round(100 * nothing)}%" if nothing >= 0.005 else "under 1%"
    return f", {_chance(worse)} to sell for less or nothing (nothing: {share})"


def _best_odds(state: MerchantLordState, seat: int) -> str:
    """Why keeping the favour may be worth more: what the reroll with the best chance offers, and
    its risk ("at best, rerolling the 2: a 20% chance to tuck a card, a 50% chance to sell for less"): the
    chances of one reroll, not the best of each from different rerolls. The best is the one most
    likely to tuck more, else to sell for more as the words count it (more coins or favour):
    "at best, rerolling the 4 and the 6: no chance to sell for more, a 39% chance to sell for
    less" named a reroll whose better rolls only changed which card a sale tucked, where
    rerolling the 4 alone risked nothing. Where no reroll may bring either, that is said."""
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    tucking = bool(state.hand[seat])
    # (the chance to tuck more, to sell for more, to pay the others less, minus that to sell for less)
    best = (-1.0, -1.0, -1.0, 0.0, dice)
    for kept, rolled in odds.rerolls():
        more = odds.chances(kept, rolled)[1] if tucking else 0.0
        better, less = _selling_chances(state, seat, odds, kept, rolled)
        best = max(best, (more, better, less, -odds.losing(kept, rolled), kept))
    more, better, less = best[0], best[1], best[2]
    if more <= 0 and better <= 0 and less <= 0:
        return f"no reroll may {'tuck more cards or ' if tucking else ''}sell for more"
    risk = _risk_words(odds, best[4], size(dice - best[4]))
    # (which dice: "the best reroll: a 31% chance …" beside a list whose one reroll said 17%)
    which = f"at best, rerolling the {' and the '.join(map(str, unpack(dice - best[4])))}"
    if more <= 0:
        return f"{which}: {_selling_odds(state, seat, odds, best[4], size(dice - best[4]))}{risk}"
    cards = "a card" if odds.tucked(dice) == 0 else "more cards"
    return f"{which}: {_chance(more)} to tuck {cards}{risk}"


def _sure_turn(state: MerchantLordState, seat: int) -> str:
    """A turn of a die that, for sure, makes a sale where no village fits the dice now, tucks more
    cards, or sells for more, every sale counted (``RerollOdds.every``): "the best reroll: a 64%
    chance of a sale" alone read as a gamble where turning a 3 into a 4 sold, and "a 17% chance
    to sell for more" where turning a 5 into a 4 made a second sale. What it brings is said
    (``_more_words``)."""
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    value, tucked = odds.every(dice)
    best: tuple[int, float, Action] | None = None
    for action in state.legal_actions():
        if action[0] == "adjust":
            then = odds.every(dice - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])])
            if (then[1] > tucked or then[0] > value) and (best is None or (then[1], then[0]) > best[:2]):
                best = (then[1], then[0], action)
    further = _turns_for_more(state, seat, dice, best is None) if best is None or best[0] <= tucked else ""
    if best is None:
        return further
    more, _, action = best
    turned = adjusted(action[1], action[2])
    after = dice - UNIT[action[1]] + UNIT[turned]
    turning = f"turning a {action[1]} into a {turned} for {ADJUST_COST} favour"
    if _best_sale(state, seat, dice) == NO_FIT:
        said = f"{turning} sells for sure: {_sales_now(state, seat, after)}"
    elif more > tucked:
        return f"{turning} tucks {plural(more, 'card')} for sure"
    else:
        said = f"{turning} {_more_words(state, seat, dice, after)}"
    return "; ".join(part for part in (said, further) if part)


def _turns_for_more(state: MerchantLordState, seat: int, dice: int, sales: bool) -> str:
    """Where no one turn of a die tucks more cards (nor, with ``sales``, sells for more), the
    fewest turns (two or three, as the seat's favour pays) that do, for sure ("turning a 4 into
    a 2 in 2 turns for 4 favour tucks 1 card for sure"): a hint led with a 19% reroll for a tuck
    where two turns of a 4 made it sure, 10 favour to spend, and named them nowhere; and said "at
    best, rerolling the 3: a 17% chance to sell for more" where turning it twice into a 5 made a
    second sale."""
    if not any(action[0] == "adjust" for action in state.legal_actions()):
        return ""
    odds = RerollOdds(state, seat, dice)
    value, tucked = odds.every(dice)
    levels = turned(dice, min(TURNS_LOOKED, state.favour[seat] // ADJUST_COST))
    for turns, level in enumerate(levels[2:], start=2):
        sold = {then: odds.every(then) for then in level}
        cards, then = max(((cards, then) for then, (_, cards) in sold.items()), default=(0, dice))
        if state.hand[seat] and cards > tucked:
            return f"{_turning_words(dice, then, turns)} tucks {plural(cards, 'card')} for sure"
        # (never a tuck given up for coins: "sells for more favour" of two turns that lost a card)
        kept = [(worth, then) for then, (worth, cards) in sold.items() if cards >= tucked]
        more, then = max(kept, default=(0.0, dice))
        if sales and more > value + SAME:
            return f"{_turning_words(dice, then, turns)} {_more_words(state, seat, dice, then)}"
    return ""


def _turning_words(dice: int, then: int, turns: int) -> str:
    """The ``turns`` turns that make ``dice`` into ``then``: "turning a 3 into a 5 in 2 turns for 4
    favour", "turning 4 4 into 2 2 in 2 turns for 4 favour"."""
    gone, come = unpack(_less(dice, then)), unpack(_less(then, dice))
    what = f"a {gone[0]} into a {come[0]}" if len(gone) == 1 else f"{dice_words(gone)} into {dice_words(come)}"
    return f"turning {what} in {turns} turns for {turns * ADJUST_COST} favour"


def _less(dice: int, other: int) -> int:
    """The dice of ``dice`` that ``other`` has not (as multisets)."""
    left = 0
    for value in range(1, 7):
        extra = count(dice, value) - count(other, value)
        if extra > 0:
            left += extra * UNIT[value]
    return left


def _more_words(state: MerchantLordState, seat: int, dice: int, after: int) -> str:
    """What the sales of ``after`` bring beyond those of ``dice`` (both as ``best_sales`` makes
    them), said as it is: more coins, else more favour, else less paid to the others, else the
    sales themselves ("sells for more" of a turn that sold for 3 coins in place of 4, at our own
    village rather than at two others', read as a false sum)."""
    now, then = _sale_sums(state, seat, dice), _sale_sums(state, seat, after)
    if then[0] > now[0]:
        # (what the sale now fires that the other does not, said beside its coins: "4 coins (now
        # 2)" of a sale whose 2 coins came with a Free Caravan read as a plain gain)
        fired = _fired(state, seat, after)
        lost = [reward for reward in _fired(state, seat, dice) if reward not in fired]
        kept = "".join(f" and a {ONE_TIME_WORDS[reward]}" for reward in lost)
        return f"sells for more coins for sure: {plural(then[0], 'coin')} (now {now[0]}{kept})"
    if then[0] == now[0] and then[1] > now[1]:
        return f"sells for more favour for sure: {then[1]} (now {now[1]}), and {plural(then[0], 'coin')}"
    if then[0] == now[0] and then[2] < now[2]:
        return (
            f"pays the others less for sure: {plural(then[0], 'coin')} for {who(seat)} and {then[2]} for them "
            f"(now {now[2]})"
        )
    return f"sells for sure: {_sales_now(state, seat, after)}"


def _fired(state: MerchantLordState, seat: int, dice: int) -> list[str]:
    """The one-time rewards the sales of ``dice`` fire (``best_sales``), each once; not one that
    will be lost ("and a Free Placement" of a tuck that emptied the hand, where the plays list
    said "+FP lost")."""
    fired: list[str] = []
    for v, tucks in best_sales(state, seat, dice):
        kept = [reward for reward, lost in state.sale_rewards(seat, v, tucks) if lost is None]
        fired += [reward for reward in kept if reward not in fired]
    return fired


def _sale_sums(state: MerchantLordState, seat: int, dice: int) -> tuple[int, int, int]:
    """The coins and favour the sales of ``dice`` pay ``seat`` (``best_sales``), and the coins
    they pay the others (a village's owner is paid for a sale there)."""
    coins = favour = paid = 0
    for v, tucks in best_sales(state, seat, dice):
        if v // 3 == seat:
            added = tucked_pay(tucks)
            coins += state.vownc[v] + added[0]
            favour += state.vownf[v] + added[1]
        else:
            coins += state.vopp[v]
            paid += state.vownc[v]
    return coins, favour, paid


def _selling_odds(state: MerchantLordState, seat: int, odds: RerollOdds, kept: int, rolled: int) -> str:
    """ "a 17% chance to sell for more" (more coins or favour for you, every sale counted: a
    second sale is more), and the chance to pay the others less where a roll does only that
    (a 3 4 that sold for the same 4 coins, 2 fewer for AI 3, read as "a 6% chance to sell for
    more"); or "a 64% chance of a sale" where the dice fit no village now."""
    more, less = _selling_chances(state, seat, odds, kept, rolled)
    if odds.every(odds.dice)[0] <= 0:
        return f"{_chance(more)} of a sale"
    paid = f", {_chance(less)} to pay the others less" if less else ""
    half = _better_half(state, seat, odds, kept, rolled)
    # (what else the roll may bring: "no chance to tuck more cards, no chance to sell for more"
    # stood over a reroll the search liked for its 1 in 6 of tucking a card by the half whose
    # one-time reward is worth more than the coin the other half pays)
    better = f", {_chance(half)} to tuck a card by a half with a better reward" if half else ""
    return f"{_chance(more)} to sell for more{paid}{better}"


def _better_half(state: MerchantLordState, seat: int, odds: RerollOdds, kept: int, rolled: int) -> float:
    """The chance that the roll makes the dice worth more (``RerollOdds.every``) by no more coins,
    favour nor less paid to the others: a card tucked by its other half, whose one-time reward
    outweighs (``rolls.HALF_WORTH``)."""
    value, now = odds.every(odds.dice)[0], _sale_sums(state, seat, odds.dice)
    chance = 0.0
    for outcome, share in OUTCOMES[rolled]:
        if odds.every(kept + outcome)[0] > value + SAME:
            then = _sale_sums(state, seat, kept + outcome)
            if then[:2] <= now[:2] and then[2] >= now[2] and odds.tucked(kept + outcome) == odds.tucked(odds.dice):
                chance += share
    return chance


def _selling_chances(
    state: MerchantLordState, seat: int, odds: RerollOdds, kept: int, rolled: int
) -> tuple[float, float]:
    """``_selling_odds`` in figures: the chance to sell for more (of a sale, where the dice fit no
    village now), and the chance to pay the others less."""
    if odds.every(odds.dice)[0] <= 0:
        return odds.chances(kept, rolled)[0], 0.0
    value, now = odds.every(odds.dice)[0], _sale_sums(state, seat, odds.dice)
    more = less = 0.0
    for outcome, chance in OUTCOMES[rolled]:
        if odds.every(kept + outcome)[0] > value:
            then = _sale_sums(state, seat, kept + outcome)
            if then[:2] > now[:2]:
                more += chance
            elif then[2] < now[2]:
                less += chance
    return more, less


def reroll_figures(state: MerchantLordState, seat: int, action: Action) -> tuple[float, ...] | None:
    """The figures a hint states of a reroll (``explain``), each the more the better: the chance
    that the turn played on tucks a card, that this roll tucks more cards, sells for more, pays
    the others less, and does not sell for less (None: ``action`` is no reroll). Of rerolls the
    search cannot tell apart, one these put ahead goes first (``GameAI.figures``): a hint starred
    "a 6% chance to sell for more" above "Or: … a 17% chance", the same favour spent."""
    if action[0] != "reroll":
        return None
    dice = state._unplaced(seat)
    kept = dice
    for value in action[1:]:
        kept -= UNIT[value]
    rolled = len(action) - 1
    odds = RerollOdds(state, seat, dice)
    turn = tuck_chance(state, seat, action) if state.hand[seat] else 0.0
    more, less = _selling_chances(state, seat, odds, kept, rolled)
    return (turn, odds.chances(kept, rolled)[1], more, less, -odds.losing(kept, rolled))


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def _plan(state: MerchantLordState, seat: int, line: Sequence[Action], dice: int | None = None) -> str:
    """The rest of the favour step the search means to play, every step in order, up to its
    sale ("then turn a 3 into a 2, dice 1 1 2 5; then the sale at your 2-5 village"): a plan
    that skipped a step would name a sale the dice shown cannot make. At a roll, the roll or a
    sale now, which the next hint weighs: "then roll 1 die again" alone was dropped by the next
    hint three times in a match ("No more favour: sell"), and the sale the dice made before the
    roll, said alone, was left by a next hint that rolled. ``dice``: the dice after ``line[0]``
    (the unplaced ones by default). "" if nothing follows."""
    dice = state._unplaced(seat) if dice is None else dice
    steps = []
    earned = [0] * state.n  # (the coins the plan's sales pay each seat)
    for action in _needed(state, seat, line):
        if action[0] == "reroll":  # (what follows a roll is chance: the line stops here)
            roll, now = f"roll {dice_words(action[1:])} again ({REROLL_COST} favour)", _sales_now(state, seat, dice)
            other = f"not ({now} yet)" if now == NO_FIT else f"sell now ({now})"
            steps.append(f"{roll} or {other}: the next hint weighs them")
            break
        if action[0] == "adjust":
            into = adjusted(action[1], action[2])
            dice = dice - UNIT[action[1]] + UNIT[into]
            steps.append(f"turn a {action[1]} into a {into} ({ADJUST_COST} favour), dice {dice_words(unpack(dice))}")
        elif action[0] == "sell":
            tucked = len(action[2])
            village = VINDEX[action[1]]
            got, _, owner_got, _, _ = state.sale_income(
                seat, village, [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
            )
            supply = max(0, state.sup_coins - sum(earned))  # (rules §7.2: paid while the supply lasts)
            earned[seat] += min(got, supply)
            earned[village // 3] += min(owner_got, supply - min(got, supply))
            steps.append(
                f"the sale at {village_words(village)}"
                + (f" tucking {plural(tucked, 'card')}" if tucked else "")
                + (_ending(state, seat, tucked, earned) if tucked and state.table[seat] + tucked >= TARGET else "")
            )
        elif steps and steps[-1].startswith("the sale"):
            break  # (the sales in a row, each said: "then the sale at …" named one of the two counted)
    if steps and tuple(line[-1]) == ("end_favour",) and not any(step.startswith("the sale") for step in steps):
        steps.append(_sales_now(state, seat, dice))  # (turns that end the step: what they sell, for sure)
    return "; ".join("then " + step for step in steps)


def _ending(state: MerchantLordState, seat: int, tucked: int, earned: Sequence[int]) -> str:
    """What a plan's sale that brings the table to 9 (``tucked`` cards) does, and who may still
    answer it (``earned``: the coins the plan's sales pay each seat)."""
    later = sellers_to_come(state, seat, state.table[seat] + tucked, earned)
    return f" ({TARGET} table cards end the match with the round" + (f"; still to sell, {later})" if later else ")")


def _needed(state: MerchantLordState, seat: int, line: Sequence[Action]) -> list[Action]:
    """``line``'s steps after its first, less each turn of a die the sale it leads to can do
    without (no roll before it): "then turn a 2 into a 3 (2 favour)" for the die a sale leaves
    to the market either way, which the next hint dropped as it was worth nothing."""
    rest = _unlooped(state._unplaced(seat), line) or []  # (None: its first is undone; said apart)
    sale = next((i for i, action in enumerate(rest) if action[0] == "sell"), None)
    if sale is None or any(action[0] == "reroll" for action in rest[:sale]):
        return rest
    kept: list[Action] = []
    for i, action in enumerate(rest[:sale]):
        if not (action[0] == "adjust" and _sells_as(state, [line[0], *kept, *rest[i + 1 : sale]], rest[sale])):
            kept.append(action)
    return kept + rest[sale:]


def _sells_as(state: MerchantLordState, actions: Sequence[Action], sale: Action) -> bool:
    """Whether ``actions``, played in turn from ``state``, leave a sale at ``sale``'s village that
    tucks as many cards (its cards' halves may differ: "then turn a 4 into a 3" for M20's right
    half, where its left half, a 4, tucked it as well, 2 favour for nothing)."""
    world = state.clone()
    for action in actions:
        if action not in world.legal_actions():
            return False
        world.apply(action, log=False)
    return any(
        other[0] == "sell" and other[1] == sale[1] and len(other[2]) >= len(sale[2]) for other in world.legal_actions()
    )


def _unlooped(dice: int, line: Sequence[Action]) -> list[Action] | None:
    """``line``'s steps after its first less the turns of a die that a later turn undoes (the
    dice back as they were), from ``dice`` before it; None where its first is undone so. The
    search follows its most visited moves, and a hint read "Either is about as good: … then turn
    a 5 into a 6, …; then turn a 6 into a 5": 4 favour for the dice it had."""
    after = dice
    if line[0][0] == "adjust":
        after = dice - UNIT[line[0][1]] + UNIT[adjusted(line[0][1], line[0][2])]
    seen: dict[int, int] = {after: 0}
    kept: list[Action] = []
    rest: list[Action] = []
    for index, action in enumerate(line[1:], 1):
        if action[0] != "adjust":
            rest = list(line[index:])
            break
        after = after - UNIT[action[1]] + UNIT[adjusted(action[1], action[2])]
        if after in seen:
            kept = kept[: seen[after]]
            seen = {d: at for d, at in seen.items() if at <= len(kept)}
        else:
            kept.append(action)
            seen[after] = len(kept)
    if line[0][0] == "adjust" and after == dice:
        return None
    return kept + rest


def _best_sale(state: MerchantLordState, seat: int, dice: int, but: int = -1) -> str:
    """The best single sale ``dice`` allow now (another village than ``but``), in words: most
    cards tucked at an own village, else most coins at another's; an own village's favour said
    with its coins ("2 coins" of a village that pays its owner 2 coins and 5 favour hid the
    favour that made the turn of a die worth it)."""
    best: tuple[int, int, int] | None = None  # (cards tucked, coins, village)
    hand = state.hand[seat]
    for v in range(3 * state.n):
        if v == but or state.vseller[v] >= 0:
            continue
        left = (dice | GUARD) - state.vstall[v]
        if left & GUARD != GUARD:
            continue
        option = (max_tucks(left ^ GUARD, hand), state.vownc[v], v) if v // 3 == seat else (0, state.vopp[v], v)
        if best is None or option[:2] > best[:2]:
            best = option
    if best is None:
        return NO_FIT
    return _sale_words(state, seat, best[2], best[0])


def _sale_words(state: MerchantLordState, seat: int, v: int, cards: int) -> str:
    """One sale at village ``v`` tucking ``cards`` cards, in words: the cards tucked, else the
    coins (and an own village's favour) it pays."""
    if cards:
        return f"{plural(cards, 'card')} tucked at {village_words(v)}"
    coins = state.vownc[v] if v // 3 == seat else state.vopp[v]
    favour = state.vownf[v] if v // 3 == seat else 0
    paid = [plural(coins, "coin")] * bool(coins or not favour) + [f"{favour} favour"] * bool(favour)
    return f"{' and '.join(paid)} at {village_words(v)}"


def _sales_now(state: MerchantLordState, seat: int, dice: int) -> str:
    """What ``dice`` sell now, as a reroll's odds count it: every sale of the best total, one
    after another ("2 coins at …, then 1 card tucked at …"), else the best single sale; with the
    one-time rewards they fire ("now: 1 card tucked at your 3-4 village" beside "turning a 1 into
    a 2 for 2 favour tucks 2 cards for sure" hid the Free Placement that made the same two cards
    for no favour)."""
    sales = best_sales(state, seat, dice)
    if not sales:
        return _best_sale(state, seat, dice)
    # (the sale of the best total even where it is one: "now: 3 coins at AI 2's 3-4 village", the
    # most coins, stood beside "sells for more coins for sure: 4 coins (now 2)" of the same dice,
    # which counted the 2 coins and 5 favour of the player's own 3-4 village)
    said = ", then ".join(_sale_words(state, seat, v, len(tucks)) for v, tucks in sales)
    return said + "".join(f" and a {ONE_TIME_WORDS[reward]}" for reward in _fired(state, seat, dice))
