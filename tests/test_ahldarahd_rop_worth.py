"""A Right of Passage's worth in words is one figure, at least what the bank pays for it (§4).

The position is a person's match (seed 65, 3 players against two normal AIs): in turn 2's build
the person holds their own Right of Passage (2 cities held on their map: the bank pays 2). A
sale's reason said only what the bank pays, a bid's words counted the open map twice, and a
Right of Passage that brought no city in reach was "worth about 0 gold" though it sells for
gold: one hint sold one for 1 gold that another called worth 3."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.evaluation import item_worth, projected, rop_sale
from caravan_tui.games.ahldarahd.explain import explain


def position():
    """Turn 2's build, the auctions done."""
    return after(39)


def test_the_sale_says_the_worth_a_bid_gives_it() -> None:
    state = position()
    assert state.to_move() == 0 and state.rop[0] == 0 and ("sell_rop", "red") in state.legal_actions()
    reason = explain(state, 0, [("sell_rop", "red")])
    assert "the bank pays a gold per city held there (2)" in reason
    worth = round(item_worth(state, 0, ROP))
    assert worth >= rop_sale(state, 0) == 2
    if worth > 2:
        assert f"held, it is worth about {worth} gold to {{p0}}" in reason
    else:  # (the sale's worth: no more)
        assert "held, it is worth no more to {p0} than its sale" in reason


def test_a_right_of_passage_is_worth_at_least_its_sale() -> None:
    state = position()
    for seat in range(3):
        for colour in range(3):
            assert item_worth(state, seat, ROP + colour) >= rop_sale(state, colour), (seat, colour)


def paid_for(held, seat: int, paid: int) -> float:
    """``seat``'s projected score in ``held`` (a copy) with ``paid`` gold less."""
    world = held.clone()
    world.gold[seat] -= paid
    return projected(world, seat)


def test_a_worth_is_a_price_the_seat_could_pay_and_be_no_worse_off() -> None:
    """Worth in gold is what a seat could pay for an item and be no worse off by its own
    projection: counted at the rate the next 5 gold bring, another map's Right of Passage was
    "worth about 6 gold" to AI 3 with 3 gold, though paying 2 of them left it worse off (a
    claim needs a gold), and a hint passed on an item its words called worth more than the
    person's whole gold."""
    checked = 0
    for count in (35, 50, 65, 82):
        state = after(count)
        seat = state.to_move()
        gold = state.gold[seat]
        base = projected(state, seat)
        for colour in range(3):
            item = ROP + colour
            if state.holder(item) == seat:
                continue
            worth = item_worth(state, seat, item)
            held = state.clone()
            held.set_holder(item, seat)
            if paid_for(held, seat, gold) < base and rop_sale(state, colour) < gold:  # (sold, it is worth that)
                assert worth < gold, (count, seat, colour, worth)
                checked += 1
            if 0 < worth < gold and worth > rop_sale(state, colour):
                assert paid_for(held, seat, int(worth)) >= base > paid_for(held, seat, int(worth) + 1), (count, colour)
    assert checked >= 4


def test_a_worth_beyond_the_gold_held_is_not_named_as_a_price() -> None:
    """A worth is a price, so no more than the gold one holds: AI 3 held 2 gold and a hint called
    a Right of Passage "worth about 6 gold" to it (in a match "about 17" to a player with 2). Here
    AI 3 (1 gold) raises to 1 for the person's Right of Passage, which sells for 2."""
    bid, sale = after(49), after(80)
    assert bid.to_move() == 2 and bid.gold[2] == 1 and round(item_worth(bid, 2, ROP)) >= 2
    assert sale.to_move() == 1 and sale.gold[1] == 1 and round(item_worth(sale, 1, ROP)) >= 3
    reason = explain(bid, 2, [("raise", 1)])
    assert "worth more to {p2} than all {p2:'s} gold (1)" in reason and "worth about" not in reason, reason


def test_a_sale_weighs_the_worth_held_against_the_sale_not_the_gold_held() -> None:
    """A sale is no price paid: "held, it is worth more to you than all your gold (0)" read as
    a reason to keep the Right of Passage the hint sold (seed 94, a person at 0 gold)."""
    sale = after(80)
    worth = round(item_worth(sale, 1, ROP))
    reason = explain(sale, 1, [("sell_rop", "red")])
    assert "than all" not in reason, reason
    if worth > rop_sale(sale, 0):
        assert f"held, it is worth about {worth} gold to {{p1}}" in reason, reason
    else:
        assert "held, it is worth no more to {p1} than its sale" in reason, reason
