"""A seat with no gold to claim with is told the rules' way out: win a Right of Passage at 0 in an
auction and sell it to the bank (§3.2: an item won at 0 costs nothing; §4: a Right of Passage
sells for a gold per city held on its map), or sell one it holds first.

The positions are a person's match (seed 65, 3 players against two normal AIs): the person
bought their own Right of Passage back for their last 4 gold (turn 3), lost it at 0 in the next
auction and sat at 0 gold for five turns with no word of what to do about it."""

from __future__ import annotations

from ahldarahd_seed65 import after
from test_ahldarahd_kit import table_at

from caravan_tui.games.ahldarahd.cards import COMMODITY_MASK, ROP
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.maps import COMMODITY_AT, ENDS, ROUTES
from caravan_tui.games.ahldarahd.no_gold import cheapest_buy, sale_buys, way_out
from caravan_tui.games.ahldarahd.panel import panel_text
from caravan_tui.games.ahldarahd.table_selection import decision_begun
from caravan_tui.games.ahldarahd.terms import BUILD, item_words

#: turn 3's build, just after the trade: 0 gold, the person's own Right of Passage in hand
BROKE_BUILD = 57
#: turn 4's first auction, the person to open it with 0 gold and no Right of Passage
BROKE_AUCTION = 60


def lines(state) -> tuple[str, list[str]]:
    """The person's hint warning (as the table words it) and the decision panel's lines."""
    table = decision_begun(table_at(state))
    return table.sentence(way_out(state, 0) or ""), panel_text(table.view, table).plain.splitlines()


def test_at_0_gold_in_an_auction_the_way_out_is_said() -> None:
    state = after(BROKE_AUCTION)
    assert state.to_move() == 0 and state.gold[0] == 0 and state.phase == 1
    advice, panel = lines(state)
    assert advice.startswith("No gold, so no claim (a claim costs 1 gold): win a Right of Passage at 0 in an auction")
    assert "sell it to the bank" in advice and "sells for" in advice
    assert panel[0] == "No gold: win a Right of Passage at 0, sell it"


def test_the_way_out_says_a_bid_of_0_is_outbid_by_any_gold() -> None:
    """The bug (seeds 41 and 42): a person at 0 gold was told to win a Right of Passage at 0 and
    sell it, turn after turn, and each time a seat with a gold raised to 1 and took it. The advice
    now names who can outbid a bid of 0, and says nothing of it where no one can."""
    state = after(BROKE_AUCTION)
    assert state.gold == [0, 1, 4] and all(state.camel)
    advice, _ = lines(state)
    assert advice.endswith("; it works only if no one raises: any gold outbids 0 (AI 2 has 1, AI 3 has 4)"), advice
    state.camel[2] = False  # a Camel face down raises nothing this turn (§3.2)
    assert lines(state)[0].endswith("(AI 2 has 1)")
    state.gold[1] = 0
    advice, _ = lines(state)
    assert "sells for" in advice and "outbids" not in advice, advice


def fitting(state, m: int, seat: int = 0) -> list[int]:
    """The commodities that fit an open route on map ``m``."""
    return [
        k
        for k in range(10)
        if any(
            state.owner[m * ROUTES + r] < 0 and k in (COMMODITY_AT[m][a], COMMODITY_AT[m][b])
            for r, (a, b) in enumerate(ENDS)
        )
    ]


def holding(state, commodity: int) -> None:
    """``state`` with the person holding one card of ``commodity`` and no other."""
    state.hand[0] = COMMODITY_MASK[commodity] & -COMMODITY_MASK[commodity]
    state._legal = None


def test_at_0_gold_holding_a_right_of_passage_the_build_says_sell_it() -> None:
    state = after(BROKE_BUILD)
    assert state.to_move() == 0 and state.gold[0] == 0 and state.rop[0] == 0
    holding(state, fitting(state, 0)[0])  # a card that fits an open route on the person's own map
    advice, panel = lines(state)
    assert advice == (
        "No gold, so no claim (a claim costs 1 gold): sell your own Right of Passage to the bank for 3 gold "
        "(in the plays list), and a claim is open to you"
    )
    assert ("sell_rop", "red") in state.legal_actions()
    assert panel[0] == "No gold to claim: sell a Right of Passage first"
    # where the hint stars another play, said as a fact, not as advice against it ("sell …, then
    # claim" stood over "★ End your build")
    assert way_out(state, 0, ("end",)) == (
        "No gold, so no claim (a claim costs 1 gold): {p0:their} own Right of Passage sells to the bank for 3 gold "
        "(in the plays list), which would pay for one"
    )
    assert (way_out(state, 0, ("sell_rop", "red")) or "").endswith(", and a claim is open to {p0}")


