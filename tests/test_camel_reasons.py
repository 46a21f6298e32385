"""Every Camel Caravan hint reason describes the move it is given for, a kind of move at a time.
The bug: a camel placed where it could steal another's good read "a camel 2 steps from the
nearest loose good", as if it went for a loose good."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from caravan_tui.engine import render
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.board import CITY_OF_GOOD, DIST, GOOD_INDEX, GOODS
from caravan_tui.games.camel_caravan.explain import explain
from caravan_tui.games.camel_caravan.rules import CamelCaravanState

OPTIONS = {"short_game": True, "sixth_camel": False}
NAMES = ["Ann", "Bob"]


def steal_there(state: CamelCaravanState, cell: int) -> bool:
    """Whether the mover, holding a theft marker, could steal a good on top of another's camel on ``cell``."""
    seat = state.turn
    return bool(state.thefts[seat]) and any(
        victim != seat and at == cell and not under
        for victim in range(state.n)
        for at, _good, under in state.loads[victim]
    )


def camel_to(action) -> int | None:
    return action[-1] if action[0] in ("place", "move_camel") else None


#: a kind of move: which moves are of it, and what the reason for one must say
KINDS: dict[str, tuple[Callable, Callable]] = {
    "a camel onto a loose good": (
        lambda s, a: camel_to(a) is not None and s.loose[camel_to(a)] >= 0,
        lambda s, a: f"onto the {GOODS[s.loose[camel_to(a)]]}",
    ),
    "a camel where it can steal": (  # (with an action left for the theft: the line steals)
        lambda s, a: (
            camel_to(a) is not None and s.loose[camel_to(a)] < 0 and steal_there(s, camel_to(a)) and s.left >= 3
        ),
        lambda s, a: "where it can steal Bob's" if s.turn == 0 else "where it can steal Ann's",
    ),
    "a pick-up": (lambda s, a: a[0] == "pickup", lambda s, a: f"loads {GOODS[s.loose[a[1]]]}"),
    "a theft": (lambda s, a: a[0] == "steal", lambda s, a: f"takes {a[3]} (worth"),
    "a delivery": (
        lambda s, a: a[0] == "move_good" and CITY_OF_GOOD[GOOD_INDEX[a[3]]] == a[2],
        lambda s, a: f"delivers {a[3]}",
    ),
    "a good moved on": (
        lambda s, a: a[0] == "move_good" and CITY_OF_GOOD[GOOD_INDEX[a[3]]] != a[2],
        lambda s, a: (
            f"brings {a[3]}"
            if DIST[a[2]][CITY_OF_GOOD[GOOD_INDEX[a[3]]]] < DIST[a[1]][CITY_OF_GOOD[GOOD_INDEX[a[3]]]]
            else f"moves {a[3]}"
        ),
    ),
    "the end of a turn": (lambda s, a: a[0] == "end_turn", lambda s, a: "passes" if s.left else "ends the turn"),
}


def found(kind: str) -> tuple[CamelCaravanState, tuple]:
    """A position of random play (seeded) with a move of ``kind``, and the move."""
    game = get_game("camel_caravan")
    test = KINDS[kind][0]
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new(2, seed=seed, options=OPTIONS)
        for _ in range(400):
            if state.turn is None:
                break
            legal = state.legal_actions()
            for action in legal:
                if test(state, action):
                    return state, action
            state.apply(rng.choice(legal), False)
    raise AssertionError(f"no position with {kind}")


def theft_after(state: CamelCaravanState, action) -> tuple:
    """The theft the camel sent by ``action`` can make where it arrives."""
    after = state.clone()
    after.apply(action, False)
    return next(a for a in after.legal_actions() if a[0] == "steal" and a[1] == camel_to(action))


@pytest.mark.thorough
@pytest.mark.parametrize("kind", KINDS)
def test_a_reason_says_what_its_move_does(kind):
    state, action = found(kind)
    line = (action, theft_after(state, action)) if kind == "a camel where it can steal" else (action,)
    reason = render(explain(state.clone(), state.turn, line), NAMES, None)
    said = KINDS[kind][1](state, action)
    first = reason.split("; ")[0]  # (what the move itself does; the rest of the turn follows)
    assert said in first, (action, reason)
    if kind != "a camel where it can steal":
        assert "where it can steal" not in first, (action, reason)
    else:
        assert "loose good" not in reason, (action, reason)


