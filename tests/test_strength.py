"""Measured strength: the level ladder on the 2-player games (easy beats random, each level beats
the one below) and Camel Caravan's normal level against random and greedy play.

The default run keeps one quick seeded check per game: the search at a small budget beats random
play. Everything else is ``slow``: small seeded versions of the ladder with scaled-down budgets,
and the full measurements of docs/ai.md at the levels' own iteration budgets with the clock
dropped (``CARAVAN_TUI_AI_BUDGET=iterations``), so they replay exactly on any machine.
"""

from __future__ import annotations

import pytest

from caravan_tui.ai.arena import Job, run_jobs, schedule, standings
from caravan_tui.ai.levels import get_level, level_for
from caravan_tui.ai.matches import decision_seed
from caravan_tui.ai.policies import BUDGET_ENV
from caravan_tui.ai.policies import make_policy as make_spec_policy
from caravan_tui.games import GAMES, get_game
from caravan_tui.seats import SeatSpec, parse_seats

#: the quick check: a normal-level search on this many iterations a decision, one deal played
#: from every seat order, against random seats
QUICK_ITERATIONS = 15
#: the short form of a game where there is one (the full game is the slow runs' and the arena's)
QUICK_OPTIONS = {"camel_caravan": {"short_game": True}}


def make_policy(text: str, **kwargs):
    return make_spec_policy(SeatSpec.parse(text), **kwargs)


LADDER_OPTIONS = {"decktet_caravan": {"hands": 1}, "camel_caravan": {}}
#: per game: matches, the budget divisor of each ladder step, the least win rate asked of a step
#: (two matches can only show that a step wins at least one).
SMALL = {"decktet_caravan": (10, (1, 10, 40), 1.0), "camel_caravan": (2, (20, 20, 20), 0.5)}
#: arena rounds (two matches each) of the measured ladder where not 15
FULL_ROUNDS = {("camel_caravan", "ai:easy"): 5, ("decktet_caravan", "ai:hard"): 50}
LADDER = [("ai:easy", "random", 0.8), ("ai:normal", "ai:easy", 0.6), ("ai:hard", "ai:normal", 0.6)]


def win_rate(game_id: str, strong: str, weak: str, rounds: int, options: dict | None = None) -> float:
    """``strong``'s share of ``2 * rounds`` arena matches against ``weak`` (seed 1, both cores):
    ``caravan-tui arena GAME --seats WEAK,STRONG --rounds ROUNDS --seed 1``."""
    jobs = schedule(game_id, parse_seats(f"{weak},{strong}"), 2, rounds, 1, options)
    table = standings([weak, strong], run_jobs(jobs, workers=2))
    assert table.games[strong][weak] == 2 * rounds
    return table.rate(strong, weak)


@pytest.fixture
def untimed(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "iterations")


# -- the default run: small seeded versions ------------------------------------------------------


def scaled(spec: str, game_id: str, divisor: int):
    """``spec``'s level for ``game_id`` on a ``divisor``-th of its iteration budget, untimed."""
    if not spec.startswith("ai:"):
        return make_policy(spec)
    level = level_for(get_level(spec[3:]), get_game(game_id))
    return make_policy(spec, iterations=max(1, level.iterations // divisor))


def duel(game_id: str, strong, weak, matches: int, options: dict, players: int = 2) -> float:
    """``strong``'s share of the win over ``matches``: each deal played with ``strong`` in every
    seat in turn (the others ``weak``), as the arena plays them."""
    game = get_game(game_id)
    won = 0.0
    for match in range(matches):
        mine = match % players
        seats = [strong if seat == mine else weak for seat in range(players)]
        deal = match // players
        state = game.new(players, seed=deal, options=game.resolve_options(options))
        ply = 0
        while not state.is_over():
            seat = state.to_move()
            legal = state.legal_actions()
            action = seats[seat].choose(game_id, state.view(seat), seat, decision_seed(deal, ply, seat), legal)
            state.apply(action, False)
            ply += 1
        won += state.outcome()[mine]
    return won / matches


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES.values()])
def test_search_beats_random_quick(game) -> None:
    """Seeded, default run: the normal level's search settings on a small budget win every seat
    of one deal against random seats (alone, a solo game's result must beat random play's)."""
    players, options = game.default_players, {**game.quick_options, **QUICK_OPTIONS.get(game.id, {})}
    strong = make_policy("ai:normal", iterations=QUICK_ITERATIONS)
    if players == 1:
        assert duel(game.id, strong, None, 1, options, 1) > duel(game.id, make_policy("random"), None, 1, options, 1)
        return
    assert duel(game.id, strong, make_policy("random"), players, options, players) == 1.0


