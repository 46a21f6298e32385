"""The ai package: ISMCTS invariants, determinism, no peeking, policies, the worker, strength."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import math
import pickle
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from caravan_tui.ai import ismcts
from caravan_tui.ai.ismcts import Node, search
from caravan_tui.ai.levels import LEVELS, Level, check_game_ai, get_level, level_for
from caravan_tui.ai.policies import BUDGET_ENV, hint
from caravan_tui.ai.policies import make_policy as make_spec_policy
from caravan_tui.ai.worker import AIWorker, AIWorkerError, Question
from caravan_tui.engine import GameAI, outcome_from_scores
from caravan_tui.games import GAMES, get_game
from caravan_tui.seats import SeatSpec

from tables import processes_end

GAME = get_game("decktet_caravan")
ONE_HAND = GAME.quick_options


def make_policy(text: str, **kwargs):
    return make_spec_policy(SeatSpec.parse(text), **kwargs)


class Toy:
    """A tiny hidden-hand game for any number of players. A turn is two decisions by the same
    seat: play a card, then keep it or double it (once per game). Highest total wins."""

    def __init__(self, hands: list[list[int]]) -> None:
        self.hands = hands
        self.totals = [0] * len(hands)
        self.doubles = [1] * len(hands)
        self.turn: int | None = 0
        self.pending: int | None = None

    def clone(self) -> Toy:
        other = Toy([hand[:] for hand in self.hands])
        other.totals, other.doubles = self.totals[:], self.doubles[:]
        other.turn, other.pending = self.turn, self.pending
        return other

    def determinize(self, seat: int, rng: random.Random) -> Toy:
        world = self.clone()
        others = [s for s in range(len(self.hands)) if s != seat]
        unseen = [card for s in others for card in self.hands[s]]
        rng.shuffle(unseen)
        for s in others:
            size = len(self.hands[s])
            world.hands[s], unseen = sorted(unseen[:size]), unseen[size:]
        return world

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.turn is None

    def legal_actions(self) -> list[tuple]:
        if self.turn is None:
            return []
        if self.pending is None:
            return [("play", card) for card in self.hands[self.turn]]
        return [("keep",), ("double",)] if self.doubles[self.turn] else [("keep",)]

    def apply(self, action: tuple, log: bool = True) -> list:
        assert action in self.legal_actions()
        seat = self.turn
        if action[0] == "play":
            self.hands[seat].remove(action[1])
            self.pending = action[1]
            return []
        doubled = action == ("double",)
        self.doubles[seat] -= doubled
        self.totals[seat] += self.pending * (1 + doubled)
        self.pending = None
        self.turn = (seat + 1) % len(self.hands)
        if not any(self.hands):
            self.turn = None
        return []

    def outcome(self) -> list[float]:
        return outcome_from_scores(self.totals)

    def estimate(self) -> list[float]:
        total = sum(self.totals) + 1
        return [t / total for t in self.totals]


def toy(players: int, seed: int = 0) -> Toy:
    cards = list(range(1, 3 * players + 1))
    random.Random(seed).shuffle(cards)
    return Toy([sorted(cards[3 * s : 3 * s + 3]) for s in range(players)])


def walk(node: Node):
    yield node
    for child in node.children.values():
        yield from walk(child)


def play_match(policies: dict[int, object], seed: int, options: dict = ONE_HAND) -> list[float]:
    state = GAME.new(2, seed=seed, options=options)
    ply = 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        action = policies[seat].choose(GAME.id, state.view(seat), seat, seed * 1000 + ply, legal)
        assert action in legal
        state.apply(action)
        ply += 1
    return state.outcome()


@pytest.mark.thorough
def test_ai_never_imports_textual() -> None:
    code = (
        "import sys, caravan_tui.ai, caravan_tui.ai.worker\n"
        "assert not any(m.startswith('textual') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])


# -- ISMCTS ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_tree_statistics_are_consistent(players: int) -> None:
    world = toy(players)
    result = search(world, 0, iterations=300, horizon=3, seed=1)
    root = result.root
    assert result.iterations == root.visits == 300 == sum(result.visits.values())
    assert result.action in world.legal_actions()
    assert result.visits[result.action] == max(result.visits.values())
    for node in walk(root):
        assert 0.0 <= node.reward <= node.visits
        assert sum(c.visits for c in node.children.values()) <= node.visits
        for child in node.children.values():
            assert 1 <= child.visits <= child.avail <= node.visits


def test_same_seat_moves_twice_in_a_row() -> None:
    result = search(toy(3), 0, iterations=200, horizon=2, seed=4)
    for play in result.root.children.values():
        assert play.seat == 0
        assert all(decision.seat == 0 for decision in play.children.values())


def test_availability_counts_legal_visits() -> None:
    """Seat 0 cannot tell how seats 1 and 2 share their cards, so seat 1's plays are legal in
    some determinizations only: available less often than their parent is visited."""
    result = search(toy(3), 0, iterations=400, horizon=0, seed=2)
    turn_ends = [n for n in walk(result.root) if n.seat == 0 and n.parent.seat == 0]
    replies = [(n, c) for n in turn_ends for c in n.children.values()]
    assert replies and all(c.seat == 1 for _, c in replies)
    assert any(c.avail < n.visits for n, c in replies)
    # Alone, nothing is hidden: the k-th root child, created on root visit k, is available on
    # every root visit from then on.
    solo = search(toy(1), 0, iterations=50, horizon=0, seed=2).root
    assert sorted(c.avail for c in solo.children.values()) == [48, 49, 50]


def test_search_is_deterministic_per_seed() -> None:
    state = GAME.new(2, seed=7, options=ONE_HAND)
    seat = state.to_move()
    world = GAME.from_view(state.view(seat), seat)
    first = search(world, seat, iterations=200, seed=11)
    again = search(world, seat, iterations=200, seed=11)
    assert first.action == again.action and first.visits == again.visits
    assert list(first.visits) == list(again.visits)


@pytest.mark.thorough
def test_a_shared_list_of_legal_actions_searches_as_a_fresh_one_does() -> None:
    """Decktet Caravan hands the search the same cached list at a node (every root visit: 539
    plays); selection then reads the children lined up with it. Copying the list at every call
    (the lookup path) must give the very same tree, with the root fully tried well before the end."""
    state = GAME.new(2, seed=1, options=ONE_HAND)
    seat = state.to_move()
    world = GAME.from_view(state.view(seat), seat)
    assert len(world.legal_actions()) < 700
    shared = search(world, seat, iterations=900, seed=3, considered=lambda _, legal: legal)
    fresh = search(world, seat, iterations=900, seed=3, considered=lambda _, legal: list(legal))
    assert len(shared.root.children) == len(world.legal_actions())

    def stats(node: Node) -> list:
        return [
            (action, child.visits, child.avail, child.reward, stats(child)) for action, child in node.children.items()
        ]

    assert shared.root.kids is not None and fresh.root.kids is None  # each took its path
    assert stats(shared.root) == stats(fresh.root) and shared.action == fresh.action


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_redeals_share_the_searching_seats_list_of_legal_actions(game_id: str) -> None:
    """The world's list is filled once before the first redeal, so every redeal (which keeps the
    searching seat's own moves) hands the root that same list: computed once, children lined up."""
    game = get_game(game_id)
    state = game.new(game.default_players, seed=1, options=game.quick_options)
    seat = state.to_move()
    world = game.from_view(state.view(seat), seat)
    result = search(world, seat, iterations=60, horizon=2, seed=1)
    assert result.root.legal is world.legal_actions() and result.root.kids is not None


