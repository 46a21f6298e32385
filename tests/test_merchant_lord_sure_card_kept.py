"""A Merchant Lord favour step with a card sure to be laid keeps it sure, and a chance worked out
exactly is said as it is (matches a newcomer played following the hints)."""

from __future__ import annotations

import pytest
from merchant_lord_seeds4062_4072 import MOVES_4062, MOVES_4072, OPTIONS

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.last_turn import DecidingTurn, tuck_chance, worked_out
from caravan_tui.games.merchant_lord.rules import MerchantLordState

GAME = get_game("merchant_lord")


def position(seed: int, players: int, moves: list) -> MerchantLordState:
    state = GAME.new(players, seed=seed, options=OPTIONS)
    for action in moves:
        state.apply(action, False)
    return state


@pytest.fixture(autouse=True)
def iterations(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")


@pytest.mark.thorough
def test_a_turn_that_leaves_the_match_going_counts_the_card_it_lays() -> None:
    """Seed 4072, round 10: AI 2 at 8 table cards may end the match with the round, so the turn is
    worked out; the match going on was worth the position as it stood whatever the turn laid, and
    the hint rerolled the 2 a sure tuck needed ("Reroll 2 … no chance to tuck a card"), then kept
    its favour ("No more favour: sell … 26% of the win") where the tuck made 54%."""
    state = position(4072, 3, MOVES_4072[:93])
    seat = state.to_move()
    assert worked_out(state, seat) and state.table == [7, 8, 6]
    turn = DecidingTurn(state, seat)
    assert turn.best() == ("adjust", 3, -1)
    assert turn.of(("adjust", 3, -1)) > turn.of(("end_favour",)) + 0.05
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, 93))
    assert found[0].action == ("adjust", 3, -1), found[0]


@pytest.mark.thorough
def test_a_sure_card_is_not_rerolled_for_favour_kept() -> None:
    """Seed 4062, round 11: three turns of a die tuck M24 for sure (6 of the 7 favour); the hint
    rerolled 1 1 instead (99.3% played on, 6 favour kept), then again at each roll after, and
    the card was lost. No move that gives up any of a sure card is hinted."""
    state = position(4062, 2, MOVES_4062[:66])
    seat = state.to_move()
    assert not worked_out(state, seat)
    assert tuck_chance(state, seat, ("reroll", 1, 1)) < 1.0
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, 66))
    assert tuck_chance(state, seat, found[0].action) == pytest.approx(1.0), found[0]


def test_a_last_turn_worked_out_says_its_chance_as_it_is() -> None:
    """Seed 4062, the last round: AI 2 holds 9 table cards and 4 coins; a 3 rolled for the 6 tucks
    M07 and wins on coins, one time in six. The hint said "whatever you play here, the hint sees
    AI 2 win the match … 0% to win": the look at the end plays the roll out in a few worlds."""
    state = position(4062, 2, MOVES_4062[:99])
    seat = state.to_move()
    found = hint(GAME.id, state.view(seat), seat, seed=hint_seed(seat, 99))
    assert found[0].action == ("reroll", 6)
    assert found[0].value == pytest.approx(1 / 6, abs=0.01) and found[0].own is None, found[0]  # (its own: the value)
    assert "whatever" not in found[0].reason and not found[0].sure


async def test_a_buy_that_loses_the_tie_break_at_the_end_asks_first(tmp_path):
    """Seed 4062, the last round: after the ninth card, 8 coins against AI 2's 4 won on the coins
    tie-break; one Enter on a row card bought it, and the match ended lost 3 coins to 4. Such a
    purchase asks first; buying nothing more does not."""
    from dataclasses import replace

    from caravan_tui.games.merchant_lord.table import MerchantLordTable
    from caravan_tui.games.merchant_lord.table_enter import buy_loses_place

    state = position(4062, 2, MOVES_4062)
    seat = state.to_move()
    assert seat == 0 and state.table == [9, 9] and state.coins[0] >= 5 > state.coins[1]
    table = MerchantLordTable(seat=0, names=["Ann", "AI 2"], seat_kinds=["human", "ai:normal"])
    view = state.view(0)
    table = replace(table, view=view, world=GAME.from_view(view, 0), legal=state.legal_actions(), turn=101)
    buys = [action for action in state.legal_actions() if action[0] == "buy"]
    assert buys and all(buy_loses_place(table, buy) for buy in buys)
    assert not buy_loses_place(table, ("end_buying",))
