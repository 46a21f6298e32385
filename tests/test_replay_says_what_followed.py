"""The replay's "What AI 2 weighed" at a step of a Caravanserai placement read "Played: Head
north-east (NE) to (-1,0) — 81% of the search: lays 1K 2R 3W camel …" where AI 2 went on to lay
2W 3R camel: a step's reason is its search's plan then, and the later steps chose again. The
panel says the reason is that plan, and what the AI went on to play in its turn."""

from __future__ import annotations

import random

from test_replay_first_match import write_over

from caravan_tui.games import GAMES
from caravan_tui.match.replay import PLANNED, WENT_ON, ReplayClient
from caravan_tui.saves import SaveStore
from caravan_tui.saves.loading import replay

GAME = GAMES["caravanserai"]


def test_a_steps_reason_is_followed_by_what_the_ai_went_on_to_play(tmp_path):
    state = GAME.new(2, seed=7, options=GAME.resolve_options({}))
    rng, actions, movers = random.Random(7), [], []
    while not state.is_over():
        movers.append(state.to_move())
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        actions.append(action)
    # the AI seat's (Bob's) first direction with a step of its turn after it, recorded as weighed
    move = next(i for i, a in enumerate(actions) if movers[i] == 1 and a[0] == "dir" and movers[i + 1] == 1)
    store = SaveStore(tmp_path)
    write_over(store, GAME, {}, state, actions, {move: [[list(actions[move]), 0.8, "lays what its plan lays"]]})
    snapshot = store.read("m")
    mover, lines = ReplayClient(replay(GAME, snapshot), 0).weighed(move + 1)
    assert mover == 1 and lines[0].startswith("Played: ")
    assert lines[0].endswith(f"80% of the search; {PLANNED}: lays what its plan lays"), lines[0]  # (not what it played)
    (went,) = [line for line in lines if line.startswith(WENT_ON)]
    after = replay(GAME, snapshot, move + 1).state
    first = after.describe(snapshot.actions[move + 1], 1).replace("{p1}", "Bob")
    assert went.startswith(WENT_ON + first), (went, first)