def test_search_leaves_the_cyclic_collector_as_it_found_it() -> None:
    world = toy(2)
    assert gc.isenabled()
    search(world, 0, iterations=50, horizon=2, seed=1)
    assert gc.isenabled()
    gc.disable()
    try:
        search(world, 0, iterations=50, horizon=2, seed=1)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_availability_beyond_the_first_logs_computed() -> None:
    """UCB reads logs of availability from a table grown as searches need it: a long search in a
    one-move-a-turn game gets the logs ``math.log`` gives."""
    result = search(toy(1), 0, iterations=3000, horizon=0, seed=2)
    assert result.root.visits == 3000
    assert all(ismcts._LOGS[n] == math.log(n) for n in range(1, 3002))


@pytest.mark.thorough
def test_search_never_reads_hidden_cards() -> None:
    """Two real states the seat cannot tell apart (other hands and set-aside cards differ)."""
    state = GAME.new(2, seed=5, options=ONE_HAND)
    seat = state.to_move()
    other = state.determinize(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    assert other.hands[1 - seat] != state.hands[1 - seat]
    a = search(state, seat, iterations=150, seed=3)
    b = search(other, seat, iterations=150, seed=3)
    assert a.action == b.action and a.visits == b.visits
    policy = make_policy("ai:normal", iterations=150)
    assert policy.choose(GAME.id, state.view(seat), seat, 3) == policy.choose(GAME.id, other.view(seat), seat, 3)


def test_equal_information_gives_equal_choice() -> None:
    """A view after a JSON round trip (lists for tuples, keys reordered) is the same information."""
    state = GAME.new(2, seed=8, options=ONE_HAND)
    for _ in range(3):  # into a season, so the view holds played combinations
        state.apply(state.legal_actions()[0])
    seat = state.to_move()
    view = state.view(seat)
    shuffled = json.loads(json.dumps(dict(reversed(view.items()))))
    policy = make_policy("ai:easy", iterations=150)
    assert policy.choose(GAME.id, view, seat, 21) == policy.choose(GAME.id, shuffled, seat, 21)


def test_prior_orders_expansions() -> None:
    """Untried actions are expanded best first: after k iterations the root's children are the k
    best by the prior, and the search is still a pure function of its seed."""
    world = toy(1)
    by_card = lambda state, actions: [a[1] if a[0] == "play" else 0 for a in actions]  # noqa: E731
    hands = sorted(world.hands[0])
    for k in (1, 2):
        root = search(world, 0, iterations=k, horizon=0, seed=5, prior=by_card).root
        assert sorted(a[1] for a in root.children) == hands[-k:]
    worst_first = lambda state, actions: [-a[1] if a[0] == "play" else 0 for a in actions]  # noqa: E731
    root = search(world, 0, iterations=1, horizon=0, seed=5, prior=worst_first).root
    assert list(root.children) == [("play", hands[0])]


def test_a_given_estimate_scores_the_leaves() -> None:
    """With ``estimate`` the leaves are scored by it, not by the state's own ``estimate()``: a
    constant quarter per seat sums to a quarter of every iteration at the root's children (no
    match ends within 20 iterations of a six-card toy)."""
    world = toy(2)
    quarter = search(world, 0, iterations=20, horizon=0, seed=3, estimate=lambda state: [0.25, 0.25]).root
    own = search(world, 0, iterations=20, horizon=0, seed=3).root
    assert sum(child.reward for child in quarter.children.values()) == pytest.approx(0.25 * 20)
    assert sum(child.reward for child in own.children.values()) != pytest.approx(0.25 * 20)


def test_prior_leaves_the_searched_state_alone() -> None:
    seen = []

    def spy(state, actions):
        seen.append(len(actions))
        return [0.0] * len(actions)

    world = toy(2)
    before = world.legal_actions(), world.totals[:], [h[:] for h in world.hands]
    search(world, 0, iterations=50, horizon=2, seed=1, prior=spy)
    assert seen and before == (world.legal_actions(), world.totals, world.hands)


def test_search_weighs_only_the_considered_actions() -> None:
    """A game's ``considered`` narrows every seat's choices, in the tree and in rollouts: a toy
    whose AI never doubles never reaches a position where a double was played."""

    def never_double(state, legal):
        return [a for a in legal if a != ("double",)]

    def walk(node):
        for action, child in node.children.items():
            yield action
            yield from walk(child)

    world = toy(3)
    plain = search(world, 0, iterations=300, horizon=4, seed=2)
    assert ("double",) in set(walk(plain.root))
    narrowed = search(world, 0, iterations=300, horizon=4, seed=2, considered=never_double)
    assert ("double",) not in set(walk(narrowed.root)) and ("keep",) in set(walk(narrowed.root))


def test_progressive_widening_caps_children() -> None:
    """A node visited n times has at most ceil(base * n ** widening) children legal in the current
    world (at the root: all of them, nothing hidden changes what can be done there). With ~130
    legal actions the root of a Camel Caravan search tries a few dozen, not all of them."""
    game = get_game("camel_caravan")
    state = game.new(2, seed=3)
    seat = state.to_move()
    world = game.from_view(state.view(seat), seat)
    legal = len(world.legal_actions())
    wide = search(world, seat, iterations=400, horizon=0, seed=1).root
    narrow = search(world, seat, iterations=400, horizon=0, seed=1, widening=0.5, widening_base=2).root
    assert len(wide.children) == min(legal, 400)
    assert 10 < len(narrow.children) <= math.ceil(2 * 400**0.5) < legal


def test_progress_callback() -> None:
    reports = []
    world = toy(2)
    search(world, 0, iterations=100, seed=0, progress=lambda n, a: reports.append((n, a)), progress_every=25)
    assert [n for n, _ in reports] == [25, 50, 75, 100]
    assert all(a in world.legal_actions() for _, a in reports)


def test_search_needs_a_budget_and_the_seat_to_move() -> None:
    with pytest.raises(ValueError):
        search(toy(2), 0)
    with pytest.raises(ValueError):
        search(toy(2), 1, iterations=10)


# -- levels and policies --------------------------------------------------------------------------


def test_levels_grow() -> None:
    easy, normal, hard = (get_level(name) for name in ("easy", "normal", "hard"))
    assert list(LEVELS) == ["easy", "normal", "hard"]
    for low, high in ((easy, normal), (normal, hard)):
        assert low.iterations * low.searches < high.iterations * high.searches
        assert low.seconds * low.searches < high.seconds * high.searches
        assert low.horizon <= high.horizon
    with pytest.raises(ValueError, match="no AI level 'godlike'"):
        get_level("godlike")
    with pytest.raises(ValueError):
        Level("none", iterations=None, seconds=None, horizon=1)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES.values()])
