"""A Merchant Lord turn whose tucks can end the match, not the last of the match's last round, is
worked out too (``last_turn.DecidingTurn``): the search missed a sure ninth card four turns of a
die away ("Reroll 2 … no chance to tuck a card … 30% of the win") and chose rerolls for one
roll's chance (3%) where playing on for the tuck made 65%."""

from __future__ import annotations

import pytest
from merchant_lord_deciding_turns import MOVES, OPTIONS, PLAYERS, ROUND_10, SEED

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.last_turn import DecidingTurn, TuckChance, last_seller, tuck_chance, worked_out
from caravan_tui.games.merchant_lord.rules import MerchantLordState

GAME = get_game("merchant_lord")


def position(moves: list) -> MerchantLordState:
    state = GAME.new(PLAYERS, seed=SEED, options=OPTIONS)
    for action in moves:
        state.apply(action, False)
    seat = state.to_move()
    assert worked_out(state, seat) and not last_seller(state, seat)
    return state


@pytest.fixture(autouse=True)
def iterations(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")


def test_a_sure_ninth_card_several_turns_away_is_the_hint() -> None:
    """8 favour, dice 1 2 2 3, M29 in hand: four turns make 1 2 5 6 and tuck it. The hint's line
    plays them and the sale; followed, the seat holds 9 table cards with no roll of the dice."""
    state = position(MOVES)
    seat = state.to_move()
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, len(MOVES)))
    first = found[0]
    assert first.action[0] == "adjust" and first.line[-1][0] == "sell" and first.line[-1][2]
    assert "tucking 1 card" in first.reason
    assert all(c.value <= first.value for c in found)
    for action in first.line:
        state.apply(action, False)
    assert state.table[seat] == 9


def test_a_reroll_is_chosen_for_the_turns_chance_to_tuck() -> None:
    """Round 10, 4 favour, dice 1 4 4 5, M29 in hand: rerolling the two 4s and playing on tucks
    65% of the time, more than any other first move; the hint plays it first and its words say so."""
    state = position(MOVES[:ROUND_10])
    seat = state.to_move()
    chances = {action: tuck_chance(state, seat, action) for action in state.legal_actions()}
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, ROUND_10))
    assert found[0].action == ("reroll", 4, 4) == max(chances, key=chances.__getitem__)
    assert chances[found[0].action] == pytest.approx(0.654, abs=0.001)
    assert "a 65% chance to tuck a card this turn" in found[0].reason


def test_the_seats_still_to_sell_may_tie_or_pass_the_ninth_card() -> None:
    """Seat 1 sells after seat 0 with 8 table cards, two cards in hand and 4 favour: a sure ninth
    card wins where seat 1 lays no card, and half of it where seat 1 lays one (coins to come);
    the match going on is worth little, as seat 1 may reach 9 itself."""
    state = position(MOVES)
    seat = state.to_move()
    turn = DecidingTurn(state, seat)
    dice, favour = state._unplaced(1), state.favour[1]
    one, two = TuckChance(state, 1).value(dice, favour), TuckChance(state, 1, 2).value(dice, favour)
    assert 0 < two < one < 1
    assert turn.of(turn.best()) == pytest.approx((1 - one) + 0.5 * (one - two), abs=1e-4)
    assert turn.of(turn.best()) > turn.of(("end_favour",)) + 0.1
