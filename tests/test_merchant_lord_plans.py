"""Seed 192: a hint's plan read "Turn a 2 into a 3 (2f): 2 favour for dice 1 2 3 4; then turn a 2
into a 3 (2 favour), dice 1 3 3 4; then the sale at your 3-4 village". The second turn changed only
the die the sale leaves to the market (for the same favour either way), and the very next hint
said to sell at once. A plan names only the turns its sale needs."""

from __future__ import annotations

from test_merchant_lord_screen import GAME, simple

from caravan_tui.engine import render
from caravan_tui.games.merchant_lord.explain import explain
from caravan_tui.games.merchant_lord.rules import FAVOUR

END = ("end_favour",)


def lines_of_two_turns(state):
    """Each line of seat 0's: two turns of a die, the favour step ended, then a sale."""
    for first in (a for a in state.legal_actions() if a[0] == "adjust"):
        one = state.clone()
        one.apply(first, log=False)
        for second in (a for a in one.legal_actions() if a[0] == "adjust"):
            two = one.clone()
            two.apply(second, log=False)
            if END not in two.legal_actions():
                continue
            two.apply(END, log=False)
            for sale in (a for a in two.legal_actions() if a[0] == "sell") if two.turn == 0 else ():
                yield first, second, sale


def sells_without(state, first, sale) -> bool:
    world = state.clone()
    for action in (first, END):
        world.apply(action, log=False)
    return sale in world.legal_actions()


def test_a_plan_names_only_the_turns_its_sale_needs():
    seen = set()
    for seed in range(30):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        while state.turn is not None and len(seen) < 2:
            if state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 4:
                for first, second, sale in lines_of_two_turns(state):
                    needed = not sells_without(state, first, sale)
                    if needed in seen:
                        continue
                    said = render(explain(state, 0, [first, second, END, sale]), ["Ann", "Bob"], 0)
                    assert ("then turn a" in said) == needed, said
                    assert said.endswith("village") or "tucking" in said, said
                    seen.add(needed)
            state.apply(simple(state), log=False)
    assert seen == {True, False}


def test_a_plan_leaves_out_a_turn_the_sale_can_do_without_by_another_half():
    """Seed 5062, round 9: "Turn a 1 into a 2 (2f) … then turn a 4 into a 3 (2 favour), dice 1 2
    3 5 6; then the sale at your 2-5 village tucking 2 cards": after the first turn M20's left half,
    a 4, tucked it as well as its right half would, and the second turn cost 2 favour for nothing."""
    from merchant_lord_seed5062 import MOVES, OPTIONS, ROUND_9, SEED

    from caravan_tui.games import get_game
    from caravan_tui.games.merchant_lord.explain import explain

    state = get_game("merchant_lord").new(2, seed=SEED, options=OPTIONS)
    for action in MOVES[:ROUND_9]:
        state.apply(action, False)
    line = [("adjust", 1, 1), ("adjust", 4, -1), ("end_favour",), ("sell", "P0-V25", (("M07", "L"), ("M20", "R")))]
    said = explain(state, 0, line)
    assert "then the sale at {p0:'s} 2-5 village tucking 2 cards" in said and "turn a 4" not in said, said


def test_keeping_favour_in_a_line_whose_sale_ends_the_match_keeps_it_as_a_tie_break():
    """Seed 5062, round 11: "No more favour: sell — keeps your 11 favour for later rounds, if
    this one is not the last … then the sale at your 3-4 village tucking 1 card (9 table cards end
    the match with the round)": the line's own sale makes this round the last."""
    from merchant_lord_seed5062 import MOVES, OPTIONS, SEED

    from caravan_tui.games import get_game
    from caravan_tui.games.merchant_lord.explain import explain

    state = get_game("merchant_lord").new(2, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action, False)
    assert state.table[0] == 8
    said = explain(state, 0, [("end_favour",), ("sell", "P0-V34", (("M15", "L"),))])
    assert "favour as a last tie-break" in said and "later rounds" not in said, said


def test_a_turn_the_search_follows_with_a_roll_says_the_roll_or_a_sale_is_next():
    """A hint "Turn a 5 into a 6 (2f): 2 favour for dice 2 3 6 5; then 4 coins at AI 2's 2-5
    village": the search's line rolled 3 6 next, and the next hint did, leaving the sale named
    without "A new line". The words say the roll or a sale follows, which the next hint weighs."""
    seen = set()
    for seed in range(30):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        while state.turn is not None:
            if state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 3:
                turn = next((a for a in state.legal_actions() if a[0] == "adjust"), None)
                if turn is not None:
                    after = state.clone()
                    after.apply(turn, log=False)
                    roll = next(a for a in after.legal_actions() if a[0] == "reroll")
                    said = render(explain(state, 0, [turn, roll]), ["Ann", "Bob"], 0)
                    rolled = " ".join(str(v) for v in roll[1:])
                    assert f"; then roll {rolled} again (1 favour) or " in said, said
                    assert said.endswith("): the next hint weighs them"), said
                    seen.add(" or sell now (" in said)
                    if seen == {True, False}:
                        return
            state.apply(simple(state), log=False)
    raise AssertionError(f"30 seeds gave turns that sell now {seen} only")
