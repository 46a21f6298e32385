"""Caravans of Ahldarahd (shared/rules/ahldarahd.md): the invariants of §10 after every action,
the rulebook's worked examples, the trade rules of §5, one test per Ruling of the engine's doc,
and the AI's judgement of offers in constructed positions."""

from __future__ import annotations

import random
import re

import msgpack
import pytest
from random_play import positions

from caravan_tui.ai.ismcts import search
from caravan_tui.ai.matches import play_match
from caravan_tui.ai.review import decisions_of
from caravan_tui.engine import IllegalAction, render
from caravan_tui.games.ahldarahd import GAME
from caravan_tui.games.ahldarahd.ai import considered, prior
from caravan_tui.games.ahldarahd.cards import CARD_INDEX, CARD_NAMES, COLOUR_MASK, cards_of
from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.games.ahldarahd.evaluation import projected
from caravan_tui.games.ahldarahd.explain import explain, gain
from caravan_tui.games.ahldarahd.maps import (
    COLOURS,
    COMMODITIES,
    COMMODITY_AT,
    COST,
    DEGREE,
    ENDS,
    MAJORITY,
    ROUTES,
    SEA,
    SLOT_NAMES,
    SLOTS,
)
from caravan_tui.games.ahldarahd.rules import AhldarahdState
from caravan_tui.games.ahldarahd.terms import ANSWER, BID_OPEN, BUILD, COMPOSE, NIGHT_AVERT, NIGHT_LOSS, SETUP
from caravan_tui.games.ahldarahd.trading import judge
from caravan_tui.seats import SeatSpec

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
OPTION_SETS = [
    {},
    {"night_of_the_outsider": True},
    {"neutral_map": True},
    {"market_drift": False},
    {"night_of_the_outsider": True, "neutral_map": True, "market_drift": False},
]


def packed(data):
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def texts(events, names=("Red", "Blue", "Green", "Yellow", "Purple")):
    return [render(e.text, names) for e in events]


# -- building positions by hand -----------------------------------------------------------------------


def fresh(n=3, seed=0, **options) -> AhldarahdState:
    """A new game with its setup skipped: every player said "done" to the free routes."""
    state = GAME.new(n, seed=seed, options=options)
    while state.phase == SETUP:
        state.apply(("done",))
    return state


def take_card(state, card):
    """Take ``card`` out of wherever it is (deck, face up, discards, a hand)."""
    for pile in (state.deck, state.faceup, state.discards):
        if card in pile:
            pile.remove(card)
            return
    for seat in range(state.n):
        if state.hand[seat] >> card & 1:
            state.hand[seat] &= ~(1 << card)
            state.known[seat] &= ~(1 << card)
            return
    raise AssertionError(f"{CARD_NAMES[card]} is nowhere")


def set_hand(state, seat, names):
    """``seat`` holds exactly ``names``; cards not of the seat's colour are known to all (as they
    would be, having come from the table). Its other cards are discarded, and a card taken from
    the deck is replaced there by a card of the same colour, so the deck stays stacked colour by
    colour."""
    wanted = [CARD_INDEX[name] for name in names]
    spare = [c for c in cards_of(state.hand[seat]) if c not in wanted]
    for card in spare:
        take_card(state, card)
    for card in wanted:
        if state.hand[seat] >> card & 1:
            continue
        if card in state.deck:
            i = state.deck.index(card)
            others = [c for s in range(state.n) if s != seat for c in cards_of(state.hand[s])]
            same = [
                c for c in spare + state.discards + state.faceup + others if c // 10 == card // 10 and c not in wanted
            ]
            assert same, f"no card to put back in the deck for {CARD_NAMES[card]}"
            if same[0] in spare:
                spare.remove(same[0])
            else:
                take_card(state, same[0])
            state.deck[i] = same[0]
        else:
            take_card(state, card)
        state.hand[seat] |= 1 << card
        if card // 10 != seat:
            state.known[seat] |= 1 << card
    state.discards.extend(spare)
    state._legal = None


def swap_cards(state, a, b):
    """Cards ``a`` and ``b`` change places (wherever they are)."""

    def where(card):
        for pile in (state.deck, state.faceup, state.discards):
            if card in pile:
                return pile, pile.index(card)
        return next(s for s in range(state.n) if state.hand[s] >> card & 1), None

    (pa, ia), (pb, ib) = where(a), where(b)
    for (place, i), old, new in (((pa, ia), a, b), ((pb, ib), b, a)):
        if i is None:
            state.hand[place] = state.hand[place] & ~(1 << old) | 1 << new
            if state.known[place] >> old & 1:
                state.known[place] = state.known[place] & ~(1 << old) | 1 << new
        else:
            place[i] = new
    state._legal = None


def set_gold(state, seat, amount):
    state.bank += state.gold[seat] - amount
    state.gold[seat] = amount
    state._legal = None


def put_route(state, seat, colour, r, *, update=True):
    """``seat``'s marker on route ``r`` (1–21) of ``colour``'s map, with no control checks unless
    ``update`` (then control is recomputed for both ends without gold)."""
    i = colour * ROUTES + r - 1
    assert state.owner[i] < 0
    state.owner[i] = seat
    state.markers[seat] -= 1
    if update:
        for slot in ENDS[r - 1]:
            if state.routes_into(colour, slot, seat) >= MAJORITY[slot]:
                state.ctrl[colour * SLOTS + slot] = seat
    state._legal = None


def to_build(state, seat):
    """``seat`` builds now (the build order starts with it)."""
    n = state.n
    state.phase = BUILD
    state.order = tuple((seat + k) % n for k in range(n))
    state.pos = 0
    state.turn = seat
    state.proposals = 3
    state._clear_draft()
    state._legal = None
    return state


def slot(name):
    return SLOT_NAMES.index(name)


def route_no(a, b):
    """The number (1–21) of the route between slots named a and b."""
    ends = {(slot(a), slot(b)), (slot(b), slot(a))}
    return next(r + 1 for r, e in enumerate(ENDS) if e in ends)


def city_of(colour, commodity):
    return COMMODITY_AT[colour].index(COMMODITIES.index(commodity))


# -- §10 invariants ------------------------------------------------------------------------------------


def check_invariants(state: AhldarahdState):
    n = state.n
    # gold: players + bank is constant (pledges are promises: paid only when they reach 10)
    assert sum(state.gold) + state.bank == 120 and min(state.gold) >= 0 and state.bank >= 0
    # cards: hands + face-up + deck + discards = 10 × colours in play, each card in one place
    places = [set(cards_of(h)) for h in state.hand] + [set(state.faceup), set(state.deck), set(state.discards)]
    every = set().union(*places)
    assert sum(len(p) for p in places) == 10 * n and every == set(range(10 * n))
    assert len(state.deck) == len(set(state.deck)) and len(state.faceup) <= n
    for seat in range(n):
        assert state.known[seat] & ~state.hand[seat] == 0
        hidden = state.hand[seat] & ~state.known[seat]
        assert hidden & ~COLOUR_MASK[seat] == 0  # hidden cards are from one's own first deal
    for i, card in enumerate(state.deck):
        assert card // 10 == state.deck_colour(i)  # stacked colour pile by colour pile
    # markers: one per route at most (a single owner field), on maps + in supply = 21 per player
    for seat in range(n):
        assert state.owner.count(seat) + state.markers[seat] == 21 and state.markers[seat] >= 0
    # control iff a strict majority; no city has two controllers (one field per city)
    for m in range(state.nmaps):
        for s in range(SLOTS):
            holders = [p for p in range(n) if state.routes_into(m, s, p) >= MAJORITY[s]]
            assert len(holders) <= 1
            assert state.ctrl[m * SLOTS + s] == (holders[0] if holders else -1)
            assert DEGREE[s] // 2 + 1 == MAJORITY[s]
    # items and chips
    assert all(-1 <= h < n for h in state.rop) and 0 <= state.shah < n
    assert -1 <= state.eyes < n and -1 <= state.pirate < n
    assert 0 <= state.black <= (3 if state.night else 0)
    legal = state.legal_actions()
    assert (legal == []) == state.is_over()
    assert len(set(legal)) == len(legal)


def random_game(n, seed, options, *, check=True):
    state = GAME.new(n, seed=seed, options=options)
    rng = random.Random(seed)
    if check:
        check_invariants(state)
    actions = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, log=False)
        actions.append(action)
        if check:
            check_invariants(state)
    return state, actions


@pytest.mark.thorough
@pytest.mark.parametrize(
    "n, options",
    [
        pytest.param(n, options, id=f"{n}-{name}")
        for name, options in zip(["plain", "night", "neutral", "no_drift", "all"], OPTION_SETS)
        # the smallest and the largest table of each (the neutral map is for 2–4 players)
        for n in (2, 4 if options.get("neutral_map") else 5)
    ],
)
def test_every_invariant_of_section_10_holds_after_every_action_of_random_games(n, options):
    state, _ = random_game(n, 100 + n, options)
    assert state.is_over() and state.ended in ("deck", "turn_limit")
    assert sum(state.outcome()) == pytest.approx(1.0)


@pytest.mark.thorough
def test_random_games_use_every_kind_of_decision():
    kinds = set()
    for n, options in (
        (3, {"night_of_the_outsider": True}),
        (4, {"neutral_map": True}),
        (5, {}),
        (4, {"night_of_the_outsider": True}),
    ):
        for seed in range(3):
            _, actions = random_game(n, seed, options, check=False)
            kinds.update(a[0] for a in actions)
    assert {
        "free",
        "open",
        "raise",
        "pass",
        "give_shah",
        "claim",
        "buy",
        "destroy",
        "sell_rop",
        "offer",
        "trade_with",
        "send",
        "cancel",
        "accept",
        "decline",
        "end",
        "pledge",
        "lose",
    } <= kinds


