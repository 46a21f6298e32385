"""Merchant Lord's rerolls weighed before they are rolled (``rolls.py``): the prior ranks a reroll
by the sale expected after it, and a hint's reason says what the favour buys ("a 61% chance to
tuck a card"), where every reroll read "A close call" and "the kept dice alone: …"."""

from __future__ import annotations

from itertools import product

import pytest
from test_merchant_lord import build

from caravan_tui.games.merchant_lord.ai import prior
from caravan_tui.games.merchant_lord.explain import explain
from caravan_tui.games.merchant_lord.rolls import OUTCOMES, dice_value, every_sale
from caravan_tui.games.merchant_lord.sales import UNIT, pack


def nothing_sells_yet():
    """Dice 2 4 6 6 fit no village; M13 in hand tucks on a 2 (left) or a 4 (right)."""
    return build(phase="favour", dice={0: [2, 4, 6, 6], 1: [1, 2, 3, 4]}, hands={0: ["M13"]}, favour=[3, 2])


def test_the_outcomes_of_k_dice_are_every_multiset_with_its_chance():
    for k in range(7):
        rolls = {}
        for values in product(range(1, 7), repeat=k):
            rolls[pack(values)] = rolls.get(pack(values), 0) + 1 / 6**k
        assert {dice: round(chance, 12) for dice, chance in OUTCOMES[k]} == {
            dice: round(chance, 12) for dice, chance in rolls.items()
        }


def test_a_reroll_is_ranked_by_the_sale_expected_after_it():
    """The bug: a reroll was ranked by the best sale its kept dice alone still allow (plus a
    little a die), so with nothing to sell yet every reroll tied at nothing and rolling all four
    dice came first; keeping 2 4 (a 2-5 or 3-4 village, M13's halves) and rolling the 6s is best."""
    state = nothing_sells_yet()
    dice = state._unplaced(0)
    legal = state.legal_actions()
    scores = dict(zip(legal, prior(state, legal)))
    rerolls = sorted((a for a in legal if a[0] == "reroll"), key=scores.__getitem__, reverse=True)
    assert rerolls[0] == ("reroll", 6, 6)
    for action in rerolls:
        kept = dice - sum(UNIT[v] for v in action[1:])
        rolled = len(action) - 1
        every = [dice_value(state, 0, kept + pack(values)) for values in product(range(1, 7), repeat=rolled)]
        assert abs(scores[action] - (sum(every) / len(every) - 0.3)) < 1e-9


def test_a_reroll_hint_says_what_its_favour_buys():
    """The reason says the chance the favour buys, counted over every roll, the sale now, and,
    where a card is to play for, the turn's chance to tuck it with the favour left."""
    state = nothing_sells_yet()
    kept, hand = pack([2, 4]), state.hand[0]
    assert hand
    tucks = [every_sale(state, 0, kept + pack(values))[1] for values in product(range(1, 7), repeat=2)]
    chance = round(100 * sum(t > 0 for t in tucks) / len(tucks))
    reason = explain(state, 0, [("reroll", 6, 6)])
    assert reason == (
        f"1 favour to roll 2 dice again, keeping 2 4: a {chance}% chance to tuck a card "
        "(now: no village fits these dice; turning a 2 into a 1 for 2 favour sells for sure: "
        "1 card tucked at {p0:'s} 1-6 village); 2 favour left for more turns and rerolls after it: "
        "with them, a card tucked for sure this turn"
    )


def test_keeping_the_favour_says_what_the_best_reroll_offers():
    """Seed 1's first favour step: 1 2 3 5, no card in hand, 2 coins at the 2-5 village; rolling
    the 1 and the 3 again, a 1 6, 3 4 or 2 5 sells a second time (6 rolls of 36), and the reason
    says so (it read "no chance of a better sale")."""
    from caravan_tui.games import get_game

    state = get_game("merchant_lord").new(2, seed=1)
    seat = state.to_move()
    reason = explain(state, seat, [("end_favour",)])
    assert reason.startswith(
        f"keeps {{p{seat}:'s}} 2 favour for later rounds (at best, rerolling the 1: a 17% chance to sell for more)"
    )
    assert explain(state, seat, [("reroll", 1, 3)]).endswith(
        f"a 17% chance to sell for more (now: 2 coins at {{p{seat}:'s}} 2-5 village; no card in hand to tuck)"
    )