def test_games_get_their_own_search_settings(game) -> None:
    """A game's settings for a level apply over the generic level; an explicit iteration budget
    outranks the game's; a level that asks for a prior gets the game's prior; each level still
    searches more than the one below."""
    check_game_ai(game)
    for name, level in LEVELS.items():
        changes = dict(game.ai.levels.get(name, {}))
        assert level_for(level, game) == dataclasses.replace(level, **changes)
        capped = make_policy(f"ai:{name}", iterations=77).level_for(game.id)
        assert (capped.iterations, capped.seconds) == (77, None)
        assert capped.prior == changes.get("prior", False) and capped.searches == level.searches
    own = [level_for(level, game) for level in LEVELS.values()]
    budgets = [level.iterations * level.searches for level in own]
    assert budgets == sorted(set(budgets)), f"{game.id}: each level searches more than the one below"


def test_game_settings_are_checked() -> None:
    game = GAMES["camel_caravan"]
    for bad in (
        {"expert": {"horizon": 1}},
        {"easy": {"searches": 4}},
        {"easy": {"horizn": 1}},
        {"easy": {"widening": -1}},
        {"easy": {"name": "x"}},
    ):
        with pytest.raises(ValueError):
            check_game_ai(dataclasses.replace(game, ai=GameAI(levels=bad, prior=game.ai.prior)))
    with pytest.raises(ValueError, match="has none"):
        check_game_ai(dataclasses.replace(game, ai=GameAI(levels={"easy": {"prior": True}})))


