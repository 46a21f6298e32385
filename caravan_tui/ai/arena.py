"""Round-robin tournaments between seats, with win-rate intervals and Elo-style ratings.

Every combination of distinct seat specs plays ``rounds`` times in every rotation of seat order,
so moving first favours nobody. The rotations of one line-up in one round share their seed, as
in duplicate bridge: every seat plays the same deal (the same cards, the same bag) from every
position, so the luck of the deal cancels out and the results measure play. Each match is a
:class:`MatchRecord` whose game, seed, options and actions replay it exactly (and can become a
normal save file).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, islice
from typing import Any

from caravan_tui.engine import MAX_SEED
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec

from .matches import MatchRecord, first_mover, play_match
from .worker import die_with_parent

Z95 = 1.959964
#: the fields of a match in ``to_json`` that replay it
RECORD_FIELDS = ("game", "seed", "options", "seats", "scores", "actions")


def wilson_interval(score: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a rate of ``score`` out of ``n`` (draws count a half)."""
    p = score / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Job:
    index: int
    game_id: str
    specs: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any]
    iterations: int | None


def lineups(seats: list[SeatSpec], players: int) -> list[tuple[SeatSpec, ...]]:
    """Every line-up of ``players`` specs with at least two distinct seats."""
    return [c for c in combinations_with_replacement(seats, players) if len(set(c)) > 1]


def schedule(
    game_id: str,
    seats: list[SeatSpec],
    players: int,
    rounds: int,
    seed: int,
    options: dict[str, Any] | None = None,
    iterations: int | None = None,
) -> Iterator[Job]:
    """Every line-up in every rotation, ``rounds`` times; the rotations of a line-up in a round
    share one seed (``seed``, ``seed + 1``, …). Made as they are played, so that a long run
    starts at once: ``rounds * len(lineups(seats, players)) * players`` jobs."""
    matches = lineups(seats, players)
    for number in range(rounds * len(matches)):
        lineup = matches[number % len(matches)]
        for shift in range(players):
            specs = lineup[shift:] + lineup[:shift]
            yield Job(number * players + shift, game_id, specs, seed + number, dict(options or {}), iterations)


def _run(job: Job) -> tuple[int, MatchRecord]:
    return job.index, play_match(job.game_id, list(job.specs), job.seed, job.options, job.iterations)


def run_jobs(
    jobs: Iterable[Job],
    workers: int = 2,
    on_result: Callable[[int], None] | None = None,
    on_record: Callable[[int, MatchRecord], None] | None = None,
) -> list[MatchRecord]:
    """Play the jobs (in parallel processes when ``workers`` > 1, which end with this process
    however it ends: see ``ai/worker.py``); records in job order.
    ``on_result`` gets the number of matches finished so far, ``on_record`` each finished match
    with its job's index (so that a long run can keep its matches as they end). Jobs are taken from ``jobs`` only
    as they can start (at most two per worker wait their turn), so it may be a lazy generator."""
    records: dict[int, MatchRecord] = {}

    def finished(index: int, record: MatchRecord) -> None:
        records[index] = record
        if on_record:
            on_record(index, record)
        if on_result:
            on_result(len(records))

    if workers <= 1:
        for job in jobs:
            finished(*_run(job))
    else:
        waiting = iter(jobs)
        pending: set[Future[tuple[int, MatchRecord]]] = set()
        pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),))
        try:
            while True:
                pending |= {pool.submit(_run, job) for job in islice(waiting, 2 * workers - len(pending))}
                if not pending:
                    break
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    finished(*future.result())
        finally:
            pool.shutdown(cancel_futures=True)
    return [records[index] for index in sorted(records)]