def test_a_second_sale_is_a_chance_to_sell_for_more():
    """The bug: with 1 1 2 5 and the 1-6, 2-5 and 3-4 villages open (seed 62's first favour
    step), the hint said "the best reroll: no chance of a better sale", counting the best single
    sale only: a 1 rolled into a 6 (1 in 6) sells at the 2-5 and the 1-6 villages both (rules
    §7.2.3: any number of sales), and turning a 1 into a 6 makes both sales sure."""
    from caravan_tui.games import get_game

    state = get_game("merchant_lord").new(2, seed=62)
    seat = state.to_move()
    assert sorted(state._unplaced_values(seat)) == [1, 1, 2, 5] and not state.hand[seat]
    dice = state._unplaced(seat)
    both, one = every_sale(state, seat, dice - UNIT[1] + UNIT[6])[0], every_sale(state, seat, dice)[0]
    assert both > one == dice_value(state, seat, dice)
    reason = explain(state, seat, [("end_favour",)])
    assert "no chance" not in reason and "at best, rerolling the 1: a 17% chance to sell for more" in reason, reason
    assert explain(state, seat, [("reroll", 1)]).startswith(
        "1 favour to roll 1 die again, keeping 1 2 5: a 17% chance to sell for more"
    )


def test_where_no_village_fits_the_dice_a_reroll_offers_a_sale_not_a_better_one():
    """Found playing by hand: "a 64% chance of a better sale (now: no village fits these dice)"."""
    state = build(phase="favour", dice={0: [2, 2, 3, 3], 1: [1, 2, 3, 4]}, favour=[3, 2])
    fits = [dice_value(state, 0, pack([2, 3]) + pack(values)) > 0 for values in product(range(1, 7), repeat=2)]
    chance = round(100 * sum(fits) / len(fits))
    assert explain(state, 0, [("reroll", 2, 3)]) == (
        f"1 favour to roll 2 dice again, keeping 2 3: a {chance}% chance of a sale "
        "(now: no village fits these dice; turning a 3 into a 4 for 2 favour sells for sure: "
        "2 coins at {p0:'s} 3-4 village; no card in hand to tuck)"
    )


def test_no_favour_is_paid_for_a_roll_that_cannot_make_a_better_sale():
    """Found playing by hand: with 1 1 1 6 and M02 in hand (its 1 tucked in the 1-6 sale), the
    hint said "Reroll 1 (1f): no chance of a better sale" five times running. Neither an AI seat
    nor a hint pays favour for a reroll or a turn that cannot better the sale now (but easy); a
    reroll that can stays allowed."""
    from caravan_tui.ai.explain import Weighed
    from caravan_tui.ai.policies import pick
    from caravan_tui.games.merchant_lord.ai import vetoed

    state = build(phase="favour", dice={0: [1, 1, 1, 6], 1: [1, 2, 3, 4]}, hands={0: ["M02"]}, favour=[13, 2])
    assert vetoed(state, 0, ("reroll", 1))
    assert vetoed(state, 0, ("adjust", 1, 1))  # (a 2 tucks M02's other half: one card all the same)
    assert not vetoed(state, 0, ("end_favour",))
    assert not vetoed(state, 0, ("reroll", 1), "easy")  # (easy does not yet know which rerolls pay)
    stats = Weighed({("reroll", 1): (164, 94.5), ("adjust", 1, 1): (152, 86.8), ("end_favour",): (67, 33.0)}, {})
    assert pick("merchant_lord", state.view(0), 0, stats.stats, "normal") == ("end_favour",)
    hoping = nothing_sells_yet()
    assert not vetoed(hoping, 0, ("reroll", 6, 6))