def test_at_0_gold_with_no_card_to_claim_with_the_build_says_so() -> None:
    """The bug (seed 41, and this match): with no card in hand, "sell AI 2's Right of Passage to
    the bank for 1 gold, then claim" while the hint itself said "Clearly best: End your build" (a
    claim needs a card that fits an open route, and a gold: §4). Seed 201: "win a route card or an
    item at 0" sent a seat at 0 gold after a card it could not claim with."""
    state = after(BROKE_BUILD)
    assert state.hand[0] == 0 and state.rop[0] == 0
    advice, panel = lines(state)
    # (holding one that sells now, it is no longer sent after one won at 0 next turn: match 2 of
    # seed 241, at 0 gold holding AI 2's, sold for 8, read "a Right of Passage won at 0 in next
    # turn's auctions sells for gold")
    assert advice == (
        "No gold and no card that fits an open route, so no claim this build (a claim costs a card "
        "and 1 gold); your own Right of Passage sells to the bank for 3 gold (in the plays list): gold to "
        "claim with once a card that fits is won; no open route costs as little as 3 to buy"
    )
    # (a sale in the plays list: "no gold and no card" beside it, and a newcomer ended the build)
    assert panel[0] == "No gold, no card: you may sell a RoP"
    state.rop[0] = -1  # (none held: one won at 0 next turn is the way out)
    assert "a Right of Passage won at 0 in next turn's auctions sells to the bank" in (way_out(state, 0) or "")
    assert lines(state)[1][0] == "No gold, no card that fits an open route"  # ("no card" beside "Hand: Horses")


def test_a_sale_is_advised_only_where_a_claim_is_left_after_it() -> None:
    """A card that fits only on the map whose Right of Passage would be sold leaves no claim."""
    state = after(BROKE_BUILD)
    state.rop[0], state.rop[1] = -1, 0  # the person holds AI 2's Right of Passage, not their own
    for r in range(ROUTES):  # and no route on their own map is open (a crafted position)
        if state.owner[r] < 0:
            state.owner[r] = 2
    holding(state, fitting(state, 1)[0])
    assert ("sell_rop", "blue") in state.legal_actions()
    richer = state.clone()
    richer.gold[0], richer._legal = 1, None
    assert {action[1] for action in richer.legal_actions() if action[0] == "claim"} == {"blue"}  # a gold: AI 2's map
    advice = way_out(state, 0) or ""
    assert advice.startswith("No gold, so no claim") and "then claim" not in advice
    assert "win a Right of Passage at 0 in next turn's auctions" in advice


def test_a_seat_with_gold_is_told_nothing_of_it() -> None:
    state = after(45)
    assert state.gold[0] > 0 and state.to_move() == 0
    assert way_out(state, 0) is None
    assert not lines(state)[1][0].startswith("No gold")


def test_at_0_gold_in_an_auction_a_right_of_passage_held_is_the_way_out() -> None:
    """Seed 171, turn 10: a person at 0 gold, holding AI 2's Right of Passage that sold for 7 in
    their build, was told "No gold: win a Right of Passage at 0, sell it", and a card that took a
    city in that build was "worth about 0 gold"."""
    state = after(BROKE_AUCTION)
    assert state.phase == 1 and state.gold[0] == 0 and state.rop[0] == 0  # (its own, still to be auctioned)
    assert lines(state)[0].startswith("No gold, so no claim (a claim costs 1 gold): win a Right of Passage at 0")
    state.rop[2] = 0  # AI 3's, won in this turn's auctions: no one can take it before the build
    state.auctioned |= 1 << (ROP + 2)
    advice, panel = lines(state)
    assert advice.startswith("No gold now, but AI 3's Right of Passage sells to the bank for "), advice
    assert "gold in your build: then a claim's gold is there" in advice
    assert panel[0] == "No gold now: the Right of Passage you hold sells in your build"


