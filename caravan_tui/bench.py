"""Engine and AI speed per game (``caravan-tui bench``). Numbers, never assertions."""

from __future__ import annotations

import asyncio
import math
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from caravan_tui.ai.explain import RootStats
from caravan_tui.ai.ismcts import search
from caravan_tui.ai.levels import LEVELS, Level, get_level, level_for
from caravan_tui.ai.policies import SearchPolicy, pick, search_policy, search_settings
from caravan_tui.ai.worker import AIWorker
from caravan_tui.engine import Game, State
from caravan_tui.games import GAMES, get_game
from caravan_tui.seats import SeatSpec

SAMPLE_SEEDS = range(40)
T = TypeVar("T")


def sample_states(game: Game, players: int) -> list[State]:
    """Positions from random playouts: a spread of openings, middles and ends."""
    states = []
    for seed in SAMPLE_SEEDS:
        state = game.new(players, seed=seed, options=game.quick_options)
        rng = random.Random(seed)
        while not state.is_over():
            if rng.random() < 0.25:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()), False)
    return states


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0-100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _per_call_us(fn: Callable[[T], object], items: Sequence[T], repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (time.perf_counter() - started) / (repeat * len(items)) * 1e6


def bench_game(
    game_id: str,
    players: int | None = None,
    *,
    playout_seconds: float = 2.0,
    search_iterations: int = 3000,
    level_positions: int = 10,
    levels: tuple[str, ...] = tuple(LEVELS),
    memory_iterations: int | None = None,
    clock_positions: int = 2,
) -> dict[str, Any]:
    """One game's numbers at ``players``. ``clock_positions``: positions each level's clock is
    timed in through AI workers (``budget_use``; 0 skips it)."""
    game = get_game(game_id)
    players = players or game.default_players
    states = sample_states(game, players)
    movers = [(s, seat) for s in states if (seat := s.to_move()) is not None]  # each sample and its mover
    rng = random.Random(0)
    moves = [(s, rng.choice(s.legal_actions())) for s in states]
    clone_us = _per_call_us(lambda s: s.clone(), states, 50)
    # legal_actions on a freshly redealt world, as search calls it, rebuilt from its data so no
    # cached answer is read (a redealt world without hidden cards is a clone sharing its cache)
    fresh = [type(w).from_data(w.to_data()) for w in (s.determinize((seat + 1) % players, rng) for s, seat in movers)]
    legal_us = _per_call_us(lambda s: s.legal_actions(), fresh, 1)
    apply_us = _per_call_us(lambda m: m[0].clone().apply(m[1], False), moves, 20) - clone_us
    determinize_us = _per_call_us(lambda m: m[0].determinize(m[1], rng), movers, 20)

    playouts, started = 0, time.perf_counter()
    while time.perf_counter() - started < playout_seconds:
        state = game.new(players, seed=playouts, options=game.quick_options)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), False)
        playouts += 1
    playouts_per_s = playouts / (time.perf_counter() - started)

    start = game.new(players, seed=1, options=game.quick_options)
    seat = start.to_move()
    if seat is None:
        raise ValueError(f"{game.title} is over before its first move")
    world = game.from_view(start.view(seat), seat)
    normal = level_for(get_level("normal"), game)
    settings = search_settings(normal, game)
    # in CPU time: one core's rate, whatever else the machine runs meanwhile
    started_cpu = time.process_time()
    result = search(world, seat, iterations=search_iterations, seed=1, **settings)
    iterations_per_s = result.iterations / max(time.process_time() - started_cpu, 1e-9)
    tracemalloc.start()
    search(world, seat, iterations=memory_iterations or normal.iterations, seed=2, **settings)
    peak_kib = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()

    level_times = {}
    positions = [(s, seat) for s, seat in movers if len(s.legal_actions()) > 1]
    positions = positions[:: max(1, len(positions) // level_positions)][:level_positions]
    for name in levels:
        policy = search_policy(SeatSpec.ai(name))
        level = policy.level_for(game_id)
        # a plan weighs lines, not visits: only its time says whether the clock cut it short
        plans = level.plan and game.ai.plan is not None
        times, on_clock = [], 0
        for index, (state, seat) in enumerate(positions):
            started = time.perf_counter()
            roots = [
                policy.search_root(game_id, state.view(seat), seat, index, number) for number in range(level.searches)
            ]
            # what choose does once the searches are in
            pick(game_id, state.view(seat), seat, policy.merge(roots), policy.level.name)
            times.append(time.perf_counter() - started)
            if plans:
                on_clock += level.seconds is not None and times[-1] >= level.seconds
            else:
                on_clock += any(_clock_ended(level, stats) for stats in roots)
        level_times[name] = {
            "p50_s": percentile(times, 50),
            "p95_s": percentile(times, 95),
            "moves": len(times),
            "on_clock": on_clock,
        }
    budgets = budget_use(game_id, positions[:clock_positions], levels) if clock_positions else {}

    return {
        "game": game_id,
        "players": players,
        "options": game.quick_options,
        "clone_us": clone_us,
        "legal_actions_us": legal_us,
        "apply_us": apply_us,
        "determinize_us": determinize_us,
        "random_playouts_per_s": playouts_per_s,
        "ismcts_iterations_per_s": iterations_per_s,
        "search_peak_kib": peak_kib,
        "ai_move_s": level_times,
        "budget_use": budgets,
    }


def _clock_ended(level: Level, stats: RootStats) -> bool:
    """Whether the clock, not the iteration budget, ended a search with root ``stats``."""
    return level.iterations is None or sum(visits for visits, _ in stats.values()) < level.iterations


def budget_use(game_id: str, positions: list[tuple[State, int]], levels: tuple[str, ...]) -> dict[str, Any]:
    """Each level's time used over its time budget, from the caller's side of the AI workers as the
    app and the server use them (round trips, hard's searches in parallel) with the iteration
    budget dropped, so that the clock ends every search. The first move also starts the workers'
    processes: it is reported apart. A level without a clock is reported as such."""
    return asyncio.run(_budget_use(game_id, positions, levels))


async def _budget_use(game_id: str, positions: list[tuple[State, int]], levels: tuple[str, ...]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    async with AIWorker(max_workers=max(get_level(name).searches for name in levels)) as worker:
        first: float | None = None
        for name in levels:
            policy = SearchPolicy(get_level(name), tweaks=(("iterations", None),))
            try:
                seconds = policy.level_for(game_id).seconds
            except ValueError:  # the game's settings leave this level without a clock
                seconds = None
            if seconds is None:
                found[name] = {"seconds": None, "used": []}
                continue
            used = []
            for index, (state, seat) in enumerate(positions):
                started = time.perf_counter()
                await worker.root_stats(policy, game_id, state.view(seat), seat, index)
                share = (time.perf_counter() - started) / seconds
                if first is None:
                    first = share
                    found["first_move"] = {"level": name, "used": share}
                    started = time.perf_counter()
                    await worker.root_stats(policy, game_id, state.view(seat), seat, index)
                    share = (time.perf_counter() - started) / seconds
                used.append(share)
            found[name] = {"seconds": seconds, "used": used}
    return found


def run_bench(game_ids: list[str] | None = None, **kwargs: Any) -> list[dict[str, Any]]:
    """Every game at every player count it supports."""
    return [
        bench_game(game_id, players, **kwargs)
        for game_id in (game_ids or list(GAMES))
        for players in GAMES[game_id].players
    ]


def format_report(results: list[dict[str, Any]]) -> str:
    lines = []
    for r in results:
        lines.append(f"{r['game']} ({r['players']} players, options {r['options']})")
        rows = [
            ("clone", f"{r['clone_us']:.2f} µs"),
            ("legal_actions", f"{r['legal_actions_us']:.2f} µs"),
            ("apply", f"{r['apply_us']:.2f} µs"),
            ("determinize", f"{r['determinize_us']:.2f} µs"),
            ("random playouts", f"{r['random_playouts_per_s']:.0f} /s"),
            (
                "ISMCTS iterations",
                f"{r['ismcts_iterations_per_s']:,.0f} /s (normal level, from the opening, one core's CPU time)",
            ),
            ("search peak memory", f"{r['search_peak_kib']:.0f} KiB (one normal-level search)"),
        ]
        for name, t in r["ai_move_s"].items():
            rows.append(
                (
                    f"AI move, {name}",
                    f"p50 {t['p50_s']:.3f} s, p95 {t['p95_s']:.3f} s ({t['moves']} moves, "
                    f"{t['on_clock']} ended by the clock, the others by the iterations)",
                )
            )
        rows += budget_rows(r["budget_use"], r["ai_move_s"])
        lines += [f"  {label:<20} {value}" for label, value in rows]
    return "\n".join(lines)


def budget_rows(budgets: dict[str, Any], levels: dict[str, Any]) -> list[tuple[str, str]]:
    """The time-used rows: every level, saying what could not be observed rather than leaving it out."""
    if not budgets:
        return [("time used / budget", "not measured (no positions timed through the AI workers)")]
    rows = []
    for name in levels:
        found = budgets.get(name)
        if found is None:
            rows.append((f"time used, {name}", "not measured"))
        elif found["seconds"] is None:
            rows.append((f"time used, {name}", "no clock at this level: nothing to use up"))
        elif not found["used"]:
            rows.append((f"time used, {name}", "not observed: no position to time"))
        else:
            used = found["used"]
            rows.append(
                (
                    f"time used, {name}",
                    f"{min(used):.3f}–{max(used):.3f} of its {found['seconds']:g} s "
                    f"({len(used)} moves, clock only, through the AI workers)",
                )
            )
    first = budgets.get("first_move")
    if first is not None:
        rows.append(
            (
                "time used, 1st move",
                f"{first['used']:.3f} of {first['level']}'s budget (the workers' processes start with it)",
            )
        )
    return rows