def test_the_veto_counts_every_sale_as_the_words_do():
    """The bug: the veto on favour for nothing judged by the best single sale, the hint's words by
    every sale. Seed 62's first favour step (1 1 2 5; the 1-6, 2-5 and 3-4 villages open): turning
    a 1 into a 6 makes the 2-5 and 1-6 sales both, and a 1 rolled again may (1 in 6), but both were
    vetoed, as no single sale is better than the 2-5's; rerolling the 2 and the 5 that sale needs
    can sell for more too (a 1 6 at the 1-6 and a 2 5 rolled back)."""
    from caravan_tui.games import get_game
    from caravan_tui.games.merchant_lord.ai import vetoed

    state = get_game("merchant_lord").new(2, seed=62)
    seat = state.to_move()
    assert sorted(state._unplaced_values(seat)) == [1, 1, 2, 5]
    assert not vetoed(state, seat, ("adjust", 1, -1))  # (1 into 6: "Turn a 1 into a 6" in the Plays list)
    assert not vetoed(state, seat, ("reroll", 1))
    assert vetoed(state, seat, ("adjust", 5, 1))  # (a 6 and no 5: the 1-6 sale instead of the 2-5's)


def sale_in_hand():
    """Seed 62's round 6 as a player following every hint met it (move 33): dice 1 2 3 5, 12
    favour, M23 in hand; the 2-5 village sells 2 5 and tucks M23's 3, a table card for sure."""
    from caravan_tui.games.merchant_lord.rules import MerchantLordState

    unplaced = [[value, "unplaced"] for value in (1, 3, 2, 5)]
    return MerchantLordState.from_data(
        {
            "players": 2,
            "village_payout": "standard",
            "max_rounds": 100,
            "round": 6,
            "start": 1,
            "position": 1,
            "phase": "favour",
            "turn": 0,
            "coins": [0, 5],
            "favour": [12, 12],
            "supply_coins": 35,
            "supply_favour": 16,
            "dice": [unplaced, [[6, "P1-V16"], [2, "market"], [6, "market"], [1, "P1-V16"]]],
            "villages": [[["M12", "L"]], [], [], [], [], [["M08", "R"]]],
            "sellers": [None, None, None, 1, None, None],
            "known": [["M23"], []],
            "row": ["M20", "M22", "M10"],
            "fp_placed": [],
            "fired": ["M08"],
            "pending": [0, 0, 0],
            "sales": [[1, "P1-V16", []]],
            "ended": None,
            "rng": 7138724120125679478,
            "hands": [["M23"], []],
            "pile": [
                c for c in (f"M{i:02}" for i in range(1, 31)) if c not in ("M12", "M08", "M23", "M20", "M22", "M10")
            ],
        }
    )


@pytest.mark.thorough
def test_a_reroll_expected_to_lose_the_sale_in_hand_is_no_hint(monkeypatch):
    """The bug: "Either is about as good: Reroll 2 5 (1f) … an 8% chance to sell for more": the 2
    and the 5 the sure sale needs rolled away, the sale lost five times in six. The veto asked only
    whether some roll sells for more; the search weighs a reroll's outcomes in one node and backed
    it above keeping (0.572 against 0.538). Now no favour is paid for a reroll expected to sell for
    less than the dice do now, and the words say the risk."""
    from caravan_tui.ai.policies import hint, hint_seed
    from caravan_tui.games.merchant_lord.ai import vetoed

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = sale_in_hand()
    assert state.legal_actions()  # (a position the rules accept)
    assert vetoed(state, 0, ("reroll", 2, 5))
    assert explain(state, 0, [("reroll", 2, 5)]).endswith(
        "a 6% chance to sell for more, an 81% chance to sell for less or nothing (nothing: 39%) "
        "(now: 1 card tucked at {p0:'s} 2-5 village; "
        "turning 2 5 into 3 6 in 2 turns for 4 favour sells for more favour for sure: 5 (now 0), and 4 coins)"
    )
    top = hint("merchant_lord", state.view(0), 0, "normal", hint_seed(0, 33))
    # (the hint turns dice rather than roll them: two turns into 1 3 3 6 keep the tuck and sell for
    # 5 favour and 4 coins more)
    assert top[0].action[0] == "adjust" and all(candidate.action[0] != "reroll" for candidate in top), top
    (kept,) = [candidate for candidate in top if candidate.action == ("end_favour",)]
    assert (
        "at best, rerolling the 2 and the 5: a 6% chance to sell for more, an 81% chance to sell for less"
        in kept.reason
    )
    # a reroll of dice no sale needs may only gain, and stays allowed (seed 1: 1 2 3 5, the 2-5 sale)
    from caravan_tui.games import get_game

    first = get_game("merchant_lord").new(2, seed=1)
    assert not vetoed(first, first.to_move(), ("reroll", 1, 3))
    assert vetoed(first, first.to_move(), ("reroll", 2, 5))


