"""Moves that lose on the spot (DESIGN §6): no level and no hint makes a move after which the
others can end the match at once with the mover beaten while another move leaves them no such
end.

A search with a budget may not reach a match's end hidden a few plies away behind a multi-step
turn: the bag emptied by a pick-up whose refill was the last, a reply that ends the match. So,
where the game says the end is near (``GameAI.end_near``), the moves an AI seat would make or a
hint would show are looked at again after the searches, in worlds redealt from the seat's view:
the move, then the rest of the seat's turn (each of its prior's few favourites at each of its
decisions, and the game's way to stop there, if it has one: the turn is lost only if every way
on is), then the others' replies until the seat decides again (their favourites tried for an
end of the match, the best followed on, and so are the moves the game names as bringing the end
within the turn although the prior ranks them low, ``GameAI.closers``: one way to beat the seat
is enough; a move of theirs that draws on chance, ``GameAI.draws``, is none, its outcome in one
world being one roll of many). The look is exact about the ends it meets and bounded in the positions it visits;
where it runs out of them the match is taken not to be lost, so a move is passed over only for
a loss the look has found. A move loses at once when it does in most of the worlds looked at
(a roll or a draw that saves it in one of three leaves it a likely loss); it is passed over only
for a move that loses in none of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from caravan_tui.engine import Action, Closers, Decided, Draws, GameAI, Prior, State

#: worlds redealt from the seat's view in which a move is looked at: a move loses at once if it
#: does in most of them
WORLDS = 3
#: worlds in each of which a move must lose at once for the look to call the loss sure: lost in
#: three of three, a Merchant Lord move read "0% to win" that lost in 22 of 30
SURE_WORLDS = 12
#: positions the look at the others' replies may reach in one world (each is a clone and a move)
POSITIONS = 3000
#: replies tried for an end of the match at each position of the others' turns, best first by
#: the prior (a game's prior puts a move that wins the match first) ...
SWEPT = 12
#: ... and followed deeper, with at most this many of the game's closers (``GameAI.closers``)
FOLLOWED = 3
CLOSERS = 3
#: moves followed at the seat's next decision in its turn, and at those after it (its turn is
#: lost only if each is)
OWN, OWN_LATER = 4, 2
#: candidates looked at in one decision at most, most visited first (a decision whose every one
#: loses at once keeps its choice)
LOOKED = 24


def looks_of(ai: GameAI) -> dict[str, Any]:
    """What a game gives the look (its prior, stop, closers, decided ends and chance moves), as
    keywords."""
    return {"prior": ai.prior, "stop": ai.stop, "closers": ai.closers, "decided": ai.decided, "draws": ai.draws}


def beaten(state: State, seat: int) -> bool:
    """Whether the match is over with ``seat`` not among its winners (a shared win is no loss)."""
    if not state.is_over():
        return False
    outcome = state.outcome()
    return outcome[seat] < max(outcome)


def loses_at_once(
    world: State,
    seat: int,
    action: Action,
    prior: Prior | None = None,
    stop: Action | None = None,
    closers: Closers | None = None,
    decided: Decided | None = None,
    draws: Draws | None = None,
) -> bool:
    """Whether ``seat``'s move ``action`` loses at once in most of the worlds looked at
    (``lost_in``): a roll or a draw that saves it in one world of three is no reason to make it
    where another move loses in none (Merchant Lord: a sale that lost in 15 of 20 worlds)."""
    losses = kept = 0
    for lost in lost_in(world, seat, action, prior, stop=stop, closers=closers, decided=decided, draws=draws):
        losses, kept = losses + lost, kept + (not lost)
        if 2 * losses > WORLDS or 2 * kept >= WORLDS:
            break
    return 2 * losses > WORLDS


def surely_lost(world: State, seat: int, action: Action, **looks: Any) -> bool:
    """Whether ``seat``'s move ``action`` loses at once in each of ``SURE_WORLDS`` worlds looked at
    (``lost_in``, with the game's ``looks_of``): the match lost whatever follows, as far as the
    look sees."""
    return all(lost_in(world, seat, action, worlds=SURE_WORLDS, **looks))


def never_loses_at_once(
    world: State,
    seat: int,
    action: Action,
    prior: Prior | None = None,
    stop: Action | None = None,
    closers: Closers | None = None,
    decided: Decided | None = None,
    draws: Draws | None = None,
) -> bool:
    """Whether ``seat``'s move ``action`` loses at once in none of the worlds looked at."""
    return not any(lost_in(world, seat, action, prior, stop=stop, closers=closers, decided=decided, draws=draws))


def lost_in(
    world: State,
    seat: int,
    action: Action,
    prior: Prior | None = None,
    worlds: int = WORLDS,
    positions: int = POSITIONS,
    stop: Action | None = None,
    closers: Closers | None = None,
    decided: Decided | None = None,
    draws: Draws | None = None,
) -> Iterator[bool]:
    """For each of ``worlds`` worlds redealt from ``world`` (built from ``seat``'s view), made
    as they are asked for: whether ``seat``'s move ``action`` loses at once there, the match
    ending with ``seat`` beaten before it decides again after its turn, whatever it does in the
    rest of that turn (see the module doc); ``stop``: the game's move that ends a turn where it
    is legal (``GameAI.stop``); ``closers``: the game's ``GameAI.closers``. A solo match never
    loses this way."""
    if len(world.scores()) < 2:
        yield False
        return
    for index in range(worlds):
        state = world.determinize(seat, random.Random(f"safety/{index}"))
        if action not in state.legal_actions():  # (a root action of another world: not looked at)
            yield False
            continue
        state.apply(action, False)
        yield _Look(seat, prior, positions, stop, closers, decided, draws).lost(state, False)


class _Look:
    """One world's look past a move, within a number of positions (each a clone and a move):
    where they run out, the match is taken not to be lost."""

    __slots__ = ("seat", "prior", "left", "stop", "closers", "decided", "draws")

    def __init__(
        self,
        seat: int,
        prior: Prior | None,
        positions: int,
        stop: Action | None = None,
        closers: Closers | None = None,
        decided: Decided | None = None,
        draws: Draws | None = None,
    ) -> None:
        self.seat, self.prior, self.left, self.stop, self.closers = seat, prior, positions, stop, closers
        self.decided, self.draws = decided, draws

    def lost(self, state: State, answered: bool, first: bool = True) -> bool:
        """Whether the match is lost for ``seat`` from ``state`` before it decides again after
        the others ``answered`` (moved since its turn): on its own turn it loses only if each
        of its prior's favourites does (``OWN`` at its ``first`` decision, ``OWN_LATER`` at the
        next) and so does stopping there (``stop``: the favourites may all play on into a loss,
        a pick-up that empties the bag, where ending the turn was safe); on the others' turns,
        if one of their ``SWEPT`` favourites ends the match so, or one of the ``FOLLOWED`` best
        that do not end it, or of the ``CLOSERS`` first of the game's closers, leads to such an
        end (the prior ranks a delivery first, but the end may need the bag emptied before it)."""
        seat = self.seat
        if state.is_over():
            return beaten(state, seat)
        verdict = self.decided(state, seat) if self.decided is not None else None
        if verdict is not None:  # (the game can tell the end before it comes: the decisions left change nothing)
            return verdict
        mover = state.to_move()
        if mover is None or self.left <= 0:
            return False
        own = mover == seat
        if own and answered:
            return False
        ranked = self._ranked(state)
        if own:  # lost only if every way on was looked at and is (positions run out: not lost)
            ways = ranked[: OWN if first else OWN_LATER]
            if self.stop is not None and self.stop in ranked and self.stop not in ways:
                ways.append(self.stop)
            looked = 0
            for child in self._after(state, ways):
                looked += 1
                if not self.lost(child, False, False):
                    return False
            return looked == len(ways)
        # (a move of theirs that draws on chance is no way to beat the seat: in one world its roll
        # is one roll, and among rerolls of other dice the look chose the one that came out right;
        # a Merchant Lord hint read "0% to win" at every decision of a last round it went on to win)
        swept = self._exact(state, ranked)
        going: list[tuple[Action, State]] = []
        for action, child in zip(swept, self._after(state, swept)):
            if child.is_over():
                if beaten(child, seat):
                    return True
            else:
                going.append((action, child))
        followed = going[:FOLLOWED]
        if self.closers is not None:
            # the closers first: few, and quickly at an end, where the favourites' lines before
            # them (a build of many steps) spent every position (a hint starred "End your build"
            # while the next builder could sell a Right of Passage, destroy a route and end the
            # match: the look followed the builder before it claiming route after route)
            ended = set(swept) - {action for action, _ in going}
            closing = [action for action in self.closers(state, ranked) if action not in ended][:CLOSERS]
            if any(self.lost(child, True) for child in self._after(state, closing)):
                return True
            followed = [(action, child) for action, child in followed if action not in closing]
        return any(self.lost(child, True) for _, child in followed)

    def _exact(self, state: State, ranked: list[Action]) -> list[Action]:
        """The first ``SWEPT`` of ``ranked`` that draw nothing on chance (``GameAI.draws``)."""
        draws = self.draws
        if draws is None:
            return ranked[:SWEPT]
        exact: list[Action] = []
        for action in ranked:
            if not draws(state, action):
                exact.append(action)
                if len(exact) == SWEPT:
                    break
        return exact

    def _ranked(self, state: State) -> list[Action]:
        """The legal moves, the prior's favourites first (as listed without a prior)."""
        legal = state.legal_actions()
        if self.prior is None or len(legal) < 2:
            return legal
        scores = self.prior(state, legal)
        return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]

    def _after(self, state: State, actions: list[Action]) -> Iterator[State]:
        """The positions after each of ``actions``, made one at a time as they are asked for,
        while positions are left."""
        for action in actions:
            if self.left <= 0:
                return
            self.left -= 1
            child = state.clone()
            child.apply(action, False)
            yield child
