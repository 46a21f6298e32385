"""Hints warn of what the next player can do to the match: Camel Caravan's hint says when the
player after you can deliver, once the bag is empty, and so end the game on their turn."""
from __future__ import annotations

import random

from caravan_tui.games import GAMES
from caravan_tui.games.camel_caravan.explain import explain

CAMEL = GAMES["camel_caravan"]


def greedy_positions(seed: int):
    """The positions of a match between greedy players (the best estimate after one action):
    they deliver, so the bag runs out, unlike random play."""
    rng = random.Random(seed)
    state = CAMEL.new(2, seed=seed)
    while not state.is_over():
        yield state
        mover = state.turn

        def worth(action, state=state, mover=mover):
            after = state.clone()
            after.apply(action, False)
            return after.estimate()[mover] + rng.random() * 0.01

        state = state.clone()
        state.apply(max(state.legal_actions(), key=worth), False)


def can_end_next_turn(state, seat: int, tries: int = 300, seed: int = 0) -> bool:
    """Whether some random run of the next player's turn (after ``seat`` ends theirs) ends the
    game with their delivery: a witness found by trying, independent of the hint's own look."""
    rng = random.Random(seed)
    start = state.clone()
    start.apply(("end_turn",), False)
    mover = start.turn
    for _ in range(tries):
        world = start.clone()
        while world.turn == mover:
            moves = [a for a in world.legal_actions() if a[0] != "end_turn"] or [("end_turn",)]
            delivered = world.goods_delivered(mover)
            world.apply(rng.choice(moves), False)
            if world.turn is None:
                if world.goods_delivered(mover) > delivered:
                    return True
                break
    return False


def test_camels_hint_warns_when_the_next_player_can_deliver_and_end_the_game():
    warned = witnessed = 0
    for seed in (2,):  # a match whose bag runs out with such positions in it
        for state in greedy_positions(seed):
            if any(state.bag) or ("end_turn",) not in state.legal_actions():
                continue
            seat = state.turn
            reason = explain(state, seat, (("end_turn",),))
            says = "can deliver and end the game next turn" in reason
            if can_end_next_turn(state, seat):
                witnessed += 1
                assert says, reason
            warned += says
    assert witnessed > 0 and warned >= witnessed