def test_at_0_gold_with_no_card_the_sale_the_hint_stars_is_said_with_what_its_gold_does() -> None:
    """Seed 181: the hint said "No gold and no card …: win a route card or an item at 0 in next
    turn's auctions" above its own "Clearly best: Sell AI 2's Right of Passage to the bank for 7
    gold", whose gold bought a route in that very build (a buy needs no card, §4). Seed 211: "and
    a route may be bought with gold alone" of a sale of 3 gold, where the cheapest route cost 7."""
    state = after(BROKE_BUILD)
    assert state.hand[0] == 0 and state.rop[0] == 0
    advice = decision_begun(table_at(state)).sentence(way_out(state, 0, ("sell_rop", "red")) or "")
    assert advice.startswith("No gold and no card that fits an open route"), advice
    assert advice.endswith(
        "your own Right of Passage sells to the bank for 3 gold (in the plays list): gold to claim with once a "
        "card that fits is won; no open route costs as little as 3 to buy"
    ), advice
    # (the hint starring the end of the build: the sale is still said, it is there to make)
    assert "sells to the bank for 3 gold" in (way_out(state, 0, ("end",)) or "")


def test_as_the_shahs_winner_gives_it_a_right_of_passage_held_is_the_way_out() -> None:
    """Seed 191, turn 12: a person at 0 gold, holding AI 3's Right of Passage won that turn (it
    sold for 8 in their build), won the Shah at 0 and, as they gave it, read "win a Right of
    Passage at 0 in next turn's auctions and sell it"."""
    from caravan_tui.games.ahldarahd.terms import SHAH_GIVE

    state = after(BROKE_AUCTION)
    state.phase, state.turn = SHAH_GIVE, 0  # (the Shah won at 0: its winner gives it, the auctions go on)
    state.rop[2] = 0
    state.auctioned |= 1 << (ROP + 2)
    advice, panel = lines(state)
    assert advice.startswith("No gold now, but AI 3's Right of Passage sells to the bank for "), advice
    assert "next turn's auctions" not in " ".join(panel)


def test_answering_a_proposal_at_0_gold_a_right_of_passage_held_sells_in_the_build_to_come() -> None:
    """Seed 201, turn 13: answering AI 3's proposal in AI 3's build, at 0 gold and holding their
    own Right of Passage (it sold for 5 in their build, later that turn), a person read "win a
    Right of Passage at 0 in next turn's auctions and sell it"."""
    state = after(BROKE_BUILD)
    builder = state.order[state.pos]
    assert builder == 0 and state.phase == BUILD
    later = state.order[state.pos + 1]
    state.gold[later], state.rop[later] = 0, later
    advice = way_out(state, later) or ""
    assert advice.startswith(f"No gold now, but {item_words(ROP + later, later)} sells to the bank for "), advice


def test_in_an_auction_the_way_out_names_a_right_of_passage_still_to_be_auctioned() -> None:
    """Seed 201, turn 6: "win a Right of Passage at 0 in an auction … (your own Right of Passage
    sells for 5 now)" named one auctioned already that turn, which no play offered."""
    state = after(BROKE_AUCTION)
    advice = way_out(state, 0) or ""
    others = [k for k in range(len(state.rop)) if state.rop[k] != 0]
    named = next(k for k in others if f"{item_words(ROP + k, 0)} sells for" in advice)
    state.auctioned |= 1 << (ROP + named)
    assert f"{item_words(ROP + named, 0)} sells for" not in (way_out(state, 0) or "")


def test_a_sale_says_the_route_its_gold_buys_where_one_costs_no_more() -> None:
    state = after(BROKE_BUILD)
    cheapest = cheapest_buy(state, 0)
    assert cheapest is not None and cheapest > rop_sale(state, 0) == 3
    assert sale_buys(state, 0, cheapest, 0) == (
        f", and {cheapest} gold buys a route with gold alone (the cheapest open one costs {cheapest})"
    )
    state.markers[0] = 0  # (no marker left: no route to buy, and nothing said of one)
    assert sale_buys(state, 0, 3, 0) == ": gold to claim with once a card that fits is won"


def test_at_0_gold_with_no_card_the_eyes_holder_is_told_so_too() -> None:
    """Seed 221: with 0 gold and no card, the holder of the Eyes of Shamesh read "Your build:
    enter on a route to build on it" for ten turns (a claim with the Eyes still costs a card)."""
    state = after(BROKE_BUILD)
    assert state.hand[0] == 0 and state.gold[0] == 0
    state.eyes = 0
    advice, panel = lines(state)
    assert panel[0] == "No gold, no card: you may sell a RoP"  # (its own Right of Passage held)
    assert advice.startswith(
        "No gold and no card that fits an open route, so no claim this build (a claim costs a card, and 1 gold on "
        "a sea route)"
    ), advice
    state.pirate = 0
    assert "(a claim costs a card)" in lines(state)[0]
    holding(state, fitting(state, 0)[0])  # (a card: with both, its claim costs no gold)
    assert way_out(state, 0) is None


