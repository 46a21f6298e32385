"""What a sale brings, said where it will be lost: a Free Placement for the last card in hand was
promised by the sale's preview, the hint's reason and the review, then lost at once (§7.4.5)."""

from __future__ import annotations

import re

import pytest
from test_merchant_lord_screen import GAME, at_my_turn, builder, cursor_to, focus, play_until, simple

from caravan_tui.engine import render
from caravan_tui.games.merchant_lord.cards import HALF_INDEX, INDEX, ONE_TIME
from caravan_tui.games.merchant_lord.explain import explain
from caravan_tui.games.merchant_lord.play_lines import ONE_ROW_NAME, sale_line
from caravan_tui.games.merchant_lord.rules import PLACE, SELL, MerchantLordState
from caravan_tui.games.merchant_lord.terms import VINDEX
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard

LOST = "Free Placement — lost: no card left in hand"
NAMES = ["Ann", "AI 2"]


def last_card_placement(state) -> bool:
    """Seat 0 sells holding one card, which a sale tucks on its Free Placement half."""
    return state.turn == 0 and state.phase == SELL and state.hand[0].bit_count() == 1 and bool(fp_sale(state))


def fp_sale(state):
    return next(
        (
            a
            for a in state.legal_actions()
            if a[0] == "sell" and len(a[2]) == 1 and ONE_TIME[INDEX[a[2][0][0]]][HALF_INDEX[a[2][0][1]]] == "FP"
        ),
        None,
    )


def tucks_of(sale):
    return [(INDEX[c], HALF_INDEX[h]) for c, h in sale[2]]


def test_a_free_placement_for_the_last_card_in_hand_is_called_lost_as_the_income_step_loses_it():
    _, state = play_until(last_card_placement, seed=23)
    sale = fp_sale(state)
    v = VINDEX[sale[1]]
    assert state.sale_rewards(0, v, tucks_of(sale)) == [("FP", "no card left in hand")]
    # the status line's and the review's words for the move, and the hint's reason
    said = render(state.describe(sale), NAMES, 0)
    assert said.endswith(f"+ {LOST} ({state.table[0] + 1} table cards)"), said
    reason = render(explain(state, 0, [sale]), NAMES, 0)
    assert LOST in reason and "Free Placement;" not in reason, reason
    # and the rules agree: the placement is lost when selling ends
    after = state.clone()
    events = after.apply(sale)
    if ("end_selling",) in after.legal_actions():
        events += after.apply(("end_selling",))
    assert any("so 1 placement is lost" in e.text for e in events)
    assert after.phase != PLACE and after.pfp == 0


def test_a_free_placement_with_a_card_left_or_a_card_to_draw_is_not_called_lost():
    _, state = play_until(last_card_placement, seed=23)
    sale = fp_sale(state)
    v = VINDEX[sale[1]]
    data = state.to_data()
    data["hands"][0] = [*data["hands"][0], data["pile"][0]]  # one more card in hand
    data["pile"] = data["pile"][1:]
    richer = MerchantLordState.from_data(data)
    assert richer.sale_rewards(0, v, tucks_of(sale)) == [("FP", None)]
    said = render(richer.describe(sale), NAMES, 0)
    assert "+ Free Placement (" in said and "lost" not in said
    # an earlier Free Merchant this turn draws a card before the placement: it is not lost
    data = state.to_data()
    data["pending"] = [1, 0, 0]
    drawing = MerchantLordState.from_data(data)
    assert drawing.sale_rewards(0, v, tucks_of(sale)) == [("FP", None)]
    # ... unless the pile is empty
    data["pile"] = []
    assert MerchantLordState.from_data(data).sale_rewards(0, v, tucks_of(sale)) == [("FP", "no card left in hand")]
    # an earlier Free Placement this turn takes the card the later one would need
    data = richer.to_data()
    data["pending"] = [0, 0, 1]
    assert MerchantLordState.from_data(data).sale_rewards(0, v, tucks_of(sale)) == [("FP", "no card left in hand")]


