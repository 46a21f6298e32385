"""In the final turn's build, a route's words say what it scores now, and a Right of Passage held
is worth only what can still score on its map.

Met in a newcomer's match (``ahldarahd_seed141``), the person's last build: a hint put "Claim
Gems–Pearls … the Pearls city: 1 of the 3 routes it needs" nearly as good as a claim that took a
city, and starred a claim that spent a gold (the tie-break) for nothing; the sale of AI 3's Right
of Passage said "held, it is worth more to you than all your gold (1) for what you can still build
there" where no route left there scored."""

from __future__ import annotations

from ahldarahd_seed141 import after

from caravan_tui.games.ahldarahd.explain import explain

#: the person's last build, AI 3's Right of Passage in hand, 1 gold
SALE = 296
#: the person's last build, after two buys and a trade: 1 gold, an Ivory card and a Gems card
CLAIMS = 307


def test_a_claim_that_scores_nothing_in_a_last_build_says_so_and_what_its_gold_is_for() -> None:
    state = after(CLAIMS)
    assert state.final and state.to_move() == 0 and state.gold[0] == 1
    assert explain(state, 0, [("claim", "red", 10, "Gems")]) == (
        "scores nothing: this is {p0:'s} last build, and the 1 gold it costs would count in a tie"
    )
    taking = explain(state, 0, [("claim", "red", 1, "Ivory")])
    assert taking.startswith("a majority of the Textiles city's routes, 3 of 4; +1 point"), taking
    assert "routes it needs" not in taking


def test_a_right_of_passage_held_in_a_last_build_is_worth_what_can_score_there() -> None:
    state = after(SALE)
    assert state.final and state.to_move() == 0 and state.rop[2] == 0
    reason = explain(state, 0, [("sell_rop", "green")])
    assert reason.endswith(
        "held, it is worth nothing: no route {p0} can still build there changes anyone's points, "
        "and this is {p0:'s} last build"
    ), reason


def test_the_first_of_two_routes_that_take_a_city_in_a_last_build_says_what_it_brings() -> None:
    """Seed 162, the person's last build: a claim that brought the Incense city to 2 of the 3
    routes it needs was "a spare route", and the buy that then took the city "scored nothing"."""
    from ahldarahd_seed162 import after as after_162

    state = after_162(224)
    assert state.final and state.to_move() == 0
    claim = ("claim", "red", 3, "Ivory")
    assert explain(state, 0, [claim]).startswith("the Incense city: 2 of the 3 routes it needs"), explain(
        state, 0, [claim]
    )
    state.apply(claim)
    assert explain(state, 0, [("buy", "red", 9)]).startswith(
        "a majority of the Incense city's routes, 3 of 4; +1 point"
    )


def test_no_seat_nor_hint_spends_its_last_builds_gold_on_a_route_that_scores_nothing() -> None:
    """Seed 161, the person's last build: the hint starred "Buy Textiles–Incense … for 8 gold" under
    its own words "scores nothing: this is your last build, and the 8 gold it costs would count in a
    tie", where ending the build kept the 8 gold. Such a route is vetoed, as a trap offer is: an AI
    seat never makes it, a hint never stars it."""
    from ahldarahd_seed162 import after as after_162

    from caravan_tui.games.ahldarahd.ai import vetoed

    state = after(CLAIMS)
    assert vetoed(state, 0, ("claim", "red", 10, "Gems"))  # (nothing, for the tie-break's last gold)
    assert not vetoed(state, 0, ("claim", "red", 1, "Ivory"))  # (a majority of the Textiles city's routes)
    assert not vetoed(state, 0, ("end",))
    first_of_two = after_162(224)
    assert not vetoed(first_of_two, 0, ("claim", "red", 3, "Ivory"))  # (the buy after it takes the city)


