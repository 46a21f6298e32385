"""Merchant Lord (shared/rules/merchant_lord.md): the invariants of §11 after every action, the
worked examples of §7.6, one test per rule decision of §12 and per Ruling of the engine's doc."""

from __future__ import annotations

import random

import msgpack
import pytest

from caravan_tui.engine import IllegalAction, normalise_action, render
from caravan_tui.games.merchant_lord import GAME
from caravan_tui.games.merchant_lord.ai import AI, prior
from caravan_tui.games.merchant_lord.cards import (
    CARDS,
    DIE,
    HALF_INDEX,
    IDS,
    INDEX,
    ONE_TIME,
    OPP,
    OWN_COINS,
    OWN_FAVOUR,
    cards_of,
    deck_problems,
    load_cards,
)
from caravan_tui.games.merchant_lord.rules import (
    ASIDE,
    BUY,
    FAVOUR,
    MARKET,
    OVER,
    PLACE,
    SELL,
    UNPLACED,
    VIDS,
    MerchantLordState,
)
from caravan_tui.games.merchant_lord.sales import END_BUYING, END_FAVOUR, END_SELLING, SKIP, unpack
from caravan_tui.games.merchant_lord.terms import VINDEX

PAYOUTS = ("standard", "gentle", "slow")


def packed(data):
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def build(
    n=2,
    *,
    turn=0,
    start=0,
    phase="sell",
    dice=None,
    hands=None,
    known=None,
    coins=None,
    favour=None,
    villages=None,
    row=None,
    pile=None,
    payout="standard",
    pending=(0, 0, 0),
    position=None,
    round_no=1,
    sellers=None,
    seed=1,
):
    """A hand-made position from a fresh game: ``dice`` {seat: values} (all unplaced),
    ``hands`` / ``known`` {seat: ids}, ``villages`` {vid: [[id, half], ...]}; every card not
    named stays in the pile (or ``row`` / ``pile`` as given); supplies balance the totals."""
    data = GAME.new(n, seed=seed, options={"village_payout": payout, "start_player": start + 1}).to_data()
    hands = {s: list(h) for s, h in (hands or {}).items()}
    named = set(c for h in hands.values() for c in h)
    for cards in (villages or {}).values():
        named.update(c for c, _ in cards)
    data["hands"] = [hands.get(s, []) for s in range(n)]
    data["known"] = [list((known or {}).get(s, [])) for s in range(n)]
    if villages:
        data["villages"] = [[list(x) for x in villages.get(VIDS[v], [])] for v in range(3 * n)]
    if row is not None:
        data["row"] = list(row)
    else:
        data["row"] = [c for c in data["row"] if c not in named]
    named.update(data["row"])
    data["pile"] = list(pile) if pile is not None else [c for c in IDS if c not in named]
    if dice:
        for seat, values in dice.items():
            data["dice"][seat] = [[v, "unplaced"] for v in values]
    if coins is not None:
        data["coins"] = list(coins)
    if favour is not None:
        data["favour"] = list(favour)
    data["supply_coins"] = 40 - sum(data["coins"])
    data["supply_favour"] = 40 - sum(data["favour"])
    data["start"] = start
    data["turn"] = turn
    data["position"] = (turn - start) % n if position is None else position
    data["phase"] = phase
    data["pending"] = list(pending)
    data["round"] = round_no
    if sellers is not None:
        data["sellers"] = list(sellers)
    return MerchantLordState.from_data(data)


def sale(vid, *tucks):
    return ("sell", vid, tuple(tucks))


def eager_policy(rng):
    """Mostly greedy for cards (tucking sales, placements, purchases), sometimes uniform: random
    games that reach the end by cards and use every rule."""

    def choose(state):
        legal = state.legal_actions()
        if rng.random() < 0.3:
            return rng.choice(legal)
        tucking = [a for a in legal if a[0] == "sell" and a[2]]
        if tucking:
            return max(tucking, key=lambda a: (len(a[2]), rng.random()))
        useful = [a for a in legal if a[0] in ("sell", "place", "buy")]
        if useful:
            return rng.choice(useful)
        if state.phase == 0 and rng.random() < 0.5:
            return rng.choice(legal)
        return legal[0] if legal[0] in (END_FAVOUR, END_SELLING) else rng.choice(legal)

    return choose


# -- §11 invariants ---------------------------------------------------------------------------


def table_cards(state):
    return {c for cards in state.vcards for c, _ in cards}


