"""Seat policies: given only a seat's view, choose an action.

Policies are plain picklable objects (they hold no game or state), so ``AIWorker`` can run them in
another process. Every choice is seeded: same arguments, same action (time budgets aside).
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypedDict

from caravan_tui.engine import Action, Considered, Game, Planner, Prior, State
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec

from . import safety
from .explain import TOP, Candidate, RootStats, Weighed, advised, advised_first, led_best, merge_stats, not_back
from .ismcts import Node, ProgressCallback, SearchResult, along, continuation, most_visited, search
from .levels import BUDGET_FIELDS, Level, level_for, tweaked


class Policy(Protocol):
    """Chooses ``seat``'s move from its ``view``; ``passed``: the seat's views at the steps of the
    decision it has taken already (``review.decision_views``), its start first."""

    def choose(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int,
        legal: list[Action] | None = None,
        progress: ProgressCallback | None = None,
        passed: Sequence[dict[str, Any]] = (),
    ) -> Action: ...


def _legal(game_id: str, view: dict[str, Any], seat: int, legal: list[Action] | None) -> list[Action]:
    return legal if legal is not None else get_game(game_id).from_view(view, seat).legal_actions()


class RandomPolicy:
    """A uniformly random legal action."""

    def choose(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int,
        legal: list[Action] | None = None,
        progress: ProgressCallback | None = None,
        passed: Sequence[dict[str, Any]] = (),
    ) -> Action:
        return random.Random(seed).choice(_legal(game_id, view, seat, legal))


class GreedyPolicy:
    """The action whose immediate result has the best ``estimate()`` (or ``outcome()``) for the
    seat; ties broken by the seeded generator."""

    def choose(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int,
        legal: list[Action] | None = None,
        progress: ProgressCallback | None = None,
        passed: Sequence[dict[str, Any]] = (),
    ) -> Action:
        world = get_game(game_id).from_view(view, seat)
        best: list[Action] = []
        best_value = -math.inf
        for action in legal if legal is not None else world.legal_actions():
            after = world.clone()
            after.apply(action, False)
            value = (after.outcome() if after.is_over() else after.estimate())[seat]
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return random.Random(seed).choice(best)


class SearchSettings(TypedDict):
    """The keyword arguments of ``search`` that a level sets, apart from its budget."""

    horizon: int
    exploration: float
    prior: Prior | None
    widening: float
    widening_base: float
    considered: Considered | None
    estimate: Callable[[Any], list[float]] | None


def search_settings(level: Level, game: Game) -> SearchSettings:
    """``search`` keyword arguments for ``level``'s settings on ``game``, apart from its budget."""
    return {
        "horizon": level.horizon,
        "exploration": level.exploration,
        "prior": game.ai.prior if level.prior else None,
        "widening": level.widening,
        "widening_base": level.widening_base,
        "considered": game.ai.considered,
        "estimate": game.ai.tuned if level.tuned else None,
    }


#: Set to ``iterations`` to drop the clock from every level that has an iteration budget, so that
#: arena and selfplay runs are reproducible whatever the machine's load (docs/ai.md).
BUDGET_ENV = "CARAVAN_TUI_AI_BUDGET"


def iterations_only() -> bool:
    return os.environ.get(BUDGET_ENV, "") == "iterations"


