"""Camel Caravan's search settings per level and its expansion prior (pure: no Textual)."""

from __future__ import annotations

from caravan_tui.engine import Action, GameAI, Measure, ReviewTerms

from .board import CITY_AT, CITY_OF_GOOD, DIST, GOOD_INDEX, MAX_TURNS, VALUE
from .deliveries import best_delivery, walk_home
from .explain import explain, exposed, thieves
from .heuristic import LAST_REFILL, SENT, action_priors, chain_steps, deliveries, delivers, sent_for_nothing
from .rules import END_TURN
from .scored import scored_words

SEARCH = {"prior": True, "widening": 0.5, "widening_base": 2.0, "horizon": 0}

#: a review grades a decision by the win chance it gave up. A turn is four small actions and
#: ``estimate()`` moves by hundredths between them, so the steps are smaller than the default:
#: 3, 6 and 12 points (docs/review.md)
#: a decision is a whole turn (``composing``): the default grades (a single action's, 3 · 6 · 12)
REVIEW = ReviewTerms(
    Measure("win chance", 100.0, "%", 5.0, 10.0, 20.0), chance="goods drawn from the bag", scored=scored_words
)


def closers(state, legal: list[Action]) -> list[Action]:
    """Of ``legal`` (in its order), the moves by which the seat to move may end the match this
    turn though its prior ranks them low: while the next refill draws the bag's last goods, the
    pick-ups that bring it (with an action left to deliver after it) and, with two actions left
    for it, a camel sent onto a loose good to pick it up (the good a camel stands on may be too
    far from its city: a seat sent a camel to the meat by Walata, picked it up and delivered it). The prior puts a
    delivery first, which ends nothing while goods are left in the bag: the end comes by
    emptying it first (a pick-up, its refill, then a delivery)."""
    bag = sum(state.bag)
    if not bag:
        return _chained(state, legal)
    if bag > LAST_REFILL:
        return []
    pickups = state.loose_count - LAST_REFILL  # the pick-ups that bring the last refill
    left = state.left
    if pickups >= left:
        return []
    loose = state.loose
    chosen = [action for action in legal if action[0] == "pickup"]
    if pickups + 2 <= left:  # (a loose good in reach may be the one delivered: seed 214's meat)
        sent = [action for action in legal if action[0] in SENT and loose[action[-1]] >= 0]
        # the goods nearest their cities first: the look follows only the first few
        chosen += sorted(sent, key=lambda action: DIST[action[-1]][CITY_OF_GOOD[loose[action[-1]]]])
    return chosen


def _chained(state, legal: list[Action]) -> list[Action]:
    """With the bag empty, where the seat to move can deliver a good it carries this turn (the
    delivery ends the match): the moves of that chain of camels, the delivery first, then its
    good's moves along it and the camels sent onto it. The prior puts a delivery first, and none
    is legal until the chain is laid: a look at the other's reply followed its favourites and
    missed the four actions (a good moved on, two camels, the delivery) that ended a match with
    it won, so a hint took the seat's camel off the city those actions needed."""
    cells = {cell for _, chained in deliveries(state) for cell in chained}
    if not cells:
        return []
    goods = [action for action in legal if action[0] == "move_good" and action[2] in cells]
    sent = [action for action in legal if action[0] in SENT and action[-1] in cells]
    return sorted(goods, key=lambda action: CITY_AT[action[2]] < 0) + sent


def end_near(state) -> bool:
    """The match may end before the seat to move decides again after its turn: the next refill
    draws the last goods (then the next delivery ends it), or the turn guard is a round away."""
    return sum(state.bag) <= LAST_REFILL or state.turns >= MAX_TURNS - state.n


def vetoed(state, seat: int, action: Action, level: str | None = None) -> bool:
    """No good moved out from under a camel to be stolen (``unshelters``), no good left to be
    stolen that the turn could still deliver (``leaves_a_delivery``), no delivery the turn can
    make given up (``gives_up_a_delivery``), no turn ended short of a winning good's walk home
    (``stalls_a_win``), and no camel sent for nothing at the end (``heuristic.sent_for_nothing``):
    an AI seat never makes such a move, and a hint never shows it."""
    return (
        unshelters(state, seat, action)
        or leaves_a_delivery(state, seat, action)
        or gives_up_a_delivery(state, seat, action)
        or stalls_a_win(state, seat, action)
        or sent_for_nothing(state, seat, action)
    )


def gives_up_a_delivery(state, seat: int, action: Action) -> bool:
    """Whether ``action`` leaves the turn able to deliver fewer points than it could before it
    (``deliveries.best_delivery``; a loose good's demand markers count, the points ``action``
    itself brings too), while the bag holds goods (once it is empty a delivery ends the match,
    which the search weighs as it is). The estimate counts a good a step from its city nearly
    delivered and a loose good nearly carried: hints followed for whole turns picked up goods
    instead of 11 of 24 deliveries that fitted the turn, and passed turns with one in reach."""
    if not any(state.bag):
        return False
    reach = best_delivery(state)
    if reach is None:
        return False
    after = state.clone()
    after.apply(action, log=False)
    gained = after.markers[seat] - state.markers[seat]
    if delivers(state, seat, action):
        gained += VALUE[GOOD_INDEX[action[3]]]
    still = best_delivery(after) if after.turn == seat else None
    return gained + (still[0] if still else 0) < reach[0]


