"""A hint names a seat an AI plays in its person's place as the stand-in, as the log and the
review do. Over SSH, [b]z[/b] resigned a Camel Caravan match the others played on with an AI in
the seat, and Ann's hint warned "risk: [b]z[/b] can steal the hides or the salt next turn" of
the stand-in's next turn: a person who was gone, named as if still playing."""

from __future__ import annotations

import asyncio
import random

import pytest

from caravan_tui import bus as messages
from caravan_tui.ai.policies import BUDGET_ENV
from caravan_tui.bus import Bus, seat_address
from caravan_tui.games import get_game
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec

WAIT = 60  # seconds; only guards against a hung test
GAME = get_game("camel_caravan")
Z = "[b]z[/b]"  # (a name that reads as markup: shown as its letters, never bold)


@pytest.mark.thorough  # (a search)
async def test_a_hints_risk_names_the_stand_in_of_a_person_who_resigned(monkeypatch):
    """Seed 1, random moves: at move 51 Ann's hint sees a theft the next seat may make."""
    monkeypatch.setenv(BUDGET_ENV, "iterations")
    bus = Bus()
    people = [SeatSpec("human")] * 2
    host = MatchHost.new(GAME.id, people, ["Ann", Z], 1, GAME.quick_options, None, bus, hint_level="easy")
    ann = bus.subscribe(seat_address(host.match_id, 0))
    await host.handle(messages.Resign(host.match_id, 1))  # (Ann plays on: an AI plays the seat)
    assert host.standing_in == {1: 0}
    rng = random.Random(1)
    while host.turn < 51:
        seat = host.state.to_move()
        await host.handle(messages.Act(host.match_id, seat, host.turn, rng.choice(host.state.legal_actions())))
    assert host.state.to_move() == 0
    await host.handle(messages.HintRequest(host.match_id, 0, host.turn))
    while not isinstance(hint := await asyncio.wait_for(ann.get(), WAIT), messages.Hint):
        pass
    said = [str(part) for candidate in hint.candidates for part in (candidate[0], candidate[3])]
    assert any(f": {Z}'s stand-in can steal" in line and "risk" in line for line in said), said
    assert not any(f"{Z} can" in line for line in said), said