@dataclasses.dataclass(frozen=True)
class SearchPolicy:
    """ISMCTS at a level. With ``level.searches`` > 1, ``choose`` runs the searches one after the
    other; ``AIWorker`` runs them in parallel via ``search_root`` and ``merge``, then ``pick``s.

    ``per_game``: apply the game's settings for this level (``Game.ai``) when choosing;
    ``fixed_budget``: ``level``'s iterations and seconds stand even where a game sets its own;
    ``timed`` False: search by the iteration budget only (the clock is dropped); ``tweaks``:
    level fields set last, over the game's settings (a custom seat's); ``hinting``: a hint's,
    which plans by the game's ``hint_plan`` where it has one."""

    level: Level
    per_game: bool = True
    fixed_budget: bool = False
    timed: bool = True
    tweaks: tuple[tuple[str, object], ...] = ()
    hinting: bool = False

    def level_for(self, game_id: str) -> Level:
        """The settings this policy searches ``game_id`` with."""
        level = self.level
        if self.per_game:
            level = level_for(level, get_game(game_id), keep_budget=self.fixed_budget)
        if self.tweaks:
            level = tweaked(level, dict(self.tweaks))
        if not self.timed and level.iterations is not None and level.seconds is not None:
            level = dataclasses.replace(level, seconds=None)
        return level

    def search_root(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int | str,
        index: int = 0,
        progress: ProgressCallback | None = None,
    ) -> RootStats:
        """Each root action's visits and summed reward in search number ``index`` (seeded from
        ``seed`` and ``index``), or the weights of the game's plan where the level plans. The
        game's veto is not asked here but of the merged searches (``pick``)."""
        planned = self._plan(game_id, view, seat, index)
        if planned is not None:
            return planned.stats
        root = self._search(game_id, view, seat, seed, index, progress).root
        return {action: (child.visits, child.reward) for action, child in root.children.items()}

    def weigh_root(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int | str,
        index: int = 0,
        progress: ProgressCallback | None = None,
        top: int = TOP,
        earlier: Sequence[dict[str, Any]] = (),
    ) -> Weighed:
        """``search_root``'s statistics, and for its ``top`` most visited root actions the line
        the search means to follow after each (``ismcts.continuation``); for every root action
        where the game vetoes moves (the veto, asked of the merged searches, may pass over any
        number of them: ``vetted``). Where the level plans, the plan's weights and lines, the
        decision planned from its ``earlier`` positions first (``_plan``)."""
        planned = self._plan(game_id, view, seat, index, earlier)
        if planned is not None:
            ranked = sorted(planned.stats, key=lambda action: -planned.stats[action][0])[:top]
            return Weighed(planned.stats, {action: planned.lines[action] for action in ranked}, exact=planned.exact)
        return weighed_root(game_id, self._search(game_id, view, seat, seed, index, progress).root, top)

    def _plan(
        self, game_id: str, view: dict[str, Any], seat: int, index: int, earlier: Sequence[dict[str, Any]] = ()
    ) -> Weighed | None:
        """The game's plan for this position when the level plans and the game plans it, else
        None (search it). In iteration mode the clock is dropped here as in the search.
        ``earlier``: the seat's views where the decision it is in the middle of began and where
        it was given a hint since (``review.decision_views``), planned first in that order: a
        planner asked along the line it chose there goes on with it (``engine.Planner``), in
        whichever process this runs, so that a hint asked at each step of a placement keeps to
        the plan the first one showed while it is followed (the review's best for the decision
        where that first hint came at its start)."""
        level = self.level_for(game_id)
        game = get_game(game_id)
        planner = planner_of(game, self.hinting)
        if not level.plan or planner is None:
            return None
        for before in earlier:
            planner(game.from_view(before, seat), seat, index, level.iterations, level.seconds)
        planned = planner(game.from_view(view, seat), seat, index, level.iterations, level.seconds)
        return None if planned is None else Weighed(*planned, exact=game.ai.plan_exact)

    def plans(self, game_id: str) -> bool:
        """Whether the level decides ``game_id``'s positions by the game's planner (where it
        plans them): only then do a decision's earlier positions (``earlier``) weigh in."""
        return self.level_for(game_id).plan and planner_of(get_game(game_id), self.hinting) is not None

    def _search(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int | str,
        index: int,
        progress: ProgressCallback | None,
    ) -> SearchResult:
        level = self.level_for(game_id)
        game = get_game(game_id)
        return search(
            game.from_view(view, seat),
            seat,
            iterations=level.iterations,
            seconds=level.seconds,
            seed=seed if index == 0 else f"{seed}/{index}",
            progress=progress,
            **search_settings(level, game),
        )

    @staticmethod
    def merge(roots: list[RootStats]) -> RootStats:
        """Several searches' root statistics summed (root parallelism)."""
        return merge_stats(roots)

    @staticmethod
    def best(stats: RootStats) -> Action:
        return most_visited({action: visits for action, (visits, _) in stats.items()})

    def choose(
        self,
        game_id: str,
        view: dict[str, Any],
        seat: int,
        seed: int,
        legal: list[Action] | None = None,
        progress: ProgressCallback | None = None,
        passed: Sequence[dict[str, Any]] = (),
    ) -> Action:
        if legal is not None and len(legal) == 1:
            return legal[0]
        if passed and get_game(game_id).ai.step_fields:
            searched = [self.weigh_root(game_id, view, seat, seed, index) for index in range(self.level.searches)]
            weighed = vetted(game_id, view, seat, Weighed.merge(searched), level=self.level.name)
            first = plain_or_best(game_id, view, seat, weighed.stats)
            return seat_pick(game_id, view, seat, weighed, first, self.level_for(game_id).lines, passed)[0]
        if self.level_for(game_id).lines:
            weighed = Weighed.merge(
                [
                    self.weigh_root(game_id, view, seat, seed, index, progress if index == 0 else None)
                    for index in range(self.level.searches)
                ]
            )
            return hinted_pick(game_id, view, seat, weighed, self.level.name)
        return pick(
            game_id,
            view,
            seat,
            self.merge(
                [
                    self.search_root(game_id, view, seat, seed, index, progress if index == 0 else None)
                    for index in range(self.level.searches)
                ]
            ),
            self.level.name,
        )