@dataclass(slots=True)
class Standings:
    """Pairwise results: ``wins[a][b]`` counts a finishing ahead of b (ties count half)."""

    seats: list[str]
    wins: dict[str, dict[str, float]] = field(default_factory=dict)
    games: dict[str, dict[str, int]] = field(default_factory=dict)
    points: dict[str, list[float]] = field(default_factory=dict)  # game points, match by match
    think: dict[str, float] = field(default_factory=dict)  # seconds spent deciding, over every match
    decisions: dict[str, int] = field(default_factory=dict)  # decisions made, over every match
    by_position: list[float] = field(default_factory=list)  # wins (outcome summed) per seat position
    by_turn: list[float] = field(default_factory=list)  # wins per place in the order of play
    matches: int = 0

    def first_seat(self) -> tuple[float, tuple[float, float]] | None:
        """The first seat's share of the wins over all matches, with its 95% interval (None: no
        matches). Every line-up plays from every seat order, so the seats' strengths cancel out
        and what is left is the advantage of the first position."""
        if not self.matches:
            return None
        return self.by_position[0] / self.matches, wilson_interval(self.by_position[0], self.matches)

    def seconds_per_move(self, seat: str) -> float | None:
        """Mean seconds ``seat`` took to decide, over all its decisions (None: it made none)."""
        made = self.decisions.get(seat, 0)
        return self.think[seat] / made if made else None

    def mean_points(self, seat: str) -> float | None:
        scored = self.points.get(seat)
        return sum(scored) / len(scored) if scored else None

    def rate(self, a: str, b: str) -> float | None:
        n = self.games[a][b]
        return self.wins[a][b] / n if n else None

    def interval(self, a: str, b: str) -> tuple[float, float] | None:
        """95% Wilson score interval of a's win rate against b."""
        n = self.games[a][b]
        return wilson_interval(self.wins[a][b], n) if n else None

    def elo(self, iterations: int = 500) -> dict[str, float]:
        """Bradley-Terry strengths by minorisation-maximisation, one virtual draw per pair to keep
        unbeaten seats finite, on the Elo scale (400·log10) centred on a mean of 1500."""
        gamma = {s: 1.0 for s in self.seats}
        for _ in range(iterations):
            new = {}
            for a in self.seats:
                won = sum(self.wins[a][b] + 0.5 for b in self.seats if b != a and self.games[a][b])
                denom = sum(
                    (self.games[a][b] + 1) / (gamma[a] + gamma[b]) for b in self.seats if b != a and self.games[a][b]
                )
                new[a] = won / denom if denom else gamma[a]
            mean_log = sum(math.log(g) for g in new.values()) / len(new)
            gamma = {s: g / math.exp(mean_log) for s, g in new.items()}
        return {s: 1500 + 400 * math.log10(g) for s, g in gamma.items()}


def wins_by_turn(records: Iterable[MatchRecord]) -> list[float]:
    """Wins (outcome summed) by place in the order of play: the seat that moved first, the seat
    after it, and so on. Where a game draws its first player, this, not the seat position, is
    what moving first is worth."""
    wins: list[float] = []
    for record in records:
        n, first = len(record.specs), first_mover(record)
        wins += [0.0] * (n - len(wins))
        for seat, share in enumerate(record.outcome):
            wins[(seat - first) % n] += share
    return wins


def share_line(label: str, first: str, wins: list[float], matches: int) -> str:
    """``wins by <label>: 14 · 16 of 30; <first> 47% [30%, 64%]`` (at least one match)."""
    share, (low, high) = wins[0] / matches, wilson_interval(wins[0], matches)
    return (
        f"wins by {label}: {' · '.join(f'{w:g}' for w in wins)} of {matches}; "
        f"{first} {100 * share:.0f}% [{100 * low:.0f}%, {100 * high:.0f}%]"
    )


def standings(seats: list[str], records: list[MatchRecord]) -> Standings:
    table = Standings(
        list(seats),
        {a: {b: 0.0 for b in seats} for a in seats},
        {a: {b: 0 for b in seats} for a in seats},
        {a: [] for a in seats},
        {a: 0.0 for a in seats},
        {a: 0 for a in seats},
        by_turn=wins_by_turn(records),
    )
    for record in records:
        if len(table.by_position) < len(record.specs):
            table.by_position += [0.0] * (len(record.specs) - len(table.by_position))
        table.matches += 1
        for seat, spec in enumerate(record.specs):
            table.by_position[seat] += record.outcome[seat]
            table.points[spec].append(record.scores[seat])
            table.think[spec] += record.think[seat]
            table.decisions[spec] += record.decisions[seat]
        for i, a in enumerate(record.specs):
            for j, b in enumerate(record.specs):
                if a == b:
                    continue
                table.games[a][b] += 1
                if record.outcome[i] > record.outcome[j]:
                    table.wins[a][b] += 1
                elif record.outcome[i] == record.outcome[j]:
                    table.wins[a][b] += 0.5
    return table