def test_untimed_budget_from_the_environment(monkeypatch) -> None:
    assert make_policy("ai:normal").level_for("camel_caravan").seconds == LEVELS["normal"].seconds
    monkeypatch.setenv(BUDGET_ENV, "iterations")
    level = make_policy("ai:normal").level_for("camel_caravan")
    assert (level.iterations, level.seconds) == (LEVELS["normal"].iterations, None)


@pytest.mark.thorough
@pytest.mark.parametrize("spec", ["random", "greedy", "ai:easy", "ai:normal", "ai:hard"])
def test_policies_pick_legal_actions_and_pickle(spec: str) -> None:
    policy = pickle.loads(pickle.dumps(make_policy(spec, iterations=60)))
    state = GAME.new(2, seed=2, options=ONE_HAND)
    for ply in range(6):
        seat = state.to_move()
        legal = state.legal_actions()
        action = policy.choose(GAME.id, state.view(seat), seat, ply)
        assert action in legal
        assert policy.choose(GAME.id, state.view(seat), seat, ply, legal) == action
        state.apply(action)


def test_make_policy_overrides() -> None:
    assert make_policy("ai:normal", iterations=300).level.iterations == 300
    assert make_policy("ai:normal", iterations=300).level.seconds is None
    custom = Level("custom", iterations=10, seconds=None, horizon=1)
    assert make_policy("ai:normal", level=custom).level == custom
    with pytest.raises(ValueError, match="not played by a policy"):
        make_policy("human")