def weighed_root(game_id: str, root: Node, top: int = TOP) -> Weighed:
    """What a search's ``root`` weighed: its statistics, the lines the search means to follow
    from its ``top`` most visited actions (from every one where the game vetoes moves: ``vetted``
    may pass over any number of them), and along each line its nodes' statistics (``along``)."""
    stats = {action: (child.visits, child.reward) for action, child in root.children.items()}
    ranked = sorted(stats, key=lambda action: -stats[action][0])
    if get_game(game_id).ai.vetoed is None:
        ranked = ranked[:top]
    lines = {action: (action, *continuation(root.children[action])) for action in ranked}
    squares = {action: child.square for action, child in root.children.items()}
    steps = {action: along(root.children[action], line[1:]) for action, line in lines.items()}
    return Weighed(stats, lines, squares, steps)


def planner_of(game: Game, hinting: bool) -> Planner | None:
    """The planner a level that plans decides ``game``'s positions by: a hint's where the game
    has one for hints (``GameAI.hint_plan``), else its seats'."""
    return (game.ai.hint_plan or game.ai.plan) if hinting else game.ai.plan


def screened(game: Game) -> bool:
    """Whether the moves an AI seat of ``game`` would make or a hint would show are looked at
    after the searches (``allowed``): the game vetoes moves or says when its end is near."""
    return game.ai.vetoed is not None or game.ai.end_near is not None


def allowed(
    game_id: str, view: dict[str, Any], seat: int, stats: RootStats, top: int = 1, level: str | None = None
) -> RootStats:
    """Root statistics (one search's or several merged) whose ``top`` most visited actions are
    all moves AI seats may make (``GameAI.vetoed``, asked for ``level``, the name of the level
    that searched: a game may keep the veto's cost in proportion) and, where the game says the
    end of the match is near (``GameAI.end_near``), none of which loses at once while another
    move weighed does not (``safety.loses_at_once``). Both looks are costly, so they are asked only
    of the actions that would be made or shown: from the most visited down (ties in the order of
    ``stats``, as ``most_visited`` and ``explain.candidates`` rank them) until ``top`` pass (and,
    where one lost at once, one that loses in no world looked at is met); the vetoed ones met are
    dropped, and the losing ones where such a move was met; the others are kept as they are,
    unless the ``safety.LOOKED`` looks ran out first: then only the moves looked at and not found
    losing are kept (those never looked at may lose as well). Where a move lost at once and none
    weighed is safe, the moves the searches never weighed are looked at as well
    (``_unweighed_safe``): the first that loses in no world is kept beside the moves looked at
    and not found losing, the rest dropped. Where the veto rejects every action weighed: the first
    move of the line the game keeps to (``kept_first``), else unchanged."""
    game = get_game(game_id)
    if not screened(game):
        return stats
    vetoed, end_near = game.ai.vetoed, game.ai.end_near
    world = game.from_view(view, seat)
    near = end_near is not None and end_near(world)
    if vetoed is None and not near:
        return stats
    banned: set[Action] = set()
    losing: set[Action] = set()
    kept: list[Action] = []
    cleared: list[Action] = []  # looked at and not found to lose at once
    safe = False  # a move weighed that loses at once in no world looked at
    looked = 0
    for action in sorted(stats, key=lambda action: -stats[action][0]):
        if len(kept) >= top and (safe or not losing):
            break
        if vetoed is not None and vetoed(world, seat, action, level):
            banned.add(action)
            continue
        if near and looked < safety.LOOKED:
            looked += 1
            if safety.loses_at_once(world, seat, action, **safety.looks_of(game.ai)):
                if not losing:
                    safe = any(
                        safety.never_loses_at_once(world, seat, other, **safety.looks_of(game.ai)) for other in kept
                    )
                losing.add(action)
                continue
            if losing and not safe:
                safe = safety.never_loses_at_once(world, seat, action, **safety.looks_of(game.ai))
            cleared.append(action)
        kept.append(action)
    if not kept and not losing:
        return kept_first(game, world, seat) or stats
    if safe and looked >= safety.LOOKED:  # the moves never looked at may lose at once as well
        return {action: stats[action] for action in cleared if action not in banned}
    if safe:
        banned |= losing
    elif losing and (rescue := _unweighed_safe(game, world, seat, stats, level)) is not None:
        # only the moves looked at and not found losing stand beside it (the rest may lose too)
        return {action: stats[action] for action in cleared if action not in banned} | {rescue: (1, 0.0)}
    return {action: weights for action, weights in stats.items() if action not in banned}


