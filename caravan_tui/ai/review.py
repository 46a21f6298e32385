"""A finished match reviewed from one seat's view (DESIGN §6, the coach).

For each decision of the seat, a search from what that seat could see at that moment (its
``view``; what it could not see is determinized, as for an AI seat) weighs the move it made
against the search's best: the seat's expected result with the best move (``before``) and with
its own (``after``). Their difference, in the game's measure (``GameAI.review``), grades the
decision: an inaccuracy, a mistake or a blunder.

A decision is judged from its view, its move, its number and the budget alone, with a search
seeded by the move's number: the review is exactly reproducible, and it is the same whatever
the seat could not see (a test redeals it). The search is the game's ``normal`` level without
its planner (a planner weighs only the moves it would make) and without the clock.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from caravan_tui.engine import Action, Game, Measure, State, normalise_action
from caravan_tui.games import GAMES, get_game

from .explain import playable
from .ismcts import SearchResult, continuation, search
from .levels import LEVELS, MAX_ITERATIONS, Level, level_for
from .policies import pick, search_settings

#: a decision's search budget by default: the normal level's
ITERATIONS = 1500
#: how many turning points a review puts first
TURNING_POINTS = 3
GRADES = ("inaccuracy", "mistake", "blunder")
#: bounds on what a kept review may hold (it is read back from a file)
MAX_DECISIONS = 5000
MAX_TEXT = 600


@dataclass(frozen=True, slots=True)
class Position:
    """A decision as its seat met it: move number ``turn`` of the log (from 0), the seat's view
    then, and the move it made."""

    turn: int
    view: dict[str, Any]
    action: Action


def positions(game: Game, players: int, seed: int, options: dict[str, Any], actions: list[Action],
              seat: int) -> Iterator[Position]:
    """The decisions ``seat`` made in the match (a forced move is none), each from its view."""
    state = game.new(players, seed=seed, options=options)
    for turn, action in enumerate(actions):
        if state.to_move() == seat and len(state.legal_actions()) > 1:
            yield Position(turn, state.view(seat), action)
        state.apply(action, False)


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision reviewed: its move and the search's best, in words (which may hold ``{pN}``
    fields) with the game's reason for each, and the seat's expected result with each
    (``before``: with the best move; ``after``: with the move made), in [0, 1]."""

    turn: int
    action: Action
    played: str
    played_reason: str
    best: Action
    better: str
    better_reason: str
    before: float
    after: float

    @property
    def loss(self) -> float:
        """What the move made cost, in [0, 1] (a move the search rates above its own best, or
        the best itself, costs nothing)."""
        return max(0.0, self.before - self.after)


def review_level(game: Game, iterations: int = ITERATIONS) -> Level:
    """The search a review runs for ``game``: its normal level, one search of ``iterations``
    without the clock or a planner."""
    level = level_for(LEVELS["normal"], game)
    return dataclasses.replace(level, iterations=iterations, seconds=None, plan=False)


def seed_of(seat: int, turn: int) -> str:
    """A decision's search seed: its seat and move number, nothing the seat could not see."""
    return f"review/{seat}/{turn}"


