"""A registered game presented as an OpenSpiel Python game, and a head-to-head between OpenSpiel's
Python ``ISMCTSBot`` and our ISMCTS on it (``pip install '.[bench]'``).

Both searches run on the same engine: OpenSpiel's resampler calls our ``determinize`` and its
evaluator is the same cut-off rollout ending in ``estimate()`` that ours uses, so what differs is
the search code itself. OpenSpiel's bot has no time budget, so both sides are timed first and
each then searches the number of iterations that takes it the same time on average a move: equal time,
yet reproducible and unaffected by other load on the machine during the matches.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from caravan_tui.engine import Action, State
from caravan_tui.games import get_game

from .arena import wilson_interval
from .ismcts import search
from .matches import decision_seed

#: OpenSpiel's player id of a finished game
TERMINAL: int = pyspiel.PlayerId.TERMINAL
#: the sides' work in a match: moves with a choice, iterations searched, seconds taken
Work = dict[str, list[float]]
#: one match of a head-to-head: the arguments of ``head_to_head_match``
MatchJob = tuple[str, int, int, int, int, int, float, dict[str, Any] | None]


class ActionCodec:
    """Our tuple actions <-> OpenSpiel's integer actions, numbered on first sight."""

    def __init__(self) -> None:
        self.numbers: dict[Action, int] = {}
        self.actions: list[Action] = []

    def encode(self, action: Action) -> int:
        number = self.numbers.get(action)
        if number is None:
            number = self.numbers[action] = len(self.actions)
            self.actions.append(action)
        return number

    def decode(self, number: int) -> Action:
        return self.actions[number]


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    def __init__(self, game_id: str, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.ours = get_game(game_id)
        self.players = players
        self.options = self.ours.resolve_options(options)
        self.seed = seed
        self.codec = ActionCodec()
        game_type = pyspiel.GameType(
            short_name=f"caravan_{game_id}",
            long_name=self.ours.title,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=players,
            min_num_players=players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={},
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=1 << 20,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=100_000,
        )
        super().__init__(game_type, info, {})

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.ours.new(self.players, seed=self.seed, options=self.options))


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """Wraps one of our states; every call is forwarded to it."""

    def __init__(self, game: SpielGame, inner: State) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.inner = inner

    def current_player(self) -> int:
        seat = self.inner.to_move()
        return TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        encode = self.spiel_game.codec.encode
        return sorted(encode(action) for action in self.inner.legal_actions())

    def _apply_action(self, number: int) -> None:
        self.inner.apply(self.spiel_game.codec.decode(number), False)

    def _action_to_string(self, player: int, number: int) -> str:
        return self.inner.describe(self.spiel_game.codec.decode(number), player)

    def is_terminal(self) -> bool:
        return self.inner.is_over()

    def returns(self) -> list[float]:
        return self.inner.outcome() if self.inner.is_over() else [0.0] * self.spiel_game.players

    def information_state_string(self, player: int | None = None) -> str:
        return repr(self.inner.view(self.current_player() if player is None else player))

    def clone(self) -> SpielState:
        return SpielState(self.spiel_game, self.inner.clone())

    def __str__(self) -> str:
        return repr(self.inner.view(None))


class CutoffRollout(os_mcts.Evaluator):  # type: ignore[misc]  # open_spiel ships no types
    """Uniform random playout for ``horizon`` plies, then ``estimate()`` — as our search does."""

    def __init__(self, horizon: int, rng: random.Random) -> None:
        self.horizon = horizon
        self.rng = rng

    def evaluate(self, state: SpielState) -> np.ndarray:
        inner = state.inner.clone()
        for _ in range(self.horizon):
            if inner.is_over():
                break
            inner.apply(self.rng.choice(inner.legal_actions()), False)
        return np.array(inner.outcome() if inner.is_over() else inner.estimate())

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def openspiel_bot(
    game: SpielGame, simulations: int, seed: int, horizon: int, exploration: float
) -> os_ismcts.ISMCTSBot:
    rng = random.Random(seed)
    bot = os_ismcts.ISMCTSBot(
        game,
        CutoffRollout(horizon, rng),
        exploration,
        simulations,
        random_state=np.random.RandomState(seed % (1 << 32)),
    )
    bot.set_resampler(lambda state, player: SpielState(state.spiel_game, state.inner.determinize(player, rng)))
    return bot