def kept_first(game: Game, world: State, seat: int) -> RootStats | None:
    """The first move of the line ``game`` keeps to from ``world`` (``GameAI.kept``), valued by
    the estimate where the line leads, or None where it keeps to none. The search may never have
    weighed it: a Camel Caravan delivery four actions away began with a camel sent where the
    prior saw little gain, and with every move weighed vetoed for giving it up, the veto was
    passed over."""
    line = game.ai.kept(world) if game.ai.kept is not None else None
    if not line:
        return None
    after = world.clone()
    for action in line:
        after.apply(action, False)
    return {line[0]: (1, after.estimate()[seat])}


def _unweighed_safe(game: Game, world: State, seat: int, stats: RootStats, level: str | None) -> Action | None:
    """Where every move weighed and looked at loses at once in some world, the first of the
    moves the searches never weighed (the prior's favourites first, ``safety.LOOKED`` at most)
    that the game's veto allows and that loses in none: a small budget may not weigh the one
    move that holds the others off (a theft of the good they would deliver), and ending the
    turn is no answer when it loses."""
    legal = world.legal_actions()
    if game.ai.considered is not None:
        legal = game.ai.considered(world, legal)
    unweighed = [action for action in legal if action not in stats]
    if game.ai.prior is not None and len(unweighed) > 1:
        scores = game.ai.prior(world, unweighed)
        unweighed = [unweighed[i] for i in sorted(range(len(unweighed)), key=lambda i: -scores[i])]
    vetoed = game.ai.vetoed
    for action in unweighed[: safety.LOOKED]:
        if vetoed is not None and vetoed(world, seat, action, level):
            continue
        if safety.never_loses_at_once(world, seat, action, **safety.looks_of(game.ai)):
            return action
    return None


def pick(game_id: str, view: dict[str, Any], seat: int, stats: RootStats, level: str | None = None) -> Action:
    """The move an AI seat at ``level`` makes from its searches' merged root statistics: the
    most visited that ``allowed`` lets it make (the next most visited where it does not: no
    second search), or the game's plain move where the search cannot tell them apart
    (``plain_or_best``)."""
    if get_game(game_id).ai.plain is None:
        return SearchPolicy.best(allowed(game_id, view, seat, stats, level=level))
    return plain_or_best(game_id, view, seat, allowed(game_id, view, seat, stats, TOP, level))


def plain_or_best(game_id: str, view: dict[str, Any], seat: int, stats: RootStats) -> Action:
    """From root statistics already screened (``allowed`` to their ``TOP``), the move a hint
    shows first (``explain.advised``) and an AI seat makes: the game's plain move where the
    search cannot tell the most visited from it (``explain.plain_is_as_good``), else the most
    visited. A Merchant Lord seat rerolled in chains (three rerolls for a sale of 2 coins), each
    reroll chosen over keeping the dice by the search's noise."""
    first = advised_first(game_id, view, seat, stats)
    return first if first is not None else SearchPolicy.best(stats)


def hinted_pick(game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, level: str | None = None) -> Action:
    """The move a hint shows first from what its searches weighed (``hint``): ``pick``'s, or a
    move whose line leads further beyond the search's noise (``explain.led_best``)."""
    screened = vetted(game_id, view, seat, weighed, level=level)
    plain = get_game(game_id).ai.plain
    first = (
        plain_or_best(game_id, view, seat, screened.stats) if plain is not None else SearchPolicy.best(screened.stats)
    )
    return led_best(game_id, view, seat, screened, first)


def seat_pick(
    game_id: str,
    view: dict[str, Any],
    seat: int,
    weighed: Weighed,
    first: Action,
    lines: bool,
    passed: Sequence[dict[str, Any]] = (),
) -> tuple[Action, list[Candidate]]:
    """The move an AI seat makes from what its searches weighed (vetted), with the candidates it
    records, that move first: ``first`` (``pick``'s), or the move a hint shows first where the
    level follows ``lines``; where the seat has taken steps of its decision already (``passed``:
    its views at each), a move about as good in its place where that one's line comes back to a
    board the decision already had, as a hint orders them (``explain.not_back``). Camel Caravan
    seats moved a camel out and back, then ended the turn: 327 times in a match of 200 turns."""
    found = advised(game_id, view, seat, weighed)
    if lines and found:
        first = found[0].action
    found = sorted(found, key=lambda candidate: candidate.action != first)
    if passed and found and found[0].action == first:
        found = not_back(game_id, view, seat, found, passed)
        first = found[0].action
    return first, found