@pytest.mark.thorough
def test_apply_without_log_reaches_the_same_state_as_with_log():
    for n, options in ((3, {"night_of_the_outsider": True}), (4, {"neutral_map": True})):
        loud = GAME.new(n, seed=7, options=options)
        quiet = GAME.new(n, seed=7, options=options)
        rng = random.Random(7)
        while not loud.is_over():
            action = rng.choice(loud.legal_actions())
            said = loud.apply(action)
            # every action says something, but a draft's steps (shown in the draft, not the log)
            assert said or action[0] in ("give_gold", "ask_gold", "ask_card", "give_item", "ask_item")
            assert quiet.apply(action, log=False) == []
            assert quiet.to_data() == loud.to_data()


@pytest.mark.thorough
def test_to_data_and_from_data_round_trip_through_msgpack():
    state = GAME.new(4, seed=3, options={"night_of_the_outsider": True, "neutral_map": True})
    rng = random.Random(3)
    while not state.is_over():
        data = packed(state.to_data())
        again = AhldarahdState.from_data(data)
        assert packed(again.to_data()) == data and again.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()), log=False)


# -- §1 the maps -------------------------------------------------------------------------------------


def test_the_maps_reproduce_the_spec_tables():
    assert DEGREE == (4, 4, 4, 5, 5, 4, 6, 4, 3, 3)
    assert len(ENDS) == 21 and sum(SEA) == 9
    assert tuple(DEGREE[a] + DEGREE[b] for a, b in ENDS) == COST
    red = [COMMODITIES[c] for c in COMMODITY_AT[RED]]
    assert red == ["Ivory", "Textiles", "Incense", "Gems", "Pearls", "Spices", "Salt", "Metals", "Horses", "Dates"]
    purple = [COMMODITIES[c] for c in COMMODITY_AT[4]]
    assert purple == ["Incense", "Pearls", "Horses", "Ivory", "Dates", "Textiles", "Gems", "Spices", "Salt", "Metals"]
    assert all(sorted(row) == list(range(10)) for row in COMMODITY_AT)
    # the rulebook's numbers: a Salt city of 6 routes, Salt–Metals costs 10, Gems–Spices 9,
    # Ivory and Gems joined by a route
    assert DEGREE[city_of(RED, "Salt")] == 6
    assert COST[route_no("G", "H") - 1] == 10 and COST[route_no("D", "F") - 1] == 9
    assert (slot("A"), slot("D")) in ENDS