def exposed_to_a_thief() -> CamelCaravanState:
    """A position of random play (seeded): Ann's last action of a whole turn, a good of hers on
    top of a camel, and Bob holding a theft marker and camels in supply, none on that space."""
    game = get_game("camel_caravan")
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new(2, seed=seed, options=OPTIONS)
        for _ in range(300):
            if state.turn is None:
                break
            if (
                state.turn == 0
                and state.left == 1
                and state.turns >= 6
                and state.thefts[1]
                and state.supply[1]
                and any(not under and at not in state.empties[1] for at, _good, under in state.loads[0])
            ):
                return state
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such position")


def test_a_reason_names_a_good_the_next_player_can_steal():
    """The bug: the hint rated "Probably best" a pick-up that ended the turn with Ann's meat on
    top of a camel, while Bob held a theft marker and spare camels, and Bob stole it at once; the
    reason said nothing of it (a risk was said only where a thief's empty camel already stood
    on the good's space). Any camel reaches any space: 2 actions, then the theft, 3 in all (the
    words said "(2 actions)", and a newcomer counted the theft as that)."""
    state = exposed_to_a_thief()
    (good,) = {GOODS[good] for at, good, under in state.loads[0] if not under and at not in state.empties[1]}
    reason = render(explain(state.clone(), 0, [("end_turn",)]), NAMES, None)
    said = f"risk: Bob can steal the {good} next turn, with a theft marker and a camel sent there first (3 actions)"
    assert said in reason
    state.thefts[1] = 0  # (his marker used: nothing to fear)
    assert "risk" not in render(explain(state.clone(), 0, [("end_turn",)]), NAMES, None)


def test_a_camel_sent_beside_a_good_it_does_not_steal_promises_no_theft():
    """The bug: a hint sent a camel (2 actions) "where it can steal AI 2's swords", for the chain
    it made for a meat; the next hint, the theft judged worse (a fourth good carried), did not
    steal, and the first reason had been an empty promise. A line that does not steal there
    gives the camel's other reason, or says it only threatens the good."""
    state, action = found("a camel where it can steal")
    theft = theft_after(state, action)
    stealing = render(explain(state.clone(), state.turn, (action, theft)), NAMES, None)
    assert "where it can steal" in stealing and f"then takes {theft[3]}" in stealing
    alone = render(explain(state.clone(), state.turn, (action, ("end_turn",))), NAMES, None)
    assert "can steal" not in alone.split("; ")[0] and "threatens to steal" in alone, alone


def test_a_pick_up_that_costs_points_while_its_goods_ride_says_so():
    """A newcomer's second good loaded dropped their score from 10 to 8 on the spot (rules §5:
    goods on or under your camels cost points), and the hint's "loads paper (worth 6, 2 steps
    from its city)" had said nothing of it."""
    game = get_game("camel_caravan")
    said = {}
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new(2, seed=seed, options=OPTIONS)
        for _ in range(400):
            if state.turn is None or len(said) == 2:
                break
            carried = len(state.loads[state.turn])
            pickups = [a for a in state.legal_actions() if a[0] == "pickup"]
            if pickups and carried in (0, 2) and carried not in said:
                said[carried] = render(explain(state.clone(), state.turn, (pickups[0],)), NAMES, None)
            state.apply(rng.choice(state.legal_actions()), False)
    assert "carried" not in said[0].split("; ")[0], said[0]  # (one good carried costs nothing)
    assert "3 carried: −2 more while they ride" in said[2], said[2]


def test_a_camel_is_said_to_carry_on_only_a_chain_it_joins():
    """Seed 204: "Place a camel on (0,5) — a camel 4 steps from the city of your swords", a camel
    beside the meat on (0,6), seven columns from the swords on (0,0): a good moves only along
    connected camels (§3)."""
    from test_camel_caravan import cell

    from caravan_tui.games.camel_caravan.board import GOOD_INDEX

    state = get_game("camel_caravan").new(2, seed=1, options=OPTIONS)
    state.loads[0] = [(cell(0, 0), GOOD_INDEX["swords"], 0), (cell(0, 6), GOOD_INDEX["meat"], 0)]
    state.supply[0] -= 2
    place = next(a for a in state.legal_actions() if a[0] == "place" and a[-1] == cell(0, 5))
    reason = render(explain(state.clone(), 0, (place,)), NAMES, 0)
    assert reason.startswith("a camel 6 steps from the city of your meat"), reason


