"""Search settings per level, the prior that orders expansions and the actions AI seats weigh
(``GameAI``).

Scores are for the seat to move, in projected points (``evaluation``); only their order matters
and nothing is applied except the few trade proposals (judged on a copy):

- building: a claim or purchase by the city points it completes or brings nearer, plus the
  other players' routes it removes, less what it costs (gold, a card); a destruction by the
  city its victim loses, less its cost; selling a RoP by its gold less the cities it puts out of
  reach; a suggested proposal by what it brings if accepted, below ending the build when its
  partner would refuse it by its own judgement (``trading.judge``);
  ending the build is the yardstick (0);
- bidding (at a few levels, ``considered``): an item's worth to the seat (``use_worth``) less
  the bid, so the search tries the items it wants at prices it can bear first; passing is the
  yardstick;
- the Shah goes to the player doing best (they bid first and build first, without hindsight);
- an offer by the recipient's own judgement (``trading.judge``), less the margin;
- a Night: averting or pledging by the routes at stake; a loss, the route whose removal costs
  the least.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from caravan_tui.ai.ismcts import search
from caravan_tui.engine import Action, GameAI, Measure, ReviewTerms

from .calibration import calibrated
from .cards import ITEM_INDEX, ROP
from .decline_reason import priced, takes
from .evaluation import (
    MARGIN,
    Board,
    board_of,
    builds_left,
    charged,
    city_points,
    estimate,
    item_use,
    projected,
    projected_all,
    rop_sale,
    use_worth,
)
from .explain import explain, takes_a_city
from .final_destroy import opened_by
from .final_gift import hands_a_city
from .final_shah import idle_shah_bid
from .idle_rights import free_sale, idle_rop_bid
from .last_build import idle_route, unsold_end
from .last_gold import spends_last_gold
from .maps import COLOUR_INDEX, COMMODITY_AT, COST, ENDS, MAJORITY, SLOTS
from .mutual import next_step
from .night import loss_routes
from .offers import apply_trade_step
from .overbids import overbid, unanswerable
from .rules import AhldarahdState
from .scored import scored_words
from .terms import (
    ANSWER,
    BID_OPEN,
    BID_PHASES,
    BID_RAISE,
    BUILD,
    COMPOSE,
    NIGHT_AVERT,
    NIGHT_LOSS,
    NIGHT_PRICE,
    SETUP,
    SHAH_GIVE,
)
from .trading import declined_before, judge, offer_net, traded
from .tuned import tuned_estimate

#: what the prior charges for a gold and for a card spent (points)
GOLD = 0.12
CARD = 0.5
#: what the prior counts of the points a destroy takes from their holder
DESTROY_HURT = 0.6
#: the prior of a suggested proposal its partner would decline by its own judgement: below
#: ending the build, so search reaches it last (and a refusal costs ``OFFER_COST``)
REFUSED = -0.3


def _route_gain(state: AhldarahdState, board: Board, seat: int, m: int, r: int) -> float:
    """Points a marker of ``seat``'s on route r of map m adds: cities completed (with the
    others' routes they remove) or brought nearer."""
    n = state.n
    gain = 0.0
    row = COMMODITY_AT[m]
    for slot in ENDS[r]:
        j = m * SLOTS + slot
        holder = state.ctrl[j]
        if holder == seat:
            gain += 0.05  # a spare route guards the city
            continue
        have = board.cnt[j * n + seat]
        need = MAJORITY[slot] - have
        free = board.empty[j]
        if need > free:
            need += 2 * (need - free)
        value = city_points(board, seat, m, row[slot], slot)
        if need == 1 and holder < 0:
            others = sum(board.cnt[j * n + q] for q in range(n) if q != seat)
            gain += value + 0.3 * others
        elif need <= 4:
            gain += value * 0.5 / need
    return gain