@pytest.mark.slow
def test_camel_search_beats_random_small() -> None:
    """A twentieth of the normal budget, short games, seats swapped: both won."""
    strong = scaled("ai:normal", "camel_caravan", 20)
    assert duel("camel_caravan", strong, make_policy("random"), 2, {"short_game": True}) == 1.0


@pytest.mark.slow
def test_camel_search_holds_greedy_small() -> None:
    """A quarter of the normal budget, short games, seats swapped: at least even."""
    strong = scaled("ai:normal", "camel_caravan", 4)
    assert duel("camel_caravan", strong, make_policy("greedy"), 2, {"short_game": True}) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(LADDER_OPTIONS))
@pytest.mark.parametrize("step", range(len(LADDER)))
def test_ladder_small(game_id: str, step: int) -> None:
    """Each step with both budgets scaled down (``SMALL``): more search still wins."""
    strong, weak, target = LADDER[step]
    matches, divisors, floor = SMALL[game_id]
    options = LADDER_OPTIONS[game_id] or {"short_game": True}
    rate = duel(
        game_id, scaled(strong, game_id, divisors[step]), scaled(weak, game_id, divisors[step]), matches, options
    )
    assert rate >= min(target, floor)


# -- the full measurements (pytest -m slow) -------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("weak, target, rounds", [("random", 0.9, 5), ("greedy", 0.6, 15)])
def test_camel_normal_beats(untimed, weak: str, target: float, rounds: int) -> None:
    """The runs of docs/ai.md at the normal level's budget."""
    assert win_rate("camel_caravan", "ai:normal", weak, rounds) >= target


@pytest.mark.slow
@pytest.mark.parametrize(
    "game_id, strong, weak, target",
    [(game_id, strong, weak, target) for game_id in sorted(LADDER_OPTIONS) for strong, weak, target in LADDER],
)
def test_ladder(untimed, game_id: str, strong: str, weak: str, target: float) -> None:
    """The runs of docs/ai.md: 15 rounds (30 matches) a step unless FULL_ROUNDS says otherwise."""
    rounds = FULL_ROUNDS.get((game_id, strong), 15)
    assert win_rate(game_id, strong, weak, rounds, LADDER_OPTIONS[game_id]) >= target


def test_solo_plan_never_loses_length_it_has_planned() -> None:
    """Solo Caravanserai, seeded, default run: the planner on its smallest budget (one candidate
    placement a turn beside the prior's own line) plays a whole game. The final length its plan
    expects never falls from one decision to the next, the game ends at the length last
    planned, and that beats the prior played alone from the start."""
    from caravan_tui.games.caravanserai import planner
    from caravan_tui.games.caravanserai.ai import prior_choice

    game = get_game("caravanserai")
    state = game.new(1, seed=7, options=game.resolve_options({}))
    alone, _ = planner.play_out(state.clone(), prior_choice)
    planner._CACHE.clear()
    expected = []
    while not state.is_over():
        chosen = planner.plan(state, prior_choice, 1, 2)
        expected.append(chosen.values[chosen.best])
        state.apply(chosen.best, False)
    assert expected == sorted(expected)
    assert state.scores()[0] / planner.SOLO_TOP == expected[-1]
    assert state.scores()[0] > alone


@pytest.mark.slow
@pytest.mark.parametrize("level, target", [("normal", 37), ("hard", 40)])
def test_solo_caravanserai_titles(untimed, level: str, target: float) -> None:
    """The solo run of docs/ai.md: the mean length over seeds 1-30 (``caravan-tui selfplay
    caravanserai --seats ai:LEVEL --games 30 --seed 1``)."""
    jobs = [Job(seed, "caravanserai", (SeatSpec.ai(level),), seed, {}, None) for seed in range(1, 31)]
    records = run_jobs(jobs, workers=2)
    assert sum(record.scores[0] for record in records) / len(records) >= target