def test_custom_seats_change_fields_over_the_games_settings() -> None:
    """``ai:LEVEL+field=value`` keeps the game's settings for the level and changes the named
    fields last; an explicit iteration budget still outranks the seat's own."""
    policy = make_policy("ai:hard+exploration=0.1+searches=1+iterations=5000+prior=no")
    assert policy.level.searches == 1
    camel = policy.level_for("camel_caravan")
    assert (camel.exploration, camel.iterations, camel.prior) == (0.1, 5000, False)
    assert camel.widening == level_for(LEVELS["hard"], GAMES["camel_caravan"]).widening
    capped = make_policy("ai:normal+iterations=5000+horizon=3", iterations=40).level_for("decktet_caravan")
    assert (capped.iterations, capped.seconds, capped.horizon) == (40, None, 3)
    assert make_policy("ai:easy+").level_for("camel_caravan") == level_for(LEVELS["easy"], GAMES["camel_caravan"])


def test_hint_gives_the_searchs_top_candidates_in_order(monkeypatch) -> None:
    monkeypatch.setenv(BUDGET_ENV, "iterations")  # the same search twice, whatever the load
    state = GAME.new(2, seed=4, options=ONE_HAND)
    seat = state.to_move()
    top = hint(GAME.id, state.view(seat), seat, level="easy", seed=1)
    assert 1 <= len(top) <= 3 and all(c.action in state.legal_actions() for c in top)
    assert [c.share for c in top] == sorted((c.share for c in top), reverse=True)
    assert all(0 < c.share <= 1 and 0 <= c.value <= 1 for c in top)
    assert top[0].action == make_policy("ai:easy").choose(GAME.id, state.view(seat), seat, 1)


@pytest.mark.slow
def test_search_beats_random() -> None:
    """Seeded: ISMCTS with a small budget wins >= 85% of 10 one-hand matches, seats alternating
    (a strength run: the default run's check is test_strength.py's quick one, for every game)."""
    ai, rand = make_policy("ai:normal", iterations=200), make_policy("random")
    wins = sum(play_match({s % 2: ai, 1 - s % 2: rand}, s)[s % 2] for s in range(10))
    assert wins >= 8.5


# -- the worker -----------------------------------------------------------------------------------


@pytest.mark.thorough
async def test_worker_does_not_block_the_loop() -> None:
    state = GAME.new(2, seed=6, options=ONE_HAND)
    seat = state.to_move()
    ticks = 0

    async def count() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    counter = asyncio.create_task(count())
    await asyncio.sleep(0)
    before = ticks
    async with AIWorker() as worker:
        policy = make_policy("ai:normal", iterations=400)
        legal = state.legal_actions()
        action = await worker.choose(policy, Question(GAME.id, state.view(seat), seat, 9, legal))
    counter.cancel()
    assert ticks > before
    assert action == policy.choose(GAME.id, state.view(seat), seat, 9)