def _build_prior(state: AhldarahdState, seat: int, actions: Sequence[Action]) -> list[float]:
    board = board_of(state)
    scores = []
    judged = None
    for action in actions:
        kind = action[0]
        if kind == "end":
            scores.append(0.0)
        elif kind == "claim" or kind == "buy":
            m, r = COLOUR_INDEX[action[1]], action[2] - 1
            d = state.discount(seat, r)
            cost = ((1 - d) * GOLD + CARD) if kind == "claim" else (COST[r] - d) * GOLD
            scores.append(_route_gain(state, board, seat, m, r) - cost + (0.05 if kind == "claim" else 0.0))
        elif kind == "destroy":
            m, r = COLOUR_INDEX[action[1]], action[2] - 1
            victim = state.owner[m * 21 + r]
            hurt = 0.0
            for slot in ENDS[r]:
                j = m * SLOTS + slot
                if state.ctrl[j] == victim and board.cnt[j * state.n + victim] - 1 < MAJORITY[slot]:
                    hurt += DESTROY_HURT * city_points(board, victim, m, COMMODITY_AT[m][slot], slot)
            cards = sum(1 for h in action[3:5] if h != "gold")
            cost = state.destroy_price(seat, r, action[3:5]) * GOLD + cards * CARD
            scores.append(hurt - cost - 0.2)
        elif kind == "sell_rop":
            k = COLOUR_INDEX[action[1]]
            # in the final turn, kept it may still pay for a destroy (``final_destroy``)
            kept = item_use(state, seat, ROP + k, board) + DESTROY_HURT * opened_by(state, seat, k) / GOLD
            scores.append((rop_sale(state, k) - kept) * GOLD - 0.1)
        else:  # a suggested proposal ("offer")
            if judged is None:
                judged = projected(state, seat, board)
            scores.append(_offer_value(state, seat, action, judged))
    return scores


def _offer_value(state: AhldarahdState, seat: int, action, before: float) -> float:
    """What a suggested proposal brings ``seat`` if accepted, in points, less if the partner
    would refuse it by their own judgement."""
    world = state.clone()
    world._legal = None
    apply_trade_step(world, seat, action, None)
    after = traded(world)
    if after is None:
        return -0.5
    verdict = judge(world)
    if not verdict.good:
        return REFUSED  # the partner would decline it: asking anyway only spends a proposal
    return projected(after, seat) - before


def _bid_prior(state: AhldarahdState, seat: int, actions: Sequence[Action]) -> list[float]:
    board = board_of(state)
    worth: dict[int, float] = {}
    scores = []
    for action in actions:
        if action[0] == "pass":
            scores.append(0.0)
            continue
        if action[0] == "raise":
            item, bid = state.item, action[1]
        else:
            item, bid = ITEM_INDEX[action[1]], action[2]
        w = worth.get(item)
        if w is None:
            w = worth[item] = use_worth(state, seat, item, board)
        scores.append((w - bid) * GOLD - 0.01 * bid)
    return scores


def _setup_prior(state: AhldarahdState, seat: int, actions: Sequence[Action]) -> list[float]:
    board = board_of(state)
    return [-0.5 if action[0] == "done" else _route_gain(state, board, seat, seat, action[1] - 1) for action in actions]


def _night_prior(state: AhldarahdState, seat: int, actions: Sequence[Action]) -> list[float]:
    at_stake = 0.0 if state.eyes == seat else (0.6 if loss_routes(state, seat, state.n_comm) else 0.0)
    pledged = sum(k for _, k in state.pledges)
    scores = []
    for action in actions:
        kind = action[0]
        if kind == "avert":
            scores.append(at_stake - CARD)
        elif kind == "pledge":
            share = action[1] / max(1, NIGHT_PRICE - pledged)
            scores.append(at_stake * share - action[1] * GOLD)
        else:
            scores.append(0.0)
    return scores


def _loss_prior(state: AhldarahdState, seat: int, actions: Sequence[Action]) -> list[float]:
    scores = []
    for action in actions:
        m, r = COLOUR_INDEX[action[1]], action[2] - 1
        world = state.clone()
        world._legal = None
        world._remove(m, r, None, None)
        scores.append(projected(world, seat))
    return scores


