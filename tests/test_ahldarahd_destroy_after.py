"""Ending a build says who, building after it this turn, can pay to destroy one of the seat's
routes and cost it a city (§4): a newcomer ended a build in turn 13 while AI 2, building next,
held their Right of Passage with 14 gold, and the hint said nothing of it.

The position is the person's first build of turn 15 in a newcomer's match (seed 241), AI 3
holding their Right of Passage and building after them."""

from __future__ import annotations

from ahldarahd_seed241 import after

from caravan_tui.games.ahldarahd.explain import explain

BUILD = 276
END = ("end",)
WARNED = (
    "; {p2}, building after {p0}, with {p0:'s} Right of Passage, can pay to destroy one of {p0:'s} routes "
    "on {p0:their} own map and cost {p0} the Spices city and the Horses city"
)


def test_ending_the_build_names_a_destroy_to_come() -> None:
    state = after(BUILD)
    assert not state.final and state.to_move() == 0 and state.rop[0] == 2 and state.order == (0, 1, 2)
    assert state.gold[2] == 5  # too little for any destroy: nothing said
    assert explain(state, 0, [END]) == "keeps 19 gold and 1 card for later turns"
    state.gold[2], state._legal = 14, None
    assert explain(state, 0, [END]) == "keeps 19 gold and 1 card for later turns" + WARNED


def test_the_destroy_named_is_the_one_that_takes_most_and_every_city_it_takes() -> None:
    """Seed 1151, turn 11: "can pay to destroy one of your routes on your own map and cost you the
    Horses city"; AI 3 destroyed Horses–Dates, and the person lost the Horses and the Dates
    cities. The cities named are every one that destroy takes, and only those (a city named at
    turn 9 kept a route to spare)."""
    from caravan_tui.games.ahldarahd.final_destroy import destroyer_after
    from caravan_tui.games.ahldarahd.maps import SLOTS

    from tables import recorded

    state, log = recorded("ahldarahd", "ahldarahd_two_cities_1151", 174)
    assert state.to_move() == 0 and log[174] == END and state.turn_no == 11
    said = explain(state, 0, [END])
    assert said.endswith("and cost {p0} the Horses city and the Dates city"), said
    threat = destroyer_after(state, 0)
    assert threat is not None
    _, m, slots = threat
    held = {slot for slot in range(SLOTS) if state.ctrl[m * SLOTS + slot] == 0}
    destroyed = next(k for k in range(175, len(log)) if log[k][0] == "destroy")
    for action in log[174 : destroyed + 1]:
        state.apply(action, False)
    assert held - {slot for slot in range(SLOTS) if state.ctrl[m * SLOTS + slot] == 0} == set(slots)
