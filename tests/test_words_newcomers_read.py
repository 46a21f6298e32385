"""Words a newcomer read and could not act on (play-throughs of Caravanserai and Decktet Caravan):
a Caravanserai hint ranked a placement that kept the caravan at 10 above one that grew it to 17
and said nothing of the reserve that decided it; a question before a placement's forced rest left
out the good its camel's stop gains; the welcome card of a solo match never said how solo ends;
and a Decktet Caravan review booked an opponent's play that showed their cards as "chance went
against you", although nothing in the play was chance: what showed was what the deal had given."""

from __future__ import annotations

import random

from test_caravanserai_kit import table_at

from caravan_tui.ai.review import Draw, Judged, Review, Swing, decisions_of
from caravan_tui.ai.review_text import review_lines, turning_point_lines
from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.explain import placement
from caravan_tui.games.caravanserai.geometry import CELL_ID, COLOUR_NAMES, cell_name
from caravan_tui.games.caravanserai.play_checks import question_before
from caravan_tui.games.caravanserai.rules import BOARD, CAMEL, PLACE, START, CaravanseraiState
from caravan_tui.screens.how_to_play import how_to_play

SERAI = get_game("caravanserai")


def test_a_hint_reason_says_the_camels_and_goods_a_placement_keeps_in_reserve():
    """Each placement's reason ends with the reserve it leaves, as the rules then hold it: the
    camels each later placement needs and the goods it can lay."""
    state = SERAI.new(2, seed=72, options=SERAI.resolve_options({}))
    for action in (("start", 3, 2), ("start", -3, -2)):
        if action in state.legal_actions():
            state.apply(action, False)
    while state.stage == START:
        state.apply(state.legal_actions()[0], False)
    seat = state.to_move()
    assert seat is not None
    said = set()
    for action in state.legal_actions():
        reason = SERAI.ai.explain(state, seat, [action])
        world = state.clone()
        for step in placement(world, seat, [action], SERAI.ai.prior):
            if world.stage not in (PLACE, BOARD):
                break
            world.apply(step, False)
        camels, goods = world.res[seat][CAMEL], sum(world.res[seat][:CAMEL])
        keeps = f"leaves {camels} camel{'s' if camels != 1 else ''} and {goods} goods in reserve"
        assert reason.endswith(keeps), reason
        said.add(keeps)
    assert len(said) > 1  # (placements differ in what they keep, and the reasons say how)


def forced_camel_on_a_caravanserai(players: int) -> tuple[CaravanseraiState, tuple, int]:
    """A position of random play where a step asks first because the rules lay the rest, whose
    final camel stops on a Caravanserai cell of a colour the market holds: the state, the step,
    and the cell."""
    for seed in range(200):
        rng = random.Random(seed)
        state = SERAI.new(players, seed=seed, options=SERAI.resolve_options({}))
        while not state.is_over():
            if state.turn == 0 and state.stage in (PLACE, BOARD):
                for action in state.legal_actions():
                    before = state.forced_camel(action)
                    if action[0] != "camel" and before is not None:
                        colour = before.board.cs[before.target]
                        if colour >= 0 and before.market[colour] and before.target not in before.bgoods:
                            return state, action, before.target
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such position")


def test_the_question_before_a_forced_rest_says_what_its_camel_gains():
    for players in (1, 2):
        state, action, cell = forced_camel_on_a_caravanserai(players)
        asked = question_before(table_at(state), action)
        assert asked is not None
        colour = COLOUR_NAMES[state.board.cs[cell]]
        assert f", on {cell_name(cell)} you gain a {colour} good from the market)" in asked[0], asked[0]


def test_the_welcome_card_says_how_a_solo_match_ends():
    """Rules §8.5: at the start of each turn, no camel in reserve, an empty market or no legal
    placement ends a solo game; the card said only the end between players."""
    card = " ".join(how_to_play(SERAI.rules).split())
    assert "the game ends at the start of a turn when you have no camel in reserve, the market is empty" in card
    assert "or your caravan cannot move" in card


def test_a_decktet_play_that_shows_cards_is_the_deals_luck_not_chance():
    """An opponent's play shows cards of their hidden hand: the luck in it is the deal's (what
    they were dealt), and the review says so; a deal itself stays chance."""
    game = get_game("decktet_caravan")
    rng, state, actions = random.Random(61), game.new(2, seed=61, options={}), []
    while not state.is_over() and len(actions) < 80:
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    draws = decisions_of(game, 2, 61, {}, actions, 0).draws
    plays = [draw for draw in draws if " play" in draw.text]
    deals = [draw for draw in draws if "dealt" in draw.text]
    assert plays and deals
    assert all(draw.shown for draw in plays) and not any(draw.shown for draw in deals)

    judged = (
        Judged(0, ("a",), "a", "", ("a",), "a", "", 0.6, 0.6, 0, 0),
        Judged(8, ("a",), "a", "", ("a",), "a", "", 0.5, 0.5, 0, 8),
    )
    play = Draw(5, "{p1} play{p1:s} Caravan 5-6: the Soldier, the Market.", True)
    done = Review("decktet_caravan", "m", 0, 2, 10, 0.0, judged, (), (play,))
    lines = turning_point_lines(done, Swing("luck", 0, -10.0, None, (play,)), ["Ann", "AI 2"])
    said = (
        "the deal went against you: cards another player was dealt, shown by their play; "
        "the play itself is judged apart"
    )
    assert lines[0].endswith(f"({said})"), lines
    assert "chance went" not in lines[0]
    assert lines[1] == "  Seen: AI 2 plays Caravan 5-6: the Soldier, the Market"
    # (kept beside the save and read back, it is still the deal's)
    assert Review.from_data(done.to_data()).draws == (play,)
    assert any("the deal went against you" in line for line in review_lines(done, ["Ann", "AI 2"], "Decktet Caravan"))
    dealt = Draw(5, "{p0} {p0:is} dealt the Ace of Moons.")
    lines = turning_point_lines(done, Swing("luck", 0, 10.0, None, (dealt,)), ["Ann", "AI 2"])
    assert lines[0].endswith("(chance went your way)"), lines