def test_a_turn_s_plan_stops_before_a_roll():
    """ "Turn a 4 into a 3 (2f) — 2 favour for dice 1 3 4 4 6; then roll 1 die again", and the
    next hint: "No more favour: sell" (three times in a match): the roll past the step was the
    search's guess, the next hint's to weigh. The plan says the roll is one way on, which the
    next hint weighs, and what the turned dice sell without it."""
    state = nothing_sells_yet()
    reason = explain(state, 0, [("adjust", 4, -1), ("reroll", 6)])
    assert reason == (
        "2 favour for dice 2 3 6 6; then roll 6 again (1 favour) or not (no village fits these dice yet): "
        "the next hint weighs them"
    ), reason


def test_the_sale_now_names_every_sale_the_odds_count():
    """The bug: "a 50% chance to sell for less (now: 2 coins at your 1-6 village)": the odds
    counted both sales 1 6 2 5 make, the words named one, and rolling the 1 again read as a
    gamble on one sale. Now the sale now names every sale of the best total, in order."""
    state = build(phase="favour", dice={0: [1, 6, 2, 5], 1: [1, 2, 3, 4]}, favour=[3, 2])
    assert explain(state, 0, [("reroll", 1)]).endswith(
        "no chance to sell for more, an 83% chance to sell for less (now: 2 coins at {p0:'s} 1-6 village, "
        "then 2 coins at {p0:'s} 2-5 village; no card in hand to tuck)"
    )


def test_a_sure_turn_says_what_it_brings_and_a_plan_names_each_sale():
    """The bug: dice 4 5 4 3 3 sell twice for 4 coins now (the others' 3-4 villages); turning a 3
    into a 2 sells at our own 3-4 village (3 4 and a 2 stall) and the 2-5 for 4 coins too, and
    the hint said "sells for more for sure", then "then the sale at AI 3's 3-4 village", one of
    the two sales its sums counted. Now the turn says what it brings, and the plan every sale."""
    state = build(
        3,
        phase="favour",
        dice={0: [4, 5, 4, 3, 3], 1: [1, 2, 3, 4], 2: [1, 2, 3, 4]},
        favour=[3, 2, 2],
        villages={"P0-V34": [["M14", "R"]]},
    )
    reason = explain(state, 0, [("end_favour",)])
    assert "sells for more" not in reason.split("the best reroll")[0]
    sure = "turning a 3 into a 2 for 2 favour pays the others less for sure: 4 coins for {p0} and 2 for them (now 4)"
    assert sure in reason
    assert reason.endswith("then 2 coins at {p1:'s} 3-4 village, then 2 coins at {p2:'s} 3-4 village")
    line = [("end_favour",), ("sell", "P1-V34", ()), ("sell", "P2-V34", ()), ("end_selling",)]
    assert explain(state, 0, line).endswith(
        "then the sale at {p1:'s} 3-4 village; then the sale at {p2:'s} 3-4 village"
    )


def test_a_roll_that_tucks_a_better_paying_half_sells_for_more():
    """Seed 1582, round 9: dice 5 3 6 2, the 2-5 village (with a 3 attached) tucking M24's 6
    (1 coin): 4 coins. A 6 rolled into a 2 tucks M12's 2 (2 coins) instead: 5 coins, one card
    tucked all the same. The hint said "rerolling the 6: no chance to sell for more" (a card
    tucked counted alike whatever its half pays)."""
    state = build(
        phase="favour",
        dice={0: [5, 3, 6, 2], 1: [1, 2, 3, 4]},
        hands={0: ["M12", "M24"]},
        favour=[1, 2],
        villages={"P0-V25": [["M19", "L"]]},
    )
    assert explain(state, 0, [("reroll", 6)]) == (
        "1 favour to roll 1 die again, keeping 2 3 5: no chance to tuck more cards, a 17% chance to sell for more, "
        "a 33% chance to sell for less (now: 1 card tucked at {p0:'s} 2-5 village)"
    )