#: the bids AI seats weigh (a person may bid any amount): openings, raises over the current bid,
#: pledges (and the pledge that completes the price)
OPEN_LEVELS = frozenset((0, 1, 2, 3, 4, 6, 8, 11, 15, 20))
RAISE_STEPS = frozenset((1, 2, 3, 5, 8))
PLEDGE_LEVELS = frozenset((1, 2, 3, 5))


def considered(state: AhldarahdState, legal: list) -> list:
    """AI seats bid at a few levels (``OPEN_LEVELS``, ``RAISE_STEPS``, ``PLEDGE_LEVELS``), so
    search spreads over distinct prices rather than every gold piece. They trade by the engine's
    suggested proposals (``offers.suggested_offers``), whole actions the prior can judge, and the
    one trade a build both sides gain from (``plan``); an item they hold they open only at 0; they
    never write one step by step (``trade_with``): the search spent a third of the moves of
    AI-only matches on drafts partners declined. Nor do they repeat, in the same build, a
    proposal a partner declined, or a worse one for that partner. Nor do they weigh a move
    another beats whatever follows: a raise above the least where nobody could answer that
    (``overbids.unanswerable``), a Right of Passage sold for nothing (``idle_rights.free_sale``);
    weighed and then vetoed, their visits went to no other move (a hint starred "Raise to 2" over
    "Raise to 1", and without it would have put passing first)."""
    phase = state.phase
    if phase == BID_OPEN:
        seat = state.turn
        # an item one holds opened above 0 only pays for what one keeps by opening at 0 (a
        # raise can still be answered): easy paid 6 gold to "win back" the Eyes it held
        return [
            action
            for action in legal
            if action[2] in OPEN_LEVELS and (action[2] == 0 or state.holder(ITEM_INDEX[action[1]]) != seat)
        ]
    if phase == BID_RAISE:
        high = state.high
        steps = (1,) if unanswerable(state, state.cur, high + 1) else RAISE_STEPS
        return [action for action in legal if action[0] == "pass" or action[1] - high in steps]
    if phase == NIGHT_AVERT:
        missing = NIGHT_PRICE - sum(k for _, k in state.pledges)
        return [
            action for action in legal if action[0] != "pledge" or action[1] in PLEDGE_LEVELS or action[1] == missing
        ]
    if phase != BUILD:
        return legal
    if state.proposals:
        refused = state.refused
        legal = [
            action
            for action in legal
            if action[0] != "trade_with"
            and (action[0] != "offer" or not refused or not declined_before(action, refused))
        ]
    return [action for action in legal if not free_sale(state, action)]


#: worlds redealt from the proposer's view in which ``vetoed`` asks the partner's judgement
VETO_WORLDS = 4
#: worlds redealt from the proposer's view in which ``vetoed`` searches the partner's answer, and
#: the iterations of each search (normal's settings otherwise): a bounded cost (about 0.18 s of
#: CPU an offer), paid only for an offer the evaluation lets through that a decision would make
#: or a hint show (``ai.policies.allowed``: the search's choice, the next where it is vetoed). At
#: 100 iterations a search rated +0.20 a trade that 300 and normal's 500 rate -0.36 and -0.42
#: (docs/ai.md, "The answer veto")
ANSWER_WORLDS = 4
ANSWER_ITERATIONS = 300
#: an offer is vetoed when the partner's search values accepting it below declining by more than
#: this, in win chance. At 0 the partner must gain at least the search's ``MARGIN`` charge for
#: accepting: at 0.02 (a trade merely neutral for the partner allowed) two offers in 120 games
#: were traps by 0.06 and 0.07 that 100-iteration searches rated -0.011 and -0.001
ANSWER_BELOW = 0.0


#: the levels whose search costs a small part of the veto's (easy: 100 iterations against its
#: 1,200): an offer they would make is first screened by one search of the partner's answer at
#: ``SCREEN_ITERATIONS``, and only one the screen passes is weighed in full. The screen only
#: rejects: what it passes must still pass the full veto (docs/ai.md, "The veto at easy")
SCREENED = frozenset(("easy",))
SCREEN_ITERATIONS = 100


