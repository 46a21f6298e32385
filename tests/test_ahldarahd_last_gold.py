"""No AI seat bids, and no hint shows a bid, of the last gold for what cannot be used without
gold, with turns to come (§3.2, §4): hints took a newcomer to 0 gold by turn 5 (a card for 2 of
3 gold, the Eyes for 1 of 2, the Pirate Queen for the last) and every auction of the fourteen
turns after said "You cannot raise (only 0 gold)". A Right of Passage that sells for gold, or a
claim that costs no gold, pays its way at 0 and stands.

The position is turn 4's first auction of a person's match (seed 65), the person to open it."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.cards import CARD_NAMES
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.last_gold import spends_last_gold
from caravan_tui.games.ahldarahd.maps import COLOURS, COMMODITY_AT, ENDS, SEA
from caravan_tui.games.ahldarahd.terms import BID_OPEN


def auction(gold: int, hand: int = 0):
    """The person to open an auction with ``gold`` and ``hand`` (a card mask), holding no Right
    of Passage, the Eyes or the Pirate Queen."""
    state = after(60)
    assert state.phase == BID_OPEN and state.to_move() == 0 and not state.final
    state.gold[0], state.hand[0], state._legal = gold, hand, None
    for k in range(state.n):
        if state.rop[k] == 0:
            state.set_holder(50 + k, (k + 1) % state.n if k == 0 else k)
    for item in (56, 57):
        if state.holder(item) == 0:
            state.set_holder(item, 1)
    return state


def fits_open_sea(state, card: int) -> bool:
    """Whether ``card`` fits an open sea route on the person's own map."""
    row = COMMODITY_AT[0]
    return any(SEA[r] and state.owner[r] < 0 and card % 10 in (row[a], row[b]) for r, (a, b) in enumerate(ENDS))


def open_sea(state) -> int:
    """A card that fits an open sea route on the person's own map, face up if one is."""
    up = [card for card in state.faceup if fits_open_sea(state, card)]
    return up[0] if up else next(card for card in range(50) if fits_open_sea(state, card))


def test_the_last_gold_for_the_pirate_queen_with_no_card_is_vetoed():
    state = auction(gold=1)
    action = ("open", "Pirate", 1)
    assert action in state.legal_actions()
    assert spends_last_gold(state, 0, action) and vetoed(state, 0, action)
    assert not spends_last_gold(state, 0, ("open", "Pirate", 0))  # a win at 0 spends nothing
    state.gold[0], state._legal = 2, None
    assert not spends_last_gold(state, 0, action)  # a gold kept: a claim's


def test_the_pirate_queen_stands_with_a_card_that_claims_a_sea_route_for_free():
    state = auction(gold=1)
    card = open_sea(state)
    state.hand[0], state._legal = 1 << card, None
    assert not spends_last_gold(state, 0, ("open", "Pirate", 1))


def test_the_last_gold_for_a_card_is_vetoed_unless_a_discount_makes_its_claim_free():
    card = open_sea(state := auction(gold=2))
    action = ("open", CARD_NAMES[card], 2)
    assert action in state.legal_actions()
    assert spends_last_gold(state, 0, action)  # its claim would need a gold
    state.set_holder(57, 0)
    state._legal = None
    assert not spends_last_gold(state, 0, action)  # the Pirate Queen's: a sea claim costs only the card


def test_a_right_of_passage_that_sells_for_gold_stands():
    state = auction(gold=1)
    m = next(m for m in (1, 2) if rop_sale(state, m) > 0)
    action = ("open", f"RoP {COLOURS[m]}", 1)
    assert action in state.legal_actions() and not spends_last_gold(state, 0, action)


def test_the_final_turn_is_left_to_the_search():
    state = auction(gold=1)
    state.final = True
    assert not spends_last_gold(state, 0, ("open", "Pirate", 1))


def test_a_hinted_route_that_spends_the_last_gold_with_nothing_to_sell_says_so(monkeypatch):
    """Seed 241, turn 4's build: the person (8 gold, no card, no Right of Passage) was hinted
    "Buy … for 8 gold" with the words "the Gems city: 2 of the 3 routes it needs; the Spices city:
    2 of the 3 routes it needs", and sat at 0 gold from turn 5 to turn 8 with no word of why. A
    claim costs a gold (§4), and at 0 only bids of 0 are left (§3.2): the words now say so, and
    only where it is true."""
    from ahldarahd_seed241 import after as after_241

    from caravan_tui.ai.policies import hint, hint_seed
    from caravan_tui.engine import render
    from caravan_tui.games.ahldarahd.cards import ROP
    from caravan_tui.games.ahldarahd.explain import explain
    from caravan_tui.games.ahldarahd.last_gold import stranded_words, strands

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after_241(118)
    assert state.to_move() == 0 and state.gold[0] == 8 and state.hand[0] == 0 and 0 not in state.rop
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=hint_seed(0, 118))
    starred = candidates[0]
    assert starred.action == ("buy", "red", 11) and strands(state, 0, starred.action)
    clause = render(stranded_words(0), ["Ann", "AI 2", "AI 3"], 0)
    assert render(starred.reason, ["Ann", "AI 2", "AI 3"], 0).endswith(f"; {clause}"), starred.reason
    assert clause == (
        "leaves you no gold and nothing to sell: no claim, and bids of 0 only, until a trade or "
        "a Right of Passage won at 0 and sold brings some"
    )
    assert "no gold" not in explain(state, 0, [("end",)])
    state.gold[0] = 9  # (a gold kept: a claim's)
    assert not strands(state, 0, ("buy", "red", 11)) and "no gold" not in explain(state, 0, [("buy", "red", 11)])
    state.gold[0] = 8
    state.set_holder(ROP + 2, 0)  # (AI 3's Right of Passage, to sell in this build)
    assert rop_sale(state, 2) > 0 and not strands(state, 0, ("buy", "red", 11))