def test_a_roll_that_only_pays_the_others_less_says_so():
    """Seed 1582, round 4: 1 6 1 6 sells at your 1-6 village and the other's, 4 coins. Rolling a
    1 and a 6 again, a 3 4 or a 2 5 sells at your own villages instead: the same 4 coins, none to
    the other. The hint said "a 6% chance to sell for more" of it."""
    state = build(phase="favour", dice={0: [6, 1, 6, 1], 1: [1, 2, 3, 4]}, favour=[1, 2])
    said = explain(state, 0, [("end_favour",)])
    assert (
        "(at best, rerolling the 1 and the 6: no chance to sell for more, an 11% chance to pay the others less" in said
    )


def test_a_tuck_two_turns_of_a_die_make_sure_is_named():
    """Seed 1582 (replayed), round 8: the hint led with "Reroll 4 4 (1f) … a 19% chance to tuck a
    card" where two turns of a 4 (4 of its 10 favour) made the tuck sure, and named them nowhere.
    No one turn tucks here; two turns of a 5 (5 → 6 → 1) do, by the rules' own sales."""
    state = build(phase="favour", dice={0: [5, 4, 6, 5], 1: [1, 2, 3, 4]}, hands={0: ["M03", "M20"]}, favour=[10, 2])

    def tucks(after) -> bool:
        return any(action[0] == "sell" and action[2] for action in after.legal_actions())

    def turned(*actions):
        after = state.clone()
        for action in actions:
            after.apply(action, False)
        return after

    singles = [action for action in state.legal_actions() if action[0] == "adjust"]
    assert singles and not any(tucks(turned(action, ("end_favour",))) for action in singles)
    assert tucks(turned(("adjust", 5, 1), ("adjust", 6, 1), ("end_favour",)))
    assert "turning a 5 into a 1 in 2 turns for 4 favour tucks 1 card for sure" in explain(state, 0, [("end_favour",)])


def test_a_rerolls_now_names_the_one_time_reward_the_sale_fires():
    """Round 8, dice 1 3 3 4 5 with M11 (3◆ Free Placement) in hand: "a 33% chance to tuck more
    cards (now: 1 card tucked at your 3-4 village; …)" left out the Free Placement that made the
    sale two table cards, beside a turn of a die "for 2 favour" that read as the only way to two."""
    from merchant_lord_seed2062 import MOVES, OPTIONS, SEED

    from caravan_tui.games import get_game

    state = get_game("merchant_lord").new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:49]:
        state.apply(action, False)
    assert state.to_move() == 0 and sorted(value for value, _ in state.view(0)["dice"][0]) == [1, 3, 3, 4, 5]
    said = explain(state, 0, [("reroll", 5)])
    assert "(now: 1 card tucked at {p0:'s} 3-4 village and a Free Placement; " in said, said


def test_the_sale_a_reroll_is_weighed_against_is_the_one_its_odds_count():
    """A hint read "now: 3 coins at AI 2's 3-4 village", the most coins, beside "sells for
    more coins for sure: 4 coins (now 2)" of the same dice, which counted the player's own 3-4
    village (2 coins and 5 favour): two different sales now. Here both villages pay 2 coins; the
    odds count the player's own (it pays no one else), and so does every "now"."""
    import random

    from caravan_tui.games import get_game

    game = get_game("merchant_lord")
    state, rng = game.new(2, seed=1, options=game.quick_options), random.Random(1)
    for _ in range(2):
        state.apply(rng.choice(state.legal_actions()), False)
    seat = state.to_move()
    said = [explain(state, seat, (action,)) for action in state.legal_actions() if action[0] == "reroll"]
    assert said and all("(now: 2 coins at {p1:'s} 3-4 village;" in words for words in said), said
    turned = explain(state, seat, (("adjust", 6, 1),))
    assert turned.endswith("then 2 coins at {p1:'s} 3-4 village"), turned