def vetoed(state: AhldarahdState, seat: int, action: Action, level: str | None = None) -> bool:
    """No trap offers: an AI seat never proposes, nor a hint shows, a trade its proposer loses by
    (``trading.offer_net``), nor one by which its partner, by its own lights, loses by
    accepting, judged from worlds redealt from what the proposer can see (never the partner's
    real hand). First the partner's judgement (``trading.judge``): an offer by which it
    expects on average to lose win chance is vetoed at once; then a small search of the partner's
    answer (``answer_value``): the evaluation misses trades whose cost shows only in the turns
    after. The search may still like such an offer (its model of the partner accepts in some
    redeals); a person might take it on trust. At a ``SCREENED`` level a search of its own size
    comes first, so that the offers it rejects cost it no more than a move. Nor does an AI seat
    accept, or a hint advise accepting, an offer asking a card the seat lacks: it knows its own
    hand, and the trade would fail (§5; an AI accepted one, "accepts, but holds no Textiles
    card"). (A veto after the search, not a narrower choice in it: the search of a partner's
    answer, ``answer_value``, weighs accepting in every world redealt from the proposer's view.)
    Nor does a seat whose last build is over accept a trade its judgement does not call good (it
    paid gold, its tie-break, for cards and items it could no longer use). A proposal of gold
    for items and gold is answered as the judgement its decline's price is made of says
    (``decline_reason.takes``), the search's choice either way overruled. Nor a bid for a Right
    of Passage that can only lose gold (``idle_rights``), nor one for the Shah in the final turn
    that can only lose the tie-break (``final_shah``), nor one above what the item is worth to
    the bidder and to everyone a win keeps it from, as the bid's words say (``overbids``). Nor,
    in the final turn, a trade whose card lets its proposer take a city at once and draw level or
    pass (``final_gift``). Nor a
    route in the seat's last build that costs gold and scores nothing, nor its end with a Right of
    Passage unsold (``last_build``), nor a bid of the last gold for what cannot be used without gold (``last_gold``)."""
    if idle_rop_bid(state, seat, action) or idle_shah_bid(state, seat, action) or overbid(state, seat, action):
        return True
    if idle_route(state, seat, action) or spends_last_gold(state, seat, action) or unsold_end(state, seat, action):
        return True
    if action[0] == "accept":
        # a seat whose last build is over accepts only what its judgement calls good: its search
        # values the leaves by projections that count the cards and items the proposer gives as
        # claims it gave up, and a thousandth of a point for the gold paid for them (``judge``)
        if traded(state) is None or hands_a_city(state, seat):
            return True
        if priced(state):
            return not takes(state, seat)
        return not builds_left(state, seat) and not judge(state, seat).good
    if action[0] == "decline":  # a price a decline named is taken (``decline_reason.least_gold``)
        return priced(state) and takes(state, seat) and not vetoed(state, seat, ("accept",))
    if action[0] != "offer":
        return False
    if offer_net(state, seat, action) < 0:  # nor one its proposer loses by, as its words say (``describe``)
        return True
    if judged_losing(state, seat, action):
        return True
    if level in SCREENED and answer_value(state, seat, action, 1, SCREEN_ITERATIONS) < -ANSWER_BELOW:
        return True
    return answer_value(state, seat, action) < -ANSWER_BELOW


def _offered(state: AhldarahdState, seat: int, action: Action, rng: random.Random) -> AhldarahdState:
    """A world redealt from ``seat``'s view of ``state`` with its proposal ``action`` made: the
    partner is to answer."""
    world = state.determinize(seat, rng)
    world._legal = None
    apply_trade_step(world, seat, action, None)
    return world