def test_a_good_moved_away_from_its_city_is_said_to_go_away():
    """Found playing by hand: "brings meat 5 steps from its city" of a move from 3 steps away to 5,
    read as progress towards the city."""
    from caravan_tui.games.camel_caravan.explain import _effect

    state = get_game("camel_caravan").new(2, seed=1)
    city = CITY_OF_GOOD[GOOD_INDEX["meat"]]
    near, far = (next(c for c in range(len(DIST)) if DIST[c][city] == steps) for steps in (3, 5))
    away = _effect(state, 0, ("move_good", near, far, "meat", 0))
    assert away == "moves meat away from its city, to 5 steps (from 3)"
    assert _effect(state, 0, ("move_good", far, near, "meat", 0)) == "brings meat 3 steps from its city (from 5)"


def test_a_risk_to_two_goods_says_how_each_is_reached():
    """ "risk: AI 2 can steal the cloth or the hides next turn, with a theft marker and a camel
    sent there first (3 actions)", where AI 2's empty camel already stood on the hides' space (1
    action): one way said for two goods reached two ways."""
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    at, good, _under = next(load for load in state.loads[0] if not load[2] and load[0] not in state.empties[1])
    there = state.empties[1][0]  # (Bob's empty camel's space: a good of Ann's there is 1 action away)
    other = next(g for g in range(len(GOODS)) if g != good)
    state.loads[0] = ((at, good, 0), (there, other, 0))
    said = render(_risk(state, 0), NAMES, None)
    assert f"{GOODS[good]} (a camel sent there first: 3 actions)" in said, said
    assert f"{GOODS[other]} (an empty camel already there: 1 action)" in said, said


def test_a_risk_to_more_goods_than_it_names_says_how_many_more():
    """ "risk: AI 2 can steal the paper or the swords next turn" while the meat beside them lay
    as open to the thief: the two named read as all of them. It said how many more, and "the
    paper or the hides, or 1 more good" left out the meat the line above had just loaded: it
    names three, and says how many more."""
    from caravan_tui.games.camel_caravan.board import SPACES
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    at, good, _under = next(load for load in state.loads[0] if not load[2] and load[0] not in state.empties[1])
    others = [cell for cell in SPACES if cell != at and cell not in state.empties[1]][:3]
    kinds = [g for g in range(len(GOODS)) if g != good][:3]
    state.loads[0] = tuple(sorted(((at, good, 0), *((cell, g, 0) for cell, g in zip(others, kinds)))))
    said = render(_risk(state, 0), NAMES, None)
    assert ", or 1 more good next turn" in said and said.count(", the ") == 1 and " or the " in said, said
    state.loads[0] = state.loads[0][:3]
    said = render(_risk(state, 0), NAMES, None)
    assert "more good" not in said and all(GOODS[g] in said for _, g, _ in state.loads[0]), said


def test_a_risk_to_one_of_two_goods_alike_says_which():
    """Seed 1547: "risk: AI 2 can steal the swords or the meat next turn" with two meats on top,
    read two ways. Where two of a good ride on top, the risk names the space of the one meant."""
    from caravan_tui.games.camel_caravan.board import CELL_NAMES, SPACES
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    at, good, _under = next(load for load in state.loads[0] if not load[2] and load[0] not in state.empties[1])
    there = next(cell for cell in SPACES if cell != at and cell not in state.empties[1])
    state.loads[0] = tuple(sorted(((at, good, 0), (there, good, 0))))
    said = render(_risk(state, 0), NAMES, None)
    assert f"the {GOODS[good]} on {CELL_NAMES[at]}" in said or f"the {GOODS[good]} on {CELL_NAMES[there]}" in said
    assert f"the {GOODS[good]} next" not in said, said


def test_a_risk_naming_where_one_good_is_names_where_each_is():
    """Seed 2087: "risk: AI 2 can steal the salt or the swords on space 7 (6,0)", the salt on space
    2, read as both on space 7: where one good named has its space, each has."""
    from caravan_tui.games.camel_caravan.board import CELL_NAMES, SPACES
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    at, good, _under = next(load for load in state.loads[0] if not load[2] and load[0] not in state.empties[1])
    there, third = [cell for cell in SPACES if cell != at and cell not in state.empties[1]][:2]
    other = next(g for g in range(len(GOODS)) if g != good)
    state.loads[0] = tuple(sorted(((at, good, 0), (there, other, 0), (third, other, 0))))
    said = render(_risk(state, 0), NAMES, None)
    assert f"the {GOODS[good]} on {CELL_NAMES[at]}, the {GOODS[other]} on " in said, said