def test_of_sales_about_as_good_the_hint_suggests_the_one_that_pays_the_others_least():
    """``merchant_lord_seed2462``, round 10: "Either is about as good: Sell AI 2's 2-5: 3¢ … pays
    AI 2 3 coins" over the person's own 2-5 for the same 3 coins (the search 0.669 against 0.666,
    within its noise); AI 2 bought the card that won it the match with those coins."""
    from merchant_lord_seed2462 import MOVES, OPTIONS, SEED

    from caravan_tui.ai.explain import Candidate, safer_first
    from caravan_tui.games import get_game

    game = get_game("merchant_lord")
    state = game.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    theirs, mine = ("sell", "P1-V25", ()), ("sell", "P0-V25", ())
    assert state.to_move() == 0 and {theirs, mine} <= set(state.legal_actions())
    assert (game.ai.exposed(state, 0, (theirs,)), game.ai.exposed(state, 0, (mine,))) == (3.0, 0.0)
    found = [Candidate(theirs, 0.4, 0.669, (theirs,), error=0.004), Candidate(mine, 0.36, 0.666, (mine,), error=0.005)]
    assert [candidate.action for candidate in safer_first(game.id, state.view(0), 0, found)] == [mine, theirs]


def test_a_sale_now_names_no_one_time_reward_it_would_lose():
    """A hint read "turning a 2 into a 3 for 2 favour sells for sure: 1 card tucked at your 3-4
    village and a Free Placement", where the tuck emptied the hand and the plays list said "+FP
    lost"."""
    import random

    from caravan_tui.games import get_game
    from caravan_tui.games.merchant_lord.explain import _sales_now
    from caravan_tui.games.merchant_lord.rolls import best_sales

    game = get_game("merchant_lord")
    state, rng = game.new(2, seed=1, options=game.quick_options), random.Random(1)
    for _ in range(21):
        state.apply(rng.choice(state.legal_actions()), False)
    seat, dice = state.to_move(), state._unplaced(state.to_move())
    ((v, tucks),) = best_sales(state, seat, dice)
    ((reward, lost),) = state.sale_rewards(seat, v, tucks)
    assert reward == "FP" and lost is not None  # (no card left to place)
    assert _sales_now(state, seat, dice) == "1 card tucked at {p0:'s} 2-5 village"


def test_the_best_reroll_named_is_best_as_the_words_count_it():
    """Seed 1362, round 5: 2 4 5 6 and M18 in hand, the 2-5 village tucking it. The hint said "at
    best, rerolling the 4 and the 6: no chance to sell for more, a 39% chance to sell for less":
    that reroll was picked for rolls that only changed the card a sale tucked. The reroll named
    is the likeliest to tuck more, sell for more or pay the others less; where none may, that is
    said."""
    from tables import recorded

    state, _ = recorded("merchant_lord", "merchant_lord_two_turns_1362", 25)
    assert state._unplaced(0) == pack([2, 4, 5, 6]) and state.favour[0] == 2
    said = explain(state, 0, [("end_favour",)])
    # (and the rolls that only change the card's half said as such, after the sale's odds)
    assert (
        "at best, rerolling the 4 and the 5: a 3% chance to sell for more, an 11% chance to tuck a card by a half "
        "with a better reward, a 61% chance to sell for less" in said
    ), said
    assert "no chance to sell for more" not in said
    nothing = build(phase="favour", dice={0: [1, 1, 2, 5], 1: [1, 2, 3, 4]}, hands={0: ["M03"]}, favour=[1, 2])
    assert "(no reroll may tuck more cards or sell for more)" in explain(nothing, 0, [("end_favour",)])


