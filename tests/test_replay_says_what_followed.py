"""The replay's "What AI 2 weighed" at a step of a Caravanserai placement read "Played: Head
north-east (NE) to (-1,0) — 81% of the search: lays 1K 2R 3W camel …" where AI 2 went on to lay
2W 3R camel: a step's reason is its search's plan then, and the later steps chose again. The
panel says what the AI went on to play in its turn."""

from __future__ import annotations

import random

from caravan_tui.games import GAMES
from caravan_tui.match.replay import WENT_ON, ReplayClient
from caravan_tui.saves.loading import replay
from caravan_tui.saves.snapshot import Snapshot

GAME = GAMES["caravanserai"]


def finished() -> tuple[Snapshot, int]:
    """A finished match of random moves (seat 0 an AI), and the move that began one of its turns
    with a direction, recorded as weighed."""
    state = GAME.new(2, seed=7, options=GAME.resolve_options({}))
    rng, actions, movers = random.Random(7), [], []
    while not state.is_over():
        movers.append(state.to_move())
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        actions.append(action)
    move = next(i for i, a in enumerate(actions) if movers[i] == 0 and a[0] == "dir" and movers[i + 1] == 0)
    weighed = {move: [[list(actions[move]), 0.8, "lays what its plan lays"]]}
    options = GAME.resolve_options({})
    snapshot = Snapshot(
        match_id="m",
        game_id=GAME.id,
        options=options,
        players=2,
        seats=["ai:easy", "human"],
        names=["Ann", "Bob"],
        seed=7,
        actions=actions,
        state=state.to_data(),
        status="over",
        result=state.outcome(),
        weighed=weighed,
    )
    return snapshot, move


def test_a_steps_reason_is_followed_by_what_the_ai_went_on_to_play():
    snapshot, move = finished()
    checked = replay(GAME, snapshot)
    mover, lines = ReplayClient(checked, 1).weighed(move + 1)
    assert mover == 0 and lines[0].startswith("Played: ")
    (went,) = [line for line in lines if line.startswith(WENT_ON)]
    after = replay(GAME, snapshot, move + 1).state
    first = after.describe(snapshot.actions[move + 1], 0).replace("{p0}", "Ann")
    assert went.startswith(WENT_ON + first), (went, first)