def openspiel_choose(
    game: SpielGame, state: State, seat: int, simulations: int, seed: int, horizon: int, exploration: float
) -> Action:
    """OpenSpiel's choice for ``seat``, searching from a world built from the seat's view only."""
    world = SpielState(game, game.ours.from_view(state.view(seat), seat))
    bot = openspiel_bot(game, simulations, seed, horizon, exploration)
    return game.codec.decode(bot.step(world))


def calibration_positions(game: SpielGame, count: int = 6, deals: int = 2) -> list[tuple[State, int]]:
    """``count`` decisions with a choice, spread over ``deals`` seeded random games from the
    opening to the end (the opening first), each with its seat to move: where moves are timed."""
    found: list[tuple[State, int]] = []
    for deal in range(deals):
        state = game.ours.new(2, seed=game.seed + deal, options=game.options)
        rng = random.Random(deal)
        decisions = []
        while (seat := state.to_move()) is not None:
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions.append((state.clone(), seat))
            state.apply(rng.choice(legal), False)
        share = -(-count // deals)
        found += decisions[:: max(1, len(decisions) // share)][:share]
    return found[:count]


def iterations_per_move(
    game_id: str,
    seconds: float,
    horizon: int,
    exploration: float,
    options: dict[str, Any] | None = None,
    repeats: int = 3,
    positions: int = 6,
) -> tuple[int, int]:
    """(ours, OpenSpiel's) iterations that make each side's mean move take ``seconds``, over
    ``positions`` decisions spread from the opening to the end of random games.

    Timed at the move time itself: OpenSpiel's rate falls as its tree grows (2,000/s over 200
    simulations, 500/s over 1,600 on one machine), so a rate taken from a longer search would
    misstate a move. Timed over a match's positions, not the opening alone: later decisions
    have fewer plays and search faster, and a budget sized at the opening left a quarter of the
    time of the average move unused. Each side is warmed up first (the engine's caches are
    shared, so whichever ran first would pay for them), then timed ``repeats`` times, the
    positions interleaved so that a change of load hits both alike; the median of each."""
    game = SpielGame(game_id, options=options, seed=1)
    spots = calibration_positions(game, positions)
    if not spots:
        raise ValueError(f"{game.ours.title} has no decision with a choice to time")

    def ours(state: State, seat: int) -> float:
        """Seconds an iteration of ours takes at this decision."""
        world = game.ours.from_view(state.view(seat), seat)
        result = search(world, seat, seconds=seconds, horizon=horizon, exploration=exploration, seed=1)
        return result.elapsed / result.iterations

    def theirs(state: State, seat: int, simulations: int) -> float:
        started = time.perf_counter()
        openspiel_choose(game, state, seat, simulations, 1, horizon, exploration)
        return time.perf_counter() - started

    opening, first = spots[0]
    ours(opening, first)
    simulations = 8
    while (elapsed := theirs(opening, first, simulations)) < seconds:
        simulations *= 2
    simulations = max(1, round(simulations * seconds / elapsed))
    ours_counts: list[float] = []
    theirs_counts: list[float] = []
    for _ in range(repeats):
        ours_times: list[float] = []
        theirs_times: list[float] = []
        for state, seat in spots:
            ours_times.append(ours(state, seat))
            theirs_times.append(theirs(state, seat, simulations))
        ours_counts.append(seconds / statistics.mean(ours_times))
        theirs_counts.append(simulations * seconds / statistics.mean(theirs_times))
    return max(1, round(statistics.median(ours_counts))), max(1, round(statistics.median(theirs_counts)))


def _no_work() -> Work:
    """Per side: moves with a choice, iterations searched, seconds taken."""
    return {"ours": [0, 0, 0.0], "openspiel": [0, 0, 0.0]}


def head_to_head_match(
    game_id: str,
    seed: int,
    openspiel_seat: int,
    ours_iterations: int,
    openspiel_simulations: int,
    horizon: int,
    exploration: float,
    options: dict[str, Any] | None = None,
) -> tuple[list[float], Work]:
    """One match, OpenSpiel's bot in ``openspiel_seat``: the outcome per seat, and for each side
    its moves with a choice, the iterations it searched in them and the seconds they took."""
    game = SpielGame(game_id, options=options, seed=seed)
    state = game.ours.new(2, seed=seed, options=game.options)
    work = _no_work()
    moves = 0
    while (seat := state.to_move()) is not None:
        legal = state.legal_actions()
        turn_seed = decision_seed(seed, moves, seat)
        started = time.perf_counter()
        if len(legal) == 1:
            action, side, iterations = legal[0], None, 0
        elif seat == openspiel_seat:
            action = openspiel_choose(game, state, seat, openspiel_simulations, turn_seed, horizon, exploration)
            side, iterations = "openspiel", openspiel_simulations
        else:
            world = game.ours.from_view(state.view(seat), seat)
            result = search(
                world, seat, iterations=ours_iterations, horizon=horizon, exploration=exploration, seed=turn_seed
            )
            action, side, iterations = result.action, "ours", result.iterations
        if side:
            work[side][0] += 1
            work[side][1] += iterations
            work[side][2] += time.perf_counter() - started
        state.apply(action, False)
        moves += 1
    return state.outcome(), work


def _match(job: MatchJob) -> tuple[int, list[float], Work]:
    return (job[2], *head_to_head_match(*job))


def head_to_head(
    game_id: str,
    matches: int,
    seconds: float,
    horizon: int,
    exploration: float,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    workers: int = 2,
    on_result: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """``matches`` matches, each deal played twice with the seats swapped (as the arena does);
    each side searches the iterations that make its mean move take ``seconds`` (measured first,
    ``iterations_per_move``), and its speed and mean move are then measured over all its moves
    of the matches."""
    ours_iterations, simulations = iterations_per_move(game_id, seconds, horizon, exploration, options)
    jobs: list[MatchJob] = [
        (game_id, seed + i // 2, i % 2, ours_iterations, simulations, horizon, exploration, options)
        for i in range(matches)
    ]
    ours_points = 0.0
    work = _no_work()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, (openspiel_seat, outcome, match_work) in enumerate(pool.map(_match, jobs), start=1):
            ours_points += outcome[1 - openspiel_seat]
            for side, totals in match_work.items():
                work[side] = [a + b for a, b in zip(work[side], totals)]
            if on_result:
                on_result(done, matches)
    (ours_moves, ours_done, ours_time), (theirs_moves, theirs_done, theirs_time) = work["ours"], work["openspiel"]
    ours_rate, theirs_rate = ours_done / max(ours_time, 1e-9), theirs_done / max(theirs_time, 1e-9)
    rate = ours_points / matches
    return {
        "game": game_id,
        "matches": matches,
        "seconds_per_move": seconds,
        "horizon": horizon,
        "exploration": exploration,
        "ours_iterations_per_move": ours_iterations,
        "openspiel_simulations_per_move": simulations,
        "ours_iterations_per_s": ours_rate,
        "openspiel_iterations_per_s": theirs_rate,
        "speed_ratio": ours_rate / max(theirs_rate, 1e-9),
        "ours_seconds_per_move": ours_time / max(1, ours_moves),
        "openspiel_seconds_per_move": theirs_time / max(1, theirs_moves),
        "ours_points": ours_points,
        "ours_score_rate": rate,
        "interval95": list(wilson_interval(ours_points, matches)),
    }


def format_head_to_head(result: dict[str, Any]) -> str:
    low, high = result["interval95"]
    seconds = result["seconds_per_move"]
    return "\n".join(
        [
            f"{result['game']}: our ISMCTS vs OpenSpiel ISMCTSBot (Python), same engine, "
            f"{result['seconds_per_move']} s a move, horizon {result['horizon']}, c {result['exploration']}",
            f"  per move       ours {result['ours_iterations_per_move']} iterations, OpenSpiel "
            f"{result['openspiel_simulations_per_move']} "
            "(each what takes that time on average over a game's decisions)",
            f"  over the moves ours {result['ours_iterations_per_s']:.0f}/s, OpenSpiel "
            f"{result['openspiel_iterations_per_s']:.0f}/s, ratio {result['speed_ratio']:.2f}x",
            f"  time used      mean move ours {result['ours_seconds_per_move']:.3f} s, OpenSpiel "
            f"{result['openspiel_seconds_per_move']:.3f} s ({result['ours_seconds_per_move'] / seconds:.2f} and "
            f"{result['openspiel_seconds_per_move'] / seconds:.2f} of the {seconds:g} s; sized before the matches, so "
            "a change of the machine's load moves both)",
            f"  head-to-head   {result['matches']} matches, seats swapped: ours scored "
            f"{result['ours_points']:.1f} ({100 * result['ours_score_rate']:.1f}%, 95% CI "
            f"{100 * low:.1f}-{100 * high:.1f}%)",
        ]
    )