def judge(game_id: str, seat: int, position: Position, iterations: int = ITERATIONS) -> Judged:
    """``position`` reviewed by a search from its view (see the module doc). Its best is the
    move an AI seat would make from that search (``policies.pick``): the most visited that the
    game's veto allows, so a review never names as the better move one the AI itself would
    never make (a trap offer). Where the move made is not that best, both are weighed again by
    a search that spends its whole budget below each (the same seed for both), so that neither
    value rests on a few visits."""
    game = get_game(game_id)
    level = review_level(game, iterations)
    world = game.from_view(position.view, seat)
    settings = search_settings(level, game)
    seed = seed_of(seat, position.turn)
    weighed = search(world, seat, iterations=iterations, seed=seed, **settings)
    stats = {move: (child.visits, child.reward) for move, child in weighed.root.children.items()}
    best, action = pick(game_id, position.view, seat, stats, level.name), position.action
    if action == best:
        before, best_line = _weigh(weighed, best)
        after, played_line = before, best_line
    else:
        budget = max(1, iterations // 2)
        before, best_line = _weigh(search(world, seat, iterations=budget, seed=f"{seed}/weigh", root_actions=(best,),
                                          **settings), best)
        after, played_line = _weigh(search(world, seat, iterations=budget, seed=f"{seed}/weigh",
                                           root_actions=(action,), **settings), action)
    return Judged(position.turn, action, world.describe(action, seat), _reason(game, world, seat, played_line),
                  best, world.describe(best, seat), _reason(game, world, seat, best_line), before, after)


def _weigh(result: SearchResult, action: Action) -> tuple[float, tuple[Action, ...]]:
    """The mean reward of ``action`` at the root of ``result`` (within [0, 1]: a game's tuned
    evaluation may stray) and the line the search follows from it."""
    child = result.root.children[action]
    return min(1.0, max(0.0, child.reward / child.visits)), (action, *continuation(child))


def _reason(game: Game, world: State, seat: int, line: tuple[Action, ...]) -> str:
    explain = game.ai.explain
    if explain is None:
        return ""
    return explain(world, seat, playable(world, seat, line) or line[:1])


def review(game_id: str, match_id: str, players: int, seed: int, options: dict[str, Any], actions: list[Action],
           seat: int, result: float, iterations: int = ITERATIONS) -> Review:
    """``seat``'s decisions in the match judged one after the other, in this process (the app
    and the command judge them in the AI workers: ``AIWorker.review``)."""
    found = positions(get_game(game_id), players, seed, options, actions, seat)
    judged = tuple(judge(game_id, seat, position, iterations) for position in found)
    return Review(game_id, match_id, seat, players, iterations, result, judged)


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions in a finished match, judged (``judge``), with the match's end for that
    seat (``result``: its ``outcome()``, in [0, 1]) and the budget each decision was searched
    with."""

    game_id: str
    match_id: str
    seat: int
    players: int
    iterations: int
    result: float
    decisions: tuple[Judged, ...]

    @property
    def measure(self) -> Measure:
        return get_game(self.game_id).ai.review.measure(self.players)

    def cost(self, judged: Judged) -> float:
        """What ``judged``'s move cost, in the game's measure (percentage points, pieces…)."""
        return judged.loss * self.measure.scale

    def grade(self, judged: Judged) -> str:
        """"blunder", "mistake", "inaccuracy", or "" for a move that cost less than that."""
        cost, measure = self.cost(judged), self.measure
        for grade, threshold in zip(reversed(GRADES), (measure.blunder, measure.mistake, measure.inaccuracy)):
            if cost >= threshold:
                return grade
        return ""

    def turning_points(self, count: int = TURNING_POINTS) -> list[Judged]:
        """The ``count`` graded decisions that cost most, the costliest first (ties: the earlier)."""
        graded = [judged for judged in self.decisions if self.grade(judged)]
        return sorted(graded, key=lambda judged: (-judged.loss, judged.turn))[:count]

    def counts(self) -> dict[str, int]:
        """How many decisions earned each grade."""
        return {grade: sum(1 for judged in self.decisions if self.grade(judged) == grade) for grade in GRADES}

    def chart(self) -> list[float]:
        """The seat's expected result over the match, in the game's measure: before each
        decision (with the best move), then the end it reached."""
        scale = self.measure.scale
        return [judged.before * scale for judged in self.decisions] + [self.result * scale]

    def total_cost(self) -> float:
        """What all the seat's decisions cost together, in the game's measure."""
        return sum(map(self.cost, self.decisions))

    # -- kept beside the save (``saves/reviews.py``): plain data, checked on the way back ---------

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game_id, "match": self.match_id, "seat": self.seat, "players": self.players,
                "iterations": self.iterations, "result": self.result,
                "decisions": [[j.turn, list(j.action), j.played, j.played_reason, list(j.best), j.better,
                               j.better_reason, j.before, j.after] for j in self.decisions]}

    @classmethod
    def from_data(cls, data: Any) -> Review:
        """The review ``to_data`` wrote; ValueError saying what is wrong with anything else."""
        if not isinstance(data, dict):
            raise ValueError("a review is a map")
        game_id: Any = data.get("game")
        players: Any = data.get("players")
        seat: Any = data.get("seat")
        if game_id not in GAMES:
            raise ValueError("the review names no known game")
        if not _whole(players, 1, 16) or not _whole(seat, 0, players - 1):
            raise ValueError("the review's seats are out of range")
        iterations: Any = data.get("iterations")
        result: Any = data.get("result")
        rows: Any = data.get("decisions")
        match_id: Any = data.get("match")
        if not isinstance(match_id, str) or len(match_id) > MAX_TEXT:
            raise ValueError("the review names no match")
        if not _whole(iterations, 1, MAX_ITERATIONS) or not _unit(result):
            raise ValueError("the review's budget or result is out of range")
        if not isinstance(rows, list) or len(rows) > MAX_DECISIONS:
            raise ValueError("the review's decisions are not a list of at most "f"{MAX_DECISIONS}")
        return cls(game_id, match_id, seat, players, iterations, float(result), tuple(map(_judged, rows)))


def _judged(row: Any) -> Judged:
    if not isinstance(row, list) or len(row) != 9:
        raise ValueError("a reviewed decision is a row of 9 fields")
    turn, action, played, played_reason, best, better, better_reason, before, after = row
    texts = (played, played_reason, better, better_reason)
    if not _whole(turn, 0, 10**7) or not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts):
        raise ValueError("a reviewed decision's move number or words are out of range")
    if not (_unit(before) and _unit(after)):
        raise ValueError("a reviewed decision's expected results are not in [0, 1]")
    if not (_is_action(action) and _is_action(best)):
        raise ValueError("a reviewed decision's move is not a move")
    action, best = normalise_action(action), normalise_action(best)
    return Judged(turn, action, played, played_reason, best, better, better_reason, float(before), float(after))


def _is_action(value: Any, depth: int = 0) -> bool:
    """A move as a kept review writes it: a short list of words, whole numbers and such lists."""
    return isinstance(value, list) and len(value) <= 16 and depth < 4 and all(
        (type(part) is str and len(part) <= 64) or type(part) is int or _is_action(part, depth + 1) for part in value)


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _unit(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and 0.0 <= value <= 1.0
