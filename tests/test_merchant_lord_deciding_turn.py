"""A Merchant Lord turn whose tucks can end the match, not the last of the match's last round, is
worked out too (``last_turn.DecidingTurn``): the search missed a sure ninth card four turns of a
die away ("Reroll 2 … no chance to tuck a card … 30% of the win") and chose rerolls for one
roll's chance (3%) where playing on for the tuck made 65%."""

from __future__ import annotations

import pytest
from merchant_lord_deciding_turns import MOVES, OPTIONS, PLAYERS, ROUND_10, SEED

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.explain import sellers_to_come
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


@pytest.mark.thorough
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


@pytest.mark.thorough
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


def test_the_words_say_what_the_sellers_still_to_come_may_lay() -> None:
    """A sure ninth card stood at "22% of the win" with nothing said of AI 2's turn to come: the
    line's sale says what the sellers after it may still lay (``sellers_to_come``)."""
    state = position(MOVES)
    seat = state.to_move()
    assert sellers_to_come(state, seat) == (
        "{p1} can lay a card more with an 85% chance, two with a 70% chance; {p2} can lay a card more for sure"
    )
    assert sellers_to_come(position(MOVES[:ROUND_10]), seat) == ("{p1} can lay a card more with an 11% chance")


@pytest.mark.thorough
async def test_the_hints_ninth_card_says_the_sellers_still_to_come(tmp_path):
    from test_merchant_lord_screen import make_app, my_turn

    from caravan_tui.games.merchant_lord.screen import MerchantLordScreen
    from caravan_tui.widgets import TablePanel

    from tables import Table, at_turn, wait_for

    app = make_app(tmp_path, home=False)
    table = Table(app, "merchant_lord", MerchantLordScreen, SEED, OPTIONS, MOVES, names=("Tester", "AI 2", "AI 3"))
    async with at_turn(app, table, my_turn, (80, 24)) as (_app, pilot, table):
        screen = table.screen
        await pilot.press("h")
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: "tucking 1 card" in str(panel.shown), "its words")
        said = " ".join(" ".join(panel.shown.lines).split())
        assert (
            "then the sale at your 1-6 village tucking 1 card (9 table cards end the match with the round; still to "
            "sell, AI 2 can lay a card more with an 85% chance, two with a 70% chance; "
            "AI 3 can lay a card more for sure)"
        ) in said, said


def test_a_tie_on_cards_the_coins_settle_is_no_coin_flip() -> None:
    """A newcomer's match (``matches/merchant_lord_coin_tie_7062.json``, round 12): 8 table cards,
    M27 in hand, 4 favour, 3 coins; AI 2, still to sell, 8 cards, M08 and 0 coins. Two turns of a
    die and the sale tuck the ninth card with 8 coins; AI 2 can tie on cards but its sales pay it
    at most 5: a sure win, which the hint said was "59% to win", the tie taken as even."""
    from caravan_tui.engine import render
    from caravan_tui.games.merchant_lord.last_turn import tie_on_coins

    from tables import recorded

    state, _ = recorded(GAME.id, "merchant_lord_coin_tie_7062", 64)
    assert state.to_move() == 0 and state.table == [8, 8] and state.coins == [3, 0] and worked_out(state, 0)
    turn = DecidingTurn(state, 0)
    assert turn.value(state._unplaced(0), state.favour[0]) == pytest.approx(1.0)
    found = hint(GAME.id, state.view(0), 0, seed=hint_seed(0, 64))
    said = render(found[0].reason, ["You", "AI 2"], 0)
    assert found[0].action == ("adjust", 1, -1) and found[0].value == pytest.approx(1.0)
    assert "AI 2 can lay a card more with an 83% chance; a tie on cards goes to you on coins, 8 to at most 5" in said
    # the coins settle a tie only past all the sales to come can pay; else it is even
    assert tie_on_coins(8, 0, 0, 5) == 1.0 and tie_on_coins(5, 0, 0, 5) == 0.5
    assert tie_on_coins(3, 2, 6, 0) == 0.0 and tie_on_coins(3, 3, 6, 0) == 0.5