def check_invariants(state, before=None, action=None):
    n = state.n
    seats = range(n)
    # 1. coins and favour
    assert sum(state.coins) + state.sup_coins == 40 and min(state.coins) >= 0 and state.sup_coins >= 0
    assert sum(state.favour) + state.sup_favour == 40 and min(state.favour) >= 0 and state.sup_favour >= 0
    # 2. every merchant in exactly one place; 42 cards with villages and box
    places = [table_cards(state), *(set(cards_of(h)) for h in state.hand), set(state.row), set(state.pile)]
    assert sum(len(p) for p in places) == 30 and set().union(*places) == set(range(30))
    assert len(state.row) == len(set(state.row)) and len(state.pile) == len(set(state.pile))
    assert sum(len(p) for p in places) + 3 * n + (12 - 3 * n) == 42
    for seat in seats:
        assert state.known[seat] & ~state.hand[seat] == 0
    # 3. dice
    for seat in seats:
        k = state.ndice[seat]
        assert 4 <= k <= 6 and k + (6 - k) == 6
        assert all(1 <= state.dval[seat * 6 + d] <= 6 for d in range(k))
        if before is not None:
            assert k >= before.ndice[seat]
    # 4. dice places
    order = [(state.start + p) % n for p in range(n)]
    done_selling = set(order) if state.phase in (BUY, OVER) else set(order[: state.pos])
    if state.phase == PLACE:
        done_selling.add(state.turn)
    for seat in seats:
        locs = [state.dloc[seat * 6 + d] for d in range(state.ndice[seat])]
        assert all(loc in (UNPLACED, MARKET, ASIDE) or 0 <= loc < 3 * n for loc in locs)
        if seat in done_selling:
            assert UNPLACED not in locs
        elif seat == state.turn:
            assert all(loc == UNPLACED or loc >= 0 for loc in locs)  # selling: unplaced or sold
        else:
            assert all(loc == UNPLACED for loc in locs)  # nobody else's turn touches them
        if ASIDE in locs:
            assert seat in done_selling
    # 5. villages
    sold = [v for _, v, _ in state.sales]
    assert len(sold) == len(set(sold))
    for v in range(3 * n):
        on = [
            (seat, state.dval[seat * 6 + d])
            for seat in seats
            for d in range(state.ndice[seat])
            if state.dloc[seat * 6 + d] == v
        ]
        if state.vseller[v] < 0:
            assert not on and v not in sold
        else:
            assert {seat for seat, _ in on} == {state.vseller[v]} and v in sold
            assert sorted(value for _, value in on) == unpack(state.vstall[v])
    # 6. stalls and attachments
    for v in range(3 * n):
        assert len(unpack(state.vstall[v])) == 2 + len(state.vcards[v])
        if before is not None:
            old = before.vcards[v]
            assert state.vcards[v][: len(old)] == old  # never removed
            if len(state.vcards[v]) > len(old):
                assert before.turn == v // 3 and before.phase in (SELL, PLACE)
    # 7. table cards and hands
    for seat in seats:
        assert state.table[seat] == 3 + sum(len(state.vcards[v]) for v in range(seat * 3, seat * 3 + 3))
        if before is not None:
            assert state.table[seat] >= before.table[seat]
            if state.hand[seat] != before.hand[seat]:
                assert before.turn == seat and action[0] in (
                    "sell",
                    "place",
                    "buy",
                    "end_selling",
                    "reroll",
                    "adjust",
                    "end_favour",
                )
    # 8. one-time rewards: fired exactly for tucked (not FP-placed) one-time halves
    expected = 0
    for cards in state.vcards:
        for c, h in cards:
            if ONE_TIME[c][h] and not state.inactive >> c & 1:
                expected |= 1 << c
    assert state.fired == expected
    if before is not None:
        assert state.fired & before.fired == before.fired
    # 9. favour and coins decrease only by favour actions and purchases
    if before is not None:
        for seat in seats:
            if state.favour[seat] < before.favour[seat]:
                assert before.turn == seat and action[0] in ("reroll", "adjust")
            if state.coins[seat] < before.coins[seat]:
                assert before.turn == seat and action[0] == "buy"
                assert before.coins[seat] - state.coins[seat] == 5
    # 10. income with a full supply at an opponent's village
    if before is not None and action[0] == "sell":
        v = VIDS.index(action[1])
        seller, owner = before.turn, v // 3
        if owner != seller and before.sup_coins >= state.vopp[v] + state.vownc[v]:
            assert state.coins[seller] - before.coins[seller] == state.vopp[v]
            assert state.coins[owner] - before.coins[owner] == state.vownc[v]
    # 11. the row
    assert len(state.row) <= n + 1
    assert state.row or not state.pile
    if before is not None and state.round != before.round:  # phase 4 refilled the row
        assert len(state.row) == min(n + 1, len(state.row) + len(state.pile))
    # 12. start seat and the end
    if before is not None:
        if state.round != before.round:
            assert state.round == before.round + 1 and state.start == (before.start + 1) % n
            assert all(s < 0 for s in state.vseller)  # every village open at the start of a round
        else:
            assert state.start == before.start
        if state.is_over():
            assert state.round == before.round  # ends in phase 4 of the round it was in
            assert max(state.table) >= 9 or state.round >= state.max_rounds
            assert state.ended == ("cards" if max(state.table) >= 9 else "round_limit")
    # legal actions: sorted, never empty unless over
    legal = state.legal_actions()
    assert (legal == []) == state.is_over()
    assert legal == sorted(legal)


def check_worlds(state, k):
    """Every seat's redealt worlds and rebuilt world keep the invariants and the seat's view."""
    for seat in range(state.n):
        view = state.view(seat)
        world = state.determinize(seat, random.Random(k))
        check_invariants(world)
        assert world.view(seat) == view and world.view(None) == state.view(None)
        rebuilt = GAME.from_view(packed(view), seat)
        check_invariants(rebuilt)
        assert rebuilt.view(seat) == view


def play(n, payout, seed, *, checks=True, max_rounds=100):
    state = MerchantLordState.new(n, seed=seed, options={"village_payout": payout, "max_rounds": max_rounds})
    choose = eager_policy(random.Random(seed))
    if checks:
        check_invariants(state)
    actions = []
    while not state.is_over():
        before = state.clone() if checks else None
        action = choose(state)
        state.apply(action, log=False)
        actions.append(action)
        if checks:
            check_invariants(state, before, action)
            if len(actions) % 9 == 0:
                check_worlds(state, len(actions))
    return state, actions