def test_a_thiefs_loaded_camel_on_the_goods_space_is_two_actions_away():
    """Seed 1334: the hint moved the ivory onto a space where AI 2's camel stood with swords, its
    risk line "a camel sent there first (3 actions)"; AI 2 delivered the swords from that camel
    and stole the ivory with one action more. A thief's loaded camel there, its good free to
    move on to an empty camel of theirs beside it, reaches the good in 2."""
    from caravan_tui.games.camel_caravan.board import NEIGHBOURS
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    at, good, _under = next(load for load in state.loads[0] if not load[2] and load[0] not in state.empties[1])
    beside = next(cell for cell in NEIGHBOURS[at] if cell not in state.empties[0])
    state.loads[1] = ((at, GOOD_INDEX["swords"], 0),)
    state.empties[1] = (beside,)
    said = render(_risk(state, 0), NAMES, None)
    assert said == (
        f"risk: Bob can steal the {GOODS[good]} next turn, with a theft marker and a camel of theirs already "
        "there, once its good moves on (2 actions)"
    ), said
    state.empties[1] = ()  # (nowhere for its good to go: a camel sent there, as before)
    assert "a camel sent there first (3 actions)" in render(_risk(state, 0), NAMES, None)


def test_every_thief_before_our_next_turn_is_named():
    """Three players, seed 1344: the hint's risk named AI 2, the next player; AI 3, who plays
    before our next turn too, stole the paper."""
    from caravan_tui.games.camel_caravan.explain import _risk

    state = exposed_to_a_thief()
    three = get_game("camel_caravan").new(3, seed=1, options=OPTIONS)
    three.loads[0] = tuple(load for load in state.loads[0] if not load[2])[:1]
    three.thefts[1] = three.thefts[2] = 1
    three.turn, three.left, three.turns = 0, 1, 9  # (a later round: every seat has four actions)
    said = render(_risk(three, 0), ["Ann", "Bob", "Cyd"], None)
    assert said.startswith("risk: Bob can steal the ") and said.endswith("; Cyd too"), said


def test_of_moves_about_as_good_the_hint_suggests_the_one_that_leaves_least_to_steal():
    """Seed 1647: among moves its search could not tell apart, the hint moved the paper out from
    under a camel, where it could not be stolen, onto one a thief reached; AI 2 stole it back at
    once, the third time in the match. Of moves about as good (``NEARLY``), the one that leaves
    least on top for a thief comes first; a move better by more keeps its place."""
    from test_camel_caravan import position

    from caravan_tui.ai.explain import NEARLY, Candidate, safer_first
    from caravan_tui.games.camel_caravan.explain import exposed

    state = position(empty=[[18], [48]], loaded=[[(11, "paper", True)], []])  # (the paper under our camel)
    uncover = next(action for action in state.legal_actions() if action[0] == "move_good")
    place = next(action for action in state.legal_actions() if action[0] == "place")
    assert exposed(state, 0, (uncover,)) == 6 and exposed(state, 0, (place,)) == 0
    view = state.view(0)
    found = [Candidate(uncover, 0.5, 0.55, (uncover,)), Candidate(place, 0.3, 0.55 - NEARLY / 2, (place,))]
    assert [c.action for c in safer_first("camel_caravan", view, 0, found)] == [place, uncover]
    better = [found[0], found[1]._replace(value=0.55 - 2 * NEARLY)]
    assert safer_first("camel_caravan", view, 0, better) == better
    # below by more than NEARLY but within the search's noise (the panel's "Or"): about as good
    noisy = [found[0]._replace(error=0.02), found[1]._replace(value=0.55 - 2 * NEARLY, error=0.02)]
    assert [c.action for c in safer_first("camel_caravan", view, 0, noisy)] == [place, uncover]


