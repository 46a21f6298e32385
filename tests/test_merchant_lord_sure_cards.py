"""A favour step likely to lay a card more on the table, played for one, is held to that for AI
seats and hints (``ai.for_a_card``): a hint said "The safe pick: No more favour" beside a
turn of a die that tucked for sure, starred a reroll at 29% over such a turn, and kept 5 favour
"for later rounds" where rerolling and turning after tucked 94% of the time."""

from __future__ import annotations

import pytest
from merchant_lord_sure_cards import (
    GAMBLE,
    OPTIONS,
    PLAYED_ON,
    SURE_TURN,
    THREE,
    THREE_PLAYERS,
    THREE_SEED,
    TWO,
    TWO_PLAYERS,
    TWO_SEED,
)

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.ai import vetoed
from caravan_tui.games.merchant_lord.last_turn import card_to_play_for, tuck_best, tuck_chance
from caravan_tui.games.merchant_lord.rules import MerchantLordState
from caravan_tui.games.merchant_lord.sales import unpack

GAME = get_game("merchant_lord")


def position(seed: int, players: int, moves: list) -> MerchantLordState:
    state = GAME.new(players, seed=seed, options=OPTIONS)
    for action in moves:
        state.apply(action, False)
    assert state.to_move() == 0 and card_to_play_for(state, 0) is not None
    return state


@pytest.fixture(autouse=True)
def iterations(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")


def top(state: MerchantLordState, turn: int):
    return hint(GAME.id, state.view(0), 0, seed=hint_seed(0, turn))


@pytest.mark.thorough
def test_keeping_the_favour_is_no_safe_pick_beside_a_sure_card() -> None:
    """Dice 4 4 4 5, 3 favour, M13 in hand: turning a 4 into a 3 tucks it. Keeping the favour is
    vetoed; the hint's first move, played on, tucks the card for sure, and says so."""
    state = position(TWO_SEED, TWO_PLAYERS, TWO[:SURE_TURN])
    assert sorted(unpack(state._unplaced(0))) == [4, 4, 4, 5] and tuck_best(state, 0) == pytest.approx(1.0)
    assert vetoed(state, 0, ("end_favour",)) and not vetoed(state, 0, ("end_favour",), "easy")
    first = top(state, SURE_TURN)[0]
    assert first.action != ("end_favour",) and tuck_chance(state, 0, first.action) == pytest.approx(1.0)
    if first.action[0] == "reroll":
        assert first.reason.endswith("with them, a card tucked for sure this turn"), first.reason


@pytest.mark.thorough
def test_no_reroll_gambles_a_card_a_turn_tucks_for_sure() -> None:
    """Dice 2 3 3 6 and 2 favour: "Reroll 2 3 6 (1f) … a 29% chance to tuck a card" stood first,
    and the card was lost; turning a 3 into a 4 tucks it."""
    state = position(THREE_SEED, THREE_PLAYERS, THREE[:GAMBLE])
    assert vetoed(state, 0, ("reroll", 2, 3, 6)) and not vetoed(state, 0, ("adjust", 3, 1))
    assert [c.action for c in top(state, GAMBLE)][:1] == [("adjust", 3, 1)]


@pytest.mark.thorough
def test_the_favour_is_spent_where_playing_on_tucks_most_likely() -> None:
    """Round 11, dice 1 6 6 6, 5 favour, M29 in hand: the hint kept the favour "for later rounds
    (at best … a 6% chance to tuck a card)"; rerolling the two 6s and playing on tucks 94% of the
    time, and the hint says that chance."""
    state = position(TWO_SEED, TWO_PLAYERS, TWO[:PLAYED_ON])
    assert vetoed(state, 0, ("end_favour",))
    first = top(state, PLAYED_ON)[0]
    assert tuck_chance(state, 0, first.action) == pytest.approx(tuck_best(state, 0)) == pytest.approx(0.94, abs=0.01)
    assert "with them, a 94% chance to tuck a card this turn" in first.reason, first.reason