KILLED_PARENT = """
import asyncio, os
from caravan_tui.ai.policies import make_policy
from caravan_tui.ai.worker import AIWorker, Question
from caravan_tui.games import get_game
from caravan_tui.seats import SeatSpec

async def main():
    game = get_game("decktet_caravan")
    state = game.new(2, seed=1, options=game.quick_options)
    worker = AIWorker(max_workers=1)
    seat = state.to_move()
    await worker.choose(make_policy(SeatSpec.ai("easy"), iterations=5), Question(game.id, state.view(seat), seat, 1))
    print(*worker._pool._processes, flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


@pytest.mark.thorough
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_worker_processes_end_with_a_parent_killed_outright() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", KILLED_PARENT], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parent.parent
    )
    try:
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and all(Path(f"/proc/{pid}").exists() for pid in workers)
    finally:
        parent.kill()
        parent.wait()
    assert processes_end(workers, polls=100), f"worker processes {workers} outlived their parent"


def sigint_blocked() -> bool:
    """In a worker: whether SIGINT is blocked in its thread."""
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])


@pytest.mark.thorough
@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signal masks are POSIX threads'")
async def test_a_worker_starts_with_ctrl_c_blocked_and_its_parent_keeps_it() -> None:
    """ctrl+c at a server's terminal reaches every process of its group: a hint's worker, still
    importing as it started, printed a KeyboardInterrupt traceback, the only words of the stop."""
    async with AIWorker() as worker:
        pool = worker._executor()
        (future,) = worker._submit(pool, lambda: [pool.submit(sigint_blocked)])
        assert await asyncio.wrap_future(future)
    assert not sigint_blocked()


@pytest.mark.thorough
async def test_worker_reports_progress_and_runs_parallel_searches() -> None:
    state = GAME.new(2, seed=3, options=ONE_HAND)
    seat = state.to_move()
    policy = make_policy("ai:hard", iterations=300)
    assert policy.level.searches == 2
    reports = []
    async with AIWorker() as worker:
        action = await worker.choose(policy, Question(GAME.id, state.view(seat), seat, 5), on_progress=reports.append)
    assert action == policy.choose(GAME.id, state.view(seat), seat, 5)
    assert reports and all(r.action in state.legal_actions() and r.text for r in reports)
    assert [r.iterations for r in reports] == sorted(r.iterations for r in reports)


@pytest.mark.thorough
async def test_worker_crash_is_an_error_not_a_hang() -> None:
    state = GAME.new(2, seed=1, options=ONE_HAND)
    seat = state.to_move()
    slow = make_policy("ai:normal", level=Level("slow", iterations=None, seconds=30, horizon=4))
    started = asyncio.Event()
    async with AIWorker(max_workers=1) as worker:
        search_task = asyncio.create_task(
            worker.choose(slow, Question(GAME.id, state.view(seat), seat, 0), on_progress=lambda _: started.set())
        )
        await asyncio.wait_for(started.wait(), 30)
        for process in worker._pool._processes.values():
            process.kill()
        with pytest.raises(AIWorkerError):
            await asyncio.wait_for(search_task, 30)
        action = await worker.choose(make_policy("random"), Question(GAME.id, state.view(seat), seat, 0))
    assert action in state.legal_actions()


async def _idle_within(worker: AIWorker, seconds: float) -> bool:
    """Whether ``worker`` has no search queued or running within ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while worker.busy and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    return not worker.busy


@pytest.mark.thorough
async def test_a_search_nobody_waits_for_any_more_stops() -> None:
    """An AI seat's decision dropped (its match ended, or stopped) and a hint no longer wanted stop
    their searches: they do not keep the worker busy to the end of their budget (30 s here)."""
    state = GAME.new(2, seed=1, options=ONE_HAND)
    seat = state.to_move()
    slow = make_policy("ai:normal", level=Level("slow", iterations=None, seconds=30, horizon=4))
    started = asyncio.Event()
    async with AIWorker(max_workers=1) as worker:
        deciding = asyncio.create_task(
            worker.decide(slow, Question(GAME.id, state.view(seat), seat, 0), on_progress=lambda _: started.set())
        )
        await asyncio.wait_for(started.wait(), 30)
        deciding.cancel()
        assert await _idle_within(worker, 10), "the dropped decision's search ran on"
        hinting = asyncio.create_task(worker.explain(slow, GAME.id, state.view(seat), seat, 0))
        while not worker.busy:
            await asyncio.sleep(0)
        hinting.cancel()
        assert await _idle_within(worker, 10), "the dropped hint's search ran on"
        action = await worker.choose(
            make_policy("ai:easy", iterations=20), Question(GAME.id, state.view(seat), seat, 0)
        )
    assert action in state.legal_actions()


