"""A replay's step whose move logged nothing says what the move was: a Caravanserai direction
step changed nothing else on the screen (only "move 123/146"), and the replay seemed stuck."""

from __future__ import annotations

import dataclasses
import random

from test_replay_first_match import write_over

from caravan_tui.games import GAMES
from caravan_tui.match.replay import ReplayClient
from caravan_tui.saves import SaveStore
from caravan_tui.saves.loading import load
from caravan_tui.screens.table_seat import TableState
from caravan_tui.screens.table_status import replay_status


def test_a_step_that_logged_nothing_is_said_in_the_replays_status(tmp_path):
    store, game = SaveStore(tmp_path), GAMES["caravanserai"]
    state, rng, actions = game.new(2, seed=7), random.Random(7), []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    write_over(store, game, {}, state, actions)
    turns = [turn for turn, action in enumerate(actions) if action[0] == "dir"]
    assert turns
    client = ReplayClient(load(store, "m"), None, position=turns[0] + 1)
    assert client.silent.startswith("Bob: Head ") or client.silent.startswith("Ann: Head "), client.silent
    shown = (turns[0] + 1, len(actions))
    table = dataclasses.replace(TableState(seat=None), replay_at=shown, replay_step=client.silent)
    assert replay_status(table, 80).plain.endswith(f"the public view · {client.silent}")
    hostile = dataclasses.replace(table, replay_step="[bold red]x[/]: Head east (E)")  # (a name is text, never markup)
    shown = replay_status(hostile, 80)
    assert shown.plain.endswith("· [bold red]x[/]: Head east (E)") and not shown.spans[1:]
    logged = next(turn for turn, action in enumerate(actions) if action[0] == "camel")  # (its log says it)
    client.go_to(logged + 1)
    assert client.silent == ""
