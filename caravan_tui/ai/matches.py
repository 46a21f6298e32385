"""Headless matches between policy seats: the shared core of selfplay and the arena."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from caravan_tui.engine import Action, State
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec

from .policies import Policy, make_policy


@dataclass(slots=True)
class MatchRecord:
    """One finished match: the specs in seat order, what each seat scored and how long it took.
    ``game_id``, ``seed``, ``options`` and ``actions`` replay it exactly."""

    game_id: str
    seed: int
    options: dict[str, Any]
    specs: list[str]
    scores: list[float]
    outcome: list[float]
    moves: int
    think: list[float]  # seconds spent deciding, per seat
    decisions: list[int]  # decisions made, per seat
    actions: list[Action] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The match as a run's ``--json`` file keeps it (selfplay's and the arena's)."""
        return {
            "game": self.game_id,
            "seed": self.seed,
            "options": self.options,
            "seats": self.specs,
            "scores": self.scores,
            "outcome": self.outcome,
            "moves": self.moves,
            "think": self.think,
            "decisions": self.decisions,
            "actions": [list(action) for action in self.actions],
        }


def decision_seed(match_seed: int, turn: int, seat: int) -> int:
    """The seed of one decision: a pure function of the match seed, the turn and the seat, so a
    replayed match makes the same choices (str seeds hash the same in every process)."""
    return random.Random(f"{match_seed}/{turn}/{seat}").getrandbits(63)


def seat_policy(spec: SeatSpec, iterations: int | None = None) -> Policy:
    """``iterations`` caps AI seats to an iteration budget (fast, reproducible runs)."""
    return make_policy(spec, iterations=iterations if spec.kind == "ai" else None)


def play_match(
    game_id: str, specs: list[SeatSpec], seed: int, options: dict[str, Any] | None = None, iterations: int | None = None
) -> MatchRecord:
    """Play one match; every seat sees only its own view."""
    game = get_game(game_id)
    options = game.resolve_options(options)
    policies = [seat_policy(spec, iterations) for spec in specs]
    state = game.new(len(specs), seed=seed, options=options)
    think = [0.0] * len(specs)
    decisions = [0] * len(specs)
    actions: list[Action] = []
    passed: list[dict[str, Any]] = []  # (the mover's views at the steps of its decision taken so far)
    mover = -1
    while (seat := state.to_move()) is not None:
        if seat != mover:
            passed = []
        mover, legal, view = seat, state.legal_actions(), state.view(seat)
        started = time.perf_counter()
        number = decision_seed(seed, len(actions), seat)
        action = policies[seat].choose(game_id, view, seat, number, legal, None, passed)
        passed.append(view)
        think[seat] += time.perf_counter() - started
        decisions[seat] += 1
        state.apply(action, False)
        actions.append(action)
    return MatchRecord(
        game_id,
        seed,
        options,
        [str(spec) for spec in specs],
        state.scores(),
        state.outcome(),
        len(actions),
        think,
        decisions,
        actions,
    )


def first_mover(record: MatchRecord) -> int:
    """The seat that moved first in ``record``'s match: some games draw it (Camel Caravan's start
    player, Caravans of Ahldarahd's first Shah), so the seat listed first need not be it."""
    seat = _start(record).to_move()
    if seat is None:
        raise ValueError(f"a new {record.game_id} match has no seat to move")
    return seat


def replay(record: MatchRecord) -> State:
    """The final state of a recorded match, rebuilt from its seed and actions."""
    state = _start(record)
    for action in record.actions:
        state.apply(action, False)
    return state


def _start(record: MatchRecord) -> State:
    """The first position of ``record``'s match."""
    return get_game(record.game_id).new(len(record.specs), seed=record.seed, options=record.options)