def test_a_sale_in_the_last_build_says_its_gold_counts_in_a_tie() -> None:
    """A play-through's final build read "gold to claim with once a card that fits is won":
    no auction was left to win a card at."""
    state = after(BROKE_BUILD)
    state.markers[0] = 0
    state.final = True
    assert sale_buys(state, 0, 3, 0) == ": gold that counts in a tie"


def test_a_build_with_nothing_to_build_or_sell_is_counted_in_the_review() -> None:
    """A person at 0 gold sat out fourteen builds, and the review put the loss on luck and the
    searches' drift, saying nothing of it: a build where the seat can claim, buy, destroy and
    sell nothing is one the review counts (``Game.idle_words``)."""
    from caravan_tui.ai.review import idle_said
    from caravan_tui.engine import render
    from caravan_tui.games.ahldarahd.no_gold import idle_build

    state = after(BROKE_BUILD)
    # (its own Right of Passage sells: the build's first position counts it as one with something to do)
    assert state.hand[0] == 0 and idle_build(state, 0) == (state.turn_no, "build", None)
    state.rop[0] = -1
    state._legal = None
    assert idle_build(state, 0) == (state.turn_no, "build", "no gold and no card that fits an open route")
    assert idle_build(state, 1) is None  # (not its build)
    said = idle_said([(70, "build", "no gold and no card that fits an open route")] * 14, 0)
    assert render(said, ["Ann", "Bob"], 0) == (
        "You had nothing to do but end 14 of your builds, the first at move 71 "
        "(no gold and no card that fits an open route)."
    )
    assert (
        render(idle_said([(70, "build", "x")], 1), ["Ann", "Bob"], 0)
        == "Bob had nothing to do but end Bob's build at move 71 (x)."
    )
    # (a later reason is said apart from the first: both read as the first one's)
    said = idle_said([(98, "build", "too little gold for any route")] + [(120, "build", "no gold")] * 2, 0)
    assert render(said, ["Ann", "Bob"], 0) == (
        "You had nothing to do but end 3 of your builds, the first at move 99 "
        "(too little gold for any route; later also: no gold)."
    )


def test_a_build_counted_idle_is_one_that_began_with_nothing_to_do() -> None:
    """``ahldarahd_seed2651``: "You had nothing to do but end 17 of your builds, the first at move
    22", a first build of claims and purchases counted where its gold ran out, and a trade
    proposal made at move 22. A build counts where its first position left nothing to do and the
    seat ended it there (two of those builds began with a trade proposal: not counted)."""
    from ahldarahd_seed2651 import MOVES, OPTIONS, SEED

    from caravan_tui.ai.review import decisions_of
    from caravan_tui.engine import render
    from caravan_tui.games import get_game

    match = decisions_of(get_game("ahldarahd"), 3, SEED, OPTIONS, MOVES, 0)
    assert render(match.ended, ["Ann", "AI 2", "AI 3"], 0).startswith(
        "You had nothing to do but end 12 of your builds, the first at move 80 "
        "(no gold and no card that fits an open route)."
    ), match.ended


def test_one_build_with_nothing_to_do_is_no_account_of_how_a_match_ended() -> None:
    """A newcomer's won match (``matches/ahldarahd_salt_claim_7051.json``, seed 7051): "How it
    ended: You had nothing to do but end your build at move 185 (too little gold …)", a dull
    build of mid-match, 65 moves before the last turn that decided it. One such build is not
    said; the move that ended the match still is."""
    import json
    from pathlib import Path

    from caravan_tui.ai.review import decisions_of
    from caravan_tui.engine import normalise_action
    from caravan_tui.games import get_game

    match = json.loads((Path(__file__).parent / "matches" / "ahldarahd_salt_claim_7051.json").read_text())
    moves = [normalise_action(action) for action in match["log"]]
    ended = decisions_of(get_game("ahldarahd"), 3, match["seed"], match["options"], moves, 0).ended
    assert "nothing to do" not in ended and ended.startswith("{p0:'s} move 250 ended the match:"), ended
