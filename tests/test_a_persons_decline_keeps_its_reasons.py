"""A person's decline was logged with a reason an AI's judgement gives ("Bob declines: Bob's Right
of Passage and your Right of Passage are worth about the same to Bob"), against what Bob's own
hint had said: a move a person decided is told without an AI's motive (``Event.person_text``),
in the match's log, in a log sent whole again and in its replay."""

from __future__ import annotations

import pytest
from ahldarahd_seed65 import MOVES
from test_match import next_of

from caravan_tui.bus import Act, Update
from caravan_tui.engine import Event, normalise_action
from caravan_tui.match.host import words_for
from caravan_tui.match.replay import ReplayClient
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.saves.loading import load
from caravan_tui.seats import SeatSpec


def drained(replay: ReplayClient) -> list:
    """What the replay has queued."""
    out = []
    while replay.waiting():
        out.append(replay.queue.get_nowait())
    return out


async def played(runner: MatchRunner, clients: list, action) -> None:
    """``action`` made by the person of the seat to move, once the host has made it."""
    host = runner.host
    seat, turn = host.state.to_move(), len(host.actions)
    await clients[seat].send(Act(runner.match_id, seat, turn, action))
    while (await next_of(clients[seat], Update)).turn <= turn:
        pass


#: the person's build of move 191: 2 gold offered to seat 3 for its Gems card
OFFER = ("offer", 2, "gold", 2, "card", "Gems")


@pytest.mark.thorough
async def test_a_persons_decline_is_logged_without_a_reason(tmp_path):
    store = SaveStore(tmp_path)
    seats = [SeatSpec("remote", who=who) for who in ("ann", "bob", "cid")]
    runner = MatchRunner.new("ahldarahd", seats, ["Ann", "Bob", "Cid"], 65, {}, store)
    host = runner.host
    clients = [runner.client(seat) for seat in range(3)]
    runner.start()
    try:
        for action in MOVES[:191]:  # (each by its seat's person, stored as played)
            await played(runner, clients, normalise_action(action))
        await played(runner, clients, OFFER)
        await clients[2].send(Act(runner.match_id, 2, len(host.actions), ("decline",)))
        said: list[str] = []
        while not any("declines" in line for line in said):
            said += (await next_of(clients[0], Update)).events
        assert "Cid declines." in said, said
        history = [words_for(line, host.called, 0, by, person) for line, by, person in host._history()]
        assert "Cid declines." in history
    finally:
        runner.stop()
    replay = ReplayClient(load(store, runner.match_id), 0)  # (shown at its end: the whole log)
    shown = [message for message in drained(replay) if isinstance(message, Update)][-1].events
    assert "Cid declines." in shown


def test_an_ais_decline_keeps_its_reason():
    event = Event("{p2} decline{p2:s}: the Gems card is worth about 3 gold to {p2}.", person_text="{p2} decline{p2:s}.")
    names = ["Ann", "Bob", "AI 3"]
    assert words_for(event, names, 0, None) == "AI 3 declines: the Gems card is worth about 3 gold to AI 3."
    assert words_for(event, names, 0, None, by_person=True) == "AI 3 declines."