def format_standings(table: Standings) -> str:
    """The win-rate matrix (row against column, with its 95% interval), the ratings, mean points
    and seconds per decision (the time each seat took to decide, over all its moves), and the
    wins by seat position (seat 1 is the seat listed first in a match, whoever starts it)."""
    ratings = table.elo()
    order = sorted(table.seats, key=ratings.__getitem__, reverse=True)
    width = max(18, *(len(s) + 2 for s in order))
    name = max(12, *(len(s) + 1 for s in order))
    lines = ["win rate of row vs column, [95% interval]", " " * name + "".join(f"{s:>{width}}" for s in order)]
    for a in order:
        cells = []
        for b in order:
            interval = table.interval(a, b) if a != b else None
            cell = "—" if interval is None else f"{table.rate(a, b):.2f} [{interval[0]:.2f},{interval[1]:.2f}]"
            cells.append(f"{cell:>{width}}")
        lines.append(f"{a:<{name}}" + "".join(cells))
    lines.append("")
    lines.append(f"{'seat':<{name}} {'rating':>7} {'games':>6} {'mean points':>12} {'s/move':>8}")
    for s in order:
        points, per_move = table.mean_points(s), table.seconds_per_move(s)
        lines.append(
            f"{s:<{name}} {ratings[s]:>7.0f} {sum(table.games[s].values()):>6} "
            f"{'—' if points is None else f'{points:.1f}':>12} "
            f"{'—' if per_move is None else f'{per_move:.4f}':>8}"
        )
    if table.matches:
        lines.append("")
        lines.append(share_line("seat position", "the first seat", table.by_position, table.matches))
        lines.append(share_line("order of play", "the first to move", table.by_turn, table.matches))
    return "\n".join(lines)


def to_json(table: Standings, records: list[MatchRecord]) -> dict[str, Any]:
    ratings = table.elo()
    return {
        "seats": table.seats,
        "ratings": ratings,
        "mean_points": {s: table.mean_points(s) for s in table.seats},
        "think": table.think,
        "decisions": table.decisions,
        "seconds_per_move": {s: table.seconds_per_move(s) for s in table.seats},
        "wins_by_position": table.by_position,
        "wins_by_turn": table.by_turn,
        "matrix": {
            a: {
                b: {"wins": table.wins[a][b], "games": table.games[a][b], "interval": table.interval(a, b)}
                for b in table.seats
                if b != a
            }
            for a in table.seats
        },
        "matches": [record.as_json() for record in records],
    }


def record_problem(match: object) -> str | None:
    """What makes ``match``, read back from a file, other than a match ``to_json`` writes, in
    words, or None: a known game, a seed from 0 to MAX_SEED, seats the program plays, as many as
    the game seats and with options it can be set up with, one score per seat, a list of actions.
    The file may have been written by anyone: only then is the match set up and replayed."""
    if not isinstance(match, dict):
        return "it is not a recorded match"
    missing = [name for name in RECORD_FIELDS if name not in match]
    if missing:
        return f"it has no {missing[0]!r} field"
    game = GAMES.get(match["game"]) if isinstance(match["game"], str) else None
    if game is None:
        return f"there is no game {_short(match['game'])}"
    seed, seats, options = match["seed"], match["seats"], match["options"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        return f"its seed {_short(seed)} is not a whole number from 0 to {MAX_SEED}"
    if type(seats) is not list:
        return "its seats are not a list of seats"
    for number, text in enumerate(seats, 1):
        try:
            spec = SeatSpec.parse(text)
        except ValueError as error:
            return f"seat {number}: {error}"
        if spec.is_person:
            return f"seat {number} is {spec}, a person's seat; the program plays every seat of a recorded match"
    if type(options) is not dict:
        return "its options are not a map from names to values"
    problem = game.setup_problem(len(seats), options)
    if problem is not None:
        return problem
    scores = match["scores"]
    if type(scores) is not list or len(scores) != len(seats):
        return f"its scores are not a list of {len(seats)}, one per seat"
    if type(match["actions"]) is not list or not all(type(action) is list for action in match["actions"]):
        return "its actions are not a list of actions"
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"