def test_a_free_placement_with_no_own_village_left_open_is_called_lost():
    _, state = play_until(last_card_placement, seed=23)
    sale = fp_sale(state)
    v = VINDEX[sale[1]]
    data = state.to_data()
    data["hands"][0] = [*data["hands"][0], data["pile"][0]]
    data["sellers"] = [1 if u // 3 == 0 and u != v else s for u, s in enumerate(data["sellers"])]
    shut = MerchantLordState.from_data(data)
    assert shut.sale_rewards(0, v, tucks_of(sale)) == [("FP", "no own village left open")]


@pytest.mark.thorough
async def test_the_plays_list_and_the_sales_preview_say_the_free_placement_is_lost(tmp_path):
    prefix, state = play_until(last_card_placement, seed=23)
    sale = fp_sale(state)
    ((card, half),) = sale[2]
    async with at_my_turn(tmp_path, prefix, seed=23) as (app, pilot, table):
        screen = table.screen
        said = sale_line(screen.table, sale, ONE_ROW_NAME)
        assert said.endswith("+FP(lost)"), said  # (one word: "FP" and "lost" wrapped apart)
        villages = screen.query_one(VillageBoard)
        await focus(pilot, app, villages)
        await cursor_to(pilot, villages, sale[1])
        await pilot.press("enter")
        hand = screen.query_one("#ml-hand", ChipBar)
        await focus(pilot, app, hand)
        await cursor_to(pilot, hand, card)
        for _ in range(3):
            if screen.sel.tucks.get(card) == half:
                break
            await pilot.press("space")
        assert screen.table.choices().action(screen.sel) == sale
        text = builder(screen)
        assert "+ FP lost" in text, text
        # the status line words the sale Enter makes, the loss with its reason
        status = " ".join(line.strip() for line in str(screen.query_one("#status").render()).split("\n"))
        assert LOST in status or "Free Placement: you have no cards in hand, so 1 placement is lost." in status, status


def test_a_free_merchant_from_an_empty_pile_and_a_free_caravan_at_six_dice_are_called_lost():
    _, state = play_until(last_card_placement, seed=23)
    v = VINDEX[fp_sale(state)[1]]
    merchant = next((c, h) for c in range(30) for h in (0, 1) if ONE_TIME[c][h] == "FM")
    caravan = next((c, h) for c in range(30) for h in (0, 1) if ONE_TIME[c][h] == "FC")
    assert state.sale_rewards(0, v, [merchant, caravan]) == [("FM", None), ("FC", None)]
    data = state.to_data()
    data["pile"] = []
    data["dice"][0] = data["dice"][0] + [[1, "aside"]] * (6 - len(data["dice"][0]))
    spent = MerchantLordState.from_data(data)
    assert spent.sale_rewards(0, v, [merchant, caravan]) == [("FM", "the pile is empty"), ("FC", "6 dice already")]


def test_the_dice_a_sale_leaves_are_said_as_dice_and_one_as_a_die():
    """Seed 192: the hint's "2 left: no village fits these dice" meant one die showing 2, beside
    the builder's "(1 left)", one die: a newcomer read two dice."""
    found = set()
    for seed in range(6):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        while state.turn is not None and len(found) < 2:
            if state.turn == 0 and state.phase == SELL:
                for sale in (a for a in state.legal_actions() if a[0] == "sell"):
                    reason = render(explain(state, 0, [sale]), NAMES, 0)
                    left = re.search(r"; ([^;]*) left: ", reason)
                    if left:
                        assert re.fullmatch(r"a \d|dice \d( \d)+", left[1]), reason
                        found.add(left[1].startswith("a "))
            state.apply(simple(state), log=False)
    assert found == {True, False}


def test_a_lost_reward_in_the_plays_list_is_one_word():
    """The plays list read "Sell your 2-5 +M18R: 2¢+FP" and "lost" on a line of its own (three
    lines for one play once starred): the line wraps at its spaces."""
    from caravan_tui.games.merchant_lord.cards import reward_token

    assert (reward_token("FP", "no card left in hand"), reward_token("FM", None)) == ("FP(lost)", "FM")
    assert " " not in reward_token("FC", "no village left open")
