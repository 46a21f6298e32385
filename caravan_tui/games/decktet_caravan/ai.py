"""Decktet Caravan's search settings per level and its expansion prior (pure: no Textual)."""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import WIN_CHANCE, Action, GameAI, ReviewTerms

from .combos import CARAVAN, MOVES, PASS
from .explain import explain
from .rules import DecktetCaravanState, pile_points, race_margin
from .scored import scored_words


def play_priors(state: DecktetCaravanState, actions: Sequence[Action]) -> list[float]:
    """The search prior (``GameAI.prior``): each action's ``estimate()`` for the player to move
    once it is made, the ranking of the ``greedy`` seat, so the search expands the likeliest
    plays first. A play that keeps the season going (nearly every one) only adds its cards to
    the season and takes them from the hand, so it is scored without applying it; a pass, and
    the last play after a player went out, end the season and maybe the hand, so those are
    applied to a clone."""
    mover: int = state.turn  # type: ignore[assignment]  # the search asks only where a seat is to move
    up = state.up
    settled = state._settled_margin()
    season = pile_points(state._season_pile(), up)
    sizes = [hand.bit_count() for hand in state.hands]
    scores = []
    for action in actions:
        move = MOVES.get(action) if action != PASS and state.out_player is None else None
        if move is None:
            after = state.clone()
            after.apply(action, log=False)
            scores.append((after.outcome() if after.is_over() else after.estimate())[mover])
            continue
        value = season + pile_points(move[2], up)
        collector = mover if move[1] == CARAVAN else 1 - mover
        left = sizes[mover] - move[3]
        size0, size1 = (left, sizes[1]) if mover == 0 else (sizes[0], left)
        margin = settled + (value if collector == 0 else -value)
        margin += race_margin(size0, size1, None if left else mover)
        p0 = state._chance(margin)
        scores.append(p0 if mover == 0 else 1.0 - p0)
    return scores


#: a review grades a decision by the win chance it gave up: 5, 10 and 20 points (the default),
#: above the review search's noise at 1,500 iterations (docs/review.md); what decided a match is
#: said in the game's terms: who went out first, for what bonuses, and what the piles scored
REVIEW = ReviewTerms(WIN_CHANCE, chance="the cards dealt and turned up", scored=scored_words)


def end_near(state) -> bool:
    """The match ends with the last hand (rules §5.4): any move of it may end the match."""
    return bool(state.hand_no >= state.hands_total)


def vetoed(state: DecktetCaravanState, seat: int, action: Action, level: str | None = None) -> bool:
    """The last play after the other player went out ends the hand (rules §5): what each play
    scores for it is known, and AI seats and hints never make one that leaves the seat fewer
    points against the other than another would. The search weighs it with the next hand's deal
    after it, and passed where beating the lone card gained 2 or 3 points (6 of 59 such plays in
    seeds 0–59, normal). Easy keeps what its search made of it."""
    if state.out_player is None or level == "easy":
        return False
    margins = {play: _hand_margin(state, seat, play) for play in state.legal_actions()}
    return margins.get(action, 0.0) < max(margins.values())


def _hand_margin(state: DecktetCaravanState, seat: int, action: Action) -> float:
    """The seat's points less the other's once ``action`` ends the hand."""
    after = state.clone()
    after.apply(action, log=False)
    scores = after.scores()
    return scores[seat] - scores[1 - seat]


AI = GameAI(
    levels={
        # Up to 400 legal plays (every reading of the wild cards): hard expands them best first by
        # their one-ply estimate and widens progressively, so its budget goes to the plays worth it.
        # A lead with hundreds of plays needs up to 2-3 s for its 6,000 iterations on a quiet core.
        "hard": {"prior": True, "widening": 0.5, "widening_base": 2.0, "horizon": 12, "seconds": 3.0},
    },
    prior=play_priors,
    explain=explain,
    review=REVIEW,
    end_near=end_near,
    vetoed=vetoed,
)