@pytest.mark.thorough
@pytest.mark.parametrize("payout", PAYOUTS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_invariant_holds_after_every_action_of_random_games(n, payout):
    for seed in range(2):
        state, actions = play(n, payout, seed * 10 + n)
        assert state.is_over() and state.ended == "cards"
        assert any(a[0] == "sell" and a[2] for a in actions) and any(a[0] == "buy" for a in actions)
        assert sum(state.outcome()) == pytest.approx(1.0)


def test_uniform_random_games_keep_every_invariant():
    for n in (2, 3, 4):
        state = GAME.new(n, seed=n)
        rng = random.Random(n)
        check_invariants(state)
        while not state.is_over():
            before = state.clone()
            action = rng.choice(state.legal_actions())
            state.apply(action, log=False)
            check_invariants(state, before, action)


def test_data_deck_properties_hold_for_the_card_file():
    assert deck_problems(load_cards()) == []
    assert [c["id"] for c in CARDS] == [f"M{i:02d}" for i in range(1, 31)]
    assert sorted(v for d in DIE for v in d) == sorted(list(range(1, 7)) * 10)
    assert all(a != b for a, b in DIE)
    bad = [dict(c) for c in CARDS]
    bad[0] = {"id": "M01", "left": [1, "O2", "C1"], "right": [1, "O1", "C1"]}
    assert deck_problems(bad)


# -- §4 setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_gives_villages_four_dice_two_favour_no_coins_and_a_row_of_n_plus_1(n):
    state = GAME.new(n, seed=5)
    assert state.table == [3] * n and state.coins == [0] * n and state.favour == [2] * n
    assert state.ndice == [4] * n and state.sup_coins == 40 and state.sup_favour == 40 - 2 * n
    assert len(state.row) == n + 1 and len(state.pile) == 30 - n - 1
    assert [unpack(state.vstall[v]) for v in range(3)] == [[1, 6], [2, 5], [3, 4]]
    assert [VIDS[v] for v in range(3)] == ["P0-V16", "P0-V25", "P0-V34"]
    assert state.to_move() == state.start and state.round == 1


def test_ruling_start_player_option_is_random_or_a_player_number():
    assert {GAME.new(3, seed=s).start for s in range(30)} == {0, 1, 2}
    for number in (1, 2, 3):
        assert GAME.new(3, seed=4, options={"start_player": number}).start == number - 1
    with pytest.raises(ValueError):
        GAME.new(2, seed=4, options={"start_player": 3})
    with pytest.raises(ValueError):
        GAME.new(2, seed=4, options={"start_player": 0})
    with pytest.raises(ValueError):
        GAME.new(2, seed=4, options={"village_payout": "generous"})


def test_ruling_rng_order_is_shuffle_then_start_seat_then_rolls():
    chosen = GAME.new(3, seed=8, options={"start_player": 2})
    drawn = GAME.new(3, seed=8)
    assert chosen.row == drawn.row and chosen.pile == drawn.pile  # the shuffle comes first
    assert chosen.dval != drawn.dval  # the random start seat took a draw before the rolls


def test_ruling_phase_1_rolls_seats_from_the_start_seat_and_dice_in_index_order():
    state = MerchantLordState.new(3, seed=6, options={"start_player": 2})
    probe = state.clone()
    probe.rng = 6
    probe._shuffle(list(range(30)))
    expected = {seat: [probe._next() % 6 + 1 for _ in range(4)] for seat in (1, 2, 0)}
    assert {seat: state.dval[seat * 6 : seat * 6 + 4] for seat in range(3)} == expected


# -- §7.6 worked examples -----------------------------------------------------------------------


def test_worked_example_1_two_tucks_at_v16_pay_4_and_a_later_opponent_sale_pays_4_and_4():
    state = build(2, turn=0, dice={0: [1, 1, 2, 6]}, hands={0: ["M01", "M03"]}, favour=[0, 0])
    action = sale("P0-V16", ("M01", "R"), ("M03", "L"))
    assert action in state.legal_actions()
    state.apply(action)
    assert state.coins[0] == 4 and state.table[0] == 5
    assert unpack(state.vstall[0]) == [1, 1, 2, 6]
    later = build(
        2, turn=1, start=1, dice={1: [1, 1, 2, 6]}, favour=[0, 0], villages={"P0-V16": [["M01", "R"], ["M03", "L"]]}
    )
    later.apply(sale("P0-V16"))
    assert later.coins == [4, 4]


def test_worked_example_2_an_fm_half_draws_once_then_pays_its_owner_nothing():
    state = build(2, turn=0, dice={0: [3, 4, 1, 5]}, hands={0: ["M02"]}, favour=[0, 0], pile=["M30", "M29"])
    state.apply(sale("P0-V34", ("M02", "R")))
    assert state.coins[0] == 2 and state.table[0] == 4
    assert state.to_move() == 1  # the 5 fits nowhere: selling ended, then FM
    assert cards_of(state.hand[0]) == [INDEX["M30"]] and not state.known[0]  # drew the pile's top
    later = build(2, turn=0, dice={0: [3, 4, 1, 6]}, favour=[0, 0], villages={"P0-V34": [["M02", "R"]]})
    later.apply(sale("P0-V34"))
    assert later.coins == [2, 0] and later.hand[0] == 0  # M02 adds nothing for its owner now
    opp = build(2, turn=1, start=1, dice={1: [3, 4, 1, 6]}, favour=[0, 0], villages={"P0-V34": [["M02", "R"]]})
    opp.apply(sale("P0-V34"))
    assert opp.coins == [2, 3] and opp.hand == [0, 0]


# -- §7 and §12 rule decisions ---------------------------------------------------------------


def test_income_at_your_own_village_sums_every_cards_own_slots_and_no_opp_slots():
    # V25 (C2) + M11-L (2: O1/C2) + M15-L (2: O1/F5) + M01-L (1: O2/C1)
    state = build(
        2,
        turn=0,
        dice={0: [2, 5, 2, 2, 1], 1: [1, 1, 1, 1]},
        favour=[0, 0],
        hands={0: ["M11", "M15"]},
        villages={"P0-V25": [["M01", "L"]]},
    )
    state.apply(sale("P0-V25", ("M11", "L"), ("M15", "L")))
    assert state.coins[0] == 2 + 2 + 1 and state.favour[0] == 5


def test_income_at_an_opponents_village_pays_the_seller_opp_slots_and_the_owner_recurring_own_slots():
    # P1-V25 with M01-L (1: O2/C1), M12-L (3: O1/F5), M13-L (2: O1/FM): seller 2+2+1+1, owner 2+1 coins, 5 favour
    villages = {"P1-V25": [["M01", "L"], ["M12", "L"], ["M13", "L"]]}
    state = build(2, turn=0, dice={0: [1, 2, 2, 3, 5]}, favour=[0, 0], villages=villages)
    state.apply(sale("P1-V25"))
    assert state.coins == [6, 3] and state.favour == [0, 5]
    assert state.hand == [0, 0]  # the owner's FM half fired once, long ago: nothing now


def test_tucks_are_only_offered_at_your_own_villages():
    state = build(2, turn=0, dice={0: [1, 6, 2, 2]}, hands={0: ["M01"]}, favour=[0, 0])
    sales = [a for a in state.legal_actions() if a[0] == "sell"]
    assert sale("P1-V16") in sales and sale("P0-V16", ("M01", "R")) in sales
    assert all(not a[2] for a in sales if a[1].startswith("P1"))
    with pytest.raises(IllegalAction):
        state.apply(sale("P1-V16", ("M01", "R")))


def test_a_sale_fills_every_stall_with_no_die_left_over_and_names_no_die():
    state = build(2, turn=0, dice={0: [1, 6, 6, 3]}, hands={0: ["M09"]}, favour=[0, 0])
    sales = [a for a in state.legal_actions() if a[0] == "sell"]
    assert sales == [sale("P0-V16"), sale("P0-V16", ("M09", "R")), sale("P1-V16")]
    state.apply(sale("P0-V16", ("M09", "R")))
    assert sorted(state.dval[d] for d in range(4) if state.dloc[d] == 0) == [1, 6, 6]


def test_an_expanded_village_keeps_all_its_stalls_for_every_later_sale():
    villages = {"P0-V16": [["M01", "R"]]}
    short = build(2, turn=1, start=1, dice={1: [1, 6, 4, 4]}, favour=[0, 0], villages=villages)
    assert sale("P0-V16") not in short.legal_actions()
    full = build(2, turn=1, start=1, dice={1: [1, 6, 2, 4]}, favour=[0, 0], villages=villages)
    assert sale("P0-V16") in full.legal_actions()


def test_one_time_rewards_fire_only_in_the_sale_that_tucks_the_card():
    # M06-L (4: FC), M08-R (1: FP), M05-R (4: FM) at V16 with 1 6 4 1 4: one of each, after the market
    state = build(
        2,
        turn=0,
        dice={0: [1, 6, 4, 1, 4]},
        hands={0: ["M06", "M08", "M05", "M20"]},
        favour=[0, 0],
        pile=["M30", "M29"],
    )
    state.apply(sale("P0-V16", ("M05", "R"), ("M06", "L"), ("M08", "R")))
    assert state.phase == PLACE and state.to_move() == 0 and state.pfp == 1
    assert state.hand[0] == (1 << INDEX["M20"]) | (1 << INDEX["M30"])  # FM drew the pile's top
    assert ("place", "M30", "R", "P0-V25") in state.legal_actions()  # FM comes before FP
    assert state.ndice[0] == 6 and state.dloc[4] == 0 and state.dloc[5] == ASIDE  # five sold, FC: a sixth
    state2 = build(2, turn=0, dice={0: [1, 6, 4, 1]}, hands={0: ["M06", "M08", "M20"]}, favour=[0, 0])
    state2.apply(sale("P0-V16", ("M06", "L"), ("M08", "R")))
    assert state2.ndice[0] == 5 and state2.dloc[4] == ASIDE  # FC: a fifth die, set aside
    assert state2.fired == (1 << INDEX["M06"]) | (1 << INDEX["M08"])
    # a later sale there fires nothing again
    again = build(
        2,
        turn=0,
        dice={0: [1, 6, 4, 1, 2]},
        favour=[0, 0],
        hands={0: ["M20"]},
        villages={"P0-V16": [["M06", "L"], ["M08", "R"]]},
    )
    again.apply(sale("P0-V16"))
    assert again.ndice[0] == 5 and again.phase != PLACE and again.pfp == 0 and again.hand[0] == 1 << INDEX["M20"]


def test_a_card_put_down_with_free_placement_never_fires():
    state = build(2, turn=0, dice={0: [3, 4, 3, 2, 5]}, hands={0: ["M11", "M13"]}, favour=[0, 0])
    state.apply(sale("P0-V34", ("M11", "R")))  # M11-R: 3, FP
    assert state.phase == SELL and state.pfp == 1  # the FP waits until selling ends
    state.apply(END_SELLING)
    assert state.phase == PLACE
    place = ("place", "M13", "L", "P0-V25")  # M13-L: 2, FM — placed, never fires
    assert place in state.legal_actions()
    pile_before = list(state.pile)
    state.apply(place)
    assert state.inactive == 1 << INDEX["M13"] and not state.fired >> INDEX["M13"] & 1
    assert state.pile == pile_before and state.hand[0] == 0 and state.table[0] == 5
    # a later sale at that village pays its recurring halves only; the FM half stays silent
    later = build(2, turn=0, dice={0: [2, 5, 2, 6]}, favour=[0, 0], villages={"P0-V25": [["M13", "L"]]})
    data = later.to_data()
    data["fp_placed"] = ["M13"]
    later = MerchantLordState.from_data(data)
    later.apply(sale("P0-V25"))
    assert later.coins[0] == 2 and later.hand[0] == 0


def test_free_placement_targets_another_open_own_village_and_may_be_skipped():
    state = build(
        2,
        turn=0,
        dice={0: [3, 4, 3, 2, 5]},
        hands={0: ["M11", "M13"]},
        favour=[0, 0],
        sellers=[None, None, None, 1, None, None],
    )
    state.apply(sale("P0-V34", ("M11", "R")))
    state.apply(END_SELLING)
    targets = {a[3] for a in state.legal_actions() if a[0] == "place"}
    assert targets == {"P0-V16", "P0-V25"}  # not the village just sold at, not an opponent's
    assert SKIP in state.legal_actions()
    state.apply(SKIP)
    assert state.hand[0] == 1 << INDEX["M13"] and state.table[0] == 4 and state.phase != PLACE


def test_free_placement_is_lost_with_an_empty_hand():
    state = build(2, turn=0, dice={0: [3, 4, 3, 6]}, hands={0: ["M11"]}, favour=[0, 0])
    events = state.apply(sale("P0-V34", ("M11", "R")))
    assert state.phase != PLACE and state.pfp == 0
    assert any("lost" in e.text for e in events)


def test_several_free_placements_resolve_one_at_a_time_at_any_open_own_village():
    state = build(
        2, turn=0, dice={0: [3, 4, 3, 3, 4, 1]}, hands={0: ["M11", "M19", "M22", "M24", "M01"]}, favour=[0, 0]
    )
    # M11-R 3 FP, M19-R 4 FP, M22-R 3 FC, plus a 1 left for the market
    state.apply(sale("P0-V34", ("M11", "R"), ("M19", "R"), ("M22", "R")))
    assert state.phase == PLACE and state.pfp == 2 and state.ndice[0] == 6
    state.apply(("place", "M01", "L", "P0-V16"))
    assert state.phase == PLACE and state.pfp == 1
    state.apply(("place", "M24", "L", "P0-V16"))
    assert state.table[0] == 3 + 3 + 2 and len(state.vcards[0]) == 2


def test_fm_card_goes_to_hand_hidden_and_fm_on_an_empty_pile_is_lost():
    state = build(2, turn=0, dice={0: [1, 6, 4, 2]}, hands={0: ["M05"]}, favour=[0, 0], pile=[])
    events = state.apply(sale("P0-V16", ("M05", "R")))
    assert state.hand[0] == 0 and any("pile is empty" in e.text for e in events)
    drawn = build(2, turn=0, dice={0: [1, 6, 4, 2]}, hands={0: ["M05"]}, favour=[0, 0], pile=["M17"])
    events = drawn.apply(sale("P0-V16", ("M05", "R")))
    assert drawn.hand[0] == 1 << INDEX["M17"] and drawn.known[0] == 0
    private = [e for e in events if "M17" in e.text]
    assert private and all(e.seats == (0,) and e.reveals_to(0) and not e.reveals_to(1) for e in private)
    assert drawn.view(1)["hand_sizes"] == [1, 0] and "M17" not in str(drawn.view(1))


def test_favour_is_spent_only_before_the_first_sale():
    state = build(2, turn=0, phase="favour", dice={0: [1, 6, 2, 5]}, favour=[5, 5])
    kinds = {a[0] for a in state.legal_actions()}
    assert kinds == {"reroll", "adjust", "end_favour"}
    state.apply(END_FAVOUR)
    assert {a[0] for a in state.legal_actions()} == {"sell", "end_selling"}
    state.apply(sale("P0-V16"))
    assert all(a[0] in ("sell", "end_selling") for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(("reroll", 2))
    state.apply(END_SELLING)
    assert state.to_move() == 1 and state.favour[0] == 5 + 2  # market favour, nothing spent


def test_favour_earned_this_turn_is_first_usable_in_the_next_phase_2_turn():
    state = build(
        2,
        turn=0,
        dice={0: [1, 6, 2, 5], 1: [1, 1, 1, 1]},
        favour=[0, 0],
        villages={"P0-V34": [["M12", "L"]]},
        hands={0: ["M09"]},
    )
    state.apply(sale("P0-V16"))
    state.apply(sale("P0-V25"))
    assert state.favour[0] == 0 and state.to_move() == 1  # nothing to spend it on this turn
    gained = build(2, turn=0, dice={0: [1, 6, 1, 3], 1: [2, 2, 2, 2]}, favour=[0, 0], hands={0: ["M09"]})
    gained.apply(sale("P0-V16", ("M09", "L")))  # M09-L: 1, F5 — 2 coins and 5 favour
    assert gained.favour[0] == 5 + 1 and gained.to_move() != 0  # the favour step is over
    assert gained.round == 2 and gained.to_move() == 1 and gained.phase == 0  # usable next round


def test_repeated_adjustments_are_allowed_at_2_favour_each_and_wrap_around():
    state = build(2, turn=0, phase="favour", dice={0: [6, 1, 3, 4]}, favour=[6, 0])
    assert ("adjust", 6, 1) in state.legal_actions() and ("adjust", 1, -1) in state.legal_actions()
    state.apply(("adjust", 6, 1))
    assert state.dval[:4] == [1, 1, 3, 4] and state.favour[0] == 4 and state.sup_favour == 40 - 4
    state.apply(("adjust", 1, -1))
    assert state.dval[:4] == [6, 1, 3, 4]  # the lowest-index die showing 1
    state.apply(("adjust", 6, -1))
    assert state.dval[:4] == [5, 1, 3, 4] and state.favour[0] == 0
    assert state.phase == SELL  # no favour left: the favour step passes by itself


def test_reroll_offers_every_non_empty_sub_multiset_for_1_favour():
    state = build(2, turn=0, phase="favour", dice={0: [1, 2, 3, 4]}, favour=[1, 0])
    rerolls = [a for a in state.legal_actions() if a[0] == "reroll"]
    assert len(rerolls) == 15 and not any(a[0] == "adjust" for a in state.legal_actions())
    repeated = build(2, turn=0, phase="favour", dice={0: [2, 2, 2, 5]}, favour=[1, 0])
    rerolls = [a for a in repeated.legal_actions() if a[0] == "reroll"]
    assert len(rerolls) == 4 * 2 - 1 and ("reroll", 2, 2, 5) in rerolls
    six = build(2, turn=0, phase="favour", dice={0: [1, 2, 3, 4, 5, 6]}, favour=[1, 0])
    assert len([a for a in six.legal_actions() if a[0] == "reroll"]) == 63


def test_ruling_a_reroll_rerolls_the_lowest_index_dice_of_each_chosen_value():
    state = build(2, turn=0, phase="favour", dice={0: [2, 5, 2, 2]}, favour=[3, 0])
    before = state.rng
    state.apply(("reroll", 2, 2), log=False)
    assert state.dval[1] == 5 and state.dval[3] == 2  # dice 0 and 2 were rerolled
    probe = build(2, turn=0, phase="favour", dice={0: [2, 5, 2, 2]}, favour=[3, 0])
    probe.rng = before
    expected = [probe._next() % 6 + 1, probe._next() % 6 + 1]
    assert [state.dval[0], state.dval[2]] == expected and state.favour[0] == 2


def test_ruling_a_sale_uses_the_lowest_index_dice_of_each_value():
    state = build(2, turn=0, dice={0: [6, 1, 6, 1]}, favour=[0, 0])
    state.apply(sale("P0-V16"))
    assert state.dloc[:4] == [0, 0, UNPLACED, UNPLACED] and state.to_move() == 0


def test_a_sale_at_ones_own_village_names_the_seller_once():
    """The bug: "AI 2 sells 1 6 at AI 2's 1-6 village: AI 2 gets 2 coins"."""
    state = build(2, turn=0, dice={0: [1, 6, 3, 3]}, favour=[0, 0])
    text = state.apply(sale("P0-V16"))[0].text
    assert render(text, ["Ann", "Bob"], 1).startswith("Ann sells 1 6 at their own 1-6 village for ")
    assert render(text, ["Ann", "Bob"], 0).startswith("You sell 1 6 at your own 1-6 village for ")
    assert text.count("{p0") == 3  # the seller, the verb's ending, the pronoun: the name once


def test_players_start_with_no_coins_and_a_short_supply_pays_what_is_left():
    state = build(2, turn=1, start=1, dice={1: [1, 6, 3, 3]}, coins=[37, 0], favour=[0, 0], villages={"P0-V16": []})
    assert state.sup_coins == 3
    events = state.apply(sale("P0-V16"))
    assert state.coins == [38, 2] and state.sup_coins == 0  # seller first (2), owner gets the last 1
    assert "{p1} get{p1:s} 2 coins, {p0} get{p0:s} 1 coin" in events[0].text
    fav = build(2, turn=0, dice={0: [1, 6, 3, 3]}, favour=[38, 0])
    assert fav.sup_favour == 2
    fav.apply(sale("P0-V16"))
    assert fav.to_move() == 1  # the two 3s fit nowhere: to the market
    assert fav.favour[0] == 40 and fav.sup_favour == 0  # 2 dice to the market, only 2 favour left


def test_ruling_an_fc_die_is_set_aside_showing_1_then_rolled_and_usable_next_round():
    state = build(2, turn=0, dice={0: [4, 1, 6, 2]}, hands={0: ["M06"]}, favour=[0, 0])
    state.apply(sale("P0-V16", ("M06", "L")))  # M06-L: stall 4, FC
    assert state.ndice[0] == 5 and state.dloc[4] == ASIDE and state.dval[4] == 1
    assert state.to_move() != 0 or state.phase == BUY
    while state.round == 1:
        state.apply(state.legal_actions()[0] if state.phase != 0 else END_FAVOUR)
    assert state.dloc[4] == UNPLACED and state.ndice[0] == 5  # rolled with the others


def test_ruling_fc_at_six_dice_is_lost():
    state = build(2, turn=0, dice={0: [4, 1, 6, 2, 2, 2]}, hands={0: ["M06"]}, favour=[0, 0])
    events = state.apply(sale("P0-V16", ("M06", "L")))
    assert state.ndice[0] == 6 and any("6 dice" in e.text for e in events)


def test_buying_costs_5_and_is_allowed_in_the_final_round():
    nine = {"P1-V16": [[c, "L"] for c in ("M04", "M05", "M06", "M07", "M08", "M09")]}
    state = build(2, turn=0, start=0, phase="buy", position=0, coins=[10, 0], row=["M01", "M02", "M03"], villages=nine)
    assert state.table[1] == 9
    state.apply(("buy", "M02"))
    assert state.coins[0] == 5 and state.known[0] == 1 << INDEX["M02"] and state.row == [INDEX["M01"], INDEX["M03"]]
    state.apply(("buy", "M01"))
    assert state.is_over() and state.coins[0] == 0 and state.hand[0].bit_count() == 2


def test_the_row_refills_only_when_emptied_in_phase_3_and_at_round_end():
    state = build(
        2, turn=0, phase="buy", position=0, coins=[15, 0], row=["M01", "M02"], pile=["M10", "M11", "M12", "M13", "M14"]
    )
    state.apply(("buy", "M01"))
    assert state.row == [INDEX["M02"]]  # not refilled yet
    events = state.apply(("buy", "M02"))
    assert state.row == [INDEX[c] for c in ("M10", "M11", "M12")] and any(e.reveals is True for e in events)
    state.apply(("buy", "M11"))  # may buy a card revealed this turn
    assert state.coins[0] == 0 and state.round == 2
    assert state.row == [INDEX[c] for c in ("M10", "M12", "M13")]  # refilled to N+1 at round end


def test_an_empty_pile_stops_refills_and_the_row_may_shrink_to_nothing():
    state = build(2, turn=0, phase="buy", position=0, coins=[10, 0], row=["M01", "M02"], pile=[])
    state.apply(("buy", "M01"))
    state.apply(("buy", "M02"))
    assert state.row == [] and state.pile == [] and state.round == 2


def test_the_game_ends_only_in_phase_4_after_the_round_completes():
    villages = {"P0-V16": [[c, "L"] for c in ("M04", "M05", "M06", "M07", "M08")]}  # 8 table cards
    state = build(
        2,
        turn=0,
        start=0,
        dice={0: [2, 5, 2, 2], 1: [3, 4, 1, 1]},
        hands={0: ["M11"]},
        coins=[0, 5],
        favour=[0, 0],
        villages=villages,
    )
    state.apply(sale("P0-V25", ("M11", "L")))  # the 9th table card
    assert state.table[0] == 9 and not state.is_over()
    assert state.to_move() == 1  # the other player still sells
    state.apply(sale("P1-V34"))
    assert not state.is_over() and state.phase == BUY and state.to_move() == 1  # and buys
    state.apply(END_BUYING)
    assert state.is_over() and state.ended == "cards" and state.round == 1
    assert state.outcome() == [1.0, 0.0]


def test_ruling_the_round_guard_ends_and_scores_the_game():
    state = MerchantLordState.new(2, seed=3, options={"max_rounds": 2})
    rng = random.Random(3)
    events = []
    while not state.is_over():
        legal = state.legal_actions()
        action = END_BUYING if END_BUYING in legal else (END_SELLING if END_SELLING in legal else rng.choice(legal))
        events += state.apply(action)
    assert state.ended == "round_limit" and state.round == 2 and max(state.table) < 9
    assert any("round limit" in e.text for e in events)
    assert sum(state.outcome()) == pytest.approx(1.0)


def test_scoring_ranks_table_cards_then_coins_then_favour_and_full_ties_share():
    def final(table_extra, coins, favour):
        villages = {f"P{s}-V16": [[c, "L"] for c in chunk] for s, chunk in enumerate(table_extra)}
        state = build(len(coins), coins=coins, favour=favour, villages=villages)
        return state

    more_cards = final([["M01", "M02"], ["M03"]], [0, 20], [0, 20])
    assert more_cards.outcome() == [1.0, 0.0] and more_cards.scores() == [5.0, 4.0]
    coins = final([["M01"], ["M03"]], [3, 6], [9, 0])
    assert coins.outcome() == [0.0, 1.0]
    favour = final([["M01"], ["M03"]], [6, 6], [1, 2])
    assert favour.outcome() == [0.0, 1.0]
    shared = final([["M01"], ["M03"], ["M05"]], [6, 6, 1], [2, 2, 2])
    assert shared.outcome() == [0.5, 0.5, 0.0]


def test_ruling_one_answer_steps_pass_by_themselves():
    # a seller without favour who cannot sell passes straight on (dice to the market)
    nowhere = build(2, turn=0, phase="favour", dice={0: [1, 1, 1, 1], 1: [1, 6, 2, 2]}, favour=[0, 2])
    nowhere._begin_seller(None)
    assert nowhere.to_move() == 1 and nowhere.phase == 0
    assert nowhere.dloc[:4] == [MARKET] * 4 and nowhere.favour[0] == 4
    # any favour keeps the favour step a decision, END_FAVOUR included
    hopeful = build(2, turn=0, phase="favour", dice={0: [1, 1, 1, 1]}, favour=[1, 0])
    hopeful._begin_seller(None)
    assert hopeful.to_move() == 0 and hopeful.phase == 0 and END_FAVOUR in hopeful.legal_actions()
    # a sale that leaves no other sale ends the selling by itself
    once = build(2, turn=0, dice={0: [1, 6, 4, 4], 1: [3, 4, 1, 1]}, favour=[0, 0])
    once.apply(sale("P0-V16"))
    assert once.to_move() == 1 and once.dloc[2:4] == [MARKET, MARKET]
    # a purchase that leaves under 5 coins ends the buy turn; a seat with under 5 coins is passed
    buyer = build(3, turn=0, phase="buy", position=0, coins=[7, 3, 5], row=["M01", "M02", "M03", "M04"])
    buyer.apply(("buy", "M01"))
    assert buyer.to_move() == 2 and buyer.phase == BUY


def test_ruling_p_may_take_favour_actions_while_p_has_enough_favour():
    """§7.1: "P may take the following actions … while P has enough favour" — even when no open
    village could take P's dice (a five-stall village, four dice): the step is offered, and its
    favour then only decides the tie-break (§8.4)."""
    big = {"P1-V16": [["M01", "L"], ["M03", "L"], ["M04", "R"]]}  # 5 stalls
    closed = build(
        2,
        turn=0,
        phase="favour",
        dice={0: [1, 1, 1, 1], 1: [1, 1, 1, 6, 2]},
        favour=[5, 2],
        villages=big,
        sellers=[1, 1, 1, None, 1, 1],
    )
    closed._begin_seller(None)
    assert closed.to_move() == 0 and closed.phase == FAVOUR
    legal = closed.legal_actions()
    assert END_FAVOUR in legal and {a[0] for a in legal} == {"reroll", "adjust", "end_favour"}
    kept = closed.clone()
    kept.apply(END_FAVOUR)  # nothing to sell: the dice go to the market, the favour is kept
    assert kept.to_move() == 1 and kept.favour[0] == 5 + 4
    spent = closed.clone()
    spent.apply(next(a for a in legal if a[0] == "adjust"))
    assert spent.favour[0] == 5 - 2 and spent.to_move() == 0 and spent.phase == FAVOUR


def test_each_village_is_sold_at_most_once_per_round_and_all_reopen_next_round():
    state = build(2, turn=0, dice={0: [1, 6, 1, 6], 1: [1, 6, 3, 4]}, favour=[0, 0])
    state.apply(sale("P0-V16"))
    assert sale("P0-V16") not in state.legal_actions() and sale("P1-V16") in state.legal_actions()
    state.apply(sale("P1-V16"))  # seat 0's second sale; seat 1 gets the owner's 2 coins
    assert state.to_move() == 1 and state.legal_actions() == [END_SELLING, sale("P0-V34"), sale("P1-V34")]
    state.apply(sale("P0-V34"))  # seat 1's 1 and 6 fit no open village now
    assert state.coins == [6, 4] and state.phase == BUY and state.to_move() == 0
    state.apply(END_BUYING)
    assert state.round == 2 and all(s < 0 for s in state.vseller) and state.sales == ()


# -- §10 hidden information ------------------------------------------------------------------


def hidden_position(hidden1=("M07", "M08"), pile_top=("M20",)):
    """Seat 1 holds two hidden (FM-drawn) cards and one bought (known) card."""
    hands = {0: ["M01"], 1: ["M02", *hidden1]}
    named = {"M01", "M02", *hidden1}
    pile = [*pile_top, *[c for c in IDS if c not in named and c not in pile_top and c not in ("M28", "M29", "M30")]]
    return build(
        2,
        turn=0,
        dice={0: [1, 6, 2, 2]},
        hands=hands,
        known={1: ["M02"]},
        favour=[0, 0],
        row=["M28", "M29", "M30"],
        pile=pile,
    )


def test_two_states_differing_only_in_hidden_cards_give_equal_views():
    one = hidden_position(("M07", "M08"), ("M20",))
    two = hidden_position(("M20", "M11"), ("M07",))
    assert one.hand != two.hand and one.pile != two.pile
    for seat in (0, None):
        assert one.view(seat) == two.view(seat)
    assert one.view(1) != two.view(1)
    view = one.view(0)
    assert view["known"][1] == ["M02"] and view["hand_sizes"] == [1, 3] and view["pile_size"] == len(one.pile)
    assert "M07" not in str(view) and "M08" not in str(view)
    assert "M07" in str(one.view(1))


def test_determinize_never_hands_an_opponent_a_card_the_observer_knows_is_elsewhere():
    state = hidden_position()
    seen = {INDEX[c] for c in ("M01", "M02", "M28", "M29", "M30")}
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        assert world.hand[0] == state.hand[0]
        assert world.hand[1] & (1 << INDEX["M02"])  # the bought card stays where it is known to be
        others = set(cards_of(world.hand[1] & ~world.known[1])) | set(world.pile)
        assert not others & seen and len(cards_of(world.hand[1])) == 3
        assert world.view(0) == state.view(0)
        check_invariants(world)
    hands = {frozenset(cards_of(state.determinize(0, random.Random(k)).hand[1])) for k in range(30)}
    assert len(hands) > 10  # the hidden cards really are redealt


def test_determinize_depends_only_on_the_view_and_reseeds_the_dice():
    one = hidden_position(("M07", "M08"), ("M20",))
    two = hidden_position(("M20", "M11"), ("M07",))
    assert one.determinize(0, random.Random(5)).to_data() == two.determinize(0, random.Random(5)).to_data()
    assert one.determinize(0, random.Random(5)).rng != one.rng
    world = GAME.from_view(packed(one.view(0)), 0)
    assert world.view(0) == one.view(0) and world.legal_actions() == one.legal_actions()


def test_a_bought_card_is_known_and_leaves_the_known_list_when_placed():
    state = build(2, turn=0, phase="buy", position=0, coins=[5, 0], row=["M01", "M02", "M03"])
    state.apply(("buy", "M01"))
    assert state.view(1)["known"][0] == ["M01"]
    tuck = build(2, turn=0, dice={0: [1, 6, 1, 3]}, hands={0: ["M01"]}, known={0: ["M01"]}, favour=[0, 0])
    tuck.apply(sale("P0-V16", ("M01", "L")))
    assert tuck.view(1)["known"][0] == [] and tuck.view(1)["hand_sizes"][0] == 0


# -- the contract -----------------------------------------------------------------------------


def test_rolls_and_refills_reveal_to_everyone_and_opening_events_show_the_setup():
    state = GAME.new(3, seed=4)
    opening = state.opening_events()
    assert len(opening) == 2 and all(e.reveals is True for e in opening)
    assert "{p" in opening[1].text
    rerolled = build(2, turn=0, phase="favour", dice={0: [1, 2, 3, 4]}, favour=[2, 0])
    events = rerolled.apply(("reroll", 1))
    assert events[0].reveals is True


def test_apply_without_log_reaches_the_same_state_and_returns_nothing():
    for n in (2, 4):
        loud = GAME.new(n, seed=n + 20)
        quiet = loud.clone()
        choose = eager_policy(random.Random(n))
        while not loud.is_over():
            action = choose(loud)
            assert loud.apply(action, log=True)
            assert quiet.apply(action, log=False) == []
            assert quiet.to_data() == loud.to_data()


def test_to_data_round_trips_through_msgpack_and_replay_reproduces_every_roll():
    state, actions = play(3, "gentle", 7, checks=False)
    replay = MerchantLordState.new(3, seed=7, options={"village_payout": "gentle"})
    for action in actions:
        data = replay.to_data()
        again = MerchantLordState.from_data(packed(data))
        assert packed(again.to_data()) == packed(data) and again.legal_actions() == replay.legal_actions()
        replay.apply(normalise_action(packed(list(action))), log=False)
    assert replay.to_data() == state.to_data()


def test_an_illegal_action_raises_and_leaves_the_state_untouched():
    state = build(2, turn=0, dice={0: [1, 6, 2, 2]}, hands={0: ["M01"]}, favour=[0, 0])
    before = state.to_data()
    for bad in [
        ("sell", "P0-V25", ()),
        ("buy", "M01"),
        ("reroll", 1),
        ("place", "M01", "L", "P0-V16"),
        ("sell", "P0-V16", (("M01", "L"),)),
        ("sell", "P9-V16", ()),
        (),
        "end_selling",
        ["end_selling"],
    ]:
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_data() == before


def test_every_legal_action_has_plain_words():
    game = GAME.new(4, seed=1)
    choose = eager_policy(random.Random(1))
    while not game.is_over():
        for action in game.legal_actions():
            text = game.describe(action, game.to_move())
            assert text and not text.startswith("(")
        game.apply(choose(game), log=False)
    sale_words = build(2, turn=0, dice={0: [1, 1, 2, 6]}, hands={0: ["M01", "M03"]}, favour=[0, 0]).describe(
        sale("P0-V16", ("M01", "R"), ("M03", "L"))
    )
    assert "4 coins" in sale_words and "{p0}" in sale_words and "5 table cards" in sale_words


def test_estimate_is_a_distribution_that_prefers_the_leader():
    lead = build(2, villages={"P0-V16": [["M01", "L"], ["M02", "L"], ["M03", "L"]]}, favour=[0, 0])
    est = lead.estimate()
    assert len(est) == 2 and sum(est) == pytest.approx(1.0) and est[0] > est[1]
    even = build(3)
    assert all(0.0 <= x <= 1.0 for x in even.estimate())


def test_prior_scores_every_action_prefers_big_tucks_and_changes_nothing():
    state = build(2, turn=0, dice={0: [1, 1, 2, 6]}, hands={0: ["M01", "M03"]}, favour=[0, 0])
    before = state.to_data()
    actions = state.legal_actions()
    scores = prior(state, actions)
    assert len(scores) == len(actions) and state.to_data() == before
    assert actions[scores.index(max(scores))] == sale("P0-V16", ("M01", "R"), ("M03", "L"))
    favour = build(2, turn=0, phase="favour", dice={0: [1, 6, 3, 3, 2, 5]}, favour=[3, 0])
    assert len(prior(favour, favour.legal_actions())) == len(favour.legal_actions())
    assert AI.prior is prior and set(AI.levels) <= {"easy", "normal", "hard"}


def test_the_game_declares_its_options_and_player_rules():
    assert GAME.id == "merchant_lord" and GAME.players == range(2, 5) and GAME.default_players == 2
    assert GAME.options["village_payout"].default == "standard"
    assert GAME.options["start_player"].default == "random"
    assert "9" in GAME.rules and "Enter" in GAME.rules
    assert GAME.resolve_options(GAME.quick_options)


def test_income_values_follow_the_card_data():
    # every half's numbers come from the data file
    m05 = INDEX["M05"]
    assert DIE[m05] == (1, 4) and OPP[m05] == (1, 1) and ONE_TIME[m05] == (None, "FM")
    assert OWN_COINS[m05] == (2, 0) and OWN_FAVOUR[INDEX["M09"]] == (5, 0)


def test_how_to_play_prices_a_reroll_for_all_the_dice_chosen_not_for_each():
    """ "favour rerolls dice (1)" read as 1 favour a die; the rules: 1 favour rerolls a chosen
    set of dice (§7.1), 2 favour turn one die by one."""
    from caravan_tui.games import get_game
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(get_game("merchant_lord").rules).split())
    assert "favour rerolls dice (1)" not in short
    assert "1 favour rerolls any of your dice at once" in short and "2 favour turn one die a step" in short


def test_the_one_line_summary_says_the_round_is_played_out_and_the_most_win():
    """New match read "first to 9 table cards ends it": a race, where the round is played out and
    the most table cards win (rules §8.2, §8.4; two seats went from 8 to 10 in one round)."""
    summary = GAME.summary
    assert "first to" not in summary
    assert "after the round someone reaches 9 table cards, the most table cards win" in summary


def test_a_sales_words_pay_what_the_supply_holds():
    """The favour supply at 0, a sale's line read "you get 3¢, AI 3 gets 2¢ and 5 favour" and the
    review repeated it: the sale paid no favour (the supply runs out with no debt, §7.4.6)."""
    from caravan_tui.engine import render
    from caravan_tui.games.merchant_lord.rules import SELL

    rng = random.Random(8)
    for seed in range(200):
        state = GAME.new(2, seed=seed, options={})
        while not state.is_over():
            if state.phase == SELL:
                for action in state.legal_actions():
                    if action[0] != "sell":
                        continue
                    v = VINDEX[action[1]]
                    tucks = tuple((INDEX[c], HALF_INDEX[h]) for c, h in action[2])
                    income = state.sale_income(state.turn, v, tucks)
                    if income[1] or income[3]:
                        dry = state.clone()
                        dry.sup_favour = 0
                        assert dry.sale_paid(dry.turn, v, tucks)[:4] == (income[0], 0, income[2], 0)
                        said = render(dry.describe(action), ["Ann", "Bob"], dry.turn)
                        assert "favour" not in said.split(":", 1)[1].split("+")[0], said
                        after = dry.clone()
                        after.apply(action)
                        assert after.favour == dry.favour  # (the engine paid none: the words agree)
                        return
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no sale that pays favour was met")


def test_a_free_placements_words_say_its_one_time_half_never_fires():
    """The Free Placement read "put M16 right half (stall 2; seller 1 coin, owner Free Caravan)":
    a placed card's one-time half never fires (§7.4.5), and nothing said so."""
    from caravan_tui.games.merchant_lord.cards import half_words

    once = next((card, half) for card in range(len(CARDS)) for half in (0, 1) if ONE_TIME[card][half])
    always = next((card, half) for card in range(len(CARDS)) for half in (0, 1) if not ONE_TIME[card][half])
    assert "never fires: the card is placed, not tucked" in half_words(*once, placed=True)
    assert "never fires" not in half_words(*once) and "never fires" not in half_words(*always, placed=True)