def test_a_reroll_that_may_tuck_the_card_by_its_better_half_says_so():
    """Seed 11, round 4 (three players): dice 2 3 3 5, M19 in hand tucked at the 2-5 village. The
    hint "Reroll 3 (1f): … no chance to tuck more cards, no chance to sell for more" stood among
    the best, the search liking its 1 in 6 of tucking the card by the half whose reward is worth
    more: its words say that chance now."""
    state = build(phase="favour", dice={0: [2, 3, 3, 5], 1: [1, 2, 3, 4]}, hands={0: ["M19"]}, favour=[4, 2])
    said = explain(state, 0, [("reroll", 3)])
    assert "chance to tuck a card by a half with a better reward" in said, said


def test_favour_left_too_little_for_a_turn_is_said_as_a_reroll():
    """Seed 1462, round 6: dice 1 3 2 3, 2 favour, M23 in hand: "Reroll 1 3 (1f) … 1 favour left
    for more turns and rerolls after it", where a turn costs 2 and one reroll was all it paid."""
    state = build(phase="favour", dice={0: [1, 3, 2, 3], 1: [1, 2, 3, 4]}, hands={0: ["M23"]}, favour=[2, 2])
    said = explain(state, 0, [("reroll", 1, 3)])
    assert "; 1 favour left for one more reroll after it: with them, " in said, said


def test_a_roll_that_loses_the_sale_altogether_says_it_sells_nothing():
    """Seed 1462, round 12: dice 1 2 3 4, 1 favour, "Reroll 2 (1f) … a 67% chance to sell for
    less (now: 3 coins at AI 2's 3-4 village)": a 1, 3, 4 or 6 sells nowhere, and a newcomer who
    rolled a 6 threw the sure 3 coins away for nothing."""
    from tables import recorded

    state, log = recorded("merchant_lord", "merchant_lord_likelier_tuck_1462", 67)
    assert state._unplaced(0) == pack([1, 2, 3, 4]) and log[67] == ("reroll", 2)
    said = explain(state, 0, [("reroll", 2)])
    assert "a 17% chance to sell for more, a 67% chance to sell nothing (now: 3 coins at" in said, said


def test_ending_the_sales_is_never_the_sale_that_pays_the_others_least():
    """Three players, round 1: AI 2 turned a 6 into a 1 for 2 favour, its line "2 favour for dice
    1 1 6 6; then 2 coins at Root's 1-6 village, then 2 coins at AI 2's 1-6 village", then stopped
    selling: the end of the sales (0.324) within a hair of the sales (0.339) paid no one, so it was
    put first as the sale that pays the others least. Selling nothing is no such sale."""
    from caravan_tui.ai.explain import Candidate, safer_first
    from caravan_tui.games import get_game

    game = get_game("merchant_lord")
    state = game.new(3, seed=1615744195, options={"village_payout": "standard", "start_player": "random"})
    state.apply(("adjust", 6, 1), False)
    own, root, end = ("sell", "P1-V16", ()), ("sell", "P0-V16", ()), ("end_selling",)
    assert state.to_move() == 1 and {own, root, end} <= set(state.legal_actions())
    assert game.ai.exposed(state, 1, (own, root)) == 2.0
    assert game.ai.exposed(state, 1, (end,)) > game.ai.exposed(state, 1, (root, own))
    found = [Candidate(own, 0.28, 0.339, (own, root), error=0.001), Candidate(end, 0.21, 0.324, (end,), error=0.0)]
    assert [candidate.action for candidate in safer_first(game.id, state.view(1), 1, found)] == [own, end]


def test_ending_the_favour_step_where_no_sale_fits_says_so():
    """With dice 2 4 6 6 the plays list read "No more favour: no sale" and the hint's line "Spend
    no more favour: go on to selling" (the review's too), while the rules played the dice to the
    market. Where a sale fits, the words still go on to it."""
    from caravan_tui.games.merchant_lord.describe import describe

    state = nothing_sells_yet()
    assert describe(state, ("end_favour",)) == "Spend no more favour: no sale fits the dice"
    sells = build(phase="favour", dice={0: [1, 2, 5, 6], 1: [1, 2, 3, 4]}, hands={0: ["M13"]}, favour=[3, 2])
    assert describe(sells, ("end_favour",)) == "Spend no more favour: go on to selling"
