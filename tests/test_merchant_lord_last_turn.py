"""The last seller's turn of Merchant Lord's last round is worked out exactly
(``last_turn.py``): the search weighed its dozens of rerolls and turns with a few visits each,
and a hint said "How it stands: 8%" where rerolling for the tuck that ties the table won about
70% of the time."""

from __future__ import annotations

import random

import pytest
from merchant_lord_last_turns import OPTIONS, THREE, THREE_PLAYERS, THREE_SEED, TWO, TWO_PLAYERS, TWO_SEED

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.last_turn import LastTurn, worked_out
from caravan_tui.games.merchant_lord.rules import MerchantLordState

GAME = get_game("merchant_lord")


def position(seed: int, players: int, moves: list) -> MerchantLordState:
    state = GAME.new(players, seed=seed, options=OPTIONS)
    for action in moves:
        state.apply(action, False)
    assert worked_out(state, state.to_move())
    return state


def best_finish(state: MerchantLordState, seat: int) -> float:
    """The seat's best share of the win by the engine itself: every sale, stop and placement it
    may make from ``state`` on (no reroll or turn: the favour step is over), nobody buying."""
    if state.is_over():
        return state.outcome()[seat]
    legal = state.legal_actions()
    if state.to_move() != seat:
        after = state.clone()
        after.apply(("end_buying",) if ("end_buying",) in legal else legal[0], False)
        return best_finish(after, seat)
    best = 0.0
    for action in legal:
        if action[0] not in ("reroll", "adjust", "buy"):
            after = state.clone()
            after.apply(action, False)
            best = max(best, best_finish(after, seat))
    return best


def played_out(state: MerchantLordState, action: tuple, rolls: random.Random) -> float:
    """``seat``'s result after ``action``, then the worked-out best to the match's end, the dice
    rolled as ``rolls`` says, nobody buying."""
    seat = state.to_move()
    state = state.clone()
    state.rng = rolls.getrandbits(64)
    state.apply(action, False)
    while not state.is_over():
        mover = state.to_move()
        if worked_out(state, mover):
            state.apply(LastTurn(state, mover).best(), False)
        else:
            legal = state.legal_actions()
            state.apply(("end_buying",) if ("end_buying",) in legal else legal[0], False)
    return state.outcome()[seat]


CASES = [(THREE_SEED, THREE_PLAYERS, THREE), (TWO_SEED, TWO_PLAYERS, TWO)]


@pytest.mark.parametrize(("seed", "players", "moves"), CASES)
def test_the_sales_are_valued_as_the_engine_plays_them(seed, players, moves) -> None:
    """Every order of sales and placements, the supply's limits and the ranking's tie-breaks, as
    the engine plays them: at the favour step's end and at each sale after it."""
    state = position(seed, players, moves)
    seat = state.to_move()
    after = state.clone()
    after.apply(("end_favour",), False)
    assert LastTurn(state, seat).of(("end_favour",)) == best_finish(after, seat)
    if after.to_move() == seat:
        turn = LastTurn(after, seat)
        for action in after.legal_actions():
            sold = after.clone()
            sold.apply(action, False)
            assert turn.of(action) == best_finish(sold, seat), action


@pytest.mark.thorough
@pytest.mark.parametrize(("seed", "players", "moves"), CASES)
def test_a_reroll_is_worth_what_it_wins_when_rolled(seed, players, moves) -> None:
    """The best move, a reroll in both, played out 150 times on seeded dice: its chance to win
    within 0.1 of the one worked out (one standard error is about 0.04)."""
    state = position(seed, players, moves)
    turn = LastTurn(state, state.to_move())
    best = turn.best()
    assert best[0] == "reroll"
    rolls = random.Random(seed)
    won = sum(played_out(state, best, rolls) for _ in range(150)) / 150
    assert abs(won - turn.of(best)) < 0.1, (won, turn.of(best))


def test_the_hint_says_the_chance_worked_out(monkeypatch) -> None:
    """3 players, 4 favour, needing a tuck to tie AI 1's 9 table cards: rerolling all four dice
    and turning them after wins about 60% of the time; the hint puts it first at that chance."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = position(THREE_SEED, THREE_PLAYERS, THREE)
    seat = state.to_move()
    turn = LastTurn(state, seat)
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, len(THREE)))
    assert found[0].action == turn.best() == ("reroll", 2, 2, 3, 4)
    assert found[0].value == pytest.approx(turn.of(turn.best())) and 0.55 < found[0].value < 0.65
    assert [c.value for c in found] == sorted((c.value for c in found), reverse=True)


def test_the_turns_chance_to_tuck_counts_every_try_left() -> None:
    """``last_turn.tuck_chance``: a reroll's words counted its own roll alone ("a 3% chance to tuck
    a card"), with favour left for more rerolls and turns. Played on for a card, the turn's
    chance is at least the roll's, and a sure tuck is sure."""
    from caravan_tui.games.merchant_lord.last_turn import tuck_chance
    from caravan_tui.games.merchant_lord.rolls import RerollOdds
    from caravan_tui.games.merchant_lord.sales import UNIT

    state = position(THREE_SEED, THREE_PLAYERS, THREE)
    seat = state.to_move()
    dice = state._unplaced(seat)
    odds = RerollOdds(state, seat, dice)
    roll = ("reroll", 2, 2, 3, 4)
    kept = dice - sum(UNIT[value] for value in roll[1:])
    assert tuck_chance(state, seat, roll) > odds.chances(kept, 4)[1] > 0
    assert tuck_chance(state, seat, ("end_favour",)) == 0.0  # (no village fits these dice)