# -- §2 setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_three_own_colour_cards_five_gold_and_the_left_neighbours_rop(n):
    state = GAME.new(n, seed=11, options={})
    for seat in range(n):
        cards = cards_of(state.hand[seat])
        assert len(cards) == 3 and all(c // 10 == seat for c in cards)
        assert state.rop[(seat + 1) % n] == seat
    assert state.gold == [5] * n and state.bank == 120 - 5 * n
    assert len(state.deck) == 7 * n and state.faceup == []
    assert state.eyes == state.pirate == -1 and state.phase == SETUP and state.to_move() == state.shah
    assert {GAME.new(n, seed=s).shah for s in range(40)} == set(range(n))


def test_free_routes_are_up_to_two_on_ones_own_map_and_take_cities_normally():
    state = GAME.new(3, seed=2)
    first = state.to_move()
    assert all(a[0] in ("free", "done") for a in state.legal_actions())
    state.apply(("free", route_no("I", "J")))
    events = state.apply(("free", route_no("F", "I")))
    assert state.ctrl[first * SLOTS + slot("I")] == first  # 2 of the 3 routes into I
    assert state.gold[first] == 5 + 3 and any("from the bank" in t for t in texts(events))
    assert state.to_move() == (first + 1) % 3  # two free routes used: the next player
    state.apply(("done",))
    assert state.to_move() == (first + 2) % 3


def test_the_first_turn_turns_up_as_many_cards_as_players():
    state = fresh(4)
    assert len(state.faceup) == 4 and len(state.deck) == 24 and state.turn_no == 1
    assert state.phase == BID_OPEN and state.to_move() == state.shah


def test_neutral_map_is_refused_with_five_players():
    with pytest.raises(ValueError, match="2–4 players"):
        GAME.new(5, seed=0, options={"neutral_map": True})
    assert GAME.new(4, seed=0, options={"neutral_map": True}).nmaps == 5


# -- §4 building: the worked examples ---------------------------------------------------------------


def test_worked_example_the_red_salt_city_taken_with_4_of_its_6_routes_pays_6_and_removes_the_other_route():
    state = fresh(3)
    g = city_of(RED, "Salt")
    for r in (route_no("D", "G"), route_no("E", "G"), route_no("F", "G")):
        put_route(state, RED, RED, r)
    put_route(state, BLUE, RED, route_no("G", "I"))
    set_hand(state, RED, ["red Salt"])
    set_gold(state, RED, 5)
    to_build(state, RED)
    events = state.apply(("claim", "red", route_no("G", "H"), "Salt"))
    assert state.ctrl[RED * SLOTS + g] == RED
    assert state.gold[RED] == 5 - 1 + 6
    assert state.owner[RED * ROUTES + route_no("G", "I") - 1] == -1 and state.markers[BLUE] == 21
    assert "red Salt" in [CARD_NAMES[c] for c in state.discards]
    assert any("takes the Salt city on their own map and 6 gold" in t for t in texts(events))
    assert any("Blue's route" in t and "is removed" in t for t in texts(events))
    check_invariants(state)


def test_worked_example_destroying_reds_salt_metals_route_can_be_paid_exactly_the_six_ways():
    state = fresh(3)
    r = route_no("G", "H")
    put_route(state, RED, RED, r)
    state.rop[RED] = BLUE  # Blue (Phillip) holds Red's Right of Passage
    set_hand(state, BLUE, ["blue Salt", "green Salt", "blue Metals", "green Metals"])
    set_gold(state, BLUE, 25)
    to_build(state, BLUE)
    ways = {a[3:] for a in state.legal_actions() if a[:3] == ("destroy", "red", r)}
    assert ways == {
        ("gold", "gold"),
        ("gold", "Salt"),
        ("gold", "Metals"),
        ("Salt", "Metals"),
        ("Salt", "Salt"),
        ("Metals", "Metals"),
    }
    prices = {way: state.destroy_price(BLUE, r - 1, way) for way in ways}
    assert prices == {
        ("gold", "gold"): 20,
        ("gold", "Salt"): 11,
        ("gold", "Metals"): 11,
        ("Salt", "Metals"): 2,
        ("Salt", "Salt"): 2,
        ("Metals", "Metals"): 2,
    }
    state.apply(("destroy", "red", r, "Salt", "Metals"))
    assert state.gold[BLUE] == 23 and state.owner[RED * ROUTES + r - 1] == -1 and state.markers[RED] == 21
    assert state.hand[BLUE].bit_count() == 2
    check_invariants(state)


def reds_route_for_blue_to_destroy() -> tuple[AhldarahdState, int]:
    """Three players, Blue building with 25 gold and Red's Right of Passage, Red's Salt–Metals
    route on Red's map: the state and the route."""
    state = fresh(3)
    r = route_no("G", "H")
    put_route(state, RED, RED, r)
    state.rop[RED] = BLUE
    set_gold(state, BLUE, 25)
    to_build(state, BLUE)
    return state, r


def test_a_route_destroyed_on_its_owners_map_names_the_map_by_its_owner():
    """The plays list names the owner once ("Destroy Red's route … on their own map"); the log
    names the map by its owner: "on its owner's map" right after "AI 2 claims … on your map" made
    a person stop to work out whose, and "on their own map" read as the destroyer's."""
    names = ["Red", "Blue", "Green"]
    state, r = reds_route_for_blue_to_destroy()
    action = ("destroy", "red", r, "gold", "gold")
    for words in (render(describe(state, action), names), render(describe(state, action, brief=True), names)):
        assert words.startswith("Destroy Red's route Salt–Metals ")
        assert words.count("Red") == 1 and "on their own map" in words
    (event,) = [e for e in state.apply(action) if "destroys" in render(e.text, names)]
    line, mine = render(event.text, names), render(event.text, names, RED)
    assert line.startswith("Blue destroys Red's route Salt–Metals (Sa–Me, land, 10) on Red's map, paying 20")
    assert mine.startswith("Blue destroys your route Salt–Metals (Sa–Me, land, 10) on your map, paying 20")


def test_a_destroys_reason_says_the_route_is_open_again_not_free():
    """ "the route is free for you" after a destroy read as a claim at no cost (the setup's free
    routes): the route is empty again, claimed at its usual price by whoever claims it."""
    state, r = reds_route_for_blue_to_destroy()
    said = render(explain(state, BLUE, [("destroy", "red", r, "gold", "gold")]), ["Red", "Blue", "Green"])
    assert "the route is open to claim again" in said and "free" not in said, said


def test_a_player_may_never_destroy_their_own_route():
    state = fresh(3)
    put_route(state, RED, RED, 16)
    set_gold(state, RED, 40)
    to_build(state, RED)
    assert not [a for a in state.legal_actions() if a[0] == "destroy"]


def test_destruction_below_a_majority_loses_the_city():
    state = fresh(3)
    i = city_of(RED, "Horses")
    put_route(state, RED, RED, route_no("F", "I"))
    put_route(state, RED, RED, route_no("G", "I"))
    assert state.ctrl[RED * SLOTS + i] == RED
    state.rop[RED] = GREEN
    set_gold(state, GREEN, 30)
    to_build(state, GREEN)
    state.apply(("destroy", "red", route_no("F", "I"), "gold", "gold"))
    assert state.ctrl[RED * SLOTS + i] == -1 and state.gold[RED] == 5  # no gold given back
    check_invariants(state)


def test_a_cascade_removing_a_route_costs_a_third_player_a_city_at_its_other_end():
    state = fresh(3)
    g, i = city_of(RED, "Salt"), city_of(RED, "Horses")
    state.rop[RED] = BLUE
    for r in (route_no("D", "G"), route_no("E", "G"), route_no("F", "G")):
        put_route(state, BLUE, RED, r)
    put_route(state, GREEN, RED, route_no("G", "I"))
    put_route(state, GREEN, RED, route_no("F", "I"))
    assert state.ctrl[RED * SLOTS + i] == GREEN
    set_gold(state, BLUE, 20)
    to_build(state, BLUE)
    events = state.apply(("buy", "red", route_no("G", "H")))
    assert state.ctrl[RED * SLOTS + g] == BLUE and state.gold[BLUE] == 20 - 10 + 6
    assert state.ctrl[RED * SLOTS + i] == -1  # Green's G–I route went, so did Green's Horses city
    assert state.owner[RED * ROUTES + route_no("F", "I") - 1] == GREEN
    assert any("Green loses the Horses city on Red's map" in t for t in texts(events))
    check_invariants(state)


def test_one_claim_can_take_two_cities():
    state = fresh(3)
    put_route(state, RED, RED, route_no("F", "I"))
    put_route(state, RED, RED, route_no("H", "J"))
    set_hand(state, RED, ["red Horses"])
    to_build(state, RED)
    state.apply(("claim", "red", route_no("I", "J"), "Horses"))
    assert state.ctrl[RED * SLOTS + slot("I")] == RED and state.ctrl[RED * SLOTS + slot("J")] == RED
    assert state.gold[RED] == 5 - 1 + 3 + 3


def test_the_eyes_make_land_routes_one_gold_cheaper_and_the_pirate_sea_routes():
    state = fresh(3)
    state.eyes, state.pirate = RED, BLUE
    set_hand(state, RED, ["red Salt", "blue Salt", "red Ivory"])
    set_hand(state, BLUE, ["blue Ivory"])
    set_gold(state, RED, 0)
    to_build(state, RED)
    land = route_no("G", "H")  # Salt–Metals, land, 10
    sea = route_no("A", "B")  # Ivory–Textiles, sea, 8
    legal = state.legal_actions()
    assert ("claim", "red", land, "Salt") in legal  # card + 0 gold with the Eyes
    assert ("claim", "red", sea, "Ivory") not in legal  # a sea route still costs 1
    set_gold(state, RED, 9)
    assert ("buy", "red", land) in state.legal_actions() and state.discount(RED, land - 1) == 1
    assert state.discount(RED, sea - 1) == 0
    put_route(state, BLUE, RED, land)
    state.rop[RED] = RED
    assert state.destroy_price(RED, land - 1, ("gold", "gold")) == 18
    assert state.destroy_price(RED, land - 1, ("Salt", "Salt")) == 0
    to_build(state, BLUE)
    set_gold(state, BLUE, 7)
    assert state.discount(BLUE, sea - 1) == 1 and state.discount(BLUE, land - 1) == 0
    state.apply(("buy", "blue", route_no("A", "B")))  # cost 8, 7 with the Pirate Queen
    assert state.gold[BLUE] == 0


def test_selling_a_rop_pays_one_gold_per_controlled_city_on_that_map_and_puts_it_on_the_table():
    state = fresh(3)
    put_route(state, RED, RED, route_no("F", "I"))
    put_route(state, RED, RED, route_no("G", "I"))
    put_route(state, BLUE, RED, route_no("H", "J"))
    put_route(state, BLUE, RED, route_no("G", "J"))
    holder = state.rop[RED]
    to_build(state, holder)
    before = state.gold[holder]
    state.apply(("sell_rop", "red"))
    assert state.gold[holder] == before + 2 and state.rop[RED] == -1


def test_ruling_a_claim_taking_two_cities_pays_the_first_end_of_the_routes_name_first():
    state = fresh(3)
    put_route(state, RED, RED, route_no("F", "I"))
    put_route(state, RED, RED, route_no("H", "J"))
    set_hand(state, RED, ["red Horses"])
    state.gold = [5, 5, 5]
    state.bank = 105
    to_build(state, RED)
    state.gold[BLUE] += state.bank - 4  # the bank keeps only 4 gold
    state.bank = 4
    events = state.apply(("claim", "red", route_no("I", "J"), "Horses"))  # I–J: I first
    said = texts(events)
    assert any("the Horses city on their own map and 3 gold" in t for t in said)
    assert any("the Dates city on their own map and 2 gold from the bank (the bank had no more" in t for t in said)
    assert state.bank == 0 and state.gold[RED] == 5 - 1 + 5


def test_ruling_city_markers_never_run_short():
    state = fresh(3)
    for colour in (RED, BLUE):
        for a, b in (
            ("A", "B"),
            ("A", "C"),
            ("A", "D"),
            ("B", "C"),
            ("B", "D"),
            ("C", "E"),
            ("I", "J"),
            ("F", "I"),
            ("H", "J"),
        ):
            put_route(state, RED, colour, route_no(a, b))
    assert state.points()[RED] >= 10 and state.markers[RED] == 3
    state.rop[GREEN] = RED
    put_route(state, RED, GREEN, route_no("F", "I"))
    set_hand(state, RED, ["red Ivory"])  # Ivory is at I on Green's map
    to_build(state, RED)
    state.apply(("claim", "green", route_no("I", "J"), "Ivory"))
    assert state.ctrl[GREEN * SLOTS + slot("I")] == RED
    check_invariants(state)


def test_ruling_a_claim_discards_the_known_card_of_that_commodity_first():
    state = fresh(3)
    set_hand(state, RED, ["red Salt", "blue Salt"])  # blue Salt came from the table: known
    to_build(state, RED)
    events = state.apply(("claim", "red", route_no("G", "H"), "Salt"))
    assert CARD_INDEX["blue Salt"] in state.discards and state.hand[RED] == 1 << CARD_INDEX["red Salt"]
    assert events[0].reveals is False  # the table knew the card: nothing new is shown
    state.gold[RED] += 1
    state._legal = None
    claim = next(a for a in state.legal_actions() if a[0] == "claim" and a[3] == "Salt")
    events = state.apply(claim)
    assert CARD_INDEX["red Salt"] in state.discards and events[0].reveals == (BLUE, GREEN)


def test_a_player_with_no_route_markers_left_cannot_claim_or_buy():
    state = fresh(3)
    set_hand(state, RED, ["red Salt"])
    set_gold(state, RED, 30)
    to_build(state, RED)
    state.markers[RED] = 0
    state.owner[RED * ROUTES : RED * ROUTES + 21] = [-1] * 21
    state.markers[RED] = 0
    state._legal = None
    assert not [a for a in state.legal_actions() if a[0] in ("claim", "buy")]


# -- §3 bidding: the rulebook's example -----------------------------------------------------------------


def test_worked_example_the_bidding_example_awards_eyes_shah_gems_card_and_reds_rop_in_that_order():
    # Donna (0, the Shah), Phil (1), Jason (2), Christina (3), clockwise
    state = fresh(4, seed=5)
    donna, phil, jason, christina = range(4)
    state.shah = donna
    state.order = (0, 1, 2, 3)
    state.pos = 0
    state.turn = donna
    state.rop = [3, 0, 1, 2]  # red's RoP is Christina's
    gems = CARD_INDEX["red Gems"]
    if gems not in state.faceup:
        swap_cards(state, gems, state.faceup[0])  # a Gems card face up (both red: nothing else changes)
    for seat in range(4):
        set_gold(state, seat, 6)
    state._legal = None
    awards = []
    state.apply(("open", "Eyes", 2))
    state.apply(("pass",))  # Phil
    state.apply(("pass",))  # Jason
    state.apply(("raise", 3))  # Christina
    state.apply(("raise", 4))  # Donna
    events = state.apply(("pass",))  # Christina
    awards.append(("Eyes", state.eyes))
    assert state.gold[donna] == 2 and not state.camel[donna]
    assert any("Red wins the Eyes of Shamesh for 4 gold" in t for t in texts(events))
    assert state.to_move() == phil
    state.apply(("open", "Shah", 0))
    state.apply(("pass",))  # Jason
    state.apply(("pass",))  # Christina; Donna's Camel is down: she passes by herself
    assert state.to_move() == phil and state.phase != BID_OPEN  # the Shah's winner gives it
    state.apply(("give_shah", jason))
    awards.append(("Shah", state.shah))
    assert state.camel[phil] and state.gold[phil] == 6
    assert state.to_move() == jason
    state.apply(("open", "red Gems", 0))
    state.apply(("raise", 1))  # Christina (Donna passes by herself)
    state.apply(("pass",))  # Phil
    state.apply(("pass",))  # Jason
    awards.append(("red Gems", next(s for s in range(4) if state.hand[s] >> gems & 1)))
    assert state.gold[christina] == 5 and not state.camel[christina]
    assert state.to_move() == christina
    legal = state.legal_actions()
    assert all(a[2] == 0 for a in legal) and ("open", "RoP red", 0) in legal  # Camel down: 0 only
    state.apply(("open", "RoP red", 0))
    state.apply(("raise", 1))  # Phil (Donna passes by herself)
    state.apply(("pass",))  # Jason; Christina cannot raise: Phil takes it
    awards.append(("RoP red", state.rop[RED]))
    assert awards == [("Eyes", donna), ("Shah", jason), ("red Gems", christina), ("RoP red", phil)]
    assert state.gold == [2, 5, 6, 5]
    assert state.phase == BUILD and state.to_move() == jason  # building starts from the new Shah
    check_invariants(state)


def unopposed(state, item: str, bid: int) -> int:
    """The player to move opens ``item`` at ``bid`` and the other two pass; gives the opener."""
    opener = state.to_move()
    state.apply(("open", item, bid))
    state.apply(("pass",))
    state.apply(("pass",))
    return opener


def test_each_item_is_auctioned_at_most_once_per_turn():
    state = fresh(3)
    opener = unopposed(state, "Pirate", 0)
    assert state.pirate == opener
    assert not [a for a in state.legal_actions() if a[1] == "Pirate"]


def test_a_bid_is_any_amount_the_bidder_can_pay():
    """§3.2: an opening bid of any amount ≥ 0, a raise of any amount above the current bid, up to
    the bidder's gold (seat 1 with 5 gold may open at 5); AI seats weigh a few of them."""
    state = fresh(3)
    opener = state.to_move()
    set_gold(state, opener, 12)
    assert sorted({a[2] for a in state.legal_actions()}) == list(range(13))
    assert sorted({a[2] for a in considered(state, state.legal_actions())}) == [0, 1, 2, 3, 4, 6, 8, 11]
    state.apply(("open", "Eyes", 2))
    bidder = state.to_move()
    set_gold(state, bidder, 9)
    assert state.legal_actions() == [("pass",)] + [("raise", bid) for bid in range(3, 10)]
    assert considered(state, state.legal_actions()) == [
        ("pass",),
        ("raise", 3),
        ("raise", 4),
        ("raise", 5),
        ("raise", 7),
    ]
    state.apply(("raise", 9))
    assert state.high == 9 and state.leader == bidder


def test_a_pledge_is_any_amount_up_to_what_is_missing():
    state = fresh(3, night_of_the_outsider=True)
    for seat in range(3):
        set_gold(state, seat, 8)
    bring_night(state, BLUE)
    assert [a[1] for a in state.legal_actions() if a[0] == "pledge"] == list(range(1, 9))
    state.apply(("pledge", 7))
    assert [a[1] for a in state.legal_actions() if a[0] == "pledge"] == [1, 2, 3]
    assert [a[1] for a in considered(state, state.legal_actions()) if a[0] == "pledge"] == [1, 2, 3]


def test_ruling_a_bidder_who_cannot_raise_passes_by_themselves():
    state = fresh(3)
    opener = state.to_move()
    nxt, last = (opener + 1) % 3, (opener + 2) % 3
    set_gold(state, nxt, 2)
    state.apply(("open", "Eyes", 2))
    assert state.to_move() == last  # nxt has only 2 gold: out
    state.apply(("pass",))
    assert state.eyes == opener


def test_the_log_says_why_a_bidder_who_cannot_raise_is_out_before_the_award():
    """Without it, "Red raises to 5. Red wins…" reads as if the others were never asked."""
    state = fresh(3)
    opener = state.to_move()
    nxt, last = (opener + 1) % 3, (opener + 2) % 3
    set_gold(state, nxt, 2)
    state.camel[last] = False
    said = texts(state.apply(("open", "Eyes", 2)))
    names = ("Red", "Blue", "Green")
    assert said[1:] == [
        f"{names[nxt]} cannot raise (only 2 gold) and is out of this auction.",
        f"{names[last]} cannot raise (Camel face down) and is out of this auction.",
        f"{names[opener]} wins the Eyes of Shamesh for 2 gold (Camel face down).",
    ], said

    state = fresh(3)
    opener = state.to_move()
    set_gold(state, (opener + 1) % 3, 0)
    [mine] = [e for e in state.apply(("open", "Eyes", 0)) if "cannot raise" in e.text]
    assert mine.render(names, (opener + 1) % 3) == "You cannot raise (only 0 gold) and are out of this auction."


def test_an_item_its_holder_opens_at_0_says_why_it_comes_back_to_them_unless_someone_raises():
    """A play-through read "your own Right of Passage auctioned at 0 every turn" as a fault: it is
    the rules (an item comes up once a turn, §3.2), so the holder guards it by opening it at 0;
    the log says so."""
    state = fresh(3)
    opener = state.to_move()
    item = next(k for k in range(3) if state.rop[k] == opener)
    names = ("Red", "Blue", "Green")
    [opened] = state.apply(("open", f"RoP {COLOURS[item]}", 0))[:1]
    assert render(opened.text, names, item) == (
        f"{names[opener]} opens an auction for your Right of Passage at 0 gold (which {names[opener]} holds: "
        f"an item comes up once a turn, so {names[opener]} keeps it unless someone raises)."
    )


def test_passing_on_an_item_one_holds_says_the_opener_takes_it_from_you():
    """The bug: an AI opened the person's own Right of Passage, which the person held, at 0 every
    turn, and the plays list's pass read "leave your own Right of Passage to the others" as if it
    were not theirs to lose: the winner takes it from its holder (§3.2)."""
    state = fresh(3)
    opener = state.to_move()
    holder = (opener + 1) % 3
    state.rop[holder] = holder
    state.apply(("open", f"RoP {COLOURS[holder]}", 0))
    assert state.to_move() == holder
    said = render(state.describe(("pass",), holder), ("Red", "Blue", "Green"), holder)
    assert (
        said == f"Pass: {('Red', 'Blue', 'Green')[opener]} takes your own Right of Passage from you at 0 unless outbid"
    )
    # and in another's words (a review's list of the others' moves): from the holder by name, not
    # "from you" of the reader, who held nothing ("AI 3: Pass: AI 2 takes back … from you")
    opener_name = ("Red", "Blue", "Green")[opener]
    theirs = render(state.describe(("pass",), holder), ("Red", "Blue", "Green"), opener)
    assert theirs.endswith(f"Right of Passage from {('Red', 'Blue', 'Green')[holder]} at 0 unless outbid"), theirs
    assert theirs.startswith("Pass: you take") and opener_name not in theirs
    # between two, no one is left to outbid: "unless outbid" read as a hope the pass did not keep
    two = fresh(2)
    opener = two.to_move()
    holder = 1 - opener
    two.rop[holder] = holder
    two.apply(("open", f"RoP {COLOURS[holder]}", 0))
    said = render(two.describe(("pass",), holder), ("Red", "Blue"), holder)
    assert said == f"Pass: {('Red', 'Blue')[opener]} takes your own Right of Passage from you at 0", said


def test_an_owner_acting_on_their_own_rop_reads_their_own_or_your_own():
    state = fresh(3)
    opener = state.to_move()
    holder = state.rop[opener]
    names = ("Red", "Blue", "Green")
    [opened] = state.apply(("open", f"RoP {COLOURS[opener]}", 0))[:1]
    assert render(opened.text, names) == (
        f"{names[opener]} opens an auction for their own Right of Passage at 0 gold (held by {names[holder]})."
    )
    assert render(opened.text, names, opener).startswith("You open an auction for your own Right of Passage")
    passer = state.to_move()
    said = render(explain(state, passer, [("pass",)]), names, passer)
    assert f"{names[opener]} takes back their own Right of Passage at 0 unless outbid" in said, said
    state = fresh(3)
    opener = state.to_move()
    mine = ("open", f"RoP {COLOURS[opener]}", 0)
    assert render(state.describe(mine), names, opener).startswith("Open an auction for your own Right of Passage")
    to_build(state, opener)
    state.rop[opener] = opener
    state._legal = None
    sold = texts(state.apply(("sell_rop", COLOURS[opener])))
    assert sold[0].startswith(f"{names[opener]} sells their own Right of Passage to the bank"), sold
    state = fresh(3, seed=1)
    put_route(state, RED, RED, route_no("F", "I"))
    set_hand(state, RED, ["red Horses"])
    to_build(state, RED)
    state.rop[BLUE] = BLUE
    asked = ("offer", BLUE, "gold", 1, "item", "RoP blue")
    assert render(state.describe(asked, RED), names, RED).startswith(
        "Propose to Blue: you give 1 gold for their own Right of"
    )
    state.apply(("trade_with", BLUE))
    state.apply(("ask_item", "RoP blue"))
    sent = texts(state.apply(("send",)))
    assert "Red proposes a trade to Blue: Red gives nothing; Blue gives their own Right of Passage." in sent, sent
    state = fresh(3, seed=1)
    put_route(state, RED, RED, route_no("F", "I"))
    set_hand(state, RED, ["red Horses"])
    to_build(state, RED)
    claimed = texts(state.apply(("claim", "red", route_no("I", "J"), "Horses")))
    assert claimed[0].startswith("Red claims Horses–Dates (Ho–Da, land, 6) on their own map with"), claimed
    assert claimed[1].startswith("Red takes the Horses city on their own map and 3 gold"), claimed


def test_ruling_an_item_one_holds_may_be_auctioned_and_won_back():
    state = fresh(3)
    mine = next(k for k in range(3) if state.rop[k] == state.to_move())
    opener = unopposed(state, f"RoP {COLOURS[mine]}", 0)
    assert state.rop[mine] == opener


def test_the_log_names_a_seat_once_where_it_wins_back_its_own_rop_or_claims_on_its_own_map():
    state = GAME.new(3, seed=2)
    first = state.to_move()
    claimed = texts(state.apply(("free", route_no("I", "J"))))
    assert f"on {('Red', 'Blue', 'Green')[first]}'s own map" not in " ".join(claimed)
    assert any("on their own map for free." in t for t in claimed)
    state = fresh(3)
    opener = state.to_move()
    state.apply(("open", f"RoP {COLOURS[opener]}", 0))
    won = texts(state.apply(("pass",)) + state.apply(("pass",)))
    assert state.rop[opener] == opener
    assert any(
        t.startswith(f"{('Red', 'Blue', 'Green')[opener]} wins back their own Right of Passage for 0 gold") for t in won
    ), won


def test_the_shahs_winner_may_keep_it_or_give_it_to_anyone():
    state = fresh(3)
    opener = unopposed(state, "Shah", 1)
    assert state.legal_actions() == [("give_shah", s) for s in range(3)]
    state.apply(("give_shah", opener))
    assert state.shah == opener and not state.camel[opener]


# -- §3 the refresh and the end ---------------------------------------------------------------------------


def move_without_cards(state):
    """A move of a turn that wins no card: an auction on a non-card item at 0, a pass, the Shah
    kept, the build ended."""
    if state.phase == BID_OPEN:
        return next(
            a
            for a in state.legal_actions()
            if (a[2] == 0 and a[1] in ("Shah", "Eyes", "Pirate")) or (a[1].startswith("RoP") and a[2] == 0)
        )
    if state.phase == BUILD:
        return ("end",)
    if state.legal_actions()[0][0] == "give_shah":
        return ("give_shah", state.to_move())
    return ("pass",)


def play_turn_without_cards(state):
    """Every auction of the turn on a non-card item at 0, then everyone ends their build."""
    while state.phase != BUILD:
        state.apply(move_without_cards(state))
    while state.phase == BUILD:
        state.apply(("end",))


def test_market_drift_discards_the_oldest_face_up_card_after_a_bidding_phase_without_card_wins():
    state = fresh(3)
    oldest = state.faceup[0]
    play_turn_without_cards(state)
    assert oldest in state.discards and oldest not in state.faceup and len(state.faceup) == 3
    still = GAME.new(3, seed=0, options={"market_drift": False})
    while still.phase == SETUP:
        still.apply(("done",))
    cards = list(still.faceup)
    play_turn_without_cards(still)
    assert still.faceup == cards and not still.discards


def test_a_review_shows_the_card_turned_up_as_chance_not_the_market_drift():
    """§3.1: the drift's discard is certain (the oldest face-up card) and public; only the card
    turned up is chance. A review's luck read "Seen: Turn 12: all Camels face up. No route card
    was won last turn: blue Metals is discarded (market drift). Turned up: green Pearls …"."""
    state = GAME.new(3, seed=0)
    actions = []
    while state.phase == SETUP:
        actions.append(("done",))
        state.apply(actions[-1])
    oldest, turn = CARD_NAMES[state.faceup[0]], state.turn_no
    while state.turn_no == turn:
        actions.append(move_without_cards(state))
        events = state.apply(actions[-1])
    said = " ".join(event.text for event in events)
    assert f"{oldest} is discarded (market drift). Turned up: " in said  # (the table's log says both)
    drawn = decisions_of(GAME, 3, 0, {}, actions, 0).draws[-1].text  # (the turn's refresh)
    assert drawn.startswith(f"Turned up: {CARD_NAMES[state.faceup[-1]]}. Face up: ") and "drift" not in drawn


def test_ruling_the_turn_whose_refresh_empties_the_deck_is_the_final_turn():
    state = fresh(2)
    while not state.final:
        play_turn_without_cards(state)
    assert not state.deck
    play_turn_without_cards(state)
    assert state.is_over() and state.ended == "deck"


def test_ruling_a_deck_emptied_by_a_night_makes_the_next_turn_final():
    state = fresh(2, night_of_the_outsider=True)
    state.discards.extend(state.deck)
    state.deck.clear()  # as if Nights had turned the deck up
    play_turn_without_cards(state)
    assert state.final and state.phase == BID_OPEN
    play_turn_without_cards(state)
    assert state.is_over()


def test_ruling_the_game_ends_after_the_turn_limit():
    state = AhldarahdState.new(2, seed=1, options={"market_drift": False, "max_turns": 2})
    while state.phase == SETUP:
        state.apply(("done",))
    play_turn_without_cards(state)
    play_turn_without_cards(state)
    assert state.is_over() and state.ended == "turn_limit"


# -- §6 scoring ---------------------------------------------------------------------------------------------


def test_scoring_example_two_home_cities_metals_abroad_and_textiles_abroad_score_7():
    state = fresh(3)
    own = {"Metals", "Ivory"}
    for name in own:
        state.ctrl[RED * SLOTS + city_of(RED, name)] = RED
    state.ctrl[BLUE * SLOTS + city_of(BLUE, "Metals")] = RED
    state.ctrl[GREEN * SLOTS + city_of(GREEN, "Textiles")] = RED
    assert state.points()[RED] == 7
    state.ctrl[GREEN * SLOTS + city_of(GREEN, "Metals")] = RED
    assert state.points()[RED] == 11  # another Metals abroad: +1 and +3


def test_the_neutral_maps_cities_score_like_cities_on_another_players_map():
    state = fresh(2, neutral_map=True)
    neutral = 2
    assert state.nmaps == 3 and neutral in state.maps_of(RED) and neutral in state.maps_of(BLUE)
    state.ctrl[RED * SLOTS + city_of(RED, "Salt")] = RED
    state.ctrl[neutral * SLOTS + city_of(neutral, "Salt")] = RED
    state.ctrl[neutral * SLOTS + city_of(neutral, "Gems")] = RED
    state.ctrl[neutral * SLOTS + city_of(neutral, "Dates")] = BLUE
    assert state.points() == [1 + 4 + 1, 1]


def test_ties_go_to_the_most_gold_then_the_victory_is_shared():
    state = fresh(3)
    state.ctrl[RED * SLOTS + 0] = RED
    state.ctrl[BLUE * SLOTS + 0] = BLUE
    set_gold(state, RED, 4)
    set_gold(state, BLUE, 6)
    assert state.outcome() == [0.0, 1.0, 0.0]
    set_gold(state, RED, 6)
    assert state.outcome() == [0.5, 0.5, 0.0]


# -- §7 the Night of the Outsider -----------------------------------------------------------------------------


def bring_night(state, drawer):
    """A black chip drawn by ``drawer`` during their build (as a payment from the bank would)."""
    to_build(state, drawer)
    state.black -= 1
    state.nights = 1
    state.drawer = drawer
    state._continue(drawer, None)
    state._legal = None


def test_a_night_averted_by_pledges_the_last_pledger_paying_the_remainder():
    state = fresh(3, night_of_the_outsider=True)
    for seat in range(3):
        set_gold(state, seat, 8)
    top = state.deck[0]
    bring_night(state, BLUE)
    assert state.phase == NIGHT_AVERT and state.to_move() == BLUE and top in state.discards
    state.apply(("pledge", 5))
    assert state.to_move() == GREEN and ("pledge", 5) in state.legal_actions()
    state.apply(("pledge", 3))
    assert ("pledge", 2) in state.legal_actions() and ("pledge", 3) not in state.legal_actions()
    events = state.apply(("pledge", 2))  # Red: only the 2 still missing
    assert state.gold == [6, 3, 5]
    assert any("the Night is averted" in t for t in texts(events))
    assert state.phase == BUILD and state.to_move() == BLUE
    check_invariants(state)


def test_a_night_averted_by_a_card_stops_at_once():
    state = fresh(3, night_of_the_outsider=True)
    commodity = COMMODITIES[state.deck[0] % 10]
    set_hand(state, GREEN, [f"green {commodity}"])
    bring_night(state, BLUE)
    state.apply(("stand_by",))
    assert ("avert",) in state.legal_actions()
    state.apply(("avert",))
    assert state.phase == BUILD and state.hand[GREEN] == 0


def test_a_night_not_averted_takes_a_route_into_such_a_city_from_everyone_but_the_eyes_holder():
    state = fresh(3, night_of_the_outsider=True)
    card = state.deck[0]
    commodity = COMMODITIES[card % 10]
    for seat in range(3):
        set_hand(state, seat, [])
    red_city = city_of(RED, commodity)
    routes = [r for r in range(21) if red_city in ENDS[r]]
    put_route(state, RED, RED, routes[0] + 1)
    put_route(state, RED, RED, routes[1] + 1)  # two choices: Red decides
    green_city = city_of(GREEN, commodity)
    green_route = next(r for r in range(21) if green_city in ENDS[r])
    put_route(state, GREEN, GREEN, green_route + 1)  # one route: lost by itself
    blue_city = city_of(BLUE, commodity)
    put_route(state, BLUE, BLUE, next(r for r in range(21) if blue_city in ENDS[r]) + 1)
    state.eyes = BLUE
    set_gold(state, GREEN, 3)
    bring_night(state, GREEN)
    state.apply(("pledge", 3))  # Green: short of 10
    state.apply(("stand_by",))  # Red
    state.apply(("stand_by",))  # Blue
    assert state.gold[GREEN] == 3  # nothing is paid when the pledges fall short
    assert state.phase == NIGHT_LOSS and state.to_move() == RED
    assert state.owner[GREEN * ROUTES + green_route] == -1
    assert sorted(state.legal_actions()) == sorted(("lose", "red", r + 1) for r in routes[:2])
    state.apply(("lose", "red", routes[1] + 1))
    assert state.owner[RED * ROUTES + routes[0]] == RED and state.owner[RED * ROUTES + routes[1]] == -1
    assert state.owner.count(BLUE) == 1  # the Eyes protect Blue
    assert state.phase == BUILD and state.to_move() == GREEN
    check_invariants(state)


def test_ruling_a_bystander_with_a_hidden_card_is_asked_whatever_it_holds():
    """Blue has no gold and one hidden card: whether or not it is of the Night's commodity, Blue
    is asked (and may only stand by when it is not), so the order of play tells nobody."""
    asked = []
    for holds_it in (True, False):
        state = fresh(3, night_of_the_outsider=True)
        commodity = COMMODITIES[state.deck[0] % 10]
        other = next(c for c in COMMODITIES if c != commodity)
        set_hand(state, BLUE, [f"blue {commodity if holds_it else other}"])
        assert state.hand[BLUE] & ~state.known[BLUE]  # hidden from the others
        set_gold(state, BLUE, 0)
        set_gold(state, GREEN, 3)
        bring_night(state, RED)
        state.apply(("stand_by",))  # Red
        asked.append(state.to_move())
        assert state.legal_actions() == ([("avert",)] if holds_it else []) + [("stand_by",)]
    assert asked == [BLUE, BLUE]


def test_ruling_a_bystander_whose_cards_are_all_known_and_of_no_use_passes_by_itself():
    state = fresh(3, night_of_the_outsider=True)
    commodity = COMMODITIES[state.deck[0] % 10]
    other = next(c for c in COMMODITIES if c != commodity)
    set_hand(state, BLUE, [f"red {other}"])  # a card from the table: known to all
    set_gold(state, BLUE, 0)
    set_gold(state, GREEN, 3)
    bring_night(state, RED)
    state.apply(("stand_by",))  # Red; Blue has nothing to decide, as everyone sees
    assert state.to_move() == GREEN


def test_ruling_a_payment_draws_one_chip_per_gold_and_each_black_chip_brings_a_night():
    nights = 0
    for seed in range(30):
        state = fresh(3, seed=seed, night_of_the_outsider=True)
        state.bank, state.gold = 2, [39, 39, 40]  # a nearly empty bank: black chips likely
        to_build(state, RED)
        paid = state._from_bank(RED, 5)
        assert paid == 2 and state.bank == 0 and state.gold[RED] == 41  # a short bank pays what it has
        assert state.nights == 3 - state.black
        nights += state.nights
    assert nights > 0


def test_ruling_no_night_comes_from_the_starting_gold():
    state = GAME.new(4, seed=0, options={"night_of_the_outsider": True})
    assert state.black == 3 and state.nights == 0 and state.phase == SETUP
    assert state.bank == 100


def test_ruling_a_night_with_an_empty_deck_fizzles():
    state = fresh(3, night_of_the_outsider=True)
    state.discards.extend(state.deck)
    state.deck.clear()
    bring_night(state, RED)
    assert state.phase == BUILD and state.to_move() == RED


def test_ruling_a_night_drawn_during_the_free_routes_is_played_out_before_the_next_free_route():
    for seed in range(40):
        state = GAME.new(3, seed=seed, options={"night_of_the_outsider": True})
        first = state.to_move()
        state.gold[(first + 1) % 3] += state.bank - 1  # a bank of 1 gold and 3 black chips
        state.bank = 1
        state.apply(("free", route_no("I", "J")))
        state.apply(("free", route_no("F", "I")))  # takes the Horses-or-other city at I: 3 gold drawn
        if state.phase == NIGHT_AVERT:
            break
    else:
        raise AssertionError("no seed drew a black chip")
    while state.phase in (NIGHT_AVERT, NIGHT_LOSS):
        state.apply(state.legal_actions()[-1] if state.phase == NIGHT_AVERT else state.legal_actions()[0])
    assert state.phase == SETUP and state.to_move() == (first + 1) % 3 and state.free_left == 2
    check_invariants(state)


# -- §5 trades ------------------------------------------------------------------------------------------------


def trading_position():
    state = fresh(3)
    set_hand(state, RED, ["red Gems", "red Dates"])
    set_hand(state, BLUE, ["blue Salt", "blue Ivory"])
    state.pirate = BLUE
    for seat in range(3):
        set_gold(state, seat, 10)
    return to_build(state, RED)


def test_an_illegal_offer_is_refused_with_the_state_unchanged():
    state = trading_position()
    before = state.to_data()
    state.apply(("trade_with", BLUE))
    for bad in [
        ("give_card", "Salt"),
        ("give_item", "Pirate"),
        ("give_item", "route 5"),
        ("ask_item", "Eyes"),
        ("give_gold", 11),
        ("ask_route", 5),
        ("give_city", "Salt"),
    ]:
        during = state.to_data()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_data() == during
    state.apply(("cancel",))
    state.apply(("trade_with", GREEN))
    state.apply(("cancel",))
    state.apply(("trade_with", GREEN))
    state.apply(("cancel",))
    assert state.proposals == 0
    during = state.to_data()
    for bad in [("trade_with", BLUE), ("offer", BLUE, "gold", 3, "card", "Salt")]:
        with pytest.raises(IllegalAction):  # a fourth proposal
            state.apply(bad)
        assert state.to_data() == during
    assert before["gold"] == state.to_data()["gold"]


def test_an_accepted_trade_moves_exactly_what_it_says():
    state = trading_position()
    before = state.clone()
    for step in [
        ("trade_with", BLUE),
        ("give_gold", 1),
        ("give_gold", 1),
        ("give_card", "Gems"),
        ("ask_item", "Pirate"),
        ("ask_card", "Salt"),
        ("send",),
    ]:
        state.apply(step)
    assert state.phase == ANSWER and state.to_move() == BLUE
    events = state.apply(("accept",))
    assert state.gold == [8, 12, 10] and state.bank == before.bank
    assert [CARD_NAMES[c] for c in cards_of(state.hand[RED])] == ["red Dates", "blue Salt"]
    assert [CARD_NAMES[c] for c in cards_of(state.hand[BLUE])] == ["red Gems", "blue Ivory"]
    assert state.pirate == RED and state.eyes == before.eyes and state.rop == before.rop
    assert state.owner == before.owner and state.ctrl == before.ctrl and state.shah == before.shah
    assert state.phase == BUILD and state.to_move() == RED and state.proposals == 2
    assert any("Blue accepts" in t and "blue Salt" in t for t in texts(events))
    check_invariants(state)


def test_a_request_for_any_salt_card_fails_cleanly_when_the_recipient_holds_none():
    state = trading_position()
    for step in [("trade_with", GREEN), ("give_gold", 5), ("ask_card", "Salt"), ("send",)]:
        state.apply(step)
    before = state.clone()
    events = state.apply(("accept",))
    assert state.gold == before.gold and state.hand == before.hand and state.known == before.known
    assert any("holds no Salt card: the trade fails" in t for t in texts(events))
    assert state.phase == BUILD and state.to_move() == RED and state.partner == -1


def test_ruling_a_card_put_into_a_proposal_is_shown_to_everyone_and_the_draft_is_public():
    state = trading_position()
    state.apply(("trade_with", BLUE))
    events = state.apply(("give_card", "Dates"))
    card = CARD_INDEX["red Dates"]
    assert state.known[RED] >> card & 1 and events[0].reveals == (BLUE, GREEN)
    for seat in (BLUE, GREEN, None):
        assert state.view(seat)["draft"]["give_cards"] == ["red Dates"]


def test_ruling_a_requested_card_is_the_recipients_known_card_first():
    state = trading_position()
    set_hand(state, BLUE, ["blue Salt", "green Salt"])  # green Salt is known (it came from the table)
    for step in [("trade_with", BLUE), ("ask_card", "Salt"), ("send",), ("accept",)]:
        state.apply(step)
    assert state.hand[RED] >> CARD_INDEX["green Salt"] & 1 and state.hand[BLUE] >> CARD_INDEX["blue Salt"] & 1


def test_ruling_a_proposal_counts_when_started_and_a_draft_only_grows():
    state = trading_position()
    state.apply(("trade_with", BLUE))
    assert state.proposals == 2 and state.phase == COMPOSE
    assert all(a[1] > 0 for a in state.legal_actions() if a[0] in ("give_gold", "ask_gold"))
    assert ("send",) not in state.legal_actions()  # an empty proposal cannot be sent
    state.apply(("cancel",))
    assert state.proposals == 2 and state.phase == BUILD


def test_ruling_a_traded_shah_changes_the_order_only_from_the_next_phase():
    state = trading_position()  # Red builds first, then Blue, then Green
    state.shah = RED
    state.order = (RED, BLUE, GREEN)
    for step in [("trade_with", GREEN), ("give_item", "Shah"), ("send",), ("accept",)]:
        state.apply(step)
    assert state.shah == GREEN
    state.apply(("end",))
    assert state.to_move() == BLUE  # still the order fixed when building began
    state.apply(("end",))
    state.apply(("end",))
    assert state.phase == BID_OPEN and state.to_move() == GREEN  # the next turn starts from Green


def test_a_suggested_proposal_buys_the_rop_that_brings_a_city_in_reach():
    state = trading_position()
    put_route(state, RED, GREEN, route_no("F", "I"))  # Red built on Green's map before
    state.rop[GREEN] = BLUE
    offers = [a for a in state.legal_actions() if a[0] == "offer"]
    assert ("offer", BLUE, "gold", 4, "item", "RoP green") in offers
    state.apply(("offer", BLUE, "gold", 4, "item", "RoP green"))
    assert state.phase == ANSWER and state.to_move() == BLUE
    state.apply(("accept",))
    assert state.rop[GREEN] == RED and state.gold[RED] == 6 and state.gold[BLUE] == 14


def test_a_suggested_proposal_asks_for_the_card_that_completes_a_majority():
    state = trading_position()
    put_route(state, RED, RED, route_no("F", "I"))  # one of the two routes Red needs into Horses
    set_hand(state, RED, [])
    wanted = {a[5] for a in state.legal_actions() if a[0] == "offer" and a[4] == "card"}
    assert wanted & {"Horses", "Salt", "Dates", "Spices"}  # the ends of G–I and I–J


# -- the AI's judgement of offers ---------------------------------------------------------------------------------


def ai_answer(state, iterations=400):
    seat = state.to_move()
    world = GAME.from_view(packed(state.view(seat)), seat)
    return search(
        world,
        seat,
        iterations=iterations,
        seed=3,
        prior=prior,
        horizon=0,
        widening=0.5,
        widening_base=2.0,
        considered=considered,
    ).action


def offer_position(give, ask):
    """Red offers Blue ``give`` for ``ask`` (draft steps), Blue to answer."""
    state = trading_position()
    state.apply(("trade_with", BLUE))
    for step in give + ask:
        state.apply(step)
    state.apply(("send",))
    return state


def test_the_ai_declines_a_trade_plainly_bad_for_it():
    state = offer_position([("give_gold", 1)], [("ask_item", "Pirate"), ("ask_gold", 5), ("ask_card", "Salt")])
    assert not judge(state).good
    assert ai_answer(state) == ("decline",)


def test_the_ai_accepts_a_trade_plainly_good_for_it():
    state = offer_position([("give_gold", 5), ("give_card", "Gems")], [("ask_gold", 1)])
    assert judge(state).good
    assert ai_answer(state) == ("accept",)


def test_the_ai_never_accepts_a_trade_that_hands_the_proposer_the_game():
    # the final turn: Blue has built and leads 1 point to 0; Red builds last with 8 gold, too
    # little to buy Salt–Horses (9); a Salt card would let Red claim it and take both the Salt
    # and the Horses city: Red offers Blue 7 gold for any Salt card
    state = trading_position()
    state.deck.clear()
    state.final = True
    state.order = (BLUE, GREEN, RED)
    state.pos = 2
    state.ctrl[BLUE * SLOTS + city_of(BLUE, "Gems")] = BLUE
    for r in (route_no("D", "G"), route_no("E", "G"), route_no("F", "G"), route_no("F", "I")):
        put_route(state, RED, RED, r)
    set_hand(state, RED, [])
    set_gold(state, RED, 8)
    for step in [
        ("trade_with", BLUE),
        ("give_gold", 5),
        ("give_gold", 1),
        ("give_gold", 1),
        ("ask_card", "Salt"),
        ("send",),
    ]:
        state.apply(step)
    assert state.phase == ANSWER and state.to_move() == BLUE
    assert ai_answer(state, 300) == ("decline",)
    accepted = state.clone()
    accepted.apply(("accept",))
    accepted.apply(("claim", "red", route_no("G", "I"), "Salt"))
    accepted.apply(("end",))
    assert accepted.is_over() and accepted.outcome()[RED] == 1.0  # what accepting would have done


def test_the_ai_ranks_a_proposal_its_partner_would_refuse_below_ending_the_build():
    state = trading_position()
    put_route(state, RED, GREEN, route_no("F", "I"))
    state.rop[GREEN] = BLUE
    actions = state.legal_actions()
    scores = dict(zip(actions, prior(state, actions)))
    offers = [a for a in actions if a[0] == "offer"]
    assert offers
    refused = [offer for offer in offers if not judge(_after(state, offer)).good]
    assert refused and len(refused) < len(offers)
    for offer in refused:
        assert scores[offer] < scores[("end",)]


def test_ai_seats_trade_by_suggested_proposals_never_by_hand():
    state = trading_position()
    legal = state.legal_actions()
    weighed = considered(state, legal)
    left_out = [action for action in legal if action not in weighed and action[0] != "sell_rop"]
    assert left_out and all(action[0] == "trade_with" for action in left_out)
    assert ("end",) in weighed and any(action[0] == "offer" for action in weighed)


def test_an_ai_taking_over_a_persons_half_written_draft_drops_it():
    """A stand-in in a draft (hosted play) still has the draft's steps to choose from."""
    state = trading_position()
    state.apply(("trade_with", BLUE))
    state.apply(("give_card", "Gems"))
    assert considered(state, state.legal_actions()) == state.legal_actions()
    assert ai_answer(state, 300) == ("cancel",)


@pytest.mark.thorough
def test_an_ai_only_match_writes_drafts_only_for_trades_both_sides_gain_from_and_sends_each():
    """AI seats trade by the suggested proposals (``ai.considered``) and by the one trade a build
    that both sides gain from (``mutual``), written to its end: never a draft dropped; that they
    never make a trap offer is ``test_ahldarahd_shark.py``'s."""
    record = play_match(GAME.id, [SeatSpec.parse("ai:normal")] * 3, 1, iterations=20)  # no clock: seeded
    kinds = [action[0] for action in record.actions]
    assert "cancel" not in kinds and kinds.count("trade_with") == kinds.count("send") and "end" in kinds


def _after(state, action):
    world = state.clone()
    world.apply(action)
    return world


def test_the_ai_does_not_spend_most_of_its_gold_on_its_first_opening_bid():
    for seed in (1, 2):
        state = fresh(3, seed=seed)
        opener = state.to_move()
        action = ai_answer(state, 300)
        assert action[0] == "open" and action[2] <= state.gold[opener] // 2


def test_the_ai_contests_a_card_that_completes_its_city_rather_than_let_it_go_at_0():
    state = fresh(3, seed=1)
    state.order, state.pos, state.turn = (GREEN, RED, BLUE), 0, GREEN  # Green opens, Red answers
    put_route(state, RED, RED, route_no("F", "I"))
    put_route(state, RED, RED, route_no("H", "J"))
    set_hand(state, RED, [])
    horses = CARD_INDEX["red Horses"]  # Horses is at I on Red's map: it claims I–J, taking I and J
    if horses not in state.faceup:
        swap_cards(state, horses, state.faceup[0])
    state.apply(("open", "red Horses", 0))
    assert state.to_move() == RED
    assert ai_answer(state, 300)[0] == "raise"


def test_ones_own_rop_on_the_table_counts_as_an_open_map_as_in_another_players_hands():
    """The bug: the table counted as closed, so selling one's own Right of Passage looked free
    (a hint advised it, and an AI paid 6 gold to win its own back, then sold it for 1)."""
    state = fresh(3, seed=1)
    values = {}
    for holder in (RED, -1, BLUE):
        state.rop[RED] = holder
        values[holder] = projected(state, RED)
    assert values[RED] > values[-1] == values[BLUE]


# -- observation ------------------------------------------------------------------------------------------------------


def test_two_states_differing_only_in_hidden_cards_give_equal_views():
    state = fresh(3, seed=4)
    other = state.clone()
    # swap a card of Blue's hidden hand with a blue card in the deck (Red cannot tell them apart)
    hidden = cards_of(other.hand[BLUE] & ~other.known[BLUE])[0]
    i = next(i for i, c in enumerate(other.deck) if c // 10 == BLUE)
    other.hand[BLUE] = other.hand[BLUE] & ~(1 << hidden) | 1 << other.deck[i]
    other.deck[i] = hidden
    assert other.to_data() != state.to_data()
    assert other.view(RED) == state.view(RED) and other.view(GREEN) == state.view(GREEN)
    assert other.view(None) == state.view(None) and other.view(BLUE) != state.view(BLUE)


@pytest.mark.thorough
def test_determinize_never_hands_a_seat_a_card_the_observer_knows_is_elsewhere():
    state = GAME.new(4, seed=9, options={"neutral_map": True})
    rng = random.Random(9)
    steps = 0
    while not state.is_over():
        if steps % 15 == 0:
            for seat in range(4):
                for k in range(3):
                    world = state.determinize(seat, random.Random(k))
                    assert world.hand[seat] == state.hand[seat] and world.known == state.known
                    assert world.faceup == state.faceup and world.discards == state.discards
                    for other in range(4):
                        assert world.hand[other] & state.known[other] == state.known[other]
                        assert world.hand[other].bit_count() == state.hand[other].bit_count()
                        if other != seat:  # never the observer's colour: those are in its hand or the deck
                            assert world.hand[other] & ~world.known[other] & COLOUR_MASK[seat] == 0
                    own_colour_deck = sorted(c for c in state.deck if c // 10 == seat)
                    assert sorted(c for c in world.deck if c // 10 == seat) == own_colour_deck
                    check_invariants(world)
                    assert world.view(seat) == state.view(seat)
        state.apply(rng.choice(state.legal_actions()), log=False)
        steps += 1


def test_from_view_builds_a_world_with_the_seats_view_and_the_deck_colours():
    state = fresh(3, seed=6)
    for seat in range(3):
        world = GAME.from_view(packed(state.view(seat)), seat)
        check_invariants(world)
        assert world.view(seat) == state.view(seat)


# -- describe and the log --------------------------------------------------------------------------------------------


def test_describe_names_costs_cities_taken_and_proposals_in_words():
    state = fresh(3)
    put_route(state, RED, RED, route_no("F", "I"))
    set_hand(state, RED, ["red Horses"])
    to_build(state, RED)
    names = ["Red", "Blue", "Green"]
    said = render(state.describe(("claim", "red", route_no("G", "I"), "Horses"), RED), names, RED)
    assert said == (
        "Claim Salt–Horses (Sa–Ho, land, 9) on your map with a Horses card and 1 gold: takes the Horses city (+3 gold)"
    )  # one "on your map" is enough
    brief = render(describe(state, ("claim", "red", route_no("G", "I"), "Horses"), brief=True), names, RED)
    assert brief == (
        "Claim Salt–Horses (land) on your map with a Horses card and 1 gold: takes the Horses city (+3 gold)"
    )
    said = render(state.describe(("offer", BLUE, "gold", 3, "card", "Salt"), RED), names, RED)
    assert said == "Propose to Blue: you give 3 gold for any Salt card"
    assert render(state.describe(("end",), RED), names, RED) == "End your build"


@pytest.mark.parametrize(
    "n, options",
    [
        pytest.param(n, options, id=f"{n}-" + "-".join(k if v is True else f"no_{k}" for k, v in options.items()))
        for n in (2, 3, 4, 5)
        for options in (
            {"night_of_the_outsider": True},
            {"night_of_the_outsider": True, "neutral_map": True},
            {"market_drift": False},
        )
        if n < 5 or not options.get("neutral_map")
    ],
)
@pytest.mark.thorough
def test_what_a_seat_reads_never_depends_on_what_it_cannot_see(n, options):
    """Every step of random games, Night included, replayed in a world redealt from a seat's view
    (the others' hidden cards and the deck shuffled, the chip draws kept): that seat reads the same lines and sees the
    same seat asked next, unless the step shows it something new (a card turned up, a card
    handed over). A Night's bystander skipped for holding no such card, or a decline reason
    drawn from the decliner's hand, would differ."""
    compared = 0
    for seed in (n,):  # one game each: the configurations between them deal many
        state = GAME.new(n, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over():
            for viewer in range(n):
                twin = state.determinize(viewer, random.Random(rng.random()))
                twin.rng = state.rng  # the same chip draws: only hidden cards differ
                common = [a for a in state.legal_actions() if a in set(twin.legal_actions())]
                action = rng.choice(common)
                after = state.clone()
                mine, theirs = after.apply(action), twin.apply(action)
                if any(e.reveals_to(viewer) for e in mine + theirs):
                    continue
                names = ("Red", "Blue", "Green", "Yellow", "Purple")
                seen = [e.render(names, viewer) for e in mine if e.visible_to(viewer)]
                assert seen == [e.render(names, viewer) for e in theirs if e.visible_to(viewer)], (seed, action)
                assert twin.to_move() == after.to_move(), (seed, action)
                assert twin.view(viewer) == after.view(viewer), (seed, action)
                compared += 1
            state.apply(rng.choice(state.legal_actions()), log=False)
    assert compared > 300


def test_an_ai_seat_does_not_repeat_a_declined_proposal_nor_a_worse_one_in_the_same_build():
    state = offer_position([("give_gold", 1), ("give_gold", 1), ("give_gold", 1)], [("ask_card", "Salt")])
    offers = [("offer", BLUE, "gold", price, "card", "Salt") for price in (2, 3)]
    better_for_blue = ("offer", BLUE, "gold", 6, "card", "Salt")
    state.apply(("decline",))
    assert state.refused == ((BLUE, 3, 0, (), ("card Salt",)),)
    legal = state.legal_actions() + [offers[0], better_for_blue]  # whatever suggested_offers holds now
    weighed = considered(state, legal)
    assert offers[0] not in weighed and offers[1] not in weighed and better_for_blue in weighed
    offer = ("offer", GREEN, "gold", 3, "card", "Salt")
    assert offer in considered(state, [offer])
    again = AhldarahdState.from_data(state.to_data())  # saved, and seen by every seat
    assert again.refused == state.refused
    assert AhldarahdState.from_view(state.view(GREEN), GREEN).refused == state.refused
    state.apply(("end",))
    while state.phase == BUILD and state.to_move() != RED:
        state.apply(("end",))
    assert state.refused == ()  # the next build starts afresh


def free_routes_to_the_last_seat(seed: int = 2) -> tuple[AhldarahdState, list]:
    """A 3-player setup where the first two seats claim nothing and the last claims two routes:
    the state after its second claim, and the log so far."""
    state, log = GAME.new(3, seed=seed), []
    for _ in range(2):
        log.append(("done",))
        state.apply(log[-1])
    for _ in range(2):
        log.append(next(a for a in state.legal_actions() if a[0] == "free"))
        state.apply(log[-1])
    return state, log


def test_ruling_the_last_to_claim_free_routes_ends_the_setup_so_the_last_claim_can_be_taken_back():
    state, log = free_routes_to_the_last_seat()
    last = state.order[2]
    assert state.phase == SETUP and state.to_move() == last and state.legal_actions() == [("done",)]
    assert state.turn_no == 0 and state.faceup == []  # nothing of turn 1 is turned up yet
    again = GAME.new(3, seed=2)
    for action in log[:-1]:
        again.apply(action)
    events = again.apply(log[-1])
    assert not any(event.reveals for event in events)  # so the host lets the claim be taken back
    events = state.apply(("done",))
    assert state.turn_no == 1 and len(state.faceup) == 3 and any(event.reveals for event in events)


def test_a_save_from_before_that_ruling_loads_with_its_done_put_in():
    from caravan_tui.saves.loading import replay_snapshot
    from caravan_tui.saves.snapshot import Snapshot

    state, log = free_routes_to_the_last_seat()
    state.apply(("done",))
    opening = state.legal_actions()[0]
    state.apply(opening)
    for old_log, final in ((log + [opening], state), (log, None)):  # (the old rules went on by themselves)
        if final is None:
            final = GAME.new(3, seed=2)
            for action in log + [("done",)]:
                final.apply(action)
        old = Snapshot(
            match_id="m",
            game_id=GAME.id,
            options=GAME.resolve_options({}),
            players=3,
            seats=["human"] * 3,
            names=["A", "B", "C"],
            seed=2,
            actions=old_log,
            state=final.to_data(),
            created=1.0,
            updated=2.0,
            status="playing",
            result=None,
        )
        loaded = replay_snapshot(old)
        assert loaded.state.to_data() == final.to_data()
        assert loaded.snapshot.actions == log + [("done",)] + old_log[len(log) :]


@pytest.mark.thorough
def test_a_hints_gains_and_losses_carry_a_minus_sign_never_a_hyphen():
    """An explanation's changes read "+3 gold", "−3 gold" (a minus sign, which no reader takes
    for a dash), and a change that rounds to nothing "0", never "-0"."""
    assert (gain(2.6), gain(-3.4), gain(-0.3), gain(-2)) == ("+3", "\u22123", "0", "\u22122")
    said, minus = 0, 0
    for seed in range(6):
        night = {"night_of_the_outsider": True}
        for step, state in enumerate(positions(GAME, 3, (seed,), 400, random.Random(seed), night)):
            if step % 3 == 0:
                for action in state.legal_actions():
                    text = explain(state, state.turn, [action])
                    assert not re.search(r"-\d", text), text
                    said, minus = said + 1, minus + ("\u2212" in text)
    assert said > 1000 and minus  # some changes were losses


def test_a_decline_shows_the_proposer_what_the_partner_judged_so_no_undo_crosses_it():
    """The bug: a person's undo took back an AI's decline with the proposal, and the proposal
    sent again cost nothing: one could ask an AI seat again and again what its hand is worth.
    A decline now reveals (to all but the decliner), as an accepted trade's cards do."""
    state = offer_position([("give_gold", 1)], [("ask_card", "Salt")])
    proposer, partner = state.order[state.pos], state.partner
    declined = state.apply(("decline",))[-1]
    assert "decline" in declined.text and declined.reveals_to(proposer) and not declined.reveals_to(partner)


def test_an_ai_never_opens_an_item_it_holds_above_0_opening_at_0_keeps_it_for_nothing():
    """Easy paid 6 gold to win back the Eyes it already held."""
    state = fresh(seed=3)
    opener = state.to_move()
    state.eyes = opener
    state._legal = None
    weighed = considered(state, state.legal_actions())
    assert ("open", "Eyes", 0) in weighed
    assert not [a for a in weighed if a[1] == "Eyes" and a[2] > 0]
    assert any(a[1] == "Pirate" and a[2] > 0 for a in weighed)  # an item held by another: any level


def test_sending_a_proposal_says_the_partner_is_to_answer_it():
    """A review read "Send the proposal: you give 5 gold; AI 3 gives your Right of Passage — fine"
    of a proposal AI 3 declined, as if the trade had been made."""
    state = trading_position()
    for step in [("trade_with", GREEN), ("give_gold", 5), ("ask_card", "Salt")]:
        state.apply(step)
    words = state.describe(("send",), RED)
    assert words.startswith("Send the proposal, for {p2} to accept or decline: {p0} give{p0:s} 5 gold"), words