def vetted(
    game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, top: int = TOP, level: str | None = None
) -> Weighed:
    """What the searches weighed (merged), its ``top`` most visited actions all moves AI seats
    may make (``allowed``): the candidates a hint shows or a decision records, its move first
    (the move ``pick`` makes from the same statistics)."""
    return weighed._replace(stats=allowed(game_id, view, seat, weighed.stats, top, level))


def make_policy(spec: SeatSpec, *, level: Level | None = None, iterations: int | None = None) -> Policy:
    """The policy that plays ``spec`` (random, greedy or an AI seat: see ``search_policy``)."""
    if spec.kind == "random":
        return RandomPolicy()
    if spec.kind == "greedy":
        return GreedyPolicy()
    if spec.kind != "ai":
        raise ValueError(f"a {spec.label} seat is not played by a policy")
    return search_policy(spec, level=level, iterations=iterations)


def search_policy(spec: SeatSpec, *, level: Level | None = None, iterations: int | None = None) -> SearchPolicy:
    """The policy of the AI seat ``spec``: it searches its level with the game's settings, then
    its own tweaks. ``level`` replaces the named level (used as given, with no per-game
    settings); ``iterations`` sets an iteration-only budget for every game (fast, deterministic
    tests) while the game's other settings still apply. ``CARAVAN_TUI_AI_BUDGET=iterations``
    drops the clock."""
    if spec.kind != "ai":
        raise ValueError(f"a {spec.label} seat does not search")
    tweaks = spec.tweaks
    chosen = spec.level_settings() if level is None else tweaked(level, dict(tweaks))
    if iterations is not None:
        chosen = dataclasses.replace(chosen, iterations=iterations, seconds=None)
        tweaks = tuple((k, v) for k, v in tweaks if k not in BUDGET_FIELDS)
    return SearchPolicy(
        chosen, per_game=level is None, fixed_budget=iterations is not None, timed=not iterations_only(), tweaks=tweaks
    )


#: the level whose search a review judges with (``ai.review``)
REVIEWED = "normal"


def hint_seed(seat: int, turn: int) -> str:
    """The seed of ``seat``'s decision at move ``turn`` of the log (from 0), for a hint and for the
    review alike: nothing the seat could not see (not the match's seed), so that a hint at the
    reviewed level searches exactly as the review of that decision does."""
    return f"review/{seat}/{turn}"


def hint_policy(level: str = REVIEWED) -> SearchPolicy:
    """How a hint at ``level`` searches: at the level the review judges with, by iterations alone
    as the review does (with ``hint_seed`` it is the review's very search, so the review never
    grades the move the hint advised below the search's best: a Decktet Caravan hint searched by
    the clock with the match's seed, the review by iterations with its own, and two "close
    calls" taken from the hint were graded inaccuracies); at another level as an AI seat of it,
    its clock keeping a hard hint prompt."""
    policy = dataclasses.replace(search_policy(SeatSpec.ai(level)), hinting=True)
    return dataclasses.replace(policy, timed=False) if level == REVIEWED else policy


def hint(
    game_id: str,
    view: dict[str, Any],
    seat: int,
    level: str = REVIEWED,
    seed: int | str = 0,
    iterations: int | None = None,
    earlier: Sequence[dict[str, Any]] = (),
    following: Sequence[Action] = (),
) -> list[Candidate]:
    """The AI's suggestion for ``seat`` (shown to the player, not played): the search's top
    candidates with their reasons, the suggestion first (``seed``: ``hint_seed``, as a match's
    host asks); ``iterations`` sets an iteration-only budget (as ``search_policy`` does);
    ``earlier``: as ``SearchPolicy.weigh_root``'s, when the seat is in the middle of a decision;
    ``following``: what is left of the line shown earlier in it (``explain.advised``)."""
    if iterations is None:
        policy = hint_policy(level)
    else:
        policy = dataclasses.replace(search_policy(SeatSpec.ai(level), iterations=iterations), hinting=True)
    weighed = Weighed.merge(
        [policy.weigh_root(game_id, view, seat, seed, index, earlier=earlier) for index in range(policy.level.searches)]
    )
    return advised(
        game_id, view, seat, vetted(game_id, view, seat, weighed, level=policy.level.name), following=following
    )
