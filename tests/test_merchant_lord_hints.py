"""Merchant Lord's favour-step hints: a reroll (or a turn) that the search cannot tell apart from
keeping the dice is no advice to spend favour; the hint keeps the dice and says why, and a
reroll clearly better than keeping stays the hint. AI seats keep the dice where the hint does."""

from __future__ import annotations

import pytest

from caravan_tui.ai.explain import NEARLY, Weighed, advised, explained
from caravan_tui.ai.policies import hint, pick, search_policy
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.ai import PLAIN
from caravan_tui.games.merchant_lord.rules import FAVOUR
from caravan_tui.screens.table_panels import explanation
from caravan_tui.seats import SeatSpec

GAME = get_game("merchant_lord")
KEEP = ("end_favour",)


def first_favour_step():
    """Seed 1's first decision: dice 1 2 3 5 and 2 favour; the 2-5 village sells 2 5 for 2
    coins, and normal's searches spread their visits over some twenty rerolls and keeping,
    all within a point of win chance (a reroll of 1 3 was the hint with every seed)."""
    state = GAME.new(2, seed=1)
    seat = state.to_move()
    assert state.phase == FAVOUR and sorted(state._unplaced_values(seat)) == [1, 2, 3, 5] and state.favour[seat] == 2
    return state, seat


@pytest.mark.thorough
@pytest.mark.parametrize("seed", [0, 1])
def test_a_reroll_the_search_cannot_tell_from_keeping_is_not_the_hint(monkeypatch, seed):
    """The bug: "A close call: Reroll 1 3 (1f)", and the next hint in the same position (another
    seed) "Reroll 1 2 5": advice to spend favour that gained nothing the search could measure."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, seat = first_favour_step()
    top = hint("merchant_lord", state.view(seat), seat, "normal", seed)
    assert top[0].action == KEEP, top
    # (a second sale may come of a reroll, and keeping says how likely)
    assert "at best, rerolling the 1: a 17% chance to sell for more" in top[0].reason
    assert all(c.value <= top[0].value + NEARLY for c in top[1:])


def stats_of(reroll: tuple[int, float], keep: tuple[int, float]) -> Weighed:
    """Root statistics with a most visited reroll, keeping, and a turn weighed less."""
    (rv, rmean), (kv, kmean) = reroll, keep
    return Weighed({("reroll", 1, 3): (rv, rv * rmean), KEEP: (kv, kv * kmean), ("adjust", 3, 1): (20, 9.0)}, {})


def test_a_reroll_clearly_better_than_keeping_stays_the_hint():
    state, seat = first_favour_step()
    view = state.view(seat)
    clear = stats_of((95, 0.463), (69, 0.429))  # (seed 1's twelfth decision, dice 1 3 3 6)
    assert advised("merchant_lord", view, seat, clear)[0].action == ("reroll", 1, 3)
    rough = stats_of((150, 0.49), (40, 0.49))  # keeping weighed too little to compare
    assert advised("merchant_lord", view, seat, rough)[0].action == ("reroll", 1, 3)


def test_an_ai_seat_keeps_the_dice_where_the_hint_does():
    """The bug: AI seats made the most visited move, and rerolled in chains (three rerolls for a
    sale of 2 coins), each chosen over keeping the dice by the search's noise."""
    state, seat = first_favour_step()
    view = state.view(seat)
    close = stats_of((66, 0.492), (64, 0.487))
    assert explained("merchant_lord", view, seat, close)[0].action == ("reroll", 1, 3)  # (the most visited)
    assert pick("merchant_lord", view, seat, close.stats, "normal") == KEEP
    assert [c.action for c in advised("merchant_lord", view, seat, close)] == [KEEP, ("reroll", 1, 3), ("adjust", 3, 1)]
    clear = stats_of((95, 0.463), (69, 0.429))
    hoping = with_a_card_to_tuck()  # (where no roll can better the sale, a reroll is vetoed)
    assert pick("merchant_lord", hoping.view(0), 0, clear.stats, "normal") == ("reroll", 1, 3)


def with_a_card_to_tuck():
    """Dice 1 2 3 5 and M17 (a 2 or a 6) in hand: the 2-5 sale leaves 1 3, which tuck nothing;
    rolling 1 3 again may bring a 2 or a 6 to tuck."""
    from test_merchant_lord import build

    return build(phase="favour", dice={0: [1, 2, 3, 5], 1: [1, 2, 3, 4]}, hands={0: ["M17"]}, favour=[2, 2])


@pytest.mark.thorough
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_an_ai_seat_keeps_the_dice_a_reroll_cannot_be_told_from(monkeypatch, level):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, seat = first_favour_step()
    policy = search_policy(SeatSpec.ai(level))
    assert policy.choose("merchant_lord", state.view(seat), seat, 1) == KEEP


def test_the_panel_calls_keeping_a_close_call_and_the_reroll_nearly_as_good():
    state, seat = first_favour_step()
    view = state.view(seat)
    top = advised("merchant_lord", view, seat, stats_of((66, 0.492), (64, 0.487)))
    rows = [(GAME.state_class.describe(state, c.action), c.share, c.value, c.reason) for c in top]
    lines = explanation(rows)
    assert lines[0] == "A close call: Spend no more favour: go on to selling"
    assert lines[1].endswith(PLAIN.why)
    assert lines[2].startswith("Nearly as good: Reroll 1 3 (1 favour)")


def test_near_the_end_keeping_is_suggested_only_if_it_was_looked_at_for_a_loss_at_once():
    """Near the end the hint's moves are looked at for a loss at once, the most visited three
    alone (``policies.vetted``): keeping, if not one of them, is not suggested over them."""
    from test_merchant_lord import build

    eight = {"P1-V16": [["M01", "L"], ["M02", "L"]], "P1-V25": [["M03", "L"], ["M04", "L"], ["M05", "L"]]}
    state = build(phase="favour", dice={0: [1, 1, 3, 6], 1: [1, 2, 3, 4]}, favour=[3, 2], villages=eight)
    seat = state.to_move()  # (8 table cards: this round may be the last, and favour kept has a use after it)
    assert state.table == [3, 8] and GAME.ai.end_near(state) and PLAIN.holds(state)
    view = state.view(seat)
    crowded = Weighed(
        {("reroll", 1, 3): (66, 32.5), ("reroll", 3): (65, 32.0), ("reroll", 1): (65, 31.9), KEEP: (64, 31.2)}, {}
    )
    assert advised("merchant_lord", view, seat, crowded)[0].action == ("reroll", 1, 3)
    looked = Weighed({("reroll", 1, 3): (66, 32.5), KEEP: (64, 31.2), ("reroll", 1): (60, 29.0)}, {})
    assert advised("merchant_lord", view, seat, looked)[0].action == KEEP
    last = build(phase="favour", dice={0: [1, 1, 3, 6], 1: [1, 2, 3, 4]}, favour=[3, 2], villages=eight, round_no=1)
    last.max_rounds = 1  # (the last round allowed: the favour kept only breaks a tie)
    assert advised("merchant_lord", last.view(seat), seat, looked)[0].action == ("reroll", 1, 3)