def test_a_move_about_as_good_beyond_those_listed_comes_first_where_it_leaves_less_to_steal():
    """Seed 155: the three moves the hint listed all left a 6-point good on top within a thief's
    reach, while the search valued a move beyond them about as good that left none. With what the
    search weighed, its other moves count as well (``explain.unlisted``: weighed ``LINE_VISITS``
    times or more), the one put first given its reason."""
    from test_camel_caravan import position

    from caravan_tui.ai.explain import LINE_VISITS, NEARLY, Candidate, Weighed, safer_first

    state = position(empty=[[18], [48]], loaded=[[(11, "paper", True)], []])  # (the paper under our camel)
    uncover = next(action for action in state.legal_actions() if action[0] == "move_good")
    place = next(action for action in state.legal_actions() if action[0] == "place")
    view = state.view(0)
    found = [Candidate(uncover, 0.5, 0.55, (uncover,))]
    value = 0.55 - NEARLY / 2
    weighed = Weighed({uncover: (100, 55.0), place: (LINE_VISITS, LINE_VISITS * value)}, {})
    first, second = safer_first("camel_caravan", view, 0, found, weighed)
    assert (first.action, first.line, second) == (place, (place,), found[0])
    assert first.value == value and first.reason == explain(state.clone(), 0, (place,))
    assert safer_first("camel_caravan", view, 0, found) == found  # (the listed moves alone)
    seldom = weighed._replace(stats={**weighed.stats, place: (LINE_VISITS - 1, (LINE_VISITS - 1) * value)})
    assert safer_first("camel_caravan", view, 0, found, seldom) == found  # (too few visits to tell)


@pytest.mark.thorough
def test_the_hint_does_not_load_the_gems_a_thief_takes_next_turn_where_a_move_as_good_does_not():
    """``camel_seed155``, move 67: the hint's three moves all loaded the gems on space 3 (6 points,
    6 steps from Agadez) while AI 2 held its theft marker; the person loaded them and AI 2 stole
    them in its next turn. The search valued a move beyond those three about as good: the camel
    on the gems sent to the swords on space 5, the gems left loose and a 3-point good at most
    within the thief's reach. The hint suggests that one, and says why the others are riskier."""
    from camel_seed155 import ACTIONS, OPTIONS, SEED

    from caravan_tui.ai.policies import hint, hint_seed
    from caravan_tui.games.camel_caravan.explain import exposed

    game = get_game("camel_caravan")
    state = game.new(2, seed=SEED, options=OPTIONS)
    for action in ACTIONS[:67]:
        state.apply(action, False)
    assert (ACTIONS[67], ACTIONS[71]) == (("pickup", 9), ("steal", 9, 0, "gems"))
    first, *others = hint(game.id, state.view(0), 0, "normal", hint_seed(0, 67))
    assert ("pickup", 9) not in first.line and exposed(state, 0, first.line) == 3, first
    assert first.reason.startswith("a camel onto the swords on space 5"), first.reason
    assert all(exposed(state, 0, other.line) == 6 and "can steal the gems" in other.reason for other in others)


def test_of_moves_about_as_good_the_hint_puts_a_play_before_ending_the_turn_unused():
    """Seed 1887: "Either is about as good: End the turn (4 actions unused)" at eleven turns in a
    row of a match the search rated lost whatever was played; the person passed each time while
    AI 2 scored 22 points. Where another move is about as good, it comes first; ending the turn
    keeps its place where it is better by more, and in a game with no such move nothing changes."""
    from caravan_tui.ai.explain import NEARLY, Candidate, acting_first

    end, place, pick = ("end_turn",), ("place", 9), ("pickup", 9)
    found = [
        Candidate(end, 0.5, 0.14),
        Candidate(place, 0.3, 0.14 - NEARLY / 4),
        Candidate(pick, 0.2, 0.14 - NEARLY / 2),
    ]
    assert [c.action for c in acting_first("camel_caravan", found)] == [place, end, pick]
    apart = [found[0], *(c._replace(value=0.14 - 2 * NEARLY) for c in found[1:])]
    assert acting_first("camel_caravan", apart) == apart
    assert acting_first("decktet_caravan", found) == found  # (no move that ends a turn playing nothing)
    assert acting_first("camel_caravan", found[1:]) == found[1:]


def test_a_pick_up_later_in_the_line_says_where() -> None:
    """ "a camel onto the salt on space 3; … then loads meat" read as the salt's camel loading
    meat, which lay on space 7 for another camel: a later pick-up is said with its place."""
    from test_camel_win_this_turn import WON

    from caravan_tui.games.camel_caravan.explain import explain
    from caravan_tui.games.camel_caravan.rules import CamelCaravanState

    world = CamelCaravanState.from_data(WON)
    said = explain(world, 0, (("move_camel", 23, 9), ("pickup", 9), ("move_camel", 21, 17)))
    assert "; then loads salt on space 3 (1,2) (worth 3" in said, said