def judged_losing(state: AhldarahdState, seat: int, action: Action) -> bool:
    """Whether the partner's judgement (``trading.judge``, on its hand in each world) expects on
    average to lose win chance by accepting ``seat``'s proposal ``action``, over
    ``VETO_WORLDS`` worlds redealt from ``seat``'s view."""
    rng = random.Random(0)  # the same worlds for every offer, and a decision stays reproducible
    gain = 0.0
    for _ in range(VETO_WORLDS):
        verdict = judge(_offered(state, seat, action, rng))
        gain += 0.0 if verdict.fails else verdict.gain
    return gain < 0.0


def answer_value(
    state: AhldarahdState, seat: int, action: Action, worlds: int = ANSWER_WORLDS, iterations: int = ANSWER_ITERATIONS
) -> float:
    """What the partner of ``seat``'s proposal ``action`` gains by accepting it rather than
    declining, in win chance, by its own search (normal's settings, ``iterations`` a search)
    averaged over ``worlds`` redealt from ``seat``'s view of ``state``: each search redeals in
    turn what the partner cannot see. Where ``seat``'s view fixes the partner's hand
    (``hand_seen``) the worlds differ in nothing the partner's search does not redeal itself, so
    one search spends their whole budget and goes deeper (where nothing is hidden at all, four
    searches of 300 iterations are one estimate four times over: at 300 a search rated +0.030 a
    trade that 1,200 rate -0.07; docs/ai.md, "The trap at 87019")."""
    if hand_seen(state, seat, action[1]):
        iterations, worlds = iterations * worlds, 1
    rng = random.Random(1)
    total = 0.0
    for number in range(worlds):
        world = _offered(state, seat, action, rng)
        partner = world.partner
        root = search(
            world,
            partner,
            iterations=iterations,
            seed=f"answer/{number}",
            prior=prior,
            considered=considered,
            horizon=int(SEARCH["horizon"]),
            exploration=SEARCH["exploration"],
            widening=SEARCH["widening"],
            widening_base=SEARCH["widening_base"],
        ).root
        value = {child.action[0]: child.reward / child.visits for child in root.children.values() if child.visits}
        total += value.get("accept", 0.0) - value.get("decline", 0.0)
    return total / worlds


def hand_seen(state: AhldarahdState, seat: int, other: int) -> bool:
    """Whether ``seat``'s view of ``state`` fixes ``other``'s hand: none of it is hidden, or the
    deck holds no card of ``other``'s colour for a redeal to swap in (``determinize``)."""
    return (
        other == seat or not state.hand[other] & ~state.known[other] or all(card // 10 != other for card in state.deck)
    )


def prior(state: AhldarahdState, actions: Sequence[Action]) -> list[float]:
    phase = state.phase
    seat: int = state.turn  # type: ignore[assignment]  # the search asks only where a seat is to move
    if phase == BUILD:
        return _build_prior(state, seat, actions)
    if phase in BID_PHASES:
        return _bid_prior(state, seat, actions)
    if phase == ANSWER:
        verdict = judge(state)
        accept = verdict.gain - MARGIN if not verdict.fails else -0.01
        if verdict.proposer_after >= 0.85:
            accept -= 1.0
        return [accept if action[0] == "accept" else 0.0 for action in actions]
    if phase == SHAH_GIVE:
        values = projected_all(state)
        return [values[action[1]] if action[1] != seat else min(values) - 1.0 for action in actions]
    if phase == SETUP:
        return _setup_prior(state, seat, actions)
    if phase == NIGHT_AVERT:
        return _night_prior(state, seat, actions)
    if phase == NIGHT_LOSS:
        return _loss_prior(state, seat, actions)
    if phase == COMPOSE:
        return [1.0 if action[0] == "cancel" else 0.0 for action in actions]
    return [0.0] * len(actions)


def plan(
    state: AhldarahdState, seat: int, index: int, iterations: int | None, seconds: float | None
) -> tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]] | None:
    """A trade both sides gain from comes first in a build, written to its end
    (``mutual.next_step``); every other position is searched (None). The search rarely proposes
    one: it models each partner as a rival in a race."""
    line = next_step(state, seat)
    if line is None or vetoed(state, seat, line[0]):
        return None
    return {line[0]: (1, estimate(state)[seat])}, {line[0]: line}


