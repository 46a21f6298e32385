"""A turn the rules play whole within the seat's own move is among what happened since it. Seed
6062: seat 0's last buy of round 8 began round 9 with its own turn, no sale and no favour, its
dice sent to the market by the rules; seat 1 then won, and the result's "Since your last move"
listed seat 1's steps alone: the person's favour went from 0 to 4 with nothing said of it."""

from __future__ import annotations

import asyncio

from merchant_lord_seed6062 import LAST_BUY, MOVES, OPTIONS, SEED

from caravan_tui import bus as messages
from caravan_tui.bus import Bus, seat_address
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec


async def test_a_turn_of_ones_own_the_rules_play_within_ones_move_is_said_since_it() -> None:
    bus = Bus()
    host = MatchHost.new("merchant_lord", [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, bus)
    for move in MOVES[:LAST_BUY]:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, move))
    heard = {seat: bus.subscribe(seat_address(host.match_id, seat)) for seat in (0, 1)}
    await host.handle(messages.Act(host.match_id, 0, host.turn, MOVES[LAST_BUY]))

    async def update(seat: int) -> messages.Update:
        while not isinstance(message := await asyncio.wait_for(heard[seat].get(), 10), messages.Update):
            pass
        return message

    own = await update(0)
    assert own.laid_from is not None
    assert own.events[own.laid_from].startswith("You can sell nowhere; 1 5 5 5 go to the market"), own.events


def test_the_rest_of_a_turn_the_rules_play_after_a_decision_is_laid_for_the_seat() -> None:
    """A reroll left no sale, and the rules sent the dice to the market ("You can sell nowhere;
    2 2 4 6 go to the market: +4 favour"): the person saw it only in the whole log, the others'
    turns come and gone. The rules' own steps after a decision are laid for the seat, among what
    happened since its move."""
    import random

    from caravan_tui.engine import render
    from caravan_tui.games import get_game

    game, found = get_game("merchant_lord"), 0
    for seed in range(40):
        state, rng = game.new(2, seed=seed), random.Random(seed)
        while not state.is_over() and found < 3:
            seat, action = state.to_move(), rng.choice(state.legal_actions())
            for event in state.apply(action):
                said = render(event.text, ["Ann", "Bob"], None)
                if action[0] in ("reroll", "end_favour", "sell") and "can sell nowhere" in said:
                    assert event.laid_for == seat, (action, said)
                    found += 1
    assert found == 3
