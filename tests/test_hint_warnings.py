"""Hints warn of what the next player can do to the match: Camel Caravan's hint says when the
player after you can deliver, once the bag is empty, and so end the game on their turn."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from random_play import positions

from caravan_tui.engine import render
from caravan_tui.games import GAMES
from caravan_tui.games.camel_caravan.explain import explain

CAMEL = GAMES["camel_caravan"]


#: the moves of a match between greedy players (each the best estimate after one action, ties
#: broken by ``random.Random(seed)``; they deliver, so the bag runs out, unlike random play),
#: seed 1: kept, not chosen again at each run (a clone and an estimate a legal action, move after
#: move: 4.5 of the test's 10 CPU-s)
GREEDY = Path(__file__).parent / "matches" / "camel_caravan_greedy_1.json"


def greedy_positions():
    """The positions of the kept greedy match, in order."""
    match = json.loads(GREEDY.read_text())
    state = CAMEL.new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"]:
        yield state
        state = state.clone()
        state.apply(tuple(action), False)
    assert state.is_over()


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


@pytest.mark.thorough
def test_camels_hint_warns_when_the_next_player_can_deliver_and_end_the_game():
    warned = witnessed = 0
    for state in greedy_positions():  # a match whose bag runs out with such positions in it
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


#: seed 5087 (2 players, short game) up to a turn of the first seat's, the bag holding 4 goods:
#: AI 2, next, sent a camel onto a loose good, picked it up (the refill drew the last four) and
#: delivered its meat, ending the game 49-42; no hint had said it could
BAG_OF_FOUR = Path(__file__).parent / "matches" / "camel_caravan_seed5087.json"


def test_camels_hint_warns_of_an_end_the_next_player_brings_with_the_last_refill():
    match = json.loads(BAG_OF_FOUR.read_text())
    state = CAMEL.new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"]:
        state.apply(tuple(action), False)
    assert sum(state.bag) == 4 and state.turn == 0
    line = (("move_good", 6, 4, "cloth", "top"), ("move_camel", 5, 11), ("move_camel", 6, 10))
    line += (("move_good", 4, 10, "cloth", "top"),)
    assert "AI 2 can deliver and end the game next turn" in render(explain(state, 0, line), ["You", "AI 2"], 0)
    # (and the witness: the AI's own turn after it did so)
    world = state.clone()
    for action in (*line, ("move_camel", 40, 9), ("pickup", 9), ("move_good", 32, 31, "meat", "top")):
        world.apply(action, False)
    assert world.is_over() and not any(world.bag)


def favour_lines(count: int):
    """Positions of random Merchant Lord play in the favour step with a line of two dice turned
    and then a sale the seat can make: (state, seat, line)."""
    game = GAMES["merchant_lord"]
    rng = random.Random(5)
    for state in positions(game, 2, range(200), 60, rng):
        seat = state.to_move()
        if any(a[0] == "adjust" for a in state.legal_actions()):
            world, line = state.clone(), []
            for _ in range(2):
                options = [a for a in world.legal_actions() if a[0] == "adjust"]
                if not options:
                    break
                line.append(rng.choice(options))
                world.apply(line[-1], False)
            world.apply(("end_favour",), False) if ("end_favour",) in world.legal_actions() else None
            sales = [a for a in world.legal_actions() if a[0] == "sell"] if world.to_move() == seat else []
            if len(line) == 2 and sales:
                yield state, seat, (*line, ("end_favour",), sales[0])
                count -= 1
                if count == 0:
                    return


def test_merchant_lords_reason_names_every_step_before_the_sale():
    """ "Turn a 6 into a 5 … dice 1 1 3 5; then the sale at your 2-5 village" skipped the second
    die turned: each die the line turns that its sale needs is said, with the dice it leaves
    (one the sale can do without is not: ``test_merchant_lord_plans``)."""
    from caravan_tui.games.merchant_lord.explain import explain as merchant_explain
    from caravan_tui.games.merchant_lord.sales import adjusted

    found = 0
    for state, seat, line in favour_lines(12):
        without = state.clone()
        without.apply(line[0], False)
        without.apply(("end_favour",), False)
        if line[3] in without.legal_actions():
            continue  # (the sale needs no second turn)
        if line[1] == ("adjust", adjusted(line[0][1], line[0][2]), -line[0][2]):
            continue  # (the second turns the first back: ``test_merchant_lord_round_trips``)
        reason = merchant_explain(state, seat, line)
        second = line[1]
        assert f"a {second[1]} into a " in reason.split(";", 1)[1], reason
        assert "the sale at" in reason, reason
        found += 1
    assert found
