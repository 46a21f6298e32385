"""The game contract every game implements (DESIGN §2).

Modelled on OpenSpiel's State API and TAG's redeterminising copy. Pure Python: nothing here,
in a game's ``rules.py``, in ``ai/`` or in ``saves/`` may import Textual.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, Sequence, runtime_checkable

#: An action is a tuple of str / int / nested tuples, e.g. ("play", "2MK", "3MV") or ("pass",).
Action = tuple


class IllegalAction(ValueError):
    """Raised by ``State.apply`` for an action that is not legal now; the state is unchanged."""


@dataclass(frozen=True, slots=True)
class Event:
    """A log line. ``seats`` limits who may see it (None: everyone); ``reveals`` marks hidden
    information or randomness coming out, which undo may not cross."""

    text: str
    seats: tuple[int, ...] | None = None
    reveals: bool = False

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: its default, the allowed values and a line of help for the new-match screen."""

    default: Any
    choices: tuple
    help: str

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            raise ValueError(f"{value!r} is not one of {list(self.choices)}")
        return value


@runtime_checkable
class State(Protocol):
    """One position of a game, including its own seeded random generator (chance lives inside)."""

    def opening_events(self) -> list[Event]: ...  # the setup (deals, start player), from a fresh state
    def to_move(self) -> int | None: ...
    def legal_actions(self) -> list[Action]: ...  # may be shared with other states: never mutate it
    def apply(self, action: Action) -> list[Event]: ...
    def is_over(self) -> bool: ...
    def scores(self) -> list[float]: ...
    def outcome(self) -> list[float]: ...
    def estimate(self) -> list[float]: ...
    def view(self, seat: int | None) -> dict: ...
    def determinize(self, seat: int, rng: random.Random) -> "State": ...
    def clone(self) -> "State": ...
    def describe(self, action: Action, seat: int | None = None) -> str: ...
    def to_data(self) -> dict: ...


@dataclass(frozen=True)
class Game:
    """A registered game: metadata plus the State class that implements its rules."""

    id: str
    title: str
    players: range
    options: dict[str, Option]
    rules: str  # markdown, shown by the in-app viewer
    summary: str  # one line for the new-match screen
    state_class: type
    default_players: int = 2

    def resolve_options(self, options: dict | None) -> dict:
        """Defaults filled in, unknown names and values refused with a clear message."""
        options = dict(options or {})
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"{self.title} has no option {', '.join(sorted(unknown))}")
        return {name: opt.check(options.get(name, opt.default)) for name, opt in self.options.items()}

    def new(self, players: int, *, seed: int, options: dict | None = None) -> State:
        if players not in self.players:
            raise ValueError(
                f"{self.title} is for {self.players.start}-{self.players.stop - 1} players, not {players}"
            )
        return self.state_class.new(players, seed=seed, options=self.resolve_options(options))

    def from_data(self, data: dict) -> State:
        return self.state_class.from_data(data)

    def from_view(self, view: dict, seat: int) -> State:
        """A world consistent with ``view`` (hidden parts filled in a fixed order).

        AI seats receive only their view; they build a world with this and call
        ``determinize`` on it, so search can never see the real hidden cards.
        """
        return self.state_class.from_view(view, seat)


def outcome_from_scores(scores: Sequence[float]) -> list[float]:
    """Win 1, loss 0; seats tied for the best share the win equally."""
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    share = 1.0 / len(winners)
    return [share if i in winners else 0.0 for i in range(len(scores))]


def normalise_action(action: Any) -> Action:
    """Lists (as msgpack or JSON return them) back to tuples, recursively."""
    if isinstance(action, (list, tuple)):
        return tuple(normalise_action(a) for a in action)
    return action
