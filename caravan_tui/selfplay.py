"""Headless matches between policy seats, for measuring strength (``caravan-tui selfplay``)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ai.arena import Job
from ai.matches import MatchRecord
from caravan_tui.seats import SeatSpec


def selfplay_jobs(game_id: str, specs: list[SeatSpec], games: int, seed: int, options: dict,
                  iterations: int | None = None) -> Iterator[Job]:
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
        lines.append(f"{row.spec:<{width}} {row.matches:>7} {row.wins:>7.1f} {100 * row.wins / row.matches:>5.1f}% "
                     f"{row.score / row.matches:>9.2f} {per_move:>8.4f}")
    lines.append(f"average moves per match: {moves:.1f}")
    return "\n".join(lines)