def test_a_route_that_scores_nothing_may_still_keep_a_city_from_one_who_builds_after() -> None:
    """Where another seat may still build on the map this turn (it holds its Right of Passage and
    builds later), a route that scores nothing for its builder may keep a route from it, or guard a
    city against its destroying: not vetoed, nor said to score nothing (seed 181, the last build:
    "scores nothing" of a buy that made the Metals city 4 of 4 against AI 3, building after)."""
    import json
    from pathlib import Path

    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.ai import vetoed
    from caravan_tui.games.ahldarahd.last_build import scores_nothing

    data = json.loads((Path(__file__).parent / "positions" / "ahldarahd_1.json").read_text())
    state = get_game("ahldarahd").new(3, seed=data["seed"], options=data["options"])
    for action in data["log"]:
        state.apply(tuple(action), False)
    buy = ("buy", "red", 21)
    assert state.to_move() == 0 and state.rop[0] == 1  # (AI 2 holds the red map's Right of Passage, builds after)
    assert not scores_nothing(state, 0, buy) and not vetoed(state, 0, buy)
    assert "scores nothing" not in explain(state, 0, [buy])
    state.rop[0] = 0
    state._legal = None
    assert scores_nothing(state, 0, buy) and vetoed(state, 0, buy)  # (its own again: no one else builds there)


def test_the_legend_names_the_items_as_the_table_writes_them() -> None:
    """Seed 181: the legend listed "Sh the Shah · Ey … · PQ …" while the players' table wrote
    "Shah", "Eyes" and "Pirate" (the short forms only where it is narrow)."""
    from caravan_tui.games.ahldarahd.legend import legend_text
    from caravan_tui.games.ahldarahd.table_text import SHORT_ITEMS

    rows = [" ".join(line.split()) for line in legend_text().plain.splitlines()]
    for item, short in SHORT_ITEMS.items():
        assert any(row.startswith(f"{item} {short} ") for row in rows), (item, rows)


#: seed 221's first turn (a person in seat 0, two normal AIs) up to the person's build
SEED_221 = [
    ["free", 21], ["free", 10], ["free", 21], ["free", 10], ["free", 21], ["free", 10], ["done"], ["open", "Eyes", 2],
    ["pass"], ["raise", 3], ["pass"], ["open", "red Salt", 0], ["raise", 2], ["pass"], ["open", "Shah", 0], ["pass"],
    ["give_shah", 2], ["claim", "red", 19, "Salt"], ["claim", "red", 20, "Metals"], ["end"],
]  # fmt: skip


def test_a_city_no_claim_can_take_is_said_to_be_out_of_reach() -> None:
    """Seed 221: "the Dates city (AI 3's): 1 of the 2 routes it needs" of a claim where AI 3 held
    the other two of the city's three routes: no claim could bring the second (only a
    destruction), and the card's bid words said "no open route of your takes a Dates card"."""
    from ahldarahd_kept import replayed

    state = replayed(221, SEED_221, len(SEED_221))
    assert state.to_move() == 0
    said = explain(state, 0, [("claim", "red", 21, "Dates")])
    assert "the Dates city stays out of reach: 2 of its 3 routes are others'" in said, said
    assert "Dates city: 1 of" not in said and "the Horses city: 1 of the 2 routes it needs" in said


def test_a_card_no_open_route_takes_says_so_in_a_whole_sentence() -> None:
    from ahldarahd_kept import replayed

    from caravan_tui.engine import render
    from caravan_tui.games.ahldarahd.explain import _card_use
    from caravan_tui.games.ahldarahd.maps import ROUTES

    state = replayed(221, SEED_221, len(SEED_221))
    for m in state.maps_of(0):
        for r in range(ROUTES):
            if state.owner[m * ROUTES + r] < 0:
                state.owner[m * ROUTES + r] = 2  # (a crafted position: every route taken)
    said = render(_card_use(state, 0, 9)[0], ["Ann", "AI 2", "AI 3"], 0)
    assert said == "no open route you may build on takes a Dates card", said