def stalls_a_win(state, seat: int, action: Action) -> bool:
    """Whether ``action`` ends the turn where, the bag empty, the seat's actions can bring a good
    whose delivery wins the match nearer its city, leaving the others no more to steal
    (``walked_home``)."""
    return action == END_TURN and walked_home(state) is not None


def walked_home(state) -> tuple[Action, ...] | None:
    """``deliveries.walk_home``'s line where it leaves the others no more to steal than ending
    the turn would (``explain.exposed``): a lead kept to turn 200 is a win too, and a good walked
    home on top can be stolen on the way."""
    line = walk_home(state)
    seat = state.turn
    if line is None or exposed(state, seat, line) > exposed(state, seat, (END_TURN,)):
        return None
    return line


def kept_line(state) -> tuple[Action, ...] | None:
    """The line the veto holds an AI seat to (``GameAI.kept``): the delivery the turn can still
    make while the bag holds goods (``gives_up_a_delivery``), the walk home of a good that wins
    once it is empty (``stalls_a_win``); None where there is none."""
    if not any(state.bag):
        return walked_home(state)
    reach = best_delivery(state)
    return reach[2] if reach else None


def leaves_a_delivery(state, seat: int, action: Action) -> bool:
    """Whether ``action`` ends ``seat``'s turn with a good on top that a move of it could deliver
    now, within another player's reach next turn (``explain.thieves``), while the bag holds goods
    (once it is empty a delivery ends the match, which the search weighs as it is). With one
    action left, salt one step from Taghaza and the seat's empty camel on it, a hint moved a camel
    elsewhere, "slightly better", and AI 2 stole the salt and delivered it itself: the estimate
    counts such a good nearly delivered, and a thief that must first send a camel as no risk."""
    if not any(state.bag) or delivers(state, seat, action):
        return False
    ready = {other[1] for other in state.legal_actions() if delivers(state, seat, other)}
    if not ready:
        return False
    after = state.clone()
    after.apply(action, log=False)
    if after.turn is None or after.turn == seat:
        return False
    return any(cell in ready for _, goods in thieves(after, seat) for *_, cell in goods)


def unshelters(state, seat: int, action: Action) -> bool:
    """Whether ``action`` moves a stolen good out from under ``seat``'s camel, where no one can
    steal it (rules §3), onto a camel's top short of its city, with too few actions left this turn
    to bring it there, while another player holds a theft marker and a camel to send: any of them can
    then steal it (a camel onto its space, 2 actions, and the theft). "Clearly best: Move the stolen
    paper from under your camel on (3,3) to (5,3)" ended the turn with it on top, and AI 2 stole it
    for +6; the stolen gems went the same way. Brought along a chain built first, it goes in one
    action from under the camel to its city."""
    if action[0] != "move_good" or action[4] != "under" or delivers(state, seat, action):
        return False
    if not any(state.thefts[q] and state.supply[q] + len(state.empties[q]) for q in range(state.n) if q != seat):
        return False
    after = state.clone()
    after.apply(action, log=False)
    if after.turn != seat:  # (its last action: the turn is over with the good on top)
        return True
    loads = after.loads[seat]
    for (cell, _, under), to_go in zip(loads, chain_steps(after.empties[seat], loads)):
        if cell == action[2] and not under:
            return to_go + 1 > after.left  # (a camel placed for each step, then the move on)
    return False


AI = GameAI(
    levels={
        # 100-290 legal actions and multi-action turns: uniform rollouts scatter the camels, so the
        # search expands best first, widens progressively and scores leaves with estimate() alone.
        # Its rewards differ by hundredths, so normal and hard explore little and follow the best
        # line past the end of the turn to the reply (docs/ai.md). Once the bag is empty, a game-ending
        # delivery is scored by its result (first in the prior if it wins) and a running game by
        # a squashed lead (heuristic.py), so every level takes a winning end when it has one.
        "easy": SEARCH,
        # (at 0.7 normal never finished its own turn, nor its hints: they never saw a theft that
        # followed them; ai-camel_caravan.md)
        "normal": {**SEARCH, "exploration": 0.1},
        "hard": {**SEARCH, "iterations": 2500, "exploration": 0.1},
    },
    prior=action_priors,
    explain=explain,
    review=REVIEW,
    end_near=end_near,
    stop=("end_turn",),
    closers=closers,
    vetoed=vetoed,
    exposed=exposed,
    noted=delivers,
    kept=kept_line,
    step_fields=("left",),
)