@pytest.mark.thorough
async def test_closing_the_worker_stops_a_running_search() -> None:
    """A server asked to stop closes its workers at once, not after an AI's search ends."""
    state = GAME.new(2, seed=1, options=ONE_HAND)
    seat = state.to_move()
    slow = make_policy("ai:normal", level=Level("slow", iterations=None, seconds=30, horizon=4))
    started = asyncio.Event()
    worker = AIWorker(max_workers=1)
    search_task = asyncio.create_task(
        worker.choose(slow, Question(GAME.id, state.view(seat), seat, 0), on_progress=lambda _: started.set())
    )
    await asyncio.wait_for(started.wait(), 30)
    await asyncio.wait_for(asyncio.to_thread(worker.close), 10)
    with pytest.raises(AIWorkerError):
        await asyncio.wait_for(search_task, 10)


@pytest.mark.thorough
def test_caravanserai_normal_and_hard_plan_whole_placements_easy_and_plan_no_search() -> None:
    """normal and hard decide by the planner, solo and between seats (hard's second search adds
    nothing to the plan); ``plan=no`` and easy search."""
    from caravan_tui.games.caravanserai import planner
    from caravan_tui.games.caravanserai.ai import prior_choice

    game = get_game("caravanserai")
    for players in (1, 2):
        state = game.new(players, seed=3, options=game.resolve_options({}))
        state.apply(state.legal_actions()[0], False)
        seat = state.to_move()
        view, legal = state.view(seat), state.legal_actions()
        planned = planner.plan(state, prior_choice, *planner.budget_for(200))
        assert make_policy("ai:normal", iterations=200).choose("caravanserai", view, seat, 1, legal) == planned.best
        hard = make_policy("ai:hard", iterations=200)
        assert hard.search_root("caravanserai", view, seat, 1, index=1) == {}
        assert hard.choose("caravanserai", view, seat, 1, legal) == planned.best
        for searching in ("ai:normal+plan=no", "ai:easy"):
            policy = make_policy(searching, iterations=200)
            assert policy.level_for("caravanserai").plan is False
            assert sum(visits for visits, _ in policy.search_root("caravanserai", view, seat, 1).values()) == 200


def test_a_level_scores_with_tuned_weights_only_where_the_game_has_them() -> None:
    from caravan_tui.ai.policies import search_settings

    ahldarahd = get_game("ahldarahd")
    tuned = SeatSpec.parse("ai:normal+tuned=yes")
    assert str(tuned) == "ai:normal+tuned=yes" and tuned.level_settings().tuned is True
    assert search_settings(tuned.level_settings(), ahldarahd)["estimate"] is ahldarahd.ai.tuned is not None
    assert search_settings(LEVELS["normal"], ahldarahd)["estimate"] is None
    assert search_settings(tuned.level_settings(), GAME)["estimate"] is None  # no tuned weights: its own
    with pytest.raises(ValueError, match="tuned must be yes or no"):
        SeatSpec.parse("ai:hard+tuned=2")
    untuned = dataclasses.replace(GAME, ai=dataclasses.replace(GAME.ai, levels={"hard": {"tuned": True}}))
    with pytest.raises(ValueError, match="uses tuned weights but the game has none"):
        check_game_ai(untuned)


