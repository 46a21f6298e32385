"""A bid's words in a newcomer's match (``ahldarahd_seed141``): a card whose claim wins a city says
so, and a rival's worth is never said below what that rival has just bid.

Turn 5: "the blue Horses card is worth about 1 gold to you (fits Salt–Horses toward the Salt city,
4 of 4)": a card whose claim took a city worth 6 read as a card worth a gold (the 1 was its price,
the gold a win could cost and leave the claim's). Turn 8: AI 3 raised to 3 for the blue Ivory
card, and the hint still said it "is worth about 1 to AI 3"."""

from __future__ import annotations

from ahldarahd_seed141 import after

from caravan_tui.games.ahldarahd.explain import explain

#: turn 5: the person opens the auctions with 1 gold; the blue Horses card is up
HORSES = 96
#: turn 8: AI 3 has raised to 3 for the blue Ivory card, the person to answer
IVORY = 154


def test_a_card_whose_claim_wins_a_city_says_the_city_not_a_price() -> None:
    state = after(HORSES)
    assert state.to_move() == 0 and state.gold[0] == 1
    reason = explain(state, 0, [("open", "blue Horses", 0)])
    assert reason.startswith(
        "claimed on Salt–Horses, the blue Horses card wins {p0} the Salt city (+6 gold); "
        "{p0} take{p0:s} it at 0 only if no one raises, left with 1 gold"
    ), reason
    # a win at 1 leaves no gold for the claim: the city is what it would win, the price its worth
    reason = explain(state, 0, [("open", "blue Horses", 1)])
    assert reason.startswith(
        "the blue Horses card is worth about 1 gold to {p0} (claimed on Salt–Horses for 1 gold, it would win {p0} "
        "the Salt city (+6 gold)); {p0} take{p0:s} it at 1 only if no one raises, left with 0 gold, none for a claim"
    ), reason


def test_a_rivals_worth_is_never_said_below_their_bid() -> None:
    state = after(IVORY)
    assert state.to_move() == 0 and state.leader == 2 and state.high == 3
    assert explain(state, 0, [("raise", 4)]).endswith("; {p2} {p2:has} 6 gold and bid 3 for it")
    reason = explain(state, 0, [("raise", 5)])
    assert "a win keeps it from {p2}, to whom it is worth about 3 ({p2:'s} bid)" in reason, reason
    assert "worth about 1 to {p2}" not in reason


def test_a_bid_leaving_no_gold_with_the_eyes_and_the_pirate_queen_says_claims_need_none() -> None:
    """Seed 162: "a win at 4 leaves you 0 gold, none for a claim (with the Eyes and the Pirate
    Queen, any claim costs only its card)" said and unsaid it at once."""
    from ahldarahd_seed162 import after as after_162

    state = after_162(207)
    assert state.to_move() == 0 and state.gold[0] == 4 and state.eyes == 0 and state.pirate == 0
    reason = explain(state, 0, [("raise", 4)])
    said = "only if no one raises, left with 0 gold; with the Eyes and the Pirate Queen, any claim costs only its card"
    assert said in reason, reason
    assert "none for a claim" not in reason


def test_a_cards_use_on_another_players_map_names_the_map() -> None:
    """Seed 161: "fits Spices–Gems toward the Gems city, 1 of 2" read wrong of the person's own map,
    where the Gems city needs 3 routes: the route was on another map they could build on. And "2
    of 3" read as 2 of the city's 3 routes beside "a majority of the Horses city's routes, 2 of 3":
    it says of the routes the city needs."""
    state = after(13)  # turn 1: the person, holding AI 2's Right of Passage, may raise for the red Horses card
    assert state.to_move() == 0 and 1 in state.maps_of(0)
    reason = explain(state, 0, [("raise", 1)])
    assert "(fits Pearls–Horses on {p1:'s} map toward the Pearls city, 1 of the 3 routes it needs)" in reason, reason