def test_the_last_camel_in_reserve_is_worth_more_than_the_others():
    """A seat placing on with one camel must bring one back at every placement or stop: the
    position values it a piece less than a flat camel's worth says (hints drained a reserve)."""
    from caravan_tui.games.caravanserai.heuristic import CAMEL as CAMEL_WORTH
    from caravan_tui.games.caravanserai.heuristic import values

    state = SERAI.new(2, seed=72, options=SERAI.resolve_options({}))
    while state.stage == START:
        state.apply(state.legal_actions()[0], False)
    seat = 1 - state.to_move()  # (not placing: its reserve is as it stands)
    worth = {}
    for camels in (1, 2, 3):
        world = state.clone()
        world.res[seat][CAMEL] = camels
        worth[camels] = values(world)[seat]
    assert round(worth[3] - worth[2], 6) == CAMEL_WORTH
    assert worth[2] - worth[1] > CAMEL_WORTH + 0.99


def test_a_placement_that_takes_camels_back_says_where_its_plan_stands_their_goods():
    """Seed 195: the hint's circled numbers went one past the pieces laid, to a cell off the path
    (where the plan stood a market good for the camel taken back), and its words said only "1
    camel back"."""
    rng = random.Random(0)
    state = SERAI.new(2, seed=0, options=SERAI.resolve_options({}))
    while True:
        seat, turns, world, line = state.turn, state.turns, state.clone(), []
        while world.turn == seat and world.turns == turns and world.turn is not None:
            line.append(rng.choice(world.legal_actions()))
            world.apply(line[-1], False)
        stands = [step for step in line if step[0] == "stand"]
        if stands and line[0][0] not in ("start", "stand"):
            break
        state = world
    reason = SERAI.ai.explain(state, seat, line)
    colour, q, r = stands[0][1:]
    assert f"camel back, a {COLOUR_NAMES[colour]} market good stood on {cell_name(CELL_ID[(q, r)])}" in reason


def test_a_reserve_without_camels_says_the_turns_it_skips():
    """Seed 205: following every hint left no camel in reserve ("leaves 1 camel and 5 goods"),
    and nine turns were skipped with nothing said before."""
    from caravan_tui.engine import render
    from caravan_tui.games.caravanserai.explain import reserve_words

    def said(reserve: list[int], viewer: int = 0) -> str:
        return render(reserve_words(reserve, 0), ["Ann", "AI 2"], viewer)

    assert said([2, 1, 0, 2, 0, 1]) == "leaves 1 camel (your last) and 5 goods in reserve"
    assert said([2, 1, 0, 2, 0, 0]) == (
        "leaves no camel and 5 goods in reserve: with no camel there is no placement, and your turns are skipped"
    )
    assert said([2, 1, 0, 2, 0, 3]) == "leaves 3 camels and 5 goods in reserve"
    # (the replay's "What AI 2 weighed", in Ann's view, said "your turns" of AI 2's)
    assert said([2, 1, 0, 2, 0, 0], viewer=1).endswith("and Ann's turns are skipped")
    assert said([2, 1, 0, 2, 0, 1], viewer=1) == "leaves 1 camel (their last) and 5 goods in reserve"
    # solo, a reserve with no camel ends the match (§8.5): "your turns are skipped" stood beside
    # a confirm that said "This ends the match"
    ends = "leaves no camel and 5 goods in reserve: this ends the match"
    assert reserve_words([2, 1, 0, 2, 0, 0], 0, solo=True) == ends


def test_a_hint_never_says_the_rules_lay_your_next_turn_of_another_seats():
    """Seed 205: "then the rules lay your next turn, the only move" of a placement after which
    the other seat's turn had one move; the person's next turn was a free choice."""
    from caravan_tui.games.caravanserai.rules import START

    rng = random.Random(3)
    found = 0
    for seed in range(200):
        state = SERAI.new(2, seed=seed, options=SERAI.resolve_options({}))
        while state.turn is not None and not found:
            seat, turns, world, line = state.turn, state.turns, state.clone(), []
            while world.turn == seat and world.turns == turns and world.turn is not None:
                line.append(rng.choice(world.legal_actions()))
                world.apply(line[-1], False)
            laid = state
            for step in line:  # (as a hint's words see the turn: the next one not yet laid)
                laid = laid.through_turn(step)
            other = laid.turn is not None and laid.turn != seat and laid.stage != START
            placed = all(step[0] not in ("start", "stand") for step in line)
            if placed and other and len(laid.legal_actions()) == 1:
                reason = SERAI.ai.explain(state, seat, line)
                assert "next turn, the only move" not in reason, reason
                found += 1
            state = world
        if found:
            break
    assert found