def test_the_planner_values_a_line_by_the_win_then_the_margin_for_the_seat_to_move() -> None:
    """Between seats a won line outranks every lost one, and a wider margin a narrower one; solo
    it is the length over 45."""
    from caravan_tui.games.caravanserai.planner import line_value

    game = get_game("caravanserai")
    state = game.new(2, seed=3, options=game.resolve_options({}))
    lengths = {(10, 4): None, (10, 9): None, (9, 10): None, (3, 12): None}
    for a, b in lengths:
        state.caravans = [((0, 0),) * a, ((0, 0),) * b]  # only their lengths count here
        lengths[a, b] = line_value(state, 0)
    assert lengths[10, 4] > lengths[10, 9] > 0.5 > lengths[9, 10] > lengths[3, 12] >= 0
    assert line_value(state, 1) > 0.5  # the same end, for the other seat
    solo = game.new(1, seed=3, options=game.resolve_options({}))
    solo.caravans = [((0, 0),) * 36]
    assert line_value(solo, 0) == 36 / 45


def test_the_planners_placement_leaves_no_lone_open_cell_by_the_head_where_another_is_as_good() -> None:
    """Between seats, of two placements worth the same, the planner takes one that leaves the
    head more than one open cell over one that leaves a lone open cell for another caravan to
    take: here the prior's own line leaves one and the plan (and so the hint) took it; another
    placement worth as much does not."""
    from caravan_tui.games.caravanserai import planner
    from caravan_tui.games.caravanserai.ai import prior_choice
    from caravan_tui.games.caravanserai.geometry import NEIGHBOURS
    from caravan_tui.games.caravanserai.rules import PLACE

    def open_by_head(world, seat):
        return sum(not world.blocked[cell] for cell in NEIGHBOURS[world.caravans[seat][-1][0]])

    game = get_game("caravanserai")
    state = game.new(2, seed=6, options=game.resolve_options({}))
    while not (state.turns == 14 and state.stage == PLACE and not state.laid):
        state.apply(prior_choice(state), False)
    seat = state.turn
    alone = state.clone()
    first = planner._finish_turn(alone, prior_choice)[0]
    assert planner.lone_open_cell(alone, seat) and open_by_head(alone, seat) == 1  # (still the position meant)
    planned = planner.plan(state, prior_choice, *planner.budget_for(200))
    after = state.clone()
    for action in planned.lines[planned.best]:
        after.apply(action, False)
    assert after.turn != seat and open_by_head(after, seat) != 1 and not planner.lone_open_cell(after, seat)
    assert planned.values[planned.best] == planned.values[first] and planned.best != first


def test_the_planner_keeps_the_caravan_free_to_place_where_another_placement_boxes_it_in() -> None:
    """Round 4, a head in the board's north corner: one placement ends with no open cell next to
    the head, and the line played out from it skips the caravan's turns, while another keeps a
    way on. The seats' plan and the hint's take the way on, though the boxed line, played out by
    the prior, ends about as well (the prior lets a caravan it boxed in out again)."""
    from caravan_tui.games.caravanserai import planner
    from caravan_tui.games.caravanserai.ai import prior_choice
    from caravan_tui.games.caravanserai.rules import PLACE

    game = get_game("caravanserai")
    state = game.new(2, seed=6, options=game.resolve_options({}))
    while not (state.turns == 8 and state.stage == PLACE and not state.laid):
        state.apply(prior_choice(state), False)
    seat = state.turn
    candidates, width = planner.budget_for(200)
    boxing = [after for after, _ in planner.placements(state, prior_choice, width, candidates) if after.stuck(seat)]
    assert state.round == 4 and boxing  # (still the position meant)
    assert planner._played(boxing[0].clone(), prior_choice, seat)[1] > 0
    for wary in (False, True):
        planned = planner.plan(state, prior_choice, candidates, width, wary=wary)
        after = state.clone()
        for action in planned.lines[planned.best]:
            after.apply(action, False)
        assert after.turn != seat and after.stuck(seat) is None
        assert planner._played(after, prior_choice, seat)[1] == 0


def test_a_level_plans_only_where_the_game_has_a_planner() -> None:
    assert SeatSpec.parse("ai:hard+plan=no").level_settings().plan is False
    with pytest.raises(ValueError, match="plan must be yes or no"):
        SeatSpec.parse("ai:hard+plan=maybe")
    planless = dataclasses.replace(GAME, ai=dataclasses.replace(GAME.ai, levels={"normal": {"plan": True}}))
    with pytest.raises(ValueError, match="plans but the game has no planner"):
        check_game_ai(planless)