#: Every level expands best first with progressive widening and scores leaves with estimate()
#: alone (horizon 0: random rollouts spend gold and cards at random). Exploration 0.3: the
#: rewards are win chances that differ by a few hundredths between sensible moves, so the
#: generic 0.7 spreads the visits almost evenly. Measured on 3 players (/tmp scripts, seats
#: rotated, one search seat against two of the other kind): at 200 iterations a move,
#: exploration 0.7 won 4.5/9 against greedy, 0.3 9/12, 0.1 8/12; 0.3 against two 0.7 seats
#: 6/12 (a third is even). With the final evaluation: 200 iterations won 6/6 against random
#: (by 8-24 points to 0-4) and 8/12 against greedy. Trades in AI-only games at 300 iterations:
#: about 7 proposals a game with 3 players and 18 with 4, nearly all declined (a rival's gain
#: is one's loss in a race; greedy seats took 9 of 26 in the arena above).
SEARCH = {"prior": True, "widening": 0.5, "widening_base": 2.0, "horizon": 0, "exploration": 0.3, "plan": True}

#: The levels are spaced where a budget still buys strength: below about 1,500 iterations a
#: doubling counts, above it little does (hard's 6,000 x 2 beat normal's 1,500 in 59% of its
#: pairings; 500 iterations with the prior beat 200 without it in only 53%). So easy searches
#: 100 iterations without the prior (as in Merchant Lord: with it, its moves were normal's),
#: normal 500 with it, hard as before: 88%, 65% and 64% a step (docs/ai.md, "The ladder, spaced").
EASY = dict(SEARCH, prior=False, iterations=100)
NORMAL = dict(SEARCH, iterations=500)

#: a review grades a decision by the win chance it gave up. Among 3 to 5 players a fair share
#: is a fifth to a third, so the steps are smaller than the default: 4, 8 and 16 points
#: (docs/review.md)
REVIEW = ReviewTerms(
    Measure("win chance", 100.0, "%", 4.0, 8.0, 16.0),
    refusals=frozenset({("decline",)}),
    chance="a card dealt, a chip drawn from the bag",
    scored=scored_words,
)


def draws(state: AhldarahdState, action: Action) -> bool:
    """Whether ``action`` draws on chance: the state's chance moves (a chip drawn from the bank's
    bag, which may bring a Night; a shuffle). A Night comes in one draw of many, so worlds
    redealt with other luck mostly agree after such a move, and comparing a few of them misses
    it (hint lines then ran past the draw)."""
    after = state.clone()
    after.apply(action, False)
    return after.rng != state.rng


def closers(state: AhldarahdState, ranked: list[Action]) -> list[Action]:
    """Of ``ranked`` (in its order), the moves of the final turn's build by which the match may
    end with the seat to move's next step though its prior ranks them low: ending the build (the
    next seat's build, or the match's end, comes at once) and destroying a route. A hint starred
    "End your build" with 19 gold while AI 3, building next, held the person's Right of Passage:
    the look at the end followed AI 2's claims until its positions ran out, never its end of the
    build, and so never AI 3's sale, destroy and end that took the match."""
    if not state.final or state.phase != BUILD:
        return []
    return [action for action in ranked if action[0] in ("end", "destroy")]


def end_near(state) -> bool:
    """The match ends with this turn (the deck ran out: rules §3.4) or the turn guard's last."""
    return bool(state.final or state.turn_no >= state.max_turns)


AI = GameAI(
    levels={"easy": EASY, "normal": NORMAL, "hard": SEARCH},
    prior=prior,
    considered=considered,
    explain=explain,
    plan=plan,
    tuned=tuned_estimate,
    review=REVIEW,
    vetoed=vetoed,
    end_near=end_near,
    closers=closers,
    draws=draws,
    calibrated=calibrated,
    charged=charged,
    noted=takes_a_city,
    stop=("end",),
)
