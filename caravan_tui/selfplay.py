"""Headless matches between policy seats, for measuring strength (``caravan-tui selfplay``)."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai.matches import MatchRecord, play_match


def _play(job: tuple) -> MatchRecord:
    return play_match(*job)


def run_selfplay(game_id: str, specs: list[str], games: int, seed: int, options: dict | None = None,
                 workers: int = 2, iterations: int | None = None, on_result=None) -> list[MatchRecord]:
    """``games`` matches; seat order rotates each match so moving first favours nobody."""
    jobs = []
    for index in range(games):
        shift = index % len(specs)
        jobs.append((game_id, specs[shift:] + specs[:shift], seed + index, options, iterations))
    records = []
    if workers <= 1:
        for job in jobs:
            records.append(_play(job))
            if on_result:
                on_result(records[-1])
        return records
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for record in pool.map(_play, jobs):
            records.append(record)
            if on_result:
                on_result(record)
    return records


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
    lines = [f"{'seat':<12} {'matches':>7} {'wins':>7} {'win %':>6} {'avg score':>9} {'s/move':>8}"]
    for row in rows:
        per_move = row.think / row.decisions if row.decisions else 0.0
        lines.append(f"{row.spec:<12} {row.matches:>7} {row.wins:>7.1f} {100 * row.wins / row.matches:>5.1f}% "
                     f"{row.score / row.matches:>9.2f} {per_move:>8.4f}")
    lines.append(f"average moves per match: {moves:.1f}")
    return "\n".join(lines)
