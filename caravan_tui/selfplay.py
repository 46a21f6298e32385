"""Headless matches between policy seats, for measuring strength (``caravan-tui selfplay``).

Between seats the table gives wins; a solo game has no one to beat, so its table gives what a
solo player aims at instead: the mean score, its range, and the titles reached."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from caravan_tui.ai.arena import Job
from caravan_tui.ai.matches import MatchRecord
from caravan_tui.seats import SeatSpec


def selfplay_jobs(
    game_id: str, specs: list[SeatSpec], games: int, seed: int, options: dict, iterations: int | None = None
) -> Iterator[Job]:
    """``games`` matches with seeds ``seed``, ``seed + 1``…; the seat order rotates each match so
    moving first favours nobody (``ai.arena.run_jobs`` plays them). Made as they are played, so
    that a long run starts at once."""
    for index in range(games):
        shift = index % len(specs)
        order = tuple(specs[shift:] + specs[:shift])
        yield Job(index, game_id, order, seed + index, dict(options), iterations)


@dataclass(slots=True)
class SeatSummary:
    spec: str
    matches: int = 0
    wins: float = 0.0
    score: float = 0.0
    think: float = 0.0
    decisions: int = 0


def summarise(records: list[MatchRecord]) -> tuple[list[SeatSummary], float]:
    """Per distinct spec: matches, wins (ties shared), mean score and seconds per decision; plus
    the mean number of moves per match. Two seats with the same spec are pooled."""
    table: dict[str, SeatSummary] = {}
    for record in records:
        for seat, spec in enumerate(record.specs):
            row = table.setdefault(spec, SeatSummary(spec))
            row.matches += 1
            row.wins += record.outcome[seat]
            row.score += record.scores[seat]
            row.think += record.think[seat]
            row.decisions += record.decisions[seat]
    moves = sum(r.moves for r in records) / len(records) if records else 0.0
    return list(table.values()), moves


def format_table(rows: list[SeatSummary], moves: float) -> str:
    width = max(12, *(len(row.spec) + 1 for row in rows)) if rows else 12
    lines = [f"{'seat':<{width}} {'matches':>7} {'wins':>7} {'win %':>6} {'avg score':>9} {'s/move':>8}"]
    for row in rows:
        per_move = row.think / row.decisions if row.decisions else 0.0
        lines.append(
            f"{row.spec:<{width}} {row.matches:>7} {row.wins:>7.1f} {100 * row.wins / row.matches:>5.1f}% "
            f"{row.score / row.matches:>9.2f} {per_move:>8.4f}"
        )
    lines.append(f"average moves per match: {moves:.1f}")
    return "\n".join(lines)


@dataclass(slots=True)
class SoloSummary:
    """One solo seat's games: every score, and the time it took to decide."""

    spec: str
    scores: list[float] = field(default_factory=list)
    moves: int = 0
    think: float = 0.0
    decisions: int = 0


def summarise_solo(records: list[MatchRecord]) -> list[SoloSummary]:
    """Per distinct spec of one-seat matches: its scores, moves and seconds spent deciding."""
    table: dict[str, SoloSummary] = {}
    for record in records:
        row = table.setdefault(record.specs[0], SoloSummary(record.specs[0]))
        row.scores.append(record.scores[0])
        row.moves += record.moves
        row.think += record.think[0]
        row.decisions += record.decisions[0]
    return list(table.values())


def title_of(score: float, titles: Sequence[tuple[int, str]]) -> str | None:
    """The highest title whose least score ``score`` reaches (``titles`` highest first), or None."""
    return next((name for least, name in titles if score >= least), None)


def format_solo(rows: list[SoloSummary], titles: Sequence[tuple[int, str]]) -> str:
    """Mean score, range, moves and seconds per move of each seat, then how many of its games
    reached each title (lowest first, "none" for a game below every title)."""
    width = max(12, *(len(row.spec) + 1 for row in rows)) if rows else 12
    lines = [f"{'seat':<{width}} {'games':>5} {'mean score':>10} {'range':>9} {'moves':>6} {'s/move':>8}"]
    for row in rows:
        games = len(row.scores)
        per_move = row.think / row.decisions if row.decisions else 0.0
        span = f"{min(row.scores):g}-{max(row.scores):g}"
        lines.append(
            f"{row.spec:<{width}} {games:>5} {sum(row.scores) / games:>10.2f} {span:>9} "
            f"{row.moves / games:>6.1f} {per_move:>8.4f}"
        )
    if titles:
        for row in rows:
            reached = [title_of(score, titles) for score in row.scores]
            counts = [("none", reached.count(None))] + [(name, reached.count(name)) for _, name in reversed(titles)]
            lines.append(f"titles, {row.spec}: " + " · ".join(f"{name} {count}" for name, count in counts))
    return "\n".join(lines)
